"""Where a tile may go in the play phase (SC-L1..L7, SC-T4, SC-K2/K3): the board's queries and
:func:`placement_error`, the one judge of a placement (``apply`` asks it; legal.py lists what it allows).
"""

from __future__ import annotations

from ...core.errors import IllegalMove
from .geometry import HOME, _neighbours, fmt_cell, opposite, step, tile_edges
from .state import Place, Public, SnakeState
from .tiles import BODY_KINDS, Tile

# ===================================================================== queries
def open_cells(pub: Public) -> set[tuple[int, int]]:
    """The cells at the open ends of the snakes in the game (SC-L4b)."""
    return {c for sn in pub.snakes if sn.active and (c := sn.open_cell()) is not None}


def reserved_starts(pub: Public) -> dict[tuple[int, int], str]:
    """SC-L4c Decision: the start cell of every snake in the game that has no tile yet -> its colour.  No
    tile but that snake's own first tile may go there (a colour not in the game reserves nothing)."""
    return {step(HOME, sn.side): sn.colour for sn in pub.snakes if sn.active and not sn.path}


def own_colours(state: SnakeState, seat: int) -> tuple[str, ...]:
    return state.public.players[seat].colours


def may_grow(state: SnakeState, seat: int, tile: Tile) -> bool:
    """SC-T4: may ``seat`` put ``tile`` (a body tile) into the snake of its colour?"""
    if tile.colour in own_colours(state, seat) or tile.kind in ("knot", "bruise"):
        return True
    mine = own_colours(state, seat)
    return not any(state.tiles.tiles[t].kind in BODY_KINDS and state.tiles.tiles[t].colour in mine
                   for t in state.public.players[seat].hand)


def _snake_index(pub: Public, colour: str) -> int:
    return pub.side_colours.index(colour)


def _is_snake_tile(pub: Public, cell: tuple[int, int]) -> bool:
    return cell in pub.through()



def placement_error(state: SnakeState, a: Place) -> IllegalMove | None:
    """Why ``a`` is illegal in the play phase (None: legal).  Assumes turn, seat and hand were checked."""
    pub = state.public
    tile = state.tiles.tiles[a.tile]
    cell = a.cell
    cells = pub.cells()
    occupant = cells.get(cell)
    name = state.tiles.names[a.tile]
    if cell == HOME:
        return IllegalMove("SC-K2", "the home tile never moves")
    if tile.kind in ("head", "hat"):
        return IllegalMove("SC-E2", f"a {tile.kind} is laid only in the last round")
    if tile.kind in ("present", "trouble"):
        if occupant is not None:
            rule = "SC-L3" if tile.kind == "present" else "SC-L4"
            return IllegalMove(rule, f"a {tile.kind} goes on an empty cell, and replaces nothing")
        if cell in open_cells(pub):
            return IllegalMove("SC-L4b", f"a {tile.kind} may not block a snake's open end")
        if tile.kind == "present":
            # SC-L3 Decision: a log carrying a snake is part of that snake (SC-P3 then voids the present)
            if not any(_is_snake_tile(pub, c) for c in _neighbours(cell)):
                return IllegalMove("SC-L3", "a present goes next to a snake")
        elif not any(c in cells for c in _neighbours(cell)):
            return IllegalMove("SC-L4", "a trouble goes next to a placed tile")
        return None
    if occupant is None:
        if tile.kind == "log":
            return IllegalMove("SC-L1", "logs are never laid on an empty cell: they replace tiles")
        sn = pub.snake(tile.colour) if tile.colour in pub.side_colours else None
        if sn is None or not sn.active:
            return IllegalMove("SC-K3", f"no {tile.colour} snake in this game")
        if not may_grow(state, seat=a.seat, tile=tile):
            return IllegalMove("SC-T4", f"{name}: grow your own snake while you hold a tile of your colour")
        if sn.open_cell() != cell:
            return IllegalMove("SC-L1", f"{name} goes on the {tile.colour} snake's open end "
                                        f"{fmt_cell(sn.open_cell()) if sn.open_cell() else '(closed)'}")
        if reserved_starts(pub).get(cell, tile.colour) != tile.colour:
            return IllegalMove("SC-L4c", f"{fmt_cell(cell)} is the start cell of the "
                                         f"{reserved_starts(pub)[cell]} snake, which has no tile yet")
        entry = opposite(sn.end)
        if not any(entry in lane for lane in tile_edges(tile.shape, a.rot)):
            return IllegalMove("SC-L2", f"{name} turned so that no edge joins the open end")
        return None
    # a replacement
    old = state.tiles.tiles[occupant.tile]
    if old.kind in ("present", "trouble"):
        return IllegalMove("SC-L5", f"a {old.kind} is never replaced")
    if old.kind in ("head", "hat"):
        return IllegalMove("SC-L5", "a head stays (Decision)")
    if old.shape == "crossing":
        return IllegalMove("SC-L5", "a crossing log is permanent once laid")
    if tile.kind == "log":
        if tile.shape == "crossing":
            if old.shape != "straight":
                return IllegalMove("SC-L5", "a crossing log replaces a straight tile")
        elif tile.shape != old.shape:
            return IllegalMove("SC-L5", f"a {tile.shape} log replaces a {tile.shape} tile, not a {old.shape}")
    else:
        if old.kind != "log":
            sn = pub.snake(tile.colour) if tile.colour in pub.side_colours else None
            if sn is not None and sn.open_cell() == cell:
                return IllegalMove("SC-L1", f"the {tile.colour} snake's open end is blocked by "
                                            f"{state.tiles.names[occupant.tile]}: a log can open the way (SC-L5)")
            return IllegalMove("SC-L6", f"{name} replaces only a log")
        if tile.shape != old.shape:
            return IllegalMove("SC-L6", f"the shapes must match: {tile.shape} for a {old.shape} log")
        runs = pub.through().get(cell, [])
        if not runs or runs[0][0] != tile.colour:
            return IllegalMove("SC-L6", f"{name} replaces only a log of the {tile.colour} snake")
        if not may_grow(state, a.seat, tile):
            return IllegalMove("SC-T4", f"{name}: grow your own snake while you hold a tile of your colour")
    runs = pub.through().get(cell, [])
    if not runs:
        return IllegalMove("SC-L5", "no snake runs through that tile")
    colour, entry, ex = runs[0]
    sn = pub.snake(colour)
    at_open_end = not sn.closed and sn.path[-1] == cell
    lanes = tile_edges(tile.shape, a.rot)
    if tile.shape == "crossing":
        return None  # the snake keeps its line through the crossing
    lane = lanes[0]
    if entry not in lane:
        return IllegalMove("SC-L5" if tile.kind == "log" else "SC-L6",
                           "the new tile must join the same edge toward the home")
    new_exit = lane[0] if lane[1] == entry else lane[1]
    if new_exit != ex and not at_open_end:
        return IllegalMove("SC-L5" if tile.kind == "log" else "SC-L6",
                           "only at a snake's open end may it turn to a new direction")
    return None

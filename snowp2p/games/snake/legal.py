"""Every legal action of the player to act: placements in the play phase (SC-L1..L7), heads and hats in the
last round (SC-E2), or a forced pass (SC-T2)."""

from __future__ import annotations

from typing import Iterable

from .geometry import HOME, _neighbours, exits_for, opposite, rotation_for
from .placement import may_grow, open_cells, reserved_starts
from .state import PH_HATS, PH_HEADS, PH_OVER, Action, Pass, Place, Placed, SnakeState
from .tiles import BODY_KINDS

def legal_actions(state: SnakeState) -> list[Action]:
    """Every legal action of ``state.public.current`` (equal tiles listed once, by their lowest id)."""
    pub = state.public
    if pub.phase == PH_OVER:
        return []
    seat = pub.current
    if pub.phase == PH_HEADS:
        return _head_actions(state, seat)
    if pub.phase == PH_HATS:
        return _hat_actions(state, seat)
    acts = placements(state, seat)
    return acts if acts else [Pass(seat)]


def _distinct(state: SnakeState, hand: Iterable[int]) -> list[int]:
    seen, out = set(), []
    for t in sorted(hand):
        k = state.tiles.tiles[t].key
        if k not in seen:
            seen.add(k)
            out.append(t)
    return out


def placements(state: SnakeState, seat: int) -> list[Place]:
    """Every legal placement of ``seat`` in the play phase (SC-L1..L7)."""
    pub = state.public
    T = state.tiles.tiles
    cells = pub.cells()
    through = pub.through()
    opens = open_cells(pub)
    out: list[Place] = []
    hand = _distinct(state, pub.players[seat].hand)
    reserved = reserved_starts(pub)
    empty_near_snake = empty_near_tile = None
    for tid in hand:
        t = T[tid]
        if t.kind in BODY_KINDS:
            sn = pub.snake(t.colour) if t.colour in pub.side_colours else None
            if sn is not None and sn.active and may_grow(state, seat, t):
                oc = sn.open_cell()
                if oc is not None and oc not in cells and oc != HOME and reserved.get(oc, t.colour) == t.colour:
                    entry = opposite(sn.end)
                    for ex in exits_for(t.shape, entry):
                        out.append(Place(seat, tid, oc[0], oc[1], rotation_for(t.shape, entry, ex)))
                # SC-L6: replace a log of this colour's snake
                for cell in sn.path:
                    p = cells[cell]
                    old = T[p.tile]
                    if old.kind == "log" and old.shape == t.shape:
                        out.extend(_replacements(state, seat, tid, cell, through))
        elif t.kind == "log":
            for cell in through:
                old = T[cells[cell].tile]
                if old.kind in ("head",) or old.shape == "crossing":
                    continue
                if (t.shape == "crossing" and old.shape == "straight") or t.shape == old.shape:
                    out.extend(_replacements(state, seat, tid, cell, through))
        elif t.kind == "present":
            if empty_near_snake is None:
                empty_near_snake = sorted({c for cell in through for c in _neighbours(cell)
                                           if c not in cells and c != HOME and c not in opens})
            out.extend(Place(seat, tid, c[0], c[1], 0) for c in empty_near_snake)
        elif t.kind == "trouble":
            if empty_near_tile is None:
                empty_near_tile = sorted({c for cell in cells for c in _neighbours(cell)
                                          if c not in cells and c != HOME and c not in opens})
            out.extend(Place(seat, tid, c[0], c[1], 0) for c in empty_near_tile)
    return out


def _replacements(state, seat, tid, cell, through) -> list[Place]:
    t = state.tiles.tiles[tid]
    colour, entry, ex = through[cell][0]
    if t.shape == "crossing":
        return [Place(seat, tid, cell[0], cell[1], 0)]
    sn = state.public.snake(colour)
    at_open_end = not sn.closed and sn.path[-1] == cell
    exits = exits_for(t.shape, entry) if at_open_end else ((ex,) if ex in exits_for(t.shape, entry) else ())
    return [Place(seat, tid, cell[0], cell[1], rotation_for(t.shape, entry, e)) for e in exits]


def _head_actions(state: SnakeState, seat: int) -> list[Action]:
    pub = state.public
    cells = pub.cells()
    reserved = reserved_starts(pub)  # SC-L4c
    out = []
    for tid in sorted(pub.players[seat].hand):
        t = state.tiles.tiles[tid]
        if t.kind != "head" or t.colour not in pub.side_colours:
            continue
        sn = pub.snake(t.colour)
        oc = sn.open_cell()
        if sn.active and oc is not None and oc not in cells and oc != HOME and reserved.get(oc, t.colour) == t.colour:
            out.append(Place(seat, tid, oc[0], oc[1], opposite(sn.end)))
    return out


def _hatless_heads(state: SnakeState) -> list[Placed]:
    return [p for p in state.public.board if state.tiles.tiles[p.tile].kind == "head" and p.hat < 0]


def _hat_actions(state: SnakeState, seat: int) -> list[Action]:
    heads = _hatless_heads(state)
    hats = [t for t in _distinct(state, state.public.players[seat].hand) if state.tiles.tiles[t].kind == "hat"]
    return [Place(seat, h, p.x, p.y, 0) for h in hats for p in heads]


def can_lay_on_empty(state: SnakeState, seat: int) -> bool:
    """SC-E1: does ``seat`` hold a tile with a legal placement on an empty cell (growth, a present, a trouble)?"""
    cells = state.public.cells()
    return any(a.cell not in cells for a in placements(state, seat))

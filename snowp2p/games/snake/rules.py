"""The pure rules path of Snake Carnival: ``apply``, a placement's effects, the draw.

The engine is pure, like the sled engine: ``apply(state, action, rand)``
returns a new immutable :class:`~.state.SnakeState` or raises
:class:`~snowp2p.core.errors.IllegalMove` naming the rule broken.  It owns no randomness:
the deal (SC-S1) and every draw take ``rand`` (``below(n)``).  All
information is open except the order of the stack, and the stack has no
order here: it is a *set* of tile ids (a sorted tuple) and every draw picks a
random member with the randomness of the action that draws, so nobody can
foresee a draw.

A turn in the ``play`` phase is one :class:`~.state.Place` (growth, a present, a
trouble, or a replacement: SC-L1..L7) or a forced :class:`~.state.Pass` (SC-T2),
then the draw (SC-T1, SC-T3).  The last round (SC-E1/E2) has a ``heads``
phase and a ``hats`` phase of :class:`~.state.Place` actions; players with nothing
to lay there are skipped (end.py).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.errors import IllegalMove
from .end import _advance_last_round, _last_round_due
from .geometry import canonical_rot, opposite, tile_edges
from .legal import _hat_actions, _head_actions, can_lay_on_empty, placements
from .placement import _snake_index, placement_error
from .state import PH_HATS, PH_HEADS, PH_OVER, Action, Pass, Place, Placed, Public, RandomSource, SnakeState, _pub

def _check_turn(state: SnakeState, seat: int) -> None:
    pub = state.public
    if pub.phase == PH_OVER:
        raise IllegalMove("TURN", "the game is over")
    if not 0 <= seat < len(pub.players):
        raise IllegalMove("TURN", f"no seat {seat}")
    if seat != pub.current:
        raise IllegalMove("TURN", f"it is {pub.players[pub.current].name}'s turn, not {pub.players[seat].name}'s")


# ===================================================================== apply
def apply(state: SnakeState, action: Action, rand: RandomSource) -> SnakeState:
    """The state after ``action``; IllegalMove (state untouched) when the rules forbid it."""
    if not isinstance(action, (Place, Pass)):
        raise IllegalMove("TURN", f"not a Snake Carnival action: {type(action).__name__}")
    _check_turn(state, action.seat)
    pub = state.public
    seat = action.seat
    if pub.phase in (PH_HEADS, PH_HATS):
        if isinstance(action, Pass):
            raise IllegalMove("SC-E2", "in the last round every head and hat that can be laid is laid")
        if action.tile not in pub.players[seat].hand:
            raise IllegalMove("HAND", f"{pub.players[seat].name} does not hold tile {action.tile}")
        legal = _head_actions(state, seat) if pub.phase == PH_HEADS else _hat_actions(state, seat)
        t = state.tiles.tiles[action.tile]
        ok = any(state.tiles.tiles[a.tile].key == t.key and a.cell == action.cell
                 and (pub.phase == PH_HATS or a.rot == action.rot % 4) for a in legal)
        if not ok:
            what = "the open end of its snake" if pub.phase == PH_HEADS else "a head without a hat"
            raise IllegalMove("SC-E2", f"{state.tiles.names[action.tile]} goes on {what}")
        if pub.phase == PH_HEADS:
            new = _lay_head(state, action)
        else:
            new = _lay_hat(state, action)
        return _advance_last_round(new, (seat + 1) % len(pub.players))  # SC-E2: one a turn, taking turns
    # ---- the play phase
    if isinstance(action, Pass):
        if placements(state, seat):
            raise IllegalMove("SC-T2", "a player passes only with no legal placement")
        new = state
    else:
        if action.tile not in pub.players[seat].hand:
            raise IllegalMove("HAND", f"{pub.players[seat].name} does not hold tile {action.tile}")
        if not 0 <= action.rot <= 3:
            raise IllegalMove("SC-L2", f"rotation {action.rot}: 0 to 3 quarter turns")
        err = placement_error(state, action)
        if err is not None:
            raise err
        new = place_outcome(state, action)
    new = _draw(new, seat, rand)
    p = new.public
    # SC-E1 Decision: count the turns, with nothing new to draw, whose player could lay no tile on an empty cell
    drew_on_pass = isinstance(action, Pass) and len(p.stack) + len(p.discard) < len(pub.stack) + len(pub.discard)
    nothing_new = (pub.stack_out or not pub.stack) and not drew_on_pass
    idle = pub.idle + 1 if nothing_new and not can_lay_on_empty(state, seat) else 0
    n = len(p.players)
    nxt = (seat + 1) % n
    rnd = p.round + (1 if nxt == 0 else 0)
    new = replace(new, public=_pub(p, idle=idle, current=nxt, round=rnd, turn=p.turn + 1))
    if _last_round_due(new):
        new = _advance_last_round(replace(new, public=_pub(new.public, phase=PH_HEADS)), 0)
    return new


def place_outcome(state: SnakeState, a: Place) -> SnakeState:
    """The state after a legal play-phase placement, before the draw (previews and bots use it too)."""
    pub = state.public
    T = state.tiles.tiles
    tile = T[a.tile]
    cells = dict(pub.cells())
    occupant = cells.get(a.cell)
    players = list(pub.players)
    pl = players[a.seat]
    hand = list(pl.hand)
    hand.remove(a.tile)
    diamonds = pl.diamonds + (1 if tile.kind == "diamond" else 0)  # SC-L7: the placer takes a diamond at once
    players[a.seat] = replace(pl, hand=tuple(hand), diamonds=diamonds)
    discard = pub.discard
    snakes = list(pub.snakes)
    rot = canonical_rot(tile.shape, a.rot)
    if tile.kind in ("present", "trouble"):
        cells[a.cell] = Placed(a.x, a.y, a.tile, 0, a.seat)
    elif occupant is None:  # growth at the open end (SC-L1, SC-L2)
        i = _snake_index(pub, tile.colour)
        sn = snakes[i]
        entry = opposite(sn.end)
        lane = tile_edges(tile.shape, rot)[0]
        ex = lane[0] if lane[1] == entry else lane[1]
        cells[a.cell] = Placed(a.x, a.y, a.tile, rot, a.seat)
        snakes[i] = replace(sn, path=sn.path + (a.cell,), end=ex)
    else:  # replacement (SC-L5, SC-L6): the old tile goes to the discard pile
        discard = tuple(sorted(discard + (occupant.tile,)))
        cells[a.cell] = Placed(a.x, a.y, a.tile, rot, a.seat)
        colour, entry, ex = pub.through()[a.cell][0]
        i = _snake_index(pub, colour)
        sn = snakes[i]
        if tile.shape != "crossing" and not sn.closed and sn.path[-1] == a.cell:
            lane = tile_edges(tile.shape, rot)[0]
            snakes[i] = replace(sn, end=lane[0] if lane[1] == entry else lane[1])
    board = tuple(sorted(cells.values(), key=lambda p: (p.x, p.y)))
    new_pub = _pub(pub, players=tuple(players), board=board, discard=discard, snakes=tuple(snakes))
    new_pub = _run_crossings(state, new_pub)
    return replace(state, public=new_pub)


def _run_crossings(state: SnakeState, pub: Public) -> Public:
    """Decision (SC-X3): a snake whose open end faces a crossing log's free lane runs through it at once."""
    T = state.tiles.tiles
    moved = True
    while moved:
        moved = False
        cells = pub.cells()
        through = pub.through()
        for i, sn in enumerate(pub.snakes):
            oc = sn.open_cell()
            if not sn.active or oc is None or oc not in cells or T[cells[oc].tile].shape != "crossing":
                continue
            lane_busy = any(e in (sn.end, opposite(sn.end)) for _, e, _ in through.get(oc, []))
            if lane_busy:
                continue
            snakes = list(pub.snakes)
            snakes[i] = replace(sn, path=sn.path + (oc,))
            pub = _pub(pub, snakes=tuple(snakes))
            moved = True
            break
    return pub


def _draw(state: SnakeState, seat: int, rand: RandomSource) -> SnakeState:
    """SC-T1: draw one tile, then up to the hand size; SC-T3: an empty stack takes the shuffled discard pile."""
    pub = state.public
    stack, discard = list(pub.stack), list(pub.discard)
    hand = list(pub.players[seat].hand)
    want = 1
    drawn = 0
    out = pub.stack_out
    while drawn < want or len(hand) < state.rules.hand_size:
        if not stack:
            out = True
            if not discard:
                break
            stack, discard = sorted(discard), []  # SC-T3 (the stack has no order: draws are random picks)
        hand.append(stack.pop(rand.below(len(stack))))
        drawn += 1
    players = list(pub.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(hand)))
    return replace(state, public=_pub(pub, players=tuple(players), stack=tuple(stack), discard=tuple(discard),
                                      stack_out=out or not stack))


def _lay_head(state: SnakeState, a: Place) -> SnakeState:
    pub = state.public
    t = state.tiles.tiles[a.tile]
    players = list(pub.players)
    pl = players[a.seat]
    players[a.seat] = replace(pl, hand=tuple(x for x in pl.hand if x != a.tile))
    i = _snake_index(pub, t.colour)
    sn = pub.snakes[i]
    snakes = list(pub.snakes)
    snakes[i] = replace(sn, path=sn.path + (a.cell,), end=-1)
    board = tuple(sorted(pub.board + (Placed(a.x, a.y, a.tile, opposite(sn.end), a.seat),), key=lambda p: (p.x, p.y)))
    return replace(state, public=_pub(pub, players=tuple(players), snakes=tuple(snakes), board=board,
                                      turn=pub.turn + 1))


def _lay_hat(state: SnakeState, a: Place) -> SnakeState:
    pub = state.public
    players = list(pub.players)
    pl = players[a.seat]
    players[a.seat] = replace(pl, hand=tuple(x for x in pl.hand if x != a.tile))
    board = tuple(replace(p, hat=a.tile) if p.cell == a.cell else p for p in pub.board)
    return replace(state, public=_pub(pub, players=tuple(players), board=board, turn=pub.turn + 1))

"""A computer player for Snake Carnival: ``choose_snake_action(state, rand)``.

Theory of operation
-------------------
One-ply search with a hand-written evaluation.  Every legal action is
applied without its draw (``snake.place_outcome``) and the position is
scored:

* the score difference: the bot's score (SC-P1..P4, as the board lies)
  minus the best opponent's score, plus a little of the difference to the
  others, so it grows its own snake with the best tiles, picks up presents
  and diamonds, and hinders the leader (knots, bruises and troubles into
  *their* snake, a small hat on their head);
* mobility: a snake whose open end faces an empty cell with room around it
  can go on, a blocked one can not, and one whose open end leads into a
  pocket of fewer than ``DEAD_END_CAP`` empty cells (a bounded flood fill)
  soon will not; the bot wants room for its own snakes and the opposite for
  the leader's (so it steers away from dead ends and escapes them with logs);
* tiles kept: holding its own snake tiles is good (future points), holding
  its own knots is bad.

Once the stack has run out it only lays tiles on empty cells while it can
(growth first, SC-E1 issue 19): a log swap then just passes the time and
keeps the game from ending.

In the last round (heads and hats) only the score difference counts.  Only
public information is used: hands are open, the stack is a set whose order
nobody knows and the bot never looks at it.

Presents and troubles can go on many cells: only the cells that matter
(next to the bot's snakes for presents, next to the others' snakes for
troubles) are tried, which keeps a decision well under 100 ms.  Ties are
broken with ``rand`` so the bot is not predictable.
"""

from __future__ import annotations

from . import engine as S


def random_snake_action(state: S.SnakeState, rand) -> S.Action:
    acts = S.legal_actions(state)
    return acts[rand.below(len(acts))]


DEAD_END_CAP = 6  # an open end with fewer reachable empty cells than this is a dead end
DEAD_END_COST = 1.5  # mobility lost per missing cell of a dead end
LEADER_MOBILITY = 0.5  # how much the leader's room counts against the bot's own
OTHER_MOBILITY = 0.2
LEADER_WEIGHT = 0.8  # the score difference: the bot's minus this much of the best opponent's ...
OTHERS_WEIGHT = 0.2  # ... and this much of the others' average
HAND_OWN = 0.3  # own snake tiles kept in hand: this much of their (positive) points
HAND_LOG = 0.5  # a log kept in hand


def _reach(cells, oc, cap: int) -> int:
    """Empty cells reachable from the empty cell ``oc`` (counted up to ``cap``): a dead end has few."""
    seen = {oc}
    todo = [oc]
    while todo and len(seen) < cap:
        c = todo.pop()
        for d in range(4):
            nb = (c[0] + S.DELTA[d][0], c[1] + S.DELTA[d][1])
            if nb not in seen and nb not in cells and nb != S.HOME:
                seen.add(nb)
                todo.append(nb)
    return min(len(seen), cap)


def _mobility(pub: S.Public, sn: S.Snake) -> float:
    if not sn.active or sn.closed:
        return 0.0
    cells = pub.cells()
    oc = sn.open_cell()
    if oc in cells or oc == S.HOME:
        return -4.0
    room = -DEAD_END_COST * (DEAD_END_CAP - _reach(cells, oc, DEAD_END_CAP))
    for d in range(4):
        c = S.step(oc, d)
        if c not in cells and c != S.HOME:
            room += 1
            room += sum(1 for e in range(4) if S.step(c, e) not in cells) * 0.25
    return 4.0 + 0.7 * room


def evaluate(state: S.SnakeState, seat: int) -> float:
    pub = state.public
    sc = S.scores(state)
    mine = sc[seat]
    others = {s: v for s, v in sc.items() if s != seat}
    leader = max(others, key=lambda s: (others[s], -s)) if others else -1
    val = float(mine)
    if others:
        val -= LEADER_WEIGHT * others[leader] + OTHERS_WEIGHT * sum(others.values()) / len(others)
    if pub.phase != S.PH_PLAY:  # the last round: heads and hats, only the final score counts
        return val
    for sn in pub.snakes:
        if sn.owner == seat:
            val += _mobility(pub, sn)
        elif sn.owner == leader:
            val -= LEADER_MOBILITY * _mobility(pub, sn)
        elif sn.owner >= 0:
            val -= OTHER_MOBILITY * _mobility(pub, sn)
    if pub.phase == S.PH_PLAY:
        T = state.tiles.tiles
        mine_c = pub.players[seat].colours
        for t in pub.players[seat].hand:
            tile = T[t]
            if tile.colour in mine_c and tile.kind in S.BODY_KINDS:
                val += HAND_OWN * tile.points if tile.points > 0 else 0.1 * tile.points
            elif tile.kind == "log":
                val += HAND_LOG
    return val


def _candidates(state: S.SnakeState, acts: list) -> list:
    """Drop the presents and troubles on cells that can not matter (the speed of a decision)."""
    pub = state.public
    seat = pub.current
    T = state.tiles.tiles
    through = pub.through()
    mine = set(pub.players[seat].colours)
    own_cells = {c for c, runs in through.items() if any(r[0] in mine for r in runs)}
    other_cells = {c for c, runs in through.items() if any(r[0] not in mine for r in runs)}
    out = []
    neutral_seen: dict[str, int] = {}
    for a in acts:
        if isinstance(a, S.Place) and pub.phase == S.PH_PLAY:
            kind = T[a.tile].kind
            near = {S.step(a.cell, d) for d in range(4)}
            # a present away from every snake, or a trouble away from the others' snakes, is a neutral
            # move: a few of them are enough (one keeps a knot out of the bot's own snake)
            if kind == "present" and not near & own_cells or kind == "trouble" and not near & other_cells:
                neutral = neutral_seen.get(kind, 0)
                if neutral >= 2:
                    continue
                neutral_seen[kind] = neutral + 1
        out.append(a)
    return out or acts


def _lays_on_empty(state: S.SnakeState, acts: list) -> list:
    """Once the stack has run out, the placements on empty cells (growth first; else a present or a
    trouble), if any: a log swap then only passes the time, and every turn in which the player could lay a
    tile on an empty cell keeps the game from ending (SC-E1), so the bot grows its snakes out instead."""
    pub = state.public
    if pub.phase != S.PH_PLAY or not (pub.stack_out or not pub.stack):
        return acts
    cells = pub.cells()
    empty = [a for a in acts if isinstance(a, S.Place) and a.cell not in cells]
    grow = [a for a in empty if state.tiles.tiles[a.tile].kind in S.BODY_KINDS]
    return grow or empty or acts


def choose_snake_action(state: S.SnakeState, rand) -> S.Action:
    acts = _lays_on_empty(state, S.legal_actions(state))
    if len(acts) == 1:
        return acts[0]
    seat = state.public.current
    best, best_val = [], None
    for a in _candidates(state, acts):
        if state.public.phase == S.PH_PLAY:
            after = S.place_outcome(state, a)
        else:
            after = S.apply(state, a, _NoRand())
        v = evaluate(after, seat)
        if best_val is None or v > best_val + 1e-9:
            best, best_val = [a], v
        elif abs(v - best_val) <= 1e-9:
            best.append(a)
    return best[rand.below(len(best))]


class _NoRand:
    """The last round draws nothing."""

    def below(self, n: int) -> int:  # pragma: no cover - never called in the last round
        raise AssertionError("no randomness in the last round")

"""A computer player for Snake Carnival: ``choose_snake_action(state, rand)``.

Theory of operation
-------------------
One ply.  Every legal action (presents and troubles only where they can
matter) is applied without its draw (``snake.place_outcome``) and the
position is valued from the bot's side, in points (``evaluate``):

* the score difference: the bot's score (SC-P1..P4, as the board lies) minus
  the leading opponent's (and a little of the others'), so it grows its own
  snakes with the best tiles, picks up presents and diamonds and hinders the
  leader (knots, bruises, troubles, logs over their best tiles);
* the last round still to come (SC-E2): the heads the players hold go on
  their snakes' free open ends, then the hats on the heads (each player its
  best hat on a head of its own, its smallest on the others'), counted at
  ``LAST_ROUND`` of their value because an open end may still be closed
  before the end -- so the bot steers away from laying an opponent's head
  or hat for them, and towards blocking a snake whose head is held;
* mobility: a snake whose open end faces an empty cell with room around it
  can go on, a blocked one can not, one whose open end leads into a pocket
  (a bounded flood fill) soon will not, and one whose open end faces the
  same cell as another snake's will lose the race for it half of the time;
  the bot wants room for its own snakes and the opposite for the leader's;
* tiles kept: its own snake tiles are future points, its own knots a
  liability, a diamond it may lay next turn nearly four points, a log a
  way out of a dead end.

The game may end before the bot plays again: a whole round of passes
starts the last round (SC-E1's blocked table), and a pass is forced exactly
when a player can place nothing (SC-T2).  Hands are open, so after its move
the bot knows which opponents will have to pass; when all of them will, the
game ends at its own next turn unless its draw gives it a placement, a
chance counted over the stack (whose contents are public; it has no
order).  The game also ends when no tile that grows a snake is left off the
board.  The value of an action is then the chance of winning::

    p_end * P(win | the last round now) + (1 - p_end) * P(win | the game goes on)

each a logistic function of the evaluation (a narrow one when the last
round is now and little is left to chance): leading, the bot likes moves
that end the game; behind, it keeps a placement in hand.

Only public information is used: hands, board, discard pile and the
stack's contents, never the draws' randomness.  The bot is deterministic
given the state and ``rand`` (no clock), which breaks ties between equal
actions, so every peer computing a move for an absent seat gets the same.
"""

from __future__ import annotations

import math

from ..rules import snake as S

# The evaluation's weights (points), tuned with scripts/bench-snake-bot on other seeds than the test's.
LEADER = 0.8  # weight of the leading opponent's score (the others share the rest)
LEADER_ROOM, OTHERS_ROOM = 0.5, 0.2  # weight of the leading and the other opponents' mobility
LAST_ROUND = 0.5  # share of the heads and hats still to come that is counted
ROOM_BASE = 4.0  # mobility of a snake that can go on ...
BLOCKED = -4.0  # ... and of one that can not
ROOM_STEP = 0.7  # mobility per empty cell around its open end
DEAD_END_CAP = 6  # an open end with fewer reachable empty cells than this is a dead end ...
DEAD_END_COST = 1.5  # ... costing this much mobility per missing cell
RACE = 5.0  # mobility lost when another snake's open end faces the same empty cell
RACE_NEXT = 1.0  # ... or a cell next to it
OWN_TILE = 0.3  # share of the points of an own snake tile in hand
OWN_KNOT = 0.1  # share of the (negative) points of an own knot or bruise in hand
LOG_KEPT = 0.5  # a log in hand
DIAMOND_KEPT = 2.0  # a diamond in hand that can be laid next turn
SPREAD_GOING_ON = 6.0  # points of lead worth a factor e in the odds of winning, while the game goes on ...
SPREAD_AT_END = 1.0  # ... and when the last round begins now


def random_snake_action(state: S.SnakeState, rand) -> S.Action:
    acts = S.legal_actions(state)
    return acts[rand.below(len(acts))]


def choose_snake_action(state: S.SnakeState, rand) -> S.Action:
    acts = S.legal_actions(state)
    if len(acts) == 1:
        return acts[0]
    seat = state.public.current
    if state.public.phase == S.PH_PLAY:
        scored = [(_chance_to_win(S.place_outcome(state, a), seat), a) for a in _candidates(state, acts)]
    else:  # the last round: heads and hats, nothing is drawn
        scored = [(evaluate(S.apply(state, a, _NoRand()), seat), a) for a in acts]
    best = max(v for v, _ in scored)
    ties = [a for v, a in scored if v >= best - 1e-9]
    return ties[rand.below(len(ties))]


class _NoRand:
    """The last round draws nothing."""

    def below(self, n: int) -> int:  # pragma: no cover - never called in the last round
        raise AssertionError("no randomness in the last round")


def _chance_to_win(state: S.SnakeState, seat: int) -> float:
    """The bot's chance of winning after its placement in ``state`` (before its draw), as a logistic model."""
    p_end = end_chance(state, seat)
    value = 0.0
    if p_end > 0:
        value += p_end * _logistic(_lead(state, seat, end_scores(state)) / SPREAD_AT_END)
    if p_end < 1:
        value += (1 - p_end) * _logistic(evaluate(state, seat) / SPREAD_GOING_ON)
    return value


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


# ===================================================================== evaluation
def evaluate(state: S.SnakeState, seat: int) -> float:
    """The position from ``seat``'s side, in points (play phase: ``seat`` has just placed, not drawn)."""
    pub = state.public
    if pub.phase != S.PH_PLAY:  # the last round: only the final score counts
        return _lead(state, seat, end_scores(state))
    now = S.scores(state)
    end = end_scores(state)
    sc = {s: now[s] + LAST_ROUND * (end[s] - now[s]) for s in now}
    val = _lead(state, seat, sc)
    leader = _leader(sc, seat)
    for sn in pub.snakes:
        if not sn.active:
            continue
        room = _mobility(pub, sn)
        if sn.owner == seat:
            val += room
        else:
            val -= (LEADER_ROOM if sn.owner == leader else OTHERS_ROOM) * room
    return val + _hand(state, seat)


def _leader(sc: dict[int, float], seat: int) -> int:
    others = [s for s in sc if s != seat]
    return max(others, key=lambda s: (sc[s], -s))


def _lead(state: S.SnakeState, seat: int, sc: dict[int, float]) -> float:
    """``seat``'s score minus the leading opponent's (LEADER) and the others' average (the rest)."""
    others = [v for s, v in sc.items() if s != seat]
    return sc[seat] - LEADER * max(others) - (1 - LEADER) * sum(others) / len(others)


def _mobility(pub: S.Public, sn: S.Snake) -> float:
    """How well a snake can go on: BLOCKED, or more the more room and the less contest at its open end."""
    if sn.closed:
        return 0.0
    cells = pub.cells()
    oc = sn.open_cell()
    if oc in cells or oc == S.HOME:
        return BLOCKED
    room = -DEAD_END_COST * (DEAD_END_CAP - _reach(cells, oc, DEAD_END_CAP))
    for d in range(4):
        c = S.step(oc, d)
        if c not in cells and c != S.HOME:
            room += 1 + 0.25 * sum(1 for e in range(4) if S.step(c, e) not in cells)
    race = 0.0
    for other in pub.snakes:
        if other is sn or not other.active or other.closed:
            continue
        oc2 = other.open_cell()
        if oc2 == oc:
            race += RACE
        elif abs(oc2[0] - oc[0]) + abs(oc2[1] - oc[1]) == 1 and oc2 not in cells:
            race += RACE_NEXT
    return ROOM_BASE + ROOM_STEP * room - race


def _reach(cells, start, cap: int) -> int:
    """Empty cells reachable from the empty cell ``start``, counted up to ``cap``: a dead end has few."""
    seen = {start}
    todo = [start]
    while todo and len(seen) < cap:
        c = todo.pop()
        for d in range(4):
            nb = S.step(c, d)
            if nb not in seen and nb not in cells and nb != S.HOME:
                seen.add(nb)
                todo.append(nb)
    return min(len(seen), cap)


def _hand(state: S.SnakeState, seat: int) -> float:
    """What the tiles ``seat`` keeps are worth: future points, liabilities, ways out."""
    pub = state.public
    T = state.tiles.tiles
    mine = pub.players[seat].colours
    hand = pub.players[seat].hand
    own_body = any(T[t].kind in S.BODY_KINDS and T[t].colour in mine for t in hand)
    cells = pub.cells()
    val = 0.0
    for t in hand:
        tile = T[t]
        if tile.kind == "log":
            val += LOG_KEPT
        elif tile.kind == "diamond":
            sn = pub.snake(tile.colour) if tile.colour in pub.side_colours else None
            oc = sn.open_cell() if sn is not None and sn.active else None
            if oc is not None and oc not in cells and oc != S.HOME and (tile.colour in mine or not own_body):
                val += DIAMOND_KEPT
        elif tile.colour in mine and tile.kind in S.BODY_KINDS:
            val += (OWN_TILE if tile.points > 0 else OWN_KNOT) * tile.points
    return val


# ===================================================================== the end of the game
def end_chance(state: S.SnakeState, seat: int) -> float:
    """The chance that the last round begins before ``seat`` (who just placed) places again (SC-E1)."""
    pub = state.public
    T = state.tiles.tiles
    off_board = list(pub.stack) + list(pub.discard) + [t for p in pub.players for t in p.hand]
    if not any(S.grows(T[t]) for t in off_board):
        return 1.0
    if not state.rules.blocked_round_ends:
        return 0.0
    if any(can_place(state, p.seat, p.hand) for p in pub.players if p.seat != seat):
        return 0.0
    hand = pub.players[seat].hand
    if can_place(state, seat, hand):
        return 0.0
    pool = pub.stack or pub.discard  # SC-T3: an empty stack takes the discard pile
    if not pool:
        return 1.0
    stuck, seen = 0, {}
    for t in pool:
        key = T[t].key
        if key not in seen:
            seen[key] = not can_place(state, seat, hand + (t,))
        stuck += seen[key]
    return stuck / len(pool)


def can_place(state: S.SnakeState, seat: int, hand) -> bool:
    """Whether ``seat`` holding ``hand`` has a legal placement on ``state``'s board (SC-T2: else it passes).

    The same answer as ``bool(snake.placements(...))`` for that hand, without listing them.
    """
    pub = state.public
    T = state.tiles.tiles
    cells = pub.cells()
    through = pub.through()
    mine = pub.players[seat].colours
    own_body = any(T[t].kind in S.BODY_KINDS and T[t].colour in mine for t in hand)
    opens = None
    for kind, colour, shape, _ in {T[t].key for t in hand}:
        if kind in S.BODY_KINDS:
            if colour not in pub.side_colours:
                continue
            sn = pub.snake(colour)
            if not sn.active or own_body and colour not in mine and kind not in ("knot", "bruise"):
                continue  # SC-T4
            oc = sn.open_cell()
            if oc is not None and oc not in cells and oc != S.HOME:
                return True  # SC-L1
            if any(T[cells[c].tile].kind == "log" and T[cells[c].tile].shape == shape for c in sn.path):
                return True  # SC-L6
        elif kind == "log":
            for c in through:
                old = T[cells[c].tile]
                if old.kind != "head" and old.shape != "crossing" and (
                        shape == old.shape or shape == "crossing" and old.shape == "straight"):
                    return True  # SC-L5
        elif kind in ("present", "trouble"):
            if opens is None:
                opens = S.open_cells(pub)
            for c in through if kind == "present" else cells:  # SC-L3, SC-L4
                for d in range(4):
                    nb = S.step(c, d)
                    if nb not in cells and nb != S.HOME and nb not in opens:
                        return True
    return False


def end_scores(state: S.SnakeState) -> dict[int, float]:
    """Each seat's final score if the last round (SC-E2) is played from ``state``'s board and hands.

    Heads are laid in seat order where their snake's open end is free; then each player lays its hats,
    its best on a head of its own, its smallest on the others' (the lowest-scoring player's first).
    """
    pub = state.public
    T = state.tiles.tiles
    taken = set(pub.cells())
    sc = {s: float(v) for s, v in S.scores(state).items()}
    hatless = [(p.cell, _owner_at(pub, p.cell)) for p in pub.board if T[p.tile].kind == "head" and p.hat < 0]
    for p in pub.players:
        for t in p.hand:
            tile = T[t]
            if tile.kind != "head" or tile.colour not in pub.side_colours:
                continue
            sn = pub.snake(tile.colour)
            oc = sn.open_cell()
            if not sn.active or oc is None or oc in taken or oc == S.HOME:
                continue
            taken.add(oc)
            sc[sn.owner] += tile.points + _touching(state, oc)
            hatless.append((oc, sn.owner))
    for p in pub.players:
        hats = sorted(T[t].points for t in p.hand if T[t].kind == "hat")
        while hats and hatless:
            own = [h for h in hatless if h[1] == p.seat]
            if own:
                head, pts = own[0], hats.pop()
            else:
                head, pts = min(hatless, key=lambda h: (sc[h[1]], h[0])), hats.pop(0)
            hatless.remove(head)
            sc[head[1]] += pts
    return sc


def _owner_at(pub: S.Public, cell) -> int:
    return pub.snake(pub.through()[cell][0][0]).owner


def _touching(state: S.SnakeState, cell) -> int:
    """What a snake tile laid on ``cell`` scores from the presents and troubles it touches (SC-P3, SC-P4)."""
    T = state.tiles.tiles
    cells = state.public.cells()
    pts = 0
    for d in range(4):
        nb = cells.get(S.step(cell, d))
        if nb is not None and T[nb.tile].kind in ("present", "trouble"):
            pts += T[nb.tile].points
    return pts


# ===================================================================== the actions worth trying
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
        if isinstance(a, S.Place):
            kind = T[a.tile].kind
            near = {S.step(a.cell, d) for d in range(4)}
            # a present away from every snake of the bot's, or a trouble away from the others' snakes, is
            # a neutral move: a few of them are enough (one keeps a knot out of the bot's own snake)
            if kind == "present" and not near & own_cells or kind == "trouble" and not near & other_cells:
                neutral = neutral_seen.get(kind, 0)
                if neutral >= 2:
                    continue
                neutral_seen[kind] = neutral + 1
        out.append(a)
    return out or acts

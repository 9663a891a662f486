"""A computer player for Snake Carnival: ``choose_snake_action(state, rand)``.

Theory of operation
-------------------
One-ply search with a hand-written evaluation.  Every legal action is
applied without its draw (``snake.place_outcome``; the last round's heads
and hats with ``snake.apply``, which draws nothing) and the position is
scored by :func:`evaluate` from the point of view of the bot's seat:

* the score difference (the engine's own ``snake.scores``, SC-P1..P4, as
  the board lies): the bot's score minus the leading opponent's, minus a
  little of the others', so it grows its own snake with the best tiles,
  picks up presents and diamonds, and hinders the leader (knots, bruises
  and troubles into *their* snake, a small hat on their head);
* the future of every snake: a snake whose open end faces an empty cell
  can still grow, lay its head (+3) and wear a hat; how much depends on
  the empty room reachable from its open end (a bounded flood fill, so a
  dead end counts as little room).  The bot wants that for its own snakes
  and the opposite for the leader's (a blocked leader scores nothing
  more); its own future counts more when it is behind (it needs the game
  to go on) and less when it leads (a blocked table ends the game, SC-E1);
* cells next to a trouble in front of a snake cost that snake a little
  (every tile grown there would pay for it);
* tiles kept: its own good snake tiles, logs (they open dead ends) and
  heads are worth something while its snake is open; its own knots are a
  burden.

Only public information is used (all hands are open; the stack is a set
whose order nobody knows, and the bot never looks at it).  Presents and
troubles can go on many cells: only the cells that matter (next to the
bot's snakes for presents, next to the others' snakes for troubles) are
tried, which keeps a decision well under 100 ms.  Ties are broken with
``rand`` so the bot is deterministic given its randomness.
"""

from __future__ import annotations

from ..rules import snake as S

ROOM_CAP = 14  # flood fill bound: more room than this is "open country"
W = dict(base=5.0, room=0.55, small=2.0, lead=0.85, fl=0.6, fo=0.25, shrink=0.04, own=0.3, dia=1.2, knot=0.35, log=0.6, hat=0.4, head=0.5, trf=1.5, cap=14, fronts=1)


def random_snake_action(state: S.SnakeState, rand) -> S.Action:
    acts = S.legal_actions(state)
    return acts[rand.below(len(acts))]


def _room(cells, oc, cap: int = 0) -> int:
    """Empty cells reachable from the open-end cell ``oc`` (bounded); -1 when ``oc`` is taken."""
    cap = cap or W["cap"]
    if oc in cells or oc == S.HOME:
        return -1
    seen = {oc}
    todo = [oc]
    while todo and len(seen) < cap:
        c = todo.pop()
        for d in range(4):
            nb = (c[0] + S.DELTA[d][0], c[1] + S.DELTA[d][1])
            if nb not in seen and nb not in cells and nb != S.HOME:
                seen.add(nb)
                todo.append(nb)
                if len(seen) >= cap:
                    break
    return len(seen)


def _future(pub: S.Public, sn: S.Snake, troubles: set) -> float:
    """What a snake can still bring its owner: growth, its head and a hat (0 when blocked or closed)."""
    if not sn.active or sn.closed:
        return 0.0
    cells = pub.cells()
    oc = sn.open_cell()
    room = _room(cells, oc)
    if room < 0:
        return 0.0
    val = W["base"] + W["room"] * room
    if room < 4:
        val -= W["small"] * (4 - room)
    if oc in troubles:
        val -= W["trf"]
    return max(val, 0.5)


def evaluate(state: S.SnakeState, seat: int) -> float:
    pub = state.public
    sc = S.scores(state)
    mine = sc[seat]
    others = {s: v for s, v in sc.items() if s != seat}
    if not others:
        return float(mine)
    leader = max(others, key=lambda s: (others[s], -s))
    rest = [v for s, v in others.items() if s != leader]
    val = float(mine) - W["lead"] * others[leader] - (1 - W["lead"]) * (sum(rest) / len(rest) if rest else others[leader])
    if pub.phase != S.PH_PLAY:
        return val
    T = state.tiles.tiles
    cells = pub.cells()
    # cells next to a trouble: growing there costs
    troubles = set()
    for p in pub.board:
        if T[p.tile].kind == "trouble":
            troubles.update(S.step(p.cell, d) for d in range(4))
    lead = mine - others[leader]
    own_w = 1.0 if lead <= 0 else max(0.55, 1.0 - W["shrink"] * lead)
    fut_mine = 0.0
    for sn in pub.snakes:
        if sn.owner < 0:
            continue
        f = _future(pub, sn, troubles)
        if sn.owner == seat:
            fut_mine += f
            val += own_w * f
        elif sn.owner == leader:
            val -= W["fl"] * f
        else:
            val -= W["fo"] * f
    hand = pub.players[seat].hand
    my_c = pub.players[seat].colours
    open_mine = fut_mine > 0
    for t in hand:
        tile = T[t]
        if tile.colour in my_c:
            if tile.kind in ("knot", "bruise"):
                val += W["knot"] * tile.points
            elif tile.kind in S.BODY_KINDS and open_mine:
                val += W["own"] * tile.points + (W["dia"] if tile.kind == "diamond" else 0.2)
            elif tile.kind == "head" and open_mine:
                val += W["head"]
        elif tile.kind == "log":
            val += W["log"]
        elif tile.kind == "hat":
            val += W["hat"]
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
    # the cells in front of the others' open ends: a trouble there takes their room
    fronts = set()
    for sn in pub.snakes:
        if sn.active and not sn.closed and sn.owner != seat:
            oc = sn.open_cell()
            fronts.update(S.step(oc, d) for d in range(4))
    out = []
    neutral_seen: dict[str, int] = {}
    for a in acts:
        if isinstance(a, S.Place) and pub.phase == S.PH_PLAY:
            kind = T[a.tile].kind
            if kind in ("present", "trouble"):
                near = {S.step(a.cell, d) for d in range(4)}
                useful = near & own_cells if kind == "present" else (near & other_cells or (W["fronts"] and a.cell in fronts))
                if not useful:
                    # a neutral move: a few of them are enough (one keeps a knot out of the bot's own snake)
                    k = neutral_seen.get(kind, 0)
                    if k >= 2:
                        continue
                    neutral_seen[kind] = k + 1
        out.append(a)
    return out or acts


def choose_snake_action(state: S.SnakeState, rand) -> S.Action:
    acts = S.legal_actions(state)
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

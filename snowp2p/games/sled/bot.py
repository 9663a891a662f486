"""Computer players for the sled games (Snow Tails, Mush! Mush!).

Theory of operation
-------------------
The bot plays the player to act (``state.public.current``) using only what
that player may know: its own hand values (``state.value``), its own sled
and the public state (other sleds' positions, trees, race position).  It
never reads another seat's ``state.private``.

Move phase.  The bot enumerates its own moves: every card play (value x
set of positions, ST-P1..P3 / MM-P1), and for each resulting sled set-up
(left, right, brake) every distinct *outcome* of every path (TRK-11) and
bonus choice (ST-B1, MM-B4).  Paths are walked with the track's tables
(``forward``, ``drift_to``, ``blocked``, ``red_line``) by a depth-first
search that merges prefixes reaching the same (space, steps left, drift
left, damage): outcomes are few even when the paths are many (C(10,5) =
252).  The walk reproduces the engine's hazard rules exactly (ST-C1..C3,
ST-L1/L2, ST-M4, ST-R5, MM-C1..C4, MM-C6); the chosen move is then checked
with ``sled.move_outcome`` and, should that ever fail, the next best one is
taken.

Each outcome is scored in "steps" (one step = one point of movement):

* progress: minus the fewest steps from the end space to the finish
  section's last row (a per-track table over the static track, any lane
  changes allowed) -- this rewards the inside line of corners, since
  inner lanes have fewer spaces;
* crossing the finish line (a bonus: in Snow Tails the round of finishing
  decides the place);
* damage / collision cards: a steep penalty growing with the total held
  (Snow Tails: elimination at 5 is almost never acceptable; Mush! Mush!:
  the fifth card wrecks the sled), lighter near the end of the race;
* hitting a sled: Snow Tails draws no card (ST-C1), Mush! Mush! loses a
  die point (MM-C2);
* the Mush! Mush! bonus die kept (a future resource; balancing the dogs
  raises it, MM-B2/B3), and buildings (chapel with collision cards,
  kennels, tavern, bothy) at the end space;
* the spread of the cards kept in hand.

Then a cheap 1-ply look-ahead: for the best few outcomes, the same
enumeration is run for the next turn from the end space with the cards
kept (plus typical cards for the ones drawn), other sleds standing still;
the best next-turn gain is added with a weight.  This is what makes the
bot slow down before a Snow Tails red line it can not otherwise cross
safely, and keep a hand that can still brake.

Refill phase: discard the cards whose removal leaves the best hand
(spread of values, pairs, and in Mush! Mush! high values); the chapel and
the kennels are always taken when offered.

Start (ST-S2): the free position with the shortest way to the finish
(the inside of the first corner), counting the extra cards of positions
4 and 5 (ST-S4).

Ties are broken with ``rand.below`` so the bot is deterministic given its
``rand``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

from ...core.errors import IllegalMove
from . import engine as sled
from .track import EDGE, Track

ST, MM = sled.ST, sled.MM

# cumulative penalty (in steps) for holding d damage / collision cards
_ST_DAMAGE = (0.0, 5.0, 11.0, 19.0, 30.0)
_MM_DAMAGE = (0.0, 2.5, 5.5, 9.5, 15.0)
_ST_ELIMINATED = 1000.0
_MM_WRECK = 60.0
_MM_WRECK_TWO = 1000.0  # MM-C5: with two players a wreck loses the race
_ST_FINISH = 20.0
_MM_FINISH = 4.0
_ST_SLED_HIT = 3.0
_DIE_VALUE = 0.6
_SPREAD = 0.3
_LOOKAHEAD_WEIGHT = 0.6
_LOOKAHEAD_TOP = 4
_START_LANE = 0.6  # ST-S2: cost of each lane away from the inside of the first corner
_START_CARD = 0.5  # ST-S4: value of each extra starting card
# typical values assumed for the cards a sled will draw (the bot does not peek at its deck)
_FILL = {ST: (3, 4, 2, 3, 5, 1, 3), MM: (2, 3, 1, 4, 2, 3, 4)}


# ------------------------------------------------------------- track tables
class _Tables:
    """Per-track tables the bot needs beyond the engine's: steps to the finish."""

    __slots__ = ("track", "forward", "drift", "blocked", "red", "sec", "fin", "dist", "total", "triggers")

    def __init__(self, track: Track):
        self.track = track
        self.forward = track.forward
        self.drift = track.drift_to
        self.blocked = track.blocked
        self.red = track.red_line
        self.sec = tuple(c[0] for c in track.coords_of)
        last = track.finish_section
        self.fin = tuple(s == last for s in self.sec)
        self.triggers = track.triggers
        n = track.size
        lane_len = track.lane_len

        def front(sid: int) -> Fraction:
            s, lane, k = track.coords_of[sid]
            return s + Fraction(k + 1, lane_len[s][lane - 1])

        order = sorted(range(n), key=front, reverse=True)  # every step moves the front edge forward
        inf = 10 ** 6
        dist = [inf] * n
        for sid in order:
            if sid in self.blocked:
                continue
            best = inf
            for nxt in (self.forward[sid], self.drift[0][sid], self.drift[1][sid]):
                if nxt != EDGE and nxt not in self.blocked and dist[nxt] + 1 < best:
                    best = dist[nxt] + 1
            if best == inf and self.fin[sid]:
                best = 0  # the last row of the finish section
            dist[sid] = best
        self.dist = tuple(dist)
        starts = [dist[track.start_space(p)] for p in range(1, track.lanes + 1)]
        self.total = max(1, min(starts))


_TABLES: dict[int, _Tables] = {}


def _tables(track: Track) -> _Tables:
    t = _TABLES.get(id(track))
    if t is None or t.track is not track:
        t = _Tables(track)
        if len(_TABLES) > 64:
            _TABLES.clear()
        _TABLES[id(track)] = t
    return t


# ------------------------------------------------------------------ walking
def _walk_paths(T: _Tables, game: str, limit_dmg: int, start: int, speed: int, drift: int, direction: int,
                limit_speed: int, dmg0: int, others, trees) -> dict:
    """Every distinct outcome of every path: {(end, damage, stop): path}.

    ``stop`` is "" (path completed), "edge", "sled" or "out" (ST eliminated /
    MM wrecked; ``end`` is then where the card was taken).  Mirrors the engine's motion._walk.
    """
    out: dict = {}
    if speed <= 0:
        out[(start, dmg0, "")] = ""
        return out
    d_total = min(drift, speed)
    fwd = T.forward
    dtab = T.drift[1 if direction > 0 else 0]
    blocked, red, sec, fin = T.blocked, T.red, T.sec, T.fin
    st = game == ST
    seen = set()
    stack = [(start, speed - d_total, d_total, dmg0, "")]
    while stack:
        pos, fl, dl, dmg, pre = stack.pop()
        if not fl and not dl:
            key = (pos, dmg, "")
            if key not in out:
                out[key] = pre
            continue
        for is_drift in (False, True):
            if is_drift:
                if not dl:
                    continue
                tgt = dtab[pos]
                nfl, ndl = fl, dl - 1
                path = pre + "D"
            else:
                if not fl:
                    continue
                tgt = fwd[pos]
                nfl, ndl = fl - 1, dl
                path = pre + "F"
            rest = "D" * ndl + "F" * nfl
            if tgt == EDGE or tgt in blocked:
                # ST-C2 / MM-C1
                if st:
                    nd = dmg + 1
                    if nd >= limit_dmg and not fin[pos]:
                        key = (pos, nd, "out")
                    else:
                        j = len(path)
                        if d_total - ndl < min(d_total, j):
                            continue  # ST-M4: drift comes first
                        key = (pos, nd, "edge")
                else:
                    nd = dmg if fin[pos] else dmg + 1
                    key = (pos, nd, "out" if nd >= limit_dmg else "edge")
                if key not in out:
                    out[key] = path + rest
                continue
            if tgt in others:
                key = (pos, dmg, "sled")
                if key not in out:
                    out[key] = path + rest
                continue
            nd = dmg
            dead = False
            if st:
                r = red[tgt]
                if r >= 0 and sec[pos] < sec[tgt] and limit_speed > r:
                    nd += limit_speed - r
                    if nd >= limit_dmg:
                        dead = True
                if not dead and tgt in trees:
                    nd += 1
                    if nd >= limit_dmg and not fin[tgt]:
                        dead = True
            elif tgt in trees and not fin[tgt]:
                nd += 1
                if nd >= limit_dmg:
                    dead = True
            if dead:
                key = (tgt, nd, "out")
                if key not in out:
                    out[key] = path + rest
                continue
            sk = (tgt, nfl, ndl, nd)
            if sk in seen:
                continue
            seen.add(sk)
            stack.append((tgt, nfl, ndl, nd, path))
    return out


def _walk_bonus(T: _Tables, game: str, limit_dmg: int, start: int, steps: int, dmg0: int, others, trees,
                limit_speed: int) -> list[tuple[int, int, str]]:
    """Outcomes of 1..steps forward bonus steps: list index b-1 -> (end, damage, stop); stops early."""
    out = []
    pos, dmg = start, dmg0
    fwd, blocked, red, sec, fin = T.forward, T.blocked, T.red, T.sec, T.fin
    st = game == ST
    for _ in range(steps):
        tgt = fwd[pos]
        if tgt == EDGE or tgt in blocked:
            if st:
                nd = dmg + 1
                out.append((pos, nd, "out" if nd >= limit_dmg and not fin[pos] else "edge"))
            else:
                nd = dmg if fin[pos] else dmg + 1
                out.append((pos, nd, "out" if nd >= limit_dmg else "edge"))
            return out
        if tgt in others:
            out.append((pos, dmg, "sled"))
            return out
        if st:
            r = red[tgt]
            if r >= 0 and sec[pos] < sec[tgt] and limit_speed > r:
                dmg += limit_speed - r
                if dmg >= limit_dmg:
                    out.append((tgt, dmg, "out"))
                    return out
            if tgt in trees:
                dmg += 1
                if dmg >= limit_dmg and not fin[tgt]:
                    out.append((tgt, dmg, "out"))
                    return out
        elif tgt in trees and not fin[tgt]:
            dmg += 1
            if dmg >= limit_dmg:
                out.append((tgt, dmg, "out"))
                return out
        pos = tgt
        out.append((pos, dmg, ""))
    return out


# ----------------------------------------------------------------- planning
def _play_specs(vals: list[int], game: str) -> list[tuple[int, tuple[str, ...]]]:
    """(value, positions) of every legal play from a hand of values (ST-P1..P3, MM-P1)."""
    positions = sled.POSITIONS if game == ST else sled.POSITIONS[:2]
    out = []
    for v, c in sorted(Counter(vals).items()):
        for k in range(1, min(c, len(positions)) + 1):
            for pos in combinations(positions, k):
                out.append((v, pos))
    return out



def _placed(left, right, brake, v, poss) -> tuple:
    """The sled's (left dog, right dog, brake) once the card value ``v`` is placed where ``poss`` says."""
    L, R, B = left, right, brake
    for p in poss:
        if p == "left":
            L = v
        elif p == "right":
            R = v
        else:
            B = v
    return L, R, B

def _remove(vals: list[int], v: int, k: int) -> list[int]:
    out = list(vals)
    for _ in range(k):
        out.remove(v)
    return out


class _Planner:
    """Everything about one decision of one seat (built from public info + the seat's own hand)."""

    def __init__(self, state: sled.GameState, seat: int):
        self.state = state
        self.seat = seat
        self.game = game = state.game
        self.rules = rules = state.rules
        self.T = _tables(state.track)
        pub = state.public
        self.others = {o.at: o.seat for o in pub.sleds if o.seat != seat and o.at is not None}
        self.trees = pub.trees
        self.limit_dmg = rules.st_elimination_damage if game == ST else rules.mm_collision_limit
        self.pen = _ST_DAMAGE if game == ST else _MM_DAMAGE
        self.n_sleds = len(pub.sleds)
        self.buildings = game == MM and rules.mm_buildings and bool(self.T.triggers)
        self.cache: dict = {}

    # ---- scoring
    def _damage_pen(self, d: int) -> float:
        return self.pen[d] if d < len(self.pen) else self.pen[-1] * 2

    def score(self, start_fin: bool, start_dist: int, end: int, dmg: int, dmg0: int, stop: str,
              die_after: int | None, kept: list[int], aside: bool) -> float:
        """The immediate value of an outcome, in steps (higher is better)."""
        T, game = self.T, self.game
        if stop == "out":
            if game == ST:
                return -_ST_ELIMINATED - T.dist[end]
            wreck = _MM_WRECK_TWO if self.n_sleds == 2 else _MM_WRECK
            return -wreck - T.dist[end]
        s = -float(T.dist[end])
        fin = T.fin[end]
        late = 0.4 + 0.6 * min(1.0, start_dist / T.total)
        if game == ST:
            if fin:
                if not start_fin:
                    s += _ST_FINISH
            elif dmg > dmg0:
                s -= (self._damage_pen(dmg) - self._damage_pen(dmg0)) * late
            if stop == "sled":
                s -= _ST_SLED_HIT
        else:
            if fin and not start_fin:
                s += _MM_FINISH
            if dmg > dmg0:
                s -= (self._damage_pen(dmg) - self._damage_pen(dmg0)) * late
            s += _DIE_VALUE * (die_after or 0)
            if self.buildings:
                trig = T.triggers
                if dmg and end in trig.get("chapel", ()):
                    s += self._damage_pen(dmg) * late  # MM-F3: the chapel clears them
                if aside and end in trig.get("kennels", ()):
                    s += 1.5  # MM-F2
                if end in trig.get("tavern", ()):
                    s += _DIE_VALUE * (min(self.rules.mm_die_max, (die_after or 0) + self.rules.mm_tavern_bonus)
                                       - (die_after or 0))
                if end in trig.get("bothy", ()):
                    s += 0.5
        if kept:
            s += _SPREAD * len(set(kept))
        return s

    # ---- enumeration
    def outcomes(self, at_options, left: int, right: int, brake: int, die: int | None, vals: list[int],
                 dmg0: int, first_turn: bool, position: int, aside: bool, want_moves: bool):
        """Yield (score, (value, positions), origin, path, bonus, end, dmg, stop, die_after, kept).

        ``at_options``: [(origin, space)] -- one entry, or the start lanes of a Mush! Mush! first turn.
        """
        game, T = self.game, self.T
        specs = _play_specs(vals, game) if vals else [(None, ())]
        res = []
        start_fin = T.fin[at_options[0][1]]
        start_dist = T.dist[at_options[0][1]]
        for v, poss in specs:
            L, R, B = _placed(left, right, brake, v, poss)
            kept = _remove(vals, v, len(poss)) if poss else vals
            speed, drift, direction = sled.speed_and_drift(game, L, R, B)
            balanced = L == R
            if game == ST:
                bonus_opts = [0]
                if balanced and speed >= 1 and not first_turn:
                    bonus_opts.append(position)
                die_adj = None
            else:
                die_adj = die
                if balanced and not first_turn:
                    p = min(position, self.rules.mm_die_max)
                    die_adj = p if die_adj is None else max(die_adj, p)
                bonus_opts = [0]
            for origin, at in at_options:
                for bonus in bonus_opts:
                    limit = speed + bonus
                    key = (at, speed, drift, direction, limit if game == ST else 0, dmg0)
                    paths = self.cache.get(key)
                    if paths is None:
                        paths = _walk_paths(T, game, self.limit_dmg, at, speed, drift, direction, limit, dmg0,
                                            self.others, self.trees)
                        self.cache[key] = paths
                    for (end, dmg, stop), path in paths.items():
                        if game == ST:
                            if bonus:
                                if stop:
                                    continue
                                bkey = ("b", end, bonus, limit, dmg)
                                bo = self.cache.get(bkey)
                                if bo is None:
                                    bo = _walk_bonus(T, game, self.limit_dmg, end, bonus, dmg, self.others,
                                                     self.trees, limit)
                                    self.cache[bkey] = bo
                                e2, d2, s2 = bo[-1]
                                res.append((self.score(start_fin, start_dist, e2, d2, dmg0, s2, None, kept, aside),
                                            (v, poss), origin, path, bonus, e2, d2, s2, None, kept))
                            else:
                                res.append((self.score(start_fin, start_dist, end, dmg, dmg0, stop, None, kept, aside),
                                            (v, poss), origin, path, 0, end, dmg, stop, None, kept))
                            continue
                        # Mush! Mush!
                        d_after = die_adj
                        if stop == "sled" and d_after is not None:
                            d_after = d_after - 1 or None  # MM-C2
                        res.append((self.score(start_fin, start_dist, end, dmg, dmg0, stop, d_after, kept, aside),
                                    (v, poss), origin, path, 0, end, dmg, stop, d_after, kept))
                        if not stop and die_adj:
                            bkey = ("b", end, die_adj, dmg)
                            bo = self.cache.get(bkey)
                            if bo is None:
                                bo = _walk_bonus(T, game, self.limit_dmg, end, die_adj, dmg, self.others,
                                                 self.trees, 0)
                                self.cache[bkey] = bo
                            for b, (e2, d2, s2) in enumerate(bo, start=1):
                                res.append((self.score(start_fin, start_dist, e2, d2, dmg0, s2, None, kept, aside),
                                            (v, poss), origin, path, b, e2, d2, s2, None, kept))
        return res

    def next_turn_gain(self, end: int, left: int, right: int, brake: int, die: int | None, kept: list[int],
                       dmg: int, draws: int, aside: bool) -> float:
        """Best next-turn score from ``end`` minus the progress already counted (other sleds still)."""
        T = self.T
        if T.fin[end] and self.game == ST:
            return 0.0
        vals = list(kept)
        fill = _FILL[self.game]
        for i in range(max(0, draws)):
            vals.append(fill[i % len(fill)])
        vals.sort()
        key = ("n", end, left, right, brake, die, tuple(vals), dmg)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        # race position next turn: keep the current one (cheap and good enough)
        res = self.outcomes([(None, end)], left, right, brake, die, vals, dmg, False, self.position, aside, False)
        best = max(r[0] for r in res) if res else -float(T.dist[end])
        gain = best + T.dist[end]
        self.cache[key] = gain
        return gain


# ------------------------------------------------------------------ phases
def _choose_start(state: sled.GameState, rand) -> sled.ChooseStart:
    seat = state.public.current
    T = _tables(state.track)
    taken = {s.start for s in state.public.sleds if s.start}
    extra = dict(state.rules.st_extra_cards)
    # the inside lane of the first corner (lane 1 on a Snow Tails track, TRK-3)
    corner = next((sec for sec in state.track.sections if sec.kind == "corner"), None)
    inside = state.track.lanes if corner is not None and corner.turn == "left" else 1
    best, cands = None, []
    for p in range(1, state.track.lanes + 1):
        if p in taken:
            continue
        # shortest way to the finish, lanes from the inside (drift there is not free), extra cards (ST-S4)
        sc = -T.dist[state.track.start_space(p)] - _START_LANE * abs(p - inside) + _START_CARD * extra.get(p, 0)
        if best is None or sc > best + 1e-9:
            best, cands = sc, [p]
        elif abs(sc - best) <= 1e-9:
            cands.append(p)
    return sled.ChooseStart(seat, cands[rand.below(len(cands))] if len(cands) > 1 else cands[0])


def _place_tree(state: sled.GameState, rand) -> sled.PlaceTree:
    """ST-S1 / MM-S1: nobody's start is known yet, so follow the rulebook's advice (MM-S1): a tree on a
    straight, next to no other tree; any free space when there is no such place."""
    track = state.track
    near = {(s, l + dl, i + di) for s, l, i in map(track.coords, state.public.trees)
            for dl in (-1, 0, 1) for di in (-1, 0, 1)}
    free = sled.tree_spaces(state)
    cands = [sid for sid in free if track.sections[track.coords(sid)[0]].kind == "straight"
             and track.coords(sid) not in near] or free
    return sled.PlaceTree(state.public.current, cands[rand.below(len(cands))])


def _hand_quality(game: str, vals: list[int]) -> float:
    c = Counter(vals)
    q = 1.0 * len(c) + 0.5 * sum(1 for n in c.values() if n >= 2)
    if game == MM:
        q += 0.35 * sum(vals)
    else:
        q += 0.1 * sum(1 for v in vals if v >= 4)
    return q


def _refill(state: sled.GameState, rand) -> sled.Refill:
    need = state.public.refill
    seat = need.seat
    s = state.sled(seat)
    cards = list(s.hand)
    vals = {c: state.value(seat, c) for c in cards}
    if need.wreck:
        return sled.Refill(seat, tuple((c, vals[c]) for c in cards))
    game = state.game
    fill = _FILL[game]
    dmg = 0 if need.chapel else s.damage
    best, best_disc = None, ()
    seen = set()
    ordered = sorted(cards, key=lambda c: (vals[c], c))
    lo, hi = sled.discard_range(state, need, need.chapel)  # (MM-F3: the chapel's discards, as the engine counts)
    for k in range(lo, hi + 1):
        for combo in combinations(ordered, k):
            key = tuple(vals[c] for c in combo)
            if key in seen:
                continue
            seen.add(key)
            gone = set(combo)
            kept = [vals[c] for c in cards if c not in gone]
            draws = state.rules.hand_size - len(kept) - dmg if need.draw else 0
            hand = kept + [fill[i % len(fill)] for i in range(max(0, draws))]
            q = _hand_quality(game, hand) - 0.01 * k
            if best is None or q > best + 1e-9:
                best, best_disc = q, combo
    return sled.Refill(seat, tuple((c, vals[c]) for c in best_disc), chapel=need.chapel, kennels=need.kennels)


def _move(state: sled.GameState, rand) -> sled.Move:
    pub = state.public
    seat = pub.current
    s = state.sled(seat)
    game = state.game
    P = _Planner(state, seat)
    position = sled.race_position(state, seat)
    P.position = position
    hand_ids = list(s.hand)
    vals_by_id = {c: state.value(seat, c) for c in hand_ids}
    vals = sorted(vals_by_id.values())
    left = sled.dog_value(state, seat, "left")
    right = sled.dog_value(state, seat, "right")
    brake = s.brake
    if game == MM and s.at is None:
        at_options = [(lane, state.track.start_space(lane)) for lane in range(1, state.track.lanes + 1)]
    else:
        at_options = [(None, s.at)]
    aside = bool(s.aside)
    res = P.outcomes(at_options, left, right, brake, s.die, vals, s.damage, s.first_turn, position, aside, True)
    res.sort(key=lambda r: r[0], reverse=True)

    # 1-ply look-ahead on the best few distinct outcomes
    scored = []
    looked = 0
    seen_ends = {}
    for r in res:
        sc, (v, poss), origin, path, bonus, end, dmg, stop, die_after, kept = r
        total = sc
        if looked < _LOOKAHEAD_TOP or sc >= res[0][0] - 1.0:
            if stop != "out" and looked < 3 * _LOOKAHEAD_TOP:
                L, R, B = _placed(left, right, brake, v, poss)
                lk = (end, L, R, B, die_after, tuple(kept), dmg, stop)
                g = seen_ends.get(lk)
                if g is None:
                    if game == ST and stop == "sled":
                        draws = 0
                    else:
                        draws = state.rules.hand_size - len(kept) - dmg
                    g = P.next_turn_gain(end, L, R, B, die_after, kept, dmg, draws, aside)
                    seen_ends[lk] = g
                    looked += 1
                total = sc + _LOOKAHEAD_WEIGHT * g
            scored.append((total, r))
        else:
            scored.append((sc + _LOOKAHEAD_WEIGHT * -5.0, r))  # not looked at: assume a poor next turn
    scored.sort(key=lambda x: x[0], reverse=True)

    # tie-break among equal best with rand, then validate with the engine
    top = scored[0][0]
    ties = [x for x in scored if x[0] >= top - 1e-9]
    if len(ties) > 1:
        pick = rand.below(len(ties))
        scored.remove(ties[pick])
        scored.insert(0, ties[pick])
    for _total, r in scored[:20]:
        mv = _to_move(seat, r, hand_ids, vals_by_id)
        try:
            sled.move_outcome(state, mv)
        except IllegalMove:
            continue
        return mv
    legal = sled.legal_moves(state)
    return legal[0]


def _to_move(seat: int, r, hand_ids: list[int], vals_by_id: dict) -> sled.Move:
    sc, (v, poss), origin, path, bonus, *_ = r
    play = []
    if poss:
        ids = [c for c in hand_ids if vals_by_id[c] == v]
        play = [(p, ids[i], v) for i, p in enumerate(poss)]
    return sled.Move(seat, tuple(play), path, bonus, origin)


def choose_action(state: sled.GameState, rand) -> sled.Action:
    """The bot's action for the player to act (``state.public.current``) in any phase."""
    phase = state.public.phase
    if phase == sled.PH_TREES:
        return _place_tree(state, rand)
    if phase == sled.PH_START:
        return _choose_start(state, rand)
    if phase == sled.PH_MOVE:
        return _move(state, rand)
    if phase == sled.PH_REFILL:
        return _refill(state, rand)
    raise ValueError(f"no action to choose: the game is in phase {phase!r}")


def random_action(state: sled.GameState, rand) -> sled.Action:
    """A uniformly random legal action (the baseline opponent)."""
    legal = sled.legal_actions(state)
    if not legal:
        raise ValueError(f"no legal action in phase {state.public.phase!r}")
    return legal[rand.below(len(legal))]

"""Every legal action of the player to act: the listing behind ``legal_actions`` (needs that player's private
part: the values of its hand).

Each candidate Move is tried on the rules (:func:`move_outcome`, ``apply`` without randomness), so the listing
can never disagree with ``apply``.
"""

from __future__ import annotations

from itertools import combinations

from ...core.errors import IllegalMove
from .race import dog_value, race_position, speed_and_drift
from .rules import _discard_range, apply, tree_spaces
from .state import (MM, PH_MOVE, PH_REFILL, PH_START, PH_TREES, POSITIONS, ST, Action, ChooseStart, GameState, Move,
                    PlaceTree, Refill)


def play_options(state: GameState, seat: int) -> list[tuple[tuple[str, int, int], ...]]:
    """Every legal set of cards to play (ST-P1..P3, MM-P1/P2), as (position, card, value) triples.

    Needs the values of the hand: only the owner (or a local game) can list them.
    """
    s = state.sled(seat)
    if not s.hand:
        return [()]
    by_value: dict[int, list[int]] = {}
    for c in s.hand:
        v = state.value(seat, c)
        if v is None:
            raise ValueError("the hand's values are unknown here")
        by_value.setdefault(v, []).append(c)
    positions = POSITIONS if state.game == ST else POSITIONS[:2]
    out = []
    for v in sorted(by_value):
        cards = by_value[v]
        for k in range(1, min(len(cards), len(positions)) + 1):
            for pos in combinations(positions, k):
                out.append(tuple((p, cards[i], v) for i, p in enumerate(pos)))
    return out


def paths(length: int, drift: int) -> list[str]:
    """All paths of ``length`` steps with ``min(drift, length)`` drift steps (TRK-11)."""
    if length <= 0:
        return [""]
    d = min(drift, length)
    return _PATHS.get((length, d)) or _make_paths(length, d)


_PATHS: dict[tuple[int, int], list[str]] = {}


def _make_paths(length: int, d: int) -> list[str]:
    out = []
    for idx in combinations(range(length), d):
        p = ["F"] * length
        for i in idx:
            p[i] = "D"
        out.append("".join(p))
    _PATHS[(length, d)] = out
    return out


def move_outcome(state: GameState, mv: Move) -> GameState:
    """The state right after ``mv`` and before any draw: for previews and bots (no randomness used)."""
    return apply(state, mv, _NoDraw())


class _NoDraw:
    def below(self, n: int) -> int:
        return 0


def legal_moves(state: GameState, seat: int | None = None) -> list[Move]:
    """Every legal Move of the player to act: card plays x origins x paths x bonus choices."""
    pub = state.public
    seat = pub.current if seat is None else seat
    if pub.phase != PH_MOVE or seat != pub.current:
        return []
    s = state.sled(seat)
    origins = [None] if not (state.game == MM and s.at is None) else list(range(1, state.track.lanes + 1))
    out = []
    for play in play_options(state, seat):
        lv = dict((p, v) for p, _, v in play)
        left = lv.get("left", dog_value(state, seat, "left"))
        right = lv.get("right", dog_value(state, seat, "right"))
        brake = lv.get("brake", s.brake)
        speed, drift, _ = speed_and_drift(state.game, left, right, brake)
        for origin in origins:
            for path in paths(speed, drift):
                for bonus in _bonus_choices(state, seat, left, right, speed):
                    mv = Move(seat, play, path, bonus, origin)
                    try:
                        move_outcome(state, mv)
                    except IllegalMove:
                        continue
                    out.append(mv)
    return out


def _bonus_choices(state: GameState, seat: int, left: int, right: int, speed: int) -> list[int]:
    s = state.sled(seat)
    if state.game == ST:
        if left == right and speed >= 1 and not s.first_turn:
            return [0, race_position(state, seat)]
        return [0]
    die = s.die
    if left == right and not s.first_turn:
        p = min(race_position(state, seat), state.rules.mm_die_max)
        die = p if die is None else max(die, p)
    return list(range(0, (die or 0) + 1))


def refill_options(state: GameState) -> list[Refill]:
    """Every legal Refill (distinct by the values discarded) of the player to act."""
    need = state.public.refill
    if state.public.phase != PH_REFILL or need is None:
        return []
    seat = need.seat
    s = state.sled(seat)
    cards = sorted(s.hand, key=lambda c: (state.value(seat, c), c))
    seen = set()
    out = []
    chapel = [False, True] if need.chapel else [False]
    kennels = [False, True] if need.kennels else [False]
    for ch in chapel:
        lo, hi = _discard_range(state, need, ch)
        for k in range(lo, hi + 1):
            for combo in combinations(cards, k):
                key = (ch, tuple(state.value(seat, c) for c in combo))
                if key in seen:
                    continue
                seen.add(key)
                disc = tuple((c, state.value(seat, c)) for c in combo)
                for ke in kennels:
                    out.append(Refill(seat, disc, ch, ke))
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the player to act (needs that player's private part)."""
    pub = state.public
    if pub.phase == PH_TREES:
        return [PlaceTree(pub.current, sid) for sid in tree_spaces(state)]
    if pub.phase == PH_START:
        taken = {s.start for s in pub.sleds if s.start}
        return [ChooseStart(pub.current, p) for p in range(1, state.track.lanes + 1) if p not in taken]
    if pub.phase == PH_MOVE:
        return list(legal_moves(state))
    if pub.phase == PH_REFILL:
        return list(refill_options(state))
    return []

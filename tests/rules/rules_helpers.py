"""Shared helpers for the sled rules tests (Snow Tails, Mush! Mush!).

A uniquely named module rather than conftest.py, so test files can import it
without clashing with other test packages.  Positions are set up with the
conformance scenario format (../../shared/conformance/README.md) through
``snowp2p.scenario.scenario_from_dict``.
"""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

from snowp2p import scenario as scn
from snowp2p.games.sled import scenario as sled_scn
from snowp2p.games.sled import encoding
from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand, derive
from snowp2p.core.errors import IllegalMove
from snowp2p.games.sled.track import track_from_dict

HERE = Path(__file__).resolve().parent
LOCAL_SCENARIOS = HERE / "scenarios"
SHARED_SCENARIOS = Path(__file__).resolve().parents[3] / "shared" / "conformance" / "scenarios"


# ------------------------------------------------------------------ tracks
def straight(rows: int = 12, *, trees=(), blocked=(), finish: int = 3, lanes: int = 5, start: int = 1) -> dict:
    """start / one straight of ``rows`` rows / finish: the straight is section 1, the finish section 2."""
    return {
        "lanes": lanes,
        "sections": [{"kind": "start", "rows": start}, {"kind": "straight", "rows": rows},
                     {"kind": "finish", "rows": finish}],
        "trees": [list(t) for t in trees],
        "blocked": [list(b) for b in blocked],
    }


def cornered(*, speed_limit: Any = 6, tight: bool = False, turn: str = "right", angle: int = 90,
             inner_radius: float = 1, before: int = 4, after: int = 6, trees=(), blocked=(), lanes: int = 5) -> dict:
    """start / straight(before) / corner / straight(after) / finish: the corner is section 2."""
    corner = {"kind": "corner", "turn": turn, "angle": angle, "inner_radius": inner_radius}
    if speed_limit is not None:
        corner["speed_limit"] = speed_limit
    if tight:
        corner["tight"] = True
    return {
        "lanes": lanes,
        "sections": [{"kind": "start", "rows": 1}, {"kind": "straight", "rows": before}, corner,
                     {"kind": "straight", "rows": after}, {"kind": "finish", "rows": 3}],
        "trees": [list(t) for t in trees],
        "blocked": [list(b) for b in blocked],
    }


# ----------------------------------------------------------------- players
def st_player(name: str, at, *, left=3, right=3, brake=3, hand=(1, 1, 1, 1, 1), deck=(2, 2, 2, 2, 2, 2),
              damage=0, first_turn=False) -> dict:
    return {"name": name, "at": list(at) if at is not None else None, "left": left, "right": right,
            "brake": brake, "hand": list(hand), "deck": list(deck), "damage": damage, "first_turn": first_turn}


def mm_player(name: str, at, *, left=2, right=2, die=None, hand=(1, 1, 1, 1, 1), deck=(2, 2, 2, 2, 2, 2),
              damage=0, first_turn=False, aside=()) -> dict:
    """A Mush! Mush! scenario player; ``aside``: the set-aside fives (MM-S3; the format's default is both,
    these tests give none unless they ask)."""
    return {"name": name, "at": list(at) if at is not None else None, "left": left, "right": right,
            "die": die, "hand": list(hand), "deck": list(deck), "damage": damage, "first_turn": first_turn,
            "aside": list(aside)}


def act(player: str, play: dict | None = None, path: str = "", bonus: int = 0, discard=None, origin=None,
        **extra) -> dict:
    a: dict[str, Any] = {"player": player, "play": dict(play or {}), "path": path}
    if bonus:
        a["bonus"] = bonus
    if discard is not None:
        a["discard"] = list(discard)
    if origin is not None:
        a["origin"] = origin
    a.update(extra)
    return a


def make_scenario(game: str, players: list[dict], actions: list[dict] = (), track: dict | None = None,
                  expect: dict | None = None, sid: str = "test") -> sled_scn.Scenario:
    data = {"id": sid, "rules": [], "game": game, "track": track or straight(), "players": players,
            "actions": list(actions), "expect": expect or {}}
    return scn.scenario_from_dict(data, f"<{sid}>")


def play(game: str, players: list[dict], actions: list[dict], track: dict | None = None, sid: str = "test"):
    """Set up, play the actions, return (scenario, final state)."""
    sc = make_scenario(game, players, actions, track, sid=sid)
    return sc, sled_scn.play_actions(sc)


def obs(sc: sled_scn.Scenario, state: sled.GameState, name: str) -> dict:
    return sled_scn.observe(state, sc.names.index(name))


def seat(sc: sled_scn.Scenario, name: str) -> int:
    return sc.names.index(name)


def coords(state: sled.GameState, seat_: int):
    at = state.sled(seat_).at
    return None if at is None else list(state.track.coords(at))


def names_ranking(sc: sled_scn.Scenario, state: sled.GameState) -> list[str]:
    return [sc.names[i] for i in sled.ranking(state)]


def names_of(sc: sled_scn.Scenario, seats) -> list[str]:
    return [sc.names[i] for i in seats]


def rand(*labels) -> Rand:
    return Rand(derive(b"tests/rules", *labels))


def set_current(state: sled.GameState, seat_: int) -> sled.GameState:
    """Make ``seat_`` the player to act (as the scenario runner does)."""
    from dataclasses import replace
    order = (seat_,) + tuple(j for j in state.public.order if j != seat_)
    return replace(state, public=replace(state.public, current=seat_, order=order))


def cards_by_value(state: sled.GameState, seat_: int, value: int, n: int = 1) -> list[int]:
    out = [c for c in state.sled(seat_).hand if state.value(seat_, c) == value][:n]
    assert len(out) == n, f"seat {seat_} holds fewer than {n} cards of value {value}"
    return out


def move(state: sled.GameState, seat_: int, play_: dict, path: str, bonus: int = 0, origin=None) -> sled.Move:
    """A Move playing cards by value ({"left": 4, "right": 4})."""
    used: set[int] = set()
    triples = []
    for pos, v in play_.items():
        c = next(c for c in state.sled(seat_).hand if c not in used and state.value(seat_, c) == v)
        used.add(c)
        triples.append((pos, c, v))
    return sled.Move(seat_, tuple(triples), path, bonus, origin)


def snapshot(state: sled.GameState):
    """Everything of a state that an illegal action must leave unchanged."""
    return (copy.deepcopy(state.public), copy.deepcopy(state.private), encoding.encode_public(state.public),
            state.rules, state.track)


def assert_refused(state: sled.GameState, action, rules: set[str] | str, r=None) -> IllegalMove:
    """``action`` raises IllegalMove naming one of ``rules`` and leaves ``state`` as it was."""
    import pytest

    if isinstance(rules, str):
        rules = {rules}
    before = snapshot(state)
    with pytest.raises(IllegalMove) as ei:
        sled.apply(state, action, r or rand("refused"))
    assert ei.value.rule in rules, f"rule {ei.value.rule!r} ({ei.value}), expected one of {sorted(rules)}"
    after = snapshot(state)
    assert after[0] == before[0] and after[1] == before[1] and after[2] == before[2]
    assert after[3] is before[3] and after[4] is before[4]
    return ei.value


# ------------------------------------------------------------- invariants
def live_cards(s: sled.Sled) -> list[int]:
    return list(s.hand) + list(s.deck) + list(s.discard) + list(s.left) + list(s.right) + list(s.aside)


def composition(state: sled.GameState) -> Counter:
    r = state.rules
    return Counter(r.st_deck if state.game == sled.ST else r.mm_deck)


def check_cards(state: sled.GameState) -> None:
    """Every live card id is in exactly one place and the values are the deck composition."""
    want = composition(state)
    for s in state.public.sleds:
        ids = live_cards(s)
        assert len(ids) == len(set(ids)), f"{s.name}: a card id in two places"
        assert all(0 <= c < len(s.values) for c in ids)
        priv = state.private[s.seat]
        assert priv is not None and len(priv.values) == len(s.values)
        got = Counter(priv.values[c] for c in ids)
        assert got == want, f"{s.name}: cards {sorted(got.elements())} are not the deck {sorted(want.elements())}"
        for c, v in enumerate(s.values):
            assert v == -1 or v == priv.values[c], f"{s.name}: public value of card {c} contradicts the owner"
        assert list(s.hand) == sorted(s.hand)


def front_edge(state: sled.GameState, sid: int) -> Fraction:
    """Track order of a space: its front edge (TRK-4), strictly increased by every step (TRK-8/9)."""
    s, lane, k = state.track.coords(sid)
    return s + Fraction(k + 1, state.track.lane_len[s][lane - 1])


def track_dict_full() -> dict:
    """A Snow Tails/Mush! Mush! test track: two corners (one tight), trees, a speed limit per lane, obstacles."""
    return {
        "lanes": 5,
        "sections": [
            {"kind": "start", "rows": 1},
            {"kind": "straight", "rows": 4},
            {"kind": "corner", "turn": "right", "angle": 90, "inner_radius": 1, "speed_limit": [5, 6, 6, 7, 7]},
            {"kind": "straight", "rows": 4},
            {"kind": "corner", "turn": "left", "angle": 180, "inner_radius": 0.5, "tight": True, "speed_limit": 6},
            {"kind": "straight", "rows": 3},
            {"kind": "finish", "rows": 2},
        ],
        "trees": [[1, 2, 2], [1, 4, 3], [3, 3, 1], [5, 1, 0]],
        "blocked": [[3, 5, 3]],
    }


def test_track(game: str, buildings: bool = False):
    d = track_dict_full()
    if buildings and game == "mush":
        d["sections"][3] = {"kind": "straight", "rows": 6}
        d["buildings"] = [{"kind": "bothy", "section": 3, "row": 1, "lane": 2},
                          {"kind": "tavern", "section": 1, "row": 1, "side": "left"},
                          {"kind": "kennels", "section": 1, "row": 0, "lane": 2},
                          {"kind": "chapel", "section": 5, "row": 0, "lane": 3}]
        d["blocked"] = []
        d["trees"] = [[1, 1, 2], [3, 1, 1], [5, 1, 0]]
    return track_from_dict(d, game=game, name=f"test-{game}{'-b' if buildings else ''}")


test_track.__test__ = False  # not a pytest test

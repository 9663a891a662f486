"""Hypothesis plays random legal games of both sled games and checks invariants after every action.

Player count, game seed and the choice index at every step (among
``sled.legal_actions``) are drawn by Hypothesis.  The number of games scales
with the environment variable SNOWP2P_HYPOTHESIS_SCALE (default 1: a few
hundred games in all; 10: thousands).
"""

from __future__ import annotations

import hashlib
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_helpers import check_cards, front_edge, test_track
from snowp2p.games.sled import encoding
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import PLAYER_COUNTS, SledRules
from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled.track import shipped_tracks

SCALE = max(1, int(os.environ.get("SNOWP2P_HYPOTHESIS_SCALE", "1") or 1))


def _settings(n):
    return settings(max_examples=max(1, n * SCALE), deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


TRACKS = {
    "snowtails": {"test": test_track("snowtails")},
    "mush": {"test": test_track("mush"), "test-buildings": test_track("mush", buildings=True)},
}
SHIPPED = {g: shipped_tracks(g) for g in ("snowtails", "mush")}


def check_invariants(state: sled.GameState, prev_front: dict, prev_hash: bytes | None) -> bytes:
    pub = state.public
    rules = state.rules
    check_cards(state)
    if state.game == sled.MM:  # MM-K3: the 32 collision cards of the box are enough for every table
        assert sum(s.damage for s in pub.sleds) <= rules.mm_collision_supply
    # no two sleds on one space, except start spaces (MM-O1)
    spaces = [s.at for s in pub.sleds if s.at is not None and state.track.coords(s.at)[0] != 0]
    assert len(spaces) == len(set(spaces)), "two sleds on one space"
    for s in pub.sleds:
        # positions only advance (track order = front edge, TRK-8/9); eliminated: off the track for good
        if s.status == sled.ELIMINATED:
            assert s.at is None
            prev_front[s.seat] = None
            continue
        if s.status == sled.FINISHED and state.game == sled.ST:
            assert s.at is None  # ST-E2 Decision: lifted off the track at the end of its round
            assert s.seat in pub.places
            prev_front[s.seat] = None
            continue
        if s.at is not None:
            f = front_edge(state, s.at)
            old = prev_front.get(s.seat)
            assert old is not None or s.seat not in prev_front, f"{s.name} came back on the track"
            if old is not None:
                assert f >= old, f"{s.name} moved backwards"
            prev_front[s.seat] = f
        else:
            # not on the track yet: a Snow Tails sled before choosing its start, a Mush! Mush! sled before its first move
            assert s.seat not in prev_front and s.first_turn
            assert state.game == sled.MM or pub.phase in (sled.PH_TREES, sled.PH_START)
        # damage within bounds
        if state.game == sled.ST:
            assert s.damage >= 0
            if s.status == sled.RACING and s.at is not None and not state.track.is_finished(s.at):
                assert s.damage < rules.st_elimination_damage
            if s.status == sled.ELIMINATED:
                assert s.damage >= rules.st_elimination_damage
            assert s.die is None and 1 <= s.brake <= 5
        else:
            wrecking = pub.phase == sled.PH_REFILL and pub.refill is not None and pub.refill.wreck \
                and pub.refill.seat == s.seat
            limit = rules.mm_collision_limit if (wrecking or pub.phase == sled.PH_OVER) else rules.mm_collision_limit - 1
            assert 0 <= s.damage <= limit
            assert s.die is None or 1 <= s.die <= rules.mm_die_max
        # (over: a two-player race ends at the fifth collision card, MM-C5, before any refill)
        assert s.hand_count() <= rules.hand_size + 2 or pub.phase in (sled.PH_REFILL, sled.PH_OVER) or s.first_turn
    # the public state's encoding round-trips and hashes stably
    data = encoding.encode_public(pub)
    assert encoding.decode_public(data) == pub
    assert encoding.encode_public(encoding.decode_public(data)) == data
    # the section hashes (kept per sled record between states) are those of the sections themselves
    assert encoding.section_hashes(pub) == {k: hashlib.sha256(encoding._pack(v)).digest()
                                            for k, v in encoding.sections(pub).items()}
    h1 = encoding.state_hash(state)
    assert h1 == encoding.state_hash(state) and len(h1) == 32
    if prev_hash is not None:
        assert prev_hash != h1  # every action changes the agreed state
    # the places: each seat at most once
    assert len(set(pub.places)) == len(pub.places)
    assert not (set(pub.places) & set(pub.eliminated))
    return h1


def play_random(game: str, track, n: int, seed: int, choose, extra_trees: int = 0
                ) -> tuple[sled.GameState, list, list[bytes]]:
    """Play a whole game; ``choose(k)`` picks an index below k.  Returns final state, actions, hashes."""
    secrets = [derive(b"random-games", seed, i) for i in range(n)]
    game_seed = derive(b"random-games/seed", seed)
    rules = SledRules(game=game, extra_trees=extra_trees)
    state = sled.new_game(game, track, [f"p{i}" for i in range(n)], Rand(game_seed), secrets, rules)
    bound = (rules.max_rounds + 1) * n * 2 + n + 1 + extra_trees
    prev_front: dict = {}
    actions, hashes = [], []
    h = check_invariants(state, prev_front, None)
    steps = 0
    while not state.is_over:
        acts = sled.legal_actions(state)
        assert acts, f"no legal action in phase {state.public.phase}"
        a = acts[choose(len(acts))]
        new = sled.apply(state, a, Rand(derive(game_seed, "turn", steps)))
        h = check_invariants(new, prev_front, h)
        actions.append(a)
        hashes.append(h)
        state = new
        steps += 1
        assert steps <= bound, "the game does not end"
    assert state.public.round <= rules.max_rounds + 1
    assert sled.legal_actions(state) == []
    # at the end every sled has a place (finishers / race positions, eliminated after)
    placed = sled.final_places(state)
    assert sorted(placed) == list(range(n))
    return state, actions, hashes


def replay(game, track, n, seed, actions, extra_trees: int = 0) -> list[bytes]:
    secrets = [derive(b"random-games", seed, i) for i in range(n)]
    game_seed = derive(b"random-games/seed", seed)
    rules = SledRules(game=game, extra_trees=extra_trees)
    state = sled.new_game(game, track, [f"p{i}" for i in range(n)], Rand(game_seed), secrets, rules)
    out = []
    for k, a in enumerate(actions):
        state = sled.apply(state, a, Rand(derive(game_seed, "turn", k)))
        out.append(encoding.state_hash(state))
    return out


def _run(data, game, track, n):
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    extra = data.draw(st.sampled_from((0, 0, 0, 1, 4)), label="extra trees")  # ST-S1 / MM-S1 option
    state, actions, hashes = play_random(game, track, n, seed,
                                         lambda k: data.draw(st.integers(0, k - 1), label="choice") if k > 1 else 0,
                                         extra)
    assert sum(isinstance(a, sled.PlaceTree) for a in actions) == extra
    # the same seed and choices reproduce the same states bit for bit
    assert replay(game, track, n, seed, actions, extra) == hashes


@pytest.mark.parametrize("n", range(PLAYER_COUNTS["snowtails"][0], PLAYER_COUNTS["snowtails"][1] + 1))
@_settings(30)  # 4 player counts x 30 = 120 games
@given(data=st.data())
def test_random_snowtails_games(n, data):
    """ST-K1: 2 to 5 players; every invariant after every action."""
    _run(data, "snowtails", TRACKS["snowtails"]["test"], n)


@pytest.mark.parametrize("n", range(PLAYER_COUNTS["mush"][0], PLAYER_COUNTS["mush"][1] + 1))
@_settings(10)  # 7 player counts x 10 = 70 games (with the shipped tracks: over 200 games in all)
@given(data=st.data())
def test_random_mush_games(n, data):
    """MM-K1: 2 to 8 players, on a test track with and without buildings."""
    which = data.draw(st.sampled_from(sorted(TRACKS["mush"])), label="track")
    _run(data, "mush", TRACKS["mush"][which], n)


SHIPPED_CASES = [(g, name) for g in ("snowtails", "mush") for name in sorted(SHIPPED[g])]


@pytest.mark.skipif(not SHIPPED_CASES, reason="no shipped tracks in snowp2p/games/sled/tracks/ yet")
@pytest.mark.parametrize("game,name", SHIPPED_CASES or [("snowtails", "none")])
@_settings(1)
@given(data=st.data())
def test_random_games_on_shipped_tracks(game, name, data):
    lo, hi = PLAYER_COUNTS[game]
    track = SHIPPED[game][name]
    hi = min(hi, track.lanes) if game == "snowtails" else hi
    n = data.draw(st.integers(lo, hi), label="players")
    _run(data, game, track, n)


@pytest.mark.parametrize("game,n", [("snowtails", 3), ("mush", 5)])
def test_same_seed_same_choices_same_hash(game, n):
    track = TRACKS[game]["test"]
    r1, r2 = Rand(b"c" * 32), Rand(b"c" * 32)
    s1, _, h1 = play_random(game, track, n, 7, r1.below)
    s2, _, h2 = play_random(game, track, n, 7, r2.below)
    assert h1 == h2 and encoding.state_hash(s1) == encoding.state_hash(s2)
    s3, _, h3 = play_random(game, track, n, 8, Rand(b"c" * 32).below)
    assert h3 != h1

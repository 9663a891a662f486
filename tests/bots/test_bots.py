"""Computer players (games/sled/bot.py, games/snake/bot.py): legal in every phase, races end, beat the random player, and
never read another player's private part.

Tracks: the shipped tracks (snowp2p/games/sled/tracks/*.toml) when there are any, plus two test tracks built
here with ``track_from_dict`` (tight red lines, trees, snowdrifts; buildings and a tight hairpin).
No timing assertions here: decision times are measured by scripts/bench-engine.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from snowp2p.games.sled.bot import choose_action, random_action
from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled.track import shipped_tracks, track_from_dict

ST_TEST_TRACK = {
    "name": "bot-test-st",
    "lanes": 5,
    "sections": [
        {"kind": "start", "rows": 1},
        {"kind": "straight", "rows": 6},
        {"kind": "corner", "turn": "right", "angle": 90, "inner_radius": 1, "speed_limit": [4, 5, 5, 6, 7]},
        {"kind": "straight", "rows": 5},
        {"kind": "corner", "turn": "left", "angle": 120, "inner_radius": 2, "speed_limit": 5},
        {"kind": "straight", "rows": 8},
        {"kind": "finish", "rows": 3},
    ],
    "trees": [[1, 3, 3], [3, 2, 2], [5, 4, 4]],
    "blocked": [[1, 5, 2], [5, 1, 5], [5, 2, 5]],
}

MM_TEST_TRACK = {
    "name": "bot-test-mm",
    "lanes": 6,
    "sections": [
        {"kind": "start", "rows": 1},
        {"kind": "straight", "rows": 10},
        {"kind": "corner", "turn": "left", "angle": 180, "inner_radius": 0.5, "tight": True},
        {"kind": "straight", "rows": 10},
        {"kind": "corner", "turn": "right", "angle": 90, "inner_radius": 2},
        {"kind": "straight", "rows": 10},
        {"kind": "finish", "rows": 3},
    ],
    "trees": [[1, 1, 7], [3, 6, 1], [5, 3, 8]],
    "blocked": [[5, 6, 2]],
    "buildings": [
        {"kind": "kennels", "section": 1, "row": 3, "lane": 3},
        {"kind": "tavern", "section": 3, "row": 6, "side": "right"},
        {"kind": "chapel", "section": 5, "row": 4, "lane": 2},
        {"kind": "bothy", "section": 3, "row": 2, "lane": 4},
    ],
}


def _tracks(game: str) -> list:
    test = track_from_dict(ST_TEST_TRACK if game == sled.ST else MM_TEST_TRACK, game=game, where="test")
    return [test] + list(shipped_tracks(game).values())


def _new(game: str, track, n: int, seed: bytes) -> sled.GameState:
    names = [f"p{i}" for i in range(n)]
    secrets = [derive(seed, "secret", i) for i in range(n)]
    return sled.new_game(game, track, names, Rand(derive(seed, "setup")), secrets)


def _race(game: str, track, players, seed: bytes, on_state=None) -> sled.GameState:
    """Play a whole race; every action goes through sled.apply (so an illegal one raises)."""
    state = _new(game, track, len(players), seed)
    k = 0
    while not state.is_over:
        if on_state is not None:
            on_state(state, k)
        seat = state.public.current
        action = players[seat](state, Rand(derive(seed, "bot", k)))
        assert action.seat == seat
        state = sled.apply(state, action, Rand(derive(seed, "turn", k)))
        k += 1
        assert k < 20000, "race did not end"
    return state


def _hide_others(state: sled.GameState, seat: int) -> sled.GameState:
    return replace(state, private=tuple(p if i == seat else None for i, p in enumerate(state.private)))


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("game,n", [(sled.ST, n) for n in range(2, 6)] + [(sled.MM, n) for n in range(2, 9)])
def test_bot_races_end_with_legal_actions(game, n):
    """Whole bot races (every seat a bot) on each track end; every action is legal (sled.apply)."""
    tracks = _tracks(game)
    for i, track in enumerate(tracks[:3]):
        seed = derive(b"bot-race", game, n, i)
        phases = set()
        state = _race(game, track, [choose_action] * n, seed,
                      on_state=lambda s, k, phases=phases: phases.add(s.public.phase))
        assert state.is_over
        places = sled.final_places(state)
        assert sorted(places) == list(range(n))
        assert sled.PH_MOVE in phases
        if game == sled.ST:
            assert sled.PH_START in phases


@pytest.mark.parametrize("game,n", [(sled.ST, 2), (sled.ST, 5), (sled.MM, 3), (sled.MM, 8)])
def test_bot_action_is_among_legal_actions(game, n):
    """In every phase met, the bot's action is one of sled.legal_actions (checked on a sample of states)."""
    track = _tracks(game)[0]
    seed = derive(b"bot-legal", game, n)
    seen_phases = set()

    def check(state, k):
        ph = state.public.phase
        if ph not in seen_phases or k % 7 == 0:
            seen_phases.add(ph)
            action = choose_action(state, Rand(derive(seed, "check", k)))
            assert action in sled.legal_actions(state), (ph, action)

    # mixed bots and random players, so that the bots meet odd positions (collisions, damage, refills)
    players = [choose_action if i % 2 == 0 else random_action for i in range(n)]
    _race(game, track, players, seed, on_state=check)
    assert sled.PH_MOVE in seen_phases


@pytest.mark.parametrize("game", [sled.ST, sled.MM])
def test_bot_meets_refill_choices(game):
    """Refill phases (discard down to 5, buildings, wrecks) are met and answered legally."""
    refills = []
    for i, track in enumerate(_tracks(game)):
        n = 5 if game == sled.ST else 4
        seed = derive(b"bot-refill", game, i)

        def check(state, k, seed=seed):
            if state.public.phase == sled.PH_REFILL:
                action = choose_action(state, Rand(derive(seed, "r", k)))
                assert isinstance(action, sled.Refill)
                assert action in sled.refill_options(state)
                need = state.public.refill
                if need.chapel:
                    assert action.chapel  # the chapel is always taken when offered
                if need.kennels:
                    assert action.kennels
                refills.append(action)

        players = [choose_action if j % 2 == 0 else random_action for j in range(n)]
        _race(game, track, players, seed, on_state=check)
    assert refills


def test_start_position_prefers_the_inside():
    """ST-S2: the first chooser takes the inside of the first corner (position 1)."""
    track = _tracks(sled.ST)[0]
    state = _new(sled.ST, track, 3, b"start")
    assert state.public.phase == sled.PH_START
    action = choose_action(state, Rand(b"x"))
    assert action == sled.ChooseStart(state.public.current, 1)


def test_random_action_is_legal():
    for game in (sled.ST, sled.MM):
        state = _race(game, _tracks(game)[0], [random_action, random_action], derive(b"random", game))
        assert state.is_over


# ---------------------------------------------------------------- strength
@pytest.mark.parametrize("game", [sled.ST, sled.MM])
def test_bot_beats_random(game):
    """Over 30 two-player races (seats alternating, tracks cycling) the bot wins at least 90%."""
    tracks = _tracks(game)
    races = 30
    wins = 0
    for i in range(races):
        bot_seat = i % 2
        players = [random_action, random_action]
        players[bot_seat] = choose_action
        state = _race(game, tracks[i % len(tracks)], players, derive(b"bot-vs-random", game, i))
        if sled.final_places(state)[0] == bot_seat:
            wins += 1
    assert wins >= 27, f"bot won {wins} of {races}"


def test_bots_avoid_damage():
    """All-bot Snow Tails races: no sled is eliminated, and damage stays low on average."""
    total = sleds = 0
    for i, track in enumerate(_tracks(sled.ST)):
        state = _race(sled.ST, track, [choose_action] * 4, derive(b"bot-damage", i))
        assert not state.public.eliminated
        total += sum(s.damage for s in state.public.sleds)
        sleds += 4
    assert total / sleds <= 2.0


# ----------------------------------------------------------------- privacy
@pytest.mark.parametrize("game,n", [(sled.ST, 4), (sled.MM, 6)])
def test_bot_does_not_read_other_private_parts(game, n):
    """With every other seat's private part removed (None) the bot still works and picks the same action."""
    track = _tracks(game)[-1]
    seed = derive(b"bot-private", game)
    checked = 0

    def check(state, k):
        nonlocal checked
        seat = state.public.current
        full = choose_action(state, Rand(derive(seed, "p", k)))
        hidden = choose_action(_hide_others(state, seat), Rand(derive(seed, "p", k)))
        assert full == hidden
        checked += 1

    _race(game, track, [choose_action] * n, seed, on_state=check)
    assert checked > 20


def test_bot_is_deterministic_given_rand():
    track = _tracks(sled.MM)[0]
    a = _race(sled.MM, track, [choose_action] * 5, b"same-seed")
    b = _race(sled.MM, track, [choose_action] * 5, b"same-seed")
    assert a.public == b.public


def test_bot_discards_what_the_chapel_leaves_to_discard():
    """MM-F3 and MM-R1: at a refill with the chapel, the collision cards go first, so a hand of 3 dog cards with 3
    collision cards must discard none (the engine's count: ``discard_range``), not the 1 it would without the
    chapel.  (Found by a tournament on the in-memory table, tests/match/test_match_tournament.py: the computer
    player discarded 1 and the engine refused its move.)"""
    track = _tracks(sled.MM)[0]
    state = _new(sled.MM, track, 3, derive(b"bot-chapel", 0))
    seat = state.public.current
    s = state.sled(seat)
    s = replace(s, hand=s.hand[:3], deck=s.deck + s.hand[3:], damage=3)
    sleds = tuple(s if i == seat else x for i, x in enumerate(state.public.sleds))
    need = sled.RefillNeed(seat, min_discard=1, max_discard=1, draw=True, chapel=True)
    state = replace(state, public=replace(state.public, sleds=sleds, phase=sled.PH_REFILL, refill=need))
    assert sled.discard_range(state, need, True) == (0, 0)
    action = choose_action(state, Rand(derive(b"bot-chapel", 1)))
    assert action.chapel and action.discard == ()
    after = sled.apply(state, action, Rand(derive(b"bot-chapel", 2)))  # (the engine takes it)
    assert after.sled(seat).damage == 0

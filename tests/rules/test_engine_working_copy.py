"""The engine's fast paths agree with their plain definitions, and apply never changes its input.

``apply`` works on a mutable working copy whose changed records are frozen
in place at the end, and race positions are counted instead of sorted
(snowp2p/games/sled/working.py, race.py).  These tests pin those shortcuts to the plain
definitions on every state of seeded random games of both games.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest

from rules_helpers import test_track
from snowp2p.games.sled import encoding
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled import race, working
from snowp2p.core.drbg import Rand, derive


def random_game(game: str, n: int, seed: int):
    """Every state of a game played with random legal actions, each with the action that followed it."""
    track = test_track(game, buildings=game == "mush")
    pick = Rand(derive(b"working-copy", game, n, seed))
    state = sled.new_game(game, track, [f"p{i}" for i in range(n)], Rand(derive(b"setup", seed)),
                          [derive(b"secret", seed, i) for i in range(n)])
    k = 0
    while not state.is_over:
        actions = sled.legal_actions(state)
        action = actions[pick.below(len(actions))]
        yield state, action, Rand(derive(b"turn", seed, k))
        state = sled.apply(state, action, Rand(derive(b"turn", seed, k)))
        k += 1
    yield state, None, None


GAMES = [("snowtails", n, seed) for n in (2, 5) for seed in range(3)] + \
        [("mush", n, seed) for n in (2, 8) for seed in range(3)]


@pytest.mark.parametrize("game,n,seed", GAMES)
def test_race_position_and_leader_match_the_ranking(game, n, seed):
    """TRK-15..17: race_position and the next-player choice (MM-O2) equal the sorted ranking, ties included."""
    for state, _, _ in random_game(game, n, seed):
        racing = sled.racing_seats(state)
        order = sled.ranking(state, racing)
        for seat in racing:
            assert sled.race_position(state, seat) == order.index(seat) + 1
        for seats in (racing, racing[1:], racing[::2], list(reversed(racing))):
            if seats:
                assert race._leader(state, seats) == sled.ranking(state, seats)[0]
        for s in state.public.sleds:
            if s.status != sled.RACING:
                with pytest.raises(ValueError):
                    sled.race_position(state, s.seat)


@pytest.mark.parametrize("game,n,seed", GAMES[::3])
def test_apply_leaves_its_input_state_as_it_was(game, n, seed):
    for state, action, r in random_game(game, n, seed):
        if action is None:
            break
        before = (copy.deepcopy(state.public), copy.deepcopy(state.private), encoding.encode_public(state.public))
        new = sled.apply(state, action, r)
        assert (state.public, state.private, encoding.encode_public(state.public)) == before
        assert new.public is not state.public


def test_a_frozen_twin_is_the_record_it_was_copied_from():
    s = sled.Sled(seat=1, name="a", hand=(3, 4), values=(1,) * 6)
    twin = working._WSled(s)
    twin.at, twin.hand = 7, (3,)
    frozen = twin.freeze()
    assert type(frozen) is sled.Sled
    assert frozen == dataclasses.replace(s, at=7, hand=(3,))
    assert hash(frozen) == hash(dataclasses.replace(s, at=7, hand=(3,)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        frozen.at = 8  # type: ignore[misc]
    assert s.at is None and s.hand == (3, 4)  # the copy's source is untouched


def test_track_rank_orders_the_spaces_as_rank_key():
    """TRK-15: the integer ``rank`` the engine compares is ``rank_key``'s order, ties included."""
    from snowp2p.games.sled.track import shipped_tracks

    for track in [test_track("snowtails"), test_track("mush", buildings=True), *shipped_tracks().values()]:
        keys, ranks = track.rank_key, track.rank
        assert len(ranks) == len(keys) == track.size
        by_key = sorted(range(track.size), key=lambda i: keys[i])
        for a, b in zip(by_key, by_key[1:], strict=False):
            assert (ranks[a] < ranks[b]) == (keys[a] < keys[b]) and (ranks[a] == ranks[b]) == (keys[a] == keys[b])

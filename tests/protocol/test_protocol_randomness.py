from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_helpers import GAME, fixed

from snowp2p.protocol.errors import RevealError
from snowp2p.protocol.randomness import (
    Rand,
    RevealVerifier,
    chain_reveal,
    chain_step,
    event_randomness,
    make_hash_chain,
)

SEED = fixed("seed")


def test_hash_chain_shape():
    links = make_hash_chain(SEED, 5, game_id=GAME, seat=1)
    assert len(links) == 6 and links[0] == SEED
    for a, b in zip(links, links[1:], strict=False):
        assert chain_step(GAME, 1, a) == b
    assert chain_reveal(links, 0) == links[4]
    assert chain_reveal(links, 4) == links[0]
    with pytest.raises(ValueError):
        chain_reveal(links, 5)


def test_chain_is_bound_to_game_and_seat():
    tip = make_hash_chain(SEED, 3, game_id=GAME, seat=1)[-1]
    assert tip != make_hash_chain(SEED, 3, game_id=GAME, seat=2)[-1]
    assert tip != make_hash_chain(SEED, 3, game_id=fixed("other"), seat=1)[-1]


def _verifier(n=6, seat=1):
    links = make_hash_chain(SEED, n, game_id=GAME, seat=seat)
    v = RevealVerifier(GAME)
    v.add_peer(seat, links[-1], n)
    return v, links


def test_successive_reveals_verify():
    v, links = _verifier()
    for e in range(6):
        v.check(1, e, chain_reveal(links, e))
        assert v.reveals(e) == {1: chain_reveal(links, e)}
        assert v.has_revealed(1, e)


def test_skipped_events_are_checked_by_hashing_further():
    v, links = _verifier()
    v.check(1, 2, chain_reveal(links, 2))
    v.check(1, 5, chain_reveal(links, 5))
    assert v.reveals(3) == {}
    assert v.reveals(5) == {1: links[0]}


def test_wrong_reveal_is_refused_and_state_kept():
    v, links = _verifier()
    with pytest.raises(RevealError, match="does not match"):
        v.check(1, 0, fixed("guess"))
    with pytest.raises(RevealError, match="does not match"):
        v.check(1, 1, chain_reveal(links, 0))  # right value, wrong event
    v.check(1, 0, chain_reveal(links, 0))


def test_reveal_order_and_limits():
    v, links = _verifier()
    v.check(1, 1, chain_reveal(links, 1))
    v.check(1, 1, chain_reveal(links, 1))  # idempotent re-check
    with pytest.raises(RevealError, match="already revealed"):
        v.check(1, 0, chain_reveal(links, 0))
    with pytest.raises(RevealError, match="ends before"):
        v.check(1, 6, SEED)
    with pytest.raises(RevealError, match="not committed"):
        v.check(2, 0, SEED)
    with pytest.raises(RevealError, match="already committed"):
        v.add_peer(1, links[-1], 6)


def test_event_randomness_is_order_independent_and_sensitive():
    a = {0: fixed("a"), 2: fixed("b"), 1: fixed("c")}
    b = dict(sorted(a.items()))
    r = event_randomness(3, a)
    assert len(r) == 32 and r == event_randomness(3, b)
    assert r != event_randomness(4, a)
    assert r != event_randomness(3, {0: fixed("a"), 2: fixed("b")})
    assert r != event_randomness(3, {0: fixed("a"), 2: fixed("c"), 1: fixed("b")})
    with pytest.raises(ValueError):
        event_randomness(3, {})


def test_rand_is_deterministic_and_seed_sensitive():
    assert [Rand(SEED).next_u64() for _ in range(3)] == [Rand(SEED).next_u64() for _ in range(3)]
    r1, r2 = Rand(SEED), Rand(SEED)
    assert [r1.below(10) for _ in range(50)] == [r2.below(10) for _ in range(50)]
    assert [Rand(b"x").below(1000) for _ in range(5)] != [Rand(b"y").below(1000) for _ in range(5)]


def test_rand_below_edges():
    r = Rand(SEED)
    assert r.below(1) == 0
    assert 0 <= r.below(2**64) < 2**64
    for bad in (0, -1, 2**64 + 1, True, 2.0):
        with pytest.raises(ValueError):
            r.below(bad)


def test_rand_below_rejects_biased_words():
    # n = 2**63 + 1 rejects words >= 2**63 + 1: results stay below n and some words are skipped.
    r = Rand(SEED)
    n = 2**63 + 1
    values = [r.below(n) for _ in range(20)]
    assert all(0 <= v < n for v in values)
    raw = Rand(SEED)
    words = [raw.next_u64() for _ in range(60)]
    assert values == [w for w in words if w < n][:20]


def test_rand_below_is_roughly_uniform():
    r = Rand(SEED)
    counts = Counter(r.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values())


def test_shuffle_is_a_deterministic_permutation():
    items = list(range(30))
    a = Rand(SEED).shuffled(items)
    assert sorted(a) == items and a != items
    assert a == Rand(SEED).shuffled(items)
    b = list(items)
    Rand(SEED).shuffle(b)
    assert a == b
    assert Rand(SEED).shuffled([]) == [] and Rand(SEED).shuffled(["x"]) == ["x"]


def test_choice_randint_derive():
    r = Rand(SEED)
    assert r.choice("abc") in "abc"
    assert 5 <= r.randint(5, 7) <= 7
    with pytest.raises(ValueError):
        r.choice([])
    d1, d2 = Rand(SEED).derive("deck"), Rand(SEED).derive("deck")
    assert d1.next_u64() == d2.next_u64()
    assert Rand(SEED).derive("deck").next_u64() != Rand(SEED).derive("bots").next_u64()


@given(st.binary(max_size=40), st.lists(st.integers(1, 2**64), min_size=1, max_size=20))
def test_below_in_range_and_deterministic(seed, ns):
    a, b = Rand(seed), Rand(seed)
    out_a = [a.below(n) for n in ns]
    assert out_a == [b.below(n) for n in ns]
    assert all(0 <= v < n for v, n in zip(out_a, ns, strict=True))


@given(st.binary(max_size=40), st.lists(st.integers(), max_size=40))
def test_shuffle_property(seed, items):
    out = Rand(seed).shuffled(items)
    assert Counter(out) == Counter(items)


@given(seed=st.binary(min_size=32, max_size=32), game=st.binary(min_size=32, max_size=32),
       seat=st.integers(0, 7), n=st.integers(1, 40))
def test_fast_hash_chain_equals_step_by_step_h(seed, game, seat, n):
    """make_hash_chain's loop (a per-seat SHA-256 prefix, copied) gives the same links as h step by step."""
    from snowp2p.protocol.crypto import h

    links = make_hash_chain(seed, n, game_id=game, seat=seat)
    value = seed
    for i in range(1, n + 1):
        value = h("snowp2p/chain/v1", game, seat, value)
        assert links[i] == value == chain_step(game, seat, links[i - 1])

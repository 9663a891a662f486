"""Canonical encoding and hash of the sled games' public state (snowp2p/games/sled/encoding.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_helpers import test_track
from snowp2p.games.sled import encoding
from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand, derive

import os

SCALE = max(1, int(os.environ.get("SNOWP2P_HYPOTHESIS_SCALE", "1") or 1))
TRACKS = {"snowtails": test_track("snowtails"), "mush": test_track("mush", buildings=True)}

small = st.integers(-1, 300)
ids = st.lists(st.integers(0, 60), max_size=12).map(tuple)
names = st.text(min_size=0, max_size=12)

_SLED_STRATEGIES = dict(
    seat=st.integers(0, 7), name=names, at=st.none() | st.integers(0, 400),
    left=ids, right=ids, brake=st.integers(0, 5), die=st.none() | st.integers(1, 6), hand=ids, deck=ids,
    discard=ids, aside=ids, values=st.lists(st.integers(-1, 5), max_size=40).map(tuple),
    damage=st.integers(0, 40), first_turn=st.booleans(), status=st.sampled_from(["racing", "finished", "eliminated"]),
    repair=st.booleans(), start=st.integers(0, 8), generation=st.integers(0, 50),
    gen_starts=st.lists(st.integers(1, 40), max_size=4).map(lambda xs: (0,) + tuple(sorted(set(xs)))))
# only the fields the engine's Sled has (it evolves)
sleds = st.builds(sled.Sled, **{k: v for k, v in _SLED_STRATEGIES.items() if k in sled.Sled.__dataclass_fields__})
refills = st.none() | st.builds(sled.RefillNeed, seat=st.integers(0, 7), min_discard=st.integers(0, 7),
                                max_discard=st.integers(0, 7), draw=st.booleans(), chapel=st.booleans(),
                                kennels=st.booleans(), wreck=st.booleans())
publics = st.builds(
    sled.Public, game=st.sampled_from(["snowtails", "mush"]), sleds=st.lists(sleds, max_size=8).map(lambda xs: tuple(replace(x, seat=i) for i, x in enumerate(xs))),
    trees=st.frozensets(st.integers(0, 400), max_size=20),
    phase=st.sampled_from(["choose_start", "move", "refill", "over"]), current=st.integers(-1, 7),
    round=st.integers(1, 200), order=st.lists(st.integers(0, 7), max_size=8).map(tuple),
    choosers=st.lists(st.integers(0, 7), max_size=5).map(tuple), refill=refills,
    places=st.lists(st.integers(0, 7), max_size=8).map(tuple),
    eliminated=st.lists(st.integers(0, 7), max_size=8).map(tuple), crossed=st.booleans(),
    turn=st.integers(0, 10_000), last_event=st.text(max_size=20))


@settings(max_examples=200 * SCALE, deadline=None)
@given(publics)
def test_roundtrip_generated_public(pub):
    data = encoding.encode_public(pub)
    back = encoding.decode_public(data)
    assert back == pub
    assert encoding.encode_public(back) == data  # canonical: same bytes again


@settings(max_examples=20 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["snowtails", "mush"]), n=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       data=st.data())
def test_roundtrip_states_of_random_play(game, n, seed, data):
    gs = derive(b"enc", seed)
    state = sled.new_game(game, TRACKS[game], [f"p{i}" for i in range(n)], Rand(gs),
                          [derive(gs, i) for i in range(n)])
    steps = data.draw(st.integers(0, 40), label="steps")
    for k in range(steps):
        if state.is_over:
            break
        acts = sled.legal_actions(state)
        state = sled.apply(state, acts[data.draw(st.integers(0, len(acts) - 1), label="choice")],
                           Rand(derive(gs, k)))
        pub = state.public
        data_ = encoding.encode_public(pub)
        assert encoding.decode_public(data_) == pub
        h = encoding.state_hash(state)
        assert len(h) == 32 and h == encoding.state_hash(state)


def _state(game="mush", n=3):
    gs = derive(b"enc-fixed", game)
    return sled.new_game(game, TRACKS[game], [f"p{i}" for i in range(n)], Rand(gs), [derive(gs, i) for i in range(n)])


def _with_sled(state, seat, **kw):
    sl = list(state.public.sleds)
    sl[seat] = replace(sl[seat], **kw)
    return replace(state, public=replace(state.public, sleds=tuple(sl)))


def _with_pub(state, **kw):
    return replace(state, public=replace(state.public, **kw))


CHANGES = [
    ("sled0", lambda s: _with_sled(s, 0, damage=s.sled(0).damage + 1)),
    ("sled1", lambda s: _with_sled(s, 1, die=6)),
    ("sled2", lambda s: _with_sled(s, 2, hand=s.sled(2).hand[1:])),
    ("sled2", lambda s: _with_sled(s, 2, name="other")),
    ("sled1", lambda s: _with_sled(s, 1, repair=True)),
    ("board", lambda s: _with_pub(s, trees=frozenset(list(s.public.trees)[1:]))),
    ("turn", lambda s: _with_pub(s, turn=s.public.turn + 1)),
    ("turn", lambda s: _with_pub(s, current=(s.public.current + 1) % 3)),
    ("turn", lambda s: _with_pub(s, crossed=True)),
]


def test_state_hash_32_bytes_and_stable():
    s = _state()
    h = encoding.state_hash(s)
    assert isinstance(h, bytes) and len(h) == 32
    assert encoding.state_hash(_state()) == h
    assert encoding.state_hash(s, b"head") != h
    assert set(encoding.section_hashes(s.public)) == {"turn", "board", "sled0", "sled1", "sled2"}


@pytest.mark.parametrize("section,change", CHANGES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CHANGES)])
def test_any_section_change_changes_hash_and_is_named(section, change):
    s = _state()
    t = change(s)
    assert t.public != s.public
    assert encoding.state_hash(t) != encoding.state_hash(s)
    a, b = encoding.section_hashes(s.public), encoding.section_hashes(t.public)
    assert [k for k in a if a[k] != b[k]] == [section]


def test_last_event_is_not_part_of_the_hash():
    s = _state()
    t = _with_pub(s, last_event="something happened")
    assert encoding.state_hash(t) == encoding.state_hash(s)


def test_hash_covers_rules_and_track():
    s = _state()
    assert encoding.state_hash(replace(s, rules=replace(s.rules, max_rounds=99))) != encoding.state_hash(s)
    assert encoding.state_hash(replace(s, track=test_track("mush"))) != encoding.state_hash(s)


def test_decode_refuses_other_format():
    import msgpack
    s = _state()
    turn, board, sleds_ = msgpack.unpackb(encoding.encode_public(s.public), raw=False)
    turn[0] = encoding.FORMAT + 1
    with pytest.raises(ValueError):
        encoding.decode_public(msgpack.packb([turn, board, sleds_], use_bin_type=True))

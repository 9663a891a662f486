"""The decoder's fast path takes exactly what the strict path takes, and gives the same message (issue 22).

``decode_signed`` tries every frame on ``_decode_usual`` (one parse, the body's key tuple looked up among its
type's sorted shapes, the frame's headers proved minimal by its length) and falls back on ``_decode_strict``
(every check in order, the failure named).  The fast path must never accept what the strict one refuses, and
what it accepts must be the same message; and it must be the path every real message takes.
"""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.fuzz import examples, mutate
from kit.table import KINDS, Table
from protocol_helpers import GAME, IDS, fixed
from test_protocol_messages import EXAMPLES, _sign

from snowp2p.protocol.errors import ProtocolError
from snowp2p.protocol.messages import (
    PROTOCOL_VERSION, SIG_CONTEXT, ZERO_HASH, Reveal, _decode_strict, _decode_usual, decode_signed,
)

B = fixed("b")
LOGS = {game: Table(game, 3, "decode fast").play().records(0) for game in KINDS}
PAYLOADS = [_sign(s, b) for s, b in EXAMPLES] + [r for recs in LOGS.values() for r in recs]


def _same(fast, strict) -> None:
    assert fast.envelope == strict.envelope
    assert type(fast.body) is type(strict.body)
    assert fast.signature == strict.signature and fast.envelope_bytes == strict.envelope_bytes
    assert fast.payload == strict.payload and fast.digest == strict.digest


def _agree(payload: bytes) -> None:
    """The fast path is None, or the strict path's message; where the strict path refuses, it is None."""
    fast = _decode_usual(payload)
    try:
        strict = _decode_strict(payload)
    except ProtocolError:
        assert fast is None
        return
    if fast is not None:
        _same(fast, strict)


@pytest.mark.parametrize("game", KINDS)
def test_every_message_of_a_real_game_takes_the_fast_path(game):
    for rec in LOGS[game]:
        fast = _decode_usual(rec)
        assert fast is not None, _decode_strict(rec).type
        _same(fast, _decode_strict(rec))
        assert decode_signed(rec).envelope == fast.envelope


def test_every_example_type_agrees():
    for payload in PAYLOADS:
        _agree(payload)


@examples(400)
@given(st.sampled_from(PAYLOADS), st.data())
def test_mutated_payloads_agree(payload, data):
    bad, _ = mutate(data, payload)
    _agree(bad)


def _reveal_env(seq: int, event: int, int_head: bytes | None = None) -> bytes:
    env = msgpack.packb([PROTOCOL_VERSION, GAME, 1, seq, B if seq else ZERO_HASH, "reveal",
                         {"event": event, "preimage": B}], use_bin_type=True)
    if int_head is not None:  # the same value in a longer (int16: d1) or same-length signed header
        env = env.replace(b"\xcd" + seq.to_bytes(2, "big"), int_head + seq.to_bytes(2, "big"), 1)
    return env


def _payload(env: bytes, sig_head: bytes = b"\xc4\x40") -> bytes:
    sig = IDS[1].sign(SIG_CONTEXT + env)
    return b"\x92" + (b"\xc4" + bytes([len(env)]) if len(env) < 256 else b"\xc5" + len(env).to_bytes(2, "big")) \
        + env + sig_head + sig


def test_a_signed_int_of_the_same_length_is_refused_on_both_paths():
    """A seq of 300 as int16 (d1 01 2c) is as long as the canonical uint16 (cd 01 2c): only re-packing tells."""
    good = _payload(_reveal_env(300, 4))
    assert _decode_usual(good) is not None
    bad = _payload(_reveal_env(300, 4, b"\xd1"))
    assert bad != good and len(bad) == len(good)
    assert _decode_usual(bad) is None
    with pytest.raises(ProtocolError, match="canonical"):
        decode_signed(bad)


def test_longer_headers_unsorted_and_duplicate_keys_are_refused_on_both_paths():
    env = _reveal_env(3, 4)
    for bad in (_payload(env, b"\xc5\x00\x40"),  # the signature in a bin 16
                b"\xdc\x00\x02" + _payload(env)[1:],  # the frame in an array 16
                _payload(env.replace(b"\xa5event\x04", b"\xa5event\xcc\x04"))):  # a uint8 for 4
        assert _decode_usual(bad) is None
        with pytest.raises(ProtocolError):
            decode_signed(bad)
    unsorted = msgpack.packb([PROTOCOL_VERSION, GAME, 1, 3, B, "reveal", {"preimage": B, "event": 4}],
                             use_bin_type=True)
    sections = msgpack.packb([PROTOCOL_VERSION, GAME, 1, 3, B, "ack",
                              {"sections": {"track": B, "hands": B}, "state": B, "turn": 2}], use_bin_type=True)
    for env in (unsorted, sections):
        assert _decode_usual(_payload(env)) is None
        with pytest.raises(ProtocolError, match="canonical"):
            decode_signed(_payload(env))
    ok = decode_signed(_sign(1, Reveal(4, B)))
    assert _decode_usual(ok.payload) is not None

"""Fuzzing the network boundary: frames (`FrameDecoder`, `Conn.recv`), messages (`decode_signed`), and a
session's intake (`Session.check`).

tests/protocol already feeds arbitrary bytes to FrameDecoder and decode_signed
and mutates one example of each message type; here: structure-aware
envelopes (real field names, plausible and hostile values, canonical or
not), the decoder's state after an error, the real Conn over a stream, and
every record of a real game mutated and fed to a session at that point.
"""

from __future__ import annotations

import copy
import io

import msgpack
import trio
import trio.testing
import pytest
from hypothesis import given
from hypothesis import strategies as st


from kit.fuzz import VECTOR_LOG, examples, mutate, values
from kit.table import KINDS, Table
from snowp2p.net.conn import Conn, ConnectionClosed
from snowp2p.protocol.errors import FrameError, ProtocolError
from snowp2p.protocol.framing import HEADER_SIZE, FrameDecoder, encode_frame
from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import BODY_TYPES, decode_signed, encode_envelope, pack_canonical
from snowp2p.protocol import session as S
from kit.sessions import session_for

RECORDS = read_log(io.BytesIO(VECTOR_LOG.read_bytes())).records
ROSTER = decode_signed(RECORDS[0])
TRACK = None  # the roster carries its track
_LOGS: dict[str, list[bytes]] = {}


def game_log(game: str) -> list[bytes]:
    """A real game's log records: the protocol vector's game (Mush! Mush!), or for every other registered game,
    seat 0's log of a game of computer players on the in-memory table (tests/kit/table.py)."""
    if game not in _LOGS:
        _LOGS[game] = RECORDS if game == ROSTER.body.kind else Table(game, 3, "fuzz wire").play().records(0)
    return _LOGS[game]


# ------------------------------------------------------------------ frames
@examples(300)
@given(st.integers(1, 300), st.lists(st.binary(max_size=120), max_size=8))
def test_decoder_bounds_its_buffer_and_stays_failed(max_frame, chunks):
    dec = FrameDecoder(max_frame)
    failed = False
    for chunk in chunks:
        try:
            frames = dec.feed(chunk)
        except FrameError as e:
            assert all(1 <= len(f) <= max_frame for f in e.frames)
            failed = True
            continue
        assert not failed, "a failed decoder accepted more input"
        assert all(1 <= len(f) <= max_frame for f in frames)
        assert dec.buffered <= max(HEADER_SIZE, max_frame)  # never more than one frame held


async def _conn_frames(data_chunks: list[bytes], max_frame: int):
    """Frames Conn.recv yields for these chunks (written then EOF), and how it ended."""
    send, recv = trio.testing.memory_stream_pair()
    conn = Conn(recv, "fuzz", max_frame=max_frame, burst=10_000)
    for c in data_chunks:
        if c:
            await send.send_all(c)
    await send.aclose()
    got = []
    while True:
        try:
            got.append(await conn.recv())
        except ConnectionClosed:
            return got, "closed"
        except FrameError:
            return got, "frame error"


@examples(150)
@given(st.integers(1, 200), st.lists(st.binary(max_size=80), max_size=6))
def test_conn_recv_raises_only_frame_error_or_closed(max_frame, chunks):
    got, how = trio.run(_conn_frames, chunks, max_frame)
    # the Conn delivers exactly the frames a FrameDecoder finds in the same bytes, in order
    dec = FrameDecoder(max_frame)
    try:
        want = dec.feed(b"".join(chunks))
    except FrameError as e:
        want = e.frames
    assert got == want, (got, want, how)


@examples(100)
@given(st.lists(st.binary(min_size=1, max_size=50), min_size=1, max_size=6), st.data())
def test_conn_reassembles_any_chunking(payloads, data):
    blob = b"".join(encode_frame(p) for p in payloads)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(blob)), max_size=8)))
    chunks = [blob[a:b] for a, b in zip([0] + cuts, cuts + [len(blob)], strict=True)]
    got, how = trio.run(_conn_frames, chunks, 1000)
    assert got == payloads and how == "closed"


# ------------------------------------------------------------------ messages
def _base_envelopes() -> list:
    """Valid raw envelopes (msgpack-decoded) of every message type: a real game's records, plus lobby
    and absence messages built here."""
    from snowp2p.protocol.crypto import Identity
    from snowp2p.protocol.messages import (Absent, Challenge, Envelope, Hello, Join, Refuse, Vote, Welcome,
                                           ZERO_HASH)

    ident = Identity.from_seed(bytes(32))
    game = b"\x07" * 32
    seen, out = set(), []
    for rec in RECORDS:
        m = decode_signed(rec)
        if m.type not in seen or len(out) < 40:
            seen.add(m.type)
            out.append(msgpack.unpackb(m.envelope_bytes, raw=False))
    built = [
        Envelope(ZERO_HASH, 255, 0, ZERO_HASH, Hello("ann", ident.public_key, b"\x01" * 32, 47470)),
        Envelope(game, 0, 0, ZERO_HASH, Challenge(ident.public_key, b"\x02" * 32, "snowtails", b"B" + b"\x09" * 32)),
        Envelope(game, 255, 0, ZERO_HASH, Join(b"A" + b"\x0a" * 32, b"\x03" * 32)),
        Envelope(game, 0, 0, ZERO_HASH, Welcome(2, b"\x04" * 32)),
        Envelope(game, 0, 0, ZERO_HASH, Refuse("the game is full")),
        Envelope(game, 2, 0, ZERO_HASH, S.Link(2, 7)),
        Envelope(game, 1, 9, b"\x05" * 32, Absent(2, 4, 11)),
        Envelope(game, 1, 10, b"\x06" * 32, Vote(2, "bot", 11)),
        Envelope(game, 1, 11, b"\x08" * 32, S.Evidence((RECORDS[1], RECORDS[2]))),
    ]
    out += [msgpack.unpackb(encode_envelope(e), raw=False) for e in built]
    return out


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))


def _sorted(obj):
    if isinstance(obj, dict):
        return {k: _sorted(obj[k]) for k in sorted(obj, key=lambda k: (str(type(k)), k))}
    if isinstance(obj, list):
        return [_sorted(v) for v in obj]
    return obj


@st.composite
def raw_envelopes(draw):
    """A valid envelope with 0-3 structural edits: a value replaced (often by one of the same type), a map
    key removed or added, a list item removed or duplicated."""
    env = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(0, 3))):
        paths = list(_paths(env))[1:]
        path = draw(st.sampled_from(paths))
        parent = env
        for p in path[:-1]:
            parent = parent[p]
        key = path[-1]
        old = parent[key]
        op = draw(st.sampled_from(["replace", "near", "remove", "add", "dup"]))
        if op == "near" and type(old) is int:
            parent[key] = old + draw(st.integers(-2, 2)) if draw(st.booleans()) else draw(st.integers(-1, 2**33))
        elif op == "near" and type(old) is bytes:
            parent[key] = old[:-1] if draw(st.booleans()) else old + draw(st.binary(min_size=1, max_size=2))
        elif op == "near" and type(old) is str:
            parent[key] = old + draw(st.text(max_size=3))
        elif op == "remove" and isinstance(parent, dict) and len(path) > 1:
            del parent[key]
        elif op == "remove" and isinstance(parent, list) and len(path) > 1:
            del parent[key]
        elif op == "add" and isinstance(old, dict):
            old[draw(st.text(max_size=6) | st.sampled_from(sorted({k for b in BASES if isinstance(b[-1], dict)
                                                                  for k in b[-1]})))] = draw(values)
        elif op == "dup" and isinstance(parent, list) and len(path) > 1:
            parent.insert(key, copy.deepcopy(old))
        else:
            parent[key] = draw(values)
    return env


@examples(400)
@given(raw_envelopes(), st.booleans(), st.binary(min_size=64, max_size=64) | st.binary(max_size=70))
def test_structured_envelopes_never_crash_and_accepted_ones_re_encode(env, sort_keys, sig):
    if sort_keys:
        env = _sorted(env)
    try:
        env_bytes = msgpack.packb(env, use_bin_type=True)
    except (TypeError, ValueError, OverflowError):
        return  # not packable at all
    for payload in (msgpack.packb([env_bytes, sig], use_bin_type=True), env_bytes):
        try:
            msg = decode_signed(payload)
        except ProtocolError as e:
            assert str(e)
            continue
        assert encode_envelope(msg.envelope) == msg.envelope_bytes == env_bytes
        assert pack_canonical([msg.envelope_bytes, msg.signature]) == payload
        assert msg.type in BODY_TYPES and type(msg.body) is BODY_TYPES[msg.type]


BASES = _base_envelopes()


# ------------------------------------------------------------------ session intake
_OBSERVERS: dict[tuple[str, int], S.Session] = {}


def observer_after(k: int, game: str = "mush") -> S.Session:
    """A fresh copy of an auditor's session that has accepted records[1:k] of ``game``'s log (cached)."""
    if (game, k) not in _OBSERVERS:
        records = game_log(game)
        obs = session_for(decode_signed(records[0]), TRACK)
        for rec in records[1:k]:
            obs.receive(rec)
        _OBSERVERS[(game, k)] = obs
    return copy.deepcopy(_OBSERVERS[(game, k)])


@pytest.mark.parametrize("game", KINDS)
@examples(300)
@given(st.data())
def test_session_check_of_a_mutated_record_never_crashes(game, data):
    """A record of a real game, mutated, arriving where it belongs: Session.check raises only ProtocolError
    (bad bytes) or Halted (a provable offence); a refused frame leaves every chain as it was."""
    records = game_log(game)
    k = data.draw(st.integers(1, len(records) - 1), label="record")
    obs = observer_after(k, game)
    payload, _ = mutate(data, records[k])
    before = {seat: obs.chain.next_seq(seat) for seat in range(obs.n)}
    from_seat = data.draw(st.none() | st.integers(0, obs.n - 1), label="from_seat")
    try:
        msg = obs.check(payload, from_seat=from_seat)
    except S.Halted as h:
        assert str(h.reason) and h.reason is obs.halted
        return
    except ProtocolError as e:
        assert str(e)
        assert {seat: obs.chain.next_seq(seat) for seat in range(obs.n)} == before
        return
    if msg is not None:  # a mutation that still is a valid, correctly signed next message: only the original
        assert payload == records[k]

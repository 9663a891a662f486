"""The secure channel (snowp2p/net/secure.py) over in-memory streams: what it carries, and what it refuses."""

from __future__ import annotations

import os

import pytest
import trio
import trio.testing

from snowp2p.net import secure
from snowp2p.net.conn import Conn, ConnectionClosed
from snowp2p.protocol.framing import MAX_FRAME

GAME = bytes(range(32))


async def pair(game_a: bytes = GAME, game_b: bytes = GAME):
    a_raw, b_raw = trio.testing.memory_stream_pair()
    out = {}

    async def accept():
        first, rest = await secure.read_first(b_raw)
        out["b"] = await secure.accept_channel(b_raw, game_b, first, rest)

    async with trio.open_nursery() as n:
        n.start_soon(accept)
        out["a"] = await secure.dial_channel(a_raw, game_a)
    return out["a"], out["b"]


async def test_frames_of_every_size_go_through_and_both_ends_agree_on_the_binding():
    a, b = await pair()
    assert a.handshake_hash == b.handshake_hash
    assert a.my_nonce == b.their_nonce and a.their_nonce == b.my_nonce and a.my_nonce != a.their_nonce
    ca, cb = Conn(a), Conn(b)
    for payload in (b"x", os.urandom(300), os.urandom(MAX_FRAME - 1), os.urandom(MAX_FRAME)):
        await ca.send(payload)
        assert await cb.recv() == payload
        await cb.send(payload)
        assert await ca.recv() == payload
    assert a.records_out >= 5  # the two largest frames took two records each


async def test_a_channel_between_two_games_does_not_open():
    """The prologue holds the game id: a dialer of another game fails the handshake (it is authenticated
    by Noise's second message)."""
    a_raw, b_raw = trio.testing.memory_stream_pair()

    async def accept():
        first, rest = await secure.read_first(b_raw)
        await secure.accept_channel(b_raw, bytes(32), first, rest)

    async with trio.open_nursery() as n:
        n.start_soon(accept)
        with pytest.raises(secure.ChannelError):
            await secure.dial_channel(a_raw, GAME)
        n.cancel_scope.cancel()


class Tamper(trio.abc.Stream):
    """Passes bytes on, changing them as ``edit`` says (the network in the middle)."""

    def __init__(self, inner, edit):
        self.inner, self.edit, self.count = inner, edit, 0

    async def send_all(self, data):
        self.count += 1
        await self.inner.send_all(self.edit(self.count, bytes(data)))

    async def wait_send_all_might_not_block(self):
        pass

    async def receive_some(self, max_bytes=None):
        return await self.inner.receive_some(max_bytes)

    async def aclose(self):
        await self.inner.aclose()


@pytest.mark.parametrize("how", ["flip", "inject", "lose", "replay"])
async def test_a_changed_injected_lost_or_replayed_record_breaks_the_connection(how):
    a, b = await pair()
    seen = []

    def edit(n, data):
        seen.append(data)
        if n != 2:
            return data
        if how == "flip":
            return data[:10] + bytes([data[10] ^ 4]) + data[11:]
        if how == "inject":
            return (20).to_bytes(4, "big") + os.urandom(20) + data
        if how == "lose":
            return b""
        return seen[0]  # the first record again

    a.raw = Tamper(a.raw, edit)
    ca, cb = Conn(a), Conn(b)
    await ca.send(b"one")
    assert await cb.recv() == b"one"
    await ca.send(b"two")
    await ca.send(b"three")
    got = []
    with pytest.raises(ConnectionClosed, match="integrity check"):
        for _ in range(2):
            got.append(await cb.recv())
    assert got == []  # nothing after the tampering is used


async def test_an_oversized_record_header_breaks_the_connection():
    a, b = await pair()
    await a.raw.send_all((secure.MAX_RECORD + 1).to_bytes(4, "big") + b"\x00" * 16)
    with pytest.raises(ConnectionClosed, match="exceeds the 65535-byte limit"):
        await Conn(b).recv()


async def test_a_malformed_handshake_is_a_channel_error():
    a_raw, b_raw = trio.testing.memory_stream_pair()
    with pytest.raises(secure.ChannelError):
        await secure.accept_channel(b_raw, GAME, b"\x01" * 5)


class _Tape:
    """A raw stream end that records what is written to it and, read, gives back ``data`` then EOF."""

    def __init__(self, data: bytes = b""):
        self.written = bytearray()
        self.data = data

    async def send_all(self, data) -> None:
        self.written += data

    async def receive_some(self, max_bytes=None) -> bytes:
        data, self.data = self.data, b""
        return data


def _twin_channels():
    """Two dialer-side channels with the same fixed ephemeral keys (so the same record keys), and the
    acceptor's Noise state for reading what they write."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ends = []
        for _ in range(2):
            d, a = secure._noise(True, GAME, bytes([1]) * 32), secure._noise(False, GAME, bytes([2]) * 32)
            a.read_message(d.write_message())
            d.read_message(a.write_message())
            tape = _Tape()
            ends.append((secure.SecureStream(tape, d, secure._Reader(tape), True), tape, a))
    return ends


async def test_a_batch_of_frames_is_the_same_bytes_as_frames_sent_one_by_one():
    """Conn.send_many (NetGame's sender: what is queued for a link goes in one write) seals each frame in
    its own record(s), so the wire carries exactly what send() one by one would have sent."""
    (one, tape1, acceptor), (batch, tape2, _) = _twin_channels()
    payloads = [b"x", os.urandom(300), os.urandom(MAX_FRAME), os.urandom(40)]
    for p in payloads:
        await Conn(one).send(p)
    await Conn(batch).send_many(payloads)
    assert bytes(tape2.written) == bytes(tape1.written) and len(tape1.written) > MAX_FRAME
    assert batch.records_out == one.records_out == 5  # one record a frame, two for the largest
    tape = _Tape(bytes(tape2.written))
    reader = Conn(secure.SecureStream(tape, acceptor, secure._Reader(tape), False))
    assert [await reader.recv() for _ in payloads] == payloads


async def test_a_batch_on_a_plain_stream_is_the_frames_back_to_back():
    tape = _Tape()
    await Conn(tape).send_many([b"ab", b"c"])
    assert bytes(tape.written) == b"\x00\x00\x00\x02ab\x00\x00\x00\x01c"

"""The secure channel's direct paths over a real socket (issue 22): ``Conn.send_nowait`` (a turn's message handed
to every link from the task that made it) and the reader that reads the socket itself.  The bytes on the wire
are those of the usual path (byte for byte, from the same keys), what the socket does not take at once goes out
first on the next send, and a reader fed without pause still lets the other tasks run."""

from __future__ import annotations

import os
import socket
import warnings

import trio

from snowp2p.net import secure
from snowp2p.net.conn import Conn
from snowp2p.protocol.framing import MAX_FRAME
import trio.lowlevel

GAME = bytes(range(32))


class _Tape:
    """A raw stream end that records what is written to it (the usual path's bytes)."""

    def __init__(self):
        self.written = bytearray()

    async def send_all(self, data) -> None:
        self.written += data


def _keys():
    """A dialer's and an acceptor's Noise states after a handshake from fixed ephemeral keys."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d, a = secure._noise(True, GAME, bytes([1]) * 32), secure._noise(False, GAME, bytes([2]) * 32)
    a.read_message(d.write_message())
    d.read_message(a.write_message())
    return d, a


def _socket_pair():
    """Two trio socket streams, connected (a socketpair: the same code path as TCP for these streams)."""
    x, y = socket.socketpair()
    return trio.SocketStream(trio.socket.from_stdlib_socket(x)), trio.SocketStream(trio.socket.from_stdlib_socket(y))


async def _read_exactly(stream: trio.SocketStream, n: int) -> bytes:
    out = bytearray()
    while len(out) < n:
        data = await stream.receive_some(65536)
        assert data, "the connection closed early"
        out += data
    return bytes(out)


async def _read_while(reader: Conn, count: int, send) -> list[bytes]:
    """``count`` frames read from ``reader`` while ``send()`` runs."""
    got: list[bytes] = []
    async with trio.open_nursery() as n:

        async def read():
            for _ in range(count):
                got.append(await reader.recv())

        n.start_soon(read)
        await send()
    return got


async def test_frames_sent_without_waiting_are_the_bytes_of_the_usual_send():
    payloads = [b"x", os.urandom(300), os.urandom(MAX_FRAME), os.urandom(40)]
    tape = _Tape()
    usual = Conn(secure.SecureStream(tape, _keys()[0], secure._Reader(tape), True))
    await usual.send_many(payloads)
    near, far = _socket_pair()
    sec = secure.SecureStream(near, _keys()[0], secure._Reader(near), True)
    direct = Conn(sec)
    async with trio.open_nursery() as n:
        got = {}

        async def read():
            got["bytes"] = await _read_exactly(far, len(tape.written))

        n.start_soon(read)
        assert direct.send_nowait(payloads) is True  # taken: written, or kept for the next send
        await direct.flush()
    assert got["bytes"] == bytes(tape.written)
    assert sec.records_out == 5 and sec.pending == 0


async def test_what_the_socket_does_not_take_goes_first_on_the_next_send():
    near, far = _socket_pair()
    d, a = _keys()
    direct = Conn(secure.SecureStream(near, d, secure._Reader(near), True))
    reader = Conn(secure.SecureStream(far, a, secure._Reader(far), False), byte_burst=float(1 << 30))
    big = [os.urandom(MAX_FRAME) for _ in range(64)]  # 4 MiB: more than a socket buffer takes unread
    assert direct.send_nowait(big) is True
    assert direct.pending > 0  # the rest waits in the stream, in order
    assert direct.send_nowait([b"later"]) is False  # nothing is sealed past what is pending: the caller sends
    async def send():
        await direct.send(b"after")  # the pending records first, then this one
        await direct.send_many([b"last"])

    assert await _read_while(reader, len(big) + 2, send) == big + [b"after", b"last"]
    assert direct.pending == 0


async def test_a_reader_fed_without_pause_still_lets_other_tasks_run():
    """Every frame is in the socket before the reader starts, so its reads never wait: it must still yield after
    each read (as trio's own receive does), or a flooding peer would hold this whole peer."""
    near, far = _socket_pair()
    for s in (near.socket, far.socket):
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
    d, a = _keys()
    sender = Conn(secure.SecureStream(near, d, secure._Reader(near), True))
    reader = Conn(secure.SecureStream(far, a, secure._Reader(far), False))
    frames = [os.urandom(1000) for _ in range(200)]  # ~200 KB: several 64 KiB reads
    assert sender.send_nowait(frames) is True and sender.pending == 0  # all in the socket already
    ticks: list[int] = []
    reads: list[bytes] = []
    async with trio.open_nursery() as n:

        async def ticker():
            while True:
                ticks.append(len(reads))
                await trio.lowlevel.checkpoint()

        n.start_soon(ticker)
        for _ in frames:
            reads.append(await reader.recv())
        n.cancel_scope.cancel()
    assert reads == frames
    # the ticker ran while the frames were being read, not only before the first or after the last
    assert any(0 < t < len(frames) for t in ticks), ticks


async def test_a_send_cancelled_before_it_starts_seals_nothing():
    """SPEC 17 (a spectator dropped while its feed was about to send is still told why): a send whose scope is
    already cancelled raises Cancelled and seals no record, so the next frame still opens at the far end (a
    record sealed but never written would shift every later nonce: the far end could open nothing more)."""
    near, far = _socket_pair()
    d, a = _keys()
    sender = Conn(secure.SecureStream(near, d, secure._Reader(near), True))
    reader = Conn(secure.SecureStream(far, a, secure._Reader(far), False))
    with trio.CancelScope() as scope:
        scope.cancel()
        await sender.send_many([b"never", b"sent"])
    with trio.CancelScope() as scope:
        scope.cancel()
        await sender.send(b"nor this")
    await sender.send(b"told why")
    assert await reader.recv() == b"told why"


async def test_a_send_cancelled_while_the_socket_is_full_goes_out_first_on_the_next_send():
    """A send cancelled while it waits for room in the socket keeps what it sealed and did not write: those
    records go out first on the next send, whole and in order (never a torn record, never a lost one)."""
    near, far = _socket_pair()
    d, a = _keys()
    sender = Conn(secure.SecureStream(near, d, secure._Reader(near), True))
    reader = Conn(secure.SecureStream(far, a, secure._Reader(far), False), byte_burst=float(1 << 30))
    big = [os.urandom(MAX_FRAME) for _ in range(64)]  # 4 MiB: more than a socket buffer takes unread
    with trio.move_on_after(0.05) as scope:
        await sender.send_many(big)  # nobody reads: it waits for room until cancelled
    assert scope.cancelled_caught
    got = await _read_while(reader, len(big) + 1, lambda: sender.send(b"dropped: told why"))
    assert got == big + [b"dropped: told why"]

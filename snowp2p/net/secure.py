"""The encrypted, integrity-checked channel under every game link (Noise NN, then signed link frames).

Theory of operation
-------------------
A game connection (protocol/SPEC.md section 11.1) starts with a Noise
handshake, ``Noise_NN_25519_ChaChaPoly_BLAKE2s`` (the ``noiseprotocol``
package), the dialer as initiator, with the prologue
``lp("snowp2p/link/v2") || lp(game id)``.  Its two messages travel as
ordinary frames (``u32be(len) || bytes``, section 3).  From then on each
direction is a sequence of *records*: ``u32be(len) || ciphertext`` with
``17 <= len <= 65535``; a record's plaintext is a piece of the frame
stream of section 3 (one frame per record, or two records for a frame of
more than 65519 bytes).  ChaCha20-Poly1305 with Noise's counter nonces
means a flipped, dropped, injected, reordered or replayed record fails its
check: :class:`SecureStream` then raises ``trio.BrokenResourceError``
(the connection is cut and dialled again, nobody is blamed: G5).

NN authenticates nobody by itself.  Who is at the other end is proven by
the ``link`` frames that follow *inside* the channel: their nonces are
not random but bound to this channel's handshake hash ``hh``::

    dialer nonce   = H("snowp2p/link-binding/v2", "dialer", hh)
    acceptor nonce = H("snowp2p/link-binding/v2", "acceptor", hh)

and each side signs both with its roster key (the link exchange), so a
party in the middle, which necessarily runs two channels with two
different ``hh``, can not forward one side's signed link to the other.
This is the SIGMA pattern: ephemeral Diffie-Hellman, then signatures over
the session's transcript hash by the long-term (roster) keys.
"""

from __future__ import annotations

import os
import struct
import warnings

import trio
from noise.connection import Keypair, NoiseConnection

from ..protocol.crypto import encode_parts, h

NOISE_NAME = b"Noise_NN_25519_ChaChaPoly_BLAKE2s"
PROLOGUE_LABEL = "snowp2p/link/v2"
#: a spectator's channel (SPEC 17): prologue ``lp(WATCH_LABEL) || lp(digest of its watch message)``
WATCH_LABEL = "snowp2p/watch/v1"
BINDING_TAG = "snowp2p/link-binding/v2"
#: a Noise transport message is at most 65535 bytes, 16 of them the Poly1305 tag
MAX_RECORD = 65535
TAG_SIZE = 16
MAX_PLAIN = MAX_RECORD - TAG_SIZE
#: what a record that fails decryption breaks the connection with (the reader reports it)
TAMPERED = "a record failed the secure channel's integrity check"
#: a record must be complete this many seconds after its first byte
RECORD_DEADLINE = 10.0
#: the initiator's first handshake message (its ephemeral key; NN sends no payload yet)
FIRST_SIZE = 32
_HS_MAX = 1024  # a handshake message of ours is 32 (e) or 48 (e + empty payload's tag) bytes


class ChannelError(Exception):
    """The handshake failed (one line)."""


class _Reader:
    """Reads length-prefixed pieces from a raw stream, keeping what arrived after them."""

    def __init__(self, raw: trio.abc.Stream, buffered: bytes = b""):
        self.raw = raw
        self.buf = bytearray(buffered)
        #: trio's own TCP stream: read its socket directly (``_receive``)
        self._direct = type(raw) is trio.SocketStream

    async def _receive(self) -> bytes:
        """The next bytes from the raw stream (b"" at EOF).  On trio's TCP stream, the socket is read directly
        (issue 22): a read, and when nothing is there yet a wait until something is, then one more read; a read
        that did not wait is followed by a yield, as trio's own (a flooding peer can not starve the others),
        without trio's layers of wrappers around the same system calls."""
        if not self._direct:
            return await self.raw.receive_some(65536)
        sock = self.raw.socket
        await trio.lowlevel.checkpoint_if_cancelled()  # (as trio's: a cancelled reader stops, data or not)
        waited = False
        while True:
            fd = sock.fileno()
            if fd < 0:
                raise trio.ClosedResourceError("the connection is closed")
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                await trio.lowlevel.wait_readable(sock)
                waited = True
                continue
            except OSError as e:
                raise trio.BrokenResourceError(f"{e}") from None
            if not waited:  # (shielded: the bytes are read, they must not be lost to a cancellation)
                await trio.lowlevel.cancel_shielded_checkpoint()
            return data

    def take(self, maximum: int) -> bytes | None:
        """The next piece if it is complete in the buffer (None if not yet)."""
        if len(self.buf) < 4:
            return None
        n = struct.unpack_from(">I", self.buf)[0]
        if n == 0 or n > maximum:
            what = "an empty record" if n == 0 else f"a record of {n} bytes exceeds the {maximum}-byte limit"
            raise trio.BrokenResourceError(what)
        if len(self.buf) < 4 + n:
            return None
        piece = bytes(self.buf[4:4 + n])
        del self.buf[:4 + n]
        return piece

    async def read_piece(self, maximum: int, deadline: float | None = None) -> bytes | None:
        """The next ``u32be(len) || bytes`` piece's bytes; None at a clean EOF."""
        while True:
            piece = self.take(maximum)
            if piece is not None:
                return piece
            if self.buf and deadline is not None:
                with trio.move_on_after(deadline) as scope:
                    data = await self._receive()
                if scope.cancelled_caught:
                    raise trio.BrokenResourceError(f"a record trickled in too slowly (incomplete after {deadline:g} s)")
            else:
                data = await self._receive()
            if not data:
                if self.buf:
                    raise trio.BrokenResourceError("the connection closed in the middle of a record")
                return None
            self.buf += data


def _piece(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def channel_vector(game_id: bytes, dialer_ephemeral: bytes, acceptor_ephemeral: bytes,
                   plaintexts: tuple[bytes, bytes], more: tuple[bytes, ...] = (), label: str = PROLOGUE_LABEL) -> dict:
    """A whole handshake and one record each way, from fixed ephemeral keys (protocol/vectors/channel.json);
    ``more``: further plaintexts, dialer's first then alternating, whose records are in ``"more"``
    (protocol/vectors/link.json)."""
    with warnings.catch_warnings():  # noiseprotocol warns that fixed ephemerals are for tests only: they are
        warnings.simplefilter("ignore")
        d, a = _noise(True, game_id, dialer_ephemeral, label), _noise(False, game_id, acceptor_ephemeral, label)
    m1 = d.write_message()
    a.read_message(m1)
    m2 = a.write_message()
    d.read_message(m2)
    hh = bytes(d.get_handshake_hash())
    assert hh == bytes(a.get_handshake_hash())
    dn, an = _nonces(hh)
    r1, r2 = d.encrypt(plaintexts[0]), a.encrypt(plaintexts[1])
    assert a.decrypt(r1) == plaintexts[0] and d.decrypt(r2) == plaintexts[1]
    out = {"prologue": encode_parts(label, game_id), "message1": m1, "message2": m2,
           "handshake_hash": hh, "dialer_nonce": dn, "acceptor_nonce": an,
           "record_dialer_to_acceptor": _piece(r1), "record_acceptor_to_dialer": _piece(r2)}
    if more:
        records = []
        for k, plain in enumerate(more):
            src, dst = (d, a) if k % 2 == 0 else (a, d)
            r = src.encrypt(plain)
            assert dst.decrypt(r) == plain
            records.append(_piece(r))
        out["more"] = records
    return out


def _nonces(hh: bytes) -> tuple[bytes, bytes]:
    return h(BINDING_TAG, "dialer", hh), h(BINDING_TAG, "acceptor", hh)


class SecureStream(trio.abc.Stream):
    """A trio Stream of plaintext over Noise transport records (see the module docstring)."""

    def __init__(self, raw: trio.abc.Stream, noise: NoiseConnection, reader: _Reader, initiator: bool):
        self.raw = raw
        self._noise = noise
        self._reader = reader
        self._plain = bytearray()
        self.handshake_hash = bytes(noise.get_handshake_hash())
        dialer, acceptor = _nonces(self.handshake_hash)
        #: the link nonces this side must send and must see (bound to this channel)
        self.my_nonce, self.their_nonce = (dialer, acceptor) if initiator else (acceptor, dialer)
        self.records_in = self.records_out = 0
        #: sealed records that ``send_frames_nowait`` could not write at once: they go first on the next send
        self._unsent = bytearray()
        #: the raw stream is trio's own TCP stream: its socket may be written without a task switch
        self._direct = type(raw) is trio.SocketStream

    @property
    def socket(self):  # for peer_address()
        return self.raw.socket

    @property
    def pending(self) -> int:
        """Bytes of sealed records not yet written (``send_frames_nowait`` left them for the next send)."""
        return len(self._unsent)

    def _seal(self, data) -> bytes:
        """The records carrying ``data`` (one, or more for more than MAX_PLAIN bytes), ready to send."""
        if 0 < len(data) <= MAX_PLAIN:  # the usual case: one frame, one record
            ct = self._noise.encrypt(bytes(data))
            self.records_out += 1
            return struct.pack(">I", len(ct)) + ct
        data = bytes(data)
        out = bytearray()
        for i in range(0, max(len(data), 1), MAX_PLAIN):
            chunk = data[i:i + MAX_PLAIN]
            if chunk:
                out += _piece(self._noise.encrypt(chunk))
                self.records_out += 1
        return bytes(out)

    def _take_unsent(self, out: bytes) -> bytes:
        if self._unsent:
            out = bytes(self._unsent) + out
            self._unsent.clear()
        return out

    async def send_all(self, data) -> None:
        await trio.lowlevel.checkpoint_if_cancelled()  # (cancelled: nothing sealed, see _write)
        await self._write(self._seal(data) if data else b"")

    async def send_frames(self, frames: list[bytes]) -> None:
        """Each of ``frames`` in its own record(s), exactly as ``send_all`` would send them one by one, but
        in one write to the socket (the bytes on the wire are the same)."""
        await trio.lowlevel.checkpoint_if_cancelled()
        await self._write(b"".join([self._seal(f) for f in frames]))

    async def _write(self, out: bytes) -> None:
        """Write sealed records (after any still pending).  Cancel-safe on trio's TCP stream: a record sealed
        is a nonce spent, so it must reach the wire whole and before anything sealed later, or the far end
        can open nothing more (a spectator dropped mid-send would never read why, SPEC 17).  What the socket
        has not taken when the wait is cancelled stays ``pending`` and goes first on the next send."""
        if not self._direct:
            out = self._take_unsent(out)
            if out:
                await self.raw.send_all(out)
            return
        self._unsent += out
        waited = False
        while self._write_some():
            await self.raw.wait_send_all_might_not_block()
            waited = True
        if not waited:
            await trio.lowlevel.cancel_shielded_checkpoint()

    def _write_some(self) -> bool:
        """Write to the socket as much of the pending records as it takes now, without waiting; True while some
        are left.  ``trio.ClosedResourceError``/``trio.BrokenResourceError`` when the socket is closed or fails."""
        fd = self.raw.socket.fileno()
        if fd < 0:
            raise trio.ClosedResourceError("the connection is closed")
        try:
            n = os.write(fd, self._unsent)
        except BlockingIOError:
            n = 0
        except OSError as e:
            raise trio.BrokenResourceError(f"{e}") from None
        del self._unsent[:n]
        return bool(self._unsent)

    def send_frames_nowait(self, frames: list[bytes]) -> bool:
        """``send_frames`` without waiting and without a task switch (issue 22: the playing peer hands a
        turn's message to every link at once): the records are sealed and written straight to the socket as
        far as it takes them; what it does not take is kept (``pending``) and goes first on the next
        ``send_all``/``send_frames``, so the bytes on the wire are the same.  False (nothing sealed) when the
        raw stream is not trio's TCP stream or records are still pending: the caller sends as usual.
        ``trio.BrokenResourceError`` when the socket fails.  The caller must hold the stream's only writer
        role (``Conn``'s send lock free, and nothing awaited in between)."""
        if not self._direct or self._unsent:
            return False
        if self.raw.socket.fileno() < 0:
            raise trio.ClosedResourceError("the connection is closed")
        self._unsent += b"".join([self._seal(f) for f in frames])
        self._write_some()
        return True

    async def wait_send_all_might_not_block(self) -> None:
        await self.raw.wait_send_all_might_not_block()

    def _open(self, record: bytes) -> None:
        if len(record) <= TAG_SIZE:
            raise trio.BrokenResourceError("a record too short to carry anything")
        try:
            self._plain += self._noise.decrypt(record)
        except Exception:
            raise trio.BrokenResourceError(TAMPERED) from None
        self.records_in += 1

    async def receive_some(self, max_bytes: int | None = None) -> bytes:
        if not self._plain:
            record = await self._reader.read_piece(MAX_RECORD, RECORD_DEADLINE)
            if record is None:
                return b""
            self._open(record)
            # and every further record that is already here (fewer rounds through the caller's loop)
            while len(self._plain) < (max_bytes or 65536):
                record = self._reader.take(MAX_RECORD)
                if record is None:
                    break
                self._open(record)
        n = len(self._plain) if max_bytes is None else min(max_bytes, len(self._plain))
        out = bytes(self._plain[:n])
        del self._plain[:n]
        return out

    async def aclose(self) -> None:
        await self.raw.aclose()


def _noise(initiator: bool, game_id: bytes, ephemeral: bytes | None = None,
           label: str = PROLOGUE_LABEL) -> NoiseConnection:
    nc = NoiseConnection.from_name(NOISE_NAME)
    if ephemeral is not None:  # fixed ephemeral keys: only for the test vectors
        nc.set_keypair_from_private_bytes(Keypair.EPHEMERAL, ephemeral)
    if initiator:
        nc.set_as_initiator()
    else:
        nc.set_as_responder()
    nc.set_prologue(encode_parts(label, game_id))
    nc.start_handshake()
    return nc


async def dial_channel(raw: trio.abc.Stream, game_id: bytes, buffered: bytes = b"",
                       label: str = PROLOGUE_LABEL) -> SecureStream:
    """The initiator's side of the handshake (the caller bounds it in time); ``buffered``: bytes already
    read from ``raw`` that belong after what was read before (a connection used for something else first)."""
    nc = _noise(True, game_id, label=label)
    await raw.send_all(_piece(nc.write_message()))
    reader = _Reader(raw, buffered)
    reply = await reader.read_piece(_HS_MAX)
    if reply is None:
        raise ChannelError("the other side closed the connection during the channel handshake")
    try:
        nc.read_message(reply)
    except Exception:
        raise ChannelError("the other side's channel handshake is malformed") from None
    if not nc.handshake_finished:
        raise ChannelError("the channel handshake did not finish")
    return SecureStream(raw, nc, reader, True)


async def accept_channel(raw: trio.abc.Stream, game_id: bytes, first: bytes, buffered: bytes = b"",
                         label: str = PROLOGUE_LABEL) -> SecureStream:
    """The responder's side, given the initiator's first message ``first`` (already read by the caller)."""
    nc = _noise(False, game_id, label=label)
    try:
        nc.read_message(first)
        reply = nc.write_message()
    except Exception:
        raise ChannelError("the channel handshake is malformed") from None
    await raw.send_all(_piece(reply))
    if not nc.handshake_finished:
        raise ChannelError("the channel handshake did not finish")
    return SecureStream(raw, nc, _Reader(raw, buffered), False)


async def read_first(raw: trio.abc.Stream, buffered: bytes = b"") -> tuple[bytes | None, bytes]:
    """The first frame of an accepted connection (a Noise message, or a plain ``hello``) and what followed it
    (``buffered``: bytes of it already read, as for ``dial_channel``)."""
    reader = _Reader(raw, buffered)
    first = await reader.read_piece(65536)
    return first, bytes(reader.buf)


__all__ = ["SecureStream", "ChannelError", "dial_channel", "accept_channel", "read_first", "NOISE_NAME", "FIRST_SIZE"]

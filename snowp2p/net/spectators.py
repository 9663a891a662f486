"""Spectators of a networked game, on the host's side (trio): admission and the bounded feed (SPEC section 17).

Theory of operation
-------------------
* **Admission.**  A spectator (``snowp2p watch``, :mod:`snowp2p.net.watcher`) connects to the host's game
  port and sends a plain ``watch{nick, pubkey, nonce}``; ``NetGame._accept`` hands such a connection here.
  Both run the Noise handshake (the spectator dials; prologue ``lp("snowp2p/watch/v1") || lp(digest of the
  watch message)``), then, inside the channel, the joiner's SPAKE2 of section 10 with the join code: the
  host's ``challenge`` (its nonce is the channel's acceptor nonce, so the proof is bound to this channel),
  the spectator's ``join``, the host's ``watching{tag}`` (or ``refuse{"wrong join code"}``).  The
  challenges come from the lobby's own turnstile (one budget of guesses for players and spectators).
* **The feed** is the host's own log, record by record, from record 0 (the roster): exactly what ``audit``
  replays, so the spectator's verdict is the audit's.  In a race after the first of a match (SPEC 16) the
  host's logs of the earlier races come first, each whole from its roster (``earlier``): a spectator that
  comes in late checks the whole match, as ``audit`` of its logs does.  Each spectator has a cursor into the log *file* (its
  backlog lives on the disk the host writes anyway), a window of records sent but not acknowledged
  (``seen{count}``; at most ``WINDOW`` bytes), and nothing else: what one spectator costs the players is one
  task, one socket and one open file, whatever it does (G9).
* **Dropped, never waited on.**  Appending to the log never waits for a spectator.  A spectator that falls
  more than ``BEHIND`` bytes behind the log (counted from where the log ended when it was admitted: its
  catch-up is free) is dropped at once, with ``refuse``; so is one that sends anything but ``seen``.  At
  most ``MAX_SPECTATORS`` watch at once.  When the game ends, the spectators get at most ``DRAIN`` seconds
  to take the rest, then their connections close.
"""

from __future__ import annotations

import os
import socket
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import trio

from ..protocol import joincode
from ..protocol.crypto import Identity, fingerprint
from ..protocol.errors import JoinCodeError, ProtocolError
from ..protocol.log import MAGIC
from ..protocol.messages import HOST_SEAT, Challenge, Join, Refuse, Seen, SignedMessage, Watching, decode_signed
from . import secure
from .conn import Conn, ConnectionClosed, peer_address
from .lobby import HANDSHAKE_TIMEOUT, close_quietly, lobby_frame, reason_text

MAX_SPECTATORS = 16
#: bytes of records a spectator may have unacknowledged (a record of any size goes out when none is)
WINDOW = 256 * 1024
#: bytes the log may grow past a spectator's acknowledged records before it is dropped (tests lower it with
#: SNOWP2P_SPECTATOR_BEHIND, to see a non-reading spectator dropped within a short game)
BEHIND = 1024 * 1024
#: seconds the spectators get, once the game is over, to take the rest of the log
DRAIN = 3.0
#: the host's socket send buffer for a spectator (what the kernel holds for one that does not read)
SEND_BUFFER = 64 * 1024
BATCH = 64


def _behind_limit() -> int:
    raw = os.environ.get("SNOWP2P_SPECTATOR_BEHIND", "")
    return int(raw) if raw.isdigit() and int(raw) > 0 else BEHIND


@dataclass
class Spectator:
    nick: str
    pubkey: bytes
    conn: Conn
    start: int  # the log's length when it was admitted (its catch-up does not count against it)
    offset: int = len(MAGIC)  # where its next record starts in the log file
    records: int = 0  # records sent
    sent: int = 0  # bytes of records sent (the earlier races' logs too)
    acked_bytes: int = 0
    acked_offset: int = len(MAGIC)  # the end of the last record of this game's log it has taken
    #: [(record count after it, bytes sent after it, end offset in this game's log or None)] sent, not acknowledged
    unacked: list = field(default_factory=list)
    scope: trio.CancelScope = field(default_factory=trio.CancelScope)
    dropped: str = ""


class Spectators:
    """The spectators of the game whose log is ``log_path`` (see the module doc)."""

    def __init__(self, identity: Identity, game_id: bytes, kind: str, code: str, turnstile, log_path: Path,
                 say: Callable[[str], None], earlier: Sequence[Path] = ()):
        self.identity, self.game_id, self.kind, self.code = identity, game_id, kind, code
        self.turnstile = turnstile
        self.log_path = Path(log_path)
        self.earlier = [Path(p) for p in earlier]  # a match's earlier races' logs (finished), fed first
        self.say = say
        self.watching: list[Spectator] = []
        self.log_end = self.log_path.stat().st_size if self.log_path.exists() else len(MAGIC)
        self.behind = _behind_limit()
        self.over = False
        self.changed: Callable[[], None] = lambda: None  # the table shows how many watch
        self._grew = trio.Event()
        self.nursery: trio.Nursery | None = None
        self.dropped = 0

    @property
    def count(self) -> int:
        return len(self.watching)

    def names(self) -> list[str]:
        return [s.nick for s in self.watching]

    # ---- the log grows (called by NetGame right after each append: never waits)
    def appended(self, size: int) -> None:
        self.log_end += size
        for s in list(self.watching):
            if self.log_end - max(s.acked_offset, s.start) > self.behind:
                self._drop(s, f"it fell more than {self.behind // 1024} KiB behind the game (it stopped reading?)")
        self._wake()

    def _wake(self) -> None:
        self._grew.set()
        self._grew = trio.Event()

    def _drop(self, s: Spectator, why: str) -> None:
        if s in self.watching:
            self.watching.remove(s)
            s.dropped = why
            self.dropped += 1
            self.say(f"spectator {s.nick} [{fingerprint(s.pubkey)}] dropped: {why}")
            s.scope.cancel()
            self.changed()

    # ---- admission (NetGame._accept hands over a connection whose first frame is a watch)
    async def admit(self, stream: trio.abc.Stream, watch: SignedMessage, rest: bytes, settle: Callable[[], None]) -> None:
        addr = peer_address(stream) or "spectator"
        try:
            watch.verify(watch.body.pubkey)
            with trio.fail_after(HANDSHAKE_TIMEOUT):
                first, rest = await secure.read_first(stream, rest)
                if first is None:
                    raise ConnectionClosed("it closed the connection")
                sec = await secure.accept_channel(stream, watch.digest, first, rest, label=secure.WATCH_LABEL)
                conn = Conn(sec, f"spectator {watch.body.nick}")
                if self.over or len(self.watching) >= MAX_SPECTATORS:
                    why = "the game is over" if self.over else f"{MAX_SPECTATORS} spectators already watch this game"
                    await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT, Refuse(why)))
                    raise ProtocolError(f"refused: {why}")
            await self.turnstile.admit(addr)  # one challenge is one guess of the code: the lobby's budget
            with trio.fail_after(HANDSHAKE_TIMEOUT):
                tr = joincode.JoinTranscript(self.game_id, self.identity.public_key, sec.my_nonce,
                                             watch.body.pubkey, watch.body.nonce)
                pake = joincode.PakeSide("host", self.code, tr, os.urandom(32))
                await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT,
                                            Challenge(self.identity.public_key, sec.my_nonce, self.kind, pake.message)))
                join = decode_signed(await conn.recv())
                if not isinstance(join.body, Join) or join.envelope.game != self.game_id:
                    raise ProtocolError(f"expected join for this game, got {join.type}")
                join.verify(watch.body.pubkey)
                try:
                    pake.finish(join.body.pake)
                    pake.check(join.body.tag)
                except JoinCodeError:
                    self.turnstile.limiter.failed(addr)
                    await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT, Refuse("wrong join code")))
                    raise ProtocolError("wrong join code") from None
                await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT, Watching(pake.my_tag())))
        except (ProtocolError, ConnectionClosed, trio.TooSlowError, trio.BrokenResourceError, OSError,
                secure.ChannelError) as e:
            self.turnstile.limiter.missed(addr)
            self.say(f"refused a spectator from {addr}: {reason_text(e)}")
            await close_quietly(stream)
            return
        settle()
        try:  # a spectator that does not read costs at most this much of the kernel's memory
            stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        except (AttributeError, OSError):
            pass
        s = Spectator(watch.body.nick, watch.body.pubkey, conn, start=self.log_end)
        self.watching.append(s)
        self.say(f"spectator {s.nick} [{fingerprint(s.pubkey)}] is watching ({len(self.watching)} watching)")
        self.changed()
        (self.nursery.start_soon if self.nursery is not None else _no_nursery)(self._serve, s)

    # ---- one spectator's feed
    async def _serve(self, s: Spectator) -> None:
        try:
            with s.scope:
                try:
                    async with trio.open_nursery() as n:
                        n.start_soon(self._guarded, s, self._acks, s)
                        for path in self.earlier:  # (finished: fed whole, its catch-up free like this log's)
                            with open(path, "rb") as f:  # noqa: ASYNC230 (a local file, read a record at a time)
                                await self._guarded(s, self._feed_earlier, s, f, path.stat().st_size)
                        with open(self.log_path, "rb") as f:  # noqa: ASYNC230 (as above)
                            await self._guarded(s, self._feed, s, f)
                        n.cancel_scope.cancel()
                except OSError as e:
                    self._drop(s, f"can not read the game log: {e}")
            if s.dropped:  # tell it why, if it still reads (never waits long)
                with trio.move_on_after(0.5) as scope:
                    scope.shield = True
                    try:
                        await s.conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT,
                                                      Refuse(f"dropped: {s.dropped}"[:200])))
                    except Exception:
                        pass
        finally:  # (also when the game's end cancels every feed at once: the connection is closed in any case)
            if s in self.watching:
                self.watching.remove(s)
                self.changed()
            await s.conn.aclose()  # (shielded, at most a second)

    async def _guarded(self, s: Spectator, fn, *args) -> None:
        """``fn(*args)``; whatever the spectator did wrong (or its leaving) ends only its own feed."""
        try:
            await fn(*args)
        except ConnectionClosed:
            if s in self.watching:
                self.watching.remove(s)
                self.say(f"spectator {s.nick} [{fingerprint(s.pubkey)}] left")
                self.changed()
            s.scope.cancel()
        except (ProtocolError, trio.BrokenResourceError) as e:
            self._drop(s, reason_text(e))
            s.scope.cancel()

    async def _feed(self, s: Spectator, f) -> None:
        while True:
            if s.offset < self.log_end and (s.sent - s.acked_bytes < WINDOW or not s.unacked):
                frames, s.offset = self._read(s, f, s.offset, self.log_end, True)
                if frames:
                    await s.conn.send_many(frames)
                    continue
            if self.over and s.offset >= self.log_end:
                return  # everything is out: the spectator has the whole log
            await self._grew.wait()

    async def _feed_earlier(self, s: Spectator, f, end: int) -> None:
        """An earlier race's log (finished, ``end`` bytes), whole, through the same window."""
        offset = len(MAGIC)
        if f.read(len(MAGIC)) != MAGIC:
            raise ProtocolError("the host's own log of an earlier race is damaged")
        while offset < end:
            if s.sent - s.acked_bytes < WINDOW or not s.unacked:
                frames, offset = self._read(s, f, offset, end, False)
                if not frames:
                    raise ProtocolError("the host's own log of an earlier race is damaged")
                await s.conn.send_many(frames)
            else:
                await self._grew.wait()

    def _read(self, s: Spectator, f, offset: int, end: int, this_game: bool) -> tuple[list[bytes], int]:
        """The records from ``offset`` that the window lets out (at least one when nothing is unacknowledged),
        at most ``BATCH``; each counted as sent."""
        frames: list[bytes] = []
        f.seek(offset)
        while offset < end and len(frames) < BATCH and (s.sent - s.acked_bytes < WINDOW or not frames):
            head = f.read(4)
            if len(head) < 4:
                break
            length = struct.unpack(">I", head)[0]
            data = f.read(length)
            crc = f.read(4)
            if len(data) < length or len(crc) < 4:
                break  # (not flushed yet: never, the peer flushes before it tells us)
            if zlib.crc32(head + data) != int.from_bytes(crc, "big"):
                raise ProtocolError("the host's own log is damaged")
            frames.append(data)
            offset += 8 + length
            s.records += 1
            s.sent += 8 + length
            s.unacked.append((s.records, s.sent, offset if this_game else None))
        return frames, offset

    async def _acks(self, s: Spectator) -> None:
        """The spectator's ``seen{count}``: its window moves on.  Anything else drops it."""
        while True:
            msg = decode_signed(await s.conn.recv())
            if not isinstance(msg.body, Seen):
                raise ProtocolError(f"a spectator sends only seen, not {msg.type}")
            if msg.envelope.game != self.game_id:
                raise ProtocolError("it sent a seen of another game")
            msg.verify(s.pubkey)
            n = msg.body.count
            if n > s.records:
                raise ProtocolError(f"it says it has {n} records, but was sent {s.records}")
            while s.unacked and s.unacked[0][0] <= n:
                _, s.acked_bytes, offset = s.unacked.pop(0)
                if offset is not None:
                    s.acked_offset = offset
            self._wake()

    # ---- the end
    async def drain(self, limit: float = DRAIN) -> None:
        """The game is over: let every spectator take the rest of the log, for at most ``limit`` seconds."""
        self.over = True
        self._wake()
        with trio.move_on_after(limit):
            while any(s.offset < self.log_end for s in self.watching):  # noqa: ASYNC110 (several conditions)
                await trio.sleep(0.05)
        for s in list(self.watching):
            s.scope.cancel()


def _no_nursery(fn, *args):
    raise RuntimeError("Spectators.nursery is not set")

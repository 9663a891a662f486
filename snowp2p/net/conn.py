"""A framed, length-prefixed connection over a trio stream.

One reader at a time (the connection's reader task), one writer at a time
(a lock), every read bounded by a deadline when the caller gives one, and
the frame size capped before anything is buffered (protocol/framing.py).
"""

from __future__ import annotations

from collections import deque

import trio

from ..protocol.errors import FrameError
from ..protocol.framing import MAX_FRAME, FrameDecoder, encode_frame


class ConnectionClosed(Exception):
    """The other side closed the connection (or it broke)."""


#: A frame must be complete this many seconds after its first byte (a peer that trickles is cut off).
FRAME_DEADLINE = 10.0
#: Frames per second a connection may sustain, and the burst it may send at once (a catch-up after
#: a reconnection resends a whole game's messages).  Beyond that the peer is flooding: cut off.
RATE = 300.0
BURST = 5000.0
#: Bytes per second a connection may sustain, and the burst it may send at once (trust2, gap 2).  The
#: biggest honest bursts are a catch-up after a reconnection or a resume (one seat's chain, plus the
#: relays asked for: a whole 8-seat game's log is ~650 KB, one seat's chain ~80 KB) and a final_open
#: (< 40 KB a message); honest play sustains a few KB/s.  Big valid frames under the frame rate (e.g.
#: duplicates of ~1 KB acks, or 60 KB frames) are cut here.
BYTE_RATE = 256 * 1024.0
BYTE_BURST = 2 * 1024 * 1024.0


class Conn:
    def __init__(self, stream: trio.abc.Stream, label: str = "peer", max_frame: int = MAX_FRAME,
                 frame_deadline: float = FRAME_DEADLINE, rate: float = RATE, burst: float = BURST,
                 byte_rate: float = BYTE_RATE, byte_burst: float = BYTE_BURST):
        self.stream = stream
        self.label = label
        self._decoder = FrameDecoder(max_frame)
        self._frames: deque[bytes] = deque()
        self._send_lock = trio.Lock()
        self.closed = False
        self.frame_deadline = frame_deadline
        self.rate, self.burst = rate, burst
        self._tokens = burst
        self.byte_rate, self.byte_burst = byte_rate, byte_burst
        self._byte_tokens = byte_burst
        self._stamp = trio.current_time()
        self._partial_since: float | None = None

    async def send(self, payload: bytes) -> None:
        if self.closed:
            raise ConnectionClosed(f"connection to {self.label} is closed")
        await self._lock()
        try:
            await self.stream.send_all(encode_frame(payload))
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
            self.closed = True
            raise ConnectionClosed(f"connection to {self.label} broke: {e}") from None
        finally:
            self._send_lock.release()

    async def _lock(self) -> None:
        """Take the send lock: at once when it is free (trio's ``acquire`` would yield to the scheduler first,
        one more task switch per frame and link; the send that follows is a checkpoint anyway), else wait."""
        if self._send_lock.locked():
            await self._send_lock.acquire()
        else:
            self._send_lock.acquire_nowait()

    async def send_many(self, payloads: list[bytes]) -> None:
        """Send several frames in one write (the same bytes as ``send`` one by one): a secure stream seals
        each frame in its own record(s) (``send_frames``), a plain stream gets the frames back to back."""
        if len(payloads) == 1 and not self.pending:
            return await self.send(payloads[0])
        if self.closed:
            raise ConnectionClosed(f"connection to {self.label} is closed")
        frames = [encode_frame(p) for p in payloads]
        await self._lock()
        try:
            send_frames = getattr(self.stream, "send_frames", None)
            if send_frames is not None:
                await send_frames(frames)
            else:
                await self.stream.send_all(b"".join(frames))
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
            self.closed = True
            raise ConnectionClosed(f"connection to {self.label} broke: {e}") from None
        finally:
            self._send_lock.release()

    def send_nowait(self, payloads: list[bytes]) -> bool:
        """Send ``payloads`` (as ``send_many``) without waiting, when the stream can (a secure stream over TCP,
        no send in progress): True when they are taken (written, or kept by the stream for the next send:
        ``pending``), False when the caller must ``send_many`` them.  ConnectionClosed when the link broke."""
        if self.closed:
            raise ConnectionClosed(f"connection to {self.label} is closed")
        nowait = getattr(self.stream, "send_frames_nowait", None)
        if nowait is None or self._send_lock.locked():
            return False
        try:
            return nowait([encode_frame(p) for p in payloads])
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
            self.closed = True
            raise ConnectionClosed(f"connection to {self.label} broke: {e}") from None

    @property
    def pending(self) -> int:
        """Bytes ``send_nowait`` left in the stream for the next send (``flush`` sends them)."""
        return getattr(self.stream, "pending", 0)

    async def flush(self) -> None:
        """Send what ``send_nowait`` left pending."""
        if self.pending:
            await self.send_many([])

    async def recv(self) -> bytes:
        """The next frame's payload.  ConnectionClosed at EOF; FrameError for a bad frame.  (A caller that
        waits a bounded time says so with a cancel scope: ``trio.fail_after``.)"""
        while not self._frames:
            partial = self._decoder.buffered > 0
            if partial and self._partial_since is None:
                self._partial_since = trio.current_time()
            try:
                if partial:
                    left = self._partial_since + self.frame_deadline - trio.current_time()
                    with trio.move_on_after(max(left, 0)) as scope:
                        data = await self.stream.receive_some(65536)
                    if scope.cancelled_caught:
                        raise FrameError(f"a frame from {self.label} trickled in too slowly "
                                         f"(incomplete after {self.frame_deadline:g} s)")
                else:
                    data = await self.stream.receive_some(65536)
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
                self.closed = True
                raise ConnectionClosed(f"connection to {self.label} broke: {e}") from None
            if not data:
                self.closed = True
                raise ConnectionClosed(f"{self.label} closed the connection")
            frames = self._decoder.feed(data)  # FrameError on oversize
            if self._decoder.buffered == 0:
                self._partial_since = None
            elif frames:
                self._partial_since = trio.current_time()  # a new frame has started
            self._frames.extend(frames)
        frame = self._frames.popleft()
        self._spend(len(frame) + 4)
        return frame

    def _spend(self, size: int) -> None:
        """One frame of ``size`` bytes (header included) from the two token buckets, frames and bytes;
        FrameError when the peer floods."""
        now = trio.current_time()
        elapsed = now - self._stamp
        self._stamp = now
        self._tokens = min(self.burst, self._tokens + elapsed * self.rate)
        self._byte_tokens = min(self.byte_burst, self._byte_tokens + elapsed * self.byte_rate)
        if self._tokens < 1:
            raise FrameError(f"{self.label} sends more than {self.rate:g} frames a second (flood)")
        if self._byte_tokens < size:
            raise FrameError(f"{self.label} sends more than {self.byte_rate / 1024:g} KiB a second (flood)")
        self._tokens -= 1
        self._byte_tokens -= size

    def detach(self) -> tuple[trio.abc.Stream, bytes]:
        """Stop using this connection and hand on its stream, with the bytes already read from it and not
        yet taken (whole frames re-encoded, then any partial one): e.g. to run a secure channel on it."""
        rest = b"".join(encode_frame(f) for f in self._frames) + self._decoder.pending_bytes()
        self._frames.clear()
        self.closed = True
        return self.stream, rest

    async def aclose(self) -> None:
        self.closed = True
        with trio.move_on_after(1) as scope:
            scope.shield = True
            try:
                await self.stream.aclose()
            except Exception:
                pass


def peer_address(stream: trio.abc.Stream) -> str:
    try:
        return stream.socket.getpeername()[0]
    except Exception:
        return ""


def local_address(stream: trio.abc.Stream) -> str:
    try:
        return stream.socket.getsockname()[0]
    except Exception:
        return ""


__all__ = ["Conn", "ConnectionClosed", "FrameError", "MAX_FRAME", "peer_address", "local_address"]

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


class Conn:
    def __init__(self, stream: trio.abc.Stream, label: str = "peer", max_frame: int = MAX_FRAME):
        self.stream = stream
        self.label = label
        self._decoder = FrameDecoder(max_frame)
        self._frames: deque[bytes] = deque()
        self._send_lock = trio.Lock()
        self.closed = False

    async def send(self, payload: bytes) -> None:
        if self.closed:
            raise ConnectionClosed(f"connection to {self.label} is closed")
        async with self._send_lock:
            try:
                await self.stream.send_all(encode_frame(payload))
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
                self.closed = True
                raise ConnectionClosed(f"connection to {self.label} broke: {e}") from None

    async def recv(self, timeout: float | None = None) -> bytes:
        """The next frame's payload.  ConnectionClosed at EOF; FrameError for a bad frame;
        trio.TooSlowError if nothing complete arrives within ``timeout`` seconds."""
        with trio.fail_after(timeout) if timeout is not None else _nullcontext():
            while not self._frames:
                try:
                    data = await self.stream.receive_some(65536)
                except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
                    self.closed = True
                    raise ConnectionClosed(f"connection to {self.label} broke: {e}") from None
                if not data:
                    self.closed = True
                    raise ConnectionClosed(f"{self.label} closed the connection")
                self._frames.extend(self._decoder.feed(data))  # FrameError on oversize
        return self._frames.popleft()

    async def aclose(self) -> None:
        self.closed = True
        with trio.move_on_after(1) as scope:
            scope.shield = True
            try:
                await self.stream.aclose()
            except Exception:
                pass


class _nullcontext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


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

"""Length-prefixed frames on a byte stream (sans-I/O).

Theory of operation
-------------------
A frame is a 4-byte big-endian unsigned length ``L`` followed by ``L``
payload bytes, with ``1 <= L <= MAX_FRAME``.  ``encode_frame`` builds one;
``FrameDecoder`` takes bytes as they arrive (in any chunking) and returns
the complete payloads.  The size cap is checked as soon as a length header
is complete, *before* any of that frame's payload is buffered, so a peer
can never make us hold more than ``4 + MAX_FRAME`` bytes of a partial
frame.  After a ``FrameError`` the stream is out of sync and the decoder
refuses further input: the caller drops the connection.
"""

from __future__ import annotations

from .errors import FrameError

__all__ = ["MAX_FRAME", "HEADER_SIZE", "encode_frame", "FrameDecoder"]

#: Largest payload a frame may carry (64 KiB).
MAX_FRAME = 64 * 1024
HEADER_SIZE = 4


def encode_frame(payload: bytes) -> bytes:
    """``u32be(len(payload)) || payload``.  Raises ``ValueError`` if empty or too big."""
    if not 1 <= len(payload) <= MAX_FRAME:
        raise ValueError(f"frame payload must be 1..{MAX_FRAME} bytes, got {len(payload)}")
    return len(payload).to_bytes(HEADER_SIZE, "big") + bytes(payload)


class FrameDecoder:
    """Incremental decoder: ``feed(data)`` returns the payloads completed by ``data``.

    Raises ``FrameError`` on an empty or oversized frame; the payloads that
    were completed earlier in the same ``feed`` call are then available as
    ``err.frames`` so no valid message is lost.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()
        self._need: int | None = None  # payload length of the frame being read
        self._broken: FrameError | None = None

    @property
    def buffered(self) -> int:
        """Bytes held for the frame in progress."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[bytes]:
        if self._broken is not None:
            raise FrameError(f"stream already failed: {self._broken}")
        frames: list[bytes] = []
        data = bytes(data)
        pos = 0
        if self._need is None and not self._buffer:
            # fast path: whole frames at the start of ``data`` (the usual case) are sliced out directly
            end = len(data)
            while end - pos >= HEADER_SIZE:
                length = int.from_bytes(data[pos:pos + HEADER_SIZE], "big")
                if not 1 <= length <= self.max_frame or end - pos - HEADER_SIZE < length:
                    break  # a bad header or a partial frame: the general loop below handles it
                pos += HEADER_SIZE
                frames.append(data[pos:pos + length])
                pos += length
            if pos == end:
                return frames
        view = memoryview(data)
        while pos < len(view):
            if self._need is None:
                take = min(HEADER_SIZE - len(self._buffer), len(view) - pos)
                self._buffer += view[pos : pos + take]
                pos += take
                if len(self._buffer) < HEADER_SIZE:
                    break
                length = int.from_bytes(self._buffer, "big")
                self._buffer.clear()
                if length == 0 or length > self.max_frame:
                    what = "empty frame" if length == 0 else (
                        f"frame of {length} bytes exceeds the {self.max_frame}-byte limit"
                    )
                    self._broken = FrameError(what)
                    raise FrameError(what, frames)
                self._need = length
            else:
                take = min(self._need - len(self._buffer), len(view) - pos)
                self._buffer += view[pos : pos + take]
                pos += take
                if len(self._buffer) == self._need:
                    frames.append(bytes(self._buffer))
                    self._buffer.clear()
                    self._need = None
        return frames

    def pending_bytes(self) -> bytes:
        """What was fed but not returned as a frame yet, as it came on the wire (header included): for a
        caller that hands the byte stream on to another protocol (e.g. a secure channel)."""
        if self._need is None:
            return bytes(self._buffer)  # part of a header
        return self._need.to_bytes(HEADER_SIZE, "big") + bytes(self._buffer)

    def at_boundary(self) -> bool:
        """True when no partial frame is buffered (a clean place for EOF)."""
        return self._need is None and not self._buffer

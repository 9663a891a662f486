"""The game log: an append-only file of records, robust to a torn last write.

Theory of operation
-------------------
A log file is the 8-byte magic ``b"SNOWLOG1"`` followed by records::

    record = u32be(len(data)) || data || u32be(crc32(u32be(len(data)) || data))

where ``data`` is the exact signed payload of a message this peer sent
or accepted (G7: written before acting on it).  The CRC only detects
accidental damage; authenticity comes from the signatures inside.

``LogReader`` walks the records one at a time (memory: one record);
``read_log`` collects them all.  If the file ends in the middle of the
magic or of a record, or its *final* record fails its CRC, the tail is
*torn* (a crash during the last append): the valid records and the
offset where they end are returned, and the caller truncates the file
there before appending again.  A bad record that is followed by more data
cannot be a torn write: that raises ``LogError`` naming the record index
and byte offset.
"""

from __future__ import annotations

import os
import zlib
from typing import BinaryIO, Iterator, NamedTuple

from .errors import LogError
from .framing import MAX_FRAME

__all__ = ["MAGIC", "MAX_RECORD", "encode_record", "LogWriter", "LogContents", "LogReader", "read_log"]

MAGIC = b"SNOWLOG1"
MAX_RECORD = MAX_FRAME
_HEAD = 4
_CRC = 4


def encode_record(data: bytes) -> bytes:
    """The on-disk bytes of one record."""
    if not 1 <= len(data) <= MAX_RECORD:
        raise ValueError(f"log record must be 1..{MAX_RECORD} bytes, got {len(data)}")
    head = len(data).to_bytes(_HEAD, "big") + bytes(data)
    return head + zlib.crc32(head).to_bytes(_CRC, "big")


class LogWriter:
    """Appends records to a binary file opened for appending (e.g. ``"ab"``).

    Writes the magic first if the file is empty.  Each ``append`` issues a
    single ``write`` then ``flush``; with ``fsync=True`` it also calls
    ``os.fsync`` so the record survives a power cut.
    """

    def __init__(self, fileobj: BinaryIO, *, fsync: bool = False) -> None:
        self._f = fileobj
        self._fsync = fsync
        self._f.seek(0, os.SEEK_END)
        if self._f.tell() == 0:
            self._write(MAGIC)

    def append(self, data: bytes) -> None:
        self._write(encode_record(data))

    def _write(self, blob: bytes) -> None:
        self._f.write(blob)
        self._f.flush()
        if self._fsync:
            os.fsync(self._f.fileno())


class LogContents(NamedTuple):
    records: list[bytes]
    torn: bool  # the file ends with an incomplete/damaged last record
    valid_length: int  # offset just past the last good record: truncate here


class LogReader:
    """The records of a log file one at a time, from its start, in memory bounded by one record
    (``snowp2p audit`` streams a log of any size).  Iterate once; then ``torn`` and ``valid_length``
    say how it ended (see the module doc); ``offset`` is where the record last yielded starts.  A bad
    record followed by more data raises ``LogError`` during the iteration."""

    def __init__(self, fileobj: BinaryIO) -> None:
        self._f = fileobj
        self.torn = False
        self.valid_length = 0
        self.offset = 0

    def __iter__(self) -> Iterator[bytes]:
        f = self._f
        size = f.seek(0, os.SEEK_END)
        f.seek(0)
        magic = f.read(len(MAGIC))
        if len(magic) < len(MAGIC):
            if MAGIC.startswith(magic):
                self.torn, self.valid_length = size > 0, 0
                return
            raise LogError("not a snowp2p log file (bad magic)")
        if magic != MAGIC:
            raise LogError("not a snowp2p log file (bad magic)")
        pos, index = len(MAGIC), 0
        while pos < size:
            self.valid_length = pos
            if size - pos < _HEAD:
                self.torn = True
                return
            head = f.read(_HEAD)
            length = int.from_bytes(head, "big")
            end = pos + _HEAD + length + _CRC
            if end > size:  # runs past the end of the file: a torn append (whatever the length says)
                self.torn = True
                return
            damaged = not 1 <= length <= MAX_RECORD
            if not damaged:
                rest = f.read(length + _CRC)
                data = rest[:length]
                damaged = zlib.crc32(data, zlib.crc32(head)) != int.from_bytes(rest[length:], "big")  # (no copy)
            if damaged:
                if end == size:
                    self.torn = True
                    return
                raise LogError(f"log record {index} at byte offset {pos} is corrupt")
            self.offset = pos
            yield data
            pos, index = end, index + 1
        self.valid_length = pos


def read_log(fileobj: BinaryIO) -> LogContents:
    """Read every record of a log file (from its start).  See module doc."""
    reader = LogReader(fileobj)
    records = list(reader)
    return LogContents(records, reader.torn, reader.valid_length)

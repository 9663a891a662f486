"""Checking a game log's signatures on every core, ahead of its replay (``snowp2p audit``).

Theory of operation
-------------------
Replaying a log (``netplay.replay_log``) is one observer :class:`Session`
taking the records in order; most of its time is each record's Ed25519
verification, which ``cryptography`` runs with the GIL released.  So, while
the session replays on the main thread, a pool of threads (one per core by
default) verifies the records ahead of it, in chunks, in log order: each
record's signature over its envelope bytes, under the roster key of the seat
the envelope names.  The main thread then hands the session the decoded
record as a :class:`VerifiedMessage`: a ``SignedMessage`` that remembers the
one key its signature was found valid under, so that the session's own
``verify(key)`` returns at once for *that* key, and checks for real for any
other key.

Nothing about the verdict changes: the session still checks every record in
order (chains, sizes, rules) and still calls ``verify`` on every one; a record
whose signature the pool found bad (or could not read) is handed over
undecorated, so the session verifies it itself and reports it exactly as a
sequential replay does (same violation, same first failing record).  Frames
nested inside a record (evidence copies, relays) are decoded by the session
and verified there, as before.

``SNOWP2P_AUDIT_THREADS=1`` (or ``threads=1``) turns the pool off: the
sequential replay, which the tests compare against.
"""

from __future__ import annotations

import os
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Sequence

import msgpack

from .protocol.crypto import verify
from .protocol.messages import SIG_CONTEXT, SignedMessage, decode_signed

__all__ = ["VerifiedMessage", "VerifyPool", "audit_threads"]

#: records per task at most: large enough that a thread's hand-over costs little, small enough that
#: the replay can start after the first few (a short log gets smaller ones: ``chunk_size``)
CHUNK = 64


def chunk_size(records: int, threads: int) -> int:
    """Records per task for a log of ``records`` records: at least 4 tasks per thread, 4 to CHUNK records."""
    return max(4, min(CHUNK, records // (4 * max(1, threads))))


@dataclass(frozen=True)
class VerifiedMessage(SignedMessage):
    """A decoded message whose signature is known to be valid under ``verified_key``."""

    verified_key: bytes = b""

    def verify(self, public_key: bytes) -> None:
        if public_key != self.verified_key:
            super().verify(public_key)


def audit_threads() -> int:
    """How many threads verify ahead of a replay: ``SNOWP2P_AUDIT_THREADS``, else one per core."""
    raw = os.environ.get("SNOWP2P_AUDIT_THREADS", "").strip()
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    return os.cpu_count() or 1


def _verify_chunk(records: Sequence[bytes], lo: int, hi: int, keys: dict[int, bytes]) -> list[bytes | None]:
    """For records[lo:hi]: the roster key each one's signature is valid under, or None (unreadable,
    unknown seat, bad signature: the session will find out for itself)."""
    out: list[bytes | None] = []
    for i in range(lo, hi):
        key = None
        try:
            # the same two byte strings decode_signed takes from the record (the same msgpack parse of the
            # same bytes; decode_signed also insists that they are all the record holds)
            env_bytes, sig = msgpack.unpackb(records[i])
            key = keys.get(msgpack.unpackb(env_bytes)[2])  # the envelope's sender seat
            if key is not None:
                verify(key, SIG_CONTEXT + env_bytes, sig)
        except Exception:  # hostile bytes, a bad signature: only "not verified ahead" (SignatureError too)
            key = None
        out.append(key)
    return out


class VerifyPool:
    """Verifies ``records[start:]`` in threads; ``message(i)`` decodes record i for the session.

    Use as a context manager (the threads are shut down, unstarted chunks cancelled, on exit).
    With ``threads <= 1`` nothing runs ahead and ``message(i)`` is plain ``decode_signed``.
    """

    def __init__(self, records: Sequence[bytes], keys: dict[int, bytes], threads: int, start: int = 1) -> None:
        self.records = records
        self.keys = {seat: bytes(k) for seat, k in keys.items()}
        self.threads = threads
        self._executor: ThreadPoolExecutor | None = None
        self._chunks: dict[int, Future] = {}
        self._start = start
        self._current: tuple[int, list[bytes | None]] | None = None
        self.chunk = chunk_size(len(records) - start, threads)

    def __enter__(self) -> VerifyPool:
        if self.threads > 1 and len(self.records) > self._start:
            self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="audit-verify")
            try:
                for k, lo in enumerate(range(self._start, len(self.records), self.chunk)):
                    hi = min(lo + self.chunk, len(self.records))
                    self._chunks[k] = self._executor.submit(_verify_chunk, self.records, lo, hi, self.keys)
            except RuntimeError:  # no thread could be started (a constrained system): the sequential replay
                self.__exit__()
                self._chunks.clear()
        return self

    def __exit__(self, *exc) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def verified_key(self, i: int) -> bytes | None:
        """The key record i's signature was found valid under (waiting for its chunk), or None."""
        if self._executor is None:
            return None
        k = (i - self._start) // self.chunk
        if self._current is None or self._current[0] != k:
            fut = self._chunks.pop(k, None)
            if fut is None:
                return None
            self._current = (k, fut.result())
        return self._current[1][(i - self._start) % self.chunk]

    def message(self, i: int) -> SignedMessage:
        """Record i decoded (``DecodeError`` as ``decode_signed``), remembering a valid signature's key."""
        msg = decode_signed(self.records[i])
        key = self.verified_key(i)
        if key is None:
            return msg
        return VerifiedMessage(msg.envelope, msg.signature, msg.envelope_bytes, msg.payload, key)

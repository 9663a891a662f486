"""Checking a game log's signatures on every core, ahead of its replay (``snowp2p audit``).

Theory of operation
-------------------
Replaying a log (``replay.replay_log``) is one observer :class:`Session`
taking the records in order; most of its time is each record's Ed25519
verification, which ``cryptography`` runs with the GIL released.  So, while
the session replays on the main thread, a pool of threads (one per core by
default) verifies the records ahead of it, in chunks, in log order, as the
log is read (at most ``AHEAD_BYTES`` of records ahead: memory does not grow
with the log, issue 24): each
record's signature over its envelope bytes, under the roster key of the seat
the envelope names.  The main thread then hands the session the decoded
record remembering the one key its signature was found valid under
(``SignedMessage.verify``'s own memory of a key that checked out), so that the
session's own ``verify(key)`` returns at once for *that* key, and checks for
real for any other key.

A thread reads the envelope, the signature and the sender out of a record by
their places in it (``_parts``: a canonical record is ``[envelope, signature]``
with the smallest headers, and the sender seat follows the version and the
32-byte game id), not by parsing it (issue 22: the threads' work takes a core
from the replay); a record that is not laid out so is left to the session.
The session's decoder accepts only canonical records, whose parts are exactly
these, so a key is only ever remembered for the bytes it was checked on.

Nothing about the verdict changes: the session still checks every record in
order (chains, sizes, rules) and still calls ``verify`` on every one; a record
whose signature the pool found bad (or could not read) is handed over
undecorated, so the session verifies it itself and reports it exactly as a
sequential replay does (same violation, same first failing record).  Frames
nested inside a record (evidence copies, relays) are decoded by the session
and verified there, as before.

``SNOWP2P_AUDIT_THREADS=1`` (or ``threads=1``) turns the pool off: the
sequential replay, which the tests compare against.

While the pool runs, the interpreter's switch interval is ``SWITCH_INTERVAL``
(0.2 ms instead of 5 ms; restored on exit).  A thread whose ``verify`` has
returned needs the GIL back to start the next one, and the replay holds it
while it works: with the usual 5 ms the verifying threads waited for the GIL
with their cores idle, so the verification overlapped the replay only while
the replay waited for them (measured, issue 22, alternating in one process: the
median ratio to raw verification on the same two threads 0.56-0.61 with 5 ms,
0.61-0.72 with 0.2 ms).
"""

from __future__ import annotations

import os
import sys
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Iterable, Iterator, Sequence

from .protocol.crypto import verify
from .protocol.messages import PROTOCOL_VERSION, SIG_CONTEXT, SignedMessage, decode_signed

__all__ = ["VerifyPool", "audit_threads", "message"]

#: records per task at most, and bytes (a task is handed over when either is reached)
CHUNK = 16
CHUNK_BYTES = 256 << 10
#: bytes of records read ahead of the replay, in all (the audit's memory does not grow with the log)
AHEAD_BYTES = 4 << 20
#: seconds between forced GIL hand-overs while the pool runs (see the module doc)
SWITCH_INTERVAL = 0.0002


def audit_threads() -> int:
    """How many threads verify ahead of a replay: ``SNOWP2P_AUDIT_THREADS``, else one per core."""
    raw = os.environ.get("SNOWP2P_AUDIT_THREADS", "").strip()
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    return os.cpu_count() or 1


#: a canonical envelope starts [v, game: bin 8 of 32 bytes, sender, ...]: fixarray 7, v as a positive fixint
_ENV_HEAD = bytes([0x97, PROTOCOL_VERSION, 0xC4, 32])
_SENDER_AT = len(_ENV_HEAD) + 32
_SIG_TAIL = bytes([0xC4, 64])  # the signature: bin 8 of 64 bytes, the record's last 66 bytes


def _parts(rec: bytes) -> tuple[bytes, bytes, int] | None:
    """(envelope bytes, signature, sender seat) of a record laid out as a canonical one is, read off their
    places (decode_signed's canonical form: ``[envelope: bin, signature: bin 8]``, smallest headers); None
    for any other record (the session decodes and checks it itself)."""
    if len(rec) < 72 or rec[0] != 0x92 or rec[-66:-64] != _SIG_TAIL:
        return None
    head = rec[1]
    start = 3 if head == 0xC4 else 4 if head == 0xC5 else 6 if head == 0xC6 else 0
    if not start or int.from_bytes(rec[2:start], "big") != len(rec) - start - 66:
        return None
    env = rec[start:-66]
    if env[:4] != _ENV_HEAD or len(env) <= _SENDER_AT or env[_SENDER_AT] >= 0x80:
        return None
    return env, rec[-64:], env[_SENDER_AT]


def _verify_chunk(records: Sequence[bytes], keys: dict[int, bytes]) -> list[bytes | None]:
    """For each record: the roster key its signature is valid under, or None (not laid out as a canonical
    record, unknown seat, bad signature: the session will find out for itself)."""
    out: list[bytes | None] = []
    for rec in records:
        key = None
        parts = _parts(rec)
        if parts is not None:
            env_bytes, sig, sender = parts
            key = keys.get(sender)
            if key is not None:
                try:
                    verify(key, SIG_CONTEXT + env_bytes, sig)
                except Exception:  # a bad signature (SignatureError), a malformed one: "not verified ahead"
                    key = None
        out.append(key)
    return out


def message(record: bytes, key: bytes | None) -> SignedMessage:
    """A record decoded (``DecodeError`` as ``decode_signed``), remembering a valid signature's key: its
    ``verify`` returns at once for that key, and checks for real for any other."""
    msg = decode_signed(record)
    if key is not None:
        msg.__dict__["_verified_by"] = key
    return msg


class VerifyPool:
    """Verifies the records of ``records`` (an iterable: read as the replay goes, never all at once) in
    threads, at most ``AHEAD_BYTES`` ahead of the replay.  Iterating yields ``(index, record, key)`` in
    order, ``index`` counting from ``start``, ``key`` the one a record's signature was found valid under
    or None; :func:`message` decodes it for the session.

    Use as a context manager (the threads are shut down, unstarted chunks cancelled, on exit).
    With ``threads <= 1`` nothing runs ahead: every key is None."""

    def __init__(self, records: Iterable[bytes], keys: dict[int, bytes], threads: int, start: int = 1) -> None:
        self.records = iter(records)
        self.keys = {seat: bytes(k) for seat, k in keys.items()}
        self.threads = threads
        self.start = start
        self._executor: ThreadPoolExecutor | None = None
        self._switch: float | None = None  # the interpreter's switch interval before the pool ran

    def __enter__(self) -> VerifyPool:
        if self.threads > 1:
            try:
                self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="audit-verify")
            except RuntimeError:  # no thread could be started (a constrained system): the sequential replay
                self._executor = None
            else:
                self._switch = sys.getswitchinterval()
                sys.setswitchinterval(min(self._switch, SWITCH_INTERVAL))
        return self

    def __exit__(self, *exc) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        if self._switch is not None:
            sys.setswitchinterval(self._switch)
            self._switch = None

    def _chunks(self) -> Iterator[list[bytes]]:
        chunk: list[bytes] = []
        size = 0
        for rec in self.records:
            chunk.append(rec)
            size += len(rec)
            if len(chunk) >= CHUNK or size >= CHUNK_BYTES:
                yield chunk
                chunk, size = [], 0
        if chunk:
            yield chunk

    def __iter__(self) -> Iterator[tuple[int, bytes, bytes | None]]:
        i = self.start
        if self._executor is None:
            for rec in self.records:
                yield i, rec, None
                i += 1
            return
        ahead: deque[tuple[list[bytes], Future]] = deque()
        ahead_bytes = 0
        chunks = self._chunks()
        done = False
        while True:
            while not done and (not ahead or ahead_bytes < AHEAD_BYTES):
                chunk = next(chunks, None)
                if chunk is None:
                    done = True
                    break
                try:
                    fut = self._executor.submit(_verify_chunk, chunk, self.keys)
                except RuntimeError:  # (threads gone: verified by the session itself)
                    fut = Future()
                    fut.set_result([None] * len(chunk))
                ahead.append((chunk, fut))
                ahead_bytes += sum(map(len, chunk))
            if not ahead:
                return
            chunk, fut = ahead.popleft()
            ahead_bytes -= sum(map(len, chunk))
            for rec, key in zip(chunk, fut.result(), strict=True):
                yield i, rec, key
                i += 1

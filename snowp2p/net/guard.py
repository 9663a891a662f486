"""What keeps a listening peer standing: caps on unauthenticated connections, and the join-code guess limit.

Theory of operation
-------------------
* :class:`Gate` runs the handler of every accepted connection while it is
  *unauthenticated* (before the join code or the link signatures are
  proven).  At most ``per_addr`` such connections per remote address and
  ``total`` in all are kept: a new one over a cap evicts the oldest pending
  connection of its own address, or (total cap) of the address holding
  the most.  Evicting cancels that handler and closes its socket, so the
  descriptors and memory a crowd of idle strangers costs are bounded, and
  a stranger can never keep a newcomer from another address out.  A handler
  calls ``settle()`` once its peer has proven itself; from then on the
  connection is no longer counted nor evictable.
* :class:`GuessLimiter` is pure (the caller passes the clock): it counts
  wrong join codes per address and in total since the code was issued.
  After ``free`` failures from one address, that address waits
  ``min(base * 2**(k - free), cap)`` seconds before the host answers its
  ``hello`` (``k``: its failures so far).  After ``retire_after`` failures
  in total the code must be retired (the lobby prints a new one).
  ``summary`` gives the host one status line at most every ``every``
  seconds, not one line per attempt.
"""

from __future__ import annotations

import errno
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Awaitable, Callable

import trio

from .conn import peer_address

#: unauthenticated connections kept per remote address, and in all
PENDING_PER_ADDR = 8
PENDING_TOTAL = 64

FD_ERRORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Gate:
    """Bounded set of unauthenticated connections (see the module docstring)."""

    def __init__(self, total: int = PENDING_TOTAL, per_addr: int = PENDING_PER_ADDR):
        self.total, self.per_addr = total, per_addr
        self._pending: dict[str, OrderedDict[int, trio.CancelScope]] = {}
        self._next = 0
        self.evicted = 0

    @property
    def pending(self) -> int:
        return sum(len(v) for v in self._pending.values())

    def _evict_one(self, addr: str) -> None:
        entries = self._pending.get(addr)
        if not entries:
            return
        key, scope = entries.popitem(last=False)
        if not entries:
            del self._pending[addr]
        scope.cancel()
        self.evicted += 1

    def _admit(self, addr: str, scope: trio.CancelScope) -> int:
        if len(self._pending.get(addr, ())) >= self.per_addr:
            self._evict_one(addr)
        if self.pending >= self.total:
            self._evict_one(max(self._pending, key=lambda a: len(self._pending[a])))
        key = self._next
        self._next += 1
        self._pending.setdefault(addr, OrderedDict())[key] = scope
        return key

    def _release(self, addr: str, key: int) -> None:
        entries = self._pending.get(addr)
        if entries is not None and entries.pop(key, None) is not None and not entries:
            del self._pending[addr]

    async def run(self, handler: Callable[..., Awaitable[None]], stream: trio.SocketStream) -> None:
        """Run ``handler(stream, settle)`` for one accepted connection, counted until it settles."""
        addr = peer_address(stream)
        with trio.CancelScope() as scope:
            key = self._admit(addr, scope)
            try:
                await handler(stream, lambda: self._release(addr, key))
            finally:
                self._release(addr, key)
        if scope.cancelled_caught:  # evicted: the handler did not get to close it
            with trio.CancelScope(shield=True):
                try:
                    await stream.aclose()
                except Exception:
                    pass


async def accept_loop(listener: trio.SocketListener, handler, nursery: trio.Nursery, gate: Gate | None = None,
                      on_fd_shortage: Callable[[], None] | None = None) -> None:
    """Accept connections and start ``handler(stream, settle)`` for each in ``nursery`` (through ``gate``).

    Unlike ``trio.serve_listeners`` this does not close a stream when its
    handler returns: a joiner's connection lives on into the game.  Running
    out of descriptors (EMFILE, ...) is not fatal: it waits a little and
    accepts again (the kernel keeps the backlog meanwhile).
    """
    gate = gate or Gate()
    while True:
        try:
            stream = await listener.accept()
        except OSError as e:
            if e.errno in FD_ERRORS and on_fd_shortage is not None:
                on_fd_shortage()
            await trio.sleep(0.1)
            continue
        nursery.start_soon(gate.run, handler, stream)


@dataclass
class GuessLimiter:
    """Wrong join codes: per-address back-off and a total that retires the code (pure; see the module)."""

    free: int = 3
    base: float = 1.0
    cap: float = 10.0
    retire_after: int = 40
    every: float = 5.0
    failures: dict[str, int] = field(default_factory=dict)
    since_code: int = 0
    total: int = 0
    retired: int = 0
    _said: float | None = None
    _said_total: int = 0

    def delay(self, addr: str) -> float:
        """Seconds to wait before answering a ``hello`` from ``addr``."""
        k = self.failures.get(addr, 0)
        if k < self.free:
            return 0.0
        return min(self.base * 2 ** (k - self.free), self.cap)

    def failed(self, addr: str) -> bool:
        """Count a wrong code from ``addr``; True when the code must now be retired."""
        self.failures[addr] = self.failures.get(addr, 0) + 1
        self.since_code += 1
        self.total += 1
        if len(self.failures) > 4096:  # bounded memory: forget the address that failed least
            del self.failures[min(self.failures, key=self.failures.get)]
        return self.since_code >= self.retire_after

    def new_code(self) -> None:
        self.since_code = 0
        self.retired += 1

    def summary(self, now: float, force: bool = False) -> str | None:
        """One status line about the wrong codes, at most every ``every`` seconds (None: nothing new)."""
        if self.total == self._said_total or (not force and self._said is not None and now - self._said < self.every):
            return None
        self._said, self._said_total = now, self.total
        slow = sum(1 for k in self.failures.values() if k >= self.free)
        line = (f"lobby: {self.total} wrong join code(s) from {len(self.failures)} address(es) so far"
                f" ({self.since_code}/{self.retire_after} on this code")
        if slow:
            line += f"; {slow} address(es) answered slowly"
        if self.retired:
            line += f"; codes retired: {self.retired}"
        return line + ")"


__all__ = ["Gate", "GuessLimiter", "accept_loop", "PENDING_PER_ADDR", "PENDING_TOTAL", "FD_ERRORS"]

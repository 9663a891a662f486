"""What keeps a listening peer standing: caps on unauthenticated connections, and the join-code guess limit.

Theory of operation
-------------------
* :class:`Gate` runs the handler of every accepted connection while it is
  *unauthenticated* (before the join code or the link signatures are
  proven).  At most ``per_addr`` such connections per remote address and
  ``total`` in all are kept: a new one over a cap evicts the oldest pending
  connection of its own address, or (total cap) of the worst-ranked
  address (see below).  Evicting cancels that handler and closes its socket, so the
  descriptors and memory a crowd of idle strangers costs are bounded, and
  a stranger can never keep a newcomer from another address out.  A handler
  calls ``settle()`` once its peer has proven itself; from then on the
  connection is no longer counted nor evictable.
* :class:`GuessLimiter` (pure: the caller passes the clock) and
  :class:`Turnstile` (its trio queue) ration join-code attempts.  Each
  ``challenge`` the host sends lets its receiver test one guess of the code
  (SPAKE2: one online guess, no offline test), so challenges are what is
  counted: one token bucket for the whole lobby, whatever the number of
  source addresses (``ATTEMPTS_PER_SECOND`` sustained, ``ATTEMPT_BURST`` at
  once).  A hello waits in the turnstile for a token; the waiting hello
  whose address (then whose /24 or /64 prefix) has missed the fewest
  handshakes (a wrong code, a timeout, an eviction: anything but a seat)
  goes first, so a player who types the code is served before a guesser
  that has tried once already, whatever the flood.  The code is never
  retired (a guess is as likely to hit a new code as the old one): a
  wrong code costs the guesser its turn and nothing else, and the host
  says plainly when someone is guessing (``summary``, at most one line
  every ``every`` seconds).  The counts are kept per prefix, at
  most ``per_prefix`` addresses in one and ``prefixes`` prefixes: memory
  is bounded, and forgetting a count only changes who is served first,
  never how many guesses get through.
* When full, :class:`Gate` evicts from the worst-ranked address (``rank``:
  the most missed handshakes), among equals the one holding the most
  pending connections (players behind one NAT address are not evicted for
  being several while a guesser has missed before).
"""

from __future__ import annotations

import errno
import heapq
import ipaddress
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Awaitable, Callable

import trio

from .conn import peer_address

#: unauthenticated connections kept per remote address, and in all
PENDING_PER_ADDR = 8
PENDING_TOTAL = 64
#: join-code attempts (challenges) a lobby gives, from all addresses together: a second, and at once
ATTEMPTS_PER_SECOND = 1.0
ATTEMPT_BURST = 8.0
#: wrong codes past which the host says plainly that someone is guessing
GUESSING_AFTER = 10

FD_ERRORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Gate:
    """Bounded set of unauthenticated connections (see the module docstring)."""

    def __init__(self, total: int = PENDING_TOTAL, per_addr: int = PENDING_PER_ADDR,
                 rank: Callable[[str], tuple] | None = None):
        self.total, self.per_addr = total, per_addr
        self.rank = rank or (lambda addr: ())
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
            self._evict_one(max(self._pending, key=lambda a: (self.rank(a), len(self._pending[a]))))
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


def prefix_of(addr: str) -> str:
    """The network an address belongs to for the guess table: its /24 (IPv4) or /64 (IPv6); an
    IPv4-mapped IPv6 address counts as the IPv4 one; anything else is its own prefix."""
    try:
        ip = ipaddress.ip_address(addr.split("%")[0])
    except ValueError:
        return addr
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    bits = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


@dataclass
class GuessLimiter:
    """Join-code attempts: one token bucket for all addresses, a rank that serves newcomers first, one
    status line now and then (pure: the caller passes the clock; see the module docstring).

    The bucket is the security bound: whatever the number of addresses, at most ``burst`` attempts at
    once and ``rate`` a second after that (``take``).  The per-address and per-prefix counts only decide
    who is served first (``rank``): forgetting them (bounded memory) never lets a guess through faster.
    """

    rate: float = ATTEMPTS_PER_SECOND
    burst: float = ATTEMPT_BURST
    every: float = 5.0
    per_prefix: int = 256  # addresses remembered in one prefix (a /24 has 256; more in a /64 share one count)
    prefixes: int = 4096  # prefixes remembered (past that the one with the fewest misses is forgotten)
    tokens: float | None = None
    last: float | None = None
    misses: dict[str, dict[str, int]] = field(default_factory=dict)  # prefix -> address -> misses ("*": the rest)
    prefix_misses: dict[str, int] = field(default_factory=dict)
    attempts: int = 0  # challenges given (each is one online guess at most)
    total: int = 0  # wrong codes
    _wrong_from: set = field(default_factory=set)
    _said: float | None = None
    _said_total: int = 0

    # ---- the bucket
    def take(self, now: float) -> float:
        """Take one attempt's token: 0.0 if taken, else the seconds until one is there (nothing taken)."""
        if self.tokens is None or self.last is None:
            self.tokens, self.last = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.attempts += 1
            return 0.0
        return (1.0 - self.tokens) / self.rate

    # ---- who is served first
    def missed(self, addr: str) -> None:
        """Count a handshake from ``addr`` that did not end in a seat (a wrong code, a timeout, an eviction...)."""
        pre = prefix_of(addr)
        table = self.misses.get(pre)
        if table is None:
            if len(self.misses) >= self.prefixes:  # bounded: forget the quietest prefix
                quiet = min(self.prefix_misses, key=self.prefix_misses.get)
                del self.misses[quiet], self.prefix_misses[quiet]
            table = self.misses[pre] = {}
            self.prefix_misses[pre] = 0
        key = addr if addr in table or len(table) < self.per_prefix else "*"
        table[key] = table.get(key, 0) + 1
        self.prefix_misses[pre] += 1

    def rank(self, addr: str) -> tuple[int, int]:
        """Lower is served first: (handshakes missed from this address, from its prefix)."""
        pre = prefix_of(addr)
        table = self.misses.get(pre, {})
        own = table.get(addr, table.get("*", 0))
        return own, self.prefix_misses.get(pre, 0)

    # ---- the host's words
    def failed(self, addr: str) -> None:
        """Count a wrong code from ``addr``."""
        self.total += 1
        if len(self._wrong_from) < 65536:
            self._wrong_from.add(addr)

    def guessing(self) -> bool:
        """Is someone guessing?  (More wrong codes than typos explain.)"""
        return self.total >= GUESSING_AFTER

    def summary(self, now: float, force: bool = False) -> str | None:
        """One status line about the wrong codes, at most every ``every`` seconds (None: nothing new)."""
        if self.total == self._said_total or (not force and self._said is not None and now - self._said < self.every):
            return None
        self._said, self._said_total = now, self.total
        line = f"lobby: {self.total} wrong join code(s) from {len(self._wrong_from)} address(es) so far"
        if self.guessing():
            line += (f"; someone is guessing the code: they get at most {self.rate:g} try a second (expected "
                     f"time to find it: {expected_days(self.rate):.0f} days); the players with the code "
                     "still get in first")
        return line


def expected_days(rate: float) -> float:
    """Expected days to hit a join code at ``rate`` guesses a second (half the code space)."""
    from ..protocol.joincode import CODE_SPACE

    return CODE_SPACE / 2 / rate / 86400


class Turnstile:
    """The lobby's queue for join-code attempts (trio): ``await admit(addr)`` returns when that hello may
    get its challenge: the best-ranked waiting hello goes first, when the bucket has a token."""

    def __init__(self, limiter: GuessLimiter):
        self.limiter = limiter
        self._waiting: list[list] = []  # heap of [rank, seq, addr]
        self._seq = 0
        self._changed = trio.Event()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    async def admit(self, addr: str) -> None:
        entry = [self.limiter.rank(addr), self._seq, addr]
        self._seq += 1
        heapq.heappush(self._waiting, entry)
        self._wake()
        try:
            while True:
                changed = self._changed
                if self._waiting[0] is entry:
                    wait = self.limiter.take(trio.current_time())
                    if wait == 0.0:
                        return
                    with trio.move_on_after(wait):
                        await changed.wait()  # a better-ranked hello may come meanwhile
                else:
                    await changed.wait()
        finally:
            self._waiting.remove(entry)
            heapq.heapify(self._waiting)
            self._wake()

    @property
    def waiting(self) -> int:
        return len(self._waiting)


__all__ = ["Gate", "GuessLimiter", "Turnstile", "prefix_of", "expected_days", "accept_loop", "PENDING_PER_ADDR", "PENDING_TOTAL", "FD_ERRORS"]

"""Fair shared randomness: hash-chain commit-reveal, event randomness, Rand.

Theory of operation
-------------------
Hash chains.  Each peer picks a secret 32-byte seed and computes
``links[0] = seed``, ``links[i] = step(links[i-1])`` up to ``links[n]``, the
*tip*, which it publishes (``commit_chain``) before play.  ``step`` is a
tagged SHA-256 bound to the game id and the peer's seat, so a chain is
useless in any other game or seat.  For random event ``e`` (0, 1, 2, ...)
a peer reveals ``links[n-1-e]``: anyone holding the previous value checks
it at once by hashing (``RevealVerifier``).  A peer may skip events it
does not take part in; the next reveal is then checked by hashing as many
times as events were skipped.  All values were fixed by the tip before
the game, so no peer can bias an event; a peer can only refuse to reveal
(which the timeout rules handle).

Event randomness.  ``event_randomness(e, reveals)`` hashes the event
index and the reveals it needs, sorted by seat.  For a draw from a hidden
deck the owner's reveal is left out, so the owner cannot foresee its own
draws (G4); for open draws all peers' reveals are used.

``Rand``.  The one deterministic random generator of the game engines,
seeded with event randomness (p2p) or local random bytes (local games).
Its output stream is ``SHA-256`` blocks of a counter (see SPEC.md);
``below(n)`` takes 8-byte big-endian words and uses rejection sampling, so
it is unbiased; ``shuffle`` is Fisher-Yates driven by ``below``.  It uses
only integer arithmetic and SHA-256, so it is bit-for-bit identical on
every machine.
"""

from __future__ import annotations

import hashlib
import struct

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import TypeVar

from .crypto import encode_parts, h
from .errors import RevealError

__all__ = [
    "chain_step",
    "make_hash_chain",
    "chain_reveal",
    "RevealVerifier",
    "event_randomness",
    "Rand",
]

T = TypeVar("T")

CHAIN_TAG = "snowp2p/chain/v1"
EVENT_TAG = "snowp2p/event/v1"
RAND_TAG = "snowp2p/rand/v1"
RAND_DERIVE_TAG = "snowp2p/rand-derive/v1"


def chain_step(game_id: bytes, seat: int, value: bytes) -> bytes:
    """One step of a hash chain: ``h("snowp2p/chain/v1", game_id, seat, value)``."""
    return h(CHAIN_TAG, game_id, seat, value)


def _stepper(game_id: bytes, seat: int):
    """``chain_step`` for a fixed game and seat, for loops: every step hashes the same prefix
    ``encode_parts(CHAIN_TAG, game_id, seat)`` then ``u32be(32) || value`` (32-byte values only; the
    same bytes as ``h``, see tests/protocol/test_protocol_randomness.py)."""
    base = hashlib.sha256(encode_parts(CHAIN_TAG, game_id, seat) + (32).to_bytes(4, "big"))
    copy = base.copy

    def step(value: bytes) -> bytes:
        m = copy()
        m.update(value)
        return m.digest()

    return step


def make_hash_chain(seed: bytes, n: int, *, game_id: bytes, seat: int) -> list[bytes]:
    """``[seed, step(seed), ..., step^n(seed)]``; the last element is the tip."""
    if len(seed) != 32:
        raise ValueError("hash-chain seed must be 32 bytes")
    if n < 1:
        raise ValueError("hash chain length must be >= 1")
    step = _stepper(bytes(game_id), seat)
    value = bytes(seed)
    links = [value]
    append = links.append
    for _ in range(n):
        value = step(value)
        append(value)
    return links


def chain_reveal(links: Sequence[bytes], event: int) -> bytes:
    """The value to reveal for event ``event`` from a chain built by ``make_hash_chain``."""
    n = len(links) - 1
    if not 0 <= event < n:
        raise ValueError(f"event {event} beyond a chain of length {n}")
    return links[n - 1 - event]


class _PeerChain:
    __slots__ = ("current", "last_event", "length", "reveals")

    def __init__(self, tip: bytes, length: int) -> None:
        self.current = tip
        self.last_event = -1
        self.length = length
        self.reveals: dict[int, bytes] = {}


class RevealVerifier:
    """Checks each peer's reveals against its committed tip, at once.

    ``add_peer(seat, tip, length)`` from its ``commit_chain``; then
    ``check(seat, event, preimage)`` for each ``reveal``.
    """

    def __init__(self, game_id: bytes) -> None:
        self.game_id = bytes(game_id)
        self._peers: dict[int, _PeerChain] = {}
        self._steps: dict[int, Callable[[bytes], bytes]] = {}

    def add_peer(self, seat: int, tip: bytes, length: int) -> None:
        if seat in self._peers:
            raise RevealError(f"seat {seat} already committed to a hash chain")
        self._peers[seat] = _PeerChain(bytes(tip), length)

    def check(self, seat: int, event: int, preimage: bytes) -> None:
        """Verify ``preimage`` as ``seat``'s reveal for ``event`` and record it.

        Raises ``RevealError`` if the seat has no chain, the event is out of
        order or beyond the chain, or the preimage does not hash to the
        last value.  Re-checking an identical earlier reveal is a no-op.
        """
        peer = self._peers.get(seat)
        if peer is None:
            raise RevealError(f"seat {seat} has not committed to a hash chain")
        if event <= peer.last_event:
            if peer.reveals.get(event) == preimage:
                return
            raise RevealError(f"seat {seat} already revealed past event {event}")
        if len(preimage) != 32:
            raise RevealError(f"seat {seat}'s reveal for event {event} is not 32 bytes")
        if event >= peer.length:
            raise RevealError(f"seat {seat}'s hash chain ends before event {event}")
        value = bytes(preimage)
        step = self._steps.get(seat)
        if step is None:
            step = self._steps[seat] = _stepper(self.game_id, seat)
        for _ in range(event - peer.last_event):
            value = step(value)
        if value != peer.current:
            raise RevealError(f"seat {seat}'s reveal for event {event} does not match its chain")
        peer.current = bytes(preimage)
        peer.last_event = event
        peer.reveals[event] = peer.current

    def reveals(self, event: int) -> dict[int, bytes]:
        """seat -> verified preimage, for every seat that has revealed ``event``."""
        return {seat: p.reveals[event] for seat, p in self._peers.items() if event in p.reveals}

    def has_revealed(self, seat: int, event: int) -> bool:
        peer = self._peers.get(seat)
        return peer is not None and event in peer.reveals


def event_randomness(event: int, reveals: Mapping[int, bytes]) -> bytes:
    """32 bytes for event ``event`` from the given seat -> reveal map.

    ``h("snowp2p/event/v1", event, seat_1, reveal_1, seat_2, reveal_2, ...)``
    with seats in increasing order, so the result does not depend on the
    order the reveals arrived in.
    """
    if not reveals:
        raise ValueError("event randomness needs at least one reveal")
    parts: list[bytes | int] = [event]
    for seat in sorted(reveals):
        parts += [seat, reveals[seat]]
    return h(EVENT_TAG, *parts)


_WORDS = struct.Struct(">4Q")


class Rand:
    """Deterministic random generator (SHA-256 in counter mode).

    Stream: ``block(i) = h("snowp2p/rand/v1", seed, i)`` for i = 0, 1, ...;
    ``next_u64`` reads the next 8 bytes big-endian.  Same seed, same calls
    -> same results, on every machine.
    """

    __slots__ = ("_seed", "_counter", "_buffer", "_pos", "_prefix")

    def __init__(self, seed: bytes) -> None:
        if not isinstance(seed, (bytes, bytearray)):
            raise TypeError("Rand seed must be bytes")
        self._seed = bytes(seed)
        self._counter = 0
        self._buffer: tuple[int, ...] = ()
        self._pos = 0
        # h(RAND_TAG, seed, counter) = SHA-256(prefix || u64be(counter)): the prefix is fixed per seed
        self._prefix = encode_parts(RAND_TAG, self._seed) + (8).to_bytes(4, "big")

    def next_u64(self) -> int:
        if self._pos == len(self._buffer):
            block = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._buffer = _WORDS.unpack(block)  # the block's four big-endian u64 words, in order
            self._counter += 1
            self._pos = 0
        word = self._buffer[self._pos]
        self._pos += 1
        return word

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` for ``1 <= n <= 2**64``.

        Draws words ``x`` until ``x < 2**64 - (2**64 % n)``, returns ``x % n``.
        """
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 1 << 64:
            raise ValueError(f"below(n) needs 1 <= n <= 2**64, got {n!r}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]`` (inclusive): ``low + below(high-low+1)``."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """``items[below(len(items))]``."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place: for i = len-1 down to 1, swap i and below(i+1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (same order as ``shuffle`` would produce)."""
        out = list(items)
        self.shuffle(out)
        return out

    def derive(self, label: str) -> Rand:
        """An independent generator for a sub-task: ``Rand(h(derive tag, seed, label))``.

        Does not consume from this generator's stream.
        """
        return Rand(h(RAND_DERIVE_TAG, self._seed, label))

"""Deterministic randomness for the engines.

The engines own no randomness: every shuffle and draw takes a :class:`Rand`
passed in by the caller.  Locally it is seeded from the game seed; in a
networked game its seed is the combined commit-reveal randomness of the
peers (protocol/SPEC.md).  The algorithm is fixed so that every machine gets
the same cards bit for bit:

* the byte stream is SHA-256(seed || counter) for counter = 0, 1, 2, ...
  (counter as 8 bytes big-endian), concatenated;
* ``below(n)`` reads 8 bytes big-endian as an integer ``x`` and returns
  ``x % n`` unless ``x`` falls in the incomplete last block
  (``x >= 2**64 - 2**64 % n``), in which case it reads again (rejection
  sampling, so the result is unbiased);
* ``shuffle(items)`` is Fisher-Yates from the end: for i = len-1 down to 1,
  j = below(i + 1), swap items[i] and items[j].
"""

from __future__ import annotations

import hashlib


class Rand:
    __slots__ = ("_seed", "_counter", "_buf")

    def __init__(self, seed: bytes):
        if not isinstance(seed, (bytes, bytearray)):
            raise TypeError("Rand seed must be bytes")
        self._seed = bytes(seed)
        self._counter = 0
        self._buf = b""

    def _take(self, n: int) -> bytes:
        while len(self._buf) < n:
            self._buf += hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        out, self._buf = self._buf[:n], self._buf[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = int.from_bytes(self._take(8), "big")
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> list:
        """Shuffle ``items`` in place (Fisher-Yates) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def fork(self, label: bytes) -> "Rand":
        """An independent stream derived from this seed and a label."""
        return Rand(hashlib.sha256(b"snowp2p/fork\x00" + self._seed + b"\x00" + label).digest())


def derive(seed: bytes, *labels: bytes | str | int) -> bytes:
    """A 32-byte seed derived from ``seed`` and labels (unambiguous: each part is length-prefixed)."""
    h = hashlib.sha256(b"snowp2p/derive")
    for part in (seed, *labels):
        if isinstance(part, int):
            part = part.to_bytes(8, "big", signed=True)
        elif isinstance(part, str):
            part = part.encode()
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()

"""Deterministic randomness for the engines.

The engines own no randomness: every shuffle and draw takes a ``Rand``
passed in by the caller.  Locally it is seeded from the game seed; in a
networked game its seed is the combined commit-reveal randomness of the
peers.  ``Rand`` is the protocol's generator (protocol/SPEC.md, "Rand"):
SHA-256 in counter mode, ``below(n)`` by rejection sampling, Fisher-Yates
``shuffle``, so every machine gets the same cards bit for bit.
"""

from __future__ import annotations

import hashlib

from ..protocol.randomness import Rand

__all__ = ["Rand", "derive"]


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

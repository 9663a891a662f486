"""Identities, signatures and the one hash function of the protocol.

Theory of operation
-------------------
* An ``Identity`` is an Ed25519 private key, created from 32 secret bytes
  that the caller supplies (this module has no randomness of its own).
  Those 32 bytes are also its storage form (``to_bytes``/``from_bytes``).
  Peers know each other by the 32-byte public key, shown to humans as a
  short ``fingerprint``: the first 8 bytes of SHA-256(public key) in hex,
  in groups of four (``a1b2-c3d4-e5f6-0718``).
* ``verify`` checks an Ed25519 signature and raises ``SignatureError``;
  it never lets a library exception escape (hostile input, G9).
* ``h(tag, *parts)`` is SHA-256 over an unambiguous encoding: the tag and
  each part are written as a 4-byte big-endian length followed by their
  bytes.  ``str`` parts are UTF-8, ``int`` parts are 8-byte big-endian
  unsigned.  Every use in the protocol has its own tag (domain
  separation), so a hash computed for one purpose can never be passed off
  as another.
"""

from __future__ import annotations

import hashlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from .errors import SignatureError

__all__ = [
    "Identity",
    "verify",
    "fingerprint",
    "h",
    "encode_parts",
    "SEED_SIZE",
    "PUBLIC_KEY_SIZE",
    "SIGNATURE_SIZE",
    "HASH_SIZE",
]

SEED_SIZE = 32
PUBLIC_KEY_SIZE = 32
SIGNATURE_SIZE = 64
HASH_SIZE = 32

_RAW = serialization.Encoding.Raw
_RAW_PUB = serialization.PublicFormat.Raw
_RAW_PRIV = serialization.PrivateFormat.Raw
_NO_ENC = serialization.NoEncryption()


def _part_bytes(part: bytes | int | str) -> bytes:
    if isinstance(part, bool):
        raise TypeError("h(): bool parts are not allowed (ambiguous)")
    if isinstance(part, (bytes, bytearray, memoryview)):
        return bytes(part)
    if isinstance(part, int):
        if not 0 <= part < 1 << 64:
            raise ValueError(f"h(): int part {part} out of range for u64")
        return part.to_bytes(8, "big")
    if isinstance(part, str):
        return part.encode("utf-8")
    raise TypeError(f"h(): unsupported part type {type(part).__name__}")


def encode_parts(*parts: bytes | int | str) -> bytes:
    """Length-prefixed concatenation: for each part, u32be(len) || bytes."""
    out = []
    for part in parts:
        t = type(part)
        if t is bytes:
            data = part
        elif t is str:
            data = part.encode("utf-8")
        elif t is int and 0 <= part < 1 << 64:
            data = part.to_bytes(8, "big")
        else:
            data = _part_bytes(part)  # the general (and error) cases
        out.append(len(data).to_bytes(4, "big"))
        out.append(data)
    return b"".join(out)


_sha256 = hashlib.sha256
#: tag -> a SHA-256 object that has already absorbed ``encode_parts(tag)`` (the protocol has a few dozen
#: fixed tags; an odd one is hashed without being kept)
_TAGGED: dict[str, "hashlib._Hash"] = {}
_U64_HEAD = (8).to_bytes(4, "big")
_U64_LIMIT = 1 << 64


def h(tag: str, *parts: bytes | int | str) -> bytes:
    """SHA-256(encode_parts(tag, *parts)): the protocol's tagged hash (32 bytes).

    Fast path (same bytes hashed): the tag's prefix is absorbed once per tag and copied, and the common
    part types (``bytes``, u64 ``int``, ``str``) are fed in place; anything else goes through
    ``encode_parts`` (which also raises for the invalid ones)."""
    base = _TAGGED.get(tag)
    if base is None:
        base = _sha256(encode_parts(tag))
        if type(tag) is str and len(_TAGGED) < 256:
            _TAGGED[tag] = base
    m = base.copy()
    for part in parts:
        t = type(part)
        if t is bytes:
            m.update(len(part).to_bytes(4, "big"))
            m.update(part)
        elif t is int and 0 <= part < _U64_LIMIT:
            m.update(_U64_HEAD)
            m.update(part.to_bytes(8, "big"))
        else:
            m.update(encode_parts(part))
    return m.digest()


def fingerprint(public_key: bytes) -> str:
    """Short human fingerprint of a public key: ``xxxx-xxxx-xxxx-xxxx`` (hex)."""
    digest = hashlib.sha256(bytes(public_key)).hexdigest()[:16]
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


_KEYS: dict[bytes, Ed25519PublicKey] = {}  # parsed public keys, by their bytes


def verify(public_key: bytes, message: bytes, signature: bytes) -> None:
    """Check an Ed25519 signature; raise ``SignatureError`` if it is not valid.

    Any malformed key or signature is reported as ``SignatureError`` too.
    """
    if len(public_key) != PUBLIC_KEY_SIZE or len(signature) != SIGNATURE_SIZE:
        raise SignatureError("signature check failed: malformed key or signature")
    try:
        key = _KEYS.get(public_key)
        if key is None:
            key = Ed25519PublicKey.from_public_bytes(bytes(public_key))
            if len(_KEYS) < 1024:  # a game has at most 8 keys; strangers' keys are not kept forever
                _KEYS[bytes(public_key)] = key
        key.verify(bytes(signature), bytes(message))
    except (InvalidSignature, ValueError):
        raise SignatureError(
            f"bad signature for key {fingerprint(public_key)}"
        ) from None


class Identity:
    """An Ed25519 signing identity.  Build it with ``from_seed(32 secret bytes)``."""

    __slots__ = ("_seed", "_key", "public_key")

    def __init__(self, seed: bytes) -> None:
        if not isinstance(seed, (bytes, bytearray)) or len(seed) != SEED_SIZE:
            raise ValueError(f"identity seed must be {SEED_SIZE} bytes")
        self._seed = bytes(seed)
        self._key = Ed25519PrivateKey.from_private_bytes(self._seed)
        #: The 32-byte raw Ed25519 public key.
        self.public_key: bytes = self._key.public_key().public_bytes(_RAW, _RAW_PUB)

    @classmethod
    def from_seed(cls, seed: bytes) -> Identity:
        """The identity whose private key is the 32-byte Ed25519 seed ``seed``."""
        return cls(seed)

    @classmethod
    def from_bytes(cls, data: bytes) -> Identity:
        """Inverse of ``to_bytes`` (the storage form is the raw 32-byte seed)."""
        return cls(data)

    def to_bytes(self) -> bytes:
        """The 32-byte private seed, for storing in the user's data directory."""
        return self._key.private_bytes(_RAW, _RAW_PRIV, _NO_ENC)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)

    def sign(self, message: bytes) -> bytes:
        """Ed25519 signature (64 bytes, deterministic) over ``message``."""
        return self._key.sign(bytes(message))

    def __repr__(self) -> str:  # never show the secret
        return f"Identity({self.fingerprint})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other.public_key == self.public_key

    def __hash__(self) -> int:
        return hash(self.public_key)

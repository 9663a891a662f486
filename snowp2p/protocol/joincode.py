"""Short human join codes and the password-authenticated key exchange that proves knowledge of one.

Theory of operation
-------------------
The host prints a code like ``417-husky-tundra``: a number 1..999 and two
words from a fixed list of 256 (about 26 bits).  The code itself is never
sent, and nothing that is sent lets anyone test a guess of it offline:
both sides run SPAKE2 (the ``spake2`` package, Ed25519 group; the joiner
is side A, the host side B) with the normal form of the code as the
password and identities that bind the game id and both public keys::

    idA = lp("snowp2p/join-pake/v2") || lp("joiner") || lp(game) || lp(joiner_pub) || lp(host_pub)
    idB = lp("snowp2p/join-pake/v2") || lp("host")   || lp(game) || lp(host_pub)   || lp(joiner_pub)

The host's SPAKE2 message rides in ``challenge``, the joiner's in ``join``
together with the joiner's key confirmation; the host confirms in
``welcome``.  Each confirmation is an HMAC-SHA256 under the SPAKE2 key
``K`` over the whole transcript with a role label::

    tag(role) = HMAC-SHA256(K, lp("snowp2p/join/v2") || lp(role) || lp(game) || lp(host_pub)
                   || lp(host_nonce) || lp(joiner_pub) || lp(joiner_nonce) || lp(msgA) || lp(msgB))

A party that records a handshake sees ``msgA``, ``msgB`` and the tags:
testing a guess would need one side's secret scalar (a discrete log).  A
fake host (or a fake joiner) gets one online guess per handshake: the one
password it ran SPAKE2 with.  See protocol/SPEC.md section 10.

This module is pure: the randomness of a SPAKE2 side comes from a seed
the caller passes (``os.urandom(32)`` in the network shell, fixed bytes in
the test vectors).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from spake2 import SPAKE2_A, SPAKE2_B

from .crypto import encode_parts, h
from .errors import JoinCodeError
from .randomness import Rand

__all__ = [
    "WORDS",
    "make_code",
    "rematch_code",
    "normalize",
    "pake_ids",
    "JoinTranscript",
    "PakeSide",
    "check_tag",
    "PAKE_MESSAGE_SIZE",
]

TAG_LABEL = "snowp2p/join/v2"
PAKE_LABEL = "snowp2p/join-pake/v2"
PAKE_SEED_TAG = "snowp2p/join-pake-seed/v2"
CODE_RAND_TAG = "snowp2p/join-code/v1"
REMATCH_TAG = "snowp2p/rematch-code/v1"
MAX_NUMBER = 999
#: how many codes there are: 999 * 256 * 256 (about 2**26)
CODE_SPACE = MAX_NUMBER * 256 * 256
#: A SPAKE2 message: one side byte ("A" or "B") and a 32-byte Ed25519 point.
PAKE_MESSAGE_SIZE = 33

# fmt: off
WORDS: tuple[str, ...] = (
    "husky", "tundra", "sled", "snow", "frost", "ice", "glacier", "blizzard", "flurry",
    "drift", "mush", "musher", "parka", "mitten", "scarf", "boot", "skate", "ski",
    "slope", "peak", "ridge", "summit", "valley", "pine", "spruce", "fir", "birch",
    "cedar", "maple", "aspen", "willow", "moose", "elk", "bear", "wolf", "fox", "hare",
    "lynx", "otter", "seal", "owl", "raven", "crow", "eagle", "hawk", "finch", "robin",
    "wren", "dove", "swan", "goose", "penguin", "puffin", "orca", "whale", "salmon",
    "trout", "cod", "pike", "bison", "yak", "igloo", "cabin", "lodge", "hut", "camp",
    "fire", "ember", "spark", "flame", "torch", "lantern", "candle", "kettle", "cocoa",
    "tea", "soup", "bread", "honey", "cheese", "apple", "pear", "plum", "berry",
    "cherry", "lemon", "mango", "melon", "grape", "olive", "pepper", "ginger",
    "cinnamon", "mint", "basil", "clover", "arctic", "polar", "north", "south", "east",
    "west", "aurora", "comet", "star", "moon", "sun", "cloud", "storm", "thunder",
    "rain", "hail", "sleet", "mist", "fog", "breeze", "gust", "wind", "chill", "cold",
    "crisp", "bright", "dawn", "dusk", "noon", "night", "winter", "autumn", "spring",
    "summer", "river", "lake", "creek", "pond", "bay", "cove", "delta", "island",
    "canyon", "mesa", "cliff", "cave", "rock", "stone", "pebble", "crystal", "amber",
    "jade", "ruby", "opal", "pearl", "silver", "gold", "copper", "iron", "steel",
    "brass", "anchor", "compass", "map", "trail", "path", "road", "track", "bridge",
    "tunnel", "harbor", "beacon", "tower", "castle", "banner", "flag", "drum", "flute",
    "harp", "piano", "violin", "bell", "whistle", "rope", "knot", "harness", "leash",
    "collar", "paw", "tail", "fur", "nose", "bark", "howl", "yelp", "sprint", "dash",
    "race", "rally", "relay", "lap", "finish", "start", "rocket", "arrow", "bolt",
    "swift", "quick", "brave", "bold", "calm", "eager", "happy", "jolly", "lucky",
    "merry", "proud", "sunny", "witty", "cozy", "fluffy", "toasty", "sturdy", "nimble",
    "mighty", "gentle", "loyal", "clever", "humble", "noble", "rapid", "silent",
    "tiny", "giant", "little", "velvet", "cotton", "wool", "button", "ribbon",
    "pocket", "basket", "bucket", "ladder", "hammer", "shovel", "rake", "axe", "saw",
    "pencil", "paper", "book", "letter", "acorn", "badger", "canoe", "falcon",
    "meadow", "nugget", "quartz",
)
# fmt: on
_WORD_SET = frozenset(WORDS)
assert len(WORDS) == 256 == len(_WORD_SET)


def make_code(rand_bytes: bytes) -> str:
    """A fresh code from >= 16 caller-supplied random bytes.

    With ``r = Rand(rand_bytes)``: ``f"{1 + r.below(999)}-{WORDS[r.below(256)]}-{WORDS[r.below(256)]}"``.
    """
    if len(rand_bytes) < 16:
        raise ValueError("make_code needs at least 16 random bytes")
    r = Rand(h(CODE_RAND_TAG, rand_bytes))
    number = 1 + r.below(MAX_NUMBER)
    return f"{number}-{WORDS[r.below(256)]}-{WORDS[r.below(256)]}"


def rematch_code(code: str, game_id: bytes) -> str:
    """The code of a rematch of game ``game_id`` (SPEC section 10, *Rematch*): known to exactly those who
    knew that game's code, different for every game, and no easier to guess online than the first.

    ``make_code(h("snowp2p/rematch-code/v1", normalize(code), game_id))``."""
    return make_code(h(REMATCH_TAG, normalize(code), game_id))


_SEPARATORS = re.compile(r"[\s\-_.]+")


def normalize(code: str) -> str:
    """Canonical form of a typed code: lowercase, single dashes, no leading zeros.

    ``" 0417 Husky  TUNDRA "`` -> ``"417-husky-tundra"``.  Raises
    ``ValueError`` with a human message if it is not a valid code.
    """
    parts = [p for p in _SEPARATORS.split(code.strip().lower()) if p]
    if len(parts) != 3 or not parts[0].isascii() or not parts[0].isdigit():
        raise ValueError("a join code looks like 417-husky-tundra (number-word-word)")
    number = int(parts[0])
    if not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"the number in a join code is 1..{MAX_NUMBER}")
    for word in parts[1:]:
        if word not in _WORD_SET:
            raise ValueError(f"{word!r} is not a join-code word; check the spelling")
    return f"{number}-{parts[1]}-{parts[2]}"


def pake_ids(game_id: bytes, host_pubkey: bytes, joiner_pubkey: bytes) -> tuple[bytes, bytes]:
    """SPAKE2's ``(idA, idB)``: the joiner's and the host's identity, each bound to the game and both keys."""
    return (encode_parts(PAKE_LABEL, "joiner", game_id, joiner_pubkey, host_pubkey),
            encode_parts(PAKE_LABEL, "host", game_id, host_pubkey, joiner_pubkey))


def _entropy(seed: bytes):
    """SPAKE2's ``entropy_f``: bytes expanded from the caller's seed (the library asks once, for 64)."""
    if len(seed) < 32:
        raise ValueError("a SPAKE2 side needs a seed of at least 32 random bytes")
    return lambda n: hashlib.shake_256(encode_parts(PAKE_SEED_TAG, seed)).digest(n)


@dataclass(frozen=True)
class JoinTranscript:
    """What both confirmations bind: the game, both parties' keys and nonces."""

    game_id: bytes
    host_pubkey: bytes
    host_nonce: bytes
    joiner_pubkey: bytes
    joiner_nonce: bytes

    def __post_init__(self) -> None:
        for name in ("game_id", "host_pubkey", "host_nonce", "joiner_pubkey", "joiner_nonce"):
            if len(getattr(self, name)) != 32:
                raise ValueError(f"{name} must be 32 bytes")

    def tag(self, key: bytes, role: str, joiner_msg: bytes, host_msg: bytes) -> bytes:
        """The key confirmation of ``role`` ("joiner" or "host") under the SPAKE2 key."""
        msg = encode_parts(
            TAG_LABEL, role, self.game_id, self.host_pubkey, self.host_nonce,
            self.joiner_pubkey, self.joiner_nonce, joiner_msg, host_msg,
        )
        return hmac.new(key, msg, hashlib.sha256).digest()


class PakeSide:
    """One side of the join-code SPAKE2: ``message`` to send, then ``finish(theirs)``.

    ``role`` is "joiner" (SPAKE2 side A) or "host" (side B).  ``finish``
    returns the 32-byte shared key; it is the same on both sides only when
    both used the same code.  A malformed peer message raises
    ``JoinCodeError``.  Each side is used once.
    """

    def __init__(self, role: str, code: str, transcript: JoinTranscript, seed: bytes):
        if role not in ("joiner", "host"):
            raise ValueError("role is 'joiner' or 'host'")
        self.role = role
        self.transcript = transcript
        id_a, id_b = pake_ids(transcript.game_id, transcript.host_pubkey, transcript.joiner_pubkey)
        side = SPAKE2_A if role == "joiner" else SPAKE2_B
        self._spake = side(normalize(code).encode("ascii"), idA=id_a, idB=id_b, entropy_f=_entropy(seed))
        self.message = self._spake.start()
        self.key: bytes | None = None
        self._theirs = b""

    def finish(self, their_message: bytes) -> bytes:
        try:
            self.key = self._spake.finish(bytes(their_message))
        except Exception as e:  # spake2 raises assorted errors for a bad point or side byte
            raise JoinCodeError(f"the other side's key-exchange message is malformed ({type(e).__name__})") from None
        self._theirs = bytes(their_message)
        return self.key

    def _msgs(self) -> tuple[bytes, bytes]:
        return (self.message, self._theirs) if self.role == "joiner" else (self._theirs, self.message)

    def my_tag(self) -> bytes:
        """This side's key confirmation (after ``finish``)."""
        if self.key is None:
            raise ValueError("finish the exchange first")
        return self.transcript.tag(self.key, self.role, *self._msgs())

    def check(self, their_tag: bytes) -> None:
        """Check the other side's confirmation; ``JoinCodeError`` if it used another code."""
        if self.key is None:
            raise ValueError("finish the exchange first")
        other = "host" if self.role == "joiner" else "joiner"
        check_tag(self.transcript.tag(self.key, other, *self._msgs()), their_tag, other)


def check_tag(expected: bytes, received: bytes, who: str = "peer") -> None:
    """Constant-time compare; raise ``JoinCodeError`` naming ``who`` on mismatch."""
    if not hmac.compare_digest(expected, received):
        raise JoinCodeError(f"the {who} does not know this game's join code")

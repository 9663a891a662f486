"""Short human join codes and the handshake that proves knowledge of one.

Theory of operation
-------------------
The host prints a code like ``417-husky-tundra``: a number 1..999 and two
words from a fixed list of 256 (about 26 bits).  The code itself is never
sent.  Both sides stretch it into a key bound to the game::

    key = scrypt(normalize(code), salt=h("snowp2p/join-salt/v1", game_id),
                 n=2**14, r=8, p=1, dklen=32)

and prove knowledge of the key with HMAC-SHA256 tags over the handshake
transcript (game id, host key and nonce, joiner key and nonce), one per
direction with a role label, so a tag can neither be replayed into
another game or connection, nor reflected back to its sender, nor moved
to another joiner's key.  The joiner proves first (``join``), then the
host (``welcome``): a stranger who connects to the host learns nothing
code-dependent before it has to make its one online guess.

Limit (see SPEC.md): a party that *watches* a successful handshake can
test guesses offline; scrypt makes each guess cost ~16 MiB and tens of
milliseconds, and the host should close the lobby once the seats are
full.  A PAKE would remove this limit in a future protocol version.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from .crypto import encode_parts, h
from .errors import JoinCodeError
from .randomness import Rand

__all__ = [
    "WORDS",
    "make_code",
    "normalize",
    "derive_code_key",
    "JoinTranscript",
    "check_tag",
]

SALT_TAG = "snowp2p/join-salt/v1"
TAG_LABEL = "snowp2p/join/v1"
CODE_RAND_TAG = "snowp2p/join-code/v1"
MAX_NUMBER = 999
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1

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


def derive_code_key(code: str, game_id: bytes) -> bytes:
    """The 32-byte key both sides derive from the code (scrypt, salted by game).

    Costs ~16 MiB and some tens of ms: compute it once per lobby/join.
    """
    if len(game_id) != 32:
        raise ValueError("game id must be 32 bytes")
    return hashlib.scrypt(
        normalize(code).encode("ascii"),
        salt=h(SALT_TAG, game_id),
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        maxmem=64 * 1024 * 1024,
        dklen=32,
    )


@dataclass(frozen=True)
class JoinTranscript:
    """What both tags bind: the game and both parties' keys and nonces."""

    game_id: bytes
    host_pubkey: bytes
    host_nonce: bytes
    joiner_pubkey: bytes
    joiner_nonce: bytes

    def __post_init__(self) -> None:
        for name in ("game_id", "host_pubkey", "host_nonce", "joiner_pubkey", "joiner_nonce"):
            if len(getattr(self, name)) != 32:
                raise ValueError(f"{name} must be 32 bytes")

    def _tag(self, key: bytes, role: str) -> bytes:
        msg = encode_parts(
            TAG_LABEL, role, self.game_id, self.host_pubkey, self.host_nonce,
            self.joiner_pubkey, self.joiner_nonce,
        )
        return hmac.new(key, msg, hashlib.sha256).digest()

    def joiner_tag(self, key: bytes) -> bytes:
        """The joiner's proof (sent in ``join``)."""
        return self._tag(key, "joiner")

    def host_tag(self, key: bytes) -> bytes:
        """The host's proof (sent in ``welcome``)."""
        return self._tag(key, "host")


def check_tag(expected: bytes, received: bytes, who: str = "peer") -> None:
    """Constant-time compare; raise ``JoinCodeError`` naming ``who`` on mismatch."""
    if not hmac.compare_digest(expected, received):
        raise JoinCodeError(f"the {who} does not know this game's join code")

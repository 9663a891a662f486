"""Signed, typed, validated protocol messages and their canonical encoding.

Theory of operation
-------------------
Every message is an ``Envelope`` (protocol version, 32-byte game id, sender
seat, per-sender sequence number, hash of the sender's previous envelope,
type name, body) plus an Ed25519 signature.  On the wire (one frame
payload) it is::

    payload  = msgpack [ envelope_bytes : bin, signature : bin(64) ]
    envelope = msgpack [ v, game, sender, seq, prev, type, body ]
    signature = Ed25519(SIG_CONTEXT || envelope_bytes)

The signature covers the exact envelope bytes; ``message_digest`` of those
bytes is what the sender's next message carries as ``prev``.

Canonical encoding.  Only one byte string encodes a given message, so
"same message" and "same bytes" coincide (needed for equivocation
evidence and for round-trips): msgpack with the smallest header for every
integer/string/binary/array/map, ``str`` for text and ``bin`` for bytes,
map keys are strings sorted by code point (= by UTF-8 bytes), the envelope
is an array, the body a map.  Floats, nil, ext types and non-string map
keys are refused.  Optional body fields are omitted when absent (never
nil).  The decoder re-encodes what it parsed and refuses the payload unless
the bytes are identical, which catches non-minimal headers, unsorted or
duplicate keys, and anything else non-canonical.

Validation happens entirely in ``decode_signed``, *before* any signature
check: unknown types, unknown fields, missing fields, wrong types, sizes
and ranges all raise ``DecodeError`` naming the field (``body.seats[1].port``).
Body classes are frozen dataclasses that validate themselves when built
locally too (raising ``ValueError``), so a malformed message can not exist
as an object.  ``BODY_TYPES`` maps type names to body classes;
``register_body`` adds a new one.

Strings are refused if they contain C0/C1 control characters, line or
paragraph separators, or bidi controls (terminal-safety; the rule uses
fixed code points, not the Unicode database, so every peer agrees).
"""

from __future__ import annotations

import unicodedata

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import msgpack

from .crypto import HASH_SIZE, PUBLIC_KEY_SIZE, SIGNATURE_SIZE, Identity, h
from .crypto import verify as _verify_sig
from .errors import DecodeError

__all__ = [
    "PROTOCOL_VERSION",
    "MAX_SEATS",
    "UNSEATED",
    "HOST_SEAT",
    "ZERO_HASH",
    "SIG_CONTEXT",
    "MAX_SLOTS",
    "FrozenDict",
    "Record",
    "Body",
    "BODY_TYPES",
    "register_body",
    "Hello",
    "Challenge",
    "Join",
    "Welcome",
    "Refuse",
    "Offer",
    "Answer",
    "Seat",
    "Roster",
    "CommitChain",
    "SlotCommit",
    "Opening",
    "Move",
    "Reveal",
    "Ack",
    "FinalOpen",
    "Absent",
    "Vote",
    "Bye",
    "Envelope",
    "SignedMessage",
    "encode_envelope",
    "encode_signed",
    "sign",
    "decode_signed",
    "verify",
    "message_digest",
    "pack_canonical",
    "to_wire",
]

#: 2: the roster carries the track; every seat signs the roster (commit_chain.roster).
#: 3: the join code checked by SPAKE2, game links in a Noise channel, the nickname rule (issue 11).
#: 4: relays are plain frames, acks carry seat digests, votes and size caps of SPEC 11.6/11.9 (issue 10).
PROTOCOL_VERSION = 6
#: Seats are 0..MAX_SEATS-1; seat 0 is the host.
MAX_SEATS = 8
HOST_SEAT = 0
#: Sender value of a joiner's lobby messages (it has no seat yet).
UNSEATED = 255
ZERO_HASH = bytes(HASH_SIZE)
SIG_CONTEXT = b"snowp2p/envelope/v1\n"
MSG_DIGEST_TAG = "snowp2p/msg/v1"

MAX_SLOTS = 512  # slots per deck generation
MAX_GENERATION = 0xFFFF
MAX_CHAIN = 1 << 20  # hash-chain length
U32 = 0xFFFF_FFFF
MAX_OPENINGS_PER_MOVE = 64

# Limits for free-form values (game settings, move actions).
MAX_VALUE_DEPTH = 8
MAX_VALUE_STR = 1024
MAX_VALUE_BYTES = 4096
MAX_VALUE_ITEMS = 256
MAX_VALUE_KEY = 64


# --------------------------------------------------------------------------
# Immutable containers and canonical packing


class FrozenDict(Mapping[str, Any]):
    """An immutable, hashable mapping (used for free-form maps in bodies)."""

    __slots__ = ("_d", "_hash")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._d = dict(*args, **kwargs)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._d.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenDict({self._d!r})"


def _canon(obj: Any) -> Any:
    """Plain msgpack-ready form with map keys sorted (tuples become lists)."""
    if isinstance(obj, Record):
        return _canon(to_wire(obj))
    if isinstance(obj, Mapping):
        return {k: _canon(obj[k]) for k in sorted(obj)}
    if isinstance(obj, (list, tuple)):
        return [_canon(x) for x in obj]
    return obj


def pack_canonical(obj: Any) -> bytes:
    """Canonical msgpack bytes of an already-validated value."""
    return msgpack.packb(_canon(obj), use_bin_type=True)


def _unpack(data: bytes, path: str) -> Any:
    try:
        return msgpack.unpackb(
            data, raw=False, strict_map_key=True, use_list=True, timestamp=0
        )
    except Exception as exc:  # hostile input boundary: any failure is a DecodeError
        raise DecodeError(f"not valid msgpack ({type(exc).__name__})", path) from None


# --------------------------------------------------------------------------
# Schema checkers: (raw wire value, path) -> python value, or DecodeError

Check = Callable[[Any, str], Any]

_TYPE_NAMES = {
    bool: "boolean", int: "integer", str: "string", bytes: "binary",
    list: "array", dict: "map", float: "float", type(None): "nil",
}


def _tname(raw: Any) -> str:
    return _TYPE_NAMES.get(type(raw), type(raw).__name__)


def _fail(path: str, what: str) -> None:
    raise DecodeError(what, path)


# C0, DEL, C1, LINE/PARAGRAPH SEPARATOR, bidi controls (embeddings, overrides,
# isolates, LRM, RLM, ALM) and lone surrogates.
_FORBIDDEN_CHARS = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ud800-\udfff]"
)
_IDENT = re.compile(r"[a-z0-9][a-z0-9_.-]{0,31}", re.ASCII)


def _check_text(raw: Any, path: str, max_bytes: int, min_chars: int = 0) -> str:
    if type(raw) is not str:
        _fail(path, f"expected a string, got {_tname(raw)}")
    if len(raw.encode("utf-8", "surrogatepass")) > max_bytes:
        _fail(path, f"string longer than {max_bytes} bytes")
    if len(raw) < min_chars:
        _fail(path, "must not be empty" if min_chars == 1 else f"shorter than {min_chars}")
    if _FORBIDDEN_CHARS.search(raw):
        _fail(path, "contains control characters")
    return raw


def text(max_bytes: int, min_chars: int = 0) -> Check:
    return lambda raw, path: _check_text(raw, path, max_bytes, min_chars)


def ident() -> Check:
    """A short lowercase identifier: ``[a-z0-9][a-z0-9_.-]{0,31}``."""

    def check(raw: Any, path: str) -> str:
        if type(raw) is not str:
            _fail(path, f"expected a string, got {_tname(raw)}")
        if not _IDENT.fullmatch(raw):
            _fail(path, "expected an identifier [a-z0-9][a-z0-9_.-]{0,31}")
        return raw

    check.all_ok = _idents_ok  # type: ignore[attr-defined]
    return check


_IDENT_MATCH = _IDENT.fullmatch
_ONLY_BYTES = frozenset({bytes})
_ONLY_STR = frozenset({str})
_IDENTS_SEEN: set[str] = set()  # identifiers that matched (the same few dozen in every ack; bounded)


def _idents_ok(items: Iterable[Any]) -> bool:
    """Every item is an identifier (a set test for the usual case: all of them seen before)."""
    if _ONLY_STR.issuperset(map(type, items)) and _IDENTS_SEEN.issuperset(items):
        return True
    return all(map(_ident_ok, items))


def _ident_ok(raw: Any) -> bool:
    if type(raw) is not str:
        return False
    if raw in _IDENTS_SEEN:
        return True
    if _IDENT_MATCH(raw) is None:
        return False
    if len(_IDENTS_SEEN) < 4096:
        _IDENTS_SEEN.add(raw)
    return True


def one_of(*choices: str) -> Check:
    def check(raw: Any, path: str) -> str:
        if type(raw) is not str or raw not in choices:
            _fail(path, f"expected one of {', '.join(choices)}")
        return raw

    return check


def uint(maximum: int, minimum: int = 0) -> Check:
    def check(raw: Any, path: str) -> int:
        if type(raw) is not int:
            _fail(path, f"expected an integer, got {_tname(raw)}")
        if not minimum <= raw <= maximum:
            _fail(path, f"{raw} out of range {minimum}..{maximum}")
        return raw

    return check


def exact_bytes(size: int) -> Check:
    def check(raw: Any, path: str) -> bytes:
        if type(raw) is not bytes:
            _fail(path, f"expected {size} bytes of binary, got {_tname(raw)}")
        if len(raw) != size:
            _fail(path, f"expected {size} bytes, got {len(raw)}")
        return raw

    # every item ``size`` bytes of binary (loops in C: the types, then the lengths)
    check.all_ok = lambda items: _ONLY_BYTES.issuperset(map(type, items)) and {size}.issuperset(map(len, items))
    return check


# Containers check their items first without naming each one (no path string per item: the common case is
# a valid message; items whose checker has an ``all_ok`` test and returns what it accepts are only tested
# with it, all at once); only when an item fails is the check run again item by item with the real paths, so the
# error names the field exactly as before (the checks are pure, so the second run fails the same way).


def list_of(item: Check, max_len: int, min_len: int = 0) -> Check:
    def check(raw: Any, path: str) -> tuple:
        if type(raw) is not list:
            _fail(path, f"expected an array, got {_tname(raw)}")
        if not min_len <= len(raw) <= max_len:
            _fail(path, f"array length {len(raw)} out of range {min_len}..{max_len}")
        all_ok = getattr(item, "all_ok", None)  # a plain checker (returns what it accepts): a test is enough
        if all_ok is not None and all_ok(raw):
            return tuple(raw)
        item_path = path + "[]"
        try:
            return tuple([item(x, item_path) for x in raw])
        except DecodeError:
            return tuple([item(x, f"{path}[{i}]") for i, x in enumerate(raw)])

    return check


def map_of(key: Check, value: Check, max_len: int) -> Check:
    def check(raw: Any, path: str) -> FrozenDict:
        if type(raw) is not dict:
            _fail(path, f"expected a map, got {_tname(raw)}")
        if len(raw) > max_len:
            _fail(path, f"map has more than {max_len} entries")
        keys_ok, values_ok = getattr(key, "all_ok", None), getattr(value, "all_ok", None)
        if keys_ok is not None and values_ok is not None and keys_ok(raw) and values_ok(raw.values()):
            return FrozenDict(raw)
        out = {}
        try:
            for k, v in raw.items():
                key(k, path)
                out[k] = value(v, path)
        except DecodeError:
            for k, v in raw.items():
                key(k, f"{path}.<key>")
                out[k] = value(v, f"{path}.{k}")
        return FrozenDict(out)

    return check


def _any(raw: Any, path: str | None, depth: int) -> Any:
    """A free-form value; ``path`` None: do not build item paths (the caller re-runs with them on failure)."""
    t = type(raw)
    if t is bool:
        return raw
    if t is int:
        if not -(1 << 63) <= raw < 1 << 64:
            _fail(path, "integer out of the msgpack range")
        return raw
    if t is str:
        return _check_text(raw, path, MAX_VALUE_STR)
    if t is bytes:
        if len(raw) > MAX_VALUE_BYTES:
            _fail(path, f"binary longer than {MAX_VALUE_BYTES} bytes")
        return raw
    if t is list or t is dict:
        if depth >= MAX_VALUE_DEPTH:
            _fail(path, f"nested deeper than {MAX_VALUE_DEPTH}")
        if len(raw) > MAX_VALUE_ITEMS:
            _fail(path, f"more than {MAX_VALUE_ITEMS} items")
        if t is list:
            if path is None:
                return tuple([_any(x, None, depth + 1) for x in raw])
            return tuple([_any(x, f"{path}[{i}]", depth + 1) for i, x in enumerate(raw)])
        out = {}
        for k, v in raw.items():
            _check_text(k, None if path is None else f"{path}.<key>", MAX_VALUE_KEY, 1)
            out[k] = _any(v, None if path is None else f"{path}.{k}", depth + 1)
        return FrozenDict(out)
    _fail(path, f"{_tname(raw)} values are not allowed")


def value_map() -> Check:
    """A free-form map: string keys; values bool/int/str/bin/array/map (no nil/float)."""

    def check(raw: Any, path: str) -> FrozenDict:
        if type(raw) is not dict:
            _fail(path, f"expected a map, got {_tname(raw)}")
        try:
            return _any(raw, None, 0)
        except DecodeError:
            return _any(raw, path, 0)  # again, naming the field that fails

    return check


def record(cls: type[Record]) -> Check:
    return lambda raw, path: _parse_record(cls, raw, path)


# --------------------------------------------------------------------------
# Records and bodies


class Record:
    """Base of frozen-dataclass records with a wire schema.

    Subclasses set ``FIELDS`` (wire name -> checker, same names as the
    dataclass fields), optionally ``OPTIONAL`` and ``_relations`` for
    cross-field rules.  Building one validates it (``ValueError``).
    """

    FIELDS: ClassVar[dict[str, Check]] = {}
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        try:
            built = _parse_record(type(self), to_wire(self), type(self).__name__)
        except DecodeError as exc:
            raise ValueError(str(exc)) from None
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            object.__setattr__(self, f.name, getattr(built, f.name))

    def _relations(self, path: str) -> None:
        """Cross-field rules; raise DecodeError.  Default: none."""


def to_wire(obj: Any) -> Any:
    """Plain wire form of a record/body (dicts, lists, ints, str, bytes; absent
    optional fields omitted).  Keys are not sorted here: ``pack_canonical`` sorts."""
    if isinstance(obj, Record):
        out = {}
        for f in dataclasses.fields(obj):  # type: ignore[arg-type]
            v = getattr(obj, f.name)
            if v is not None:
                out[f.name] = to_wire(v)
        return out
    if isinstance(obj, (list, tuple)):
        return [to_wire(x) for x in obj]
    if isinstance(obj, Mapping):
        return {k: to_wire(v) for k, v in obj.items()}
    return obj


def _short(key: Any) -> str:
    s = key if isinstance(key, str) and key.isprintable() else repr(key)
    return s if len(s) <= 40 else s[:37] + "..."


#: (record class, path) -> its fields as (name, checker, field path, optional): the field paths of a message
#: are the same strings every time, built once instead of once per field per message (bounded: a path
#: names at most a few hundred list positions per record type)
_PLANS: dict[tuple[type, str], tuple[tuple[str, Check, str, bool], ...]] = {}


def _plan(cls: type[Record], path: str) -> tuple[tuple[str, Check, str, bool], ...]:
    plan = _PLANS.get((cls, path))
    if plan is None:
        plan = tuple((name, check, f"{path}.{name}", name in cls.OPTIONAL) for name, check in cls.FIELDS.items())
        if len(_PLANS) < 8192:
            _PLANS[(cls, path)] = plan
    return plan


def _parse_record(cls: type[Record], raw: Any, path: str) -> Any:
    if type(raw) is not dict:
        _fail(path, f"expected a map, got {_tname(raw)}")
    fields = cls.FIELDS
    for key in raw:
        if key not in fields:
            _fail(f"{path}.{_short(key)}", "unknown field")
    obj = object.__new__(cls)
    setattr_ = object.__setattr__
    for name, check, field_path, optional in _plan(cls, path):
        if name in raw:
            setattr_(obj, name, check(raw[name], field_path))
        elif optional:
            setattr_(obj, name, None)
        else:
            _fail(field_path, "missing field")
    obj._relations(path)
    return obj


class Body(Record):
    """A message body.  ``TYPE`` is its wire name; ``CHAINED`` says whether it
    belongs to the sender's hash chain (lobby messages do not); ``SENDER``
    says who may send it: ``"seat"`` (any seated peer), ``"host"`` (seat 0)
    or ``"joiner"`` (``UNSEATED``).  ``OWNER_FIELD`` names a body field that
    must equal the envelope's sender."""

    TYPE: ClassVar[str] = ""
    CHAINED: ClassVar[bool] = True
    SENDER: ClassVar[str] = "seat"
    OWNER_FIELD: ClassVar[str | None] = None


BODY_TYPES: dict[str, type[Body]] = {}


def register_body(cls: type[Body]) -> type[Body]:
    """Class decorator: make ``cls`` decodable under ``cls.TYPE``."""
    if not cls.TYPE or cls.TYPE in BODY_TYPES:
        raise ValueError(f"bad or duplicate message type {cls.TYPE!r}")
    missing = {f.name for f in dataclasses.fields(cls)} ^ set(cls.FIELDS)
    if missing:
        raise ValueError(f"{cls.__name__}: FIELDS and dataclass fields differ: {missing}")
    BODY_TYPES[cls.TYPE] = cls
    return cls


_B32 = exact_bytes(32)
#: Unicode categories a nickname must not hold: controls, formats (zero-width, bidi), surrogates, private
#: use, unassigned, combining marks, line/paragraph separators.  With NFC, two different nicknames can not
#: render the same because of an invisible or combining character.
_NICK_BAD_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Mc", "Me", "Zl", "Zp"})


def nickname_problem(nick: str) -> str | None:
    """Why ``nick`` is not an acceptable nickname (None: it is): not NFC, or a forbidden character."""
    if not nick or nick != nick.strip():
        return "empty, or space at either end"
    if unicodedata.normalize("NFC", nick) != nick:
        return "not in Unicode normal form C"
    for c in nick:
        cat = unicodedata.category(c)
        if cat in _NICK_BAD_CATEGORIES:
            kind = {"C": "control or format", "M": "combining", "Z": "separator"}[cat[0]]
            return f"holds a {kind} character (U+{ord(c):04X})"
    return None


def _check_nick(raw: Any, path: str) -> str:
    nick = _check_text(raw, path, 64, 1)
    why = nickname_problem(nick)
    if why is not None:
        _fail(path, f"nickname {why}")
    return nick


_NICK = _check_nick
_PAKE = exact_bytes(33)  # a SPAKE2 message: side byte + Ed25519 point (protocol/joincode.py)
_REASON = text(200)
_SEAT = uint(MAX_SEATS - 1)


def _distinct(items: tuple, key: Callable[[Any], Any], path: str, what: str) -> None:
    seen = set()
    for i, item in enumerate(items):
        k = key(item)
        if k in seen:
            _fail(f"{path}[{i}]", f"duplicate {what}")
        seen.add(k)


# ---- lobby ------------------------------------------------------------------


@register_body
@dataclass(frozen=True)
class Hello(Body):
    """Joiner -> host: who I am.  Envelope game is zero (or the game being rejoined)."""

    TYPE = "hello"
    CHAINED = False
    SENDER = "joiner"
    nick: str
    pubkey: bytes
    nonce: bytes
    port: int | None = None  # the joiner's mesh listening port
    OPTIONAL = frozenset({"port"})
    FIELDS = {"nick": _NICK, "pubkey": _B32, "nonce": _B32, "port": uint(0xFFFF)}


@register_body
@dataclass(frozen=True)
class Challenge(Body):
    """Host -> joiner: the host's key, nonce and SPAKE2 message (side B); the envelope carries the game id."""

    TYPE = "challenge"
    CHAINED = False
    SENDER = "host"
    pubkey: bytes
    nonce: bytes
    kind: str
    pake: bytes
    FIELDS = {"pubkey": _B32, "nonce": _B32, "kind": ident(), "pake": _PAKE}


@register_body
@dataclass(frozen=True)
class Join(Body):
    """Joiner -> host: the joiner's SPAKE2 message (side A) and its key confirmation."""

    TYPE = "join"
    CHAINED = False
    SENDER = "joiner"
    pake: bytes
    tag: bytes
    FIELDS = {"pake": _PAKE, "tag": _B32}


@register_body
@dataclass(frozen=True)
class Welcome(Body):
    """Host -> joiner: accepted; the host's key confirmation and the joiner's seat."""

    TYPE = "welcome"
    CHAINED = False
    SENDER = "host"
    seat: int
    tag: bytes
    FIELDS = {"seat": uint(MAX_SEATS - 1, 1), "tag": _B32}


@register_body
@dataclass(frozen=True)
class Refuse(Body):
    """Host -> joiner: refused, with a human reason."""

    TYPE = "refuse"
    CHAINED = False
    SENDER = "host"
    reason: str
    FIELDS = {"reason": _REASON}


# ---- game setup -------------------------------------------------------------


@dataclass(frozen=True)
class Seat(Record):
    nick: str
    pubkey: bytes
    addr: str
    port: int
    FIELDS = {"nick": _NICK, "pubkey": _B32, "addr": text(64), "port": uint(0xFFFF)}


@register_body
@dataclass(frozen=True)
class Roster(Body):
    """Host's seq-0 message: the game; seat i of ``seats`` is sender i.  ``track`` is the table itself
    (a sled race's whole track description, or Snake Carnival's tile set by name; SPEC 11.2), never a
    name to look up."""

    TYPE = "roster"
    SENDER = "host"
    kind: str
    track: Mapping[str, Any]
    settings: Mapping[str, Any]
    seats: tuple[Seat, ...]
    FIELDS = {
        "kind": ident(),
        "track": value_map(),
        "settings": value_map(),
        "seats": list_of(record(Seat), MAX_SEATS, 1),
    }

    def _relations(self, path: str) -> None:
        _distinct(self.seats, lambda s: s.pubkey, f"{path}.seats", "public key")


@register_body
@dataclass(frozen=True)
class Offer(Body):
    """Host -> joiner, after the welcome: the game the roster will carry (kind, track, settings as in the
    roster), the seats taken so far and the number of seats.  The joiner answers with ``Answer``; the host
    signs the roster only once every seat has accepted (SPEC section 10, step 5; issue 23)."""

    TYPE = "offer"
    CHAINED = False
    SENDER = "host"
    kind: str
    track: Mapping[str, Any]
    settings: Mapping[str, Any]
    seats: tuple[Seat, ...]
    players: int
    FIELDS = {
        "kind": ident(),
        "track": value_map(),
        "settings": value_map(),
        "seats": list_of(record(Seat), MAX_SEATS, 1),
        "players": uint(MAX_SEATS, 2),
    }


@register_body
@dataclass(frozen=True)
class Answer(Body):
    """Joiner -> host: 1 accepts the offered game, 0 declines it (the seat is free again at once)."""

    TYPE = "answer"
    CHAINED = False
    SENDER = "joiner"
    accept: int
    FIELDS = {"accept": uint(1)}


@register_body
@dataclass(frozen=True)
class CommitChain(Body):
    """Commitment to a hash chain: ``tip`` = step^length(seed).  ``roster`` is the digest of the game's
    roster: a seat's commit_chain is its signature on the roster (keys, seats, rules, track; G2)."""

    TYPE = "commit_chain"
    tip: bytes
    length: int
    roster: bytes
    FIELDS = {"tip": _B32, "length": uint(MAX_CHAIN, 1), "roster": _B32}


@register_body
@dataclass(frozen=True)
class SlotCommit(Body):
    """One generation of the sender's hidden deck: a commitment per slot."""

    TYPE = "slot_commit"
    OWNER_FIELD = "player"
    player: int
    generation: int
    commitments: tuple[bytes, ...]
    FIELDS = {
        "player": _SEAT,
        "generation": uint(MAX_GENERATION),
        "commitments": list_of(_B32, MAX_SLOTS, 1),
    }


# ---- play -------------------------------------------------------------------


@dataclass(frozen=True)
class Opening(Record):
    """Opens slot ``slot`` of the sender's deck generation ``generation``."""

    generation: int
    slot: int
    value: int
    salt: bytes
    FIELDS = {
        "generation": uint(MAX_GENERATION),
        "slot": uint(MAX_SLOTS - 1),
        "value": uint(U32),
        "salt": _B32,
    }


def _slot_key(o: Opening) -> tuple[int, int]:
    return (o.generation, o.slot)


@register_body
@dataclass(frozen=True)
class Move(Body):
    """The active player's move: engine action plus any card openings, the mover's reveal for the
    move's random event, and its acknowledgement of the turn before (SPEC 11.5: one message a turn)."""

    TYPE = "move"
    turn: int
    action: Mapping[str, Any]
    openings: tuple[Opening, ...]
    # (the defaults are for tests and tools: a session always fills these in)
    preimage: bytes = ZERO_HASH  # the mover's hash-chain preimage for event ``turn`` (SPEC 8)
    state: bytes = ZERO_HASH  # the mover's state hash after turn ``turn - 1`` (its ack, SPEC 11.6)
    sections: Mapping[str, bytes] = FrozenDict()
    FIELDS = {
        "turn": uint(U32, 1),
        "action": value_map(),
        "openings": list_of(record(Opening), MAX_OPENINGS_PER_MOVE),
        "preimage": _B32,
        "state": _B32,
        "sections": map_of(ident(), _B32, 32),
    }

    def _relations(self, path: str) -> None:
        _distinct(self.openings, _slot_key, f"{path}.openings", "slot")


@register_body
@dataclass(frozen=True)
class Reveal(Body):
    """The sender's hash-chain preimage for random event ``event`` and, for an event ``t >= 1``, its
    acknowledgement of turn ``t - 1`` (state hash and section hashes): one message a turn (SPEC 11.5)."""

    TYPE = "reveal"
    OPTIONAL = frozenset({"state", "sections"})
    event: int
    preimage: bytes
    state: bytes | None = None
    sections: Mapping[str, bytes] | None = None
    FIELDS = {"event": uint(U32), "preimage": _B32, "state": _B32, "sections": map_of(ident(), _B32, 32)}
    # (a reveal of event t >= 1 without an ack, or of event 0 with one, is an offence: Session)


@register_body
@dataclass(frozen=True)
class Ack(Body):
    """The sender's state hash after ``turn`` (optionally per section).  Sent on its own only for a
    game's last turn: every other turn's ack rides on the sender's next reveal or move (SPEC 11.5)."""

    TYPE = "ack"
    OPTIONAL = frozenset({"sections"})
    turn: int
    state: bytes
    sections: Mapping[str, bytes] | None = None
    FIELDS = {"turn": uint(U32), "state": _B32, "sections": map_of(ident(), _B32, 32)}


@register_body
@dataclass(frozen=True)
class FinalOpen(Body):
    """End of game: opens slots of the sender's decks (all of them, over one
    or more final_open messages)."""

    TYPE = "final_open"
    openings: tuple[Opening, ...]
    FIELDS = {"openings": list_of(record(Opening), MAX_SLOTS, 1)}

    def _relations(self, path: str) -> None:
        _distinct(self.openings, _slot_key, f"{path}.openings", "slot")


@register_body
@dataclass(frozen=True)
class Absent(Body):
    """The sender records ``seat`` as gone (no answer) since ``turn``."""

    TYPE = "absent"
    seat: int
    turn: int
    have: int = 0  # how many of ``seat``'s messages the sender holds (others relay what it lacks)
    owed: str = "move"  # what ``seat`` owes and has not delivered in time (SPEC 11.9, absence.OWED)
    FIELDS = {"seat": _SEAT, "turn": uint(U32), "have": uint(U32),
              "owed": one_of("setup", "move", "reveal", "ack", "final", "relay", "declare", "vote", "left")}


@register_body
@dataclass(frozen=True)
class Vote(Body):
    """The sender's vote on an absent seat: replace by a bot, or end the game."""

    TYPE = "vote"
    seat: int
    choice: str
    have: int = 0  # the sender ignores ``seat``'s messages from this seq on
    FIELDS = {"seat": _SEAT, "choice": one_of("bot", "end"), "have": uint(U32)}


@register_body
@dataclass(frozen=True)
class Bye(Body):
    """The sender leaves the game (normally, or with a reason)."""

    TYPE = "bye"
    reason: str
    FIELDS = {"reason": _REASON}


# --------------------------------------------------------------------------
# Envelope


_ENV_SENDER = uint(UNSEATED)
_ENV_U32 = uint(U32)


def _check_envelope(game: Any, sender: Any, seq: Any, prev: Any, body: Body, path: str) -> None:
    # the usual case is tested inline; the checkers run (and name the field) only when it is not that
    if type(game) is not bytes or len(game) != 32:
        _B32(game, f"{path}.game")
    if type(sender) is not int or not 0 <= sender <= UNSEATED:
        _ENV_SENDER(sender, f"{path}.sender")
    if type(seq) is not int or not 0 <= seq <= U32:
        _ENV_U32(seq, f"{path}.seq")
    if type(prev) is not bytes or len(prev) != 32:
        _B32(prev, f"{path}.prev")
    kind = body.TYPE
    role = body.SENDER
    if role == "seat":
        if sender >= MAX_SEATS:
            _fail(f"{path}.sender", f"seat {sender} out of range 0..{MAX_SEATS - 1}")
    elif role == "joiner":
        if sender != UNSEATED:
            _fail(f"{path}.sender", f"{kind} must come from an unseated joiner ({UNSEATED})")
    elif role == "host" and sender != HOST_SEAT:
        _fail(f"{path}.sender", f"{kind} must come from the host (seat {HOST_SEAT})")
    if not body.CHAINED and (seq != 0 or prev != ZERO_HASH):
        _fail(f"{path}.seq", f"lobby message {kind} must have seq 0 and zero prev")
    if seq == 0 and prev != ZERO_HASH:
        _fail(f"{path}.prev", "must be zero for seq 0")
    if game == ZERO_HASH and kind != "hello":
        _fail(f"{path}.game", "zero game id is only allowed in hello")
    if body.OWNER_FIELD is not None and getattr(body, body.OWNER_FIELD) != sender:
        _fail(f"body.{body.OWNER_FIELD}", "must equal the sender")


@dataclass(frozen=True)
class Envelope:
    """What a peer signs.  ``type`` is implied by the body's class."""

    game: bytes
    sender: int
    seq: int
    prev: bytes
    body: Body

    def __post_init__(self) -> None:
        if not isinstance(self.body, Body) or type(self.body).TYPE not in BODY_TYPES:
            raise ValueError("envelope body must be a registered Body")
        try:
            _check_envelope(self.game, self.sender, self.seq, self.prev, self.body, "envelope")
        except DecodeError as exc:
            raise ValueError(str(exc)) from None

    @property
    def type(self) -> str:
        return self.body.TYPE

    @property
    def version(self) -> int:
        return PROTOCOL_VERSION


def encode_envelope(envelope: Envelope) -> bytes:
    """Canonical bytes of ``envelope`` (what is signed and hashed)."""
    return pack_canonical(
        [PROTOCOL_VERSION, envelope.game, envelope.sender, envelope.seq,
         envelope.prev, envelope.type, to_wire(envelope.body)]
    )


def message_digest(envelope_bytes: bytes) -> bytes:
    """The hash a sender's next message carries as ``prev``."""
    return h(MSG_DIGEST_TAG, envelope_bytes)


def _parse_envelope(raw: Any) -> Envelope:
    if type(raw) is not list or len(raw) != 7:
        _fail("envelope", "expected an array of 7 fields [v, game, sender, seq, prev, type, body]")
    v, game, sender, seq, prev, kind, body_raw = raw
    if type(v) is not int:
        _fail("envelope.v", f"expected an integer, got {_tname(v)}")
    if v != PROTOCOL_VERSION:
        _fail("envelope.v", f"unsupported protocol version {v} (we speak {PROTOCOL_VERSION})")
    if type(kind) is not str:
        _fail("envelope.type", f"expected a string, got {_tname(kind)}")
    cls = BODY_TYPES.get(kind)
    if cls is None:
        _fail("envelope.type", f"unknown message type {_short(kind)!r}")
    body = _parse_record(cls, body_raw, "body")
    _check_envelope(game, sender, seq, prev, body, "envelope")
    env = object.__new__(Envelope)
    for name, val in (("game", game), ("sender", sender), ("seq", seq), ("prev", prev), ("body", body)):
        object.__setattr__(env, name, val)
    return env


# --------------------------------------------------------------------------
# Signed messages


@dataclass(frozen=True)
class SignedMessage:
    """A decoded, schema-valid message.  Its signature is *not* yet checked:
    call ``verify(pubkey)`` with the key the roster gives its sender."""

    envelope: Envelope
    signature: bytes
    envelope_bytes: bytes
    payload: bytes  # the exact frame payload / log record

    @functools.cached_property
    def digest(self) -> bytes:
        return message_digest(self.envelope_bytes)

    @property
    def type(self) -> str:
        return self.envelope.type

    @property
    def sender(self) -> int:
        return self.envelope.sender

    @property
    def seq(self) -> int:
        return self.envelope.seq

    @property
    def body(self) -> Body:
        return self.envelope.body

    def verify(self, public_key: bytes) -> None:
        """Raise ``SignatureError`` unless signed by ``public_key``.

        Verify once: a message is immutable, so once its signature has checked out under a key, asking again
        with the same key answers from memory (a relayed frame is checked by the session, then by its
        sender's chain: one Ed25519 verification, not two).  A failure is not remembered (it raises each time)."""
        memo = self.__dict__
        if memo.get("_verified_by") == public_key:
            return
        _verify_sig(public_key, SIG_CONTEXT + self.envelope_bytes, self.signature)
        memo["_verified_by"] = bytes(public_key)


def encode_signed(identity: Identity, envelope: Envelope) -> bytes:
    """Sign ``envelope`` with ``identity``; return the frame payload bytes."""
    env_bytes = encode_envelope(envelope)
    signature = identity.sign(SIG_CONTEXT + env_bytes)
    return pack_canonical([env_bytes, signature])


def sign(identity: Identity, envelope: Envelope) -> SignedMessage:
    """Like ``encode_signed`` but returns the ``SignedMessage``."""
    return decode_signed(encode_signed(identity, envelope))


def decode_signed(payload: bytes) -> SignedMessage:
    """Parse and strictly validate one frame payload (signature not checked).

    Raises ``DecodeError`` (naming the field) for anything malformed or
    non-canonical; never any other exception for any input bytes.
    """
    payload = bytes(payload)
    outer = _unpack(payload, "payload")
    if type(outer) is not list or len(outer) != 2:
        _fail("payload", "expected an array [envelope, signature]")
    env_bytes, signature = outer
    if type(env_bytes) is not bytes:
        _fail("payload.envelope", f"expected binary, got {_tname(env_bytes)}")
    if type(signature) is not bytes or len(signature) != SIGNATURE_SIZE:
        _SIG(signature, "payload.signature")
    # canonical iff the bytes are exactly what packing [envelope, signature] gives (written out: fixarray 2,
    # the envelope as bin with its smallest header, the signature as bin 8 of 64 bytes)
    if payload != b"\x92" + _bin_header(len(env_bytes)) + env_bytes + _SIG_HEADER + signature:
        _fail("payload", "not in canonical encoding")
    raw = _unpack(env_bytes, "envelope")
    envelope = _parse_envelope(raw)
    # Canonical iff every map's keys are sorted and re-packing what was read gives the same bytes
    # (minimal headers); the same test as re-encoding the parsed envelope, without rebuilding it.
    if not _maps_sorted(raw) or msgpack.packb(raw, use_bin_type=True) != env_bytes:
        _fail("envelope", "not in canonical encoding")
    msg = object.__new__(SignedMessage)  # (the fields are validated above: skip the dataclass __init__)
    msg.__dict__.update(envelope=envelope, signature=signature, envelope_bytes=env_bytes, payload=payload)
    return msg


_SIG = exact_bytes(SIGNATURE_SIZE)
_SIG_HEADER = b"\xc4" + bytes([SIGNATURE_SIZE])


def _bin_header(n: int) -> bytes:
    """msgpack's smallest header for a bin of ``n`` bytes (bin 8, bin 16, bin 32)."""
    if n < 0x100:
        return b"\xc4" + n.to_bytes(1, "big")
    if n < 0x10000:
        return b"\xc5" + n.to_bytes(2, "big")
    return b"\xc6" + n.to_bytes(4, "big")


_CONTAINERS = frozenset({dict, list})


def _maps_sorted(obj: Any) -> bool:
    t = type(obj)
    if t is dict:
        keys = list(obj)
        if keys != sorted(keys):
            return False
        items = obj.values()
    elif t is list:
        items = obj
    else:
        return True
    if _CONTAINERS.isdisjoint(map(type, items)):
        return True  # (no map or array inside: e.g. an ack's section hashes)
    for v in items:  # only containers need a closer look
        tv = type(v)
        if (tv is dict or tv is list) and not _maps_sorted(v):
            return False
    return True


def verify(message: SignedMessage, public_key: bytes) -> None:
    """Raise ``SignatureError`` unless ``message`` is signed by ``public_key``."""
    message.verify(public_key)


assert PUBLIC_KEY_SIZE == HASH_SIZE == 32

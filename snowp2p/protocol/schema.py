"""The canonical form and the schema of protocol messages: constants, canonical packing, the field checks,
and :class:`Record` / :class:`Body` with the registry of body types (``register_body``, ``BODY_TYPES``).

The bodies themselves are in ``lobby_messages.py`` (joining and the roster) and ``game_messages.py``
(commitments and play); the envelope, the signature and decoding in ``messages.py``, which re-exports
every name here (protocol/SPEC.md sections 4-6).
"""

from __future__ import annotations

import unicodedata

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar

import msgpack

from .crypto import HASH_SIZE
from .errors import DecodeError

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

    keys_ok, values_ok = getattr(key, "all_ok", None), getattr(value, "all_ok", None)
    if keys_ok is not None and values_ok is not None:
        sorted_keys: set[tuple] = set()  # key tuples found valid and in canonical order (the same few each time)

        def sorted_fast(raw: Any) -> FrozenDict | None:
            """The decoder's fast path (messages.decode_signed): the map when it is valid *and* its keys are in
            canonical order, as read off the wire (the same test as ``check``, and that order); None for
            anything else (the strict path then names what is wrong).  The map is kept, not copied."""
            if type(raw) is not dict or len(raw) > max_len:
                return None
            keys = tuple(raw)
            if keys not in sorted_keys:
                if not keys_ok(keys) or list(keys) != sorted(keys):
                    return None
                if len(sorted_keys) < 256:
                    sorted_keys.add(keys)
            if not values_ok(raw.values()):
                return None
            fd = object.__new__(FrozenDict)
            fd._d = raw
            fd._hash = None
            return fd

        check.sorted_fast = sorted_fast  # type: ignore[attr-defined]
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

"""Signed, typed, validated protocol messages and their canonical encoding: the envelope, the signature,
decoding; and the one import of every message.

By concern: the canonical form, the field checks and ``Record``/``Body`` are in ``schema.py``; the lobby's
messages and the roster in ``lobby_messages.py``; the game's in ``game_messages.py``.  This module
re-exports them all (importing it registers every body type).

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

from dataclasses import dataclass
from typing import Any

import msgpack

from .crypto import HASH_SIZE, PUBLIC_KEY_SIZE, SIGNATURE_SIZE, Identity, h
from .crypto import verify as _verify_sig
from .errors import DecodeError
from .schema import (  # noqa: F401  (re-exported: the one import of every message)
    BODY_TYPES, Body, FrozenDict, HOST_SEAT, MAX_CHAIN, MAX_GENERATION, MAX_OPENINGS_PER_MOVE, MAX_SEATS,
    MAX_SLOTS, MSG_DIGEST_TAG, PROTOCOL_VERSION, Record, SIG_CONTEXT, U32, UNSEATED, ZERO_HASH, _B32, _fail,
    _parse_record, _short, _tname, _unpack, exact_bytes, ident, list_of, map_of, nickname_problem, one_of,
    pack_canonical, record, register_body, text, to_wire, uint, value_map,
)
from .lobby_messages import (  # noqa: F401  (re-exported: the one import of every message)
    Answer, Challenge, Hello, Join, Offer, Refuse, Roster, Seat, Welcome,
)
from .game_messages import (  # noqa: F401  (re-exported: the one import of every message)
    Absent, Ack, Bye, CommitChain, FinalOpen, Move, Opening, Reveal, SlotCommit, Vote,
)
from .watch_messages import Audience, Seen, Watch, Watching  # noqa: F401  (re-exported: the spectator's, SPEC 17)


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
    if game == ZERO_HASH and kind not in ("hello", "watch"):
        _fail(f"{path}.game", "zero game id is only allowed in hello and watch")
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
    return _envelope(game, sender, seq, prev, body)


def _envelope(game: bytes, sender: int, seq: int, prev: bytes, body: Body) -> Envelope:
    """An Envelope of fields already validated (skips the dataclass __init__)."""
    env = object.__new__(Envelope)
    env.__dict__.update(game=game, sender=sender, seq=seq, prev=prev, body=body)
    return env


def _signed(envelope: Envelope, signature: bytes, env_bytes: bytes, payload: bytes) -> SignedMessage:
    """A SignedMessage of fields already validated (skips the dataclass __init__), with the properties read on
    every step of its way filled in (``_computed_once``)."""
    msg = object.__new__(SignedMessage)
    body = envelope.body
    msg.__dict__.update(envelope=envelope, signature=signature, envelope_bytes=env_bytes, payload=payload,
                        type=body.TYPE, sender=envelope.sender, seq=envelope.seq, body=body)
    return msg


# --------------------------------------------------------------------------
# Signed messages


class _computed_once:  # noqa: N801  (used as a decorator, like functools.cached_property)
    """``functools.cached_property`` without its lock (Python 3.11 takes an RLock on every first access: a
    cost on every message, issue 22): computed on first access and kept in the instance's ``__dict__``,
    where the next lookups find it without calling anything.  (A message is immutable, its digest a pure
    function of it: two threads computing it at once store the same bytes.)"""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


@dataclass(frozen=True)
class SignedMessage:
    """A decoded, schema-valid message.  Its signature is *not* yet checked:
    call ``verify(pubkey)`` with the key the roster gives its sender."""

    envelope: Envelope
    signature: bytes
    envelope_bytes: bytes
    payload: bytes  # the exact frame payload / log record

    @_computed_once
    def digest(self) -> bytes:
        return message_digest(self.envelope_bytes)

    # (read on every step of a message's way: kept in the instance once read, or filled in by the decoder)
    @_computed_once
    def type(self) -> str:
        return self.envelope.type

    @_computed_once
    def sender(self) -> int:
        return self.envelope.sender

    @_computed_once
    def seq(self) -> int:
        return self.envelope.seq

    @_computed_once
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

    Every frame is first tried on the fast path (``_decode_usual``), which accepts only what the strict path
    below accepts and gives the same message; anything it does not take for certain goes through the strict
    path, which names what is wrong.
    """
    if type(payload) is not bytes:
        payload = bytes(payload)
    msg = _decode_usual(payload)
    if msg is not None:
        return msg
    return _decode_strict(payload)


def _decode_strict(payload: bytes) -> SignedMessage:
    """``decode_signed`` the long way: every check in order, each failure named."""
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
    return _signed(envelope, signature, env_bytes, payload)


_SIG = exact_bytes(SIGNATURE_SIZE)
_SIG_HEADER = b"\xc4" + bytes([SIGNATURE_SIZE])
_unpackb = msgpack.unpackb
_packb = msgpack.packb


def _decode_usual(payload: bytes) -> SignedMessage | None:
    """The fast path of ``decode_signed`` (issue 22): the message, when ``payload`` is a valid, canonical
    message whose body has one of its type's usual shapes; else None (and ``_decode_strict`` decides, and names
    what is wrong).  Never raises.  The same checks as the strict path, done once and without rebuilding what
    was read:

    * the frame: exactly ``[envelope: bin, signature: bin(64)]`` (msgpack reads all of it or fails), with the
      smallest headers, which the length alone proves (every other header of these types is longer);
    * the body's keys: their tuple is one of the type's sorted shapes (the required fields, with or without
      each optional one: ``_SHAPES``), which proves in one lookup that no field is unknown, none missing, and
      the map sorted; a map inside it (an ack's section hashes) is checked by its key tuple
      (``schema.map_of``'s ``sorted_fast``); any other container by ``_maps_sorted``;
    * each field by its own checker; the envelope by ``_check_envelope``;
    * the envelope's minimal headers: re-packing what was read gives its bytes (msgpack packs the smallest
      header; no length test can tell an int16 from a uint16 of the same value).
    """
    try:
        outer = _unpackb(payload, raw=False, strict_map_key=True, use_list=True, timestamp=0)
        if type(outer) is not list or len(outer) != 2:
            return None
        env_bytes, signature = outer
        if type(env_bytes) is not bytes or type(signature) is not bytes or len(signature) != SIGNATURE_SIZE:
            return None
        n = len(env_bytes)
        # fixarray (1) + bin 8/16/32 header (2/3/5) + envelope + bin 8 header (2) + 64
        if len(payload) != n + (69 if n < 0x100 else 70 if n < 0x10000 else 72):
            return None
        raw = _unpackb(env_bytes, raw=False, strict_map_key=True, use_list=True, timestamp=0)
        if type(raw) is not list or len(raw) != 7:
            return None
        v, game, sender, seq, prev, kind, body_raw = raw
        if type(v) is not int or v != PROTOCOL_VERSION or type(kind) is not str or type(body_raw) is not dict:
            return None
        cls = BODY_TYPES.get(kind)
        if cls is None:
            return None
        shapes = _SHAPES.get(cls)
        if shapes is None:
            shapes = _SHAPES[cls] = _shapes(cls)
        plan = shapes.get(tuple(body_raw))
        if plan is None:
            return None
        fields, absent = plan
        body = object.__new__(cls)
        values = body.__dict__
        for name, check, path, fast in fields:
            r = body_raw[name]
            if fast is not None:
                val = fast(r)
                if val is None:
                    return None
            else:
                val = check(r, path)
                t = type(r)
                if (t is dict or t is list) and not _maps_sorted(r):
                    return None
            values[name] = val
        for name in absent:
            values[name] = None
        body._relations("body")
        _check_envelope(game, sender, seq, prev, body, "envelope")
        if _packb(raw, use_bin_type=True) != env_bytes:
            return None
    except Exception:  # (DecodeError, or anything msgpack raises on hostile bytes: the strict path decides)
        return None
    return _signed(_envelope(game, sender, seq, prev, body), signature, env_bytes, payload)


#: body class -> {sorted tuple of the keys of a valid body: (fields to check as (name, checker, path, the
#: checker's ``sorted_fast`` or None), optional fields absent)}
_SHAPES: dict[type, dict[tuple, tuple]] = {}


def _shapes(cls: type[Body]) -> dict[tuple, tuple]:
    required = [k for k in cls.FIELDS if k not in cls.OPTIONAL]
    optional = sorted(cls.OPTIONAL)
    out = {}
    for mask in range(1 << len(optional)):
        present = set(required) | {k for i, k in enumerate(optional) if mask >> i & 1}
        keys = tuple(sorted(present))
        out[keys] = (tuple((k, cls.FIELDS[k], f"body.{k}", getattr(cls.FIELDS[k], "sorted_fast", None))
                           for k in keys),
                     tuple(k for k in cls.FIELDS if k not in present))
    return out


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

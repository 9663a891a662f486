"""The lobby's messages and the roster (protocol/SPEC.md sections 6 and 10): ``hello``, ``challenge``, ``join``,
``welcome``, ``refuse``, ``offer``, ``answer`` and ``roster``.  Re-exported by ``messages.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .schema import (
    Body, MAX_SEATS, Record, _B32, _NICK, _PAKE, _REASON, _distinct, ident, list_of, record, register_body,
    text, uint, value_map,
)


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
    (the game's ``table_to_wire``: a whole track description, or a tile set by name; SPEC 11.2), never a
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

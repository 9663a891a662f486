"""The spectator's messages (protocol/SPEC.md section 17): ``watch``, ``watching`` and ``seen``.

A spectator (``snowp2p watch``) proves the join code with the joiner's SPAKE2 (``challenge`` and ``join``
of section 10, inside a Noise channel) and then reads the host's log records as frames; it takes no seat
and signs nothing the game depends on.  Re-exported by ``messages.py`` (importing it registers them).
"""

from __future__ import annotations

from dataclasses import dataclass

from .schema import U32, Body, _B32, _NICK, register_body, uint


@register_body
@dataclass(frozen=True)
class Watch(Body):
    """Spectator -> host, the first frame (in the clear; game id zero): who wants to watch."""

    TYPE = "watch"
    CHAINED = False
    SENDER = "joiner"
    nick: str
    pubkey: bytes
    nonce: bytes
    FIELDS = {"nick": _NICK, "pubkey": _B32, "nonce": _B32}


@register_body
@dataclass(frozen=True)
class Watching(Body):
    """Host -> spectator: admitted; the host's key confirmation (``tag("host")`` of section 10).  The host's
    log records follow, record 0 (the roster) first."""

    TYPE = "watching"
    CHAINED = False
    SENDER = "host"
    tag: bytes
    FIELDS = {"tag": _B32}


@register_body
@dataclass(frozen=True)
class Seen(Body):
    """Spectator -> host: how many of the host's log records it has taken (its window moves on)."""

    TYPE = "seen"
    CHAINED = False
    SENDER = "joiner"
    count: int
    FIELDS = {"count": uint(U32)}


@register_body
@dataclass(frozen=True)
class Audience(Body):
    """Host -> every other seat, on the mesh link (not chained, not logged): how many spectators watch now,
    for the players' tables.  Nothing of the game depends on it."""

    TYPE = "audience"
    CHAINED = False
    count: int
    FIELDS = {"count": uint(0xFFFF)}

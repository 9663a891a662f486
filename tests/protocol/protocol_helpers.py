"""Shared helpers for the protocol tests: fixed identities, a game id, a roster.

(A uniquely named module rather than conftest.py, so test files can import it
without clashing with other packages' conftest modules.)
"""

from __future__ import annotations

import hashlib

from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import (
    ZERO_HASH,
    Body,
    Envelope,
    Roster,
    Seat,
    SignedMessage,
    decode_signed,
    encode_signed,
)


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


GAME = fixed("test game")
IDS = [Identity.from_seed(fixed(f"test identity {i}")) for i in range(4)]


def make_roster(n: int = 3) -> Roster:
    return Roster(
        kind="snowtails",
        track={"name": "Tundra Loop"},
        settings={"laps": 2},
        seats=tuple(Seat(f"p{i}", IDS[i].public_key, f"10.0.0.{i + 1}", 4567) for i in range(n)),
    )


def signed(
    sender: int,
    seq: int,
    prev: bytes,
    body: Body,
    *,
    ident: Identity | None = None,
    game: bytes = GAME,
) -> SignedMessage:
    ident = ident if ident is not None else IDS[sender]
    return decode_signed(encode_signed(ident, Envelope(game, sender, seq, prev, body)))


def roster_msg(n: int = 3) -> SignedMessage:
    return signed(0, 0, ZERO_HASH, make_roster(n))

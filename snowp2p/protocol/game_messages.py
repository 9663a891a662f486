"""The game's messages (protocol/SPEC.md section 11): each seat's commitments (``commit_chain``,
``slot_commit``) and play (``move``, ``reveal``, ``ack``, ``final_open``, ``absent``, ``vote``, ``bye``).
Re-exported by ``messages.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .schema import (
    Body, FrozenDict, MAX_CHAIN, MAX_GENERATION, MAX_OPENINGS_PER_MOVE, MAX_SLOTS, Record, U32, ZERO_HASH, _B32,
    _REASON, _SEAT, _distinct, ident, list_of, map_of, one_of, record, register_body, uint, value_map,
)


# ---- game setup: each seat's commitments -------------------------------------


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

"""What the session tells its shell (the events of :class:`~snowp2p.protocol.session.Session`).

Plain records, in a module of their own so that the session's parts (the absence and vote rules in
``absence.py``, the session's turn loop in ``session.py``) share them without importing each other.
``session.py`` re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Offence:
    """A seat broke the protocol or the rules; ``proof`` holds the signed frames."""

    seat: int
    nick: str
    what: str
    proof: tuple[bytes, ...] = ()

    def __str__(self) -> str:
        return f"seat {self.seat} ({self.nick}): {self.what}"


@dataclass(frozen=True)
class Desync:
    turn: int
    report: dict
    culprit: int | None  # the one seat that disagrees with all the others, if there is one

    def __str__(self) -> str:
        who = f" (seat {self.culprit} disagrees with everyone else)" if self.culprit is not None else ""
        return f"the peers' states differ after turn {self.turn}{who}"


@dataclass(frozen=True)
class TurnFinal:
    turn: int
    state_hash: bytes


@dataclass(frozen=True)
class TurnApplied:
    """Turn ``turn`` is applied here (its move and randomness); it is agreed (TurnFinal) when every
    seat's ack of it is in, which rides on the next turn's messages (SPEC 11.5)."""

    turn: int
    state_hash: bytes
    state: Any = None  # the state after the turn
    move: tuple | None = None  # (state before, action, state after) of the turn's move (None for the setup)
    description: str = ""


@dataclass(frozen=True)
class YourTurn:
    turn: int


@dataclass(frozen=True)
class VotedOut:
    """Every present seat voted on an absent seat: a computer player now plays it, or the game ends."""

    seat: int
    choice: str
    turn: int


@dataclass(frozen=True)
class GameOver:
    places: tuple[int, ...]  # empty when the game was abandoned (an "end" vote): no places (G10)
    abandoned: bool = False


@dataclass(frozen=True)
class SeatTakenOver:
    """A computer player plays ``seat`` from ``turn`` on, by a vote of ``voters`` (G10: it is ranked as usual)."""

    seat: int
    turn: int
    voters: tuple[int, ...]


@dataclass(frozen=True)
class Abandoned:
    """The game was abandoned by a vote on ``seat`` at ``turn``: it has no places (G10)."""

    seat: int
    turn: int
    voters: tuple[int, ...]


@dataclass
class Output:
    send: list[bytes] = field(default_factory=list)  # this peer's own messages, to every peer (logged)
    events: list[Any] = field(default_factory=list)
    relay: list[tuple[int, bytes]] = field(default_factory=list)  # (to seat, another seat's signed frame)

    def extend(self, other: "Output") -> None:
        self.send.extend(other.send)
        self.events.extend(other.events)
        self.relay.extend(other.relay)

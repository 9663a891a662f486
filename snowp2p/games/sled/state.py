"""The records of a sled race (Snow Tails ST-n, Mush! Mush! MM-n): the state and the actions.

Every record is frozen: the engine never changes one, ``apply`` (rules.py) builds the next state (through the
working copy of working.py).  The public part (:class:`Public`, one :class:`Sled` per seat) is what every peer
agrees on; each seat's :class:`Private` part holds the values of its own cards (cards.py tells how they are
hidden).

A turn is one :class:`Move` (play cards, move, bonus) and, when the player
has a choice at the refill (discard down to 5, buildings), one
:class:`Refill`.  Snow Tails begins with :class:`ChooseStart` actions
(ST-S2).  With the extra-trees option (ST-S1, MM-S1) the race is preceded
by :class:`PlaceTree` actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from .config import SledRules
from .track import Track

ST, MM = "snowtails", "mush"
POSITIONS = ("left", "right", "brake")

RACING, FINISHED, ELIMINATED = "racing", "finished", "eliminated"
PH_TREES, PH_START, PH_MOVE, PH_REFILL, PH_OVER = "place_trees", "choose_start", "move", "refill", "over"


class RandomSource(Protocol):
    def below(self, n: int) -> int: ...


# --------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class Sled:
    """One player's public state."""

    seat: int
    name: str
    at: int | None = None  # space id; None: not on the track (MM first turn, ST eliminated)
    left: tuple[int, ...] = ()  # card ids on the left dog, bottom first (top = last)
    right: tuple[int, ...] = ()
    brake: int = 0  # ST brake token value
    die: int | None = None  # MM bonus die (None: no bonus available)
    hand: tuple[int, ...] = ()  # card ids, sorted
    deck: tuple[int, ...] = ()  # card ids, top first
    discard: tuple[int, ...] = ()  # ST discard pile / MM cards under the sled (MM-R2)
    aside: tuple[int, ...] = ()  # MM set-aside value-5 cards (MM-S3)
    values: tuple[int, ...] = ()  # public value of each card id, -1 while unopened
    damage: int = 0  # damage (ST) / collision (MM) cards in hand
    first_turn: bool = True
    status: str = RACING
    repair: bool = False  # MM-C4
    start: int = 0  # ST start position (1..5) / MM start order (1..8)
    gen_starts: tuple[int, ...] = (0,)  # first card id of each deck generation (a reshuffle starts one)

    def hand_count(self) -> int:
        return len(self.hand) + self.damage

    @property
    def generation(self) -> int:
        return len(self.gen_starts) - 1


@dataclass(frozen=True, slots=True)
class Private:
    """What only the owner knows: the value of every one of its card ids, and its layout secret."""

    seat: int
    secret: bytes
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RefillNeed:
    """The choices the player to act has at its refill (ST-R2, MM-R1, MM-C4, MM-F2..F4)."""

    seat: int
    min_discard: int
    max_discard: int
    draw: bool  # False after a sled collision in Snow Tails (ST-C1)
    chapel: bool = False  # MM-F3 available
    kennels: bool = False  # MM-F2 available
    wreck: bool = False  # MM-C4: the whole hand is discarded, 5 new cards drawn


@dataclass(frozen=True, slots=True)
class Public:
    """The state every peer agrees on (hashed by :func:`state_hash`)."""

    game: str
    sleds: tuple[Sled, ...]
    trees: frozenset[int]
    phase: str
    current: int  # seat to act (-1 when over)
    round: int = 1
    order: tuple[int, ...] = ()  # ST: seats still to act this round; MM: seats not yet acted
    choosers: tuple[int, ...] = ()  # ST-S2: seats still to choose a start position; ST-S1/MM-S1: to place a tree
    refill: RefillNeed | None = None
    places: tuple[int, ...] = ()  # seats in finishing order so far (ST-E1)
    eliminated: tuple[int, ...] = ()  # seats in order of elimination (ST-R5)
    crossed: bool = False  # MM-E1: a sled crossed the finish line this round
    turn: int = 0  # turns completed
    # a short description of the last action's effects, for display: not part of the agreed state
    last_event: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class GameState:
    rules: SledRules
    track: Track
    public: Public
    private: tuple[Private | None, ...]  # per seat; None where this holder does not know it

    @property
    def game(self) -> str:
        return self.public.game

    def sled(self, seat: int) -> Sled:
        return self.public.sleds[seat]

    def value(self, seat: int, card: int) -> int | None:
        """The value of a card if this holder knows it (public, or the owner's private part)."""
        v = self.public.sleds[seat].values[card]
        if v >= 0:
            return v
        p = self.private[seat]
        return p.values[card] if p is not None else None

    def hand_values(self, seat: int) -> list[int | None]:
        return [self.value(seat, c) for c in self.sled(seat).hand]

    @property
    def is_over(self) -> bool:
        return self.public.phase == PH_OVER


# ------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class ChooseStart:
    """ST-S2: take start position ``position`` (1..5)."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Move:
    """Play cards, move along ``path`` and take ``bonus`` forward steps.

    ``play`` holds (position, card id, value) triples; the value is the
    card's opening.  ``path`` has one letter per point of speed: ``F`` a
    forward step, ``D`` a drift step (TRK-11).  ``origin`` is the start lane
    chosen on a Mush! Mush! sled's first turn (MM-O1).
    """

    seat: int
    play: tuple[tuple[str, int, int], ...] = ()
    path: str = ""
    bonus: int = 0
    origin: int | None = None


@dataclass(frozen=True, slots=True)
class Refill:
    """The refill choices: dog cards discarded (card id, value), chapel and kennels."""

    seat: int
    discard: tuple[tuple[int, int], ...] = ()
    chapel: bool = False
    kennels: bool = False


@dataclass(frozen=True, slots=True)
class PlaceTree:
    """ST-S1 / MM-S1 option: put one of the players' extra trees on space ``space`` before the race."""

    seat: int
    space: int


Action = ChooseStart | Move | Refill | PlaceTree

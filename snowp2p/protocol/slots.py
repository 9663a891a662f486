"""Hidden decks as committed slots.

Theory of operation
-------------------
The owner of a hidden deck lays its cards out in numbered slots
0..n-1 in a private random order (``layout_deck``: a ``Rand`` seeded from
a caller-supplied 32-byte secret; a sorted layout would let slot numbers
betray the cards) and publishes, per slot, the commitment::

    commit_slot = h("snowp2p/slot/v1", game_id, player, generation, slot, value, salt)

with a fresh 32-byte salt per slot (also derived from the secret), so the
commitment hides the value and binds it.  Draws pick *slots* using other
peers' randomness; the owner learns its card by looking at its own
layout; others see only slot numbers.  Playing or discarding a card opens
its slot (value, salt): ``check_opening`` verifies it at once and raises
``CommitmentError`` on a mismatch.  A reshuffle starts a new
``generation`` with a new secret and new commitments.  At the end every
slot is opened, so the audit can check each deck's composition.

``SlotBook`` keeps the published commitments of every (player,
generation), checks and records openings, and says which slots are still
closed.  Card values are engine-defined codes, integers 0..2**32-1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .crypto import h
from .errors import CommitmentError
from .randomness import Rand

__all__ = [
    "LaidSlot",
    "commit_slot",
    "check_opening",
    "layout_deck",
    "layout_commitments",
    "SlotBook",
]

SLOT_TAG = "snowp2p/slot/v1"
LAYOUT_ORDER_TAG = "snowp2p/layout-order/v1"
LAYOUT_SALT_TAG = "snowp2p/layout-salt/v1"
MAX_VALUE = 0xFFFF_FFFF


class LaidSlot(NamedTuple):
    slot: int
    value: int
    salt: bytes


def commit_slot(
    game_id: bytes, player: int, generation: int, slot: int, value: int, salt: bytes
) -> bytes:
    """The 32-byte commitment to ``value`` in ``slot`` of a deck generation."""
    if len(salt) != 32:
        raise ValueError("slot salt must be 32 bytes")
    if not 0 <= value <= MAX_VALUE:
        raise ValueError(f"card value {value} out of range 0..{MAX_VALUE}")
    return h(SLOT_TAG, game_id, player, generation, slot, value, salt)


def check_opening(
    commitment: bytes,
    game_id: bytes,
    player: int,
    generation: int,
    slot: int,
    value: int,
    salt: bytes,
) -> None:
    """Raise ``CommitmentError`` unless (value, salt) opens ``commitment``."""
    ok = (
        len(salt) == 32
        and 0 <= value <= MAX_VALUE
        and commit_slot(game_id, player, generation, slot, value, salt) == commitment
    )
    if not ok:
        raise CommitmentError(
            f"seat {player}'s opening of slot {slot} (generation {generation}) "
            f"does not match its commitment"
        )


def layout_deck(values: Sequence[int], secret: bytes) -> list[LaidSlot]:
    """Lay ``values`` into slots 0..n-1 in a private random order.

    Order: ``Rand(h("snowp2p/layout-order/v1", secret)).shuffled(values)``;
    salt of slot i: ``h("snowp2p/layout-salt/v1", secret, i)``.  Use a new
    32-byte ``secret`` for every (game, deck, generation) and keep it
    private until the end of the game.
    """
    if len(secret) != 32:
        raise ValueError("layout secret must be 32 bytes")
    order = Rand(h(LAYOUT_ORDER_TAG, secret)).shuffled(list(values))
    return [LaidSlot(i, v, h(LAYOUT_SALT_TAG, secret, i)) for i, v in enumerate(order)]


def layout_commitments(
    game_id: bytes, player: int, generation: int, layout: Sequence[LaidSlot]
) -> list[bytes]:
    """The commitments to publish (``slot_commit``) for a layout, in slot order."""
    return [commit_slot(game_id, player, generation, s.slot, s.value, s.salt) for s in layout]


class SlotBook:
    """Published slot commitments of one game, and the openings seen so far."""

    def __init__(self, game_id: bytes) -> None:
        self.game_id = bytes(game_id)
        self._commitments: dict[tuple[int, int], tuple[bytes, ...]] = {}
        self._opened: dict[tuple[int, int], dict[int, int]] = {}

    def add_generation(self, player: int, generation: int, commitments: Sequence[bytes]) -> None:
        """Record a ``slot_commit``.  A generation can be committed only once."""
        key = (player, generation)
        if key in self._commitments:
            raise CommitmentError(f"seat {player} already committed generation {generation}")
        self._commitments[key] = tuple(commitments)
        self._opened[key] = {}

    def size(self, player: int, generation: int) -> int:
        return len(self._get(player, generation))

    def open(self, player: int, generation: int, slot: int, value: int, salt: bytes) -> int:
        """Check and record an opening; return the value.  Raises ``CommitmentError``."""
        commitments = self._get(player, generation)
        if not 0 <= slot < len(commitments):
            raise CommitmentError(
                f"seat {player} generation {generation} has no slot {slot}"
            )
        check_opening(commitments[slot], self.game_id, player, generation, slot, value, salt)
        self._opened[(player, generation)][slot] = value
        return value

    def commitment(self, player: int, generation: int, slot: int) -> bytes:
        """The published commitment of one slot (what a later race of a match carries, SPEC 16.5)."""
        commitments = self._get(player, generation)
        if not 0 <= slot < len(commitments):
            raise CommitmentError(f"seat {player} generation {generation} has no slot {slot}")
        return commitments[slot]

    def opened(self, player: int, generation: int) -> dict[int, int]:
        """slot -> value for the opened slots of a generation."""
        self._get(player, generation)
        return dict(self._opened[(player, generation)])

    def closed_slots(self, player: int, generation: int) -> list[int]:
        """Slots not opened yet (empty at the end of a fully audited game)."""
        n = len(self._get(player, generation))
        opened = self._opened[(player, generation)]
        return [s for s in range(n) if s not in opened]

    def generations(self) -> list[tuple[int, int]]:
        """All committed (player, generation) pairs, sorted."""
        return sorted(self._commitments)

    def _get(self, player: int, generation: int) -> tuple[bytes, ...]:
        try:
            return self._commitments[(player, generation)]
        except KeyError:
            raise CommitmentError(
                f"seat {player} has not committed generation {generation}"
            ) from None

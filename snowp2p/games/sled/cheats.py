"""What the tests' misbehaving peer forges in a sled game (``net/cheats.py``, ``CheatingGame``).

Asked through the game object (``SledRace.cheats``), so the peer's cheats name no game.  Each function
takes the state, the cheater's seat and the honest action it was about to send, and returns the forgery,
or None when this turn offers none (then the cheater plays honestly and tries again next turn).
"""

from __future__ import annotations

from dataclasses import replace

from . import engine as sled


def forges(action) -> bool:
    """The cheats fire on a move that plays cards (the turns whose openings there are to forge)."""
    return isinstance(action, sled.Move) and bool(action.play)


def unheld(state: sled.GameState, me: int, action) -> tuple[sled.Move, list[tuple[int, int]]] | None:
    """A move that plays the top card of the deck instead of a card in the hand (rule HAND): the move and the
    (card, value) it opens."""
    if not isinstance(action, sled.Move) or not action.play:
        return None
    deck = state.sled(me).deck
    if not deck:
        return None
    card = deck[0]
    value = state.private[me].values[card]
    pos = action.play[0][0]
    return replace(action, play=((pos, card, value),)), [(card, value)]


def bad_opening(state: sled.GameState, me: int, action) -> tuple[sled.Move, list[tuple[int, int]]] | None:
    """The honest move with its first card played, and opened, as another value than its commitment's."""
    if not isinstance(action, sled.Move) or not action.play:
        return None
    pos, card, value = action.play[0]
    lie = (value + 1) % 6
    return replace(action, play=((pos, card, lie),)), [(card, lie)]


def twins(state: sled.GameState, me: int, action) -> list:
    """Other legal moves than ``action`` that need no new deck generation (their openings are cards already
    committed): what an equivocating seat signs beside its honest move."""
    if not isinstance(action, sled.Move) or not action.play:
        return []
    return [a for a in sled.legal_moves(state, me) if a != action and isinstance(a, sled.Move)
            and sled.apply(state, a, _NoDraws()).sled(me).generation == state.sled(me).generation]


class _NoDraws:
    """Randomness for a dry run (validity and deck generations do not depend on it)."""

    def below(self, n: int) -> int:
        return 0

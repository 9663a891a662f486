"""The one seat driver of a networked game: ``decide(state, seat)``, which ``NetGame`` runs in a worker thread.

Both front ends of a networked seat -- the table screen (:class:`~.netscreen.NetTable`) and the plain lines
(:class:`~.plain.PlainNet`) -- ask the person at this terminal the same way: the front end's own prompt,
whose ``auto`` answer (and every turn once the person has left) is the game's computer player with fresh
randomness.  They differ only in what ``quit`` does, the front end's :meth:`SeatDriver._left_the_table`.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from ..core.drbg import Rand
from .views import Quit


def computer_move(game, state):
    """The game's computer player's action, with fresh randomness (a seat at this terminal: ``--autoplay``,
    ``auto``, or after ``quit``)."""
    return game.computer_move(state, Rand(os.urandom(32)))


class SeatDriver:
    """A mixin: ``decide`` and ``bot`` over the front end's ``_ask`` and ``_left_the_table``.

    The front end sets ``screen_game`` (the game object, ``ui/views.py`` ``ScreenGame``: the session's) before
    the first turn, and ``left`` starts False."""

    screen_game: Any = None
    left: bool = False

    def _ask(self, state, seat: int, auto: Callable[[], Any]):
        """The person's action (raises ``Quit`` when they leave the table)."""
        raise NotImplementedError

    def _left_the_table(self) -> None:
        """``quit`` was confirmed: what this front end does (it sets ``left``)."""
        raise NotImplementedError

    def bot(self, state):
        """The game's computer player for this seat, with fresh randomness."""
        return computer_move(self.screen_game, state)

    def decide(self, state, seat: int):
        """NetGame's decide (in a worker thread): the person's action; the computer's once they have left."""
        if self.left:
            return self.bot(state)
        try:
            return self._ask(state, seat, auto=lambda: self.bot(state))
        except Quit:
            self._left_the_table()
            return self.bot(state)

"""What the session needs from each game: the game the roster names, bound to its settings and table.

``game_for(kind, settings, table)`` asks the registry (``snowp2p/games/``) for the game and binds it to
the roster's rules (``roster.rules_from_roster``) and table (``roster.table_from_roster``): a
:class:`~snowp2p.games.api.BoundGame`.  The bound games live in their game's folder
(``games/*/game.py``).
"""

from __future__ import annotations

from typing import Any

from ..games import BoundGame, UnknownGame, find_game
from .errors import DecodeError
from .roster import rules_from_roster, settings_for  # noqa: F401  (settings_for: its old home)


def game_for(kind: str, settings: Any, table) -> BoundGame:
    try:
        game = find_game(kind)
    except UnknownGame as e:
        raise DecodeError(str(e), "kind") from None
    return game.bind(settings, table, rules_from_roster(kind, settings))

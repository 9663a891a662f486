"""The old home of the lobby and the playing peer, now ``lobby.py`` and ``peer.py`` (issue 20).

Kept for the modules not moved yet (``ui/netscreen.py`` asks ``table_name``); new code imports from
``lobby`` and ``peer``.
"""

from __future__ import annotations

from .lobby import (  # noqa: F401  (re-exported)
    DEFAULT_PORT, HostConfig, JoinResult, Lobby, NetError, accept_offer, challenge_key, decline_offer, join_announced,
    join_lobby,
)
from .peer import NetGame, game_points  # noqa: F401  (re-exported)


def table_name(table) -> str:
    """The roster's name for a game's table (a game's ``table_name`` says the same: a track's name, else the
    standard tile set's); for modules handed no game object."""
    name = getattr(table, "name", None)
    return name if isinstance(name, str) else "standard"

"""Sessions handed the game their roster names, as the commands build them (the protocol never looks a
game up: ``Session(roster, ..., game=...)``).  For tests that hold a roster, not a game object."""

from __future__ import annotations

from snowp2p.games import roster_game
from snowp2p.protocol.session import Session


def _game_of(roster):
    kind = getattr(roster.body, "kind", None)
    return roster_game(kind) if kind is not None else None  # (not a roster: the session says so)


def session_for(roster, *args, **kw) -> Session:
    """``Session(roster, *args, game=<the roster's game>)``."""
    return Session(roster, *args, game=_game_of(roster), **kw)


def session_from_log(records, *args, **kw):
    """``Session.from_log(records, *args, game=<the game of the log's roster>)``."""
    from snowp2p.protocol.messages import decode_signed

    return Session.from_log(records, *args, game=_game_of(decode_signed(records[0])), **kw)

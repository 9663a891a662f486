"""The registry: the one file that lists the games (docs/architecture.md, "How to add a game").

Each game is a folder under ``snowp2p/games/`` whose ``game.py`` builds a :class:`~snowp2p.games.api.Game`
object; everything outside ``games/`` asks :func:`find_game` for it and never names a game.

============  ==============================  ==================================
part          Snow Tails, Mush! Mush!          Snake Carnival
============  ==============================  ==================================
game object   ``games/sled/game.py``           ``games/snake/game.py``
rules engine  ``games/sled/engine.py``         ``games/snake/engine.py``
computer      ``games/sled/bot.py``            ``games/snake/bot.py``
wire form     ``games/sled/wire.py``           ``games/snake/wire.py``
encoding      ``games/sled/encoding.py``       ``games/snake/encoding.py``
scenarios     ``games/sled/scenario.py``       ``games/snake/scenario.py``
options       ``games/sled/options.py``        ``games/snake/options.py``
============  ==============================  ==================================
"""

from __future__ import annotations

from ..protocol.errors import DecodeError
from .api import BoundGame, Game, HiddenDeck, ScenarioError, UnknownGame
from .sled.game import MUSH, SNOWTAILS
from .snake.game import SNAKE

#: every registered game by its roster name, in the order the command line lists them
GAMES: dict[str, Game] = {g.kind: g for g in (SNOWTAILS, MUSH, SNAKE)}

__all__ = ["GAMES", "PRELOAD", "PRELOAD_SCREEN", "BoundGame", "Game", "HiddenDeck", "ScenarioError",
           "UnknownGame", "add_game_options", "add_play_options", "find_game", "track_kinds", "shipped_tracks", "roster_game", "kinds",
           "title_of", "kinds_text", "view_for"]


#: what a running game may import late (computer players, engines, screens): imported before the game
#: begins, while file descriptors are free (commands/seat.py ``preload``)
PRELOAD = ("snowp2p.games.sled.bot", "snowp2p.games.snake.bot", "snowp2p.games.sled.engine", "snowp2p.games.snake.engine")
PRELOAD_SCREEN = ("snowp2p.games.sled.view", "snowp2p.games.sled.svg", "snowp2p.games.snake.view", "snowp2p.games.snake.svg",
                  "snowp2p.games.snake.local")


def add_game_options(p) -> None:
    """Every game's own command-line options (``play`` and ``host``); a game refuses the others' options."""
    from .sled.options import add_sled_rule_options

    add_sled_rule_options(p)


def add_play_options(p) -> None:
    """Every game's own options of ``play`` alone (a match on one terminal, a tile table of one's own)."""
    from .sled.options import add_sled_play_options
    from .snake.options import add_snake_play_options

    add_sled_play_options(p)
    add_snake_play_options(p)


def track_kinds() -> list[str]:
    """The games played on a track (``snowp2p tracks --game``)."""
    return [SNOWTAILS.kind, MUSH.kind]


def find_game(kind: str) -> Game:
    """The game registered as ``kind``; UnknownGame (one line) if there is none."""
    try:
        return GAMES[kind]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {kind!r}") from None


def roster_game(kind: str) -> Game:
    """The game a roster (or a host's offer) names: DecodeError naming ``kind`` (one line) if there is none.
    The protocol is handed this object (protocol/roster.py, protocol/session.py); it never looks one up."""
    try:
        return find_game(kind)
    except UnknownGame as e:
        raise DecodeError(str(e), "kind") from None


def view_for(kind: str):
    """The table's view of the game registered as ``kind`` (``ui/views.py`` ``View``; tests and tools)."""
    return find_game(kind).view()


def kinds() -> list[str]:
    """Every registered game's name (the ``--game`` choices)."""
    return list(GAMES)


def title_of(kind: str) -> str:
    """A game's title, or ``kind`` itself for a name no game has (a message about bad input)."""
    g = GAMES.get(kind) if isinstance(kind, str) else None
    return g.title if g is not None else kind


def kinds_text() -> str:
    """The games' names as a sentence: ``'a', 'b' or 'c'``."""
    names = [repr(k) for k in GAMES]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def shipped_tracks(kind: str | None = None) -> dict:
    """The shipped tracks (name -> track) of the game ``kind``, or of every game played on a track
    (``snowp2p tracks``)."""
    from .sled.track import shipped_tracks as sled_tracks

    return sled_tracks(kind)

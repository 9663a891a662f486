"""What the table screen asks of a game: the screen part of a game object, as ``typing.Protocol``s.

Theory of operation
-------------------
The table (:mod:`.table`) and the plain line renderer (:mod:`.plain`) know no game by name.  They are
handed a :class:`ScreenGame` (each game's object in ``snowp2p/games/``) and hold its :class:`View`, which
answers, for the current state, everything a player reads: the header ("what to do now"), the board
(windowed to the screen, following the seat to act, with a move previewed on it), the players' status, a
seat's own hand, the event lines of an action (in words, with its consequences), the result (places,
points, how the result was reached), the rules page.  For the seat to act the view makes a :class:`Turn`:
the parser, the completion menu, the preview line and the confirmation of the moves that need one.  The
table gives back the action the turn parsed.

The types both sides share (a :class:`Command` typed instead of an action, an :class:`InputError`, a
:class:`Suggestion` of the menu, a :class:`Confirm` question) live here; the games import them.  Every
view is a pure function of game states: no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

Fragments = list[tuple[str, str]]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 point``, ``2 points`` (``many`` for irregular plurals)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


class Quit(Exception):
    """The player typed quit (or closed the input)."""


class InputError(ValueError):
    """A line that is not a legal action.  The message is one line (starting with the rule id when a rule is broken)."""


@dataclass(frozen=True)
class Command:
    name: str  # "auto" | "help" | "quit" | "board" | "score" | "pan left" ...


@dataclass(frozen=True)
class Suggestion:
    text: str  # the whole line the completion puts in the buffer
    display: str  # what the menu shows
    meta: str = ""  # the menu's second column: what it does


@dataclass
class Confirm:
    """A question the table asks before it gives an action back (``Go? [Y/n]``)."""

    text: str  # what the action will do (the preview, shown above the question)
    question: str = "Go? [Y/n]"
    default_yes: bool = True
    why: str = ""  # one line: why the action does what it does (the footer, under the board)


@runtime_checkable
class Turn(Protocol):
    """One seat's turn: what the command line asks (``View.turn``)."""

    help_text: str

    def hint(self) -> str: ...
    def teach(self) -> str: ...
    def suggest(self, text: str) -> list[Suggestion]: ...
    def preview(self, text: str) -> str: ...
    def parse(self, text: str) -> Any:
        """The action typed, or a :class:`Command`; InputError (one line) for neither."""

    def confirm(self, action: Any) -> Confirm | None: ...
    def describe(self, action: Any) -> str: ...


@runtime_checkable
class View(Protocol):
    """The table's questions about a game's states (``ScreenGame.view()``)."""

    kind: str
    title: str

    def names(self, state: Any) -> list[str]: ...
    def acting(self, state: Any) -> int | None: ...
    def seat_style(self, seat: int) -> str: ...
    def style_of(self, state: Any, seat: int) -> str: ...
    def seat_label(self, state: Any, seat: int) -> str: ...
    def round_text(self, state: Any) -> str: ...
    def doing(self, state: Any) -> str: ...
    def board(self, state: Any, width: int, height: int, viewer: int | None = None, preview: Any = None,
              pan: tuple[int, int] = (0, 0)) -> Fragments: ...
    def status(self, state: Any, tags: dict[int, str]) -> Fragments: ...
    def hand(self, state: Any, viewer: int | None) -> Fragments: ...
    def turn(self, state: Any, seat: int) -> Turn: ...
    def events(self, before: Any, action: Any, after: Any) -> list[str]: ...
    def result(self, state: Any) -> list[tuple[str, int | None, str]]:
        """(place, seat, text) rows, best first."""

    def how(self, state: Any) -> list[str]: ...
    def rules_lines(self) -> list[str]:
        """The rules page (F2 or `rules`)."""

    def settings_lines(self, table: Any, rules: Any) -> list[str]:
        """The table and the rules of a networked game in words (the roster lines)."""


@runtime_checkable
class ScreenGame(Protocol):
    """The screen part of a game object (``snowp2p/games/api.py`` ``Game``): what ``ui/`` is handed."""

    kind: str
    title: str
    word: str  # "race" or "game"

    def view(self) -> View: ...
    def table_name(self, table: Any) -> str: ...
    def computer_move(self, state: Any, rand: Any) -> Any: ...
    def svg(self, states: Sequence[Any], title: str) -> str: ...


AutoFn = Callable[[object], object]

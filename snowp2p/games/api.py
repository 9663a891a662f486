"""What a game brings, behind one interface (../shared/design/one-folder-per-game.md, "The interface").

A :class:`Game` is one plain object per game, registered once in ``snowp2p/games/__init__.py``; the roster,
the host and join commands, the replay and the scenario runner ask it and never branch on a game's name.
:class:`HiddenDeck` is the part only the sled games have (each seat's deck committed slot by slot,
SPEC section 9); Snake Carnival's ``hidden`` is ``None``.  :meth:`Game.bind` gives the session its
:class:`BoundGame`: the game with a roster's settings and table fixed.

Pure: nothing here does I/O (``load_table`` reads the shipped files a host names on the command line).
"""

from __future__ import annotations

import argparse
from typing import Any, Iterable, Protocol, Sequence, runtime_checkable


class ScenarioError(ValueError):
    """A file that can not be read as a scenario (exit status 2)."""


class UnknownGame(ValueError):
    """A game name no registered game has (one line)."""


@runtime_checkable
class HiddenDeck(Protocol):
    """Each seat's deck, committed slot by slot (the sled games, SPEC section 9)."""

    def composition(self, rules: Any) -> list[int]:
        """The card values of a seat's first deck generation."""

    def size(self, rules: Any) -> int:
        """The number of cards in a seat's first deck generation."""

    def first_deck(self, rules: Any, seat: int, secret: bytes) -> Sequence[int]:
        """The owner's values of its first generation, card id by card id (what it commits before the start)."""

    def opened(self, action: Any) -> list[tuple[int, int]]:
        """(card id, value) of every card ``action`` opens (plays or discards face up)."""

    def generation(self, state: Any, seat: int) -> int:
        """The seat's current deck generation (0, then one more at each reshuffle)."""

    def bounds(self, state: Any, seat: int, generation: int) -> tuple[int, int]:
        """Card ids [first, end) of one deck generation of the seat."""

    def values(self, state: Any, seat: int) -> Sequence[int]:
        """The seat's private value of every card id (known to its owner only)."""

    def hand(self, state: Any, seat: int) -> Sequence[int]:
        """The card ids in the seat's hand (what a move may open)."""

    def holds(self, state: Any, seat: int) -> set[int]:
        """Every card id the seat holds anywhere (a reshuffle must keep the values of those it gathers)."""

    def carried(self, state: Any, seat: int) -> Sequence[int]:
        """The card ids the seat carries, unopened, into the next race of a match (empty for a game that carries
        nothing; SPEC 16.5)."""

    def cards(self, state: Any, seat: int) -> Sequence[int]:
        """The public value of every card id of the seat, -1 while unopened."""

    def open_seat(self, state: Any, seat: int, rand: Any, salt: bytes, known: dict) -> Any:
        """A computer player's seat (a vote, G10): its unknown cards dealt face up, alike on every peer;
        ``known``: card id -> value of cards it opened in a move not applied yet."""


@runtime_checkable
class BoundGame(Protocol):
    """A game with a roster's settings and table: what the session asks (protocol/session.py)."""

    kind: str
    hidden: bool
    rules: Any

    def new_game(self, names: Sequence[str], rand: Any, secrets: Any) -> Any: ...
    def apply(self, state: Any, action: Any, rand: Any) -> Any: ...
    def action_from_wire(self, d: Any, seat: int) -> Any: ...
    def action_to_wire(self, action: Any) -> dict: ...
    def section_hashes(self, state: Any) -> Any: ...
    def state_hash(self, state: Any, head: bytes, sections: Any = None) -> bytes: ...
    def encode_public(self, state: Any) -> bytes: ...
    def final_places(self, state: Any) -> list[int]: ...
    def standings(self, state: Any) -> list[int]: ...  # places as they stand (a game ended before its end)
    def describe(self, before: Any, action: Any, after: Any) -> str: ...


@runtime_checkable
class Game(Protocol):
    """One game: its name, its table and rules as the roster carries them, and its screens and files."""

    kind: str  # the roster's name: "snowtails", ...
    title: str  # what players read: "Snow Tails", ...
    players: tuple[int, int]  # fewest and most seats
    hidden: HiddenDeck | None
    match: Any  # its matches over the network (SPEC 16: kind, count_problem, record, ...), or None
    cheats: Any  # what the tests' misbehaving peer forges (net/cheats.py), or None: its moves are not forged
    default_table: str  # the table a host gets without --track
    word: str  # what one game is called on screen: "race" or "game"
    settings_extra_keys: tuple[str, ...]  # the roster settings ``settings_extra`` adds

    # table and rules (the roster, SPEC 11.2)
    def load_table(self, name: str | None) -> Any:
        """The table a host names on the command line; TableError (snowp2p/core/errors.py, one line) if there is none."""

    def table_name(self, table: Any) -> str: ...
    def table_digest(self, table: Any) -> bytes: ...
    def table_to_wire(self, table: Any) -> Any: ...
    def table_from_wire(self, wire: Any) -> Any:
        """The table a roster carries, checked; DecodeError naming ``track``."""

    def settings_extra(self, table: Any) -> dict:
        """Settings beyond the rules and the move time that this game's roster carries."""

    def rules_from_wire(self, raw: Any, networked: bool) -> Any:
        """The rules from a roster's ``settings.rules``; DecodeError naming the field."""

    def rules_from_args(self, args: argparse.Namespace, tables: Iterable[Any]) -> Any:
        """The rules the command-line options ask for; ValueError, one line."""

    def table_facts(self, table: Any) -> tuple[str, int, int, bool]:
        """(table name, spaces or tiles, sections, shipped) for a roster's summary."""

    def where(self, track_name: str, spaces: int, sections: int, shipped: bool) -> str:
        """The table in words, for a roster's summary."""

    # the engine, with a roster's settings
    def bind(self, settings: Any, table: Any, rules: Any) -> BoundGame: ...
    def points(self, state: Any, rules: Any, places: Sequence[int]) -> dict[int, int]: ...
    def default_rules(self) -> Any: ...

    # screens and files
    def breakdown_lines(self, state: Any) -> list[str]: ...
    def board_text(self, state: Any, width: int | None) -> str: ...
    def svg(self, states: Sequence[Any], title: str) -> str: ...
    def scenario_from_dict(self, data: dict, where: str) -> Any: ...
    def local_play(self, args: argparse.Namespace, *, pt_input: Any = None, pt_output: Any = None,
                   recorder: Any = None) -> int:
        """``snowp2p play``: this game on one terminal (its set-up, then the table's driver, ui/tableplay.py)."""

    def view(self) -> Any:
        """What the table screen and the plain lines ask (``ui/views.py`` ``View``)."""

    def to_act(self, state: Any) -> int | None:
        """The seat to act, None when the game is over."""

    def computer_move(self, state: Any, rand: Any) -> Any:
        """The computer player's action for the seat to act (the game folder's bot.py)."""

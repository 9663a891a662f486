"""What a roster says about the game, and what a joiner is shown before it signs it.

A roster (protocol/SPEC.md sections 6 and 11.2) names the game, carries its
table -- a whole track, or a tile set by name: the game's ``table_to_wire`` --, its
rules and its seats.  This module is the one home of that description.  It is handed the game object (a
``Game``, games/api.py, from the registry ``snowp2p.games``) and never imports or names a game:

* ``roster_body`` builds a roster's body from a game's table, rules and seats;
* ``table_from_roster`` rebuilds the table from a received roster, with every
  check and size cap of a track file (docs/tracks.md).  Nothing in a roster is
  ever used as a file path: the track is *in* the roster.
* ``rules_from_roster`` parses and checks the rules (every field for sense;
  settings that would weaken G3/G4 are refused in a networked game);
* ``roster_summary`` is what a joiner confirms before its first message (its
  signature on the roster, G2): the settings that differ from the defaults,
  and the track's name and size.  A screen shows it as it likes;
  ``summary_lines`` is the plain-text form.

Pure: no I/O, no clock, no randomness.  Every failure is a ``DecodeError``
naming the roster field (one line).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .errors import DecodeError
from .absence import DEFAULT_MOVE_TIME


def _check_kind(game: Any, kind: str) -> None:
    if kind != game.kind:
        raise DecodeError(f"the roster is for {kind!r}, not for {game.title}", "kind")


def _plain(x: Any) -> Any:
    if hasattr(x, "keys") and not isinstance(x, (str, bytes)):
        return {k: _plain(x[k]) for k in x.keys()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


# ------------------------------------------------------------------ building
def table_to_wire(game: Any, table) -> dict:
    """The roster's ``track`` field for a game's table."""
    return game.table_to_wire(table)


MOVE_TIME_RANGE = (5, 3600)  # seconds a host may give each move (SPEC 11.2, 11.9)


def settings_for(game: Any, rules, table, move_time: int = DEFAULT_MOVE_TIME) -> dict:
    """The roster's settings for a game: its rules (and what its ``settings_extra`` adds), and the
    move time (seconds a seat has for each move before it counts as absent, SPEC 11.9)."""
    return {"game": game.kind, "rules": rules.to_dict(), **game.settings_extra(table), "move_time": move_time}


def roster_body(game: Any, table, rules, seats, move_time: int = DEFAULT_MOVE_TIME):
    """The body of a roster for ``game`` played on ``table`` with ``rules`` by ``seats``."""
    from .messages import Roster

    return Roster(game.kind, table_to_wire(game, table), settings_for(game, rules, table, move_time), tuple(seats))


# ------------------------------------------------------------------ reading
def table_from_roster(body, game: Any):
    """The table a roster carries (its game's ``table_from_wire``).  DecodeError naming ``kind`` (a roster
    of another game than ``game``) or ``track``."""
    _check_kind(game, body.kind)
    return game.table_from_wire(body.track)


def rules_from_roster(game: Any, settings, networked: bool = True):
    """The rules a roster's settings give (the game's ``rules_from_wire``), checked for sense (every field), and,
    for a networked game, refused if they would weaken G3/G4.  DecodeError naming the field."""
    settings = _plain(settings)
    if not isinstance(settings, dict) or settings.get("game") != game.kind:
        raise DecodeError(f"the settings are not for {game.title}", "settings.game")
    allowed = {"game", "rules"} | set(game.settings_extra_keys)
    allowed |= {"computer_seats", "move_time"}  # labels for screens; the move time (SPEC 11.2, 11.9)
    allowed |= {"match"}  # a race of a series or tournament (SPEC 16.1)
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise DecodeError(f"unknown setting {unknown[0]!r}", f"settings.{unknown[0]}")
    if "match" in settings:
        from .match import parse_match

        parse_match(settings["match"], game)
    if "computer_seats" in settings:
        seats = settings["computer_seats"]
        if (not isinstance(seats, list) or not all(isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= 7
                                                   for i in seats) or seats != sorted(set(seats))):
            raise DecodeError("expected distinct seat numbers 1..7, ascending", "settings.computer_seats")
    if "move_time" in settings:
        mt = settings["move_time"]
        lo, hi = MOVE_TIME_RANGE
        if not isinstance(mt, int) or isinstance(mt, bool) or not lo <= mt <= hi:
            raise DecodeError(f"expected whole seconds {lo}..{hi}", "settings.move_time")
    raw = settings.get("rules")
    if not isinstance(raw, dict):
        raise DecodeError("expected a map of rules", "settings.rules")
    return game.rules_from_wire(raw, networked)


# ------------------------------------------------------------------ showing
@dataclass(frozen=True)
class Setting:
    """One rules field that differs from the default."""

    name: str
    value: Any
    default: Any


@dataclass(frozen=True)
class RosterSummary:
    """What a joiner is shown (and confirms) before it signs a roster."""

    game: str  # the game's kind (games/__init__.py)
    title: str  # its title
    track_name: str
    spaces: int  # the track's spaces, or the tiles of a game played with tiles
    sections: int  # the track's sections (0 without a track)
    shipped: bool  # the track is one this program ships (same digest), or the standard tile set
    differences: tuple[Setting, ...]  # the settings that differ from the defaults
    players: tuple[str, ...]
    move_time: int = DEFAULT_MOVE_TIME  # seconds for each move (SPEC 11.9)
    where: str = ""  # the table in words (the game's ``where``)

    @property
    def unusual(self) -> bool:
        """Anything a player could not assume without being told: changed settings, or a track of the
        host's own."""
        return bool(self.differences) or not self.shipped


def differing_settings(rules) -> tuple[Setting, ...]:
    """Every rules field whose value differs from its default, in declaration order."""
    default = type(rules)(game=rules.game) if hasattr(rules, "game") else type(rules)()
    out = []
    for f in fields(rules):
        value, base = getattr(rules, f.name), getattr(default, f.name)
        if value != base:
            out.append(Setting(f.name, _plain(value), _plain(base)))
    return tuple(out)


def roster_summary(body, game: Any, table=None, rules=None) -> RosterSummary:
    """The summary of a roster of ``game`` (its table and rules are rebuilt and checked unless given)."""
    table = table if table is not None else table_from_roster(body, game)
    rules = rules if rules is not None else rules_from_roster(game, body.settings)
    players = tuple(s.nick for s in body.seats)
    mt = _plain(body.settings).get("move_time", DEFAULT_MOVE_TIME)
    name, spaces, sections, shipped = game.table_facts(table)
    return RosterSummary(game.kind, game.title, name, spaces, sections, shipped, differing_settings(rules), players,
                         mt, game.where(name, spaces, sections, shipped))


def _show(v: Any) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return repr(v)
    return str(v)


def summary_lines(s: RosterSummary) -> list[str]:
    """The summary as lines of text (what `join` prints before asking)."""
    lines = [f"{s.title} on {s.where}, {len(s.players)} players: {', '.join(s.players)}"]
    if s.differences:
        lines.append("Settings that differ from the defaults:")
        lines.extend(f"  {d.name} = {_show(d.value)}   (default {_show(d.default)})" for d in s.differences)
    else:
        lines.append("All settings are the defaults.")
    lines.append(f"Move time: {s.move_time} s a move (a player who has not moved by then counts as absent)")
    return lines

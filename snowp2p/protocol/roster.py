"""What a roster says about the game, and what a joiner is shown before it signs it.

A roster (protocol/SPEC.md sections 6 and 11.2) names the game, carries its
table -- a sled race's whole track, Snake Carnival's tile set by name --, its
rules and its seats.  This module is the one home of that description:

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

from ..rules.config import SledRules
from ..rules.track import Track, TrackError, shipped_tracks, track_digest, track_from_wire, track_to_wire
from .errors import DecodeError
from .absence import DEFAULT_MOVE_TIME
from .messages import pack_canonical

GAME_TITLES = {"snowtails": "Snow Tails", "mush": "Mush! Mush!", "snake": "Snake Carnival"}
SLED_GAMES = ("snowtails", "mush")
#: Snake Carnival's roster table: the tile set by name (this implementation has only the standard one)
SNAKE_TABLE = {"name": "standard"}


def _plain(x: Any) -> Any:
    if hasattr(x, "keys") and not isinstance(x, (str, bytes)):
        return {k: _plain(x[k]) for k in x.keys()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


# ------------------------------------------------------------------ building
def table_to_wire(kind: str, table) -> dict:
    """The roster's ``track`` field for a game's table."""
    if kind == "snake":
        return dict(SNAKE_TABLE)
    return track_to_wire(table)


MOVE_TIME_RANGE = (5, 3600)  # seconds a host may give each move (SPEC 11.2, 11.9)


def settings_for(kind: str, rules, table, move_time: int = DEFAULT_MOVE_TIME) -> dict:
    """The roster's settings for a game: its rules (and, for Snake Carnival, the tile set's digest), and the
    move time (seconds a seat has for each move before it counts as absent, SPEC 11.9)."""
    if kind == "snake":
        return {"game": kind, "rules": rules.to_dict(), "tiles_digest": table.digest, "move_time": move_time}
    return {"game": kind, "rules": rules.to_dict(), "move_time": move_time}


def roster_body(kind: str, table, rules, seats, move_time: int = DEFAULT_MOVE_TIME):
    """The body of a roster for ``kind`` played on ``table`` with ``rules`` by ``seats``."""
    from .messages import Roster

    return Roster(kind, table_to_wire(kind, table), settings_for(kind, rules, table, move_time), tuple(seats))


# ------------------------------------------------------------------ reading
def table_from_roster(body):
    """The table a roster carries (a Track, or Snake Carnival's tiles).  DecodeError naming ``track``."""
    kind = body.kind
    if kind == "snake":
        from ..rules import snake

        if _plain(body.track) != SNAKE_TABLE:
            raise DecodeError("Snake Carnival is played with the standard tile set, named {\"name\": \"standard\"}",
                              "track")
        return snake.load_tiles()
    if kind not in SLED_GAMES:
        raise DecodeError(f"unknown game {kind!r}", "kind")
    track = _track_from_roster(body.track)
    if track.game != kind:
        raise DecodeError(f"the track is for {GAME_TITLES.get(track.game, track.game)}, the game is "
                          f"{GAME_TITLES[kind]}", "track.game")
    return track


#: canonical bytes of a roster's ``track`` -> the Track built from it (a Track is immutable: every peer of a
#: game, a resumed game, an audit build it once).  A few entries; a failure is not kept (it raises again).
_TRACKS: dict[bytes, Track] = {}


def _track_from_roster(wire: Any) -> Track:
    key = pack_canonical(wire)
    track = _TRACKS.get(key)
    if track is None:
        try:
            track = track_from_wire(wire, where="track")
        except TrackError as e:
            raise DecodeError(str(e), "track") from None
        if len(_TRACKS) >= 8:
            _TRACKS.pop(next(iter(_TRACKS)))
        _TRACKS[key] = track
    return track


def rules_from_roster(kind: str, settings, networked: bool = True):
    """The rules a roster's settings give (SledRules or SnakeRules), checked for sense (every field), and,
    for a networked game, refused if they would weaken G3/G4.  DecodeError naming the field."""
    settings = _plain(settings)
    if not isinstance(settings, dict) or settings.get("game") != kind:
        raise DecodeError(f"the settings are not for {GAME_TITLES.get(kind, kind)}", "settings.game")
    allowed = {"game", "rules", "tiles_digest"} if kind == "snake" else {"game", "rules"}
    allowed |= {"computer_seats", "move_time"}  # labels for screens; the move time (SPEC 11.2, 11.9)
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise DecodeError(f"unknown setting {unknown[0]!r}", f"settings.{unknown[0]}")
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
    try:
        if kind == "snake":
            from ..rules.snake import SnakeRules

            return SnakeRules.from_dict(raw)
        rules = SledRules.from_dict(raw)
    except ValueError as e:
        raise DecodeError(str(e), "settings.rules") from None
    if rules.game != kind:
        raise DecodeError(f"the rules are for {rules.game!r}, the game is {kind!r}", "settings.rules.game")
    why = rules.network_refusal() if networked else None
    if why:
        raise DecodeError(why, "settings.rules.deck_draw")
    return rules


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

    game: str  # "snowtails" | "mush" | "snake"
    title: str  # "Snow Tails"
    track_name: str
    spaces: int  # sled races: the track's spaces; Snake Carnival: the tiles
    sections: int  # sled races: the track's sections; Snake Carnival: 0
    shipped: bool  # the track is one this program ships (same digest), or the standard tile set
    differences: tuple[Setting, ...]  # the settings that differ from the defaults
    players: tuple[str, ...]
    move_time: int = DEFAULT_MOVE_TIME  # seconds for each move (SPEC 11.9)

    @property
    def unusual(self) -> bool:
        """Anything a player could not assume without being told: changed settings, or a track of the
        host's own."""
        return bool(self.differences) or not self.shipped


def differing_settings(rules) -> tuple[Setting, ...]:
    """Every rules field whose value differs from its default, in declaration order."""
    default = type(rules)(game=rules.game) if isinstance(rules, SledRules) else type(rules)()
    out = []
    for f in fields(rules):
        value, base = getattr(rules, f.name), getattr(default, f.name)
        if value != base:
            out.append(Setting(f.name, _plain(value), _plain(base)))
    return tuple(out)


def roster_summary(body, table=None, rules=None) -> RosterSummary:
    """The summary of a roster (its table and rules are rebuilt and checked unless given)."""
    kind = body.kind
    table = table if table is not None else table_from_roster(body)
    rules = rules if rules is not None else rules_from_roster(kind, body.settings)
    players = tuple(s.nick for s in body.seats)
    mt = _plain(body.settings).get("move_time", DEFAULT_MOVE_TIME)
    if kind == "snake":
        return RosterSummary(kind, GAME_TITLES[kind], "standard", len(table.tiles) if hasattr(table, "tiles") else 0,
                             0, True, differing_settings(rules), players, mt)
    digest = track_digest(table)
    shipped = any(track_digest(t) == digest for t in shipped_tracks(kind).values())
    return RosterSummary(kind, GAME_TITLES[kind], table.name, table.size, len(table.sections), shipped,
                         differing_settings(rules), players, mt)


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
    if s.game == "snake":
        where = "the standard tile set"
    else:
        where = (f"the track {s.track_name!r} ({s.spaces} spaces in {s.sections} sections"
                 + (")" if s.shipped else "; the host's own track, not one this program ships)"))
    lines = [f"{s.title} on {where}, {len(s.players)} players: {', '.join(s.players)}"]
    if s.differences:
        lines.append("Settings that differ from the defaults:")
        lines.extend(f"  {d.name} = {_show(d.value)}   (default {_show(d.default)})" for d in s.differences)
    else:
        lines.append("All settings are the defaults.")
    lines.append(f"Move time: {s.move_time} s a move (a player who has not moved by then counts as absent)")
    return lines

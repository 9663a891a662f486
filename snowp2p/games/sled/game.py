"""Snow Tails and Mush! Mush! as :class:`~snowp2p.games.api.Game` objects: two instances of one sled game
over one engine (``engine.py``), as python-chess's variants share one board.

``SledGame`` (moved here from ``protocol/games.py``) is the game bound to a roster's settings and track:
what the session asks.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ...protocol.errors import DecodeError
from ...protocol.messages import pack_canonical
from . import engine as sled
from .config import PLAYER_COUNTS, SledRules, check_extra_trees
from .track import Track, TrackError, find_track, shipped_tracks, track_digest, track_from_wire, track_to_wire
from . import encoding
from .match import SledMatch
from .options import sled_rules
from .wire import sled_action_from_wire, sled_action_to_wire

TITLES = {"snowtails": "Snow Tails", "mush": "Mush! Mush!"}

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


class SledDeck:
    """The hidden part of a sled game: each seat's deck (ST-K*, MM-K*), committed slot by slot (SPEC 9)."""

    def __init__(self, kind: str):
        self.kind = kind

    def composition(self, rules: SledRules) -> list[int]:
        return sled.initial_composition(self.kind, rules)

    def size(self, rules: SledRules) -> int:
        return sled.initial_size(self.kind, rules)

    def first_deck(self, rules: SledRules, seat: int, secret: bytes) -> tuple[int, ...]:
        return sled.initial_private(self.kind, rules, seat, secret).values

    def opened(self, action: sled.Action) -> list[tuple[int, int]]:
        if isinstance(action, sled.Move):
            return [(c, v) for _, c, v in action.play]
        if isinstance(action, sled.Refill):
            return list(action.discard)
        return []

    def generation(self, state: sled.GameState, seat: int) -> int:
        return state.sled(seat).generation

    def bounds(self, state: sled.GameState, seat: int, generation: int) -> tuple[int, int]:
        s = state.sled(seat)
        first = s.gen_starts[generation]
        end = s.gen_starts[generation + 1] if generation + 1 < len(s.gen_starts) else len(s.values)
        return first, end

    def values(self, state: sled.GameState, seat: int) -> tuple[int, ...]:
        return state.private[seat].values

    def hand(self, state: sled.GameState, seat: int) -> tuple[int, ...]:
        return state.sled(seat).hand

    def holds(self, state: sled.GameState, seat: int) -> set[int]:
        s = state.sled(seat)
        return set(s.hand) | set(s.deck) | set(s.discard) | set(s.left) | set(s.right) | set(s.aside)

    def carried(self, state: sled.GameState, seat: int) -> tuple[int, ...]:
        """MM-T2: a tournament carries the hand and the deck (hidden) into the next race; the top dogs and the
        cards under them were played (public).  Snow Tails carries nothing (ST-E4)."""
        if self.kind != sled.MM:
            return ()
        s = state.sled(seat)
        return tuple(s.hand) + tuple(s.deck)

    def cards(self, state: sled.GameState, seat: int) -> tuple[int, ...]:
        return state.sled(seat).values

    def open_seat(self, state: sled.GameState, seat: int, rand, salt: bytes, known: dict) -> sled.GameState:
        """A computer player's seat: its unknown cards dealt face up, alike on every peer (``sled.open_seat``)."""
        return sled.open_seat(state, seat, rand, salt, known)


class SledRace:
    """Snow Tails or Mush! Mush! (``kind``): one sled game, its rules told apart by ``SledRules.game``."""

    word = "race"
    settings_extra_keys: tuple[str, ...] = ()

    def __init__(self, kind: str, default_table: str):
        self.kind = kind
        self.title = TITLES[kind]
        self.players = PLAYER_COUNTS[kind]
        self.hidden = SledDeck(kind)
        self.match = SledMatch(kind)  # a series (ST-E4) or a tournament (MM-T1), over the network (SPEC 16)
        self.default_table = default_table

    def __repr__(self) -> str:
        return f"<game {self.kind}>"

    @property
    def cheats(self):
        """What the tests' misbehaving peer forges in a sled game (net/cheats.py asks; games/sled/cheats.py)."""
        from . import cheats

        return cheats

    # ------------------------------------------------------------ table and rules
    def load_table(self, name: str | None) -> Track:
        return find_track(name or self.default_table, self.kind)

    def table_name(self, table: Track) -> str:
        return table.name

    def table_digest(self, table: Track) -> bytes:
        return track_digest(table)

    def table_to_wire(self, table: Track) -> Any:
        return track_to_wire(table)

    def table_from_wire(self, wire: Any) -> Track:
        track = _track_from_roster(wire)
        if track.game != self.kind:
            raise DecodeError(f"the track is for {TITLES.get(track.game, track.game)}, the game is {self.title}",
                              "track.game")
        return track

    def settings_extra(self, table: Track) -> dict:
        return {}

    def rules_from_wire(self, raw: Any, networked: bool) -> SledRules:
        try:
            rules = SledRules.from_dict(raw)
        except ValueError as e:
            raise DecodeError(str(e), "settings.rules") from None
        if rules.game != self.kind:
            raise DecodeError(f"the rules are for {rules.game!r}, the game is {self.kind!r}", "settings.rules.game")
        why = rules.network_refusal() if networked else None
        if why:
            raise DecodeError(why, "settings.rules.deck_draw")
        return rules

    def default_rules(self) -> SledRules:
        return SledRules(game=self.kind)

    def rules_from_args(self, args, tables: Iterable[Track]) -> SledRules:
        return sled_rules(self.kind, args, tables)

    def table_facts(self, table: Track) -> tuple[str, int, int, bool]:
        digest = track_digest(table)
        shipped = any(track_digest(t) == digest for t in shipped_tracks(self.kind).values())
        return table.name, table.size, len(table.sections), shipped

    def where(self, track_name: str, spaces: int, sections: int, shipped: bool) -> str:
        return (f"the track {track_name!r} ({spaces} spaces in {sections} sections"
                + (")" if shipped else "; the host's own track, not one this program ships)"))

    # ------------------------------------------------------------ the engine
    def bind(self, settings: Any, table: Track, rules: SledRules) -> "SledGame":
        return SledGame(self.kind, rules, table)

    def points(self, state: sled.GameState, rules: SledRules, places: Sequence[int]) -> dict[int, int]:
        if self.kind == "snowtails":  # ST-E3 by place; eliminated sleds score nothing (a computer-played one scores, G10)
            table = rules.st_points
            out = {i: 0 for i in range(len(state.public.sleds))}
            for k, seat in enumerate(places):
                if k < len(table) and state.sled(seat).status != sled.ELIMINATED:
                    out[seat] = table[k]
            return out
        return sled.points(state)  # Mush! Mush!: the tournament points of the place (MM-T1), as local play shows

    # ------------------------------------------------------------ screens and files
    def breakdown_lines(self, state: sled.GameState) -> list[str]:
        return []

    def board_text(self, state: sled.GameState, width: int | None) -> str:
        from .board import render_board

        return render_board(state, width=width)

    def svg(self, states: Sequence[sled.GameState], title: str) -> str:
        from .svg import sled_svg
        from .view import record_trails

        trails: dict[int, list[int]] = {}
        for st in states:
            record_trails(trails, st)
        return sled_svg(states[-1], trails, title)

    def local_play(self, args, *, pt_input=None, pt_output=None, recorder=None) -> int:
        """``snowp2p play``: a race or a series on this terminal (games/sled/local.py)."""
        from .local import run_play

        return run_play(self, args, pt_input=pt_input, pt_output=pt_output, recorder=recorder)

    def view(self):
        """What the table screen asks (ui/views.py)."""
        from .view import SledView

        return SledView(self.kind, self.title)

    def to_act(self, state: sled.GameState) -> int | None:
        cur = state.public.current
        return None if state.is_over or cur is None or cur < 0 else cur

    def computer_move(self, state: sled.GameState, rand):
        from .bot import choose_action

        return choose_action(state, rand)

    def scenario_from_dict(self, data: dict, where: str):
        from .scenario import scenario_from_dict

        return scenario_from_dict(data, where)


class SledGame:
    """A sled game bound to a roster's rules and track: what the session asks (protocol/session.py)."""

    hidden = True

    def __init__(self, kind: str, rules: SledRules, track: Track):
        if track.game != kind:
            raise DecodeError(f"the track {track.name!r} is for {track.game}, not {kind}", "track.game")
        self.kind = kind
        self.rules = rules
        why = check_extra_trees(self.rules.extra_trees, 0 if self.rules.trees == "none" else len(track.trees))
        if why:
            raise DecodeError(why, "settings.rules.extra_trees")
        self.track = track

    def new_game(self, names, rand, secrets):
        return sled.new_game(self.kind, self.track, names, rand, secrets, self.rules)

    def apply(self, state, action, rand):
        return sled.apply(state, action, rand)

    def action_from_wire(self, d, seat):
        return sled_action_from_wire(d, seat, self.track)

    def action_to_wire(self, action):
        return sled_action_to_wire(action, self.track)

    def section_hashes(self, state):
        return encoding.section_hashes(state.public)

    def state_hash(self, state, head, sections=None):
        return encoding.state_hash(state, head, sections)

    def encode_public(self, state):
        return encoding.encode_public(state.public)

    def final_places(self, state):
        return sled.final_places(state)

    def standings(self, state):
        return sled.standings(state)

    def describe(self, before, action, after) -> str:
        return after.public.last_event


SNOWTAILS = SledRace("snowtails", "first-race")
MUSH = SledRace("mush", "mush-first-race")

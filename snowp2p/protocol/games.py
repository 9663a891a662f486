"""What the session needs from each game's engine, behind one small interface.

The sled games have hidden decks (slot commitments, openings, final
openings); Snake Carnival has open hands and one shared stack whose draws
only need unpredictable randomness.  ``game_for(kind, settings, table)``
returns the adapter the roster names; ``table`` is the track (sled games)
or the tile set (Snake Carnival) the roster carries (``roster.table_from_roster``).
"""

from __future__ import annotations

from typing import Any

from ..games.sled import encoding
from ..games.sled.wire import sled_action_from_wire, sled_action_to_wire
from ..rules import sled
from ..rules.config import check_extra_trees
from ..rules.track import Track
from .errors import DecodeError
from .roster import rules_from_roster, settings_for  # noqa: F401  (settings_for: its old home)


class SledGame:
    hidden = True

    def __init__(self, kind: str, settings: Any, track: Track):
        if track.game != kind:
            raise DecodeError(f"the track {track.name!r} is for {track.game}, not {kind}", "track.game")
        self.kind = kind
        self.rules = rules_from_roster(kind, settings)
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

    def describe(self, before, action, after) -> str:
        return after.public.last_event


class SnakeGame:
    hidden = False

    def __init__(self, kind: str, settings: Any, tiles):
        from ..games.snake import encoding as snake_encoding
        from ..games.snake import wire as snake_wire
        from ..rules import snake

        self.snake = snake
        self.wire = snake_wire
        self.encoding = snake_encoding
        if settings.get("tiles_digest") != tiles.digest:
            raise DecodeError("the roster's tile set differs from this machine's", "settings.tiles_digest")
        self.rules = rules_from_roster(kind, settings)
        self.kind = kind
        self.tiles = tiles

    def new_game(self, names, rand, secrets):
        return self.snake.new_game(names, rand, self.rules, self.tiles)

    def apply(self, state, action, rand):
        return self.snake.apply(state, action, rand)

    def action_from_wire(self, d, seat):
        return self.wire.action_from_wire(dict(d), seat)

    def action_to_wire(self, action):
        return self.wire.action_to_wire(action)

    def section_hashes(self, state):
        return self.encoding.section_hashes(state.public)

    def state_hash(self, state, head, sections=None):
        return self.encoding.state_hash(state, head)

    def encode_public(self, state):
        return self.encoding.encode_public(state.public)

    def final_places(self, state):
        return self.snake.final_places(state)

    def describe(self, before, action, after) -> str:
        return self.snake.describe(before, action)


def game_for(kind: str, settings: Any, table) -> SledGame | SnakeGame:
    if kind in ("snowtails", "mush"):
        return SledGame(kind, settings, table)
    if kind == "snake":
        return SnakeGame(kind, settings, table)
    raise DecodeError(f"unknown game {kind!r}", "kind")

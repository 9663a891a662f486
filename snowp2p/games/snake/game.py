"""Snake Carnival as a :class:`~snowp2p.games.api.Game` object (engine ``games/snake/engine.py``).

Open hands and one shared stack whose draws only need unpredictable randomness: ``hidden`` is ``None``.
``SnakeGame`` (moved here from ``protocol/games.py``) is the game bound to a roster's settings and tile
set: what the session asks.  The engine is imported when first needed (start-up time of the sled games).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ...protocol.errors import DecodeError
from ...core.errors import TableError
from .tiles import load_tiles

#: Snake Carnival's roster table: the tile set by name (this implementation has only the standard one)
TABLE = {"name": "standard"}
PLAYERS = (2, 4)  # SC-K1 (state.py PLAYERS)
_SLED_OPTIONS = ("no_trees", "extra_trees", "no_buildings")


def _is_standard(wire: Any) -> bool:
    """``wire`` is the map ``{"name": "standard"}`` (any mapping type the decoder gives)."""
    return (hasattr(wire, "keys") and not isinstance(wire, (str, bytes)) and list(wire.keys()) == ["name"]
            and wire["name"] == TABLE["name"] and isinstance(wire["name"], str))


class SnakeCarnival:
    kind = "snake"
    title = "Snake Carnival"
    players = PLAYERS
    hidden = None
    match = None  # no series or tournament (SPEC 16)
    cheats = None  # the tests' misbehaving peer forges no Snake Carnival move (net/cheats.py)
    default_table = "standard"
    word = "game"
    settings_extra_keys = ("tiles_digest",)

    def __repr__(self) -> str:
        return f"<game {self.kind}>"

    # ------------------------------------------------------------ table and rules
    def load_table(self, name: str | None):

        if name not in ("standard", None):
            raise TableError(f"this machine only has the standard tile set, not {name!r}")
        return load_tiles()

    def table_name(self, table) -> str:
        return "standard"

    def table_digest(self, table) -> bytes:
        return table.digest

    def table_to_wire(self, table) -> Any:
        return dict(TABLE)

    def table_from_wire(self, wire: Any):

        if not _is_standard(wire):
            raise DecodeError("Snake Carnival is played with the standard tile set, named {\"name\": \"standard\"}",
                              "track")
        return load_tiles()

    def settings_extra(self, table) -> dict:
        return {"tiles_digest": table.digest}

    def rules_from_wire(self, raw: Any, networked: bool):
        from .engine import SnakeRules

        try:
            return SnakeRules.from_dict(raw)
        except ValueError as e:
            raise DecodeError(str(e), "settings.rules") from None

    def default_rules(self):
        from .engine import SnakeRules

        return SnakeRules()

    def rules_from_args(self, args, tables: Iterable[Any]):
        if any(getattr(args, o, False) for o in _SLED_OPTIONS):
            raise ValueError("--no-trees, --extra-trees and --no-buildings are sled-race options")
        return self.default_rules()

    def table_facts(self, table) -> tuple[str, int, int, bool]:
        return "standard", len(table.tiles) if hasattr(table, "tiles") else 0, 0, True

    def where(self, track_name: str, spaces: int, sections: int, shipped: bool) -> str:
        return "the standard tile set"

    # ------------------------------------------------------------ the engine
    def bind(self, settings: Any, table, rules) -> "SnakeGame":
        return SnakeGame(settings, table, rules)

    def points(self, state, rules, places: Sequence[int]) -> dict[int, int]:
        from . import engine as snake

        return snake.scores(state)

    # ------------------------------------------------------------ screens and files
    def breakdown_lines(self, state) -> list[str]:
        from .board import breakdown_lines

        return breakdown_lines(state)

    def board_text(self, state, width: int | None) -> str:
        from .board import render_board

        return render_board(state, width=width or 100)

    def svg(self, states: Sequence[Any], title: str) -> str:
        from .svg import snake_svg

        return snake_svg(states[-1], title)

    def local_play(self, args, *, pt_input=None, pt_output=None, recorder=None) -> int:
        """``snowp2p play --game snake`` on this terminal (games/snake/local.py)."""
        from .local import run_snake_play

        return run_snake_play(self, args, pt_input=pt_input, pt_output=pt_output, recorder=recorder)

    def view(self):
        """What the table screen asks (ui/views.py)."""
        from .view import SnakeView

        return SnakeView(self.kind, self.title)

    def to_act(self, state) -> int | None:
        cur = state.public.current
        return None if state.is_over or cur is None or cur < 0 else cur

    def computer_move(self, state, rand):
        from .bot import choose_snake_action

        return choose_snake_action(state, rand)

    def scenario_from_dict(self, data: dict, where: str):
        from .scenario import scenario_from_dict

        return scenario_from_dict(data, where)


class SnakeGame:
    """Snake Carnival bound to a roster's rules and tile set: what the session asks (protocol/session.py)."""

    hidden = False
    kind = "snake"

    def __init__(self, settings: Any, tiles, rules):
        if settings.get("tiles_digest") != tiles.digest:
            raise DecodeError("the roster's tile set differs from this machine's", "settings.tiles_digest")
        self.rules = rules
        self.tiles = tiles

    # the engine, the wire form and the encoding, imported when first asked (not held: a bound game, and so a
    # session, can be copied like the sled games' ones; a module can not)
    @property
    def snake(self):
        from . import engine as snake

        return snake

    @property
    def wire(self):
        from . import wire

        return wire

    @property
    def encoding(self):
        from . import encoding

        return encoding

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

    def standings(self, state):
        return self.snake.final_places(state)

    def describe(self, before, action, after) -> str:
        return self.snake.describe(before, action)


SNAKE = SnakeCarnival()

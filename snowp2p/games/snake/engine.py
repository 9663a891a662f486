"""The rules engine of Snake Carnival (rule ids SC-n of ../shared/rules/snake-carnival.md).

The module other code imports: it names the engine's interface and gathers it from the modules that hold it.

Theory of operation
-------------------
The engine is pure, like the sled engine: ``apply(state, action, rand)``
returns a new immutable :class:`SnakeState` or raises
:class:`~snowp2p.core.errors.IllegalMove` naming the rule broken.  It owns no randomness:
the deal (SC-S1) and every draw take ``rand`` (``below(n)``).  ``legal_actions`` lists every legal
action of the player to act.

Its modules, each one idea (each says more at its top):

- ``geometry.py``: cells, directions, the lanes of a turned tile;
- ``state.py``: the rules options (:class:`SnakeRules`), the records (:class:`Snake`, :class:`Placed`,
  :class:`Player`, :class:`Public`, :class:`SnakeState`) and the actions (:class:`Place`, :class:`Pass`);
- ``start.py``: seats, colours and the deal (``new_game``, ``setup_state``);
- ``placement.py``: where a tile may go (``placement_error`` and the board's queries);
- ``legal.py``: the listing of every legal action;
- ``rules.py``: ``apply``, a placement's effects and the draw;
- ``end.py``: when the last round is due, and who lays a head or a hat in it;
- ``scoring.py``: the scores and the final places;
- ``describe.py``: an action and the nearness of the end, in words.

This engine is the rules only: the tile table and its file format are ``tiles.py``; the game's wire form,
canonical encoding and scenario runner live in ``snowp2p/games/snake/`` (``wire``, ``encoding``,
``scenario``), as the sled games' do in ``snowp2p/games/sled/``.
"""

from __future__ import annotations

from .describe import LAST_ROUND_WHY, describe, end_hint
from .end import _advance_last_round, _last_round_due, grows, last_round_reason
from .geometry import (DELTA, DIRS, HOME, E, N, S, W, canonical_rot, direction, exits_for, fmt_cell, opposite,
                       rotation_for, step, tile_edges)
from .legal import can_lay_on_empty, legal_actions, placements
from .placement import may_grow, open_cells, own_colours, placement_error, reserved_starts
from .rules import _run_crossings, apply, place_outcome
from .scoring import final_places, held_diamonds, score_breakdown, scores, snake_length
from .start import SIDES, game_tiles, new_game, owners, setup_state
from .state import (PH_HATS, PH_HEADS, PH_OVER, PH_PLAY, PLAYERS, Action, Pass, Place, Placed, Player, Public,
                    RandomSource, Snake, SnakeRules, SnakeState, _pub)
from .tiles import BODY_KINDS, COLOURS, Tile, TileSet, default_tiles

__all__ = [
    # geometry (geometry.py)
    "N", "E", "S", "W", "DIRS", "DELTA", "HOME", "opposite", "step", "direction",
    "tile_edges", "rotation_for", "exits_for", "canonical_rot", "fmt_cell",
    # the records (state.py) and the tile table (tiles.py)
    "PH_PLAY", "PH_HEADS", "PH_HATS", "PH_OVER", "PLAYERS", "RandomSource", "SnakeRules",
    "Placed", "Snake", "Player", "Public", "SnakeState", "Place", "Pass", "Action",
    "BODY_KINDS", "COLOURS", "Tile", "TileSet", "default_tiles",
    # the start (start.py)
    "SIDES", "new_game", "owners", "game_tiles", "setup_state",
    # where a tile may go (placement.py) and the legal actions (legal.py)
    "open_cells", "reserved_starts", "own_colours", "may_grow", "placement_error",
    "legal_actions", "placements", "can_lay_on_empty",
    # the rules (rules.py) and the end (end.py)
    "apply", "place_outcome", "grows", "last_round_reason",
    # the scores (scoring.py) and the words (describe.py)
    "score_breakdown", "scores", "held_diamonds", "snake_length", "final_places",
    "LAST_ROUND_WHY", "end_hint", "describe",
    # working parts that scenario.py and the tests reach (a new Public; the crossing run; the last round)
    "_pub", "_run_crossings", "_last_round_due", "_advance_last_round",
]

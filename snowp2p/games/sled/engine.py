"""The rules engine of the two sled games: Snow Tails (ST-n) and Mush! Mush! (MM-n).

The module other code imports: it names the engine's interface and gathers it from the modules that hold it.

Theory of operation
-------------------
The engine is pure: ``apply(state, action, rand)`` returns a new immutable
:class:`GameState` or raises :class:`IllegalMove` naming the rule broken, and
leaves the old state untouched.  It does no I/O, reads no clock and owns no
randomness: every shuffle and draw takes ``rand`` (a :class:`~snowp2p.core.drbg.Rand`).
``legal_actions`` lists every legal action of the player to act.

Its modules, each one idea (each says more at its top):

- ``state.py``: the records: the public state (:class:`Public`, a :class:`Sled` per seat), each seat's
  :class:`Private` part, :class:`GameState`, and the actions (:class:`ChooseStart`, :class:`Move`,
  :class:`Refill`, :class:`PlaceTree`);
- ``working.py``: the mutable working copy one ``apply`` changes and freezes into the new state;
- ``cards.py``: the hidden cards: slots, generations, the owner's private layout, draws, reshuffles, and
  ``open_seat`` for an absent seat;
- ``start.py``: ``new_game`` and the random set-up of a race;
- ``rules.py``: ``apply`` and each action's checks and effects;
- ``motion.py``: a movement step by step, with the track's hazards;
- ``turns.py``: turn order and the end of a round;
- ``race.py``: race positions, ranking, places and points (read-only);
- ``legal.py``: the listing of every legal action.

The track model is ``track.py``, the rules options ``config.py``.
"""

from __future__ import annotations

from ...core.errors import IllegalMove
from .cards import initial_composition, initial_private, initial_size, open_seat, private_layout, shuffle_with
from .legal import legal_actions, legal_moves, move_outcome, paths, play_options, refill_options
from .race import (dog_value, final_places, points, race_position, racing_seats, ranking, speed_and_drift,
                   standings)
from .rules import apply, discard_range, tree_spaces
from .start import new_game
from .state import (ELIMINATED, FINISHED, MM, PH_MOVE, PH_OVER, PH_REFILL, PH_START, PH_TREES, POSITIONS, RACING, ST,
                    Action, ChooseStart, GameState, Move, PlaceTree, Private, Public, RandomSource, Refill, RefillNeed,
                    Sled)

__all__ = [
    # the records (state.py)
    "ST", "MM", "POSITIONS", "RACING", "FINISHED", "ELIMINATED",
    "PH_TREES", "PH_START", "PH_MOVE", "PH_REFILL", "PH_OVER",
    "RandomSource", "Sled", "Private", "RefillNeed", "Public", "GameState",
    "ChooseStart", "Move", "Refill", "PlaceTree", "Action",
    # the hidden cards (cards.py) and the start (start.py)
    "private_layout", "initial_composition", "initial_size", "initial_private", "shuffle_with", "open_seat",
    "new_game",
    # the rules (rules.py)
    "apply", "tree_spaces", "discard_range", "IllegalMove",
    # race positions and results (race.py)
    "dog_value", "speed_and_drift", "ranking", "racing_seats", "race_position", "standings", "final_places",
    "points",
    # the legal actions (legal.py)
    "play_options", "paths", "move_outcome", "legal_moves", "refill_options", "legal_actions",
]

"""The start of a game of Snake Carnival: seats, colours and the deal (SC-K1..K3, SC-S1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...core.errors import RulesError
from .state import PLAYERS, Player, Public, RandomSource, Snake, SnakeRules, SnakeState
from .tiles import COLOURS, TileSet, default_tiles

# The table side of each seat for 2, 3 and 4 players (SC-K1: seat i faces side i; with two players the
# seats are the opposite sides 0 and 2).  A "seat" everywhere in this module is the player's index.
SIDES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def new_game(names: Sequence[str], rand: RandomSource, rules: SnakeRules | None = None,
             tiles: TileSet | None = None) -> SnakeState:
    """SC-K1..K3 seating and colours, SC-S1 shuffle and deal; all randomness from ``rand``."""
    rules = rules or SnakeRules()
    tiles = tiles or default_tiles()
    n = len(names)
    if not PLAYERS[0] <= n <= PLAYERS[1]:
        raise RulesError(f"SC-K1: Snake Carnival takes 2 to 4 players, not {n}")
    colours = list(COLOURS)  # SC-K2: the home tile is turned face down: which colour faces which side is drawn
    side_colours = tuple(_shuffled(rand, colours))
    return setup_state(names, side_colours, rules, tiles, rand)


def _shuffled(rand: RandomSource, items: list) -> list:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):  # Fisher-Yates with below()
        j = rand.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def owners(n: int, rules: SnakeRules) -> dict[int, int]:
    """side -> owning seat (SC-K3); sides not in the map are not in the game."""
    out = {}
    for seat, side in enumerate(SIDES[n]):
        out[side] = seat
        if n == 2 and rules.two_snakes_each:
            out[(side + 3) % 4] = seat  # the snake to their right
    return out


def game_tiles(tiles: TileSet, side_colours: Sequence[str], n: int, rules: SnakeRules) -> list[int]:
    """The ids of the tiles in this game: the colours nobody builds are removed (SC-K3)."""
    own = owners(n, rules)
    in_game = {side_colours[s] for s in own}
    return [t.id for t in tiles.tiles if not t.colour or t.colour in in_game]


def setup_state(names: Sequence[str], side_colours: Sequence[str], rules: SnakeRules, tiles: TileSet,
                rand: RandomSource | None, hands: Sequence[Sequence[int]] | None = None) -> SnakeState:
    """Seat the players and deal (``hands`` given: no deal, everything else goes to the stack)."""
    n = len(names)
    own = owners(n, rules)
    snakes = tuple(Snake(side_colours[s], s, own.get(s, -1), (), s) for s in range(4))
    players = []
    pool = game_tiles(tiles, side_colours, n, rules)
    for seat, side in enumerate(SIDES[n]):
        cols = tuple(side_colours[s] for s in sorted(own) if own[s] == seat)
        cols = tuple(sorted(cols, key=lambda c: (c != side_colours[side], c)))
        players.append(Player(seat, names[seat], side, cols, ()))
    stack = list(pool)
    dealt: list[list[int]] = [[] for _ in range(n)]
    if hands is None:
        assert rand is not None
        for _ in range(rules.hand_size):  # SC-S1: deal 4 each (random picks from the face-down stack)
            for seat in range(n):
                if stack:
                    dealt[seat].append(stack.pop(rand.below(len(stack))))
    else:
        for seat, h in enumerate(hands):
            for t in h:
                stack.remove(t)
                dealt[seat].append(t)
    players = [replace(p, hand=tuple(sorted(dealt[p.seat]))) for p in players]
    pub = Public(tuple(players), tuple(side_colours), snakes, (), tuple(sorted(stack)), ())
    return SnakeState(rules, tiles, pub)

"""The records of Snake Carnival: the rules options, the state and the actions.

Snakes.  A :class:`Snake` is the list of cells of its path from the home
(``path``) and the direction ``end`` in which its open end points (SC-L1);
its *open end cell* is the cell after the last one in that direction (the
home's neighbour on its side while the path is empty).  A head closes it
(``end == -1``).  The board (:class:`Placed` per cell) holds the tiles and
their rotations; a crossing log may appear in two paths (SC-L5, SC-X3), or
twice in one path.  Whenever a snake's open end faces the free lane of a
crossing log, the snake runs through it at once (a Decision that makes SC-X3
work without a special action; rules.py ``_run_crossings``).

Every Decision and option is a field of :class:`SnakeRules`;
docs/snake-carnival.md lists them with reasons.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Protocol

from .geometry import HOME, direction, step
from .tiles import Tile, TileSet

PH_PLAY, PH_HEADS, PH_HATS, PH_OVER = "play", "heads", "hats", "over"


class RandomSource(Protocol):
    def below(self, n: int) -> int: ...


# ===================================================================== rules
@dataclass(frozen=True)
class SnakeRules:
    """Every option and Decision of Snake Carnival (docs/snake-carnival.md gives the reasons)."""

    # SC-K3 option: with two players each builds two snakes (the colour facing them and the one to
    # their right); off: the two unowned colours are removed.
    two_snakes_each: bool = True
    # SC-S1: tiles dealt to each player; SC-T1: a hand is topped up to this size when the stack allows.
    hand_size: int = 4
    # SC-P2: points per diamond held.
    diamond_points: int = 4
    # SC-E1 Decision (2026-11-26, the rules file): this many whole rounds (``stall_rounds`` x players turns
    # in a row) in which the player to act could not lay any tile on an empty cell (every turn a pass, a
    # log swap, or a placement onto a taken cell, by a player holding no tile with a legal placement on an
    # empty cell) start the last round.  A turn whose player could have laid a tile on an empty cell resets
    # the count, whatever it did (the seed: a player finishes "as soon as they understand they can not lay
    # any more tiles").  Project Decision: the count runs once the stack has run out (``stack_out``; the
    # rules file says "once the stack and the discard pile are both empty", but a tile swapped in and out
    # goes to the discard pile and is drawn straight back, so a swapping table never empties both), and a
    # pass that still draws a tile does not count.  0: off.
    stall_rounds: int = 2
    # Decision (safety net, like the sled games' max_rounds): the last round begins after this many
    # rounds at the latest, so every game ends even if players keep replacing tiles forever.  A last
    # resort: never reached in measured play.
    max_rounds: int = 150
    # SC-E2 Decision: heads (and hats) must be laid in the last round whenever one can be; heads, then
    # hats, are laid one at a time, taking turns from the first seat (2026-11-26, the seed's "по очереди").
    # SC-L4c Decision: an unstarted snake's start cell takes only that snake's own first tile.
    # SC-L3 Decision: a log carrying a snake is part of it: a present next to such a log only is legal
    # (and void at scoring, SC-P3).
    # SC-T4 Decision: the "own colour" test looks at body tiles only (heads are laid in the last round).

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "SnakeRules":
        if not isinstance(d, dict):
            raise ValueError("settings: rules: expected a map")
        fields = SnakeRules.__dataclass_fields__
        kw = {}
        for k, v in d.items():
            if k not in fields:
                raise ValueError(f"settings: unknown rules field {k!r}")
            want = type(getattr(SnakeRules, k))
            if type(v) is not want:
                raise ValueError(f"settings: rules field {k!r}: expected {want.__name__}, got {v!r}")
            kw[k] = v
        r = SnakeRules(**kw)
        if not (1 <= r.hand_size <= 10 and 1 <= r.max_rounds <= 1000 and 0 <= r.diamond_points <= 99
                and 0 <= r.stall_rounds <= 100):
            raise ValueError("settings: rules: hand_size 1..10, max_rounds 1..1000, diamond_points 0..99, "
                             "stall_rounds 0..100")
        return r


PLAYERS = (2, 4)  # SC-K1


# ===================================================================== state
@dataclass(frozen=True)
class Placed:
    """A tile on the board.  ``placer``: seat who laid it (SC-L7); ``hat``: tile id of the hat on a head, or -1."""

    x: int
    y: int
    tile: int
    rot: int
    placer: int
    hat: int = -1

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Snake:
    colour: str
    side: int
    owner: int  # seat, or -1 when the colour is not in the game (SC-K3)
    path: tuple[tuple[int, int], ...] = ()
    end: int = 0  # direction of the open end; -1 when a head closes the snake

    @property
    def active(self) -> bool:
        return self.owner >= 0

    @property
    def closed(self) -> bool:
        return self.end < 0

    def tail_cell(self) -> tuple[int, int]:
        return self.path[-1] if self.path else HOME

    def open_cell(self) -> tuple[int, int] | None:
        """The empty-or-blocking cell the open end faces (None when closed)."""
        if self.end < 0:
            return None
        return step(self.tail_cell(), self.end)


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    side: int
    colours: tuple[str, ...]  # the snakes this player builds and scores (SC-K3, SC-P1)
    hand: tuple[int, ...]  # sorted tile ids
    diamonds: int = 0  # diamonds taken from the supply (SC-L7)


@dataclass(frozen=True)
class Public:
    players: tuple[Player, ...]
    side_colours: tuple[str, ...]  # colour facing each side of the home tile (SC-K2)
    snakes: tuple[Snake, ...]  # one per side
    board: tuple[Placed, ...]  # sorted by (x, y)
    stack: tuple[int, ...]  # sorted: the stack has no order, draws are random (SC-S1)
    discard: tuple[int, ...]  # sorted
    phase: str = PH_PLAY
    current: int = 0
    round: int = 1
    turn: int = 0  # actions applied
    stack_out: bool = False  # the stack has run out once: every tile drawn since has been on the board (SC-T3)
    idle: int = 0  # turns in a row since then whose player could lay no tile on an empty cell (no pass that drew)
    _cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    def cells(self) -> dict[tuple[int, int], Placed]:
        c = self._cache.get("cells")
        if c is None:
            c = self._cache["cells"] = {p.cell: p for p in self.board}
        return c

    def snake(self, colour: str) -> Snake:
        return self.snakes[self.side_colours.index(colour)]

    def through(self) -> dict[tuple[int, int], list[tuple[str, int, int]]]:
        """cell -> the (colour, entry edge, exit edge or -1) of every snake passing through it."""
        c = self._cache.get("through")
        if c is None:
            c = {}
            for sn in self.snakes:
                for i, cell in enumerate(sn.path):
                    prev = sn.path[i - 1] if i else HOME
                    entry = direction(cell, prev)
                    if i + 1 < len(sn.path):
                        ex = direction(cell, sn.path[i + 1])
                    else:
                        ex = sn.end
                    c.setdefault(cell, []).append((sn.colour, entry, ex))
            self._cache["through"] = c
        return c


@dataclass(frozen=True)
class SnakeState:
    rules: SnakeRules
    tiles: TileSet
    public: Public

    @property
    def is_over(self) -> bool:
        return self.public.phase == PH_OVER

    def player(self, seat: int) -> Player:
        return self.public.players[seat]

    def tile(self, tid: int) -> Tile:
        return self.tiles.tiles[tid]


@dataclass(frozen=True)
class Place:
    """Lay tile ``tile`` from the hand on cell (x, y) turned ``rot`` quarter turns clockwise.

    On an empty cell: growth (SC-L1/L2), a present (SC-L3), a trouble (SC-L4), a head (SC-E2).
    On an occupied cell: a replacement (SC-L5/L6), or a hat on a head (SC-E2).
    """

    seat: int
    tile: int
    x: int
    y: int
    rot: int = 0

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Pass:
    """SC-T2: no legal placement; draw a tile."""

    seat: int


Action = Place | Pass


def _pub(p: Public, **changes) -> Public:
    return replace(p, _cache={}, **changes)

"""The rules engine of Snake Carnival (rule ids SC-n of ../shared/rules/snake-carnival.md).

Long by design (over 800 lines): one engine, one file -- the rules and the scoring read top to bottom beside
their rule ids (the tile table and its file format are ``tiles.py``) (issue 20, design note property 4).

Theory of operation
-------------------
The engine is pure, like the sled engine: ``apply(state, action, rand)``
returns a new immutable :class:`SnakeState` or raises
:class:`~snowp2p.core.errors.IllegalMove` naming the rule broken.  It owns no randomness:
the deal (SC-S1) and every draw take ``rand`` (``below(n)``).  All
information is open except the order of the stack, and the stack has no
order here: it is a *set* of tile ids (a sorted tuple) and every draw picks a
random member with the randomness of the action that draws, so nobody can
foresee a draw.

Geometry.  The board is an unbounded grid of cells ``(x, y)``, x growing
east, y growing north; the home tile is at ``(0, 0)`` (SC-K2).  Edges and
directions are numbered ``N=0, E=1, S=2, W=3`` (clockwise); the home's side
``i`` is its edge ``i``.  A tile's rotation ``r`` (0..3) turns it ``r``
quarter turns clockwise from its canonical form: a straight joins N-S, a
corner N-E, a head has its one edge N, a crossing log joins N-S and E-W.

Snakes.  A :class:`Snake` is the list of cells of its path from the home
(``path``) and the direction ``end`` in which its open end points (SC-L1);
its *open end cell* is the cell after the last one in that direction (the
home's neighbour on its side while the path is empty).  A head closes it
(``end == -1``).  The board (:class:`Placed` per cell) holds the tiles and
their rotations; a crossing log may appear in two paths (SC-L5, SC-X3), or
twice in one path.  Whenever a snake's open end faces the free lane of a
crossing log, the snake runs through it at once (a Decision that makes SC-X3
work without a special action).

A turn in the ``play`` phase is one :class:`Place` (growth, a present, a
trouble, or a replacement: SC-L1..L7) or a forced :class:`Pass` (SC-T2),
then the draw (SC-T1, SC-T3).  The last round (SC-E1/E2) has a ``heads``
phase and a ``hats`` phase of :class:`Place` actions; players with nothing
to lay there are skipped.  Every Decision and option is a field of
:class:`SnakeRules`; docs/snake-carnival.md lists them with reasons.

This module is the rules only: the game's wire form, canonical encoding and
scenario runner live in ``snowp2p/games/snake/`` (``wire``, ``encoding``,
``scenario``), as the sled games' do in ``snowp2p/games/sled/``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Iterable, Protocol, Sequence

from ...core.errors import IllegalMove, RulesError
from .tiles import BODY_KINDS, COLOURS, Tile, TileSet, default_tiles

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
DELTA = ((0, 1), (1, 0), (0, -1), (-1, 0))
HOME = (0, 0)

PH_PLAY, PH_HEADS, PH_HATS, PH_OVER = "play", "heads", "hats", "over"

# The table side of each seat for 2, 3 and 4 players (SC-K1: seat i faces side i; with two players the
# seats are the opposite sides 0 and 2).  A "seat" everywhere in this module is the player's index.
SIDES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def opposite(d: int) -> int:
    return (d + 2) % 4


def step(cell: tuple[int, int], d: int) -> tuple[int, int]:
    return cell[0] + DELTA[d][0], cell[1] + DELTA[d][1]


def direction(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The direction from cell ``a`` to its neighbour ``b``."""
    return DELTA.index((b[0] - a[0], b[1] - a[1]))


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


# ===================================================================== geometry of tiles
def tile_edges(shape: str, rot: int) -> tuple[tuple[int, ...], ...]:
    """The lanes of a tile: tuples of the edges each lane joins."""
    r = rot % 4
    if shape == "straight":
        return ((r % 2, r % 2 + 2),)
    if shape == "corner":
        return ((r, (r + 1) % 4),)
    if shape == "crossing":
        return ((0, 2), (1, 3))
    if shape == "head":
        return ((r,),)
    return ()


def rotation_for(shape: str, entry: int, exit_: int) -> int:
    """The canonical rotation of a ``shape`` tile joining ``entry`` to ``exit_`` (-1: impossible)."""
    if shape == "straight":
        return entry % 2 if exit_ == opposite(entry) else -1
    if shape == "crossing":
        return 0 if exit_ == opposite(entry) else -1
    if shape == "corner":
        if exit_ == (entry + 1) % 4:
            return entry
        if exit_ == (entry + 3) % 4:
            return exit_
        return -1
    if shape == "head":
        return entry if exit_ == -1 else -1
    return -1


def exits_for(shape: str, entry: int) -> tuple[int, ...]:
    if shape in ("straight", "crossing"):
        return (opposite(entry),)
    if shape == "corner":
        return ((entry + 3) % 4, (entry + 1) % 4)
    return ()


def canonical_rot(shape: str, rot: int) -> int:
    if shape == "straight":
        return rot % 2
    if shape in ("crossing", "none"):
        return 0
    return rot % 4


# ===================================================================== setup
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


# ===================================================================== queries
def open_cells(pub: Public) -> set[tuple[int, int]]:
    """The cells at the open ends of the snakes in the game (SC-L4b)."""
    return {c for sn in pub.snakes if sn.active and (c := sn.open_cell()) is not None}


def reserved_starts(pub: Public) -> dict[tuple[int, int], str]:
    """SC-L4c Decision: the start cell of every snake in the game that has no tile yet -> its colour.  No
    tile but that snake's own first tile may go there (a colour not in the game reserves nothing)."""
    return {step(HOME, sn.side): sn.colour for sn in pub.snakes if sn.active and not sn.path}


def own_colours(state: SnakeState, seat: int) -> tuple[str, ...]:
    return state.public.players[seat].colours


def may_grow(state: SnakeState, seat: int, tile: Tile) -> bool:
    """SC-T4: may ``seat`` put ``tile`` (a body tile) into the snake of its colour?"""
    if tile.colour in own_colours(state, seat) or tile.kind in ("knot", "bruise"):
        return True
    mine = own_colours(state, seat)
    return not any(state.tiles.tiles[t].kind in BODY_KINDS and state.tiles.tiles[t].colour in mine
                   for t in state.public.players[seat].hand)


def _snake_index(pub: Public, colour: str) -> int:
    return pub.side_colours.index(colour)


def _is_snake_tile(pub: Public, cell: tuple[int, int]) -> bool:
    return cell in pub.through()


def _neighbours(cell):
    return [step(cell, d) for d in range(4)]


def placement_error(state: SnakeState, a: Place) -> IllegalMove | None:
    """Why ``a`` is illegal in the play phase (None: legal).  Assumes turn, seat and hand were checked."""
    pub = state.public
    tile = state.tiles.tiles[a.tile]
    cell = a.cell
    cells = pub.cells()
    occupant = cells.get(cell)
    name = state.tiles.names[a.tile]
    if cell == HOME:
        return IllegalMove("SC-K2", "the home tile never moves")
    if tile.kind in ("head", "hat"):
        return IllegalMove("SC-E2", f"a {tile.kind} is laid only in the last round")
    if tile.kind in ("present", "trouble"):
        if occupant is not None:
            rule = "SC-L3" if tile.kind == "present" else "SC-L4"
            return IllegalMove(rule, f"a {tile.kind} goes on an empty cell, and replaces nothing")
        if cell in open_cells(pub):
            return IllegalMove("SC-L4b", f"a {tile.kind} may not block a snake's open end")
        if tile.kind == "present":
            # SC-L3 Decision: a log carrying a snake is part of that snake (SC-P3 then voids the present)
            if not any(_is_snake_tile(pub, c) for c in _neighbours(cell)):
                return IllegalMove("SC-L3", "a present goes next to a snake")
        elif not any(c in cells for c in _neighbours(cell)):
            return IllegalMove("SC-L4", "a trouble goes next to a placed tile")
        return None
    if occupant is None:
        if tile.kind == "log":
            return IllegalMove("SC-L1", "logs are never laid on an empty cell: they replace tiles")
        sn = pub.snake(tile.colour) if tile.colour in pub.side_colours else None
        if sn is None or not sn.active:
            return IllegalMove("SC-K3", f"no {tile.colour} snake in this game")
        if not may_grow(state, seat=a.seat, tile=tile):
            return IllegalMove("SC-T4", f"{name}: grow your own snake while you hold a tile of your colour")
        if sn.open_cell() != cell:
            return IllegalMove("SC-L1", f"{name} goes on the {tile.colour} snake's open end "
                                        f"{fmt_cell(sn.open_cell()) if sn.open_cell() else '(closed)'}")
        if reserved_starts(pub).get(cell, tile.colour) != tile.colour:
            return IllegalMove("SC-L4c", f"{fmt_cell(cell)} is the start cell of the "
                                         f"{reserved_starts(pub)[cell]} snake, which has no tile yet")
        entry = opposite(sn.end)
        if not any(entry in lane for lane in tile_edges(tile.shape, a.rot)):
            return IllegalMove("SC-L2", f"{name} turned so that no edge joins the open end")
        return None
    # a replacement
    old = state.tiles.tiles[occupant.tile]
    if old.kind in ("present", "trouble"):
        return IllegalMove("SC-L5", f"a {old.kind} is never replaced")
    if old.kind in ("head", "hat"):
        return IllegalMove("SC-L5", "a head stays (Decision)")
    if old.shape == "crossing":
        return IllegalMove("SC-L5", "a crossing log is permanent once laid")
    if tile.kind == "log":
        if tile.shape == "crossing":
            if old.shape != "straight":
                return IllegalMove("SC-L5", "a crossing log replaces a straight tile")
        elif tile.shape != old.shape:
            return IllegalMove("SC-L5", f"a {tile.shape} log replaces a {tile.shape} tile, not a {old.shape}")
    else:
        if old.kind != "log":
            sn = pub.snake(tile.colour) if tile.colour in pub.side_colours else None
            if sn is not None and sn.open_cell() == cell:
                return IllegalMove("SC-L1", f"the {tile.colour} snake's open end is blocked by "
                                            f"{state.tiles.names[occupant.tile]}: a log can open the way (SC-L5)")
            return IllegalMove("SC-L6", f"{name} replaces only a log")
        if tile.shape != old.shape:
            return IllegalMove("SC-L6", f"the shapes must match: {tile.shape} for a {old.shape} log")
        runs = pub.through().get(cell, [])
        if not runs or runs[0][0] != tile.colour:
            return IllegalMove("SC-L6", f"{name} replaces only a log of the {tile.colour} snake")
        if not may_grow(state, a.seat, tile):
            return IllegalMove("SC-T4", f"{name}: grow your own snake while you hold a tile of your colour")
    runs = pub.through().get(cell, [])
    if not runs:
        return IllegalMove("SC-L5", "no snake runs through that tile")
    colour, entry, ex = runs[0]
    sn = pub.snake(colour)
    at_open_end = not sn.closed and sn.path[-1] == cell
    lanes = tile_edges(tile.shape, a.rot)
    if tile.shape == "crossing":
        return None  # the snake keeps its line through the crossing
    lane = lanes[0]
    if entry not in lane:
        return IllegalMove("SC-L5" if tile.kind == "log" else "SC-L6",
                           "the new tile must join the same edge toward the home")
    new_exit = lane[0] if lane[1] == entry else lane[1]
    if new_exit != ex and not at_open_end:
        return IllegalMove("SC-L5" if tile.kind == "log" else "SC-L6",
                           "only at a snake's open end may it turn to a new direction")
    return None


def fmt_cell(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _check_turn(state: SnakeState, seat: int) -> None:
    pub = state.public
    if pub.phase == PH_OVER:
        raise IllegalMove("TURN", "the game is over")
    if not 0 <= seat < len(pub.players):
        raise IllegalMove("TURN", f"no seat {seat}")
    if seat != pub.current:
        raise IllegalMove("TURN", f"it is {pub.players[pub.current].name}'s turn, not {pub.players[seat].name}'s")


def legal_actions(state: SnakeState) -> list[Action]:
    """Every legal action of ``state.public.current`` (equal tiles listed once, by their lowest id)."""
    pub = state.public
    if pub.phase == PH_OVER:
        return []
    seat = pub.current
    if pub.phase == PH_HEADS:
        return _head_actions(state, seat)
    if pub.phase == PH_HATS:
        return _hat_actions(state, seat)
    acts = placements(state, seat)
    return acts if acts else [Pass(seat)]


def _distinct(state: SnakeState, hand: Iterable[int]) -> list[int]:
    seen, out = set(), []
    for t in sorted(hand):
        k = state.tiles.tiles[t].key
        if k not in seen:
            seen.add(k)
            out.append(t)
    return out


def placements(state: SnakeState, seat: int) -> list[Place]:
    """Every legal placement of ``seat`` in the play phase (SC-L1..L7)."""
    pub = state.public
    T = state.tiles.tiles
    cells = pub.cells()
    through = pub.through()
    opens = open_cells(pub)
    out: list[Place] = []
    hand = _distinct(state, pub.players[seat].hand)
    reserved = reserved_starts(pub)
    empty_near_snake = empty_near_tile = None
    for tid in hand:
        t = T[tid]
        if t.kind in BODY_KINDS:
            sn = pub.snake(t.colour) if t.colour in pub.side_colours else None
            if sn is not None and sn.active and may_grow(state, seat, t):
                oc = sn.open_cell()
                if oc is not None and oc not in cells and oc != HOME and reserved.get(oc, t.colour) == t.colour:
                    entry = opposite(sn.end)
                    for ex in exits_for(t.shape, entry):
                        out.append(Place(seat, tid, oc[0], oc[1], rotation_for(t.shape, entry, ex)))
                # SC-L6: replace a log of this colour's snake
                for cell in sn.path:
                    p = cells[cell]
                    old = T[p.tile]
                    if old.kind == "log" and old.shape == t.shape:
                        out.extend(_replacements(state, seat, tid, cell, through))
        elif t.kind == "log":
            for cell in through:
                old = T[cells[cell].tile]
                if old.kind in ("head",) or old.shape == "crossing":
                    continue
                if (t.shape == "crossing" and old.shape == "straight") or t.shape == old.shape:
                    out.extend(_replacements(state, seat, tid, cell, through))
        elif t.kind == "present":
            if empty_near_snake is None:
                empty_near_snake = sorted({c for cell in through for c in _neighbours(cell)
                                           if c not in cells and c != HOME and c not in opens})
            out.extend(Place(seat, tid, c[0], c[1], 0) for c in empty_near_snake)
        elif t.kind == "trouble":
            if empty_near_tile is None:
                empty_near_tile = sorted({c for cell in cells for c in _neighbours(cell)
                                          if c not in cells and c != HOME and c not in opens})
            out.extend(Place(seat, tid, c[0], c[1], 0) for c in empty_near_tile)
    return out


def _replacements(state, seat, tid, cell, through) -> list[Place]:
    t = state.tiles.tiles[tid]
    colour, entry, ex = through[cell][0]
    if t.shape == "crossing":
        return [Place(seat, tid, cell[0], cell[1], 0)]
    sn = state.public.snake(colour)
    at_open_end = not sn.closed and sn.path[-1] == cell
    exits = exits_for(t.shape, entry) if at_open_end else ((ex,) if ex in exits_for(t.shape, entry) else ())
    return [Place(seat, tid, cell[0], cell[1], rotation_for(t.shape, entry, e)) for e in exits]


def _head_actions(state: SnakeState, seat: int) -> list[Action]:
    pub = state.public
    cells = pub.cells()
    reserved = reserved_starts(pub)  # SC-L4c
    out = []
    for tid in sorted(pub.players[seat].hand):
        t = state.tiles.tiles[tid]
        if t.kind != "head" or t.colour not in pub.side_colours:
            continue
        sn = pub.snake(t.colour)
        oc = sn.open_cell()
        if sn.active and oc is not None and oc not in cells and oc != HOME and reserved.get(oc, t.colour) == t.colour:
            out.append(Place(seat, tid, oc[0], oc[1], opposite(sn.end)))
    return out


def _hatless_heads(state: SnakeState) -> list[Placed]:
    return [p for p in state.public.board if state.tiles.tiles[p.tile].kind == "head" and p.hat < 0]


def _hat_actions(state: SnakeState, seat: int) -> list[Action]:
    heads = _hatless_heads(state)
    hats = [t for t in _distinct(state, state.public.players[seat].hand) if state.tiles.tiles[t].kind == "hat"]
    return [Place(seat, h, p.x, p.y, 0) for h in hats for p in heads]


# ===================================================================== apply
def apply(state: SnakeState, action: Action, rand: RandomSource) -> SnakeState:
    """The state after ``action``; IllegalMove (state untouched) when the rules forbid it."""
    if not isinstance(action, (Place, Pass)):
        raise IllegalMove("TURN", f"not a Snake Carnival action: {type(action).__name__}")
    _check_turn(state, action.seat)
    pub = state.public
    seat = action.seat
    if pub.phase in (PH_HEADS, PH_HATS):
        if isinstance(action, Pass):
            raise IllegalMove("SC-E2", "in the last round every head and hat that can be laid is laid")
        if action.tile not in pub.players[seat].hand:
            raise IllegalMove("HAND", f"{pub.players[seat].name} does not hold tile {action.tile}")
        legal = _head_actions(state, seat) if pub.phase == PH_HEADS else _hat_actions(state, seat)
        t = state.tiles.tiles[action.tile]
        ok = any(state.tiles.tiles[a.tile].key == t.key and a.cell == action.cell
                 and (pub.phase == PH_HATS or a.rot == action.rot % 4) for a in legal)
        if not ok:
            what = "the open end of its snake" if pub.phase == PH_HEADS else "a head without a hat"
            raise IllegalMove("SC-E2", f"{state.tiles.names[action.tile]} goes on {what}")
        if pub.phase == PH_HEADS:
            new = _lay_head(state, action)
        else:
            new = _lay_hat(state, action)
        return _advance_last_round(new, (seat + 1) % len(pub.players))  # SC-E2: one a turn, taking turns
    # ---- the play phase
    if isinstance(action, Pass):
        if placements(state, seat):
            raise IllegalMove("SC-T2", "a player passes only with no legal placement")
        new = state
    else:
        if action.tile not in pub.players[seat].hand:
            raise IllegalMove("HAND", f"{pub.players[seat].name} does not hold tile {action.tile}")
        if not 0 <= action.rot <= 3:
            raise IllegalMove("SC-L2", f"rotation {action.rot}: 0 to 3 quarter turns")
        err = placement_error(state, action)
        if err is not None:
            raise err
        new = place_outcome(state, action)
    new = _draw(new, seat, rand)
    p = new.public
    # SC-E1 Decision: count the turns, with nothing new to draw, whose player could lay no tile on an empty cell
    drew_on_pass = isinstance(action, Pass) and len(p.stack) + len(p.discard) < len(pub.stack) + len(pub.discard)
    nothing_new = (pub.stack_out or not pub.stack) and not drew_on_pass
    idle = pub.idle + 1 if nothing_new and not can_lay_on_empty(state, seat) else 0
    n = len(p.players)
    nxt = (seat + 1) % n
    rnd = p.round + (1 if nxt == 0 else 0)
    new = replace(new, public=_pub(p, idle=idle, current=nxt, round=rnd, turn=p.turn + 1))
    if _last_round_due(new):
        new = _advance_last_round(replace(new, public=_pub(new.public, phase=PH_HEADS)), 0)
    return new


def can_lay_on_empty(state: SnakeState, seat: int) -> bool:
    """SC-E1: does ``seat`` hold a tile with a legal placement on an empty cell (growth, a present, a trouble)?"""
    cells = state.public.cells()
    return any(a.cell not in cells for a in placements(state, seat))


def _pub(p: Public, **changes) -> Public:
    return replace(p, _cache={}, **changes)


def place_outcome(state: SnakeState, a: Place) -> SnakeState:
    """The state after a legal play-phase placement, before the draw (previews and bots use it too)."""
    pub = state.public
    T = state.tiles.tiles
    tile = T[a.tile]
    cells = dict(pub.cells())
    occupant = cells.get(a.cell)
    players = list(pub.players)
    pl = players[a.seat]
    hand = list(pl.hand)
    hand.remove(a.tile)
    diamonds = pl.diamonds + (1 if tile.kind == "diamond" else 0)  # SC-L7: the placer takes a diamond at once
    players[a.seat] = replace(pl, hand=tuple(hand), diamonds=diamonds)
    discard = pub.discard
    snakes = list(pub.snakes)
    rot = canonical_rot(tile.shape, a.rot)
    if tile.kind in ("present", "trouble"):
        cells[a.cell] = Placed(a.x, a.y, a.tile, 0, a.seat)
    elif occupant is None:  # growth at the open end (SC-L1, SC-L2)
        i = _snake_index(pub, tile.colour)
        sn = snakes[i]
        entry = opposite(sn.end)
        lane = tile_edges(tile.shape, rot)[0]
        ex = lane[0] if lane[1] == entry else lane[1]
        cells[a.cell] = Placed(a.x, a.y, a.tile, rot, a.seat)
        snakes[i] = replace(sn, path=sn.path + (a.cell,), end=ex)
    else:  # replacement (SC-L5, SC-L6): the old tile goes to the discard pile
        discard = tuple(sorted(discard + (occupant.tile,)))
        cells[a.cell] = Placed(a.x, a.y, a.tile, rot, a.seat)
        colour, entry, ex = pub.through()[a.cell][0]
        i = _snake_index(pub, colour)
        sn = snakes[i]
        if tile.shape != "crossing" and not sn.closed and sn.path[-1] == a.cell:
            lane = tile_edges(tile.shape, rot)[0]
            snakes[i] = replace(sn, end=lane[0] if lane[1] == entry else lane[1])
    board = tuple(sorted(cells.values(), key=lambda p: (p.x, p.y)))
    new_pub = _pub(pub, players=tuple(players), board=board, discard=discard, snakes=tuple(snakes))
    new_pub = _run_crossings(state, new_pub)
    return replace(state, public=new_pub)


def _run_crossings(state: SnakeState, pub: Public) -> Public:
    """Decision (SC-X3): a snake whose open end faces a crossing log's free lane runs through it at once."""
    T = state.tiles.tiles
    moved = True
    while moved:
        moved = False
        cells = pub.cells()
        through = pub.through()
        for i, sn in enumerate(pub.snakes):
            oc = sn.open_cell()
            if not sn.active or oc is None or oc not in cells or T[cells[oc].tile].shape != "crossing":
                continue
            lane_busy = any(e in (sn.end, opposite(sn.end)) for _, e, _ in through.get(oc, []))
            if lane_busy:
                continue
            snakes = list(pub.snakes)
            snakes[i] = replace(sn, path=sn.path + (oc,))
            pub = _pub(pub, snakes=tuple(snakes))
            moved = True
            break
    return pub


def _draw(state: SnakeState, seat: int, rand: RandomSource) -> SnakeState:
    """SC-T1: draw one tile, then up to the hand size; SC-T3: an empty stack takes the shuffled discard pile."""
    pub = state.public
    stack, discard = list(pub.stack), list(pub.discard)
    hand = list(pub.players[seat].hand)
    want = 1
    drawn = 0
    out = pub.stack_out
    while drawn < want or len(hand) < state.rules.hand_size:
        if not stack:
            out = True
            if not discard:
                break
            stack, discard = sorted(discard), []  # SC-T3 (the stack has no order: draws are random picks)
        hand.append(stack.pop(rand.below(len(stack))))
        drawn += 1
    players = list(pub.players)
    players[seat] = replace(players[seat], hand=tuple(sorted(hand)))
    return replace(state, public=_pub(pub, players=tuple(players), stack=tuple(stack), discard=tuple(discard),
                                      stack_out=out or not stack))


def grows(tile: Tile) -> bool:
    return tile.kind in BODY_KINDS or tile.kind == "log"


def last_round_reason(state: SnakeState) -> str | None:
    """Why the last round is due after this play-phase state (None: it is not).  SC-E1: "no-growth" (the
    seed's rule: no tile that grows a snake left in the stack, the discard pile or any hand), "stalled"
    (Decision: ``stall_rounds`` whole rounds, once the stack has run out, in which nobody could lay a tile
    on an empty cell), "max-rounds" (the last resort)."""
    pub = state.public
    T = state.tiles.tiles
    rest = list(pub.stack) + list(pub.discard) + [t for p in pub.players for t in p.hand]
    if not any(grows(T[t]) for t in rest):
        return "no-growth"
    if state.rules.stall_rounds and pub.idle >= state.rules.stall_rounds * len(pub.players):
        return "stalled"
    if pub.round > state.rules.max_rounds:
        return "max-rounds"
    return None


def _last_round_due(state: SnakeState) -> bool:
    return last_round_reason(state) is not None


def _advance_last_round(state: SnakeState, seat: int) -> SnakeState:
    """SC-E2: the next player, from ``seat`` on round the table, who can lay a head (in the ``heads`` phase)
    or a hat (``hats``), one a turn; when nobody can, hats begin from the first seat; then the game is over."""
    pub = state.public
    n = len(pub.players)
    phase = pub.phase
    while phase != PH_OVER:
        for i in range(n):
            s = (seat + i) % n
            probe = replace(state, public=_pub(pub, phase=phase, current=s))
            if _head_actions(probe, s) if phase == PH_HEADS else _hat_actions(probe, s):
                return probe
        phase, seat = (PH_HATS if phase == PH_HEADS else PH_OVER), 0
    return replace(state, public=_pub(pub, phase=PH_OVER, current=-1))


def _lay_head(state: SnakeState, a: Place) -> SnakeState:
    pub = state.public
    t = state.tiles.tiles[a.tile]
    players = list(pub.players)
    pl = players[a.seat]
    players[a.seat] = replace(pl, hand=tuple(x for x in pl.hand if x != a.tile))
    i = _snake_index(pub, t.colour)
    sn = pub.snakes[i]
    snakes = list(pub.snakes)
    snakes[i] = replace(sn, path=sn.path + (a.cell,), end=-1)
    board = tuple(sorted(pub.board + (Placed(a.x, a.y, a.tile, opposite(sn.end), a.seat),), key=lambda p: (p.x, p.y)))
    return replace(state, public=_pub(pub, players=tuple(players), snakes=tuple(snakes), board=board,
                                      turn=pub.turn + 1))


def _lay_hat(state: SnakeState, a: Place) -> SnakeState:
    pub = state.public
    players = list(pub.players)
    pl = players[a.seat]
    players[a.seat] = replace(pl, hand=tuple(x for x in pl.hand if x != a.tile))
    board = tuple(replace(p, hat=a.tile) if p.cell == a.cell else p for p in pub.board)
    return replace(state, public=_pub(pub, players=tuple(players), board=board, turn=pub.turn + 1))


# ===================================================================== scoring
def score_breakdown(state: SnakeState) -> dict[int, dict[str, dict[str, int]]]:
    """Per seat: ``{snake colour: {"SC-P1": .., "SC-P3": .., "SC-P4": ..}, "diamonds": {"SC-P2": .., "SC-P4": ..}}``.

    A seat's score is the sum of all its numbers.  Computed from the board as it lies (also mid-game).
    """
    pub = state.public
    T = state.tiles.tiles
    cells = pub.cells()
    through = pub.through()
    out: dict[int, dict[str, dict[str, int]]] = {}
    for p in pub.players:
        d: dict[str, dict[str, int]] = {c: {"SC-P1": 0, "SC-P3": 0, "SC-P4": 0} for c in p.colours}
        d["diamonds"] = {"SC-P2": 0, "SC-P4": 0}
        out[p.seat] = d
    owner = {sn.colour: sn.owner for sn in pub.snakes}
    # SC-P1: printed points of the snake's tiles (logs 0) and its hat
    for sn in pub.snakes:
        if sn.owner < 0:
            continue
        pts = 0
        for cell in set(sn.path):
            pl = cells[cell]
            t = T[pl.tile]
            if t.kind != "log":
                pts += t.points
            if pl.hat >= 0:
                pts += T[pl.hat].points
        out[sn.owner][sn.colour]["SC-P1"] += pts
    returned: dict[int, set] = {}
    for pl in pub.board:
        t = T[pl.tile]
        if t.kind == "present":  # SC-P3
            sides = [cells.get(c) for c in _neighbours(pl.cell)]
            if any(s is not None and T[s.tile].kind == "log" for s in sides):
                continue  # a log touches it: nobody scores it
            for c in _neighbours(pl.cell):
                for colour in {r[0] for r in through.get(c, [])}:
                    if owner.get(colour, -1) >= 0:
                        out[owner[colour]][colour]["SC-P3"] += t.points
        elif t.kind == "trouble":  # SC-P4
            v = -t.points
            for c in _neighbours(pl.cell):
                nb = cells.get(c)
                if nb is None or c not in through:
                    continue
                nt = T[nb.tile]
                if nt.kind == "log":
                    continue  # Decision: a log "saves from all problems"
                if nt.kind == "diamond":
                    out[nb.placer]["diamonds"]["SC-P4"] += v
                    returned.setdefault(nb.placer, set()).add(nb.cell)
                    continue
                for colour in {r[0] for r in through[c]}:
                    if owner.get(colour, -1) >= 0:
                        out[owner[colour]][colour]["SC-P4"] -= v
    for p in pub.players:  # SC-P2 (a diamond tile touching a trouble returns its diamond: SC-P4)
        kept = max(0, p.diamonds - len(returned.get(p.seat, ())))
        out[p.seat]["diamonds"]["SC-P2"] = state.rules.diamond_points * kept
    return out


def scores(state: SnakeState) -> dict[int, int]:
    return {seat: sum(v for g in d.values() for v in g.values()) for seat, d in score_breakdown(state).items()}


def held_diamonds(state: SnakeState) -> dict[int, int]:
    bd = score_breakdown(state)
    dp = state.rules.diamond_points or 1
    return {s: bd[s]["diamonds"]["SC-P2"] // dp for s in bd}


def snake_length(state: SnakeState, seat: int) -> int:
    return sum(len(set(sn.path)) for sn in state.public.snakes if sn.owner == seat)


def final_places(state: SnakeState) -> list[int]:
    """SC-P5: highest total first; Decision: ties to more diamonds, then the longer snakes, then the lower seat."""
    sc = scores(state)
    dm = held_diamonds(state)
    return sorted(sc, key=lambda s: (-sc[s], -dm[s], -snake_length(state, s), s))


# ===================================================================== display helpers
LAST_ROUND_WHY = {
    "no-growth": "no tile that grows a snake is left to lay",
    "stalled": "two whole rounds in which nobody could lay a tile on an empty cell, the stack run out",
    "max-rounds": "the round limit",
}


def end_hint(state: SnakeState) -> str:
    """One line on how near the end of SC-E1 the play phase is (for the screen); "" when nothing to say."""
    pub = state.public
    if pub.phase != PH_PLAY:
        return ""
    n = len(pub.players)
    empty = not pub.stack and not pub.discard
    if state.rules.stall_rounds and (empty or (pub.stack_out and pub.idle)):
        return (f"{'nothing left to draw' if empty else 'the stack has run out'}: {pub.idle} of "
                f"{state.rules.stall_rounds * n} turns in a row in which nobody could lay a tile on an empty cell "
                f"start the last round (SC-E1)")
    if not pub.stack:
        return f"the stack is empty: the discard pile ({len(pub.discard)}) is shuffled into a new one (SC-T3)"
    return ""


def describe(state: SnakeState, action: Action) -> str:
    """One line telling what an action does (for event logs and previews)."""
    name = state.public.players[action.seat].name
    if isinstance(action, Pass):
        if not state.public.stack and not state.public.discard:
            return f"{name} passes, with nothing left to draw (SC-T2, SC-E1)"
        return f"{name} passes and draws (SC-T2)"
    tname = state.tiles.names[action.tile]
    occ = state.public.cells().get(action.cell)
    if occ is not None and state.tiles.tiles[action.tile].kind == "hat":
        return f"{name} puts {tname} on the head at {fmt_cell(action.cell)}"
    if occ is not None:
        return f"{name} replaces {state.tiles.names[occ.tile]} at {fmt_cell(action.cell)} with {tname}"
    return f"{name} lays {tname} at {fmt_cell(action.cell)} rot {action.rot}"

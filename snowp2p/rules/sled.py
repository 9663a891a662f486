"""The rules engine of the two sled games: Snow Tails (ST-n) and Mush! Mush! (MM-n).

Theory of operation
-------------------
The engine is pure: ``apply(state, action, rand)`` returns a new immutable
:class:`GameState` or raises :class:`IllegalMove` naming the rule broken, and
leaves the old state untouched.  It does no I/O, reads no clock and owns no
randomness: every shuffle and draw takes ``rand`` (a :class:`~.drbg.Rand`).

Hidden cards.  Every card of a player's deck has an id (a *slot*).  The
public state knows, for each player, which ids are in the hand, the deck (in
draw order), on the dogs and on the discard pile, and the *value* of an id
only once it has been opened (played or discarded).  Each player's private
part (:class:`Private`) knows the values of all its own ids.  A peer of a
networked game holds only its own private part; a local game holds all of
them.  An action that plays or discards cards carries their values (the
openings); the engine checks them against the private part when it has it
(the network layer checks them against the slot commitments), so a rule that
depends on a card's value is checked when that card is opened.

Where the values of a new generation of slots come from: the owner lays its
cards into slots in a private random order derived from its own secret
(:func:`private_layout`); the public shuffle of the slot ids then uses the
shared randomness, so the owner can not foresee its draws and nobody else
learns what a slot holds.

A turn is one :class:`Move` (play cards, move, bonus) and, when the player
has a choice at the refill (discard down to 5, buildings), one
:class:`Refill`.  Snow Tails begins with :class:`ChooseStart` actions
(ST-S2).  With the extra-trees option (ST-S1, MM-S1) the race is preceded
by :class:`PlaceTree` actions.  ``legal_actions`` lists every legal action
of the player to act.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Iterable, Protocol, Sequence

from .config import MAX_TREES, PLAYER_COUNTS, SledRules
from .drbg import Rand, derive
from .errors import IllegalMove
from .track import EDGE, Track

ST, MM = "snowtails", "mush"
POSITIONS = ("left", "right", "brake")

RACING, FINISHED, ELIMINATED = "racing", "finished", "eliminated"
PH_TREES, PH_START, PH_MOVE, PH_REFILL, PH_OVER = "place_trees", "choose_start", "move", "refill", "over"


class RandomSource(Protocol):
    def below(self, n: int) -> int: ...


_REPLACERS: dict[type, object] = {}


def _rep(obj, **changes):
    """``dataclasses.replace`` for these frozen slotted records, without its per-call introspection."""
    cls = type(obj)
    fn = _REPLACERS.get(cls)
    if fn is None:
        fn = _REPLACERS[cls] = _make_replacer(cls)
    return fn(obj, changes)


def _make_replacer(cls):
    lines = ["def rep(obj, kw):", "    new = _new(_cls)"]
    for name in cls.__slots__:
        lines.append(f"    _set(new, {name!r}, kw[{name!r}] if {name!r} in kw else obj.{name})")
    lines.append("    return new")
    ns = {"_new": object.__new__, "_cls": cls, "_set": object.__setattr__}
    exec("\n".join(lines), ns)
    return ns["rep"]


# --------------------------------------------------------------------- state
@dataclass(frozen=True, slots=True)
class Sled:
    """One player's public state."""

    seat: int
    name: str
    at: int | None = None  # space id; None: not on the track (MM first turn, ST eliminated)
    left: tuple[int, ...] = ()  # card ids on the left dog, bottom first (top = last)
    right: tuple[int, ...] = ()
    brake: int = 0  # ST brake token value
    die: int | None = None  # MM bonus die (None: no bonus available)
    hand: tuple[int, ...] = ()  # card ids, sorted
    deck: tuple[int, ...] = ()  # card ids, top first
    discard: tuple[int, ...] = ()  # ST discard pile / MM cards under the sled (MM-R2)
    aside: tuple[int, ...] = ()  # MM set-aside value-5 cards (MM-S3)
    values: tuple[int, ...] = ()  # public value of each card id, -1 while unopened
    damage: int = 0  # damage (ST) / collision (MM) cards in hand
    first_turn: bool = True
    status: str = RACING
    repair: bool = False  # MM-C4
    start: int = 0  # ST start position (1..5) / MM start order (1..8)
    gen_starts: tuple[int, ...] = (0,)  # first card id of each deck generation (a reshuffle starts one)

    def hand_count(self) -> int:
        return len(self.hand) + self.damage

    @property
    def generation(self) -> int:
        return len(self.gen_starts) - 1


@dataclass(frozen=True, slots=True)
class Private:
    """What only the owner knows: the value of every one of its card ids, and its layout secret."""

    seat: int
    secret: bytes
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RefillNeed:
    """The choices the player to act has at its refill (ST-R2, MM-R1, MM-C4, MM-F2..F4)."""

    seat: int
    min_discard: int
    max_discard: int
    draw: bool  # False after a sled collision in Snow Tails (ST-C1)
    chapel: bool = False  # MM-F3 available
    kennels: bool = False  # MM-F2 available
    wreck: bool = False  # MM-C4: the whole hand is discarded, 5 new cards drawn


@dataclass(frozen=True, slots=True)
class Public:
    """The state every peer agrees on (hashed by :func:`state_hash`)."""

    game: str
    sleds: tuple[Sled, ...]
    trees: frozenset[int]
    phase: str
    current: int  # seat to act (-1 when over)
    round: int = 1
    order: tuple[int, ...] = ()  # ST: seats still to act this round; MM: seats not yet acted
    choosers: tuple[int, ...] = ()  # ST-S2: seats still to choose a start position; ST-S1/MM-S1: to place a tree
    refill: RefillNeed | None = None
    places: tuple[int, ...] = ()  # seats in finishing order so far (ST-E1)
    eliminated: tuple[int, ...] = ()  # seats in order of elimination (ST-R5)
    crossed: bool = False  # MM-E1: a sled crossed the finish line this round
    turn: int = 0  # turns completed
    # a short description of the last action's effects, for display: not part of the agreed state
    last_event: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class GameState:
    rules: SledRules
    track: Track
    public: Public
    private: tuple[Private | None, ...]  # per seat; None where this holder does not know it

    @property
    def game(self) -> str:
        return self.public.game

    def sled(self, seat: int) -> Sled:
        return self.public.sleds[seat]

    def value(self, seat: int, card: int) -> int | None:
        """The value of a card if this holder knows it (public, or the owner's private part)."""
        v = self.public.sleds[seat].values[card]
        if v >= 0:
            return v
        p = self.private[seat]
        return p.values[card] if p is not None else None

    def hand_values(self, seat: int) -> list[int | None]:
        return [self.value(seat, c) for c in self.sled(seat).hand]

    @property
    def is_over(self) -> bool:
        return self.public.phase == PH_OVER


class _PubView:
    """Read access to a :class:`_W`'s public state: pending changes first, then the base state."""

    __slots__ = ("_w",)

    def __init__(self, w: "_W"):
        self._w = w

    def __getattr__(self, name: str):
        w = self._w
        if name == "sleds":
            return w.sleds
        ch = w.changes
        if name in ch:
            return ch[name]
        return getattr(w.base.public, name)


class _W:
    """A working copy used inside one ``apply``: records changes, then :meth:`freeze` builds the new state.

    Building one new Public and GameState per action (instead of one per
    change) is what makes validation fast; nothing outside this module ever
    sees a ``_W``.
    """

    __slots__ = ("rules", "track", "base", "sleds", "private", "changes", "public")

    def __init__(self, state: GameState):
        self.rules = state.rules
        self.track = state.track
        self.base = state
        self.sleds = list(state.public.sleds)
        self.private = list(state.private)
        self.changes: dict = {}
        self.public = _PubView(self)

    @property
    def game(self) -> str:
        return self.base.public.game

    def sled(self, seat: int) -> Sled:
        return self.sleds[seat]

    value = GameState.value

    def freeze(self) -> GameState:
        pub = _rep(self.base.public, sleds=tuple(self.sleds), **self.changes)
        return GameState(rules=self.rules, track=self.track, public=pub, private=tuple(self.private))


# ------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class ChooseStart:
    """ST-S2: take start position ``position`` (1..5)."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Move:
    """Play cards, move along ``path`` and take ``bonus`` forward steps.

    ``play`` holds (position, card id, value) triples; the value is the
    card's opening.  ``path`` has one letter per point of speed: ``F`` a
    forward step, ``D`` a drift step (TRK-11).  ``origin`` is the start lane
    chosen on a Mush! Mush! sled's first turn (MM-O1).
    """

    seat: int
    play: tuple[tuple[str, int, int], ...] = ()
    path: str = ""
    bonus: int = 0
    origin: int | None = None


@dataclass(frozen=True, slots=True)
class Refill:
    """The refill choices: dog cards discarded (card id, value), chapel and kennels."""

    seat: int
    discard: tuple[tuple[int, int], ...] = ()
    chapel: bool = False
    kennels: bool = False


@dataclass(frozen=True, slots=True)
class PlaceTree:
    """ST-S1 / MM-S1 option: put one of the players' extra trees on space ``space`` before the race."""

    seat: int
    space: int


Action = ChooseStart | Move | Refill | PlaceTree


# --------------------------------------------------------------------- setup
def private_layout(secret: bytes, generation: int, values: Sequence[int]) -> list[int]:
    """The owner's private random order of ``values`` into the slots of a new generation."""
    return Rand(derive(secret, "layout", generation)).shuffled(list(values))


def _fixed_cards(game: str, rules: SledRules) -> list[int]:
    """The public cards at the front of generation 0: MM-S2's two dogs, then MM-S3's set-aside fives."""
    if game == ST:
        return []
    rest = list(rules.mm_deck)
    for _ in range(2):
        rest.remove(rules.mm_start_dog)
    return [rules.mm_start_dog] * 2 + [v for v in rest if v == 5]


def initial_composition(game: str, rules: SledRules) -> list[int]:
    """The values of a player's whole deck (ST-K2, MM-K2)."""
    return list(rules.st_deck if game == ST else rules.mm_deck)


def initial_size(game: str, rules: SledRules) -> int:
    return len(initial_composition(game, rules))


def initial_private(game: str, rules: SledRules, seat: int, secret: bytes) -> Private:
    """The owner's values of generation 0: the public fixed cards, then the rest in private random order."""
    fixed = _fixed_cards(game, rules)
    rest = initial_composition(game, rules)
    for v in fixed:
        rest.remove(v)
    return Private(seat, secret, tuple(fixed + private_layout(secret, 0, rest)))


def new_game(
    game: str,
    track: Track,
    names: Sequence[str],
    rand: RandomSource,
    secrets: Sequence[bytes | None],
    rules: SledRules | None = None,
) -> GameState:
    """Set up a race (ST-S*, MM-S*).  ``secrets[i]`` is seat i's layout secret, None if unknown here.

    Randomness drawn from ``rand``, in this order: Snow Tails: the first
    chooser (ST-S2) or the start positions (option); Mush! Mush!: the start
    order (MM-S5), then each deck's shuffle (MM-S4).  With extra trees
    (ST-S1, MM-S1 option) only the first player to place one is drawn here;
    the rest is drawn from the randomness of the last tree's action.
    """
    rules = rules or SledRules(game=game)
    lo, hi = PLAYER_COUNTS[game]
    if not (lo <= len(names) <= hi):
        raise IllegalMove("ST-K1" if game == ST else "MM-K1", f"{len(names)} players; this game takes {lo} to {hi}")
    if track.game != game:
        raise IllegalMove("TRK-18", f"track {track.name!r} is for {track.game}, not {game}")
    if game == ST and len(names) > track.lanes:
        raise IllegalMove("ST-K1", "more players than start positions")
    n = len(names)
    trees = track.trees if rules.trees == "track" else frozenset()
    if rules.extra_trees and len(trees) + rules.extra_trees > MAX_TREES:
        raise IllegalMove("ST-S1" if game == ST else "MM-S1",
                          f"{len(trees)} trees on the track and {rules.extra_trees} more: the game has {MAX_TREES}")
    privates: list[Private | None] = []
    sleds: list[Sled] = []
    for seat, name in enumerate(names):
        secret = secrets[seat]
        privates.append(None if secret is None else initial_private(game, rules, seat, secret))
        fixed = _fixed_cards(game, rules)
        size = initial_size(game, rules)
        values = tuple(fixed) + (-1,) * (size - len(fixed))
        deck = tuple(range(len(fixed), size))
        if game == ST:
            sleds.append(Sled(seat=seat, name=name, brake=rules.st_start_brake, values=values, deck=deck))
        else:
            sleds.append(Sled(seat=seat, name=name, left=(0,), right=(1,), values=values,
                              aside=tuple(range(2, len(fixed))), deck=deck))
    pub = Public(game=game, sleds=tuple(sleds), trees=frozenset(trees), phase=PH_START, current=-1)
    state = _W(GameState(rules=rules, track=track, public=pub, private=tuple(privates)))
    if rules.extra_trees:
        # ST-S1 / MM-S1 Decision: the players place the extra trees one at a time, going round the
        # seats from a player drawn at random; the race is set up after the last one
        first = rand.below(n)
        placers = tuple((first + i) % n for i in range(rules.extra_trees))
        return _set_pub(state, phase=PH_TREES, choosers=placers, current=placers[0]).freeze()
    return _begin(state, rand).freeze()


def _begin(state: "_W", rand: RandomSource) -> "_W":
    """The random part of the set-up: start positions or order, shuffles, first hands."""
    game, rules, track = state.game, state.rules, state.track
    n = len(state.sleds)
    if game == ST:
        if rules.st_start_positions == "random":
            positions = shuffle_with(rand, list(range(1, n + 1)))  # option: positions drawn at random
            for seat, p in enumerate(positions):
                state = _set_sled(state, seat, start=p, at=track.start_space(p))
            return _deal_snowtails(state, rand)
        first = rand.below(n)  # ST-S2: the first chooser is drawn at random, then round the seats
        choosers = tuple((first + i) % n for i in range(n))
        return _set_pub(state, phase=PH_START, choosers=choosers, current=choosers[0])
    # MM-S5: start order drawn at random; MM-S6: bonus die by start order; MM-S4: shuffle, draw 5.
    order = shuffle_with(rand, list(range(n)))
    for i, seat in enumerate(order):
        state = _set_sled(state, seat, start=i + 1, die=rules.mm_die_by_order[i])
    for seat in range(n):
        s = state.sled(seat)
        state = _set_sled(state, seat, deck=tuple(shuffle_with(rand, list(s.deck))))
        state = _draw(state, seat, rules.hand_size, rand)
    return _set_pub(state, phase=PH_MOVE, order=tuple(order), current=order[0], choosers=())


def shuffle_with(rand: RandomSource, items: list) -> list:
    """Fisher-Yates with ``rand.below`` (the order is part of the protocol, see drbg.py)."""
    for i in range(len(items) - 1, 0, -1):
        j = rand.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _deal_snowtails(state: GameState, rand: RandomSource) -> GameState:
    """ST-S4: shuffle every deck, draw 5, positions 4 and 5 draw extra; ST-O1: round 1 by start position."""
    extra = dict(state.rules.st_extra_cards)
    for seat, s in enumerate(state.public.sleds):
        state = _set_sled(state, seat, deck=tuple(shuffle_with(rand, list(s.deck))))
        state = _draw(state, seat, state.rules.hand_size + extra.get(s.start, 0), rand)
    order = tuple(sorted(range(len(state.public.sleds)), key=lambda i: state.sled(i).start))
    return _set_pub(state, phase=PH_MOVE, order=order, current=order[0], choosers=())


# ------------------------------------------------------------------ helpers
def _set_sled(state: GameState, seat: int, **changes) -> GameState:
    state.sleds[seat] = _rep(state.sleds[seat], **changes)
    return state


def _set_pub(state: "_W", **changes) -> "_W":
    state.changes.update(changes)
    return state


def _draw(state: GameState, seat: int, count: int, rand: RandomSource) -> GameState:
    """Draw ``count`` cards from the top of the deck, reshuffling as the rules say (ST-R4, MM-R3)."""
    rules = state.rules
    s = state.sled(seat)
    if count <= 0:
        return state
    if state.game == ST and len(s.deck) < rules.st_reshuffle_below:
        state = _reshuffle(state, seat, rand)  # ST-R4: before drawing, when the deck holds < 3
        s = state.sled(seat)
    if s.deck and s.values[s.deck[-1]] >= 0:
        # the kennels' five (MM-F2) waits at the bottom of the deck, face known: hide it first
        state = _relay_deck(state, seat, rand)
        s = state.sled(seat)
    hand = list(s.hand)
    deck = list(s.deck)
    for _ in range(count):
        if not deck and state.game == MM:
            state = _set_sled(state, seat, hand=tuple(sorted(hand)), deck=())
            state = _reshuffle(state, seat, rand)  # MM-R3: to draw from an empty deck
            s = state.sled(seat)
            deck = list(s.deck)
        if not deck:
            break  # nothing left anywhere to draw
        # A draw takes a slot chosen by this action's randomness (not the top of a deck whose order
        # is already public), so the owner, who knows what each slot holds, can not foresee it (G4).
        hand.append(deck.pop(0 if rules.deck_draw == "top" else rand.below(len(deck))))
    return _set_sled(state, seat, hand=tuple(sorted(hand)), deck=tuple(deck))


def _reshuffle(state: GameState, seat: int, rand: RandomSource, extra: Sequence[int] = ()) -> GameState:
    """Gather the discards, the rest of the deck and the covered dog cards into a new generation of slots.

    ST-R4: discard pile + rest of the deck + sled mat cards except each dog's top card.
    MM-R3: all dog cards on the sled except each dog's top card (the discards lie there, MM-R2).
    MM-F2: ``extra`` adds a set-aside five and the whole current deck (shuffling it in).
    """
    s = state.sled(seat)
    gathered = list(s.discard) + list(s.left[:-1]) + list(s.right[:-1]) + list(s.deck) + list(extra)
    if not gathered:
        return state
    gen = s.generation + 1
    first = len(s.values)
    new_ids = list(range(first, first + len(gathered)))
    values = list(s.values) + [-1] * len(gathered)
    p = state.private[seat]
    if p is not None:
        old = [p.values[c] for c in gathered]
        layout = private_layout(p.secret, gen, old)
        state.private[seat] = _rep(p, values=p.values + tuple(layout))
    deck = shuffle_with(rand, new_ids)
    return _set_sled(state, seat, deck=tuple(deck), discard=(), values=tuple(values), gen_starts=s.gen_starts + (first,),
                     left=s.left[-1:], right=s.right[-1:])


def dog_value(state: GameState, seat: int, side: str) -> int:
    s = state.sled(seat)
    stack = s.left if side == "left" else s.right
    if not stack:  # ST-S3: no card played yet counts 3 (an empty MM dog: the start value)
        return state.rules.st_start_dog if state.game == ST else state.rules.mm_start_dog
    return s.values[stack[-1]]


def speed_and_drift(game: str, left: int, right: int, brake: int) -> tuple[int, int, int]:
    """(speed, drift, direction): ST-M1/M2, MM-M1.  Direction +1 is toward lane W (left dog stronger)."""
    speed = left + right - (brake if game == ST else 0)
    drift = abs(left - right)
    direction = 1 if left > right else -1
    return speed, drift, direction


def ranking(state: GameState, seats: Iterable[int] | None = None) -> list[int]:
    """Race position, leader first (TRK-15, TRK-16/MM-G2, TRK-17).

    Decision: a sled not on the track (Mush! Mush! before its first move)
    ranks behind every sled on the track, in start order.
    """
    track = state.track
    sleds = state.public.sleds
    if seats is None:
        seats = [s.seat for s in sleds if s.status != ELIMINATED]
    placed = [i for i in seats if sleds[i].at is not None]
    unplaced = sorted((i for i in seats if sleds[i].at is None), key=lambda i: sleds[i].start)
    placed.sort(key=lambda i: track.rank_key[sleds[i].at], reverse=True)
    return placed + unplaced


def _leader(state: GameState, seats: list[int]) -> int:
    """``ranking(state, seats)[0]`` without sorting them all."""
    sleds, key = state.public.sleds, state.track.rank_key
    placed = [i for i in seats if sleds[i].at is not None]
    if placed:
        return max(placed, key=lambda i: key[sleds[i].at])  # the first of equals, as the stable sort
    return min(seats, key=lambda i: sleds[i].start)


def racing_seats(state: GameState) -> list[int]:
    return [s.seat for s in state.public.sleds if s.status == RACING]


def race_position(state: GameState, seat: int) -> int:
    """1-based race position among the sleds still racing (ST-B1 Decision; MM-B2)."""
    return ranking(state, racing_seats(state)).index(seat) + 1


# ----------------------------------------------------------------- validate
def _check_turn(state: GameState, seat: int, phase: str) -> None:
    pub = state.public
    if pub.phase == PH_OVER:
        raise IllegalMove("ST-E2" if state.game == ST else "MM-E1", "the race is over")
    if pub.phase != phase:
        raise IllegalMove("TURN", f"expected a {pub.phase.replace('_', ' ')} action, not {phase.replace('_', ' ')}")
    if seat != pub.current:
        raise IllegalMove("ST-O2" if state.game == ST else "MM-O2",
                          f"it is {state.sled(pub.current).name}'s turn, not seat {seat}'s")


def _open(state: GameState, seat: int, card: int, value: int, rule: str) -> None:
    """Check an opening against what this holder knows (the network layer checks commitments)."""
    if not isinstance(value, int) or value < 0 or value > 5:
        raise IllegalMove(rule, f"card value {value!r} does not exist")
    known = state.value(seat, card)
    if known is not None and known != value:
        raise IllegalMove("OPEN", f"card {card} holds {known}, not {value}")


def _check_play(state: GameState, mv: Move) -> None:
    """Validate the cards played (ST-P1..P3, ST-P6, MM-P1/P2) and their openings."""
    s = state.sled(mv.seat)
    game = state.game
    play = mv.play
    if not play:
        if s.hand:
            raise IllegalMove("ST-P1" if game == ST else "MM-P1", "you must play at least one dog card")
        return  # ST-P6 / MM-P2: no dog card in hand, nothing is played
    allowed = POSITIONS if game == ST else POSITIONS[:2]
    positions = set()
    cards = set()
    value = play[0][2]
    hand = s.hand
    for p, c, v in play:
        if p not in allowed:
            raise IllegalMove("ST-P3" if game == ST else "MM-P1", f"no card position {p!r} in this game")
        if p in positions:
            raise IllegalMove("ST-P3" if game == ST else "MM-P1", "at most one card on each position")
        if c in cards:
            raise IllegalMove("HAND", "the same card played twice")
        if c not in hand:
            raise IllegalMove("HAND", f"card {c} is not in {s.name}'s hand")
        positions.add(p)
        cards.add(c)
    for _, c, v in play:
        _open(state, mv.seat, c, v, "ST-K2" if game == ST else "MM-K2")
        if v != value:
            raise IllegalMove("ST-P2" if game == ST else "MM-P1", "all cards played in one turn have the same value")


# -------------------------------------------------------------------- apply
def apply(state: GameState, action: Action, rand: RandomSource) -> GameState:
    """Apply ``action``; return the new state or raise IllegalMove (the old state is untouched)."""
    if isinstance(action, Move):
        _check_turn(state, action.seat, PH_MOVE)
        return _apply_move(_W(state), action, rand).freeze()
    if isinstance(action, Refill):
        _check_turn(state, action.seat, PH_REFILL)
        return _apply_refill(_W(state), action, rand).freeze()
    if isinstance(action, ChooseStart):
        _check_turn(state, action.seat, PH_START)
        return _apply_choose(_W(state), action, rand).freeze()
    if isinstance(action, PlaceTree):
        _check_turn(state, action.seat, PH_TREES)
        return _apply_tree(_W(state), action, rand).freeze()
    raise IllegalMove("TURN", f"not an action: {action!r}")


def tree_spaces(state: GameState) -> list[int]:
    """ST-S1 / MM-S1 Decision: where a player may place an extra tree: any space of the track between the
    start and the finish sections that is not blocked (TRK-6, buildings) and has no tree yet."""
    track, trees = state.track, state.public.trees
    return [sid for sid in range(track.base[1][0], track.base[-1][0])
            if sid not in track.blocked and sid not in trees]


def _apply_tree(state: "_W", a: PlaceTree, rand: RandomSource) -> "_W":
    rule = "ST-S1" if state.game == ST else "MM-S1"
    track = state.track
    if not isinstance(a.space, int) or not 0 <= a.space < track.size:
        raise IllegalMove(rule, f"space {a.space!r} does not exist")
    where = list(track.coords(a.space))
    if not track.base[1][0] <= a.space < track.base[-1][0]:
        raise IllegalMove(rule, f"space {where} is in the start or finish section: trees go between them")
    if a.space in track.blocked:
        raise IllegalMove(rule, f"space {where} is blocked")
    if a.space in state.public.trees:
        raise IllegalMove(rule, f"space {where} has a tree already")
    placers = state.public.choosers[1:]
    state = _set_pub(state, trees=state.public.trees | {a.space}, choosers=placers,
                     last_event=f"{state.sled(a.seat).name} places a tree at {where}")
    if placers:
        return _set_pub(state, current=placers[0])
    return _begin(state, rand)


def _apply_choose(state: GameState, a: ChooseStart, rand: RandomSource) -> GameState:
    taken = {s.start for s in state.public.sleds if s.start}
    if not isinstance(a.position, int) or not (1 <= a.position <= state.track.lanes):
        raise IllegalMove("ST-S2", f"start position {a.position!r} does not exist")
    if a.position in taken:
        raise IllegalMove("ST-S2", f"start position {a.position} is taken")
    state = _set_sled(state, a.seat, start=a.position, at=state.track.start_space(a.position))
    _set_pub(state, last_event=f"{state.sled(a.seat).name} takes start position {a.position}")
    choosers = state.public.choosers[1:]
    if choosers:
        return _set_pub(state, choosers=choosers, current=choosers[0])
    return _deal_snowtails(state, rand)


class _Lazy:
    """A value computed on first use (and then kept)."""

    __slots__ = ("_fn", "_value", "_done")

    def __init__(self, fn):
        self._fn, self._done = fn, False

    def __call__(self):
        if not self._done:
            self._value, self._done = self._fn(), True
        return self._value


@dataclass(slots=True)
class _Motion:
    """Working record of one movement (path + bonus)."""

    at: int
    damage: int
    trees: frozenset
    events: list
    stopped: str = ""  # "", "edge", "sled", "out" (eliminated / wrecked)
    first_stop_step: int = -1


def _apply_move(state: GameState, mv: Move, rand: RandomSource) -> GameState:
    game, rules, track = state.game, state.rules, state.track
    seat = mv.seat
    s = state.sled(seat)
    _check_play(state, mv)
    # ST-B1 Decision, MM-B2: the race position at the start of the turn (computed only when used)
    position_now = _Lazy(lambda: race_position(state, seat))

    # --- 1. play the cards (ST-P4/P5, MM-P1) ---
    hand = set(s.hand)
    left, right, discard, values = s.left, s.right, s.discard, list(s.values)
    brake = s.brake
    for pos, card, value in mv.play:
        hand.discard(card)
        values[card] = value
        if pos == "left":
            left = left + (card,)
        elif pos == "right":
            right = right + (card,)
        else:
            brake = value  # ST-P5: the card goes to the discard pile, the token takes its value
            discard = discard + (card,)
    start_dog = rules.st_start_dog if game == ST else rules.mm_start_dog  # ST-S3: an empty dog counts 3
    lv = values[left[-1]] if left else start_dog
    rv = values[right[-1]] if right else start_dog
    speed, drift, direction = speed_and_drift(game, lv, rv, brake)

    # --- MM first turn: choose the origin (MM-O1) ---
    at = s.at
    if game == MM and s.at is None:
        if mv.origin is None or not isinstance(mv.origin, int) or not (1 <= mv.origin <= track.lanes):
            raise IllegalMove("MM-O1", "the first move starts from a start space: give its lane as origin")
        at = track.start_space(mv.origin)
    elif mv.origin is not None:
        raise IllegalMove("MM-O1" if game == MM else "ST-S2", "an origin is chosen only on a Mush! Mush! sled's first turn")

    # --- 2. MM bonus die adjustment (MM-B1..B3) ---
    die = s.die
    if game == MM and lv == rv and not s.first_turn:
        p = min(position_now(), rules.mm_die_max)
        die = p if die is None else max(die, p)

    # --- path shape (TRK-11) ---
    if not isinstance(mv.path, str) or mv.path.strip("FD"):
        raise IllegalMove("TRK-11", f"a path is a string of F and D, not {mv.path!r}")
    want_len = max(speed, 0)
    want_drift = min(drift, want_len)
    if len(mv.path) != want_len or mv.path.count("D") != want_drift:
        raise IllegalMove("TRK-11", f"speed {speed} with drift {drift} needs a path of {want_len} steps "
                                    f"with {want_drift} drift steps, not {mv.path!r}")

    # --- bonus availability ---
    if not isinstance(mv.bonus, int) or isinstance(mv.bonus, bool) or mv.bonus < 0:
        raise IllegalMove("ST-B1" if game == ST else "MM-B4", f"bonus {mv.bonus!r} is not a number of steps")
    st_bonus = 0
    if game == ST:
        if lv == rv and speed >= 1 and not s.first_turn:
            st_bonus = position_now()  # ST-B1
        if mv.bonus not in (0, st_bonus):
            raise IllegalMove("ST-B1", f"the balance bonus is all or nothing: 0 or {st_bonus}, not {mv.bonus}")
    else:
        if mv.bonus > (die or 0):
            raise IllegalMove("MM-B4", f"the bonus die allows at most {die or 0} steps, not {mv.bonus}")

    # --- 3. move ---
    others = {o.at: o.seat for o in state.public.sleds if o.seat != seat and o.at is not None}
    m = _Motion(at=at, damage=s.damage, trees=state.public.trees, events=[])
    limit_speed = speed + mv.bonus  # ST-L1: speed plus the bonus if taken
    _walk(state, m, mv.path, direction, others, limit_speed)
    if m.stopped == "edge" and game == ST:
        # ST-M4: a path ended by the edge or an obstacle at step j must hold min(drift, j) drift steps
        j = m.first_stop_step
        if mv.path[:j].count("D") < min(drift, j):
            raise IllegalMove("ST-M4", f"drift comes first: this path hits the edge at step {j} "
                                       f"with drift left unmade")
    if mv.bonus:
        if m.stopped:
            raise IllegalMove("ST-B1" if game == ST else "MM-B4",
                              "a bonus is taken only after a path that ended without a collision")
        if game == MM:
            die = None  # MM-B4: the die is removed as the first bonus step is taken
        _walk(state, m, "F" * mv.bonus, direction, others, limit_speed)
    if m.stopped == "sled" and game == MM and die is not None:
        die = die - 1 or None  # MM-C2: the die goes down by 1; at 0 it is removed

    # --- write back ---
    eliminated = m.stopped == "out" and game == ST
    new_at = None if eliminated else m.at
    state = _set_sled(state, seat, hand=tuple(sorted(hand)), left=left, right=right, brake=brake, discard=discard,
                      values=tuple(values), at=new_at, damage=m.damage, die=die if game == MM else None,
                      first_turn=False, **({"status": ELIMINATED} if eliminated else {}))
    if m.trees is not state.public.trees:
        _set_pub(state, trees=m.trees)
    _set_pub(state, last_event=_describe(state, seat, m))
    if eliminated:
        # ST-R5: eliminated at once, removed from the track, no place
        pub = state.public
        _set_pub(state, eliminated=pub.eliminated + (seat,))
        return _end_turn(state, rand)
    if m.stopped == "out" and game == MM:
        if len(state.public.sleds) == 2:
            return _two_player_wreck(state, seat)  # MM-C5
        need = RefillNeed(seat, len(state.sled(seat).hand), len(state.sled(seat).hand), True, wreck=True)
        return _need_refill(state, need, rand)

    # --- refill choices ---
    s = state.sled(seat)
    draw = not (m.stopped == "sled" and game == ST)  # ST-C1: no cards drawn after hitting a sled
    over = max(0, s.hand_count() - rules.hand_size)
    need = RefillNeed(seat, over, over, draw)
    if game == MM and rules.mm_buildings and s.at is not None:
        trig = track.triggers
        if s.at in trig.get("bothy", ()):  # MM-F4: discard any number of dog cards
            need = _rep(need, max_discard=len(s.hand))
        if s.at in trig.get("chapel", ()) and s.damage:  # MM-F3
            need = _rep(need, chapel=True)
        if s.at in trig.get("kennels", ()) and s.aside:  # MM-F2
            need = _rep(need, kennels=True)
    return _need_refill(state, need, rand)


def _walk(state: GameState, m: _Motion, steps: str, direction: int, others: dict, limit_speed: int) -> None:
    """Resolve steps one by one (TRK-12), recording hazards (ST-C*, ST-L*, MM-C*)."""
    track, game = state.track, state.game
    start = m.at
    forward, drift = track.forward, track.drift_to[1 if direction > 0 else 0]  # TRK-8, TRK-9
    blocked, red_line = track.blocked, track.red_line
    for i, ch in enumerate(steps):
        if m.stopped:
            return
        target = drift[m.at] if ch == "D" else forward[m.at]
        if target == EDGE or target in blocked:
            # ST-C2 / MM-C1: stay in the space before the contact, take one card
            m.stopped = "edge"
            m.first_stop_step = i + 1
            m.events.append("edge")
            _take_damage(state, m, 1, track.is_finished(start) or track.is_finished(m.at))
            return
        if target in others:
            m.stopped = "sled"  # ST-C1 / MM-C2: stay in the space before
            m.first_stop_step = i + 1
            m.events.append(f"hit {state.sled(others[target]).name}")
            return
        prev = m.at
        m.at = target
        if red_line[target] >= 0 and game == ST and track.coords_of[prev][0] < track.coords_of[target][0]:
            over = limit_speed - red_line[target]  # ST-L1/L2
            if over > 0:
                m.events.append(f"speed limit {red_line[target]}: {over} damage")
                _take_damage(state, m, over, False)
                if m.stopped:
                    return
        if target in m.trees:
            m.trees = m.trees - {target}  # ST-C3 / MM-C3: the tree is removed, one card, keep moving
            m.events.append("tree")
            _take_damage(state, m, 1, game == MM and track.is_finished(target))
            if m.stopped:
                return


def _take_damage(state: GameState, m: _Motion, count: int, past_finish: bool) -> None:
    rules, game = state.rules, state.game
    if game == MM and past_finish:
        return  # MM-C6: after crossing the finish line no collision cards
    for _ in range(count):
        m.damage += 1
        if game == ST and m.damage >= rules.st_elimination_damage and not state.track.is_finished(m.at):
            m.stopped = "out"  # ST-R5 (a sled past the finish line is never eliminated)
            m.events.append("eliminated")
            return
        if game == MM and m.damage >= rules.mm_collision_limit:
            m.stopped = "out"  # MM-C4: the turn ends at once
            m.events.append("wrecked")
            return


def _describe(state: GameState, seat: int, m: _Motion) -> str:
    name = state.sled(seat).name
    where = "off the track" if m.stopped == "out" and state.game == ST else str(list(state.track.coords(m.at)))
    extra = f" ({', '.join(m.events)})" if m.events else ""
    return f"{name} moved to {where}{extra}"


def _two_player_wreck(state: GameState, seat: int) -> GameState:
    """MM-C5 Decision: with two players, a fifth collision card ends the race; that player is second."""
    other = 1 - seat
    return _set_pub(state, phase=PH_OVER, current=-1, places=(other, seat), refill=None,
                    turn=state.public.turn + 1)


def _need_refill(state: GameState, need: RefillNeed, rand: RandomSource) -> GameState:
    if need.max_discard == 0 and not need.chapel and not need.kennels:
        return _do_refill(state, Refill(need.seat), need, rand)
    return _set_pub(state, phase=PH_REFILL, refill=need)


def _apply_refill(state: GameState, r: Refill, rand: RandomSource) -> GameState:
    need = state.public.refill
    assert need is not None
    s = state.sled(r.seat)
    ids = [c for c, _ in r.discard]
    if len(set(ids)) != len(ids):
        raise IllegalMove("HAND", "the same card discarded twice")
    for c, v in r.discard:
        if c not in s.hand:
            raise IllegalMove("HAND", f"card {c} is not in {s.name}'s hand")
        _open(state, r.seat, c, v, "ST-K2" if state.game == ST else "MM-K2")
    rule = "ST-R2" if state.game == ST else ("MM-C4" if need.wreck else "MM-R1")
    if r.chapel and not need.chapel:
        raise IllegalMove("MM-F3", "the chapel is not available")
    lo, hi = _discard_range(state, need, r.chapel)
    if not (lo <= len(ids) <= hi):
        if lo == hi:
            raise IllegalMove(rule, f"discard exactly {lo} dog cards, not {len(ids)}")
        raise IllegalMove("MM-F4", f"discard {lo} to {hi} dog cards, not {len(ids)}")
    if r.kennels and not need.kennels:
        raise IllegalMove("MM-F2", "the kennels are not available")
    return _do_refill(state, r, need, rand)


def _discard_range(state: GameState, need: RefillNeed, chapel: bool) -> tuple[int, int]:
    """How many dog cards the refill must discard: MM-F3's chapel removes the collision cards first,
    so they no longer count toward the hand of 5 (MM-R1)."""
    if not chapel:
        return need.min_discard, need.max_discard
    s = state.sled(need.seat)
    lo = max(0, len(s.hand) - state.rules.hand_size)
    return lo, (need.max_discard if need.max_discard > need.min_discard else lo)


def _do_refill(state: GameState, r: Refill, need: RefillNeed, rand: RandomSource) -> GameState:
    """Action 3 / step 5: discards (ST-R2/R3, MM-R1/R2), buildings, draws (ST-R1/R4, MM-R1/R3)."""
    seat, rules, game = r.seat, state.rules, state.game
    s = state.sled(seat)
    values = list(s.values)
    for c, v in r.discard:
        values[c] = v  # discards are public (ST-R3, MM-R2 Decisions)
    gone = {c for c, _ in r.discard}
    hand = tuple(c for c in s.hand if c not in gone)
    damage = s.damage
    if r.chapel or need.wreck:
        damage = 0  # MM-F3 / MM-C4: discard all collision cards
    if r.discard or damage != s.damage:
        state = _set_sled(state, seat, hand=hand, discard=s.discard + tuple(c for c, _ in r.discard),
                          values=tuple(values), damage=damage)
    if need.wreck:
        state = _draw(state, seat, rules.hand_size, rand)  # MM-C4: five new dog cards
        state = _set_sled(state, seat, repair=True)
    elif need.draw:
        state = _draw(state, seat, rules.hand_size - state.sled(seat).hand_count(), rand)
    if r.kennels:
        s = state.sled(seat)  # MM-F2: after refilling, shuffle one set-aside five into the deck
        state = _set_sled(state, seat, aside=s.aside[1:], deck=s.deck + s.aside[:1])  # re-laid before a draw
    if game == MM and rules.mm_buildings and state.sled(seat).at in state.track.triggers.get("tavern", ()):
        d = state.sled(seat).die  # MM-F5
        state = _set_sled(state, seat, die=min(rules.mm_die_max, (d or 0) + rules.mm_tavern_bonus))
    _set_pub(state, refill=None)
    return _end_turn(state, rand)


def _relay_deck(state: GameState, seat: int, rand: RandomSource) -> GameState:
    """Lay the deck out again as a new generation of slots (every value unopened).

    Needed before a draw when the deck holds a card whose value is public
    (the five the kennels shuffle in, MM-F2): drawing it would tell everyone.
    What is gathered never depends on the draw's randomness, so the owner
    can commit to the new slots before its move.
    """
    s = state.sled(seat)
    gathered = list(s.deck)
    gen = s.generation + 1
    first = len(s.values)
    new_ids = list(range(first, first + len(gathered)))
    p = state.private[seat]
    if p is not None:
        layout = private_layout(p.secret, gen, [p.values[c] for c in gathered])
        state.private[seat] = _rep(p, values=p.values + tuple(layout))
    deck = shuffle_with(rand, new_ids)
    return _set_sled(state, seat, deck=tuple(deck), values=s.values + (-1,) * len(gathered),
                     gen_starts=s.gen_starts + (first,))


# ---------------------------------------------------------------- turn order
def _end_turn(state: GameState, rand: RandomSource) -> GameState:
    pub = state.public
    _set_pub(state, turn=pub.turn + 1, phase=PH_MOVE, refill=None)
    if state.game == ST:
        return _next_snowtails(state)
    return _next_mush(state)


def _next_snowtails(state: GameState) -> GameState:
    pub = state.public
    order = tuple(i for i in pub.order[1:] if state.sled(i).status == RACING)
    if order:
        return _set_pub(state, order=order, current=order[0])
    # end of the round (ST-E1): every sled over the line finishes, placed by race position
    crossed = [s.seat for s in pub.sleds
               if s.status == RACING and s.at is not None and state.track.is_finished(s.at)]
    places = pub.places + tuple(ranking(state, crossed))
    for i in crossed:
        state = _set_sled(state, i, status=FINISHED)
    racing = racing_seats(state)
    rnd = pub.round + 1
    if not racing or rnd > state.rules.max_rounds:
        places = places + tuple(ranking(state, racing))  # max_rounds Decision
        return _set_pub(state, places=places, phase=PH_OVER, current=-1, order=(), round=rnd)
    order = tuple(ranking(state, racing))  # ST-O2
    return _set_pub(state, places=places, order=order, current=order[0], round=rnd)


def _next_mush(state: GameState) -> GameState:
    pub = state.public
    if not pub.crossed:
        line = state.track.base[-1][0]  # the first space id past the finish line (track.is_finished)
        if any(s.at is not None and s.at >= line for s in pub.sleds):
            _set_pub(state, crossed=True)
            pub = state.public
    acted_now = pub.current
    waiting = [i for i in pub.order if i != acted_now]
    rnd = pub.round
    while True:
        if not waiting:
            # end of the round
            if pub.crossed or rnd >= state.rules.max_rounds:
                places = tuple(ranking(state))  # MM-E1/E2 (and the max_rounds Decision)
                return _set_pub(state, phase=PH_OVER, current=-1, order=(), places=places, round=rnd + 1)
            rnd += 1
            waiting = list(range(len(pub.sleds)))
        if rnd == 1:
            nxt = waiting[0]  # MM-O1: first round in start order
        else:
            nxt = _leader(state, waiting)  # MM-O2 Decision: best race position among those still to act
        s = state.sled(nxt)
        if s.repair:
            last = ranking(state)[-1]
            if last != nxt:
                waiting.remove(nxt)  # MM-C4: under repair, does nothing
                continue
            state = _set_sled(state, nxt, repair=False)  # last: plays normally again
        return _set_pub(state, order=tuple(waiting), current=nxt, round=rnd)


# ------------------------------------------------------------- legal actions
def play_options(state: GameState, seat: int) -> list[tuple[tuple[str, int, int], ...]]:
    """Every legal set of cards to play (ST-P1..P3, MM-P1/P2), as (position, card, value) triples.

    Needs the values of the hand: only the owner (or a local game) can list them.
    """
    s = state.sled(seat)
    if not s.hand:
        return [()]
    by_value: dict[int, list[int]] = {}
    for c in s.hand:
        v = state.value(seat, c)
        if v is None:
            raise ValueError("the hand's values are unknown here")
        by_value.setdefault(v, []).append(c)
    positions = POSITIONS if state.game == ST else POSITIONS[:2]
    out = []
    for v in sorted(by_value):
        cards = by_value[v]
        for k in range(1, min(len(cards), len(positions)) + 1):
            for pos in combinations(positions, k):
                out.append(tuple((p, cards[i], v) for i, p in enumerate(pos)))
    return out


def paths(length: int, drift: int) -> list[str]:
    """All paths of ``length`` steps with ``min(drift, length)`` drift steps (TRK-11)."""
    if length <= 0:
        return [""]
    d = min(drift, length)
    return _PATHS.get((length, d)) or _make_paths(length, d)


_PATHS: dict[tuple[int, int], list[str]] = {}


def _make_paths(length: int, d: int) -> list[str]:
    out = []
    for idx in combinations(range(length), d):
        p = ["F"] * length
        for i in idx:
            p[i] = "D"
        out.append("".join(p))
    _PATHS[(length, d)] = out
    return out


def move_outcome(state: GameState, mv: Move) -> GameState:
    """The state right after ``mv`` and before any draw: for previews and bots (no randomness used)."""
    return apply(state, mv, _NoDraw())


class _NoDraw:
    def below(self, n: int) -> int:
        return 0


def legal_moves(state: GameState, seat: int | None = None) -> list[Move]:
    """Every legal Move of the player to act: card plays x origins x paths x bonus choices."""
    pub = state.public
    seat = pub.current if seat is None else seat
    if pub.phase != PH_MOVE or seat != pub.current:
        return []
    s = state.sled(seat)
    origins = [None] if not (state.game == MM and s.at is None) else list(range(1, state.track.lanes + 1))
    out = []
    for play in play_options(state, seat):
        lv = dict((p, v) for p, _, v in play)
        left = lv.get("left", dog_value(state, seat, "left"))
        right = lv.get("right", dog_value(state, seat, "right"))
        brake = lv.get("brake", s.brake)
        speed, drift, _ = speed_and_drift(state.game, left, right, brake)
        for origin in origins:
            for path in paths(speed, drift):
                for bonus in _bonus_choices(state, seat, left, right, speed):
                    mv = Move(seat, play, path, bonus, origin)
                    try:
                        move_outcome(state, mv)
                    except IllegalMove:
                        continue
                    out.append(mv)
    return out


def _bonus_choices(state: GameState, seat: int, left: int, right: int, speed: int) -> list[int]:
    s = state.sled(seat)
    if state.game == ST:
        if left == right and speed >= 1 and not s.first_turn:
            return [0, race_position(state, seat)]
        return [0]
    die = s.die
    if left == right and not s.first_turn:
        p = min(race_position(state, seat), state.rules.mm_die_max)
        die = p if die is None else max(die, p)
    return list(range(0, (die or 0) + 1))


def refill_options(state: GameState) -> list[Refill]:
    """Every legal Refill (distinct by the values discarded) of the player to act."""
    need = state.public.refill
    if state.public.phase != PH_REFILL or need is None:
        return []
    seat = need.seat
    s = state.sled(seat)
    cards = sorted(s.hand, key=lambda c: (state.value(seat, c), c))
    seen = set()
    out = []
    chapel = [False, True] if need.chapel else [False]
    kennels = [False, True] if need.kennels else [False]
    for ch in chapel:
        lo, hi = _discard_range(state, need, ch)
        for k in range(lo, hi + 1):
            for combo in combinations(cards, k):
                key = (ch, tuple(state.value(seat, c) for c in combo))
                if key in seen:
                    continue
                seen.add(key)
                disc = tuple((c, state.value(seat, c)) for c in combo)
                for ke in kennels:
                    out.append(Refill(seat, disc, ch, ke))
    return out


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the player to act (needs that player's private part)."""
    pub = state.public
    if pub.phase == PH_TREES:
        return [PlaceTree(pub.current, sid) for sid in tree_spaces(state)]
    if pub.phase == PH_START:
        taken = {s.start for s in pub.sleds if s.start}
        return [ChooseStart(pub.current, p) for p in range(1, state.track.lanes + 1) if p not in taken]
    if pub.phase == PH_MOVE:
        return list(legal_moves(state))
    if pub.phase == PH_REFILL:
        return list(refill_options(state))
    return []


# ------------------------------------------------------------ absent players
def standings(state: GameState) -> list[int]:
    """Places as they stand: finishers, then sleds still racing by race position, then the eliminated."""
    pub = state.public
    return list(pub.places) + ranking(state, racing_seats(state)) + list(reversed(pub.eliminated))


def open_seat(state: GameState, seat: int, rand: RandomSource, secret: bytes) -> GameState:
    """A computer player takes over an absent seat: its cards become known to every peer.

    The values of the seat's unopened cards (hand and deck) are the deck's
    composition minus every opened card it holds; they are dealt to those
    cards at random.  ``secret`` (the same on every peer) lays out any later
    reshuffle, so every peer can play and check the seat from here on.
    """
    from collections import Counter

    s = state.sled(seat)
    located = s.hand + s.deck + s.discard + s.left + s.right + s.aside
    unknown = Counter(initial_composition(state.game, state.rules))
    unknown.subtract(s.values[c] for c in located if s.values[c] >= 0)
    values = list(s.values)
    hidden = sorted(c for c in located if values[c] < 0)
    deal = shuffle_with(rand, sorted(unknown.elements()))
    for c, v in zip(hidden, deal):
        values[c] = v
    privates = list(state.private)
    privates[seat] = Private(seat, secret, tuple(values))
    return GameState(rules=state.rules, track=state.track, public=state.public, private=tuple(privates))


# ----------------------------------------------------------------- results
def final_places(state: GameState) -> list[int]:
    """Seats in final order: finishers, then eliminated sleds, latest first (ST-E3, MM-E2)."""
    pub = state.public
    return list(pub.places) + list(reversed(pub.eliminated))


def points(state: GameState) -> dict[int, int]:
    """ST-E3 points by seat (Mush! Mush! single race: 0; tournaments use MM-T1)."""
    table = state.rules.st_points if state.game == ST else (10, 7, 5, 4, 3, 2, 1, 0)
    out = {i: 0 for i in range(len(state.public.sleds))}
    for place, seat in enumerate(state.public.places):
        out[seat] = table[place] if place < len(table) else 0
    return out

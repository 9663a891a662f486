"""The rules engine of the two sled games: Snow Tails (ST-n) and Mush! Mush! (MM-n).

Long by design (over 800 lines): one engine, one file -- both games' rules read top to bottom beside their
rule ids, and the hot paths stay in one module (issue 20, design note property 4).

Theory of operation
-------------------
The engine is pure: ``apply(state, action, rand)`` returns a new immutable
:class:`GameState` or raises :class:`IllegalMove` naming the rule broken, and
leaves the old state untouched.  It does no I/O, reads no clock and owns no
randomness: every shuffle and draw takes ``rand`` (a :class:`~snowp2p.core.drbg.Rand`).

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

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Protocol, Sequence

from .config import PLAYER_COUNTS, SledRules, check_extra_trees
from ...core.drbg import Rand, derive
from ...core.errors import IllegalMove
from .track import EDGE, Track

ST, MM = "snowtails", "mush"
POSITIONS = ("left", "right", "brake")

RACING, FINISHED, ELIMINATED = "racing", "finished", "eliminated"
PH_TREES, PH_START, PH_MOVE, PH_REFILL, PH_OVER = "place_trees", "choose_start", "move", "refill", "over"


class RandomSource(Protocol):
    def below(self, n: int) -> int: ...


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


# ------------------------------------------------------------- working copy
# Building a frozen record is the engine's most repeated cost: a frozen dataclass's __init__ sets
# every field through ``object.__setattr__``.  So one ``apply`` works on mutable *twins* of the
# records it changes: plain slotted classes with exactly the same fields, hence the same memory
# layout.  When the action is done, :meth:`_W.freeze` turns each twin into the frozen record in
# place (``twin.__class__ = Sled``, which Python allows between classes of the same layout): no
# copy at all.  The twins never leave this module, and a frozen record is never changed again.
def _twin(cls, methods: Sequence[str] = ()):
    """A mutable class with the fields (``__slots__``) of the frozen slotted record ``cls``.

    ``twin(record)`` copies a record; ``twin_object.freeze()`` makes that object a ``cls``
    (and returns it).  ``methods`` names read-only helpers of ``cls`` the twin shares.
    """
    slots = cls.__slots__
    ns: dict = {}
    exec("def __init__(self, rec):\n" + "".join(f"    self.{f} = rec.{f}\n" for f in slots), ns)

    def freeze(self):
        self.__class__ = cls
        return self

    body = {"__slots__": slots, "__init__": ns["__init__"], "freeze": freeze,
            "__doc__": f"A mutable working copy of a {cls.__name__} (see _W)."}
    body.update((m, cls.__dict__[m]) for m in methods)
    return type(f"_Working{cls.__name__}", (), body)


def _builder(cls):
    """``build(*values)``: a new frozen ``cls`` from all its field values, in field order.

    Calls each slot's own setter: the same result as ``cls(*values)`` at about half the cost
    (no keyword or default handling, no ``object.__setattr__`` lookup per field).
    """
    slots = cls.__slots__
    src = [f"def build({', '.join(slots)}):", "    new = _new(_cls)"]
    src += [f"    _set_{f}(new, {f})" for f in slots]
    src.append("    return new")
    ns = {"_new": object.__new__, "_cls": cls, **{f"_set_{f}": cls.__dict__[f].__set__ for f in slots}}
    exec("\n".join(src), ns)
    return ns["build"]


_WSled = _twin(Sled, ("hand_count", "generation"))
_WPublic = _twin(Public)
_new_state = _builder(GameState)
_new_need = _builder(RefillNeed)


class _W:
    """A working copy used inside one ``apply``: changed in place, then :meth:`freeze` makes the new state.

    ``public`` is a mutable :class:`Public` whose ``sleds`` is a list; a sled becomes a mutable
    twin when first changed (:meth:`edit`).  Read access is the same as a GameState's
    (``public``, ``sled``, ``value``, ``rules``, ``track``), so read-only helpers such as
    :func:`ranking` take either.  Nothing outside this module ever sees a ``_W``.
    """

    __slots__ = ("rules", "track", "game", "public", "private", "edited")

    def __init__(self, state: GameState):
        self.rules = state.rules
        self.track = state.track
        self.public = pub = _WPublic(state.public)
        pub.sleds = list(pub.sleds)
        self.game = pub.game
        self.private = state.private  # a new tuple when a private part changes (rare)
        self.edited: list[int] = []  # seats whose sled is a twin

    def sled(self, seat: int) -> Sled:
        return self.public.sleds[seat]

    def edit(self, seat: int):
        """Seat ``seat``'s sled, ready to be changed in place."""
        sleds = self.public.sleds
        s = sleds[seat]
        if type(s) is not _WSled:
            s = sleds[seat] = _WSled(s)
            self.edited.append(seat)
        return s

    value = GameState.value

    def freeze(self) -> GameState:
        """The new state.  The working copy is used up: it must not be used afterwards."""
        pub = self.public
        sleds = pub.sleds
        for seat in self.edited:
            sleds[seat].freeze()
        pub.sleds = tuple(sleds)
        return _new_state(self.rules, self.track, pub.freeze(), self.private)


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
    why = check_extra_trees(rules.extra_trees, len(trees))
    if why:
        raise IllegalMove("ST-S1" if game == ST else "MM-S1", why)
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
    w = _W(GameState(rules=rules, track=track, public=pub, private=tuple(privates)))
    if rules.extra_trees:
        # ST-S1 / MM-S1 Decision: the players place the extra trees one at a time, going round the
        # seats from a player drawn at random; the race is set up after the last one
        first = rand.below(n)
        placers = tuple((first + i) % n for i in range(rules.extra_trees))
        w.public.phase, w.public.choosers, w.public.current = PH_TREES, placers, placers[0]
    else:
        _begin(w, rand)
    return w.freeze()


def _begin(w: _W, rand: RandomSource) -> None:
    """The random part of the set-up: start positions or order, shuffles, first hands."""
    game, rules, track = w.game, w.rules, w.track
    n = len(w.public.sleds)
    if game == ST:
        if rules.st_start_positions == "random":
            positions = shuffle_with(rand, list(range(1, n + 1)))  # option: positions drawn at random
            for seat, p in enumerate(positions):
                s = w.edit(seat)
                s.start, s.at = p, track.start_space(p)
            _deal_snowtails(w, rand)
            return
        first = rand.below(n)  # ST-S2: the first chooser is drawn at random, then round the seats
        choosers = tuple((first + i) % n for i in range(n))
        w.public.phase, w.public.choosers, w.public.current = PH_START, choosers, choosers[0]
        return
    # MM-S5: start order drawn at random; MM-S6: bonus die by start order; MM-S4: shuffle, draw 5.
    order = shuffle_with(rand, list(range(n)))
    for i, seat in enumerate(order):
        s = w.edit(seat)
        s.start, s.die = i + 1, rules.mm_die_by_order[i]
    for seat in range(n):
        s = w.edit(seat)
        s.deck = tuple(shuffle_with(rand, list(s.deck)))
        _draw(w, seat, rules.hand_size, rand)
    w.public.phase, w.public.order, w.public.current, w.public.choosers = PH_MOVE, tuple(order), order[0], ()


def shuffle_with(rand: RandomSource, items: list) -> list:
    """Fisher-Yates with ``rand.below`` (the order is part of the protocol, see drbg.py)."""
    for i in range(len(items) - 1, 0, -1):
        j = rand.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _deal_snowtails(w: _W, rand: RandomSource) -> None:
    """ST-S4: shuffle every deck, draw 5, positions 4 and 5 draw extra; ST-O1: round 1 by start position."""
    extra = dict(w.rules.st_extra_cards)
    sleds = w.public.sleds
    for seat in range(len(sleds)):
        s = w.edit(seat)
        s.deck = tuple(shuffle_with(rand, list(s.deck)))
        _draw(w, seat, w.rules.hand_size + extra.get(s.start, 0), rand)
    order = tuple(sorted(range(len(sleds)), key=lambda i: sleds[i].start))
    pub = w.public
    pub.phase, pub.order, pub.current, pub.choosers = PH_MOVE, order, order[0], ()


# ------------------------------------------------------------------ helpers
# Functions taking a ``w: _W`` change that working copy in place (and return nothing).
def _draw(w: _W, seat: int, count: int, rand: RandomSource) -> None:
    """Draw ``count`` cards from the top of the deck, reshuffling as the rules say (ST-R4, MM-R3)."""
    if count <= 0:
        return
    rules = w.rules
    s = w.edit(seat)
    if w.game == ST and len(s.deck) < rules.st_reshuffle_below:
        _reshuffle(w, seat, rand)  # ST-R4: before drawing, when the deck holds < 3
    if s.deck and s.values[s.deck[-1]] >= 0:
        # the kennels' five (MM-F2) waits at the bottom of the deck, face known: hide it first
        _relay_deck(w, seat, rand)
    hand = list(s.hand)
    deck = list(s.deck)
    from_top = rules.deck_draw == "top"
    for _ in range(count):
        if not deck and w.game == MM:
            s.hand, s.deck = tuple(sorted(hand)), ()
            _reshuffle(w, seat, rand)  # MM-R3: to draw from an empty deck
            deck = list(s.deck)
        if not deck:
            break  # nothing left anywhere to draw
        # A draw takes a slot chosen by this action's randomness (not the top of a deck whose order
        # is already public), so the owner, who knows what each slot holds, can not foresee it (G4).
        hand.append(deck.pop(0 if from_top else rand.below(len(deck))))
    s.hand, s.deck = tuple(sorted(hand)), tuple(deck)


def _reshuffle(w: _W, seat: int, rand: RandomSource, extra: Sequence[int] = ()) -> None:
    """Gather the discards, the rest of the deck and the covered dog cards into a new generation of slots.

    ST-R4: discard pile + rest of the deck + sled mat cards except each dog's top card.
    MM-R3: all dog cards on the sled except each dog's top card (the discards lie there, MM-R2).
    MM-F2: ``extra`` adds a set-aside five and the whole current deck (shuffling it in).
    """
    s = w.sled(seat)
    gathered = list(s.discard) + list(s.left[:-1]) + list(s.right[:-1]) + list(s.deck) + list(extra)
    if not gathered:
        return
    _new_generation(w, seat, gathered, rand)
    s = w.edit(seat)
    s.discard, s.left, s.right = (), s.left[-1:], s.right[-1:]


def _relay_deck(w: _W, seat: int, rand: RandomSource) -> None:
    """Lay the deck out again as a new generation of slots (every value unopened).

    Needed before a draw when the deck holds a card whose value is public
    (the five the kennels shuffle in, MM-F2): drawing it would tell everyone.
    What is gathered never depends on the draw's randomness, so the owner
    can commit to the new slots before its move.
    """
    _new_generation(w, seat, list(w.sled(seat).deck), rand)


def _new_generation(w: _W, seat: int, gathered: list[int], rand: RandomSource) -> None:
    """The cards ``gathered`` become the deck: new slot ids, unopened, laid out by the owner, shuffled."""
    s = w.edit(seat)
    first = len(s.values)
    new_ids = list(range(first, first + len(gathered)))
    p = w.private[seat]
    if p is not None:
        layout = private_layout(p.secret, s.generation + 1, [p.values[c] for c in gathered])
        private = list(w.private)
        private[seat] = Private(p.seat, p.secret, p.values + tuple(layout))
        w.private = tuple(private)
    s.deck = tuple(shuffle_with(rand, new_ids))
    s.values = s.values + (-1,) * len(gathered)
    s.gen_starts = s.gen_starts + (first,)


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
    ranks behind every sled on the track, in start order.  A finished Snow
    Tails sled, lifted off the track at the end of its round (ST-E2
    Decision), ranks ahead of every sled still racing, in the order of its
    place (ST-E1).
    """
    track = state.track
    pub = state.public
    sleds = pub.sleds
    if seats is None:
        seats = [s.seat for s in sleds if s.status != ELIMINATED]
    finished = [i for i in pub.places if i in seats and sleds[i].status == FINISHED]
    placed = [i for i in seats if sleds[i].at is not None and sleds[i].status != FINISHED]
    unplaced = sorted((i for i in seats if sleds[i].at is None and sleds[i].status != FINISHED),
                      key=lambda i: sleds[i].start)
    placed.sort(key=lambda i: track.rank[sleds[i].at], reverse=True)
    return finished + placed + unplaced


def _leader(state: GameState, seats: list[int]) -> int:
    """``ranking(state, seats)[0]`` without sorting them all."""
    sleds, key = state.public.sleds, state.track.rank
    best, best_key = -1, None
    for i in seats:
        at = sleds[i].at
        if at is not None and (best_key is None or key[at] > best_key):  # the first of equals, as the stable sort
            best, best_key = i, key[at]
    if best_key is not None:
        return best
    return min(seats, key=lambda i: sleds[i].start)


def racing_seats(state: GameState) -> list[int]:
    return [s.seat for s in state.public.sleds if s.status == RACING]


def race_position(state: GameState, seat: int) -> int:
    """1-based race position among the sleds still racing (ST-B1 Decision; MM-B2).

    ``ranking(state, racing_seats(state)).index(seat) + 1``, counted without sorting: the racing
    sleds ahead, and those level with it but earlier in seat order (the sort is stable).
    """
    sleds = state.public.sleds
    me = sleds[seat]
    if me.status != RACING:
        raise ValueError(f"{seat} is not in list")  # as list.index
    ahead = 0
    if me.at is not None:
        key = state.track.rank
        mine = key[me.at]
        for s in sleds:
            if s.status == RACING and s.at is not None:
                k = key[s.at]
                if k > mine or (k == mine and s.seat < seat):
                    ahead += 1
    else:  # not on the track: behind every sled on it, then in start order (ranking's Decision)
        for s in sleds:
            if s.status == RACING and (s.at is not None or s.start < me.start
                                       or (s.start == me.start and s.seat < seat)):
                ahead += 1
    return ahead + 1


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
    known = state.public.sleds[seat].values[card]  # state.value(seat, card), inlined
    if known < 0:
        p = state.private[seat]
        if p is None:
            return
        known = p.values[card]
    if known != value:
        raise IllegalMove("OPEN", f"card {card} holds {known}, not {value}")


def _check_play(state: GameState, mv: Move) -> None:
    """Validate the cards played (ST-P1..P3, ST-P6, MM-P1/P2) and their openings."""
    s = state.public.sleds[mv.seat]
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
    for p, c, _v in play:
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
    opening_rule = "ST-K2" if game == ST else "MM-K2"
    for _, c, v in play:
        _open(state, mv.seat, c, v, opening_rule)
        if v != value:
            raise IllegalMove("ST-P2" if game == ST else "MM-P1", "all cards played in one turn have the same value")


# -------------------------------------------------------------------- apply
def apply(state: GameState, action: Action, rand: RandomSource) -> GameState:
    """Apply ``action``; return the new state or raise IllegalMove (the old state is untouched)."""
    step = _STEPS.get(type(action))
    if step is None:
        raise IllegalMove("TURN", f"not an action: {action!r}")
    phase, apply_in_place = step
    _check_turn(state, action.seat, phase)
    w = _W(state)
    apply_in_place(w, action, rand)
    return w.freeze()


def _apply_choose(w: _W, a: ChooseStart, rand: RandomSource) -> None:
    taken = {s.start for s in w.public.sleds if s.start}
    if not isinstance(a.position, int) or not (1 <= a.position <= w.track.lanes):
        raise IllegalMove("ST-S2", f"start position {a.position!r} does not exist")
    if a.position in taken:
        raise IllegalMove("ST-S2", f"start position {a.position} is taken")
    s = w.edit(a.seat)
    s.start, s.at = a.position, w.track.start_space(a.position)
    pub = w.public
    pub.last_event = f"{s.name} takes start position {a.position}"
    choosers = pub.choosers[1:]
    if choosers:
        pub.choosers, pub.current = choosers, choosers[0]
        return
    _deal_snowtails(w, rand)


def tree_spaces(state: GameState) -> list[int]:
    """ST-S1 / MM-S1 Decision: where a player may place an extra tree: any space of the track between the
    start and the finish sections that is not blocked (TRK-6, buildings) and has no tree yet."""
    track, trees = state.track, state.public.trees
    return [sid for sid in range(track.base[1][0], track.base[-1][0])
            if sid not in track.blocked and sid not in trees]


def _apply_tree(w: _W, a: PlaceTree, rand: RandomSource) -> None:
    rule = "ST-S1" if w.game == ST else "MM-S1"
    track, pub = w.track, w.public
    if not isinstance(a.space, int) or not 0 <= a.space < track.size:
        raise IllegalMove(rule, f"space {a.space!r} does not exist")
    where = list(track.coords(a.space))
    if not track.base[1][0] <= a.space < track.base[-1][0]:
        raise IllegalMove(rule, f"space {where} is in the start or finish section: trees go between them")
    if a.space in track.blocked:
        raise IllegalMove(rule, f"space {where} is blocked")
    if a.space in pub.trees:
        raise IllegalMove(rule, f"space {where} has a tree already")
    pub.trees = pub.trees | {a.space}
    pub.choosers = placers = pub.choosers[1:]
    pub.last_event = f"{w.sled(a.seat).name} places a tree at {where}"
    if placers:
        pub.current = placers[0]
    else:
        _begin(w, rand)


@dataclass(slots=True)
class _Motion:
    """Working record of one movement (path + bonus)."""

    at: int
    damage: int
    trees: frozenset
    events: list
    stopped: str = ""  # "", "edge", "sled", "out" (eliminated / wrecked)
    edge_step: int = 0  # the step that met the edge or an obstacle (ST-C2), even when it eliminated (ST-R5)


def _apply_move(w: _W, mv: Move, rand: RandomSource) -> None:
    game, rules, track = w.game, w.rules, w.track
    seat = mv.seat
    s = w.public.sleds[seat]
    _check_play(w, mv)
    # Nothing below changes ``w`` before the write-back, so race_position(w, seat) is the race
    # position at the start of the turn (ST-B1 Decision, MM-B2); it is computed only when used.

    # --- 1. play the cards (ST-P4/P5, MM-P1) ---
    left, right, discard, values, brake = s.left, s.right, s.discard, s.values, s.brake
    hand = s.hand
    if mv.play:
        hand = set(hand)
        values = list(values)
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
        hand = tuple(sorted(hand))
        values = tuple(values)
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
        p = min(race_position(w, seat), rules.mm_die_max)
        die = p if die is None else max(die, p)

    # --- path shape (TRK-11) ---
    path = mv.path
    if not isinstance(path, str) or path.strip("FD"):
        raise IllegalMove("TRK-11", f"a path is a string of F and D, not {path!r}")
    want_len = max(speed, 0)
    want_drift = min(drift, want_len)
    if len(path) != want_len or path.count("D") != want_drift:
        raise IllegalMove("TRK-11", f"speed {speed} with drift {drift} needs a path of {want_len} steps "
                                    f"with {want_drift} drift steps, not {path!r}")

    # --- bonus availability ---
    bonus = mv.bonus
    if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
        raise IllegalMove("ST-B1" if game == ST else "MM-B4", f"bonus {bonus!r} is not a number of steps")
    if game == ST:
        st_bonus = 0
        if lv == rv and speed >= 1 and not s.first_turn:
            st_bonus = race_position(w, seat)  # ST-B1
        if bonus not in (0, st_bonus):
            raise IllegalMove("ST-B1", f"the balance bonus is all or nothing: 0 or {st_bonus}, not {bonus}")
    elif bonus > (die or 0):
        raise IllegalMove("MM-B4", f"the bonus die allows at most {die or 0} steps, not {bonus}")

    # --- 3. move ---
    pub = w.public
    # the other sleds by space (the mover's own space and None are never a step's target: every
    # step moves forward, TRK-8/9)
    others = {o.at: o.seat for o in pub.sleds}
    m = _Motion(at, s.damage, pub.trees, [])
    limit_speed = speed + bonus  # ST-L1: speed plus the bonus if taken
    _walk(w, m, path, direction, others, limit_speed)
    if m.edge_step and game == ST:
        # ST-M4: a path ended by the edge or an obstacle at step j must hold min(drift, j) drift steps,
        # also when that collision gives the fifth damage card (ST-R5: elimination is no exemption)
        j = m.edge_step
        if path[:j].count("D") < min(drift, j):
            raise IllegalMove("ST-M4", f"drift comes first: this path hits the edge at step {j} "
                                       f"with drift left unmade")
    if bonus:
        if m.stopped:
            raise IllegalMove("ST-B1" if game == ST else "MM-B4",
                              "a bonus is taken only after a path that ended without a collision")
        if game == MM:
            die = None  # MM-B4: the die is removed as the first bonus step is taken
        _walk(w, m, "F" * bonus, direction, others, limit_speed)
    if m.stopped == "sled" and game == MM and die is not None:
        die = die - 1 or None  # MM-C2: the die goes down by 1; at 0 it is removed

    # --- write back ---
    eliminated = m.stopped == "out" and game == ST
    s = w.edit(seat)
    s.hand, s.left, s.right, s.brake, s.discard, s.values = hand, left, right, brake, discard, values
    s.at = None if eliminated else m.at
    s.damage, s.die, s.first_turn = m.damage, die if game == MM else None, False
    if eliminated:
        s.status = ELIMINATED
    pub.trees = m.trees
    pub.last_event = _describe(w, s.name, m)
    if eliminated:
        # ST-R5 (Decision: at that moment): eliminated at once, removed from the track, no place
        pub.eliminated = pub.eliminated + (seat,)
        _end_turn(w)
        return
    if m.stopped == "out" and game == MM:
        if len(pub.sleds) == 2:
            _two_player_wreck(w, seat)  # MM-C5
            return
        held = len(s.hand)
        if held:  # MM-C4: the whole hand is discarded, 5 new cards drawn
            pub.phase, pub.refill = PH_REFILL, _new_need(seat, held, held, True, False, False, True)
        else:
            _do_refill(w, seat, True, True, rand)
        return

    # --- refill choices ---
    draw = not (m.stopped == "sled" and game == ST)  # ST-C1: no cards drawn after hitting a sled
    over = max(0, s.hand_count() - rules.hand_size)
    most, chapel, kennels = over, False, False
    if game == MM and rules.mm_buildings and s.at is not None:
        trig = track.triggers
        if s.at in trig.get("bothy", ()):  # MM-F4: discard any number of dog cards
            most = len(s.hand)
        chapel = bool(s.at in trig.get("chapel", ()) and s.damage)  # MM-F3
        kennels = bool(s.at in trig.get("kennels", ()) and s.aside)  # MM-F2
    if most or chapel or kennels:  # the player chooses (Refill)
        pub.phase, pub.refill = PH_REFILL, _new_need(seat, over, most, draw, chapel, kennels, False)
    else:
        _do_refill(w, seat, draw, False, rand)  # nothing to choose: refill at once


def _walk(w: _W, m: _Motion, steps: str, direction: int, others: dict, limit_speed: int) -> None:
    """Resolve steps one by one (TRK-12), recording hazards (ST-C*, ST-L*, MM-C*).

    Most walks meet no hazard at all: those take their end from :func:`_clear_route`.
    """
    if m.stopped:
        return
    track, game = w.track, w.game
    route = _clear_route(track, m.at, steps, direction)
    if route is not None and route[1].isdisjoint(others) and route[1].isdisjoint(m.trees):
        m.at = route[0]  # no hazard on the way: the common case
        return
    start = at = m.at
    forward, drift = track.forward, track.drift_to[1 if direction > 0 else 0]  # TRK-8, TRK-9
    blocked, red_line, coords, trees = track.blocked, track.red_line, track.coords_of, m.trees
    for i, ch in enumerate(steps):
        target = drift[at] if ch == "D" else forward[at]
        if target == EDGE or target in blocked:
            # ST-C2 / MM-C1: stay in the space before the contact, take one card
            m.stopped, m.edge_step = "edge", i + 1
            m.events.append("edge")
            _take_damage(w, m, 1, track.is_finished(start) or track.is_finished(at))
            return
        if target in others:
            m.stopped = "sled"  # ST-C1 / MM-C2: stay in the space before
            m.events.append(f"hit {w.sled(others[target]).name}")
            return
        prev = at
        m.at = at = target
        if red_line[target] >= 0 and game == ST and coords[prev][0] < coords[target][0]:
            over = limit_speed - red_line[target]  # ST-L1/L2
            if over > 0:
                m.events.append(f"speed limit {red_line[target]}: {over} damage")
                _take_damage(w, m, over, False)
                if m.stopped:
                    return
        if target in trees:
            m.trees = trees = trees - {target}  # ST-C3 / MM-C3: the tree is removed, one card, keep moving
            m.events.append("tree")
            _take_damage(w, m, 1, game == MM and track.is_finished(target))
            if m.stopped:
                return


@lru_cache(maxsize=8192)
def _clear_route(track: Track, at: int, steps: str, direction: int) -> tuple[int, frozenset[int]] | None:
    """Where ``steps`` from ``at`` end and the spaces they enter, if none of them is a fixed hazard
    (the edge or a blocked space, TRK-10; a red line, ST-L2); otherwise None.

    A pure function of the track, memoised: with no sled or tree on the way either, :func:`_walk`
    needs nothing else.
    """
    forward, drift = track.forward, track.drift_to[1 if direction > 0 else 0]
    blocked, red_line = track.blocked, track.red_line
    entered = []
    for ch in steps:
        at = drift[at] if ch == "D" else forward[at]
        if at == EDGE or at in blocked or red_line[at] >= 0:
            return None
        entered.append(at)
    return at, frozenset(entered)


def _take_damage(w: _W, m: _Motion, count: int, past_finish: bool) -> None:
    rules, game = w.rules, w.game
    if game == MM and past_finish:
        return  # MM-C6: after crossing the finish line no collision cards
    for _ in range(count):
        m.damage += 1
        if game == ST and m.damage >= rules.st_elimination_damage and not w.track.is_finished(m.at):
            m.stopped = "out"  # ST-R5 Decision: at that moment, even mid-path (published: never past the line)
            m.events.append("eliminated")
            return
        if game == MM and m.damage >= rules.mm_collision_limit:
            m.stopped = "out"  # MM-C4: the turn ends at once
            m.events.append("wrecked")
            return


def _describe(w: _W, name: str, m: _Motion) -> str:
    where = "off the track" if m.stopped == "out" and w.game == ST else w.track.labels[m.at]
    extra = f" ({', '.join(m.events)})" if m.events else ""
    return f"{name} moved to {where}{extra}"


def _two_player_wreck(w: _W, seat: int) -> None:
    """MM-C5 Decision: with two players, a fifth collision card ends the race; that player is second."""
    pub = w.public
    pub.phase, pub.current, pub.places, pub.refill, pub.turn = PH_OVER, -1, (1 - seat, seat), None, pub.turn + 1


def _apply_refill(w: _W, r: Refill, rand: RandomSource) -> None:
    need = w.public.refill
    assert need is not None
    s = w.sled(r.seat)
    ids = [c for c, _ in r.discard]
    if len(set(ids)) != len(ids):
        raise IllegalMove("HAND", "the same card discarded twice")
    for c, v in r.discard:
        if c not in s.hand:
            raise IllegalMove("HAND", f"card {c} is not in {s.name}'s hand")
        _open(w, r.seat, c, v, "ST-K2" if w.game == ST else "MM-K2")
    rule = "ST-R2" if w.game == ST else ("MM-C4" if need.wreck else "MM-R1")
    if r.chapel and not need.chapel:
        raise IllegalMove("MM-F3", "the chapel is not available")
    lo, hi = _discard_range(w, need, r.chapel)
    if not (lo <= len(ids) <= hi):
        if lo == hi:
            raise IllegalMove(rule, f"discard exactly {lo} dog card{'' if lo == 1 else 's'}, not {len(ids)}")
        raise IllegalMove("MM-F4", f"discard {lo} to {hi} dog cards, not {len(ids)}")
    if r.kennels and not need.kennels:
        raise IllegalMove("MM-F2", "the kennels are not available")
    _do_refill(w, r.seat, need.draw, need.wreck, rand, r.discard, r.chapel, r.kennels)


def _discard_range(state: GameState, need: RefillNeed, chapel: bool) -> tuple[int, int]:
    """How many dog cards the refill must discard: MM-F3's chapel removes the collision cards first,
    so they no longer count toward the hand of 5 (MM-R1)."""
    if not chapel:
        return need.min_discard, need.max_discard
    s = state.sled(need.seat)
    lo = max(0, len(s.hand) - state.rules.hand_size)
    return lo, (need.max_discard if need.max_discard > need.min_discard else lo)


discard_range = _discard_range  # (the computer player asks it too: bot.py)


def _do_refill(w: _W, seat: int, draw: bool, wreck: bool, rand: RandomSource,
               discard: Sequence[tuple[int, int]] = (), chapel: bool = False, kennels: bool = False) -> None:
    """Action 3 / step 5: discards (ST-R2/R3, MM-R1/R2), buildings, draws (ST-R1/R4, MM-R1/R3).

    ``draw`` and ``wreck`` as in :class:`RefillNeed`; the rest are the player's choices (:class:`Refill`).
    """
    rules, game = w.rules, w.game
    sleds = w.public.sleds
    s = sleds[seat]
    damage = 0 if chapel or wreck else s.damage  # MM-F3 / MM-C4: discard all collision cards
    if discard or damage != s.damage:
        s = w.edit(seat)
        values = list(s.values)
        for c, v in discard:
            values[c] = v  # discards are public (ST-R3, MM-R2 Decisions)
        gone = {c for c, _ in discard}
        s.hand = tuple(c for c in s.hand if c not in gone)
        s.discard = s.discard + tuple(c for c, _ in discard)
        s.values, s.damage = tuple(values), damage
    if wreck:
        _draw(w, seat, rules.hand_size, rand)  # MM-C4: five new dog cards
        w.edit(seat).repair = True
    elif draw:
        _draw(w, seat, rules.hand_size - sleds[seat].hand_count(), rand)
    if kennels:
        s = w.edit(seat)  # MM-F2: after refilling, shuffle one set-aside five into the deck
        s.deck, s.aside = s.deck + s.aside[:1], s.aside[1:]  # re-laid before a draw
    if game == MM and rules.mm_buildings and sleds[seat].at in w.track.triggers.get("tavern", ()):
        s = w.edit(seat)  # MM-F5
        s.die = min(rules.mm_die_max, (s.die or 0) + rules.mm_tavern_bonus)
    w.public.refill = None
    _end_turn(w)


# ---------------------------------------------------------------- turn order
def _end_turn(w: _W) -> None:
    pub = w.public
    pub.turn, pub.phase, pub.refill = pub.turn + 1, PH_MOVE, None
    if w.game == ST:
        _next_snowtails(w)
    else:
        _next_mush(w)


def _next_snowtails(w: _W) -> None:
    pub = w.public
    sleds = pub.sleds
    order = tuple([i for i in pub.order[1:] if sleds[i].status == RACING])
    if order:
        pub.order, pub.current = order, order[0]
        return
    # end of the round (ST-E1): every sled over the line finishes, placed by race position
    crossed = [s.seat for s in sleds if s.status == RACING and s.at is not None and w.track.is_finished(s.at)]
    places = pub.places + tuple(ranking(w, crossed))
    for i in crossed:
        s = w.edit(i)
        s.status = FINISHED
        s.at = None  # ST-E2 Decision: lifted off the track, no longer an obstacle
    racing = racing_seats(w)
    rnd = pub.round + 1
    if not racing or rnd > w.rules.max_rounds:
        places = places + tuple(ranking(w, racing))  # max_rounds Decision
        pub.places, pub.phase, pub.current, pub.order, pub.round = places, PH_OVER, -1, (), rnd
        return
    order = tuple(ranking(w, racing))  # ST-O2
    pub.places, pub.order, pub.current, pub.round = places, order, order[0], rnd


def _next_mush(w: _W) -> None:
    pub = w.public
    if not pub.crossed:
        line = w.track.base[-1][0]  # the first space id past the finish line (track.is_finished)
        for s in pub.sleds:
            if s.at is not None and s.at >= line:
                pub.crossed = True
                break
    acted = pub.current
    waiting = [i for i in pub.order if i != acted]
    rnd = pub.round
    while True:
        if not waiting:
            # end of the round
            if pub.crossed or rnd >= w.rules.max_rounds:
                pub.places = tuple(ranking(w))  # MM-E1/E2 (and the max_rounds Decision)
                pub.phase, pub.current, pub.order, pub.round = PH_OVER, -1, (), rnd + 1
                return
            rnd += 1
            waiting = list(range(len(pub.sleds)))
        if rnd == 1:
            nxt = waiting[0]  # MM-O1: first round in start order
        else:
            nxt = _leader(w, waiting)  # MM-O2 Decision: best race position among those still to act
        if pub.sleds[nxt].repair:
            last = ranking(w)[-1]
            if last != nxt:
                waiting.remove(nxt)  # MM-C4: under repair, does nothing
                continue
            w.edit(nxt).repair = False  # last: plays normally again
        pub.order, pub.current, pub.round = tuple(waiting), nxt, rnd
        return


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
    # (a Mush! Mush! sled that crossed keeps its racing status: each seat once, its place first)
    still = [seat for seat in racing_seats(state) if seat not in pub.places]
    return list(pub.places) + ranking(state, still) + list(reversed(pub.eliminated))


def open_seat(state: GameState, seat: int, rand: RandomSource, secret: bytes,
              known: dict[int, int] | None = None) -> GameState:
    """A computer player takes over an absent seat: its cards become known to every peer.

    The values of the seat's unopened cards (hand and deck) are the deck's
    composition minus every opened card it holds; they are dealt to those
    cards at random.  ``known`` gives values already opened elsewhere (in a
    move of that seat that every peer holds but has not applied yet): they
    are kept.  ``secret`` (the same on every peer) lays out any later
    reshuffle, so every peer can play and check the seat from here on.
    """
    from collections import Counter

    s = state.sled(seat)
    located = s.hand + s.deck + s.discard + s.left + s.right + s.aside
    values = list(s.values)
    for c, v in (known or {}).items():
        if 0 <= c < len(values) and values[c] < 0 and c in located:
            values[c] = v
    unknown = Counter(initial_composition(state.game, state.rules))
    unknown.subtract(values[c] for c in located if values[c] >= 0)
    hidden = sorted(c for c in located if values[c] < 0)
    deal = shuffle_with(rand, sorted(unknown.elements()))
    # (not strict: should a seat's openings have broken its composition, the cards left over stay hidden)
    for c, v in zip(hidden, deal, strict=False):
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


#: each action's phase and the function that applies it to a working copy (see :func:`apply`)
_STEPS = {Move: (PH_MOVE, _apply_move), Refill: (PH_REFILL, _apply_refill),
          ChooseStart: (PH_START, _apply_choose), PlaceTree: (PH_TREES, _apply_tree)}

"""Several races in a row: the Snow Tails series (ST-E4) and the Mush! Mush! tournament (MM-T1..MM-T4).

Theory of operation
-------------------
Pure, like the engine (:mod:`.sled`): no I/O, no clock, no randomness of
its own; every shuffle and draw takes the ``rand`` passed in.

:class:`Series` (ST-E4) and :class:`Tournament` (MM-T1) are immutable
records of the tracks, the players and the results so far.  ``start_race``
gives the initial state of the next race, ``record(final_state)`` returns
the record with that race's result added; ``totals`` and ``standings`` add
the points up and break ties by the place in the last race (ST-E4, MM-T4).

Snow Tails: every race is a fresh :func:`sled.new_game` (the rules carry
nothing over but the points; project Decision, see docs/rules-decisions.md).

Mush! Mush!: races 2 and 3 begin from the previous race's final state,
built by :func:`next_race_state` (MM-T2, MM-T3, MM-F2).  The engine's
``new_game`` can only build fresh decks, so the state is put together here
with the engine's dataclasses.  Card ids are kept: every card of a player
keeps its id and its private value, so each id still means the same card.
The cards that go back into the deck (the cards under the top dogs, whose
values are public) are hidden again by laying the whole deck out as a new
generation of slots, exactly as the engine does for the kennels' five
(``cards._relay_deck``): new ids, the owner's values in a private order from
its layout secret (:func:`sled.private_layout`), the slot ids shuffled with
the shared ``rand``.  See docs/series.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from . import engine as sled
from .config import PLAYER_COUNTS, SledRules
from ...core.errors import RulesError
from .track import Track

ST_POINTS = (5, 3, 2, 1, 0)  # ST-E3 (also SledRules.st_points)
MM_POINTS = (10, 7, 5, 4, 3, 2, 1, 0)  # MM-T1
MM_RACES = 3  # MM-T1


class SeriesError(RulesError):
    """A series or tournament that can not be set up or continued."""


# ------------------------------------------------------------------ results
@dataclass(frozen=True)
class RaceResult:
    """One race of a series: the track, the final places (seats, best first) and the points by seat."""

    track: str
    places: tuple[int, ...]
    points: tuple[int, ...]

    def place_of(self, seat: int) -> int:
        """0-based place of ``seat`` (seats with no place come after everyone)."""
        return self.places.index(seat) if seat in self.places else len(self.places) + seat


def race_points(state: sled.GameState) -> tuple[int, ...]:
    """Points by seat for one finished race: ST-E3 (eliminated sleds 0), MM-T1 (by final place)."""
    n = len(state.public.sleds)
    pts = [0] * n
    if state.game == sled.ST:
        table = state.rules.st_points
        for place, seat in enumerate(state.public.places):  # finishers only: the eliminated score 0 (ST-E3)
            pts[seat] = table[place] if place < len(table) else 0
    else:
        for place, seat in enumerate(finish_order(state)):
            pts[seat] = MM_POINTS[place] if place < len(MM_POINTS) else 0
    return tuple(pts)


def finish_order(state: sled.GameState) -> list[int]:
    """Every seat in final order: :func:`sled.final_places`, then any seat without a place by seat number."""
    places = sled.final_places(state)
    return places + [i for i in range(len(state.public.sleds)) if i not in places]


def result_of(state: sled.GameState) -> RaceResult:
    if not state.is_over:
        raise SeriesError("the race is not over yet")
    return RaceResult(state.track.name, tuple(finish_order(state)), race_points(state))


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class _Cumulative:
    tracks: tuple[Track, ...]
    names: tuple[str, ...]
    rules: SledRules
    results: tuple[RaceResult, ...] = ()

    game = ""  # set by the subclasses

    def __post_init__(self) -> None:
        lo, hi = PLAYER_COUNTS[self.game]
        if not (lo <= len(self.names) <= hi):
            raise SeriesError(f"{len(self.names)} players; this game takes {lo} to {hi}")
        if not self.tracks:
            raise SeriesError("a series needs at least one track")
        for t in self.tracks:
            if t.game != self.game:
                raise SeriesError(f"track {t.name!r} is for {t.game}, not {self.game}")
        if self.rules.game != self.game:
            raise SeriesError(f"rules for {self.rules.game}, not {self.game}")

    @property
    def race_index(self) -> int:
        """0-based index of the next race (== races done)."""
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return len(self.results) >= len(self.tracks)

    @property
    def next_track(self) -> Track:
        if self.is_over:
            raise SeriesError("the series is over")
        return self.tracks[len(self.results)]

    def record(self, final_state: sled.GameState):
        """This record with the result of the race just run (which must be the next race's track)."""
        track = self.next_track
        if final_state.track.name != track.name:
            raise SeriesError(f"the race was run on {final_state.track.name!r}, not {track.name!r}")
        if len(final_state.public.sleds) != len(self.names):
            raise SeriesError("a different number of players")
        return replace(self, results=self.results + (result_of(final_state),))

    def totals(self) -> tuple[int, ...]:
        """Points added up, by seat (ST-E4, MM-T4)."""
        out = [0] * len(self.names)
        for r in self.results:
            for seat, p in enumerate(r.points):
                out[seat] += p
        return tuple(out)

    def standings(self) -> list[int]:
        """Seats best first: highest total; ties to the better place in the last race (ST-E4, MM-T4)."""
        totals = self.totals()
        last = self.results[-1] if self.results else None
        return sorted(range(len(self.names)),
                      key=lambda i: (-totals[i], last.place_of(i) if last else i, i))


@dataclass(frozen=True)
class Series(_Cumulative):
    """ST-E4: a series of Snow Tails races on several tracks, points (ST-E3) added up."""

    game = sled.ST

    def start_race(self, rand: sled.RandomSource, secrets: Sequence[bytes | None]) -> sled.GameState:
        """The next race: a fresh race (Decision: Snow Tails carries nothing but the points over)."""
        return sled.new_game(sled.ST, self.next_track, self.names, rand, secrets, self.rules)


@dataclass(frozen=True)
class Tournament(_Cumulative):
    """MM-T1..MM-T4: three Mush! Mush! races on three tracks chosen before starting."""

    game = sled.MM

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.tracks) != MM_RACES:
            raise SeriesError(f"a tournament is {MM_RACES} races on {MM_RACES} tracks (MM-T1), "
                              f"not {len(self.tracks)}")

    def start_race(self, rand: sled.RandomSource, secrets: Sequence[bytes | None],
                   previous: sled.GameState | None = None) -> sled.GameState:
        """Race 1: a fresh race; later races: :func:`next_race_state` of the previous race's final state."""
        if self.race_index == 0:
            return sled.new_game(sled.MM, self.next_track, self.names, rand, secrets, self.rules)
        if previous is None:
            raise SeriesError("the next race of a tournament starts from the last race's final state (MM-T2)")
        return next_race_state(previous, self.next_track, rand)


# ------------------------------------------------------------ carry-over
def next_race_state(prev: sled.GameState, track: Track, rand: sled.RandomSource) -> sled.GameState:
    """The initial state of the next tournament race from the last race's final state (MM-T2, MM-T3, MM-F2).

    Per player, in seat order (randomness drawn in this order):

    1. MM-T2: the collision cards in the hand are discarded (returned to the supply).
    2. MM-T2: the dog cards under the two top dogs (the covered dog cards and
       the discards lying under them, MM-R2) are gathered; the two top dogs stay.
    3. MM-T2 refill to 5: drawn from the deck as it stands (a slot chosen by
       ``rand`` as in every draw); then the gathered cards, shuffled with
       ``rand``, go under the deck; if the deck held fewer cards than the
       refill needs, the rest is drawn from them.
    4. Hidden again: a deck holding a card whose value is public (a kennels
       five) is laid out again as a new generation before the refill, and the
       gathered cards (public: played) as one more before they go under it
       (new ids, private values by ``sled.private_layout``), so no draw and no
       slot tells anyone a value.  Each is laid out from cards fixed before
       ``rand`` is first used (the deck as it stands, the gathered cards), so
       over the network its owner commits it in the next race's setup, before
       the randomness that shuffles and draws it (protocol/SPEC.md 16.5).
    5. MM-F2: the set-aside fives stay as they are; fives the kennels added
       are among the player's cards and stay in the deck.

    Then MM-T3: the start order is the reverse of the last finish order, and
    the bonus die is set by the new start order (MM-S6).  Every sled is placed
    as at the start of a race: off the track, first turn, racing.
    """
    if prev.game != sled.MM:
        raise SeriesError("only Mush! Mush! carries cards over between races (MM-T2)")
    if not prev.is_over:
        raise SeriesError("the last race is not over")
    if track.game != sled.MM:
        raise SeriesError(f"track {track.name!r} is for {track.game}, not mush")
    rules = prev.rules
    n = len(prev.public.sleds)
    finish = finish_order(prev)
    start_order = list(reversed(finish))  # MM-T3
    start_of = {seat: i for i, seat in enumerate(start_order)}
    sleds: list[sled.Sled] = []
    privates: list[sled.Private | None] = list(prev.private)
    for seat in range(n):
        s = prev.public.sleds[seat]
        s, privates[seat] = _carry_cards(s, privates[seat], rules, rand)
        k = start_of[seat]
        sleds.append(replace(
            s, at=None, brake=0, damage=0, first_turn=True, status=sled.RACING, repair=False,
            start=k + 1, die=rules.mm_die_by_order[k]))  # MM-S6 by the new start order
    trees = track.trees if rules.trees == "track" else frozenset()
    pub = sled.Public(game=sled.MM, sleds=tuple(sleds), trees=frozenset(trees), phase=sled.PH_MOVE,
                      current=start_order[0], round=1, order=tuple(start_order))
    return sled.GameState(rules=rules, track=track, public=pub, private=tuple(privates))


def _lay_out(s: sled.Sled, p: sled.Private | None) -> tuple[sled.Sled, sled.Private | None, bool, list[int]]:
    """MM-T2 before anything is random: collision cards discarded, the cards under the top dogs gathered, and
    every new generation laid out (protocol/SPEC.md 16.5 (4)): (a) the deck as it stands when it holds a card
    whose value is public (a kennels five, MM-F2), (b) the gathered cards (public: played).  Both come from
    cards fixed before the next race's randomness, so over the network each seat commits them in the next
    race's setup, before R(0).  Returns the sled (its deck: the old ids, or (a)'s new ids not shuffled yet),
    the private part, whether (a) was laid out, and (b)'s new ids (not yet in the deck)."""
    under = list(s.left[:-1]) + list(s.right[:-1]) + list(s.discard)  # MM-T2 (discards lie there, MM-R2)
    s = replace(s, left=s.left[-1:], right=s.right[-1:], discard=(), damage=0)  # collision cards discarded
    relaid = any(s.values[c] >= 0 for c in s.deck)
    if relaid:  # e.g. a kennels five (MM-F2): hide it before drawing
        s, p, ids = _relay(s, p, list(s.deck))
        s = replace(s, deck=tuple(ids))
    gathered: list[int] = []
    if under:  # the gathered cards, public, as a new generation: hidden again
        s, p, gathered = _relay(s, p, under)
    return s, p, relaid, gathered


def new_generations(prev: sled.GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """The deck generations ``seat`` lays out for the next tournament race (MM-T2), as (generation, the owner's
    values in slot order): what it commits in the next race's setup, before R(0) (protocol/SPEC.md 16.5 (4)).
    Needs the seat's private part (its own final state)."""
    p = prev.private[seat]
    if p is None:
        raise SeriesError(f"seat {seat}'s cards are not known here")
    old = prev.sled(seat).generation
    s, p, _, _ = _lay_out(prev.sled(seat), p)
    ends = s.gen_starts[1:] + (len(s.values),)
    return [(g, p.values[s.gen_starts[g]:ends[g]]) for g in range(old + 1, s.generation + 1)]


def laid_out(prev: sled.GameState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
    """The generations ``seat`` lays out for the next tournament race (MM-T2), each with the card ids of
    ``prev`` it is laid out from: (generation, old ids).  Public: the same on every peer (protocol/SPEC.md 16.5
    (4): each new generation must hold exactly the cards it is laid out from, checked at the last race)."""
    s = prev.sled(seat)
    under = tuple(s.left[:-1]) + tuple(s.right[:-1]) + tuple(s.discard)
    out = []
    g = s.generation
    if any(s.values[c] >= 0 for c in s.deck):  # (a): the deck as it stands
        g += 1
        out.append((g, tuple(s.deck)))
    if under:  # (b): the gathered cards
        g += 1
        out.append((g, under))
    return out


def _carry_cards(s: sled.Sled, p: sled.Private | None, rules: SledRules,
                 rand: sled.RandomSource) -> tuple[sled.Sled, sled.Private | None]:
    s, p, relaid, gathered = _lay_out(s, p)
    if relaid:
        s = replace(s, deck=tuple(sled.shuffle_with(rand, list(s.deck))))
    hand = list(s.hand)
    deck = list(s.deck)
    need = rules.hand_size - len(hand)
    while need > 0 and deck:  # refill from the deck as it stands
        hand.append(_take(deck, rules, rand))
        need -= 1
    deck += sled.shuffle_with(rand, gathered)  # the gathered cards, shuffled, under the deck
    while need > 0 and deck:  # the deck ran out: the rest from the gathered cards
        hand.append(_take(deck, rules, rand))
        need -= 1
    return replace(s, hand=tuple(sorted(hand)), deck=tuple(deck)), p


def _take(deck: list[int], rules: SledRules, rand: sled.RandomSource) -> int:
    """One draw, as the engine draws (``SledRules.deck_draw``)."""
    return deck.pop(0 if rules.deck_draw == "top" else rand.below(len(deck)))


def _relay(s: sled.Sled, p: sled.Private | None,
           cards: list[int]) -> tuple[sled.Sled, sled.Private | None, list[int]]:
    """``cards`` laid out again as a new generation of slots, as the engine's ``cards._relay_deck`` lays them out (the
    owner's values in a private order from its secret): the sled with the generation added and its new ids.
    Nothing random: the caller shuffles the new ids into the deck."""
    gen = s.generation + 1
    first = len(s.values)
    new_ids = list(range(first, first + len(cards)))
    if p is not None:
        layout = sled.private_layout(p.secret, gen, [p.values[c] for c in cards])
        p = replace(p, values=p.values + tuple(layout))
    s = replace(s, values=s.values + (-1,) * len(cards), gen_starts=s.gen_starts + (first,))
    return s, p, new_ids


# ------------------------------------------------------------- accounting
def located_cards(s: sled.Sled) -> list[int]:
    """Every card id a sled holds now: hand, deck, dogs, discards/under the sled, set aside."""
    return list(s.hand) + list(s.deck) + list(s.left) + list(s.right) + list(s.discard) + list(s.aside)

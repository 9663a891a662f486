"""The hidden cards of the sled games: slots, generations, draws and reshuffles (ST-K2, ST-R4, MM-K2, MM-R3).

Hidden cards.  Every card of a player's deck has an id (a *slot*).  The
public state knows, for each player, which ids are in the hand, the deck (in
draw order), on the dogs and on the discard pile, and the *value* of an id
only once it has been opened (played or discarded).  Each player's private
part (:class:`~.state.Private`) knows the values of all its own ids.  A peer of a
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

When a seat is absent, :func:`open_seat` deals its unopened cards in the open, so that a computer player
can take it over on every peer.
"""

from __future__ import annotations

from typing import Sequence

from ...core.drbg import Rand, derive
from .config import SledRules
from .state import MM, ST, GameState, Private, RandomSource
from .working import _W


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


def shuffle_with(rand: RandomSource, items: list) -> list:
    """Fisher-Yates with ``rand.below`` (the order is part of the protocol, see drbg.py)."""
    for i in range(len(items) - 1, 0, -1):
        j = rand.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


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

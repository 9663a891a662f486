"""Series of races: the Snow Tails series (ST-E4) and the Mush! Mush! tournament (MM-T1..MM-T4, MM-F2).

Pure tests of snowp2p.games.sled.series; the command line is in test_series_play.py.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled.series import (
    MM_POINTS, ST_POINTS, RaceResult, Series, SeriesError, Tournament, located_cards, new_generations,
    next_race_state, race_points,
)
from snowp2p.games.sled.track import find_track

MM_RULES = SledRules(game="mush")
ST_RULES = SledRules(game="snowtails", st_start_positions="random")


def _tracks(game, *names):
    return tuple(find_track(n, game) for n in names)


def _secrets(n, tag="s"):
    return [derive(b"tests/series", tag, i) for i in range(n)]


def _play_out(state, tag="p"):
    """Random legal actions to the end of the race."""
    k = 0
    while not state.is_over:
        acts = sled.legal_actions(state)
        state = sled.apply(state, acts[Rand(derive(b"tests/series/bot", tag, k)).below(len(acts))],
                           Rand(derive(b"tests/series/act", tag, k)))
        k += 1
    return state


def _over(state, places, eliminated=()):
    """``state`` declared over with these places (the fields the series reads)."""
    pub = replace(state.public, phase=sled.PH_OVER, current=-1, order=(), places=tuple(places),
                  eliminated=tuple(eliminated))
    return replace(state, public=pub)


def _rr(track, places, table):
    pts = [0] * len(places)
    for k, seat in enumerate(places):
        pts[seat] = table[k]
    return RaceResult(track, tuple(places), tuple(pts))


def _mm_state(n=4, track="mush-first-race", tag="mm"):
    return sled.new_game(sled.MM, find_track(track, "mush"), [f"P{i}" for i in range(n)],
                         Rand(derive(b"tests/series/setup", tag)), _secrets(n, tag), MM_RULES)


def _assert_cards_conserved(state):
    """Every card of every deck accounted for, once, with its MM-K2 value known to its owner."""
    for s in state.public.sleds:
        ids = located_cards(s)
        assert len(ids) == len(set(ids)) == len(MM_RULES.mm_deck)
        assert Counter(state.value(s.seat, c) for c in ids) == Counter(MM_RULES.mm_deck)
        p = state.private[s.seat]
        assert len(p.values) == len(s.values)
        for c in ids:  # public openings agree with the owner's values
            assert s.values[c] in (-1, p.values[c])


# ====================================================================== ST-E4
def test_st_e3_points_added_up_over_the_series():
    """ST-E4 (with ST-E3 5,3,2,1,0): points of every race are added up; eliminated sleds score 0."""
    tracks = _tracks("snowtails", "first-race", "s-bends")
    names = tuple("ABCDE")
    series = Series(tracks, names, ST_RULES)
    assert series.rules.st_points == (5, 3, 2, 1, 0)
    s1 = series.start_race(Rand(b"r1"), _secrets(5))
    series = series.record(_over(s1, [3, 1, 0, 4, 2]))
    assert series.totals() == (2, 3, 0, 5, 1)
    s2 = series.start_race(Rand(b"r2"), _secrets(5))
    series = series.record(_over(s2, [0, 1, 2], eliminated=(4, 3)))  # 3 eliminated last: listed 4th, 0 points
    assert series.results[-1].points == (5, 3, 2, 0, 0)
    assert series.results[-1].places == (0, 1, 2, 3, 4)
    assert series.totals() == (7, 6, 2, 5, 1)
    assert series.is_over
    assert series.standings() == [0, 1, 3, 2, 4]


def test_st_e4_ties_go_to_the_better_place_in_the_last_race():
    """ST-E4: equal totals are ordered by the last race, not by the earlier ones nor by seat."""
    tracks = _tracks("snowtails", "first-race", "s-bends", "forest")
    series = Series(tracks, ("A", "B", "C", "D"), ST_RULES, results=(
        _rr("first-race", (0, 2, 3, 1), ST_POINTS),  # A 5, C 3, D 2, B 1
        _rr("s-bends", (1, 3, 2, 0), ST_POINTS),  # B 5, D 3, C 2, A 1
    ))
    assert series.totals() == (6, 6, 5, 5)
    # A=B: B 1st in the last race, A 4th; C=D: D 2nd, C 3rd (the first race would say A and C)
    assert series.standings() == [1, 0, 3, 2]
    series = replace(series, results=series.results + (_rr("forest", (2, 0, 3, 1), ST_POINTS),))
    assert series.totals() == (9, 7, 10, 7)  # B=D: D 3rd in the last race, B 4th
    assert series.standings() == [2, 0, 3, 1]


def test_st_e4_each_race_is_a_fresh_race_on_the_next_track():
    """ST-E4 Decision: Snow Tails carries nothing over but the points: fresh decks and sleds each race."""
    tracks = _tracks("snowtails", "first-race", "s-bends", "forest")
    series = Series(tracks, ("A", "B", "C", "D"), ST_RULES)
    finals = []
    for i, t in enumerate(tracks):
        state = series.start_race(Rand(derive(b"race", i)), _secrets(4, f"st{i}"))
        assert state.track.name == t.name
        for s in state.public.sleds:
            assert s.generation == 0 and s.damage == 0 and s.status == sled.RACING
            assert len(located_cards(s)) == len(ST_RULES.st_deck)
        final = _play_out(state, f"st{i}")
        finals.append(tuple(sled.points(final)[k] for k in range(4)))  # ST-E3 by the engine
        series = series.record(final)
    assert [r.track for r in series.results] == ["first-race", "s-bends", "forest"]
    assert series.totals() == tuple(sum(r.points[i] for r in series.results) for i in range(4))
    assert [r.points for r in series.results] == finals
    with pytest.raises(SeriesError):
        _ = series.next_track  # (a property: reading it raises)


def test_st_e4_a_race_on_the_wrong_track_is_refused():
    tracks = _tracks("snowtails", "first-race", "s-bends")
    series = Series(tracks, ("A", "B"), ST_RULES)
    other = Series(tracks[1:], ("A", "B"), ST_RULES).start_race(Rand(b"x"), _secrets(2))
    with pytest.raises(SeriesError):
        series.record(_play_out(other))


# ====================================================================== MM-T1
def test_mm_t1_a_tournament_is_three_races_on_three_tracks():
    names = ("A", "B", "C")
    with pytest.raises(SeriesError, match="MM-T1"):
        Tournament(_tracks("mush", "hairpin", "canyon"), names, MM_RULES)
    with pytest.raises(SeriesError, match="MM-T1"):
        Tournament(_tracks("mush", "hairpin", "canyon", "fjord", "village"), names, MM_RULES)
    with pytest.raises(SeriesError):
        Tournament(_tracks("mush", "hairpin", "canyon") + _tracks("snowtails", "forest"), names, MM_RULES)
    t = Tournament(_tracks("mush", "mush-first-race", "hairpin", "canyon"), names, MM_RULES)
    assert [x.name for x in t.tracks] == ["mush-first-race", "hairpin", "canyon"]


def test_mm_t1_points_by_place_10_7_5_4_3_2_1_0():
    """MM-T1: eight players score 10, 7, 5, 4, 3, 2, 1, 0 by place."""
    assert MM_POINTS == (10, 7, 5, 4, 3, 2, 1, 0)
    places = [5, 2, 7, 0, 1, 6, 3, 4]
    final = _over(_mm_state(8), places)
    pts = race_points(final)
    assert [pts[s] for s in places] == [10, 7, 5, 4, 3, 2, 1, 0]
    t = Tournament(_tracks("mush", "mush-first-race", "hairpin", "canyon"),
                   tuple(f"P{i}" for i in range(8)), MM_RULES).record(final)
    assert t.totals() == pts
    assert t.standings() == places


# ====================================================================== MM-T2
def _rich_final(tag="rich"):
    """A played-out race, then seat 0 given collision cards and a kennels five in its deck (MM-F2)."""
    final = _play_out(_mm_state(4, "village", tag), tag)
    s0 = final.sled(0)
    s0 = replace(s0, damage=2, aside=s0.aside[1:], deck=s0.deck + s0.aside[:1])  # as the kennels leave it
    sleds = list(final.public.sleds)
    sleds[0] = s0
    return replace(final, public=replace(final.public, sleds=tuple(sleds)))


@pytest.mark.parametrize("tag", ["a", "b", "c"])
def test_mm_t2_carry_over_invariants(tag):
    """MM-T2: collision cards discarded; the top dogs stay; the cards under them go (shuffled) into the deck;
    the hand is refilled to 5; every card of the deck is still accounted for."""
    prev = _rich_final(tag)
    _assert_cards_conserved(prev)
    nxt = next_race_state(prev, find_track("canyon", "mush"), Rand(derive(b"carry", tag)))
    _assert_cards_conserved(nxt)
    for a, b in zip(prev.public.sleds, nxt.public.sleds, strict=True):
        assert b.damage == 0  # collision cards discarded
        assert b.left == a.left[-1:] and b.right == a.right[-1:]  # the two top dogs stay (same cards)
        assert b.discard == ()  # nothing left under the dogs
        assert len(b.hand) == MM_RULES.hand_size  # refilled to 5 dog cards
        under = list(a.left[:-1]) + list(a.right[:-1]) + list(a.discard)
        # the hand and the deck now hold exactly the old hand, the old deck and the cards under the dogs
        before = Counter(prev.value(a.seat, c) for c in list(a.hand) + list(a.deck) + under)
        after = Counter(nxt.value(b.seat, c) for c in list(b.hand) + list(b.deck))
        assert before == after
        assert set(a.hand) <= set(b.hand)  # the dog cards in hand are kept
        assert all(b.values[c] == -1 for c in b.deck)  # no value in the deck is public (hidden again)
    assert prev.sled(0).damage == 2 and nxt.sled(0).damage == 0


def test_mm_t2_the_refill_draws_from_the_deck_before_the_gathered_cards():
    """MM-T2: the gathered cards go *under* the deck: the refill takes the deck's cards first."""
    prev = _short_deck("under")
    s = prev.sled(1)
    keep, deck = s.hand, s.deck
    _assert_cards_conserved(prev)
    nxt = next_race_state(prev, find_track("hairpin", "mush"), Rand(b"under"))
    b = nxt.sled(1)
    assert len(b.hand) == 5 and deck[0] in b.hand and set(keep) <= set(b.hand)  # the deck's card drawn first
    _assert_cards_conserved(nxt)


def _short_deck(tag):
    """Seat 1 with 2 dog cards in hand, 3 collision cards, 1 hidden card left in the deck and 7 public cards
    under the dogs: the refill needs 3, the deck holds 1, so 2 come from the gathered cards (MM-T2)."""
    prev = _play_out(_mm_state(3, tag=tag), tag)
    s = prev.sled(1)
    keep, deck, extra = s.hand[:2], s.deck[:1], s.hand[2:] + s.deck[1:]
    values = list(s.values)
    for c in extra:
        values[c] = prev.private[1].values[c]
    s = replace(s, hand=keep, damage=3, deck=deck, discard=s.discard + extra, values=tuple(values))
    sleds = list(prev.public.sleds)
    sleds[1] = s
    return replace(prev, public=replace(prev.public, sleds=tuple(sleds)))


def test_mm_t2_a_refill_past_the_deck_takes_the_gathered_cards_hidden_again():
    """MM-T2: the deck held 1 card, the refill needs 3: the other 2 come from the gathered cards, laid out again
    as a new generation first (new ids, no public value): no one learns which of them went to the hand."""
    prev = _short_deck("pastdeck")
    a = prev.sled(1)
    nxt = next_race_state(prev, find_track("hairpin", "mush"), Rand(b"pastdeck"))
    b = nxt.sled(1)
    _assert_cards_conserved(nxt)
    drawn = set(b.hand) - set(a.hand) - {a.deck[0]}
    assert len(b.hand) == 5 and a.deck[0] in b.hand and len(drawn) == 2
    assert min(drawn) >= len(a.values) and all(b.values[c] == -1 for c in drawn)  # new slots, values hidden
    assert all(b.values[c] == -1 for c in b.deck)


@pytest.mark.parametrize("tag", ["a", "b", "kennels"])
def test_mm_t2_every_new_generation_is_laid_out_before_any_randomness(tag):
    """protocol/SPEC.md 16.5 (4): the content of every generation next_race_state lays out (card ids, values
    in the owner's private order) is the same whatever the randomness: over the network each seat commits it
    before the next race's R(0), so it can not place its cards where the draws will land.  The old deck's
    hidden cards keep their ids (their commitments carry over)."""
    prev = _rich_final(tag)
    track = find_track("canyon", "mush")
    x, y = (next_race_state(prev, track, Rand(derive(b"laid", tag, k))) for k in (1, 2))
    assert x != y  # the randomness did change the draws
    for seat in range(len(prev.public.sleds)):
        a, bx, by = prev.sled(seat), x.sled(seat), y.sled(seat)
        assert bx.gen_starts == by.gen_starts and len(bx.values) == len(by.values) > len(a.values)
        assert x.private[seat].values == y.private[seat].values  # the laid-out values: fixed before rand
        if all(a.values[c] < 0 for c in a.deck):  # no public card in the deck: its hidden cards stay in place
            assert set(a.deck) <= set(bx.hand) | set(bx.deck)


@pytest.mark.parametrize("tag", ["a", "kennels"])
def test_mm_t2_new_generations_are_what_the_next_race_lays_out(tag):
    """protocol/SPEC.md 16.5 (4): ``new_generations`` (what a seat commits in the next race's setup, from its
    own final state, with no randomness) are exactly the generations ``next_race_state`` adds, values in slot
    order; a seat whose cards are not known here can not compute them."""
    prev = _rich_final(tag)
    nxt = next_race_state(prev, find_track("canyon", "mush"), Rand(derive(b"gens", tag)))
    for seat in range(len(prev.public.sleds)):
        gens = new_generations(prev, seat)
        b = nxt.sled(seat)
        assert [g for g, _ in gens] == list(range(prev.sled(seat).generation + 1, b.generation + 1)) and gens
        for g, values in gens:
            end = b.gen_starts[g + 1] if g + 1 < len(b.gen_starts) else len(b.values)
            assert values == nxt.private[seat].values[b.gen_starts[g]:end]
    blind = replace(prev, private=(None,) + prev.private[1:])
    with pytest.raises(SeriesError):
        new_generations(blind, 0)


@pytest.mark.parametrize("tag", ["a", "b", "kennels"])
def test_mm_t2_every_peer_computes_the_same_public_next_race_from_its_own_view(tag):
    """MM-T2 over the network (protocol/SPEC.md 16.5): a peer knows only its own cards; from its own view of
    the last race it computes the same public next race as every other peer (so the state hashes agree), and
    that public part shows no value of any carried card (hand and deck: G4)."""
    prev = _rich_final(tag)
    track = find_track("canyon", "mush")
    full = next_race_state(prev, track, Rand(derive(b"view", tag)))
    n = len(prev.public.sleds)
    for me in range(n):
        view = replace(prev, private=tuple(p if i == me else None for i, p in enumerate(prev.private)))
        mine = next_race_state(view, track, Rand(derive(b"view", tag)))
        assert mine.public == full.public
        assert mine.private[me] == full.private[me] and all(mine.private[i] is None for i in range(n) if i != me)
    for b in full.public.sleds:
        assert all(b.values[c] == -1 for c in list(b.hand) + list(b.deck))


def test_mm_t2_with_a_full_deck_the_refill_takes_no_gathered_card():
    prev = _over(_mm_state(4, tag="full"), [0, 1, 2, 3])  # a deck of 11 hidden cards
    s = prev.sled(2)
    s = replace(s, hand=s.hand[:1], damage=4)
    sleds = list(prev.public.sleds)
    sleds[2] = s
    prev = replace(prev, public=replace(prev.public, sleds=tuple(sleds)))
    assert len(s.deck) >= 4 and all(s.values[c] < 0 for c in s.deck)
    nxt = next_race_state(prev, find_track("hairpin", "mush"), Rand(b"full"))
    drawn = set(nxt.sled(2).hand) - set(s.hand)
    assert len(drawn) == 4 and drawn <= set(s.deck)  # the same ids: drawn from the deck as it stood


def test_mm_f2_kennels_fives_stay_in_the_deck_for_the_tournament():
    """MM-F2: a five the kennels added stays among the player's cards; the other stays set aside."""
    prev = _rich_final("kennels")
    a = prev.sled(0)
    assert len(a.aside) == 1
    nxt = next_race_state(prev, find_track("fjord", "mush"), Rand(b"kennels"))
    b = nxt.sled(0)
    assert b.aside == a.aside  # not set aside again
    in_play = [c for c in located_cards(b) if c not in b.aside]
    assert Counter(nxt.value(0, c) for c in in_play)[5] == 1  # the added five is in the hand or deck
    assert Counter(nxt.value(0, c) for c in list(b.hand) + list(b.deck) + list(b.left) + list(b.right))[5] == 1
    for other in nxt.public.sleds[1:]:
        assert other.aside == prev.sled(other.seat).aside


# ====================================================================== MM-T3
def test_mm_t3_start_order_reversed_and_die_by_start_order():
    """MM-T3: the start order is the reverse of the last finish order; MM-S6 dice 1,1,2,2,3,3,4,4 by it."""
    places = [5, 2, 7, 0, 1, 6, 3, 4]
    prev = _over(_play_out(_mm_state(8, tag="t3"), "t3"), places)
    nxt = next_race_state(prev, find_track("canyon", "mush"), Rand(b"t3"))
    order = sorted(range(8), key=lambda i: nxt.sled(i).start)
    assert order == list(reversed(places))
    assert [nxt.sled(i).start for i in order] == list(range(1, 9))
    assert [nxt.sled(i).die for i in order] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert nxt.public.current == places[-1]  # the last finisher starts first
    assert nxt.public.order == tuple(reversed(places))
    assert nxt.public.phase == sled.PH_MOVE and nxt.public.round == 1 and nxt.public.places == ()
    for s in nxt.public.sleds:  # placed as at the start of a race (MM-O1)
        assert s.at is None and s.first_turn and s.status == sled.RACING and not s.repair
    assert nxt.track.name == "canyon" and nxt.public.trees == find_track("canyon", "mush").trees


def test_mm_t3_the_next_race_is_playable_to_the_end():
    """The carried-over state is a legal engine state: the race runs, cards stay conserved."""
    prev = _rich_final("play")
    nxt = next_race_state(prev, find_track("glacier", "mush"), Rand(b"play"))
    assert sled.legal_actions(nxt)
    done = _play_out(nxt, "play2")
    _assert_cards_conserved(done)
    third = next_race_state(done, find_track("canyon", "mush"), Rand(b"play3"))
    _assert_cards_conserved(third)


def test_next_race_state_refuses_snowtails_and_unfinished_races():
    st = Series(_tracks("snowtails", "first-race", "s-bends"), ("A", "B"), ST_RULES).start_race(Rand(b"x"), _secrets(2))
    with pytest.raises(SeriesError):
        next_race_state(_play_out(st), find_track("canyon", "mush"), Rand(b"y"))
    with pytest.raises(SeriesError):
        next_race_state(_mm_state(), find_track("canyon", "mush"), Rand(b"y"))


# ====================================================================== MM-T4
def test_mm_t4_whole_tournament_highest_total_ties_to_the_last_race():
    """MM-T4: highest total wins; ties go to the better place in the last race."""
    tracks = _tracks("mush", "mush-first-race", "hairpin", "canyon")
    names = ("A", "B", "C", "D")
    t = Tournament(tracks, names, MM_RULES)
    prev = None
    for i in range(3):
        state = t.start_race(Rand(derive(b"t4", i)), _secrets(4, "t4"), prev)
        if i:
            assert [state.sled(s).start for s in reversed(t.results[-1].places)] == [1, 2, 3, 4]
        prev = _play_out(state, f"t4-{i}")
        t = t.record(prev)
    assert t.is_over and sum(t.totals()) == 3 * (10 + 7 + 5 + 4)
    totals = t.totals()
    st = t.standings()
    assert [totals[s] for s in st] == sorted(totals, reverse=True)
    # constructed ties: equal totals go to the better place in the last race
    tie = replace(t, results=(
        _rr("mush-first-race", (0, 1, 2, 3), MM_POINTS),  # A 10, B 7, C 5, D 4
        _rr("hairpin", (2, 1, 0, 3), MM_POINTS),  # C 10, B 7, A 5, D 4
        _rr("canyon", (3, 2, 1, 0), MM_POINTS),  # D 10, C 7, B 5, A 4
    ))
    assert tie.totals() == (19, 19, 22, 18)
    assert tie.standings() == [2, 1, 0, 3]  # B 3rd in the last race, A 4th (A won the first race)
    tie = replace(tie, results=tie.results[:2] + (_rr("canyon", (0, 3, 2, 1), MM_POINTS),))
    assert tie.totals() == (25, 18, 20, 15)
    assert tie.standings() == [0, 2, 1, 3]


def test_mm_t2_a_later_race_needs_the_previous_final_state():
    t = Tournament(_tracks("mush", "mush-first-race", "hairpin", "canyon"), ("A", "B"), MM_RULES)
    t = t.record(_play_out(t.start_race(Rand(b"1"), _secrets(2))))
    with pytest.raises(SeriesError, match="MM-T2"):
        t.start_race(Rand(b"2"), _secrets(2))

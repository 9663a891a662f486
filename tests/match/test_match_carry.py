"""A Mush! Mush! tournament's carried hands over the network, the pure parts (protocol/SPEC.md 16.5): the
roster's ``match.carry`` (the carried cards' slots and commitments, MM-T2), ``check_next`` refusing a host that
substitutes one, the partial ``final_open`` of a race that is not the last, and a carried card opened in the
next race checked against its earlier commitment (a forged card is a ``CommitmentError``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from snowp2p.core.drbg import Rand, derive
from snowp2p.games import find_game
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.games.sled.track import find_track
from snowp2p.protocol.errors import CommitmentError, DecodeError
from snowp2p.protocol.hidden import slot_salt
from snowp2p.protocol.match import (Carried, MatchError, Prev, carried_slots, carry_of, check_carried_opening,
                                    check_next, final_closed_problem, first_race, parse_match)
from snowp2p.protocol.messages import Seat
from snowp2p.protocol.slots import SlotBook, commit_slot

MM, ST = find_game("mush"), find_game("snowtails")
MID = bytes(range(32))
GAME0 = b"\x05" * 32  # race 0's game id
TRACKS = [("mush-first-race", b"\x01" * 32), ("canyon", b"\x02" * 32), ("hairpin", b"\x03" * 32)]
NAMES = ["Ada", "Bob", "Cy"]
SEATS = tuple(Seat(n, bytes([0xA0 + i]) * 32, "127.0.0.1", i + 1) for i, n in enumerate(NAMES))
SECRETS = [derive(b"tests/match/carry", i) for i in range(3)]


def race0_end():
    """Race 0 of a tournament, over, with the slot book every peer built from the seats' ``slot_commit``s."""
    rules = SledRules(game="mush")
    state = sled.new_game(sled.MM, find_track("mush-first-race", "mush"), NAMES, Rand(b"carry"), SECRETS, rules)
    k = 0
    while not state.is_over:  # random legal moves to the end: dogs played, cards under them, a short deck
        acts = sled.legal_actions(state)
        state = sled.apply(state, acts[Rand(derive(b"carry/bot", k)).below(len(acts))], Rand(derive(b"carry", k)))
        k += 1
    book = SlotBook(GAME0)
    deck = MM.hidden
    for seat in range(3):  # every generation (the first deck and each reshuffle) as the owner commits it
        for g in range(deck.generation(state, seat) + 1):
            first, end = deck.bounds(state, seat, g)
            values = deck.values(state, seat)[first:end]
            book.add_generation(seat, g, [commit_slot(GAME0, seat, g, i, v, slot_salt(SECRETS[seat], g, i))
                                          for i, v in enumerate(values)])
    return state, book


def locate(state, seat, card):
    for g in range(MM.hidden.generation(state, seat) + 1):
        first, end = MM.hidden.bounds(state, seat, g)
        if first <= card < end:
            return g, card - first
    raise AssertionError(card)


def carry(state, book):
    return carry_of(MM, 3, state, lambda seat, card: locate(state, seat, card), book.commitment)


def race1_map(state, book):
    return first_race(MID, MM, TRACKS).next(Prev(GAME0, 40, b"\x07" * 32), carry(state, book))


def test_mm_t2_the_hand_and_the_deck_are_carried_the_top_dogs_are_not():
    state, book = race0_end()
    s = state.sled(1)
    assert s.left and s.right and s.hand  # a race played out: top dogs on the sled, a hand to carry
    assert set(MM.hidden.carried(state, 1)) == set(s.hand) | set(s.deck)
    assert ST.hidden.carried(sled.new_game(sled.ST, find_track("first-race", "snowtails"), NAMES[:2], Rand(b"s"),
                                           SECRETS[:2], SledRules(game="snowtails")), 0) == ()
    c = carry(state, book)
    assert [len(x) for x in c] == [len(state.sled(i).hand) + len(state.sled(i).deck) for i in range(3)]
    assert all(x.commitment == book.commitment(1, x.generation, x.slot) for x in c[1])


def test_mm_t2_the_next_roster_carries_the_commitments_and_round_trips():
    state, book = race0_end()
    m1 = race1_map(state, book)
    assert m1.carry is not None and parse_match(m1.to_wire(), MM) == m1
    assert carried_slots(m1, 2) == {locate(state, 2, c) for c in MM.hidden.carried(state, 2)}


@pytest.mark.parametrize("mutate, field", [
    (lambda w: w.pop("carry"), "settings.match.carry"),                      # a later tournament race carries
    (lambda w: w.update(carry=[]), "settings.match.carry"),
    (lambda w: w["carry"][0].insert(0, [0, 0, b"x"]), "settings.match.carry[0][0]"),
    (lambda w: w["carry"][0].reverse(), "settings.match.carry[0]"),          # canonical order, each slot once
    (lambda w: w["carry"][1].append(list(w["carry"][1][0])), "settings.match.carry[1]"),
])
def test_a_malformed_carry_is_refused_naming_the_field(mutate, field):
    state, book = race0_end()
    w = race1_map(state, book).to_wire()
    mutate(w)
    with pytest.raises(DecodeError) as e:
        parse_match(w, MM)
    assert e.value.field == field


def test_st_e4_a_series_carries_nothing_and_race_0_follows_nothing():
    w = first_race(MID, ST, TRACKS[:2]).next(Prev(GAME0, 3, b"\x07" * 32)).to_wire()
    w["carry"] = [[]]
    with pytest.raises(DecodeError) as e:
        parse_match(w, ST)
    assert e.value.field == "settings.match.carry"
    w = first_race(MID, MM, TRACKS).to_wire()
    w["carry"] = [[], [], []]
    with pytest.raises(DecodeError):
        parse_match(w, MM)


def _body(m):
    return SimpleNamespace(kind="mush", seats=SEATS,
                           settings={"game": "mush", "rules": {"game": "mush"}, "move_time": 90,
                                     "match": m.to_wire()})


def test_a_host_that_substitutes_a_carried_commitment_is_refused_before_anyone_signs():
    """SPEC 16.5 (2): each seat checks the offered carry against its own race-0 log (``check_next``)."""
    state, book = race0_end()
    first = _body(first_race(MID, MM, TRACKS))
    mine = race1_map(state, book)
    check_next(MM, first, mine, _body(mine), TRACKS[1][1])  # the honest offer passes
    c = [list(x) for x in mine.carry]
    c[0][0] = Carried(c[0][0].generation, c[0][0].slot, b"\x66" * 32)
    forged = first_race(MID, MM, TRACKS).next(mine.prev, c)
    with pytest.raises(MatchError, match="other commitments"):
        check_next(MM, first, mine, _body(forged), TRACKS[1][1])


def test_a_carried_card_opens_against_its_race_0_commitment_a_forged_one_is_refused():
    """SPEC 16.5 (3), G5: a carried hand card played in race 1 opens its race-0 slot; another value (a swapped
    card) or a slot the seat did not carry is a CommitmentError (the proof: the race-0 ``slot_commit`` and the
    race-1 move, both signed)."""
    state, book = race0_end()
    m1 = race1_map(state, book)
    seat = 1
    card = state.sled(seat).hand[0]
    value = state.private[seat].values[card]
    g, slot = locate(state, seat, card)
    salt = slot_salt(SECRETS[seat], g, slot)
    assert check_carried_opening(m1, seat, g, slot, value, salt) == value
    with pytest.raises(CommitmentError):
        check_carried_opening(m1, seat, g, slot, value + 1, salt)  # a better card than it carried
    not_carried = state.sled(seat).left[-1]  # a top dog: played, public, stays on the sled (MM-T2)
    ng, ns = locate(state, seat, not_carried)
    with pytest.raises(CommitmentError, match="did not carry"):
        check_carried_opening(m1, seat, ng, ns, state.private[seat].values[not_carried],
                              slot_salt(SECRETS[seat], ng, ns))
    with pytest.raises(CommitmentError):  # another seat's card, opened as its own
        check_carried_opening(m1, 0, g, slot, value, salt)


def test_a_race_that_is_not_the_last_leaves_exactly_the_carried_slots_closed():
    """SPEC 16.5 (1): the partial final_open of races 1 and 2; the last race opens everything (MM-T1)."""
    state, book = race0_end()
    m0 = first_race(MID, MM, TRACKS)
    carried = {locate(state, 0, c) for c in MM.hidden.carried(state, 0)}
    assert final_closed_problem(m0, carried, set(carried)) is None
    assert "carries" in final_closed_problem(m0, carried, set(carried) - {min(carried)})
    assert "closed" in final_closed_problem(m0, carried, set(carried) | {(0, 999)})
    last = m0.next(Prev(GAME0, 1, b"\x07" * 32), carry(state, book)).next(Prev(GAME0, 2, b"\x07" * 32),
                                                                           carry(state, book))
    assert last.last and "closed" in final_closed_problem(last, carried, carried)
    assert final_closed_problem(last, carried, set()) is None
    assert final_closed_problem(None, set(), set()) is None and final_closed_problem(None, set(), {(0, 1)})

"""A decision on this seat whose two voters declared each other across a cut rests on one seat's word: the seat, if
answering, may refuse it (issue 18; SPEC 11.9, *Refusal*; ``Session.owner_one_word``, net/watch.py
``AbsenceWatch.was_answering``; sim lie-away seed 41162).

Partition {p3} | {p0, p1, p2, p4}: p3, cut off alone, declared every seat and voted every seat out; liar p4 had
declared p3 across the cut, and at the heal joined p3's vote on answering p0 at once.  p0 had just taken p3's move
and waited on two reveals for it (9 ms), so it counted those two seats away (``_voters``), and p3's and p4's votes
decided it.  Two voters: no sole word, so p0 never asked its clock, and accepted.  Their absents show they were on two
sides of a cut (``_across``, both ways; one way is no cut, seed 5121): their decision is each one's word, and
p0, answering, refuses it now (after the wait for the seats it counted away, seed 4221).

The absents and the decision are set on a playing session (3 seats, in memory) as the messages would leave them.
"""

from __future__ import annotations

from snowp2p.net.watch import AbsenceWatch
from test_absent_across_votes import LONE, OTHER as LIAR, OWNER, declared_each_other, voted_on_owner

ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0


def _owner(across: bool, lone_held_liars_claim: bool = False):
    """The owner's session with a decided vote on it by LONE and LIAR (across a cut from each other, or not; or the
    LIAR's absent on LONE across, while LONE's on LIAR was signed holding it: LONE answered the claim)."""
    s, turn = voted_on_owner("bot")
    owed = "left" if lone_held_liars_claim else "reveal"  # (LONE treated LIAR as leaving, holding its claim)
    declared_each_other(s, LONE, LIAR, turn, across and not lone_held_liars_claim, across, owed)
    s.decided[OWNER] = ("bot", s.chain.next_seq(OWNER) + 2, (LONE, LIAR))
    return s


def test_two_voters_across_a_cut_are_one_seats_word_for_the_owners_clock():
    s = _owner(across=True)
    assert s.sole_word(OWNER) is None, "the test's premise: two voters decided it"
    assert s._across(LIAR, LONE), "the test's premise: the liar declared LONE without holding LONE's claim on it"
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    assert w.was_answering(0.1), "an answering seat accepted a decision resting on two sides of a cut"
    assert w.vote_verdict(0.1) != "accept"


def test_two_voters_on_one_side_decide_it():
    s = _owner(across=False)
    assert not s._across(LIAR, LONE) and not s._across(LONE, LIAR)
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    assert not w.was_answering(0.1) and w.vote_verdict(0.1) == "accept"


def test_an_absent_answered_by_the_seat_it_names_is_no_cut():
    """Lie-away seed 5121: liar p0 declared p2 (a relay), and p2 later signed p0 leaving holding that claim; both then
    voted out p3, cut off alone: one way only, no cut between the two voters, and p3 accepts their decision."""
    s = _owner(across=True, lone_held_liars_claim=True)
    assert s._across(LIAR, LONE) and not s._across(LONE, LIAR), "the test's premise: across one way only"
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    assert not w.was_answering(0.1) and w.vote_verdict(0.1) == "accept"

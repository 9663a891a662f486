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
from snowp2p.protocol.messages import Absent, Vote
from test_absent_unit import Table

OWNER, LONE, LIAR = 0, 1, 2
ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0


def _owner(across: bool, lone_held_liars_claim: bool = False):
    """The owner's session with a decided vote on it by LONE and LIAR (across a cut from each other, or not; or the
    LIAR's absent on LONE across, while LONE's on LIAR was signed holding it: LONE answered the claim)."""
    t = Table("snake", n=3)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    s = t.s[OWNER]
    have, turn = s.chain.next_seq(OWNER), s.turn
    s.votes[OWNER] = {LONE: Vote(OWNER, "bot", have), LIAR: Vote(OWNER, "bot", have + 2)}
    lone_have, liar_have = s.chain.next_seq(LONE), s.chain.next_seq(LIAR)
    held_of_liar = liar_have if across and not lone_held_liars_claim else liar_have + 2
    owed = "left" if lone_held_liars_claim else "reveal"  # (LONE treated LIAR as leaving, holding its claim)
    s.absents.setdefault(LIAR, {})[LONE] = Absent(LIAR, turn, held_of_liar, owed)
    s.absent_haves.setdefault((LONE, LIAR), set()).add(held_of_liar)
    s.absent_seq[(LONE, LIAR)] = lone_have + 1
    held_of_lone = lone_have if across else lone_have + 2
    s.absents.setdefault(LONE, {})[LIAR] = Absent(LONE, turn, held_of_lone, "move")
    s.absent_haves.setdefault((LIAR, LONE), set()).add(held_of_lone)
    s.absent_seq[(LIAR, LONE)] = liar_have + 1
    s.decided[OWNER] = ("bot", have + 2, (LONE, LIAR))
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

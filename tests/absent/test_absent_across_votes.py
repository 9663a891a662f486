"""Two votes on this seat from two seats that declared each other across a cut are no majority (issue 18; SPEC 11.9,
*A decision's voters*, rule 4; sim seed 32735).

Partition {p1} | {p0, p2}: p1, cut off alone, declared p0 and p2 and voted both out; p2 declared p1 (p1's move never
reached it), then, hostile, voted answering p0 out.  p0, decided out on p2's word, waited for p1 (the game waited on
p1's move: a partition may hold its vote back, seed 4221).  At the heal p1's vote on p0 came, but not its vote on p2
(p0 takes nothing straight from p1 past p1's vote on it, which p0 contested), so the two were not *apart* by their
votes (``_sides_apart``), and p0 took them for a majority and accepted.  Their absents show the same: p2 declared
p1 without holding p1's claim on p2 (``_across``).  Now such votes are each one seat's word (``votes_on_owner``),
and p0, answering, refuses.

The absents and votes are set on a playing session (3 seats, in memory) as the messages would leave them.
"""

from __future__ import annotations

from snowp2p.protocol.messages import Absent, Vote
from test_absent_unit import Table

OWNER, LONE, OTHER = 0, 1, 2


def _owner(across: bool):
    t = Table("snake", n=3)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    s = t.s[OWNER]
    have, turn = s.chain.next_seq(OWNER), s.turn
    s.votes[OWNER] = {LONE: Vote(OWNER, "bot", have), OTHER: Vote(OWNER, "end", have + 2)}
    lone_have, other_have = s.chain.next_seq(LONE), s.chain.next_seq(OTHER)
    # LONE declared OTHER, OTHER declared LONE: across a cut, each without the other's claim (its seq past the count
    # the other held); else each holding the other's claim
    held_of_other = other_have if across else other_have + 2
    s.absents.setdefault(OTHER, {})[LONE] = Absent(OTHER, turn, held_of_other, "reveal")
    s.absent_haves.setdefault((LONE, OTHER), set()).add(held_of_other)
    s.absent_seq[(LONE, OTHER)] = lone_have + 1
    held_of_lone = lone_have if across else lone_have + 2
    s.absents.setdefault(LONE, {})[OTHER] = Absent(LONE, turn, held_of_lone, "move")
    s.absent_haves.setdefault((OTHER, LONE), set()).add(held_of_lone)
    s.absent_seq[(OTHER, LONE)] = other_have + 1
    return s


def test_votes_of_two_seats_that_declared_each_other_across_a_cut_are_no_second_vote():
    s = _owner(across=True)
    assert s._across(OTHER, LONE), "the test's premise: OTHER declared LONE without holding LONE's claim on it"
    assert not s._sides_apart(LONE, OTHER), "the test's premise: neither vote on the other is held here"
    assert len(s.votes_on_owner()) <= 1, f"two sides of a cut made a majority: {s.votes_on_owner()}"


def test_a_claim_made_holding_the_other_ones_is_no_cut():
    s = _owner(across=False)
    assert not s._across(OTHER, LONE) and not s._across(LONE, OTHER)
    assert s.votes_on_owner() == {LONE, OTHER}

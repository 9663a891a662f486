"""Two votes from two sides are no majority (issue 18; SPEC 11.9, *A decision's voters*, rule 4; sim seed 3155).

A seat cut off alone votes every other seat out.  When the network heals, its vote on this seat, held together
with a later vote of a seat it voted on too, must not count as two seats' word: each is one seat's word, and this
seat, answering, refuses rather than accepts.  The votes are set on a playing session (4 seats, in memory) as
the messages would leave them: what ``votes_on_owner`` (the second vote the refusal waits for) and the decision's
voters make of them.
"""

from __future__ import annotations

from snowp2p.protocol.messages import Vote
from test_absent_unit import Table

OWNER, LATER, LONE, OTHER = 2, 1, 3, 0


def _table() -> Table:
    t = Table("snake", n=4)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    return t


def test_a_lone_voter_and_a_seat_it_voted_on_are_no_second_vote():
    s = _table().s[OWNER]
    have = s.chain.next_seq(OWNER)
    s.votes[OWNER] = {LONE: Vote(OWNER, "bot", have), LATER: Vote(OWNER, "bot", have)}
    s.votes[LATER] = {LONE: Vote(LATER, "bot", s.chain.next_seq(LATER))}  # the lone seat voted on LATER too
    assert len(s.votes_on_owner()) <= 1, s.votes_on_owner()
    assert s._sides_apart(LONE, LATER) and s._sides_apart(LATER, LONE)


def test_two_votes_of_one_side_are_a_second_vote():
    s = _table().s[OWNER]
    have = s.chain.next_seq(OWNER)
    s.votes[OWNER] = {OTHER: Vote(OWNER, "bot", have), LATER: Vote(OWNER, "bot", have)}
    assert s.votes_on_owner() == {OTHER, LATER}
    assert not s._sides_apart(OTHER, LATER)

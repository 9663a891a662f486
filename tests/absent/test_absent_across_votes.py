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


def voted_on_owner(other_choice: str):
    """A playing session of OWNER (3 seats, Snake Carnival, in memory) holding LONE's vote on it and OTHER's (at two
    more of OWNER's messages, with ``other_choice``); returns it and its turn."""
    t = Table("snake", n=3)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    s = t.s[OWNER]
    have = s.chain.next_seq(OWNER)
    s.votes[OWNER] = {LONE: Vote(OWNER, "bot", have), OTHER: Vote(OWNER, other_choice, have + 2)}
    return s, s.turn


def declared_each_other(s, a: int, b: int, turn: int, a_across: bool, b_across: bool, a_owed: str = "reveal") -> None:
    """``a``'s absent on ``b`` (owed ``a_owed``) and ``b``'s on ``a`` (owed its move), as their messages would leave
    session ``s``: each signed at its next seq, counting of the other's messages what ``s`` holds (across a cut:
    without the other's claim, whose seq is past that count) or two more (holding the other's claim)."""
    for sender, seat, across, owed in ((a, b, a_across, a_owed), (b, a, b_across, "move")):
        held = s.chain.next_seq(seat) + (0 if across else 2)
        s.absents.setdefault(seat, {})[sender] = Absent(seat, turn, held, owed)
        s.absent_haves.setdefault((sender, seat), set()).add(held)
        s.absent_seq[(sender, seat)] = s.chain.next_seq(sender) + 1


def _owner(across: bool):
    s, turn = voted_on_owner("end")
    declared_each_other(s, LONE, OTHER, turn, across, across)
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

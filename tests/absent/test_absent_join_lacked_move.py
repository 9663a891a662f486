"""A seat does not join at once a vote on a seat that said it lacks the very move this seat claims it owes the reveal
of (issue 18; SPEC 11.9, *Voting*; sim seed 32487).

Partition {p1} | {p0, p2}: p1 moved as the partition began; p0 never got the move and declared p1 for it
(``absent{p1, move}``), while p1, cut off and then frozen, declared p0 for the reveal of that move.  p0 then voted
hostile p2 out for not declaring p1; p2 refused and voted on p0.  At the heal p1 held p0's absent on it (relayed) and
p2's vote on p0, and joined that vote at once on its own claim: answering p0 was voted out by two.  p0 can not reveal
a move it never got, and the relay of the move pays the claim; now p1 votes after a pause of its own
(``verdicts._lacks_my_move`` in ``_joinable``), and p2's vote, lone, is judged on the clocks.

The absents and the vote are set on a playing session (3 seats, in memory) as the messages would leave them.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from test_absent_unit import Table

ME, SEAT, VOTER = 1, 0, 2


def _me(theirs: str | None, turn_off: int = 0):
    t = Table("snake", n=3)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    s = t.s[ME]
    turn, have = s.turn, s.chain.next_seq(SEAT)
    s.absents.setdefault(SEAT, {})[ME] = Absent(SEAT, turn, have, "reveal")  # (this seat's claim: SEAT owes a reveal)
    if theirs is not None:  # (SEAT's claim on this seat: it owes its move, of that turn or another)
        s.absents.setdefault(ME, {})[SEAT] = Absent(ME, turn + turn_off, s.chain.next_seq(ME), theirs)
    s.votes.setdefault(SEAT, {})[VOTER] = Vote(SEAT, "bot", have + 3)
    return s


def test_a_vote_on_a_seat_that_lacks_this_seats_move_is_not_joined_at_once():
    s = _me("move")
    assert not s._joinable(SEAT, VOTER), "joined at once: the seat said it never got the move it owes the reveal of"


@pytest.mark.parametrize("theirs,turn_off", [(None, 0), ("reveal", 0), ("move", -1)])
def test_other_claims_are_joined_as_before(theirs, turn_off):
    assert _me(theirs, turn_off)._joinable(SEAT, VOTER)

"""A lone vote on this very seat is judged by this seat's own clock (SPEC 11.9, *A lone vote on a seat that
answers*); the verdict lapses when this peer votes on a seat the leaving voter voted on too only if that vote was
the one judged: held when this peer signed its ``absent{V, left}`` (``verdicts._lapse_lone``; sim seed 47603:
hostile p2 voted answering p1 out alone, p1 held p2 leaving, p0 crashed, p2 and p1 voted on p0, and p1's vote
on p0 lapsed the verdict on p2's vote on p1 itself: p2's vote then decided p1 out).  In memory."""

from __future__ import annotations

import pytest

from test_absent_lone_unseen import claim, held_mover
from kit.table import KINDS


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_on_this_seat_is_not_lapsed_by_a_vote_on_another_seat(game):
    t, mover, turn = held_mover(game)
    voter, judge, _ = [i for i in range(4) if i != mover]
    claim(t, voter, judge, "reveal")  # (a lie: the judge was answering)
    t.out(judge, t.s[judge].leave_voter(voter))
    t.run()
    j = t.s[judge]
    assert voter in j.leaving and (judge, voter) in j.left_said
    claim(t, voter, mover, "move")  # (the mover went quiet: the leaving voter votes on it, after the verdict)
    claim(t, judge, mover, "move")
    assert voter in j.votes.get(mover, {}) and judge in j.votes.get(mover, {})
    assert voter in j.leaving, "a vote on another seat lapsed this seat's verdict on a lone vote on itself"

"""A vote on another voter that is a verdict on that voter's very vote still counts its voter (protocol/SPEC.md 11.9,
*A vote after a vote on another voter*; sim lie-away seed 64618).

A voter that voted on another voter first counts for nothing on a seat while two voters remain (sim lie-away seed 1482:
two sides of a partition).  But a voter J whose vote on voter L follows its own ``absent{L, owed: "left"}`` holding L's
vote on the seat (J judged L's vote on it lone: the seat answered J) is no other side: its vote on L is its word that
the seat answered.  Sim seed 64618: liar p3 voted p0 out, p0 refused, p1 cut off alone joined the liar's vote; frozen
p2, back, judged the liar's vote lone and voted on it; p1 then counted p2 for nothing, decided honest p0 out with the
liar, and named honest p2 in a desync.

Four sessions in memory: Y is to move and holds its move; liar L votes on Y at once, D declares Y and votes with it,
J signs L leaving (holding L's vote on Y) and votes on L.  D does not decide Y without J's vote."""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.session import Output
from snowp2p.protocol.messages import Absent
from test_absent_contested import declare_and_vote, mover_held


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_a_voter_judged_lone_still_counts_its_voter(game):
    t, y, (liar, d, j) = mover_held(game)
    s = t.s
    declare_and_vote(t, liar, y, "move")  # (within Y's move time: a lie)
    t.run()
    o = Output()
    s[d]._emit(Absent(y, s[d].turn, s[d].chain.next_seq(y), "move"), o)  # (D's clock ran out: a cut, say)
    t.dead.add(liar)  # (the liar hears no more: what it does next is not the point)
    t.out(d, o)  # (D joins the liar's vote at once: _join_votes)
    t.run()
    assert d in s[d].votes.get(y, {}) and y not in s[d].decided, "the test's premise: J is a voter on Y at D"
    t.out(j, s[j].leave_voter(liar))  # (J's clock: Y answered it, L's vote on Y is lone)
    o = Output()
    s[j]._vote(liar, "bot", o)
    t.out(j, o)
    t.run()
    assert liar in s[d].votes.get(y, {}) and j in s[d].votes.get(liar, {}), "the votes reached D (the premise)"
    assert y not in s[d].decided and y not in s[d].gone, (
        f"D decided Y with the liar, counting J, which judged the liar's vote on Y lone, for nothing: {s[d].decided}")
    assert j in s[d]._voters(y)

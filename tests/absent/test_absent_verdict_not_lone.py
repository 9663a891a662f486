"""The voted seat's own verdict releases its reveal past an open vote's count only while this peer's vote is the only
one held (protocol/SPEC.md 11.9, *A reveal past a decision's count does not count*; sim lie-away seed 20410).

A peer whose vote on X is open draws no reveal of X at or past the highest count of the votes held: the decision's
count may lie below it (``AbsenceRules._counted_reveal``; seed 12343).  A verdict that its vote was lone (another
seat's ``absent{this seat, owed: left}``) lifts that, so it sees X's return (seed 10727), and X's own verdict does too,
or a lone vote that no third seat judged froze its voter for good (seed 22615).  But with another voter's vote on X
held here the vote is no lone vote: it may still complete when the last voter votes, at a count below the reveal, and
the peers that never drew it take X over first (seed 20410: liar p0 judged p1's and p2's votes on it lone, p1 drew turn
9 with p0's reveal past their count, p3's vote then decided p0 at that count, and p2 and p3 named honest p1 in a
desync).  X's own verdict then releases nothing (``OwnerVerdicts._vote_judged_lone``).  In memory, four seats.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_unit import Table

ME, OTHER, X, THIRD = 0, 1, 2, 3


def _x_owes_its_reveal(game: str):
    """Four seats; X's frames held back (X still plays) while every other seat waits on X's reveal of a turn."""
    for cut in range(2, 9):
        t = Table(game, n=4)
        held: list[tuple[int, int, bytes]] = []
        deliver = t.deliver

        def gated(to: int, frm: int, p: bytes, held=held, deliver=deliver) -> None:
            (held.append if frm == X and gated.on else lambda f: deliver(*f))((to, frm, p))

        gated.on = False
        t.deliver = gated
        t.start()
        t.run(until=lambda t=t, cut=cut: all(s.final_turn >= cut for s in t.s))
        gated.on = True
        t.run()
        if all(t.s[i].waiting_on() == {X} and t.s[i].owed().get(X, None) is not None
               and t.s[i].owed()[X].what == "reveal" for i in (ME, OTHER, THIRD)) and held:
            return t, held
    pytest.skip("no turn found where X owed only its reveal")


@pytest.mark.parametrize("game", KINDS)
def test_the_voted_seats_verdict_releases_no_reveal_past_two_votes(game):
    t, held = _x_owes_its_reveal(game)
    me, x = t.s[ME], t.s[X]
    turn, count = me.applied_turn, me.chain.next_seq(X)
    for v in (ME, OTHER):  # THIRD never votes: the vote stays open
        s = t.s[v]
        t.out(v, s.declare_absent(X))
        o = Output()
        s._emit(Vote(X, "bot", count), o)
        t.out(v, o)
    t.run()
    assert X in me.my_votes and X not in me.decided
    o = Output()
    x._emit(Absent(ME, x.turn, x.chain.next_seq(ME), "left"), o)  # X's verdict: ME's vote was lone (X answered)
    t.out(X, o)
    for to, _frm, p in held:  # X's reveal past the count, and its verdict, reach ME relayed (as a third seat's relay)
        if to == ME:
            t.take(ME, OTHER, p)
    t.run()
    assert me.reveals.has_revealed(X, turn + 1) and me.reveal_seq[(X, turn + 1)] >= count
    assert me._vote_judged_lone(), "X's verdict reached ME"
    assert X not in me.decided
    assert me.applied_turn == turn, "ME drew X's reveal past the count of a vote OTHER's vote may still decide"
    assert X in me.waiting_on()

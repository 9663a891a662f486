"""A seat that took a vote on it and said so is leaving at once, whatever it owes (issue 18; G7; SPEC 11.9, *Bye*;
main sim seed 190534).

Seed 190534 (5 seats, Snow Tails, a never-declaring p4, p2 crashed for 8 s): p1 and p3 voted p4 out for never
declaring p2, as p2 came back; p0, for which p4 then owed nothing, did not vote.  p4 took the vote on its own peer and
said ``bye{voted out}``; its last reveal reached p0 and p2 only.  A seat that said bye is voted out once it owes its
own messages (``_quitting``), and p4 owed p0 nothing: p0 played on to the next move, while p1 and p3 waited on p0's
vote.  They voted p0 out for it, p2 judged that vote lone and held them leaving: two honest seats voted out.

In memory, four seats: the game waits on the mover; two seats vote on a third, ``X``, which owes nothing; the fourth,
``P``, holds both votes and does not join them.  ``X`` says ``bye{voted out}``: ``P`` owes it no waiting and no clock;
``X`` is leaving there (``owed: left``), and ``P``'s vote then decides it.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.game_messages import Absent, Bye, Vote
from snowp2p.protocol.session import Output
from snowp2p.protocol.verdicts import VOTED_OUT
from test_absent_lone_unseen import claim, held_mover


@pytest.mark.parametrize("game", KINDS)
@pytest.mark.parametrize("reason,leaving", [(VOTED_OUT, True), ("left", False)])
def test_a_seat_that_took_a_vote_held_here_is_leaving_at_once(game, reason, leaving):
    t, mover, _ = held_mover(game, "bye voted out")
    X, P = [i for i in range(4) if i != mover][:2]
    V = [i for i in range(4) if i not in (mover, X, P)][0]
    p = t.s[P]
    claim(t, mover, X, "declare")
    v = t.s[V]
    o = Output()
    v._emit(Absent(X, v.turn, v.chain.next_seq(X), "declare"), o)  # (it joins the held vote at once, or votes)
    if X not in v.my_votes:
        v._emit(Vote(X, "bot", v.chain.next_seq(X)), o)
    t.out(V, o)
    t.run()
    assert set(p.votes.get(X, {})) == {mover, V} and X not in p.owed(), "the test's premise: X owes P nothing"
    o = Output()
    t.s[X]._emit(Bye(reason), o)
    t.out(X, o)
    t.run()
    owed = p.owed().get(X)
    if not leaving:  # (a seat that quit is voted out once it owes its own messages, as before: it may still relay)
        assert owed is None
        return
    assert owed is not None and owed.what == "left", f"P owes no vote on a seat that took the vote ({owed})"
    t.out(P, p.declare_absent(X, owed))
    t.run()
    t.out(P, p.cast_vote(X, "bot"))
    t.run()
    assert X in p.decided or X in p.gone, "P's vote with the two it held did not decide the seat that took them"

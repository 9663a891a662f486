"""No seat joins at once a vote signed by a seat that refused the voted seat's vote on it: the refuser's word against
the voted seat's, each on its own clock (protocol/SPEC.md 11.9, *Voting*; sim seed 32487; the other way round from
test_absent_refused_join.py).

Sim seed 32487: p0 voted hostile p2 out for not declaring p1 (cut off by a partition); p2 refused, treated p0 as
leaving and voted on it.  At the heal p1, cut off and frozen until then, held p2's vote on p0 and joined it at once on
its own claim that p0 owed the reveal of p1's move, which p0 never got: answering p0 was voted out by two.  Now p1
votes on p0 only after a pause of its own (``verdicts._joinable``: ``_refused_by`` the other way, on a claim of the
reveal of a move that p0's own absent on p1 says it lacks, ``_lacks_my_move``; either alone broke lie-away seeds).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table


@pytest.mark.parametrize("game", KINDS)
def test_a_refusers_vote_is_not_joined_at_once(game):
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}  # (the game waits at turn 4)
    t.run()
    THIRD = t.held_at[0]  # (it owes its move)
    FIRST, REFUSER = (THIRD + 1) % 3, (THIRD + 2) % 3
    first, refuser, third = t.s[FIRST], t.s[REFUSER], t.s[THIRD]
    o = Output()  # FIRST declares THIRD for its move (FIRST never got it), then REFUSER for not declaring THIRD, and
    # votes REFUSER out: a lone vote
    first._emit(Absent(THIRD, first.turn, first.chain.next_seq(THIRD), "move"), o)
    first._emit(Absent(REFUSER, first.turn, first.chain.next_seq(REFUSER), "declare"), o)
    first._emit(Vote(REFUSER, "bot", first.chain.next_seq(REFUSER)), o)
    t.out(FIRST, o)
    t.run()
    assert refuser.decided.get(REFUSER, (0, 0, ()))[2] == (FIRST,), "the test's premise: FIRST's lone decision"
    t.out(REFUSER, refuser.refuse_vote())  # absent{FIRST, left}, holding FIRST's vote
    t.run()
    if FIRST not in refuser.my_votes:  # (it votes once the others hold FIRST leaving too; seed 32487's did at once)
        o = Output()
        refuser._emit(Vote(FIRST, "bot", refuser.chain.next_seq(FIRST)), o)
        t.out(REFUSER, o)
        t.run()
    assert FIRST in third.votes and REFUSER in third.votes[FIRST], "the test's premise: THIRD holds that vote"
    assert FIRST not in third.leaving and FIRST not in third.my_votes
    # THIRD declares FIRST absent for the reveal of the very move FIRST said it lacks: it joins no refuser's vote
    assert third.absents[THIRD][FIRST].owed == "move", "the test's premise: THIRD holds FIRST's claim on its move"
    t.out(THIRD, third.declare_absent(FIRST, Owed("reveal", third.absents[THIRD][FIRST].turn)))
    t.run()
    o = Output()
    third._resolve_votes(o)  # (as on any message it takes next)
    t.out(THIRD, o)
    t.run()
    assert FIRST not in third.my_votes, "THIRD joined at once the vote of a seat that refused FIRST's vote on it"
    assert FIRST not in third.gone and FIRST not in first.gone

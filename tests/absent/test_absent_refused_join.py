"""No seat joins at once a vote that the seat voted on has refused (its signed ``absent{voter, owed: left}``, holding
the vote): the seat answered when the vote came (protocol/SPEC.md 11.9, *Voting*, *A vote on this seat*).

Sim lie-away seed 2275: liar p1 counted crashed p2 away and voted p0 out alone; p0 refused (it was answering) and
treated p1 as leaving.  Back, p2 later declared p0 absent for a reveal p0 could not send yet (it lacked the move), and
joined p1's vote at once (_join_votes): honest p0 was voted out by the liar and p2 together, while p0 held p1 as
leaving.  Now p2 joins no refused vote at once: it votes on p0 only after a pause of its own.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table



@pytest.mark.parametrize("game", KINDS)
def test_a_refused_vote_is_not_joined_at_once(game):
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}  # (the game waits at turn 4)
    t.run()
    THIRD = t.held_at[0]  # (it owes its move: the liar and the victim owe nothing)
    LIAR, VICTIM = (THIRD + 1) % 3, (THIRD + 2) % 3
    liar, victim, third = t.s[LIAR], t.s[VICTIM], t.s[THIRD]
    o = Output()  # the liar declares the victim absent (its part as a voter) and votes it out: a lone vote
    liar._emit(Absent(VICTIM, liar.turn, liar.chain.next_seq(VICTIM), "declare"), o)
    liar._emit(Vote(VICTIM, "bot", liar.chain.next_seq(VICTIM)), o)
    t.out(LIAR, o)
    t.run()
    # on the victim's peer the seat owing its move is away: the liar's word decides; the victim refuses (its clock:
    # it was answering), signing absent{liar, left} with the vote held
    assert victim.decided.get(VICTIM, (0, 0, ()))[2] == (LIAR,), "the test's premise: the liar's lone decision"
    assert VICTIM not in third.decided, "the test's premise: the third seat is a voter on the victim"
    t.out(VICTIM, victim.refuse_vote())
    t.run()
    assert (VICTIM, LIAR) in third.left_said, "the test's premise: the third seat holds the victim's refusal"
    assert VICTIM not in third.my_votes
    # the third seat declares the victim absent for something else it owes (a reveal, say): it joins no vote
    t.out(THIRD, third.declare_absent(VICTIM, Owed("reveal", third.turn)))
    t.run()
    o = Output()
    third._resolve_votes(o)  # (as on any message it takes next)
    t.out(THIRD, o)
    t.run()
    assert VICTIM not in third.my_votes, "the third seat joined a vote the victim had refused"
    assert VICTIM not in third.gone and VICTIM not in victim.gone

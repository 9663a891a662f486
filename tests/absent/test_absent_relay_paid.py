"""An ``absent`` this seat signed only for a relay it was owed does not make it join another seat's vote on that seat
once the relay came (the seat answered; protocol/SPEC.md 11.9, *Owed relays*, *Voting*).

Sim lie-away seed 833: p0 counted crashed p2 away to vote p1 out alone; back, p2 declared p1 absent for a relay (p1's
claim on p0 counted more of p0's messages than p2 held); p1 relayed at once, and the relay brought p2 p0's vote on
p1.  p2 joined that vote at once (it held its own absent on p1), and honest, answering p1 was voted out by the liar
and p2 together.  Now p2 does not join it: p0's vote is a lone vote on a seat that answers, judged on p2's clock
(SPEC 11.9, *A lone vote on a seat that answers*).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table

ASKER = 2


@pytest.mark.parametrize("game", KINDS)
def test_a_paid_relay_claim_does_not_join_another_seats_vote(game):
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}  # (the game waits at turn 4: nobody owes anything meanwhile)
    t.run()
    mover = t.held_at[0]  # (it owes its move: the victim is another seat, which owes nothing)
    VICTIM = 1 if mover != 1 else 0
    VOTER = 1 - VICTIM
    asker, voter = t.s[ASKER], t.s[VOTER]
    o = Output()  # the asker says the victim owes it a relay; it owes none (it holds what the asker holds): paid
    asker._emit(Absent(VICTIM, asker.turn, asker.chain.next_seq(VICTIM), "relay"), o)
    t.out(ASKER, o)
    t.run()
    assert VICTIM not in asker.owing(), "the test's premise: the victim owes the asker no relay"
    o = Output()  # another seat declares the victim absent and votes it out
    voter._emit(Absent(VICTIM, voter.turn, voter.chain.next_seq(VICTIM), "declare"), o)
    voter._emit(Vote(VICTIM, "bot", voter.chain.next_seq(VICTIM)), o)
    t.out(VOTER, o)
    t.run()
    assert VICTIM not in asker.my_votes, "the asker joined a vote on a seat whose relay it had received"
    assert VICTIM not in asker.decided and VICTIM not in asker.gone

"""The verdict of the seat voted on does not release a reveal past an open vote's count (protocol/SPEC.md 11.9, *A
reveal past a decision's count does not count*; sim seed 15817).

While this peer's vote on X is open, X's reveal at or past the highest count of the votes held waits for the decision
(``AbsenceRules._counted_reveal``, seed 12343), so the decision takes effect where the game first needs X's message
past that count, on every peer alike.  A peer whose vote a third seat judged lone (``absent{this seat, left}``: X
answered that seat, which will not vote on X) takes X's messages again and draws with them (seed 10727).  X's own
verdict is only its refusal of the vote on it: the other voters may still complete the vote.  Drawing past the count on
it made the turn of the takeover depend on when the vote happened to complete on each peer (seed 15817: p2, back from a
partition, judged p0's and p3's votes lone; never-voting p1 kept the vote open, and it completed at p3's own move of
turn 4 on p3, at p0's move of turn 5 on p0).  So only a third seat's verdict counts (``OwnerVerdicts._vote_judged_lone``).
In memory.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent
from snowp2p.protocol.session import Output
from test_absent_open_vote_reveal import ME, RELAY, X, _relayed_past_open_vote


@pytest.mark.parametrize("game", KINDS)
def test_the_seat_voted_on_judging_the_vote_lone_does_not_release_its_reveal(game):
    t, turn = _relayed_past_open_vote(game)
    me, relay, x = t.s[ME], t.s[RELAY], t.s[X]
    o = Output()
    x._emit(Absent(ME, x.turn, x.chain.next_seq(ME), "left"), o)  # (X's verdict on ME's vote, as leave_voter signs it)
    for p in o.send:  # (X's frames are held back from ME: RELAY takes it and relays it to ME)
        t.take(RELAY, X, p)
    t.run()
    t.out(RELAY, relay.forget_relays(ME))
    t.run()
    assert me.absents.get(ME, {}).get(X) is not None, "ME did not get X's verdict"
    assert me.applied_turn == turn, (
        "ME drew the turn with X's reveal past its open vote's count on X's own verdict: where X is taken over then "
        "depends on when the vote completes on each peer")
    assert X in me.waiting_on() and not me._vote_judged_lone(X)


@pytest.mark.parametrize("game", KINDS)
def test_a_reveal_held_back_is_not_declared_missing(game):
    """ME holds X's reveal, held back for the decision: an absent{X, owed: reveal} at ME's count would refute itself
    (X's reveal is within it) and make ME a leaving seat everywhere (sim seed 20078, with the rule above: p1 so
    declared the lying p2 and was voted out by honest p0).  ME does not sign it."""
    t, turn = _relayed_past_open_vote(game)
    me, relay, x = t.s[ME], t.s[RELAY], t.s[X]
    o = Output()
    x._emit(Absent(ME, x.turn, x.chain.next_seq(ME), "left"), o)
    for p in o.send:
        t.take(RELAY, X, p)
    t.run()
    t.out(RELAY, relay.forget_relays(ME))
    t.run()
    owed = me.owed().get(X)
    assert owed is not None and owed.what == "reveal" and me.reveals.has_revealed(X, owed.turn)
    assert not me.declare_absent(X, owed).send, "ME declared X absent for a reveal it holds: its claim refutes itself"

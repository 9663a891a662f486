"""A vote this peer can not judge on its own clock is judged once two other seats hold its voter leaving for it
(protocol/SPEC.md 11.9, *A lone vote on a seat that answers*; ``verdicts._held_leaving_by_two``; sim lie-away seed
148780).

Lie-away seed 148780 (5 seats, Mush!): p0 crashed; its last reveal reached p1 and p3 only.  Liar p4 voted p0 out for a
declaration, at its count of p0's messages; p1 and p3, to which p0 had answered past that count, judged the vote lone
and held p4 leaving.  p2 held nothing of p0's past the liar's count, so no signed message showed p0 answered, and it
never judged the vote (a crashed seat's clock restarts as what it owes changes: sim seed 14310); it declared p0 for
the reveal it lacked and joined the liar's vote at once, and p1 and p3 voted honest p2 out.  Two seats' verdicts on
that very vote are the signed word that x answered: p2's clock judges the vote then.

Five sessions on the in-memory table: a seat X's reveal of the turn reaches two seats only (W1, W2); the liar L,
which lacks it too, votes X out alone for a declaration; W1 and W2 hold L leaving (their clocks' verdict).  On the
fifth seat, which lacks the reveal, the vote is a lone vote to judge once both verdicts are held, not before.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_contested import hold_the_mover
from test_absent_unit import Table, claim


class Omits(Table):
    """Frames from ``x`` to the seats in ``cut_off`` are lost while ``x`` is set."""

    x: int | None = None
    cut_off: tuple[int, ...] = ()

    def deliver(self, to, frm, payload):
        if frm == self.x and to in self.cut_off:
            return
        super().deliver(to, frm, payload)


FIVE = [k for k in KINDS if k != "snake"]  # (Snake Carnival takes 2 to 4 players: SC-K1)


@pytest.mark.parametrize("game", FIVE)
def test_a_vote_held_leaving_by_two_others_is_judged_here_too(game):
    t = Omits(game, n=5)
    mover, turn = hold_the_mover(t)
    x, liar, w1, w2, me = mover, *[i for i in range(5) if i != mover]
    t.x, t.cut_off = x, (liar, me)  # (the mover's move, with its reveal, reaches W1 and W2 only)
    s = t.s[x]
    t.out(x, s.submit(t.choose(x, s.state, turn)))
    t.run()
    t.dead.add(x)  # (and it stops)
    sm = t.s[me]
    assert t.s[w1].chain.next_seq(x) > sm.chain.next_seq(x) == t.s[liar].chain.next_seq(x), "the test's premise"
    o = Output()
    claim(t, liar, x, "declare", o)
    t.s[liar]._emit(Vote(x, "bot", t.s[liar].chain.next_seq(x)), o)
    t.out(liar, o)
    t.run()
    assert sm.lone_votes() == [], "this peer judged a vote on a seat that sent it nothing past the claim"
    t.out(w1, t.s[w1].leave_voter(liar))
    t.run()
    assert sm.lone_votes() == [], "one other seat's verdict is one word: not enough"
    t.out(w2, t.s[w2].leave_voter(liar))
    t.run()
    assert (x, liar) in sm.lone_votes(), "two other seats held the liar leaving for this vote: it is judged here too"

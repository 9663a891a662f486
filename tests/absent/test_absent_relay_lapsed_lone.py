"""A vote for a relay that lapsed here only because the seat it was owed for came back is not judged lone while
the claimed seat still claims more than this peer holds (protocol/SPEC.md 11.9, *A lone vote on a seat that
answers*; sim seed 47081).

Four sessions in memory.  Seat Y is to move and holds its move.  Liar L claims to hold five more of Y's messages
than Y ever signed, so it owes every other seat their relay while the game waits on Y.  W, cut off from the rest,
declares L for that relay and votes on it.  Y's move then reaches Z (not W), so at Z the game no longer waits on
Y, and L owes Z nothing: L answers here.  Before, Z judged W's vote lone (a vote on an answering seat) and treated
honest W as leaving, although L's claim about Y is as unbacked at Z as at W (seed 47081: W was cut off from frozen
Y; the liar kept its seat, and the three others voted honest W out).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _give, _sign, mover_held


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_for_a_relay_lapsed_by_the_seats_return_is_not_judged_lone(game):
    t, y, (l, w, z) = mover_held(game)
    s = t.s
    turn, c = s[l].turn, s[l].chain.next_seq(y)
    lie = _sign(t, l, Absent(y, turn, c + 5, "move"))
    for i in (w, z, y):
        _give(t, i, l, lie)
    assert s[z].owed().get(l) is not None and s[z].owed()[l].what == "relay", "L owes Z no relay (the premise)"
    t.cut |= {frozenset((w, i)) for i in (y, l, z)}
    claim = _sign(t, w, Absent(l, turn, s[w].chain.next_seq(l), "relay"), Vote(l, "bot", s[w].chain.next_seq(l)))
    more = _sign(t, l, Vote(y, "bot", c + 5))  # (the liar goes on: Z holds L's messages past W's claim on it)
    for i in (z, y):
        _give(t, i, l, more)
    t.out(y, s[y].submit(t.choose(y, s[y].state, s[y].turn)))
    t.run()
    assert s[z].chain.next_seq(y) > c, "Y's move did not reach Z (the premise)"
    assert l not in s[z].owed(), f"L still owes Z {s[z].owed().get(l)} (the premise: it answers here)"
    _give(t, z, w, claim)
    assert w in s[z].votes.get(l, {}), "W's vote on L did not reach Z (the premise)"
    assert s[z].votes[l][w].have < s[z].chain.next_seq(l), "Z does not hold L's messages past W's claim (premise)"
    assert (l, w) not in s[z].lone_votes(), (
        "Z judged W's vote on L lone, although L's claim to hold Y's messages is as unbacked at Z as at W")

"""A seat whose vote another seat judged lone takes the voted seat's messages straight again (protocol/SPEC.md
11.9, *A vote judged lone*; sim seed 10727).

Four sessions in memory.  Seat Y is to move and holds its move (in seed 10727 it had crashed).  V declares Y absent
and votes it out; from then on V took nothing straight from Y past its vote's count (``_frozen``: the count its
vote carries is what it agreed to).  Y comes back; W and Z apply its messages, judge V's vote lone and sign
``absent{V, owed: left}``.  Before the fix V never saw Y's return: it went on with its vote, declared W and Z for a
vote on Y they no longer owed on their view, voted each out alone and took Y over: a desync naming nobody.  Now a
seat that another seat says is leaving takes the seat it voted on straight again, and so sees what the others saw.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _sign, mover_held


@pytest.mark.parametrize("game", KINDS)
def test_a_voter_judged_lone_takes_the_voted_seat_straight_again(game):
    t, y, (v, w, z) = mover_held(game)
    s = t.s
    turn = s[v].turn
    have = s[v].chain.next_seq(y)
    _sign(t, v, Absent(y, turn, have, "move"), Vote(y, "bot", have))
    assert s[v]._frozen(y, have), "V takes Y's messages past its vote straight (the rule before this one)"
    # Y is back: W and Z held what it sent and judged V's vote lone (its own claim on V)
    left = _sign(t, w, Absent(v, turn, s[w].chain.next_seq(v), "left"))
    back = _sign(t, y, Absent(z, turn, s[y].chain.next_seq(z), "relay"))
    for p in left:
        t.take(v, w, p)
    assert not s[v]._frozen(y, have), "V, said to be leaving, still shuts out the seat it voted on"
    for p in back:
        t.take(v, y, p)
    assert s[v].chain.next_seq(y) == have + 1, "Y's message straight to V was not taken: V never sees it back"

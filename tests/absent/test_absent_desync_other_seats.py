"""An ack made with a seat that is gone here is not "the same inputs": its sender is not named in a desync (issue 18;
SPEC 11.5/11.9, *Desync*; ``Session._agree``; sim lie-away seed 12925).

A seat is named in a desync only when its own signed ack states a different hash for the very same signed inputs
(G5).  The test compared only the seat sections this peer has: p0 had taken p1 over in a game of its own (it refused
an honest vote on it and voted p1 out alone), and honest p3's ack of turn 3, with p1's section in it and every other
section equal to p0's, counted as the same inputs: p0 named honest p3.  The seats acked must be the same too; a
section for a seat taken over here (or none for a seat present here) is a game with other seats: nobody is named.
Set on a playing session (3 seats, Snake Carnival, in memory) as the messages would leave it.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.session import Halted, Output
from test_absent_unit import Table

ME = 1


def test_an_ack_with_a_seat_gone_here_names_nobody():
    t = Table("snake", n=3)
    t.start()
    s = t.s[ME]
    t.run(until=lambda: s.final_turn >= 2)
    a = 1
    others = sorted(x for x in s.acks[a] if x != ME)  # (seat 1's own ack is in acks too, with its hash)
    assert len(others) == 2, "both other seats acked turn 1 (the test's premise)"
    sender, gone = others
    # as if this peer had taken ``gone`` over: its sections of turn a leave that seat out, and ``sender``'s ack (with
    # it, every other section as here) differs from this peer's state
    s.my_sections[a] = {k: v for k, v in s.my_sections[a].items() if k != f"seat.{gone}"}
    s.acks[a][sender] = s.acks[a][sender]._replace(state=bytes(32))
    del s.acks[a][gone]
    s.gone[gone] = ("bot", s.chain.next_seq(gone), a)
    assert sender in s.present() and gone not in s.present(), "the premise: only the sender's ack counts"
    with pytest.raises(Halted) as e:
        s._agree(a, Output())
    assert e.value.reason.culprit is None, f"seat {e.value.reason.culprit} named on an ack made with another seat"

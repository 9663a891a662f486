"""A verdict (``absent{V, owed: "left"}``) may follow the same seat's claim on ``V`` at the same count (protocol/SPEC.md
11.9, *A verdict at the same count*; ``verdicts.may_declare_at``).

Sim lie-away seed 133021: p3 had declared liar p0 for a relay (the liar claimed a message of cut-off p1's that was
never sent) at p0's count 12 when its clock judged p0's lone vote on p1, now back, lone.  One ``absent`` per sender and
count kept p3 from signing that verdict until p0 sent more; meanwhile it judged cut-off p1's own lone votes, which made
p0's vote on p1 no lone one any more, then took p2's vote on p0 (p2 had judged p0 at once) for a lone vote on an
answering seat and voted honest p2 out with the liar.

Here a seat W declares V for a relay, then holds V leaving with no message of V's in between: the verdict is signed
at the same count and every other peer takes it (no offence); a second verdict, or any other claim, at that count
still is one.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, decode_signed
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_contested import hold_the_mover
from test_absent_unit import Table, claim


@pytest.mark.parametrize("game", KINDS)
def test_a_verdict_follows_a_claim_at_the_same_count(game):
    t = Table(game, n=4)
    mover, turn = hold_the_mover(t)
    x = mover  # (the mover holds its move: nothing else is owed meanwhile)
    w, v, third = [i for i in range(4) if i != x]
    o = Output()
    claim(t, w, v, "relay", o)
    t.out(w, o)
    t.run()
    count = t.s[w].chain.next_seq(v)
    assert t.s[x].absents[v][w] == Absent(v, t.s[w].turn, count, "relay"), "the test's premise: W's claim at V's count"

    res = t.s[w].leave_voter(v)
    bodies = [decode_signed(p).body for p in res.send]
    assert Absent(v, t.s[w].turn, count, "left") in bodies, "W's verdict waited for V to send more"
    t.out(w, res)
    t.run()
    assert not any(s.halted for s in t.s), [s.halted for s in t.s]
    for i in (x, third, v):
        a = t.s[i].absents[v][w]
        assert (a.owed, a.have) == ("left", count) and v in t.s[i].absents and (w, v) in t.s[i].left_said
    for i in (x, third):
        s = t.s[i]
        assert not s.may_declare_at(w, v, count, "left"), "a second verdict at one count is an offence"
        assert not s.may_declare_at(w, v, count, "relay") and not s.may_declare_at(w, v, count - 1, "left")
        assert s.may_declare_at(w, v, count + 1, "relay") and s.may_declare_at(third, v, count, "reveal")

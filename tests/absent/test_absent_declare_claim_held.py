"""A declaration claim does not hold for a seat its target has declared already (G7a: only what is owed counts;
protocol/SPEC.md 11.9, *What a declaration claim names*; claims._declare_owed; sim lie-away seed 30316).

``V``'s ``absent{X, owed: declare}`` names every seat ``V`` declared just before it (``Session.names``).  ``X`` may
owe a declaration on one of them and have declared another already, before ``V``'s claim: in seed 30316 p1 had
declared crashed p2 and (as leaving) the liar p3, honest p0 had declared p3 but was late on p2 (it had waited for
its verdict on the liar's vote), and p1 declared p0 for its declaration.  p0's absent on p2 came a moment later, but
the claim also named p3, whose declaration by p0 was older than the claim's count, so it never counted as paid: p1
stayed paused on answering p0, voted it out, and the honest seats split.  A named seat on which ``X``'s own absent
still holds is owed by nobody: it does not keep the claim current, exactly as ``Session.owed`` does not call it owed.

Four sessions on the in-memory table, no clock; seats 2 and 3 "crash" (their frames, both ways, wait).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from test_absent_voters_signed import HeldTable


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_declared_before_the_claim_does_not_keep_it_current(game):
    t = HeldTable(game, 4)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held |= {2, 3}  # seats 2 and 3 crash
    t.run()
    s0, s1 = t.s[0], t.s[1]
    assert 2 in s0.waiting_on() and 2 in s1.waiting_on(), (s0.waiting_on(), s1.waiting_on())
    held = Owed("relay", s0.turn)  # (a claim no count refutes: seat 3 may owe nothing of its own now)
    t.out(1, s1.declare_absent(3, held))  # seat 1 declares seat 3 in time ...
    t.run()
    t.out(0, s0.declare_absent(2))
    t.out(0, s0.declare_absent(3, held))
    t.run()
    owed = s0.owed().get(1)
    assert owed is not None and owed.what == "declare", f"seat 1 owes {owed}, not its declaration of seat 2"
    t.out(0, s0.declare_absent(1, owed))  # ... but is late on seat 2
    t.run()
    assert all(s.names[(0, 1)] == {2, 3} for s in t.s[:2]), "the claim does not name both seats"
    assert s0._current(0, 1) and s0.paused_on(1), "seat 0's claim on seat 1 does not hold"
    t.out(1, s1.declare_absent(2))  # seat 1 declares seat 2 too: it owes nothing more
    t.run()
    for i in (0, 1):
        s = t.s[i]
        assert not s._current(0, 1), (
            f"on seat {i}, seat 0's claim still holds: seat 1's declaration of seat 3, older than the claim, did not "
            "count")
        assert not s.paused_on(1), f"seat {i} is still paused on seat 1"
    assert all(o.what != "declare" or o.about != 1 for o in s0.owed().values()), f"owed {s0.owed()}"

"""A lapsed verdict is not signed again from an obligation read before it lapsed (protocol/SPEC.md 11.9, *A verdict of
this clock alone*; ``AbsenceRules.declare_absent``; sim lie-away seed 135630).

Lie-away seed 135630: p2 held liar p3 leaving for its lone vote on p0; once p2 itself voted on p0, the verdict lapsed
(``_lapse_lone``).  But the shell reads what every seat owes once per look, and in that same look, after the vote, its
clock found p3 still owing ``left`` and signed ``absent{p3, left}`` again: p3 was leaving once more, p2 declared honest
p1 for not declaring p3, voted it out alone and finished alone, while p1 and p3 voted p2 out.

Four sessions on the in-memory table: the mover X holds its move; liar L votes X out alone (for a declaration); W holds
L leaving (``leave_voter``, as its clock's verdict); L plays on (one more message); W then declares X for its move and votes on it: the verdict lapses.
The obligation W read before its vote (``left``) is stale, and a declaration on it signs nothing.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_contested import hold_the_mover
from test_absent_unit import Table, claim


@pytest.mark.parametrize("game", KINDS)
def test_a_declaration_read_before_a_verdict_lapsed_signs_nothing(game):
    t = Table(game, n=4)
    mover, turn = hold_the_mover(t)
    x = mover
    liar, w, third = [i for i in range(4) if i != x]
    o = Output()
    claim(t, liar, x, "declare", o)
    t.s[liar]._emit(Vote(x, "bot", t.s[liar].chain.next_seq(x)), o)
    t.out(liar, o)
    t.run()
    sw = t.s[w]
    t.out(w, sw.leave_voter(liar))  # (W's clock: X answered, the liar's vote was lone)
    t.run()
    o = Output()  # (the liar plays on: W holds more of its messages than its verdict counted)
    claim(t, liar, third, "relay", o)
    t.out(liar, o)
    t.run()
    stale = sw.owed().get(liar)
    assert liar in sw.leaving and stale is not None and stale.what == "left", (sw.leaving, stale)
    o = Output()  # W's clock then finds X overdue for its move: W declares it and votes; the verdict lapses
    claim(t, w, x, "move", o)
    sw._emit(Vote(x, "bot", sw.chain.next_seq(x)), o)
    t.out(w, o)
    assert liar not in sw.leaving, "the test's premise: W's own vote on X lapsed its verdict on the liar"
    assert sw.declare_absent(liar, stale).send == [], "a lapsed verdict was signed again from a stale obligation"
    assert liar not in sw.leaving

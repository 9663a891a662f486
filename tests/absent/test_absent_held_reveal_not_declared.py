"""No ``absent`` for a reveal this peer holds back (protocol/SPEC.md 11.9, *A reveal past a decision's count does not
count*; sim seed 20078).

While this peer's vote on X is open, X's reveal at or past the highest count of the votes held waits for the decision
(``AbsenceRules._counted_reveal``, seed 12343): X owes it here still.  An ``absent{X, owed: reveal}`` at this peer's
count would refute itself (the reveal is within it) and make this peer a leaving seat everywhere (seed 20078: p1 so
declared the lying p2 and was voted out by honest p0).  ``declare_absent`` signs none.  In memory.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_open_vote_reveal import ME, X, _relayed_past_open_vote


@pytest.mark.parametrize("game", KINDS)
def test_a_reveal_held_back_is_not_declared_missing(game):
    t, turn = _relayed_past_open_vote(game)
    me = t.s[ME]
    owed = me.owed().get(X)
    assert owed is not None and owed.what == "reveal" and me.reveals.has_revealed(X, owed.turn), (
        "the test's premise: ME holds X's reveal back for its open vote, and X owes it here")
    assert not me.declare_absent(X, owed).send, "ME declared X absent for a reveal it holds: its claim refutes itself"

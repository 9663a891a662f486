"""A decision held for the owner's verdict has not taken effect: the seat it names is not frozen yet (protocol/SPEC.md
11.9, *A vote that counts this seat away*; sim lie-away seed 297).

The liar counts seat 1 away to vote seat 2 out alone; seat 1 holds the decision until its clock gives a verdict
(``away_held``).  Before, the auditor of seat 1's log took nothing of seat 2's past the decision's count while it was
held (``_frozen``: a decision freezes its seat); when seat 1's verdict then reopened or refused it, seat 2's next
message left a gap in its chain and the audit stopped, while the live peer, whose hold came at another moment, had
taken them.  A held decision freezes nothing.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, LieAway


class NoVerdictYet(LieAway):
    """As LieAway, but seat 1's clock gives no verdict until the test asks: the hold stays."""

    def take(self, to, frm, payload):
        super(LieAway, self).take(to, frm, payload)


@pytest.mark.parametrize("game", KINDS)
def test_a_held_decision_freezes_nothing_until_it_is_accepted(game):
    t = NoVerdictYet(game)
    t.attack()
    s1 = t.s[W]
    assert s1.away_held.get(X) == LIAR and X in s1.decided, "seat 1 holds the liar's decision (the test's premise)"
    count = s1.decided[X][1]
    assert not s1._frozen(X, count), "a held decision froze its seat's messages before it took effect"

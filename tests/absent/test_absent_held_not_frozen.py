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



def _waiting_on_w(game: str) -> NoVerdictYet:
    """A table whose game waits on seat 1's move (seat 2 owes nothing: a decision on it takes no effect yet)."""
    for turn in range(2, 12):
        t = NoVerdictYet(game)
        t.hold_from = {i: turn for i in range(3)}
        t.start()
        t.run()
        if t.held_at is not None and t.held_at[0] == W:
            return t
    raise AssertionError(f"{game}: seat 1 never moves")


@pytest.mark.parametrize("game", KINDS)
def test_an_accepted_decision_that_counted_this_seat_away_freezes_nothing(game):
    """Sim lie-away seed 1168: seat 1, back from a crash, accepted the liar's decision counting it away (it was away);
    seat 2's next two messages (its refusal, a vote) came straight and were dropped under it (``_frozen``); seat 1's
    own next message reopened the decision (``_reopen_if_back``), and seat 2's next one ran ahead of the gap: seat 1
    declared seat 2 absent for that reveal and joined the liar's vote at once."""
    t = _waiting_on_w(game)
    t.lie()
    s1 = t.s[W]
    assert s1.away_held.get(X) == LIAR, "seat 1 holds the liar's decision (the test's premise)"
    t.out(W, s1.settle_away(answering=False))  # (seat 1 was away: its clock accepts the decision)
    assert X in s1.decided and X not in s1.gone and not s1.away_held, "seat 1 accepted the decision (the premise)"
    assert W in s1.away_at[X], "the decision counted seat 1 away (the premise)"
    assert not s1._frozen(X, s1.decided[X][1]), "an accepted decision that seat 1's next message reopens froze its seat"

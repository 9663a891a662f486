"""A decision on one voter's word that has not taken effect is undone when this log's owner signs that voter leaving
(protocol/SPEC.md 11.9, *A vote that counts this seat away*; sim lie-away seed 87442).

The liar (seat 0) counts seat 1 away and votes seat 2 out alone.  Seat 1, its clock saying it was away (just resumed),
accepts the decision (it waits for the game to need seat 2).  Then the liar turns out to be leaving here for another
reason (in the sim: its ack left seat 2 out, ``_voted_itself_off``), and seat 1 signs ``absent{0, left}``.  Before, the
accepted decision stood on seat 1's peer, which then decided the liar out alone (seat 2, "decided", was no voter on
it), while the auditor of its log read that very ``absent{0, left}`` as the owner's refusal of the held decision
(``_owner_verdict``: the first own message after it), undid it and waited for seat 2's vote: the peer finished, its log
did not.  Now the owner's ``absent{V, left}`` undoes every decision on ``V``'s word alone not yet in effect, on the peer
and for the auditor alike: a leaving seat's word decides nothing (G10).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, audit
from test_absent_accepted_not_frozen import Parked


@pytest.mark.parametrize("game", KINDS)
def test_an_accepted_lone_decision_is_undone_when_its_voter_leaves(game):
    t = Parked(game)
    t.liar_to_move()
    t.parking = True  # (seat 2's own frames to seat 1 wait: its refusal is not what undoes the decision here)
    t.lie()
    s1 = t.s[W]
    assert s1.away_held.get(X) == LIAR, "seat 1 holds the liar's decision on seat 2 (the test's premise)"
    t.out(W, s1.settle_away(False))  # seat 1's clock: it was away, so it accepts
    t.run()
    assert (X, LIAR) in s1.away_accepted and X in s1.decided and X not in s1.gone, "accepted, not in effect (premise)"
    t.out(W, s1.leave_voter(LIAR))  # the liar is leaving here (in the sim: its own ack left seat 2 out)
    t.run()
    assert s1.absents[LIAR][W].owed == "left", "seat 1 signed the liar leaving (the premise)"
    assert X not in s1.decided and X not in s1.gone, f"the leaving liar's lone decision on seat 2 stood: {s1.decided}"
    obs = audit(t, W)  # the auditor of seat 1's log reads the same
    assert X not in obs.decided and obs.leaving >= {LIAR}, obs.decided
    assert LIAR not in s1.decided or s1.decided[LIAR][2] != (W,), "seat 1 decided the liar alone, seat 2 not counted"

"""A decision counting this seat away, accepted but not in effect yet, freezes nothing (protocol/SPEC.md 11.9, *A vote
that counts this seat away*; sim lie-away seed 4046, and 1168).

The liar (seat 0) counts seat 1 away and votes seat 2 out alone while the liar itself is to move; seat 1, its clock
saying it was away (a crash, just resumed), accepts the decision before seat 2's refusal (``absent{0, left}``, signed
on its clock: the vote on it is lone there) reaches it.  The decision waits for the game to need seat 2.  Before, an accepted decision froze seat 2's messages from
its count on (``_frozen``), as one in effect does: seat 1 dropped the refusal, and the next frame on that link ran
ahead of the gap; seat 1 later declared seat 2 for the reveal it never took and joined the liar's vote at once, and
honest seat 2 was decided by two.  A held decision freezes nothing (lie-away seed 297); an accepted one, until it
takes effect, neither: the refusal is taken.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, audit
from test_absent_refused_held import NoVerdictYet


class Parked(NoVerdictYet):
    """As NoVerdictYet, and while ``parking`` seat 2's own frames to seat 1 wait (``parked``) until released."""

    def __init__(self, game):
        super().__init__(game)
        self.parking = False
        self.parked: list[tuple[int, int, bytes]] = []

    def deliver(self, to, frm, payload):
        if self.parking and (to, frm) == (W, X):
            self.parked.append((to, frm, payload))
            return
        super().deliver(to, frm, payload)

    def release(self):
        self.parking = False
        for frame in self.parked:
            super().deliver(*frame)
        self.parked = []
        self.run()


@pytest.mark.parametrize("game", KINDS)
def test_an_accepted_decision_not_in_effect_takes_the_seats_refusal(game):
    t = Parked(game)
    t.liar_to_move()
    t.parking = True
    t.lie()
    s1, s2 = t.s[W], t.s[X]
    assert s1.away_held.get(X) == LIAR, "seat 1 holds the liar's decision on seat 2 (the test's premise)"
    t.out(X, s2.leave_voter(LIAR))  # seat 2's clock: it answered (the liar's vote on it is lone there)
    t.run()
    assert s2.absents[LIAR][X].owed == "left" and t.parked, "seat 2 refused, and its refusal is on its way"
    t.out(W, s1.settle_away(False))  # seat 1's clock: it was away; seat 2's refusal is not here yet
    t.run()
    assert (X, LIAR) in s1.away_accepted and X in s1.decided and X not in s1.gone, "accepted, not in effect (premise)"
    held = s1.chain.next_seq(X)
    t.release()
    assert s1.chain.next_seq(X) > held, "seat 1 dropped seat 2's messages past the accepted decision's count"
    assert s1.absents.get(LIAR, {}).get(X) is not None and s1.absents[LIAR][X].owed == "left", \
        "seat 1 did not take seat 2's refusal"
    obs = audit(t, W)  # the auditor of seat 1's log takes the same messages
    assert obs.chain.next_seq(X) == s1.chain.next_seq(X)

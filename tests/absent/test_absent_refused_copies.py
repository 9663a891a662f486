"""A seat that accepted, on its clock, a liar's decision counting it away, and that the log's owner refused
(protocol/SPEC.md 11.9, *What a refusal undoes* 3, *A voter counted away that comes back*; sim strategy "lie-away",
seed 297).

The liar counts seat 1 away to vote seat 2 out alone; seat 2 refuses (it was answering), seat 1, whose clock says
it was away, accepts.  Three sessions on the in-memory table
(test_absent_counted_away).
"""

from __future__ import annotations


import pytest

from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, LieAway, audit


class AwaySeatAccepts(LieAway):
    """As LieAway, but seat 1's clock says it was away when the liar counted it away (it had crashed, say): it
    accepts the liar's lone decision and takes seat 2 over, while seat 2 refuses it (sim lie-away seed 297)."""

    def tick(self, i):
        if i == W and self.s[W].away_held:
            self.out(W, self.s[W].settle_away(False))
            return
        super().tick(i)


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_accepted_the_refused_decision_and_came_back_reopens_it(game):
    """Seat 1 accepts the liar's lone decision on seat 2 (its clock says it was away), but signs its next messages
    before the decision takes effect: past the count the liar's signed absent on it names, so it is back, and the
    decision reopens on every peer (SPEC 11.9, *A voter counted away that comes back*; sim seed 8530).  The liar's
    vote is then one seat's word on a seat that answers: seat 2 refuses it, and both seats finish the same game, the
    liar's seat played by a computer; the auditor of seat 2's log agrees.  (Before the signed away count, seat 1 took
    seat 2 over here and seat 2 relied on *What a refusal undoes* 3 to finish its own game: that rule is still checked
    by sim lie-away seed 297, test_sim_regressions.py, which fails without it.)"""
    t = AwaySeatAccepts(game)
    t.attack()
    s1, s2 = t.s[W], t.s[X]
    # (the table's limits are 30 s: seat 1, which owes its vote on the liar, is voted out after a minute)
    t.play_out(lambda: (s1.done or s1.halted is not None) and (s2.done or s2.halted is not None), steps=2000)
    assert s1.halted is None and s2.halted is None, (s1.halted, s2.halted)
    assert s2.refused == {X: (LIAR,)}
    for s in (s1, s2):
        assert s.done and X not in s.gone and s.gone.get(LIAR, ("",))[0] == "bot", s.gone
    assert s1.places() == s2.places() and sorted(s2.places()) == [0, 1, 2]
    obs = audit(t, X)
    assert obs.done and obs.gone == s2.gone and obs.places() == s2.places()

"""A seat that took the log's owner over on the word of voters the owner refused (protocol/SPEC.md 11.9, *What a
refusal undoes* 3; sim strategy "lie-away", seed 297).

The liar counts seat 1 away to vote seat 2 out alone; seat 2 refuses (it was answering), seat 1, whose clock says
it was away, accepts and takes seat 2 over.  Seat 2 treats seat 1 as leaving and takes nothing more straight from
it; each side's result rests on one seat's word (G12).  Three sessions on the in-memory table
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
def test_a_refusing_seat_treats_a_seat_that_accepted_the_refused_decision_as_leaving(game):
    """Seat 1 plays on with a computer in seat 2 (the liar's word), seat 2 with the liar leaving: seat 1's acks leave
    seat 2 out by a decision seat 2 refused, not by a lie.  Seat 2 treats seat 1 as leaving too, its ack uncounted and
    nothing more taken straight from it (what it signs belongs to its own game: a hidden seat's final opening), and
    finishes its own game (before: it stopped on a desync naming nobody); the auditor of its log agrees."""
    t = AwaySeatAccepts(game)
    t.attack()
    s1, s2 = t.s[W], t.s[X]
    # (the table's limits are 30 s: seat 1, which owes its vote on the liar, is voted out after a minute)
    t.play_out(lambda: s2.done or s2.halted is not None, steps=1000)
    assert X in s1.gone, "seat 1 did not follow the liar's decision (the test's premise)"
    assert s2.refused == {X: (LIAR,)}
    assert s2.halted is None, f"seat 2 stopped: {s2.halted}"
    assert W in s2.leaving and s2.done, f"seat 2 did not finish its own game with seat 1 leaving: {s2.gone}"
    obs = audit(t, X)
    assert obs.done and obs.gone == s2.gone and obs.places() == s2.places()

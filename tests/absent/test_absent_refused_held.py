"""An owner that was away and holds a decision counting it away (protocol/SPEC.md 11.9, *A vote that counts this seat
away*): two rules found by the lie-away simulator.

1. Its verdict when the seat voted on refused the vote (lie-away seed 1701).  The liar (seat 0) counts seat 1 away
   and votes seat 2 out alone; seat 2 refuses (``absent{0, left}``).  Seat 1's clock says it was away (it was frozen),
   so it used to accept the decision whatever seat 2 signed: in the sim it then came back, voted seat 2 out with the
   liar's vote while seat 2 had declared and voted seat 1 out.  Now, when seat 2 refused the vote and has paid the
   claim that it owed a declaration on seat 1 (it signed an ``absent`` about seat 1), seat 1 treats the liar as
   leaving, as when its own clock says it answered.  A seat that never declared seat 1 stays the one that failed
   its part: seat 1 accepts (sim seed 8568, a never-declaring seat's refusal).
2. The auditor of its log after it accepted (lie-away seed 1768).  The peer accepts at a tick while the game waits on
   the liar's move; the move comes, the peer reveals for it, and only then does the decision reach its takeover, with
   that reveal counting seat 1 back: it is reopened.  The auditor reads the verdict at that reveal; it went on as if
   the reveal were not signed yet (right when the peer took the seat over at its tick, seed 124) and took seat 2 over.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent
from snowp2p.protocol.session import Halted, Output
from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, audit
from test_absent_held_not_frozen import NoVerdictYet as _NoVerdict


class NoVerdictYet(_NoVerdict):
    """No verdict until the test gives it; the liar, whose world differs, stops (as in LieAway)."""

    def take(self, to, frm, payload):
        try:
            super().take(to, frm, payload)
        except Halted:
            assert to == LIAR, f"honest seat {to} stopped: {self.s[to].halted}"
            self.dead.add(LIAR)

    def liar_to_move(self) -> None:
        """Two turns agreed, then the liar keeps its next move back: it lies while it is to move."""
        self.start()
        self.run(until=lambda: all(s.final_turn >= 2 for s in self.s))
        self.hold_from[LIAR] = self.s[LIAR].turn
        self.run(until=lambda: self.held_at is not None)
        self.run()
        assert self.held_at is not None and self.held_at[0] == LIAR, "the liar is to move (the test's premise)"


def held(game: str, x_declares_w: bool) -> NoVerdictYet:
    """The liar's decision on seat 2, held on seat 1 (no verdict yet), and seat 2's refusal of it held there too;
    with ``x_declares_w`` seat 2 then declares seat 1 absent (paying the liar's claim)."""
    t = NoVerdictYet(game)
    t.attack()
    s1, s2 = t.s[W], t.s[X]
    assert s1.away_held.get(X) == LIAR, "seat 1 holds the liar's decision on seat 2 (the test's premise)"
    assert s1.absents[LIAR][X].owed == "left", "seat 2's refusal reached seat 1 (the test's premise)"
    if x_declares_w:
        o = Output()
        s2._emit(Absent(W, s2.turn, s2.chain.next_seq(W), "relay"), o)
        t.out(X, o)
        t.run()
    return t


@pytest.mark.parametrize("game", KINDS)
def test_an_away_owner_refuses_a_held_decision_its_seat_refused(game):
    t = held(game, x_declares_w=True)
    s1 = t.s[W]
    assert s1.away_held.get(X) == LIAR
    t.out(W, s1.settle_away(False))  # seat 1's clock: it was away
    t.run()
    assert (X, LIAR) not in s1.away_accepted and X not in s1.decided, "seat 1 followed the liar's refused decision"
    assert LIAR in s1.leaving and (W, LIAR) in s1.left_said, "seat 1 did not treat the liar as leaving"
    obs = audit(t, W)  # the auditor reads the verdict from seat 1's absent{0, left}
    assert X not in obs.decided and X not in obs.gone and LIAR in obs.leaving


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_never_declared_the_owner_stays_decided(game):
    t = held(game, x_declares_w=False)
    s1 = t.s[W]
    t.out(W, s1.settle_away(False))
    t.run()
    assert (X, LIAR) in s1.away_accepted and LIAR not in s1.leaving, "seat 1 refused on an unpaid claim's refusal"


@pytest.mark.parametrize("game", KINDS)
def test_the_auditor_counts_the_reveal_the_peer_signed_before_its_takeover(game):
    t = NoVerdictYet(game)
    t.liar_to_move()
    liar = t.s[LIAR]
    t.lie()
    s1 = t.s[W]
    assert s1.away_held.get(X) == LIAR and s1.waiting_for_move(), "seat 1 holds the decision while the liar is to move"
    t.out(W, s1.settle_away(False))  # accepted (seat 2 never declared seat 1): nothing to take over yet
    t.run()
    assert (X, LIAR) in s1.away_accepted and X in s1.decided and X not in s1.gone
    turn = t.held_at[1]
    t.out(LIAR, liar.submit(t.choose(LIAR, liar.state, turn)))  # the move: seat 1 reveals, then reaches the takeover
    t.run()
    assert X not in s1.gone and X not in s1.decided, "seat 1's reveal did not count it back (the test's premise)"
    obs = audit(t, W)
    assert X not in obs.gone and X not in obs.decided, f"the auditor took seat 2 over: {obs.gone}"

"""The answer to a relay claim passes on this turn's messages too (protocol/SPEC.md 11.9, *Owed relays*;
``claims._answer_relay``; main sim seed 148208).

Main sim seed 148208 (3 seats, Snow Tails, no hostile seat): the link p2-p0 dropped as p0 moved, so the move reached
p1 only, and p0 then crashed for good.  p1's nudge with the move (sent at half the reveal's limit) went out as the
link p1-p2 dropped for 0.4 s and was lost.  p1 declared p2 for its reveal; p2, seeing that p1 held the move it lacked,
declared p1 for the relay; but the answer to a relay claim passed on only what the asker's claims said it lacked of
each seat, and p2 had no claim on p0: the answer held nothing.  p2 voted p1 out for the relay, p1 held p2 leaving, and
each finished alone with its own places.

Three sessions on the in-memory table: the mover's move reaches the holder only, then the mover stops for good; the
holder declares the asker for its reveal; the asker declares the holder for the relay; the holder's answer brings the
move, and the asker reveals.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_contested import hold_the_mover
from test_absent_unit import Table, claim
from snowp2p.protocol.session import Output


@pytest.mark.parametrize("game", KINDS)
def test_the_answer_to_a_relay_claim_brings_the_move_a_reveal_needs(game):
    t = Table(game, n=3)
    mover, turn = hold_the_mover(t)
    holder, asker = [i for i in range(3) if i != mover]
    t.only_to[mover] = holder  # (the link mover-asker dropped: the move reaches the holder only)
    s = t.s[mover]
    t.out(mover, s.submit(t.choose(mover, s.state, turn)))
    t.run()
    t.dead.add(mover)
    h, a = t.s[holder], t.s[asker]
    assert turn in h.moves and turn not in a.moves, "the test's premise: the holder alone holds the move"
    o = Output()
    claim(t, holder, asker, "reveal", o)  # (the holder's clock: the asker owes its reveal; its nudge was lost)
    t.out(holder, o)
    t.run()
    owed = a.owed().get(holder)
    assert owed is not None and owed.what == "relay", f"the asker does not see the holder owe the move: {owed}"
    assert mover not in a.absents and mover not in a.votes, "the test's premise: the asker has no claim on the mover"
    t.out(asker, a.declare_absent(holder, owed))
    t.run()
    assert turn in a.moves, "the answer to the relay claim did not bring the move the asker's reveal needs"
    assert a.reveals.has_revealed(asker, turn) and h.reveals.has_revealed(asker, turn), "the asker did not reveal"
    assert not any(x.halted for x in (h, a)), [x.halted for x in (h, a)]

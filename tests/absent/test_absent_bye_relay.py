"""A seat that said bye is leaving only for its own messages; a relay it owes is asked for and voted on like any other
(protocol/SPEC.md 11.9, *Bye*; sim lie-away seed 2806).

Seat 2 goes silent, its last frames reaching seat 1 only; seat 1 declares it absent at its higher count, so it owes
seat 0 a relay of them.  Then seat 1 says bye before seat 0 asked for the relay.  A seat that said bye still passes on
what it holds while its session runs (a finished peer lingers and answers relay requests, NetGame._on_frame), so seat 1
owes seat 0 the relay, not ``left``: seat 0 declares seat 2 and asks seat 1 (``absent{1, relay}``), and seat 1
relays.  Before, a relay counted as something a seat that said bye will never send: seat 1 owed ``left``, and seat 0
voted it out at once, alone (in the sim, p2's bye{game over} reached p0 before the liar's last message, which p2 then
owed p0).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Bye
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table

SILENT, BYE = 2, 1


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_said_bye_is_asked_for_a_relay_it_owes(game):
    t = Table(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 3 for s in t.s))
    t.only_to[SILENT] = BYE  # seat 2's last frames reach seat 1 only
    t.run()
    t.dead.add(SILENT)
    t.run()
    s0, s1 = t.s[0], t.s[BYE]
    if s1.chain.next_seq(SILENT) <= s0.chain.next_seq(SILENT):
        pytest.skip("seat 2 sent nothing more before it fell silent here")
    t.out(BYE, s1.declare_absent(SILENT))  # seat 1 claims more of seat 2's messages than seat 0 holds
    t.run()
    assert BYE in s0.owing(), "seat 1 owes seat 0 a relay (the test's premise)"
    o = Output()
    s1._emit(Bye("game over"), o)
    t.out(BYE, o)
    t.run()
    assert BYE in s0.quit
    owed = s0.owed().get(BYE)
    assert owed is not None and owed.what == "relay", f"seat 1, which said bye, owes {owed} for a relay"
    # seat 0's clock declares seat 2 (its reveal) and seat 1 (the relay): seat 1 relays what seat 0's claim lacks
    t.out(0, s0.declare_absent(SILENT))
    t.out(0, s0.declare_absent(BYE, owed))
    t.run()
    assert s0.chain.next_seq(SILENT) == s1.chain.next_seq(SILENT), "seat 1 did not relay what it claimed"
    assert BYE not in s0.owing(), "seat 1 still owes the relay"
    # (what the game needs next may be seat 1's own message: then it is leaving, as it said bye mid-game here)

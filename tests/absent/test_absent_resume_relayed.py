"""A resumed session takes every record of its own log again, relayed copies included (protocol/SPEC.md 11.12,
*Coming back*; sim seed 3158).

After its own vote on a seat (or a refusal of a vote on itself), a peer no longer takes that seat's messages straight
from it, but still takes relayed copies until the decision (``AbsenceRules._frozen``).  The log does not say how a
frame arrived: a peer that crashed and resumed read a relayed copy it had logged as one straight from the seat,
dropped it, and stayed a turn behind its own live self and the auditor of the same log (seed 3158: the resumed p1
stayed at turn 4 while it had played on to turn 9, voted out a seat alone and split the game).  In memory.
"""

from __future__ import annotations

import pytest

from kit.sessions import session_from_log
from kit.table import KINDS, fixed
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_unit import Table

ME, RELAY, X = 0, 1, 2


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_session_takes_a_relayed_record_it_logged_after_its_own_vote(game):
    t = Table(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.run()
    me, x = t.s[ME], t.s[X]
    o = Output()
    me._emit(Absent(X, me.turn, me.chain.next_seq(X), "relay"), o)
    me._emit(Vote(X, "bot", me.chain.next_seq(X)), o)
    for p in o.send:
        t.logs[ME].append(p)  # (signed and logged, not sent: only this peer's log matters here)
    assert X in me.my_votes
    o = Output()
    x._emit(Absent(RELAY, x.turn, x.chain.next_seq(RELAY), "relay"), o)  # any message of X's after that vote
    frame = o.send[0]
    t.take(RELAY, X, frame)
    before = me.chain.next_seq(X)
    t.take(ME, RELAY, frame)  # relayed: taken (a copy straight from X would not be) and logged
    assert me.chain.next_seq(X) == before + 1, "the live peer did not take the relayed copy"
    resumed, _ = session_from_log(t.records(ME), None, ME, t.ids[ME], fixed(f"absent test secret {ME}"))
    assert resumed.chain.next_seq(X) == me.chain.next_seq(X), (
        "the resumed session dropped a relayed record of its own log")
    assert resumed.turn == me.turn and resumed.applied_turn == me.applied_turn

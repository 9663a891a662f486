"""A voter's vote on a seat is owed no earlier than this peer's own pause on that seat started (issue 18; SPEC 11.9,
*Clock*; net/watch.py ``AbsenceWatch._overdue_at``; sim seed 106702).

A voter owes its vote ``vote_after`` after the pause on the seat starts, and a pause that breaks (another seat became
a voter on it and owed its declaration first) starts again on every voter's clock once it holds again.  The clock of a
voter's ``vote`` obligation goes on across a brief window in which it is not owed (sim seed 413,
test_watch_vote_clock.py), so it ran on from the first pause: in seed 106702 p3 held p2 to its vote on crashed p0 from
the pause at 14 s; the pause broke when relink-storming p1's reveal came (p1 then owed its declaration) and held again
at 17.5; p3 declared p2 for its vote at 20.0, while p2's own pause had started again at 17.0 and its vote was due at
21.0.  p2 was voted out alone, refused, and the others voted honest p3 out.

One watch on an in-memory table; the session's ``owed()`` and ``paused_on()`` are scripted: ``x`` owes its reveal all
along, the pause on it holds from ``absent_after`` on but for a window in which the voter owes nothing.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from test_absent_resumed_vote import held_from_turn_2
from test_watch_vote_clock import ABSENT_AFTER, VOTE_AFTER, declared_at

VOTER, ABOUT = 2, 1
BREAK, AGAIN = 3.0, 5.0  # the pause on x breaks at BREAK and holds again from AGAIN


def _paused(now: float) -> bool:
    return ABSENT_AFTER <= now < BREAK or now >= AGAIN


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_is_not_owed_before_the_pause_here_started_again(game):
    t = held_from_turn_2(game, "vote after pause")
    s = t.s[0]
    clock = {"now": 0.0}

    def owed(now: float) -> dict[int, Owed]:
        clock["now"] = now
        res = {ABOUT: Owed("reveal", s.turn)}
        if _paused(now):
            res[VOTER] = Owed("vote", s.turn, ABOUT, s.chain.next_seq(ABOUT))
        return res

    real = s.paused_on
    s.paused_on = lambda seat: _paused(clock["now"]) if seat == ABOUT else real(seat)
    try:
        at, what = declared_at(s, owed, VOTER)
    finally:
        s.paused_on = real
    due = AGAIN + ABSENT_AFTER + VOTE_AFTER
    assert what == "vote" and at is not None, "the voter that never voted was never declared"
    assert at >= due, f"the voter was declared at {at}, before its vote was due on the pause that held again ({due})"
    assert at <= due + 0.5, f"the voter was declared at {at}, long after its vote was due ({due})"

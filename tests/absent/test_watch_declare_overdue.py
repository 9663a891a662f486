"""A voter's declaration on a seat is owed no earlier than that seat is overdue here for what it owes now (issue 18,
G10; SPEC 11.9, *Clock*; net/watch.py ``AbsenceWatch._declare_due``; sim seed 118822).

This peer declares a seat ``x`` absent when ``x`` is overdue; every other voter then owes its own declaration on ``x``
within ``absent_after``.  But an absent on ``x`` stays current as long as ``x`` owes something (seed 1468's rule), and
``x``, silent, may come to owe something new with a longer limit: in seed 118822 p1 and p2 declared dead p3 for not
declaring partitioned p0; p0 came back (p4 saw it before those absents, so never saw p3 owe that declaration), p3
then owed its move, and p1 and p2 held honest p4 to declaring p3 on the 3 s absence clock while p4's 6 s move clock
on p3 ran on: they declared p4 and voted it out.  The voter's declaration on ``x`` is owed from when ``x`` is
overdue for its move, as its vote would be (``_overdue_at``).  A voter owing several declarations is still held to
the first due of them (``_declare_since``, seed 90951): the rule bounds each one, not the oldest by the one named.

Four seats of one in-memory table; the session's view of who owes what is scripted (``owed()``, and the reads of
``_declarations``), and the watch is ticked by hand.
"""

from __future__ import annotations

import pytest

from test_watch_declare_oldest import _table
from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import decode_signed

ABSENT_AFTER, VOTE_AFTER, MOVE_TIME = 2.0, 4.0, 6
ME, X, OTHER, VOTER = 0, 1, 2, 3  # X (silent) owes its declaration on OTHER, then its move; VOTER owes one on X
DECLARED = ABSENT_AFTER  # this peer declares X: VOTER owes its declaration on X from then
BACK = DECLARED + 0.5  # OTHER is back: X owes its move from then (its absent here still current)


def _declared_at(s, older: bool = False, until: float = 14.0) -> float | None:
    """Tick a watch on ``s`` every 0.25 s from 0 until it declares ``VOTER`` absent: when it did (None: never).
    ``older``: VOTER also owes, from 0, a declaration on OTHER (declared here, unpaid), named after the one on X
    (``Session.owed`` names the lowest seat)."""
    now = {"t": 0.0}
    have = s.chain.next_seq(X)
    s.move_time = MOVE_TIME

    def owed():
        t = now["t"]
        out = {X: Owed("declare", s.turn, OTHER, 0) if t < BACK else Owed("move", s.turn)}
        if t >= DECLARED:
            out[VOTER] = Owed("declare", s.turn, X, have)
        elif older:
            out[VOTER] = Owed("declare", s.turn, OTHER, s.chain.next_seq(OTHER))
        return out

    s.owed = owed
    s.declared_here = lambda x: (x == X and now["t"] >= DECLARED) or (older and x == OTHER)
    s._current = lambda w, x: False
    s._voters = lambda x: [i for i in range(4) if i != x]
    s.paused_on = lambda x: False
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    while now["t"] <= until:
        up = {1, 2, 3}
        tk = w.tick(now["t"], connected=up, last_rx=dict.fromkeys(up, now["t"]), linked=up)
        for msg in map(decode_signed, tk.out.send):
            if msg.type == "absent" and msg.body.seat == VOTER:
                assert msg.body.owed == "declare"
                return now["t"]
        now["t"] += 0.25
    return None


@pytest.mark.parametrize("game", KINDS)
def test_a_declaration_is_not_owed_before_the_seat_is_overdue_for_its_move(game):
    at = _declared_at(_table(game, "declare overdue").s[ME])
    due = BACK + MOVE_TIME + ABSENT_AFTER  # X overdue for its move, then the voter's absent_after
    assert at is not None, "the voter that never declared X was never declared absent"
    assert at >= due, (
        f"the voter was declared at {at}: held to its declaration on X from {DECLARED} on the absence clock, though "
        f"X was overdue for its move only at {BACK + MOVE_TIME}")
    assert at <= due + 0.5, f"the voter was declared at {at}, long after its declaration was due ({due})"


@pytest.mark.parametrize("game", KINDS)
def test_an_older_declaration_still_holds_the_voter(game):
    """The voter's older declaration on OTHER (owed since 0, not bounded by X) still runs its clock, though the one
    named is now on X, which is not overdue yet (the rule bounds each declaration, not the oldest one by X's)."""
    at = _declared_at(_table(game, "declare overdue older").s[ME], older=True)
    assert at is not None and at < ABSENT_AFTER + 0.25, (
        f"declared at {at}: the declaration owed on OTHER since 0 was put off to when X is overdue")

"""A voter's vote on a seat is owed no earlier than that seat is overdue here for what it owes now (issue 18; SPEC
11.9, *Clock*; net/watch.py ``AbsenceWatch._overdue_at``; sim seed 66255).

This peer votes on a seat ``vote_after`` after it is overdue for what it owes now, and that pause starts again
whenever the seat comes to owe something new; so does every other voter's vote.  The clock of a voter's ``vote``
obligation goes on across a brief window in which it is not owed (sim seed 413, test_watch_vote_clock.py), so it
must not run from an older pause: in seed 66255 the seat ``x`` was paused on for a declaration it owed about a frozen
seat, came back when that seat did, and then owed its reveal.  The two honest voters' vote clocks ran on from the first
pause; each declared the other absent for a vote that was not due yet, and one voted the other out.

Two watches on one in-memory table; the session's ``owed()`` is scripted: ``x`` owes a declaration (the voter owes its
vote), then nothing (``x`` is back, the voter owes nothing), then its reveal (the voter owes its vote again).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from test_absent_resumed_vote import held_from_turn_2
from test_watch_vote_clock import ABSENT_AFTER, VOTE_AFTER, declared_at

VOTER, ABOUT = 2, 1
BACK, AGAIN = 1.0, 3.0  # x is back (owes nothing) from BACK, and owes its reveal from AGAIN on


def _owed(s, now: float, changes: bool) -> dict[int, Owed]:
    vote = Owed("vote", s.turn, ABOUT, s.chain.next_seq(ABOUT))
    if now < BACK:
        return {ABOUT: Owed("declare", s.turn, 0, 0), VOTER: vote}
    if now < AGAIN and changes:
        return {}
    return {ABOUT: Owed("reveal", s.turn), VOTER: vote}


def _declared_at(s, changes: bool = True) -> float | None:
    """When a watch on ``s`` declares ``VOTER`` absent (or None)."""
    at, owed = declared_at(s, lambda now: _owed(s, now, changes), VOTER)
    assert owed in (None, "vote")
    return at


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_is_not_owed_before_the_seat_is_overdue_for_what_it_owes_now(game):
    t = held_from_turn_2(game, "vote after overdue")
    at = _declared_at(t.s[0])
    # x is overdue for its reveal at AGAIN + absent_after; the voter's vote is then owed absent_after + vote_after
    due = AGAIN + ABSENT_AFTER + ABSENT_AFTER + VOTE_AFTER
    assert at is not None, "the voter that never voted was never declared"
    assert at >= due, f"the voter was declared at {at}, before its vote on x was due ({due})"
    assert at <= due + 0.5, f"the voter was declared at {at}, long after its vote was due ({due})"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_comes_to_owe_something_new_puts_the_vote_off(game):
    """No window: x's obligation changes while the voter's vote obligation stays the same one."""
    t = held_from_turn_2(game, "vote after overdue, no window")
    at = _declared_at(t.s[0], changes=False)
    due = BACK + ABSENT_AFTER + ABSENT_AFTER + VOTE_AFTER
    assert at is not None and due <= at <= due + 0.5, f"the voter was declared at {at}, its vote was due at {due}"

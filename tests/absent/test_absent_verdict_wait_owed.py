"""A seat that waits for its verdict on a lone vote on it, and owes a message meanwhile, waits only half its limit
(issue 18; SPEC 11.9, *Refusal*; net/watch.py ``AbsenceWatch.vote_verdict``; sim lie-away seed 12925).

While a decided vote on this seat waits for the votes that may still come (sim seed 4221), the seat signs nothing.
It had waited ``absent_after`` s: a seat that owed its reveal from the moment the liar's lone vote was decided sent
it only when it refused, ``absent_after`` s later, and an honest seat, whose clock on that reveal started with it,
had declared it absent and voted on it by then: the seat refused that honest vote too, treated the honest voter as
leaving, and the game split (p0 halted on a desync, the others voted honest p0 out).  The wait now ends halfway (the
nudge point) when this seat owes something, so its message reaches the others before their clocks run out; and
half its limit from the moment it comes to owe one while it waits (lie-away seed 49555: the next mover's move, sent
before the liar's vote reached this seat, came just after it; the others' clocks on this seat's reveal had started
with that move, and the whole wait made it late for them, so an honest seat declared it, voted, and was refused).

The watch is ticked on a scripted session (what the verdict reads of it), on a shared time.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed

ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0
ME, LIAR = 0, 2


def _session(owes: bool) -> SimpleNamespace:
    """A seat decided out on one liar's vote, that may still get another vote, owing its reveal (or nothing)."""
    owed = {ME: Owed("reveal", 2)} if owes else {}
    return SimpleNamespace(me=ME, decided={ME: ("bot", 5, (LIAR,))}, gone={}, sole_word=lambda seat: LIAR, owner_one_word=lambda: True,
                           votes_on_owner=lambda: {LIAR}, may_still_vote=lambda: True, owed=lambda: owed,
                           came_back_at=None)  # (never away: AbsenceWatch._voted_while_away)


def _verdict_at(owes: bool, owes_from: float = 0.0) -> float:
    session = _session(owes)
    owed = session.owed()
    session.owed = lambda: owed if now >= owes_from else {}
    w = AbsenceWatch(session, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    now = 0.0
    while now < 10.0:
        w.last_tick = now
        if w.vote_verdict(now) != "wait":
            return now
        now += 0.25
    raise AssertionError("the verdict never came")


def test_a_seat_that_owes_a_message_refuses_before_its_limit():
    at = _verdict_at(owes=True)
    assert at < ABSENT_AFTER, f"the refusal came at {at}: the reveal it held back was overdue on the others' clocks"
    assert at >= ABSENT_AFTER / 2, f"the refusal came at {at}: no time left for another vote to come"


def test_a_seat_that_owes_nothing_waits_its_whole_limit():
    assert _verdict_at(owes=False) == ABSENT_AFTER, "a seat owing nothing waits absent_after as before (seed 4221)"


def test_a_seat_that_comes_to_owe_a_message_while_it_waits_refuses_halfway_from_then():
    """lie-away seed 49555: the move that made it owe its reveal came 0.07 s after the liar's vote."""
    owes_from = 0.5
    at = _verdict_at(owes=True, owes_from=owes_from)
    assert at <= owes_from + ABSENT_AFTER / 2, (
        f"the refusal came at {at}, {at - owes_from} s after this seat came to owe its reveal: the others' clocks, "
        "started before, ran out first")

"""A vote on a seat's own message that came here just before its limit raced it: no lone vote, though this peer never
declared the seat (issue 18; SPEC 11.9, *A lone vote on a seat that answers*; net/watch.py ``AbsenceWatch._raced``,
``_paid_at_limit``; sim lie-away seed 135630).

Lie-away seed 135630 (4 seats, Snow Tails): p0 crashed at 2.96 s owing its move and restarted at 11.97; its move
reached p2 35 ms before its move time ran out on p2's clock and p1 150 ms after it on p1's.  p1 declared p0 for the
move and voted; p2, which never declared p0, judged that vote lone once p0 acked (p0 answered it), held honest p1
leaving, and the two honest seats voted each other out.  Two clocks a few hundred milliseconds apart on the same
message are a race, not a lie: the vote came less than ``RACE`` after the message, which came less than ``RACE``
before its limit here.

One watch over a session stand-in (test_watch_vote_raced_return.Stand): X owes its reveal of turn 7 from the first
look until the test's ``paid`` (limit: absent_after, 2 s); V declared X for it; this peer never did.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import RACE
from snowp2p.protocol.absence import Owed
from test_watch_vote_raced_return import ME, V, X, Stand, drive

LIMIT = 2.0  # (absent_after: the reveal's limit on this clock, from the first look at 0.0)


class NeverDeclared(Stand):
    def __init__(self, vote_at: float, paid: float):
        super().__init__(vote_at)
        self.paid = paid
        self.absents = {X: {V: SimpleNamespace(owed="reveal", have=15, turn=7)}}  # (this peer's own: none)

    def owed(self):
        return {X: Owed("reveal", 7)} if self.now < self.paid else {}


def left(vote_at: float, paid: float) -> list[tuple[int, float]]:
    return drive(NeverDeclared(vote_at, paid), vote_at, 15)


def test_a_vote_just_after_a_message_paid_at_its_limit_is_no_lone_vote():
    assert ME not in (V, X)
    assert left(LIMIT + 0.25, paid=LIMIT - 0.25) == [], "an honest voter, a few hundred ms apart, was made leaving"
    assert left(LIMIT + 0.5, paid=LIMIT) == [], "a vote on a message paid just as its limit ran out here was lone"


def test_a_vote_on_a_message_paid_well_before_its_limit_is_judged_lone():
    early = LIMIT - RACE - 0.25  # (paid here more than RACE before its limit: a voter that says it lacked it lies)
    assert left(early + 0.5, paid=early) == [(V, early + 0.5)]


def test_a_vote_held_long_after_the_message_is_judged_lone():
    late = LIMIT + RACE + 0.25
    assert left(late, paid=LIMIT - 0.25) == [(V, late)], "a vote held long after X answered was not judged lone"

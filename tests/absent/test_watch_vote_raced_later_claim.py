"""A vote that raced a return stays a raced vote when its voter declares the seat again later: the race is judged on
the claim the vote rests on, not on a later ``absent`` of the voter's (issue 18; SPEC 11.9, *A lone vote on a seat
that answers*; net/watch.py ``AbsenceWatch._raced``, ``_vote_claim``; sim vote-kill paced seed 520).

Vote-kill paced seed 520 (5 seats, Mush! Mush!): p0 crashed; p3 crashed just before declaring it, and p1, p2, p4
declared p3 for that declaration.  p0 came back and revealed at 8.49 s; p1 voted p3 out at 8.75, 0.24 s before p0's
reveal reached it, and p2 and p4 held the vote 0.09 s after the reveal: a raced vote, no lone vote there.  p1's open
vote then held p3's messages back on p1 (``Session._frozen``), and at 15.75 p1 declared p3 for a reveal p3 had sent
(count 7, past the vote's 6).  p2 and p4, reading the race off p1's latest ``absent`` (a reveal they never claimed),
judged the old vote lone at 16.0 and held honest p1 leaving; all four voted it out.

One watch over the session stand-in of test_watch_vote_raced_return.py: X owes a declaration until ``BACK``; this
peer and V declared X for it; V's vote comes just after ``BACK`` (raced), or later; at ``LATER`` V declares X again,
for a reveal (a count past its vote's).  The session judges the vote lone (``lone_votes``) and the watch's clock
decides whether V is leaving.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import RACE
from test_watch_vote_raced_return import BACK, V, X, Stand, drive

LATER = 8.0  # V, behind on X by its own open vote, declares X again for a reveal X has sent


class LaterClaimStand(Stand):
    """V's latest absent on X: the declaration its vote rests on (count 16) until ``LATER``, then a reveal (count 21)."""

    def tick_claims(self):
        later = self.now >= LATER
        self.absents[X][V] = (SimpleNamespace(owed="reveal", have=21, turn=8) if later else
                              SimpleNamespace(owed="declare", have=16, turn=7))


def left(vote_at: float) -> list[tuple[int, float]]:
    return drive(LaterClaimStand(vote_at), vote_at, 20, until=12.0)


def test_a_raced_vote_stays_raced_after_its_voter_declares_the_seat_again():
    assert left(BACK + 0.25) == [], "a later claim of the voter's made its raced vote a lone one"


def test_a_vote_held_later_is_still_judged_lone():
    late = BACK + RACE + 0.25
    assert left(late) == [(V, late)], "a vote held long after X was answering again was not judged lone"

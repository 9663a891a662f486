"""A vote for a seat's own message held just after that message came is no lone vote, when this peer declared the
seat for the same message (issue 18; SPEC 11.9, *A lone vote on a seat that answers*; net/watch.py
``AbsenceWatch._raced``; sim seed 132028).

Sim seed 132028 (4 seats, Mush! Mush!): p2, partitioned alone 7.1-14.5 s, owed its reveal of turn 5; p0, p1 and
relink-storming p3 all declared it for that reveal (count 7).  Its return reached p3 at 14.44; p0's vote on p2, signed
at 14.5 before the return reached p0, came to p3 at 14.95: p3 judged it a lone vote on an answering seat and held
honest p0 leaving, then p1 for its vote alike, and voted both out; p2, on a declaration claim that had lapsed, joined
p3's vote on p0 (p3 had signed p0 leaving), while p0 and p1 refused p3's votes on them: p0 and p1 finished with p2 and
p3 voted out, p2 with p0 and p1 voted out, no seat named.  The vote was on a claim p3 had made itself (the same
reveal of the same turn) and came less than ``RACE`` after the reveal came: an honest vote that raced the return, as
for a declaration (seed 114385, tests/absent/test_watch_vote_raced_return.py).

One watch over the session stand-in of that test: X owes its reveal of turn 7 until ``BACK``; this peer and V both
declared X for it; V's vote on X comes at a time the test sets; the session judges it lone (``lone_votes``) and the
watch's clock decides whether V is leaving.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import RACE
from snowp2p.protocol.absence import Owed
from test_watch_vote_raced_return import BACK, ME, V, X, Stand, drive


class RevealStand(Stand):
    def __init__(self, vote_at: float, mine: tuple[str, int] = ("reveal", 7), theirs: tuple[str, int] = ("reveal", 7)):
        super().__init__(vote_at)
        self.absents = {X: {ME: SimpleNamespace(owed=mine[0], have=15, turn=mine[1]),
                            V: SimpleNamespace(owed=theirs[0], have=15, turn=theirs[1])}}

    def owed(self):
        return {X: Owed("reveal", 7)} if self.now < BACK else {}


def left(vote_at: float, **kw) -> list[tuple[int, float]]:
    return drive(RevealStand(vote_at, **kw), vote_at, 15)


def test_a_vote_for_a_reveal_that_raced_its_return_is_no_lone_vote():
    assert left(BACK + 0.5) == [], "a vote held just after the reveal it claimed came here made an honest voter leaving"


def test_a_vote_for_a_reveal_held_later_is_judged_lone():
    late = BACK + RACE + 0.25
    assert left(late) == [(V, late)], "a vote held long after X was answering again was not judged lone"


def test_a_race_needs_this_peers_own_claim_of_that_message():
    # (this peer declared X for another turn's reveal, or for a declaration: the vote is judged on its clock, as any)
    assert left(BACK + 0.5, mine=("reveal", 6)) == [(V, BACK + 0.5)]
    assert left(BACK + 0.5, mine=("declare", 7)) == [(V, BACK + 0.5)]

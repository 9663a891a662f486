"""A vote for a declaration held just after the seat it was about came back is no lone vote (issue 18; SPEC 11.9,
*A lone vote on a seat that answers*; net/watch.py ``AbsenceWatch._raced``; sim seeds 81020, 114385, 92595).

Sim seed 114385 (4 seats, Snake Carnival): p1 crashed at 8.8 s; trickling p3 owed a declaration on it, and p0 and p2
declared p3 absent for it.  p1 came back at 14.8; its first message reached p2 at 14.95, and p3, owing nothing any
more, was answering there.  p0's vote on p3, signed before p1's return reached p0, reached p2 at 15.26: p2 judged it a
lone vote on an answering seat and held honest p0 leaving, and the two honest sides voted each other out.  The vote
was signed on a claim p2 had made itself (its own ``absent`` on p3 for a declaration) and came less than ``RACE``
after the claim was paid here: an honest vote that raced the return, not a lie.

One watch over a session stand-in (test_absent_pause_owed.StandIn): X owes a declaration until ``BACK``; this
peer and V both declared X for it; V's vote on X comes at a time the test sets; the session judges it lone
(``lone_votes``) and the watch's clock decides whether V is leaving.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import RACE, AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.events import Output
from test_absent_pause_owed import StandIn

ME, V, X, W = 2, 0, 3, 1
BACK = 5.0  # W comes back: X owes no declaration on it any more


class Stand(StandIn):
    me, n = ME, 4

    def __init__(self, vote_at: float, mine: str = "declare"):
        super().__init__()
        self.vote_at = vote_at
        self.leaving: set[int] = set()
        self.left: list[tuple[int, float]] = []
        self.absents = {X: {ME: SimpleNamespace(owed=mine, have=15, turn=7),
                            V: SimpleNamespace(owed="declare", have=16, turn=7)}}

    def owed(self):
        return {X: Owed("declare", 7, W, 8)} if self.now < BACK else {}

    def waiting_on(self):
        return set(self.owed())

    def paused_on(self, seat):
        return False

    def declared_here(self, seat):
        return True

    def _current(self, sender, seat):
        return False

    def declare_absent(self, seat, owed=None):
        return Output()

    def cast_vote(self, seat, choice):
        return Output()

    def lone_votes(self):
        return [(X, V)] if X in self.votes and V not in self.leaving else []  # (the session's judgement: the watch's clock decides)

    def refused_by_seat(self, x, v):
        return False

    def leave_voter(self, v):
        self.left.append((v, self.now))
        self.leaving.add(v)
        return Output()


def drive(s, vote_at: float, have: int, until: float = 10.0) -> list[tuple[int, float]]:
    """One watch over the stand-in ``s`` (every seat linked and heard at every tick), V's vote on X (count ``have``)
    held from ``vote_at``; the stand-in's ``tick_claims``, if any, moves the claims first.  The voters held leaving,
    with when."""
    w = AbsenceWatch(s, 2.0, 2.0, "bot", now=0.0)
    now = 0.0
    while now <= until:
        s.now = now
        if hasattr(s, "tick_claims"):
            s.tick_claims()
        if now >= vote_at:
            s.votes = {X: {V: SimpleNamespace(have=have, choice="bot")}}
        w.tick(now, connected={0, 1, 3}, last_rx={0: now, 1: now, 3: now}, linked={0, 1, 3})
        now += 0.25
    return s.left


def left(vote_at: float, mine: str = "declare") -> list[tuple[int, float]]:
    return drive(Stand(vote_at, mine), vote_at, 20)


def test_a_vote_that_raced_the_return_is_no_lone_vote():
    assert left(BACK + 0.25) == [], "a vote held just after its claim was paid here made an honest voter leaving"


def test_a_vote_held_later_is_judged_lone():
    late = BACK + RACE + 0.25
    assert left(late) == [(V, late)], "a vote held long after X was answering again was not judged lone"


def test_a_race_needs_this_peers_own_claim():
    # (this peer declared X for something else, not the declaration: the vote is judged on its clock, as any)
    assert left(BACK + 0.25, mine="reveal") == [(V, BACK + 0.25)]


AGAIN, BACK_AGAIN = 8.0, 9.0  # X owes a declaration once more (another seat failed), and pays it


class TwiceOwed(Stand):
    """X owes the declaration until ``BACK`` and again from ``AGAIN`` until ``BACK_AGAIN``."""

    def owed(self):
        return {X: Owed("declare", 7, W, 8)} if self.now < BACK or AGAIN <= self.now < BACK_AGAIN else {}


def test_a_later_return_does_not_make_a_raced_vote_lone():
    # (sim seed 164545: p0's vote on never-declaring p4 raced crashed p2's return and was no lone vote; 11 s later p4
    # owed a declaration again and paid it, and the three others, timing the race from that later return, held honest
    # p0 leaving and voted it out)
    assert drive(TwiceOwed(BACK + 0.25), BACK + 0.25, 20, until=12.0) == [], (
        "a vote that raced the seat's return was judged lone once the seat stopped owing a declaration a second time")


MOVED = 7.0  # X, back at BACK owing its move instead, having sent nothing since: the pause on it runs on till its move


class MovesLater(Stand):
    """X owes the declaration until ``BACK`` (when W comes back), then its move until ``MOVED``; the pause on it (every
    voter's absent on the declaration still holds: X sent nothing since) runs until the move comes."""

    def owed(self):
        if self.now < BACK:
            return {X: Owed("declare", 7, W, 8)}
        return {X: Owed("move", 8)} if self.now < MOVED else {}

    def paused_on(self, seat):
        return seat == X and self.now < MOVED

    def declared_here(self, seat):
        return seat != W or self.now < BACK  # (W, which X was to declare, came back: that declaration lapsed here)


def test_a_vote_that_raced_the_end_of_the_pause_is_no_lone_vote():
    # (vote-kill paced seed 5454: crashed p2 came back owing its move and sent nothing until it; p3's vote, signed
    # as the move came, was held 1.5 s after the declaration stopped being owed but 0.25 s after the pause ended;
    # the three others held honest p3 leaving and voted it out)
    assert drive(MovesLater(MOVED + 0.25), MOVED + 0.25, 20, until=10.0) == [], (
        "a vote held just after the pause on its seat ended made an honest voter leaving")


def test_a_vote_held_long_after_the_pause_ended_is_judged_lone():
    late = MOVED + RACE + 0.25
    assert drive(MovesLater(late), late, 20, until=10.0) == [(V, late)]

"""A vote for a seat's own message that raced its return is no lone vote on the peer that declared the seat for that
very message earlier (not only in its latest absent), nor on the seat itself when it was cut off (issue 18; SPEC
11.9, *A lone vote on a seat that answers*; net/watch.py ``AbsenceWatch._raced``, ``_raced_on_me``; lie-away seed
118238).

Lie-away seed 118238 (5 seats, Mush! Mush!): p0, partitioned alone 3.8-10.8 s, never got p1's move of turn 4; p1 and
p4 declared it for its reveal of turn 4 (count 7).  At 11.35 p0 got the move and revealed at once; p1, before the
reveal reached it, voted p0 out (the vote came to p4 and p0 0.25-0.4 s after the reveal).  p4 had meanwhile declared
p0 again, for a declaration on leaving liar p2: it judged p1's vote lone (its latest absent was another claim, and
the watch kept only the last message paid), and p0, whose clock never saw itself owe the reveal, judged it lone too:
honest p1 was voted out by p0 and p4.

Two watches over session stand-ins (test_absent_pause_owed.StandIn): the third seat's, where X owes its reveal of
turn 7 until ``BACK`` (then an ack a moment), this peer declared it for that reveal and then for a declaration; and
the owner's, cut off alone for a while, whose reveal of turn 7 it signs at ``BACK`` as the move comes.  V's vote
comes at a time the test sets; the session judges it lone (``lone_votes``) and the watch's clock decides whether V
is leaving.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import RACE, AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.session import Session
from test_watch_vote_raced_return import BACK, ME, V, X, Stand, drive



class ThirdStand(Stand):
    """This peer declared X for its reveal of turn 7 at count 15, then (once the reveal came) for a declaration."""

    def __init__(self, vote_at: float, mine: tuple[str, int] = ("reveal", 7)):
        super().__init__(vote_at)
        self.mine = mine

    def owed(self):
        if self.now < BACK:
            return {X: Owed("reveal", 7)}
        return {X: Owed("ack", 7)} if self.now < BACK + 0.25 else {}  # (and its ack of the turn: paid at once)

    def tick_claims(self):
        later = self.now >= BACK  # (this peer declares X again, for a declaration X owes a moment)
        self.absents = {X: {ME: SimpleNamespace(owed="declare", have=16, turn=7) if later else
                            SimpleNamespace(owed=self.mine[0], have=15, turn=self.mine[1]),
                            V: SimpleNamespace(owed="reveal", have=15, turn=7)}}


def third_left(vote_at: float, **kw) -> list[tuple[int, float]]:
    return drive(ThirdStand(vote_at, **kw), vote_at, 16)


def test_a_raced_vote_on_a_claim_this_peer_made_before_its_latest_is_no_lone_vote():
    assert third_left(BACK + 0.5) == [], "a vote held just after the reveal came made an honest voter leaving"


def test_a_raced_vote_held_later_is_judged_lone():
    late = BACK + RACE + 0.5
    assert third_left(late) == [(V, late)], "a vote held long after X was answering again was not judged lone"


def test_a_race_needs_this_peers_own_claim_of_that_very_message():
    # (this peer declared X, at that count, for another turn's reveal: the vote is judged on its clock, as any)
    assert third_left(BACK + 0.5, mine=("reveal", 6)) == [(V, BACK + 0.5)]


# ---- the seat voted on

CUT = (1.0, 4.0)  # this seat is linked to nobody meanwhile (absent_after 2 s: cut off)


class OwnerStand(Stand):
    """The owner X (this peer): cut off alone during ``CUT``; it gets the move at ``BACK`` and reveals at once (its
    message 15); V's claim on it is the reveal of turn 7 at count 15."""

    me = X
    paid_seq = Session.paid_seq  # (which of its messages pays a claim: the session's own reading of these three)

    def __init__(self, vote_at: float):
        super().__init__(vote_at)
        self.absents = {X: {V: SimpleNamespace(owed="reveal", have=15, turn=7)}}
        self.reveal_seq: dict[tuple[int, int], int] = {}
        self.ack_msgs: dict = {}
        self.final_seq: dict = {}
        stand = self

        class chain:
            @staticmethod
            def next_seq(seat):
                return (16 if stand.now >= BACK else 15) if seat == X else 20

        self.chain = chain

    def owed(self):
        return {}  # (this seat's clock never saw it owe the reveal: it had no move until BACK)

    def tick_reveal(self):
        if self.now >= BACK:
            self.reveal_seq[(X, 7)] = 15

    def lone_votes(self):
        return [(X, V)] if X in self.votes and V not in self.leaving else []


def owner_left(vote_at: float, cut: tuple[float, float] | None = CUT) -> list[tuple[int, float]]:
    s = OwnerStand(vote_at)
    w = AbsenceWatch(s, 2.0, 2.0, "bot", now=0.0)
    now = 0.0
    while now <= 10.0:
        s.now = now
        s.tick_reveal()
        if now >= vote_at:
            s.votes = {X: {V: SimpleNamespace(have=15, choice="bot")}}
        peers = set() if cut is not None and cut[0] <= now < cut[1] else {0, 1, 2}
        w.tick(now, connected=peers, last_rx={i: now for i in peers}, linked=peers)
        now += 0.25
    return s.left


def test_a_raced_vote_on_this_seat_after_its_cut_is_no_lone_vote():
    assert owner_left(BACK + 0.5) == [], "a vote for a reveal this seat sent 0.5 s before, as the cut healed, was lone"


def test_a_vote_on_this_seat_held_later_is_judged_lone():
    late = BACK + RACE + 0.5
    assert owner_left(late) == [(V, late)], "a vote held long after this seat's reveal was not judged lone"


def test_a_vote_on_this_seat_that_was_never_cut_off_is_judged_lone():
    # (linked all along: the others saw it answer; the claim is judged on its clock, as any)
    assert owner_left(BACK + 0.5, cut=None) == [(V, BACK + 0.5)]

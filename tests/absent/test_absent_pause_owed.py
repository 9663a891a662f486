"""A pause runs on what the paused seat owes: once the seat delivers that, and owes something else (or nothing), the
pause starts again (G7a; protocol/SPEC.md 11.9, *Voting*; docs/resilience.md).

Sim lie-away seed 2333 (no network fault): p2 paused on p0 for a declaration p0 owed (vote in 4 s).  p0 declared,
then owed a relay (its claim counted more of the liar's messages than p2 held), relayed when asked, then owed
nothing, then its reveal of the next turn.  p2's own absent on p0 stayed current all along (p0 had sent no message of
its own since it: a relay is other seats' messages), so the pause ran on from the first obligation, and p2 voted
answering p0 out alone 4 s after it; p0 refused and voted p2 out: two results.  (Seeds 2178 and 1815 the same.)
A relay, which a seat sends when asked, is voted on only once this peer asked for it (seed 712).

The watch is ticked over a session stand-in whose obligations and pause the test sets: what is tested is the
watch's pause clock, not how a session derives them.
"""

from __future__ import annotations

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.events import Output

ME, X = 2, 0
ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0


class StandIn:
    """What AbsenceWatch.tick reads of a session that no test here varies (tests/absent/test_watch_declare_clock.py
    uses it too): nothing decided, held or waited for, no lone vote, no seat's message held, every vote "bot"."""

    move_time, state = 90, None

    class chain:
        @staticmethod
        def next_seq(seat):
            return 0

    def __init__(self):
        self.decided, self.gone, self.away_held, self.absents, self.votes = {}, {}, {}, {}, {}
        self.quit: set[int] = set()
        self.now = 0.0

    def waiting_for_move(self):
        return False

    def lone_votes(self):
        return []

    def nudge(self, seat):
        return Output()

    def name(self, seat):
        return f"p{seat}"

    def _leave_choice(self, seat):
        return "bot"

    def _relay_paid(self, seat):
        return False


class Stand(StandIn):
    """What AbsenceWatch.tick reads of a session: seat X owes ``owes`` and every voter's absent on it holds."""

    me, n = ME, 3

    def __init__(self):
        super().__init__()
        self.owes: Owed | None = None
        self.leaving: set[int] = set()
        self.votes_cast: list[tuple[int, float]] = []
        self.paid = False  # (this peer's own relay claim on X was paid: claims._relay_paid)

    def _relay_paid(self, seat):
        return self.paid and seat == X

    def owed(self):
        return {X: self.owes} if self.owes is not None else {}

    def waiting_on(self):
        return set(self.owed())

    def paused_on(self, seat):
        return seat == X  # (p2's own absent on p0 stays current: p0 sent no message of its own since)

    def declared_here(self, seat):
        return True  # (every voter's absent on X holds)

    def _current(self, sender, seat):
        return True  # (X's absents hold too: a declaration it owed, then a relay, was paid)

    def declare_absent(self, seat, owed=None):
        return Output()

    def cast_vote(self, seat, choice):
        self.votes_cast.append((seat, self.now))
        return Output()


def play(steps: dict[float, Owed | None], until: float, absent_after: float = ABSENT_AFTER,
         vote_after: float = VOTE_AFTER, paid_at: float | None = None) -> list[tuple[int, float]]:
    """Tick the watch every 0.25 s to ``until``; at each time in ``steps`` seat X comes to owe that; from ``paid_at``
    on, this peer's own relay claim on X is paid."""
    s = Stand()
    w = AbsenceWatch(s, absent_after, vote_after, "bot", now=0.0)
    now = 0.0
    while now <= until and not s.votes_cast:
        s.now = now
        if now in steps:
            s.owes = steps[now]
        s.paid = paid_at is not None and now >= paid_at
        w.tick(now, connected={0, 1}, last_rx={0: now, 1: now}, linked={0, 1})
        now += 0.25
    return s.votes_cast


def test_a_pause_starts_again_when_the_seat_delivers_what_it_owed():
    votes = play({0.0: Owed("declare", 3, 1, 8), 0.5: Owed("relay", 3), 2.75: None, 3.75: Owed("reveal", 4)},
                 until=12.0)
    # before the rule: a vote at 4.0, 4 s after a pause whose obligation p0 delivered at 0.5; now the reveal is overdue
    # at 5.75, this peer declares p0 absent for it then, and votes 4 s later
    assert votes == [(X, 3.75 + ABSENT_AFTER + VOTE_AFTER)], f"voted on a seat that delivered what it owed: {votes}"


def test_a_pause_on_one_obligation_still_ends_in_a_vote():
    votes = play({0.0: Owed("reveal", 4)}, until=9.0)
    assert votes == [(X, ABSENT_AFTER + VOTE_AFTER)], f"no vote {VOTE_AFTER} s after the declaration: {votes}"


def test_a_relay_is_voted_on_only_after_this_peer_asked_for_it():
    # sim lie-away seed 712 (absent_after 3 s, vote_after 2 s): p1 voted p0 out 2 s after p0 came to owe a relay,
    # before its own absent{relay} asked for it (a relay is sent when asked)
    votes = play({0.0: Owed("relay", 5)}, until=9.0, absent_after=3.0, vote_after=2.0)
    assert votes == [(X, 3.0 + 2.0)], f"voted on a relay before asking for it: {votes}"


def test_a_paid_relay_claim_ends_in_no_vote():
    """Sim lie-away seed 92795 (5 seats, liar p2, p0 crashed 2.3-8.3 s): p1, p3 and p4 declared p2 absent for a relay
    (7.75); crashed p0's return paid that claim on all three, and p2 then owed nothing, but the pause stood on the
    signed absents.  p3 and p4 voted on p2 on their pause clock (seat owing nothing), while p1, whose own claim was paid,
    rightly joined no vote (``_relay_paid``, as ``_join_votes``): p3 and p4 then voted honest p1 out for the vote it
    never cast.  A seat that owes nothing is not voted on by a peer whose own relay claim on it was paid (SPEC 11.9,
    *Voting*)."""
    votes = play({0.0: Owed("relay", 5), 3.5: None}, until=12.0, absent_after=3.0, vote_after=2.0, paid_at=3.5)
    assert votes == [], f"voted on a seat whose relay this peer asked for and got: {votes}"
    # (the pause on a seat that owes nothing still ends in a vote when no claim of this peer's on it was paid)
    votes = play({0.0: Owed("relay", 5), 3.5: None}, until=12.0, absent_after=3.0, vote_after=2.0)
    assert votes == [(X, 3.0 + 2.0)], f"no vote on the pause's signed absents: {votes}"

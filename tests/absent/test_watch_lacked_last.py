"""A claim that a seat owed its last message held here, come at least that message's limit after it was owed, is no
lone vote while the seat sends this peer nothing more (G10; protocol/SPEC.md 11.9, *A lone vote on a seat that
answers*; docs/resilience.md).

Sim lie-away seed 38443 (5 seats, absent_after 2 s): p0's reveal #4 reached p4 only, just before p0 was cut off from
every seat.  p3 and p2, whose clocks ran 2 s without it, declared p0 absent for it and voted; p4, holding the reveal
(p0 owed it nothing since), judged each vote lone, treated both voters as leaving and voted them out alone; they voted
p4 out.  A claim of that kind that came sooner than the limit is a lie, judged as before (sim seed 3465: 0.3 s after
the reveal was owed; tests/absent/test_absent_refuse.py).

The watch is ticked over a session stand-in whose held messages and claims the test sets: what is tested is the
watch's verdict on a lone vote, not how a session finds one.
"""

from __future__ import annotations

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.events import Output
from snowp2p.protocol.messages import Absent
from test_absent_pause_owed import StandIn

ME, X, V = 4, 0, 3


class Stand(StandIn):
    """What AbsenceWatch.tick reads of a session: seat X owes ``owes``, this peer holds ``count`` of X's messages; V's
    absent on X (``claim``), once set, is a lone vote on X once this peer holds the message it claims X owed."""

    me, n = ME, 5

    def __init__(self):
        super().__init__()
        self.owes: Owed | None = None
        self.count = 4
        self.leaving: set[int] = set()
        self.left: list[tuple[int, float]] = []
        outer = self

        class Chain:
            @staticmethod
            def next_seq(seat):
                return outer.count if seat == X else 0

        self.chain = Chain()

    def owed(self):
        return {X: self.owes} if self.owes is not None else {}

    def waiting_on(self):
        return set(self.owed())

    def paused_on(self, seat):
        return False

    def lone_votes(self):
        a = self.absents.get(X, {}).get(V)
        return [(X, V)] if a is not None and self.count > a.have and V not in self.leaving else []

    def leave_voter(self, v):
        self.leaving.add(v)
        self.left.append((v, self.now))
        return Output()


def play(steps: dict[float, tuple], until: float = 9.0, absent_after: float = 2.0) -> list[tuple[int, float]]:
    """Tick the watch every 0.25 s to ``until``; at each time in ``steps``: ("owes", Owed | None), ("count", n) (X's
    messages held here) or ("claim", have) (V's absent on X, for X's reveal #have)."""
    s = Stand()
    w = AbsenceWatch(s, absent_after, 4.0, "bot", now=0.0)
    now = 0.0
    while now <= until:
        s.now = now
        for what, arg in steps.get(now, ()):
            if what == "owes":
                s.owes = arg
            elif what == "count":
                s.count = arg
            else:
                s.absents = {X: {V: Absent(X, 1, arg, "reveal")}}
        w.tick(now, connected={0, 1, 2, 3}, last_rx={i: now for i in range(4)}, linked={0, 1, 2, 3})
        now += 0.25
    return s.left


def test_an_honest_claim_of_the_last_message_held_here_is_no_lone_vote():
    # seed 38443: the reveal came (before p1's move, which made it owed, did), then p0 was cut off; the claim came
    # 2.25 s later; before the rule: V treated as leaving at 3.5
    left = play({1.25: [("count", 5)], 3.5: [("claim", 4)]})
    assert left == [], f"an honest voter, whose clock ran the limit without the reveal, treated as leaving: {left}"


def test_it_is_judged_once_the_seat_sends_this_peer_more():
    left = play({1.25: [("count", 5)], 3.5: [("claim", 4)], 5.0: [("owes", Owed("ack", 2))], 5.5: [("count", 6),
                                                                                                  ("owes", None)]})
    assert left == [(V, 5.5)], f"X answered here after the claim: {left}"


def test_a_claim_sooner_than_the_limit_is_judged_as_before():
    # seed 3465 (absent_after 3 s): the reveal owed from 3.5, came at 3.75, the claim at 3.75
    left = play({3.5: [("owes", Owed("reveal", 4))], 3.75: [("count", 5), ("owes", None), ("claim", 4)]},
                absent_after=3.0)
    assert left == [(V, 3.75)], left
    # from when it was owed, not when it came: owed at 1.0, came at 2.75, the claim at 3.25 (2.25 s after it was owed)
    left = play({1.0: [("owes", Owed("reveal", 1))], 2.75: [("count", 5), ("owes", None)], 3.25: [("claim", 4)]})
    assert left == [], left
    left = play({1.0: [("owes", Owed("reveal", 1))], 2.75: [("count", 5), ("owes", None)], 2.5: [("claim", 4)]})
    assert left == [(V, 2.75)], left


def test_a_claim_of_an_earlier_message_is_judged_as_before():
    left = play({1.25: [("count", 6)], 3.5: [("claim", 4)]})
    assert left == [(V, 3.5)], left

"""A voter's declaration is owed from when it was first owed until it is paid, whatever the turn (G7, G10;
protocol/SPEC.md 11.9, *The clock*; docs/resilience.md).

Sim seed 35754 (5 seats, absent_after 3 s, vote_after 2 s): vote-present p0 voted against answering p1, its claim
refuted itself and every peer treated p0 as leaving; p0 played on, and the turns with it.  Never-declaring p2 owed
its declaration on p0, but at every turn it owed its own reveal or move for a moment first, and the declaration it
owed then named the new turn: each time its clock started again, it was never declared absent, and p0 kept its seat
(G10: a seat that votes against a present seat ends up as if it had left).  Once declared, the pause on p2 started
again at every turn the same way, and no vote on it came.

The watch is ticked over a session stand-in whose obligations the test sets: what is tested is the watch's clock.
"""

from __future__ import annotations

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.events import Output
from test_absent_pause_owed import StandIn

ME, W, X = 1, 2, 0
ABSENT_AFTER, VOTE_AFTER = 3.0, 2.0


class Stand(StandIn):
    """What AbsenceWatch.tick reads of a session: voter W owes ``owes``; this peer's absent on leaving X holds, W's
    declaration on X is not paid; W is paused on once declared (``paused``)."""

    me, n = ME, 5

    def __init__(self):
        super().__init__()
        self.owes: Owed | None = None
        self.leaving = {X}
        self.declared: list[tuple[Owed, float]] = []
        self.votes_cast: list[float] = []

    def owed(self):
        return {W: self.owes} if self.owes is not None else {}

    def waiting_on(self):
        return set()

    def _current(self, sender, seat):
        return sender == ME and seat == X  # (this peer's absent on X holds; W has never declared X)

    def declared_here(self, seat):
        return seat == X or (seat == W and bool(self.declared))  # (this peer's absents hold)

    def paused_on(self, seat):
        return seat == W and bool(self.declared) and self.owes is not None and self.owes.what == "declare"

    def declare_absent(self, seat, owed=None):
        if seat == W:
            self.declared.append((owed, self.now))
        return Output()

    def cast_vote(self, seat, choice):
        if seat == W:
            self.votes_cast.append(self.now)
        return Output()


def play(steps: dict[float, Owed | None], until: float, s: Stand | None = None) -> Stand:
    """Tick the watch on ``s`` (a new Stand) every 0.25 s to ``until``; at each time in ``steps`` W comes to owe that."""
    s = s if s is not None else Stand()
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", now=0.0)
    now = 0.0
    while now <= until and not s.votes_cast:
        s.now = now
        if now in steps:
            s.owes = steps[now]
        w.tick(now, connected={0, 2}, last_rx={0: now, 2: now}, linked={0, 2})
        now += 0.25
    return s


def test_a_declaration_owed_across_turns_and_own_messages_is_declared_within_its_limit():
    # W owes its declaration on X from 0.0; the game goes on: its reveal for a moment at every turn, then the
    # declaration again, naming the new turn
    steps = {0.0: Owed("declare", 5, X, 11), 1.0: Owed("reveal", 5), 1.25: Owed("declare", 6, X, 12),
             2.25: Owed("move", 7), 2.5: Owed("declare", 7, X, 13), 3.5: Owed("reveal", 8)}
    s = play(steps, until=3.75)
    # before the rule: the clock started again at 1.25 and 2.5, and W was never declared
    assert [t for _, t in s.declared] == [3.0], f"W's declaration clock started again: {s.declared}"


def test_the_pause_on_a_declared_voter_is_not_made_new_by_a_turn():
    steps = {0.0: Owed("declare", 5, X, 11), **{3.0 + i: Owed("declare", 6 + i, X, 11 + i) for i in range(6)}}
    s = play(steps, until=9.0)
    # declared at 3.0; before the rule the pause started again at every new turn (every second) and no vote came
    assert s.votes_cast == [3.0 + VOTE_AFTER], f"no vote {VOTE_AFTER} s after the declaration: {s.votes_cast}"


def test_a_paid_declaration_is_owed_anew_from_its_new_obligation():
    # W declared X (paid: it owes nothing), then owes a declaration on X again (this peer declared X again)
    steps = {0.0: Owed("declare", 5, X, 11), 2.0: None, 4.0: Owed("declare", 7, X, 14)}
    s = play(steps, until=7.5)
    assert [t for _, t in s.declared] == [7.0], f"a paid declaration's clock went on: {s.declared}"


def test_the_pause_on_a_declared_voter_goes_on_while_it_owes_its_own_messages():
    # sim seed 41396 (4 seats, absent_after 2 s, vote_after 2 s): W, declared for its declaration on leaving X, is paused
    # on from 3.0; the game goes on around X: W owes its reveal or its move for a moment at every turn (every voter's
    # absent on it lapses then), and its declaration again after it
    steps = {0.0: Owed("declare", 5, X, 11), 3.75: Owed("reveal", 6), 4.0: Owed("declare", 6, X, 12),
             4.5: Owed("move", 7), 4.75: Owed("declare", 7, X, 13)}
    s = play(steps, until=7.0)
    assert [t for _, t in s.declared] == [3.0], f"W's declaration clock started again: {s.declared}"
    # before the rule the pause started again at 4.0 and 4.75, and no vote came
    assert s.votes_cast == [3.0 + VOTE_AFTER], f"no vote {VOTE_AFTER} s after the declaration: {s.votes_cast}"


def test_a_relay_owed_meanwhile_does_not_restart_the_declaration_clock():
    # sim seed 41396: W held a move this peer lacked (owed its relay) for a moment while it owed its declaration
    steps = {0.0: Owed("declare", 5, X, 11), 1.5: Owed("relay", 5), 2.5: Owed("declare", 6, X, 12)}
    s = play(steps, until=3.75)
    assert [t for _, t in s.declared] == [3.0], f"W's declaration clock started again: {s.declared}"


class Crashed(Stand):
    """W sends nothing more once declared: every voter's absent on it stays current, whatever it owes next."""

    def paused_on(self, seat):
        return seat == W and bool(self.declared) and self.owes is not None


def test_a_declared_voter_that_crashed_owing_its_reveal_is_still_voted_on():
    # the pause goes on across W's own messages only while they are within their limit (G7)
    s = play({0.0: Owed("declare", 5, X, 11), 3.5: Owed("reveal", 6)}, until=12.0, s=Crashed())
    assert s.votes_cast == [3.5 + ABSENT_AFTER + VOTE_AFTER], f"no vote on a voter gone owing its reveal: {s.votes_cast}"

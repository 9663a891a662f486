"""A seat back from a crash, voted out for never declaring a seat that its voter holds leaving on a verdict this seat
first held while its clock was not running, was not answering: it accepts (protocol/SPEC.md 11.9, *A vote on this
seat*; net/watch.py ``AbsenceWatch._on_unseen_verdict``; sim lie-away seed 167413).

In seed 167413 liar p0 counted answering p1 away and voted p2 out; p1 held p0 leaving (its clock: p1 answered); p2
crashed just then.  Back 8 s later, its clock not running when p1's ``absent{p0, left}`` reached it, p2 could neither
share nor contest that verdict: p0 is no leaving seat there, and p2 owes it no declaration by its own reckoning.  p1
voted p2 out for never declaring p0; p0 had said bye, so on p2 the decision rested on p1's word; p2 refused it, held
p1 leaving, and its vote with p0's old vote on p1 decided honest p1 out.  The vote is on the time p2 was away (as
``_voted_while_away``): it accepts.  A seat whose clock ran when the verdict came judges as before.

One watch over a session stand-in (test_absent_pause_owed.StandIn), ticked by hand.
"""

from __future__ import annotations

from types import SimpleNamespace

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.events import Output
from test_absent_pause_owed import StandIn

ME, V, LIAR = 2, 1, 0
ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0


class Back(StandIn):
    """This seat owes nothing; V holds the liar leaving (its signed verdict); from ``voted_at`` V's vote on this seat,
    for a declaration, is decided here on V's word."""

    me, n = ME, 3
    came_back_at = None

    def __init__(self, voted_at: float, named: int = LIAR):
        super().__init__()
        self.voted_at, self.named = voted_at, named
        self.leaving: set[int] = set()
        self.byes = {LIAR: "game over"}
        self.absents = {LIAR: {V: SimpleNamespace(owed="left", have=9, turn=5)}}
        self.names: dict[tuple[int, int], set[int]] = {}

    def tick_claims(self):
        if self.now >= self.voted_at and ME not in self.decided:
            self.absents[ME] = {V: SimpleNamespace(owed="declare", have=10, turn=5)}
            self.votes = {ME: {V: SimpleNamespace(have=10, choice="bot")}}
            self.decided = {ME: ("bot", 10, (V,))}
            self.names = {(V, ME): {self.named}}  # (what the claim names: claims._note_names)

    def owed(self):
        return {}

    def waiting_on(self):
        return set()

    def paused_on(self, seat):
        return False

    def declared_here(self, seat):
        return False

    def owner_one_word(self):
        return True

    def votes_on_owner(self):
        return {V}

    def may_still_vote(self):
        return set()

    def declare_absent(self, seat, owed=None):
        return Output()

    def cast_vote(self, seat, choice):
        return Output()


def verdict(resumed: bool, voted_at: float = 9.0, named: int = LIAR) -> tuple[bool, str]:
    """The watch (resumed at 0 or running all along) ticks every 0.25 s, hearing V; V's verdict on the liar is held
    from the first tick, its vote on this seat from ``voted_at``.  What the watch says then: answering, and its
    verdict."""
    s = Back(voted_at, named)
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", now=0.0, resumed=resumed)
    now = 0.25
    while now <= voted_at:
        s.now = now
        s.tick_claims()
        w.tick(now, connected={V}, last_rx={V: now}, linked={V})
        now += 0.25
    now -= 0.2
    return w.was_answering(now), w.vote_verdict(now)


def test_a_seat_back_from_a_crash_accepts_a_vote_on_a_verdict_it_never_saw_formed():
    assert verdict(resumed=True) == (False, "accept"), (
        "a seat back from a crash refused a vote for not declaring a seat held leaving on a verdict formed while it was away")


def test_a_vote_for_a_declaration_on_another_seat_is_judged_as_before():
    answering, _ = verdict(resumed=True, named=3)  # (a seat the voter's unseen verdict is not about)
    assert answering, "a vote for a declaration on another seat was accepted as one on the unseen verdict"


def test_a_seat_whose_clock_ran_when_the_verdict_came_judges_as_before():
    answering, _ = verdict(resumed=False)
    assert answering, "a seat whose clock ran when the verdict came took itself for away"

"""A seat linked to no other seat for ``absent_after`` that took a seat over meanwhile was not answering: a vote on
it that rests on one seat's word is accepted, not refused (protocol/SPEC.md 11.9, *A vote on this seat*;
net/watch.py ``AbsenceWatch.was_answering``; sim lie-away seed 57064).

In seed 57064 p3 was cut off alone for 8 s.  Its messages reached nobody, but its clock ran and it owed nothing
overdue by its own reckoning: it had taken p2 over, on a decision with the liar, and played on alone.  At the heal
the vote of p1 and p2 on it came; p3 counted only p1 (p2 was gone there), took the vote for one seat's word, refused
it, signed p1 leaving and halted on a desync naming nobody.  A seat linked to nobody for ``absent_after`` answered
nobody (G7a, G10), and the seats it took over meanwhile are gone on its own word alone, so the voters it counts on
itself are no measure of one seat's word: its verdict is ``accept`` for ``absent_after + vote_after`` after.  A seat
cut off that took nobody over still judges by its clock (lie-away seeds 1271, 2423, 2853, 3689: a liar's lone vote on a
seat cut off from both others is refused as before).

Three sessions (the liar's lone vote of test_absent_counted_away: seat 0 counts seat 1 away on a relay claim and
votes seat 2 out alone); seat 2's watch is ticked by hand, linked to nobody for a while before the vote (its session
showing a seat taken over for one tick of it), or linked all along.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.session import Output
from test_absent_counted_away import LIAR, W, X, LieAway
from test_absent_unit import Table

ABSENT_AFTER, VOTE_AFTER = 3.0, 4.0
TAKEN = 3  # (a seat number the three-seat table does not use: only the watch sees it)
GAMES = [g for g in KINDS if g != "snake"]  # (in Snake Carnival the game waits on the liar then: its vote decides nothing)


class NoShell(LieAway):
    """test_absent_counted_away's table, but seat 2's decided vote on itself waits for the test's verdict."""

    def out(self, seat, out):
        Table.out(self, seat, Output(out.send, [], out.relay))


def tick_apart(w: AbsenceWatch, others, cut: bool, each=lambda now, look: look()) -> float:
    """Tick ``w`` every 0.25 s for 6 s, linked to ``others`` all along, or to nobody after the first 2 s if ``cut``
    (``each(now, look)`` makes each look, ``look()``).  Returns the time."""
    now = 0.0
    while now < 6.0:
        now += 0.25
        linked = set() if cut and now > 2.0 else set(others)
        each(now, lambda now=now, linked=linked: w.tick(now, connected=linked, linked=linked,
                                                        last_rx={j: (2.0 if cut else now) for j in others}))
    return now


def _voted(game: str, cut: bool, took_over: bool = True):
    """Play to turn 2, tick seat 2's watch for 6 s (linked to nobody for the last 4 s if ``cut``), then the liar's lone
    vote on seat 2.  Returns seat 2's session, its watch and the time."""
    t = NoShell(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    s = t.s[X]
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", now=0.0)

    def tick(now: float, look) -> None:
        took = took_over and 3.0 <= now < 3.25
        if took:  # (what the session shows when it took a seat over meanwhile, as p3 took p2 in seed 57064)
            s.gone[TAKEN] = ("bot", 0, s.turn)
        look()
        if took:
            del s.gone[TAKEN]

    now = tick_apart(w, (LIAR, W), cut, tick)
    t.lie()
    assert X in s.decided and s.owner_one_word(), (
        f"the liar's lone vote on seat 2 is not decided there: {s.decided}, voters {s._voters(X)}, waits {s.waiting_on()}")
    return s, w, now + 0.1


def accepts(w: AbsenceWatch, now: float, why: str) -> None:
    """The watch's seat was not answering: it accepts the decided vote on it (``why``: what it took itself for)."""
    assert not w.was_answering(now), why
    assert w.vote_verdict(now) == "accept"


def judges(w: AbsenceWatch, now: float, why: str) -> None:
    """The watch's seat was answering: it refuses the decided vote on it, or waits for a vote that may still come
    (``why``: what it took itself for otherwise)."""
    assert w.was_answering(now), why
    assert w.vote_verdict(now) in ("refuse", "wait")


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_linked_to_nobody_accepts_a_vote_on_one_word(game):
    s, w, now = _voted(game, cut=True)
    accepts(w, now, "a seat linked to nobody for absent_after took itself for answering")


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_cut_off_that_took_nobody_over_still_judges(game):
    s, w, now = _voted(game, cut=True, took_over=False)
    assert w.was_answering(now), "a seat cut off that took no seat over meanwhile took itself for away"


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_linked_all_along_refuses_it(game):
    s, w, now = _voted(game, cut=False)
    judges(w, now, "a seat linked all along took itself for away")  # (wait: seat 1, counted away, may still vote)

"""A seat counted away by two voters' signed absents, back to their decision, joins it at once (protocol/SPEC.md 11.9,
*A voter counted away that comes back reopens the decision*; sim lie-away seed 16224).

Four sessions on the in-memory table, no clock.  Seat 2 is cut off (its frames, both ways, are held back) and
seat 3 stops for good.  Seats 0 and 1 declare seat 2 absent, then seat 3 for the declaration seat 3 never makes
(``owed: "declare"``), and vote seat 3 out: seat 2 is away for that vote on every peer, its own too, by their signed
absents (``_declared_away``), and the two decide it without seat 2.  Seat 2 comes back: every held frame arrives in
order, and a relay brings it what it lacks of seat 3's messages.  Its messages past the decision's count make seats
0 and 1 reopen the decision and wait for seat 2's vote; on seat 2's own peer, the decision taken and its own next
message signed, the decision is reopened there too.  Before the rule seat 2 then voted only on its clock, which may
never find seat 3 absent (in seed 16224 the crashed seat came back to seat 2 alone, its messages past the count frozen
off the voters by their own votes): the voters declared and voted honest seat 2 out, took seat 3 over at their count,
and named seat 2 in a desync for the turn it had drawn with seat 3's later reveal.  Here, with no clock, nothing
ever decided seat 3 again.  Now seat 2 declares seat 3 at once and joins the votes held (``verdicts._rejoin``): the
three take seat 3 over at the same count and turn, and finish the same game; the audit of each log agrees.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_counted_away import audit
from test_absent_voters_signed import HeldTable

W, X, VOTERS = 2, 3, (0, 1)  # W: cut off and back; X: stops for good; the voters on X


class FourHeld(HeldTable):
    """The held table of test_absent_voters_signed, with four seats."""

    def __init__(self, game: str):
        super().__init__(game, 4, "rejoin")


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_back_to_a_majority_decision_that_counted_it_away_joins_it(game):
    t = FourHeld(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(W)  # seat 2 is cut off
    t.run()
    t.dead.add(X)  # seat 3 stops for good
    for v in VOTERS:
        t.out(v, t.s[v].declare_absent(W))
        t.run()
    for v in VOTERS:  # seat 3 never declares seat 2: each voter declares it for that
        owed = t.s[v].owed().get(X)
        assert owed is not None and owed.what == "declare", f"seat {X} owes {owed} on seat {v}"
        t.out(v, t.s[v].declare_absent(X, owed))
        t.run()
    s0, s1, s2 = t.s[0], t.s[1], t.s[W]
    assert s0._voters(X) == s1._voters(X) == list(VOTERS), (s0._voters(X), s1._voters(X))
    t.out(0, s0.cast_vote(X, "bot"))  # seat 1 joins at once (it declared seat 3 too)
    t.run()
    assert s0.decided.get(X, ())[2:] == s1.decided.get(X, ())[2:] == (VOTERS,), (s0.decided, s1.decided)
    t.release(W)  # seat 2 is back: every held frame arrives, in order
    t.run()
    t.out(0, s0.nudge(W))  # the relay of what seat 2 lacks of seat 3's messages
    t.run()
    # every peer reopened the decision, seat 2's own too, and seat 2 joined it at once (before the rule: no vote of
    # seat 2, seat 3 neither decided nor taken over anywhere, every seat waiting for good)
    assert all(t.s[i].came_back.get(X) == {W} for i in (*VOTERS, W)), [t.s[i].came_back for i in (*VOTERS, W)]
    assert W in s2.votes.get(X, {}), "seat 2, back to the decision, did not join it"
    for i in (*VOTERS, W):
        s = t.s[i]
        assert s.halted is None and not s.leaving, (i, s.halted, s.leaving)
        assert s.decided[X][2] == (*VOTERS, W), (i, s.decided)
        assert s.gone[X] == s2.gone[X], f"seat {X}'s fate: seat {i} {s.gone}, seat {W} {s2.gone}"
        assert s.done, f"seat {i} did not finish"
    assert t.over[0] == t.over[1] == t.over[W], "the three honest seats finished different games"
    for i in (*VOTERS, W):  # the auditor of each log takes the same decision at the same turn
        obs = audit(t, i)
        assert obs.done and obs.gone == t.s[i].gone and obs.places() == t.s[i].places(), (i, obs.gone)

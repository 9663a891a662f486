"""A voter counted away by a signed absent comes back, for the decision that did not count it, alike on every
peer: when it signed a message at or past the count that absent named (protocol/SPEC.md 11.9, *Who votes on a
seat that failed its part as a voter*; sim seed 8530).

Three sessions on the in-memory table, no clock.  Seat 2 "crashes" (its frames, both ways, are held back);
seat 0 declares it absent, then declares seat 1 absent for the declaration seat 1 never makes
(``owed: "declare"``), and votes seat 1 out alone: seat 2 is away for that vote on every peer, by seat 0's
signed absent (``_declared_away``).  Seat 1 then hears nothing more.  Seat 2 comes back: every held frame
arrives in order; seat 2 answers the first (a message signed before it holds seat 0's vote), then holds the
vote and decides it counting its own answer; that answer reaches seat 0 after seat 0's decision.  Before the
rule, seat 0 read the answer as seat 2 "coming back" (``_reopen_if_back`` compared the counts each peer held at
its decision, which differ by arrival order), reopened the decision and waited for seat 2's vote, while seat 2
had taken seat 1 over: the two honest seats apart.  Now both reopen (seat 2 signed past the count seat 0's absent
on it named), seat 2 votes too, and both take seat 1 over at the same turn.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_counted_away import audit
from test_absent_voters_signed import HeldTable, crash_2_and_declare_1, seat_2_votes_and_both_finish


class DeafTable(HeldTable):
    """The table of test_absent_voters_signed (frames to and from the seats in ``held`` wait until released),
    where frames to the seats in ``deaf`` are dropped."""

    def __init__(self, game: str, n: int = 3, label: str = "signed voters"):
        super().__init__(game, n, label)
        self.deaf: set[int] = set()

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        if to not in self.deaf:
            super().deliver(to, frm, payload)


@pytest.mark.parametrize("game", KINDS)
def test_a_voter_counted_away_by_signed_absents_comes_back_alike_on_every_peer(game):
    t = DeafTable(game)
    crash_2_and_declare_1(t)
    s0, s2 = t.s[0], t.s[2]
    t.deaf.add(1)  # seat 1 hears nothing more (its messages so far still arrive)
    t.out(0, s0.cast_vote(1, "bot"))
    t.run()
    assert 1 in s0.decided and 1 not in s0.gone, "seat 0's lone vote on seat 1 is not decided and pending"
    t.release(2)  # seat 2 is back: it answers before it holds seat 0's vote; the answer reaches seat 0 after it
    t.run()
    assert s2._voters(1) == [0], f"seat 2 counts voters {s2._voters(1)} on seat 1"
    assert s2.away_held, "seat 2 does not hold the decision that counts it away for its clock's verdict"
    t.out(2, s2.settle_away(False))  # seat 2's clock: it was away (it crashed), the decision stands there
    t.run()
    # seat 2 signed a message at or past the count seat 0's absent on it named: it is back on both peers alike, a
    # voter on seat 1 (on main seat 0 alone reopened: the answer came after its decision, but before seat 2's own)
    assert s0.came_back.get(1) == {2} and s2.came_back.get(1) == {2}, \
        f"the decision on seat 1 reopened: on seat 0 {s0.came_back}, on seat 2 {s2.came_back}"
    assert 1 not in s0.gone and 1 not in s2.gone, f"seat 1 taken over: seat 0 {s0.gone}, seat 2 {s2.gone}"
    seat_2_votes_and_both_finish(t)  # seat 2's clock: seat 1 owes it a message; it votes too
    assert s0.decided[1][2] == s2.decided[1][2] == (0, 2), (s0.decided, s2.decided)
    for i in (0, 2):  # the auditor of each log takes the same decision at the same turn
        obs = audit(t, i)
        assert obs.done and obs.gone == t.s[i].gone and obs.places() == t.s[i].places(), (i, obs.gone)

"""What an ``absent{X, owed: vote}`` claims is a function of its sender's signed messages, as a declaration claim's
(G7a: only what is owed counts; protocol/SPEC.md 11.9, *Current absences*; sim lie-away seed 4898).

The wire's ``absent`` does not say which seat ``X`` owes its vote on: the claim names the seats its sender ``V``
declared absent just before it, in ``V``'s chain (``Session.names``, as for ``owed: declare``).  Only ``X``'s vote on
a named seat pays it: a vote of ``X`` on another seat (here on ``V`` itself) does not.  Before the rule any vote of
``X`` did: in lie-away seed 4898 cut-off p2 voted p0 out alone, p0's claim that p2 owed its vote on leaving p1 was
paid by that vote, p2's vote on p1 behind it was not taken straight on p0 (a contested lone vote on p0,
``_frozen``), p0 could not declare p2 again for the same vote, and it stopped with no result.

Three sessions on the in-memory table, no clock; seat 2 "crashes" (its frames, both ways, wait).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from test_absent_voters_signed import HeldTable


class DeafTable(HeldTable):
    """Frames *to* the seats in ``deaf`` wait (theirs still go out) until :meth:`hear`."""

    def __init__(self, game: str):
        super().__init__(game)
        self.deaf: set[int] = set()
        self.waiting: list[tuple[int, int, bytes]] = []

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        if to in self.deaf:
            self.waiting.append((to, frm, payload))
        else:
            super().deliver(to, frm, payload)

    def hear(self, seat: int) -> None:
        self.deaf.discard(seat)
        waiting, self.waiting = self.waiting, []
        for to, frm, payload in waiting:
            self.deliver(to, frm, payload)


def _declared_for_its_vote(game: str) -> DeafTable:
    """Seat 2 crashes; seats 0 and 1 declare it absent, seat 0 votes on it, and declares seat 1 for the vote on seat 2
    that seat 1, which does not hear seat 0 for now, has not cast (``owed: vote``)."""
    t = DeafTable(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(2)  # seat 2 crashes
    t.run()
    s0, s1 = t.s[0], t.s[1]
    assert 2 in s0.waiting_on() and 2 in s1.waiting_on()
    t.out(0, s0.declare_absent(2))
    t.out(1, s1.declare_absent(2))
    t.run()
    assert s0.paused_on(2) and s1.paused_on(2)
    t.deaf.add(1)  # (seat 1 does not hear seat 0's vote yet: it would join it at once)
    t.out(0, s0.cast_vote(2, "bot"))
    t.run()
    owed = s0.owed().get(1)
    assert owed is not None and owed.what == "vote" and owed.about == 2, f"seat 1 owes {owed}, not its vote on 2"
    t.out(0, s0.declare_absent(1, owed))
    t.run()
    assert s0._current(0, 1) and s0.paused_on(1)
    return t


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_another_seat_does_not_pay_a_vote_claim(game):
    t = _declared_for_its_vote(game)
    s0, s1 = t.s[0], t.s[1]
    # seat 1 declares seat 0 and votes on it instead (a claim no count refutes): not the vote it owes
    t.out(1, s1.declare_absent(0, Owed("relay", s1.turn)))
    t.run()
    assert s1.paused_on(0), "seat 1 is not paused on seat 0"
    t.out(1, s1.cast_vote(0, "bot"))
    t.run()
    assert (1, 0) in s0.vote_at, "seat 0 did not take seat 1's vote on it"
    assert s0._current(0, 1), "seat 1's vote on seat 0 paid its vote on seat 2"
    assert s0.paused_on(1), "seat 0 is no longer paused on seat 1"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_the_named_seat_pays_a_vote_claim(game):
    t = _declared_for_its_vote(game)
    s0, s1 = t.s[0], t.s[1]
    t.hear(1)  # seat 1 takes seat 0's vote on seat 2 and its claim on seat 1, and joins that vote at once
    t.run()
    assert (1, 2) in s0.vote_at, "seat 1 did not vote on seat 2"
    for s in (s0, s1):
        assert s.names.get((0, 1)) == {2}, f"seat {s.me}: the vote claim does not name seat 2"
        assert not s._current(0, 1), f"seat {s.me}: seat 1's vote on seat 2 did not pay it"

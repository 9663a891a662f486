"""A claim that a seat never declared this very seat, while this seat was away by its own shell's word (it came back
from a crash or a freeze at exactly the claim's count of its messages), is no vote on an answering seat here
(protocol/SPEC.md 11.9, *A lone vote on a seat that answers*; sim seed 30808).

Four sessions on the in-memory table, no clock.  Seat 2 "crashes" (its frames, both ways, wait); seat 1 declares
it absent, declares seat 0 for the declaration on seat 2 that seat 0 never makes, and votes on seat 0.  Seat 3
never declares or votes: the vote stays one seat's word, decided nowhere.  Seat 2 comes back, and seat 0 answers
it.  Seat 2's shell knows it was away (``came_back_at``: the count of its own messages when it came back, which is
the count seat 1's absent on it names): seat 0 failed its part as a voter on seat 2, and seat 1's vote is not
judged lone there (sim seed 30808: resumed p1 judged p0's vote on never-declaring p3 lone and voted honest p0 out
with p3).  A seat that was not away (no ``came_back_at``) judges it as before.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from test_absent_voters_signed import HeldTable


class HeldTable4(HeldTable):
    def __init__(self, game: str):
        super().__init__(game, 4, "came back")


def _voted_for_its_part(game: str) -> tuple[HeldTable4, int]:
    """Seat 2 crashes (the count of its messages then is returned); seat 1 declares it, then seat 0 for its
    declaration on seat 2, and votes on seat 0 alone."""
    t = HeldTable4(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(2)
    t.run()
    s1 = t.s[1]
    at = s1.chain.next_seq(2)
    assert 2 in s1.waiting_on(), f"seat 1 does not wait on seat 2: {s1.waiting_on()}"
    t.out(1, s1.declare_absent(2))
    t.run()
    owed = s1.owed().get(0)
    assert owed is not None and owed.what == "declare", f"seat 0 owes {owed}, not its declaration of seat 2"
    t.out(1, s1.declare_absent(0, owed))
    t.run()
    s3 = t.s[3]
    s3._vote = lambda seat, choice, out: None  # (a never-voter: it joins no vote at once)
    t.out(3, s3.declare_absent(0, Owed("relay", s3.turn)))  # (seat 3 holds seat 0 absent too, then never votes)
    t.run()
    assert s1.paused_on(0), f"seat 1 is not paused on seat 0 (voters {s1._voters(0)})"
    t.out(1, s1.cast_vote(0, "bot"))
    t.run()
    assert 1 in s1.votes.get(0, {}) and 0 not in s1.decided, "seat 1's vote on seat 0 (seat 3 never votes)"
    t.release(2)
    t.run()
    return t, at


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_came_back_does_not_judge_a_vote_for_its_own_declaration_lone(game):
    t, at = _voted_for_its_part(game)
    s2 = t.s[2]
    assert s2.absents[2][1].have == at, "seat 1's absent on seat 2 counts what seat 2 held when it crashed"
    assert s2._unpaid(1, 0, 2), "seat 0 never declared seat 2"
    assert s2.lone_votes() == [(0, 1)], "seat 2, never away by its shell, judges seat 1's vote as any lone vote"
    s2.came_back_at = at  # its shell: it came back (resumed, woke) with this many of its own messages
    assert s2.lone_votes() == [], f"seat 2, which was away, would judge {s2.lone_votes()} as votes on an answering seat"
    s2.came_back_at = at + 1  # back with a message more than seat 1 saw: seat 1 did not see it stop
    assert s2.lone_votes() == [(0, 1)]

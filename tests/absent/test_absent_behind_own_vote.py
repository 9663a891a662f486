"""A decision that left a voter out only because this peer had voted on that voter (its later messages held back
behind that vote: protocol/SPEC.md 11.9, *What a refusal undoes*, rule 6) waits to take effect until that vote is
decided, and then takes the voter's vote in if it is held with its count (sim vote-kill seed 338).

Four sessions on the in-memory table, no clock.  Seat 2 "crashes" (its frames, both ways, wait); seats 0, 1 and 3
declare it absent; seat 1 crashes too, and seats 0 and 3 vote seat 2 out and declare seat 1 for the vote it owes.
Seat 2 comes back and answers; seat 1 comes back, takes that answer first (no vote on seat 2 has reached it) and
joins the votes with a higher count.  Seat 3 holds seat 1's vote before it votes on seat 1 and decides seat 2 with
three voters at that count; seat 0 votes on seat 1 first, so seat 1 is away for it there, and decides with two
voters at the lower count.  Before the rule seat 0 took seat 2 over at once, at the lower count, and the two honest
peers drew the next event with different reveals (a desync naming nobody); now seat 0 waits for its vote on seat 1,
takes seat 1's vote in, and both take seat 2 over at the same count and turn.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_reopen_majority import HeldLinks
from test_absent_reopen_signed import audit

FIRST, SECOND = 2, 1  # the seat crashed for long, the seat crashed during the vote on it


@pytest.mark.parametrize("game", KINDS)
def test_a_voter_left_out_behind_this_peers_own_vote_joins_the_decision_alike(game):
    t = HeldLinks(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(FIRST)
    t.run()
    s0, s1, s3 = t.s[0], t.s[SECOND], t.s[3]
    assert all(FIRST in t.s[i].waiting_on() for i in (0, 1, 3)), "the game does not wait on the crashed seat"
    for v in (0, SECOND, 3):
        t.out(v, t.s[v].declare_absent(FIRST))
        t.run()
    count = s0.chain.next_seq(FIRST)
    # the first seat is back and answers; the second seat takes that answer, and nothing of either reaches seats 0
    # and 3 until after their votes
    t.held_links |= {(0, FIRST), (3, FIRST), (0, SECOND), (3, SECOND)}
    t.release(FIRST)
    t.run()
    assert s1.chain.next_seq(FIRST) > count, "the second seat holds nothing of the first seat past the votes' count"
    t.held.add(SECOND)  # the second crash, before its vote
    for v in (0, 3):
        t.out(v, t.s[v].cast_vote(FIRST, "bot"))
        t.run()
    assert FIRST not in s0.decided and FIRST not in s3.decided, "decided without the second seat's vote"
    for v in (0, 3):
        owed = t.s[v].owed().get(SECOND)
        assert owed is not None and owed.what == "vote", f"seat {SECOND} owes seat {v} {owed}"
        t.out(v, t.s[v].declare_absent(SECOND, owed))
        t.run()
    # the second seat is back; seat 3's vote reaches it, and it joins with its higher count; its vote reaches seat 3
    # at once, seat 0 only later
    t.held_links -= {(0, FIRST), (3, FIRST), (3, SECOND)}
    t.release(SECOND)
    t.run()
    assert SECOND in s1.votes.get(FIRST, {}) and s1.votes[FIRST][SECOND].have > count, s1.votes.get(FIRST)
    # seat 3 held that vote before any vote on seat 1: it decides with three voters at that count
    assert s3.decided.get(FIRST, ())[2:] == ((0, SECOND, 3),), s3.decided
    t.out(0, s0.cast_vote(SECOND, "bot"))  # seat 0's clock: seat 1 never voted (its vote is still on its way)
    t.run()
    assert FIRST not in s0.gone, f"seat 0 took seat {FIRST} over before its own vote on seat {SECOND} was decided"
    t.held_links.clear()
    t.release(SECOND)
    t.run()
    for i in (0, 3):
        s = t.s[i]
        assert s.halted is None, (i, s.halted)
    assert s0.gone.get(FIRST) == s3.gone.get(FIRST) is not None, (s0.gone, s3.gone)
    assert s0.gone[FIRST][1] > count, s0.gone
    assert s0.applied_turn == s3.applied_turn and s0.head == s3.head, "seats 0 and 3 are apart"
    for i in (0, 3):  # the auditor of each log waits and takes the vote in alike
        obs = audit(t, i)
        assert obs.halted is None and obs.gone.get(FIRST) == t.s[i].gone[FIRST], (i, obs.halted, obs.gone)

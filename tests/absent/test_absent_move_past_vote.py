"""A move held past the counts of the votes on its mover leaves the game waiting on the mover, not on every seat's
reveal (issue 18; SPEC 11.9, *Who votes*; sim lie-away seed 10918).

Crashed p1 came back and moved while the others voted on it; p3 had voted at a count below that move, whose straight
copy was frozen, but a relayed copy reached it.  Its reveal (carried by the move) did not count there (it waits for
the decision, ``_counted_reveal``), yet the game then waited on every seat's reveal of the turn: p0, whose vote was
not in yet, was counted away, and p3 decided the vote with two voters at the lower count, a turn before the others
(which counted p0's vote at the move's count): a desync.  A held move whose mover's reveal does not count is owed by
its mover, as if not held: the voters are the same whether the relayed copy arrived or not.  Set on a playing
session (3 seats, Snake Carnival, in memory): seat 1 holds the next mover's move, not yet the other seat's reveal,
and has voted on the mover at the move's own count.
"""

from __future__ import annotations

from snowp2p.protocol.game_messages import Vote
from test_absent_unit import to_next_move

ME = 1


def test_a_move_past_the_vote_counts_on_its_mover_is_owed_by_the_mover():
    s, nxt, mover = to_next_move(ME, checked=True)
    seq = s.move_from[(nxt, mover)].seq
    assert set(s._base_owed()) != {mover}
    s.votes[mover] = {ME: Vote(mover, "bot", seq)}  # our vote on the mover, at the move's own count
    assert not s._counted_reveal(mover, nxt)
    owed = s._base_owed()
    assert set(owed) == {mover} and owed[mover].what == "move", owed
    assert not s.halted

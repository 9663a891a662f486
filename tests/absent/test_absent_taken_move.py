"""A taken-over seat's own move of the turn not applied yet is never used, checked or not (issue 18; SPEC 11.9,
*Takeover*; sim lie-away seed 10030).

A liar counted an answering seat away; the two honest seats treated it as leaving and voted it out.  Its move of
the next turn (within the agreed count) reached both; on one the move was checked at once (its mover's ack of the
turn before was already dropped), on the other not (that ack still differed); both then took the seat over before
the turn was applied.  The first applied the seat's own move, the second its computer player's: their acks of the
turn differed and each named the other.  Set on a playing session (3 seats, Snake Carnival, in memory) as the
messages would leave it: seat 1 holds the next mover's move, checked, not yet the other seat's reveal; a vote on
the mover is decided and the game needs its messages.
"""

from __future__ import annotations

from snowp2p.protocol.session import Output
from test_absent_unit import to_next_move

ME = 1


def test_a_checked_move_of_a_seat_taken_over_before_its_turn_is_applied_is_not_used():
    s, nxt, mover = to_next_move(ME, checked=True)
    s.decided[mover] = ("bot", s.chain.next_seq(mover), tuple(i for i in range(3) if i != mover))
    s._needed = lambda: {mover}  # (the game waits on the mover: its ack, a relay; in the sim, seed 10030)
    out = Output()
    assert s._take_over(out)
    assert mover in s.bot_seats
    assert nxt not in s.move_actions and nxt not in s.moves, "the taken-over seat's own move is still to be applied"
    del s._needed
    s._advance(out)
    assert nxt in s.bot_moves, "the computer player did not move for the seat taken over"
    assert not s.halted

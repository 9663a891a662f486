"""A reveal held past the count of the votes of every other seat (two at least) on its sender, by a peer that has not
voted on it, does not count until the vote is decided (issue 18; SPEC 11.9, *Every other seat voted*; sim lie-away
seed 36637).

The decision then waits only on this peer's vote, or on its being counted away, and is taken at that count at least:
the voters froze the reveal past it with their own votes and draw the seat by computer.  In seed 36637 p4 resumed
from a crash holding the three votes on cut-off p1, took p1's reveal past their count straight and drew turn 5 with
it; the others counted p4 away, decided p1 at the count and drew its reveal by computer: p4's ack of turn 5 differed,
a desync naming honest p4.  One other seat's vote alone is a lone vote and holds nothing back (a liar's, in a game
of three: tests/absent/test_absent_refused_copies.py).  Set on a playing session (4 seats, Snake Carnival, in
memory): seat 1 holds the next mover's move (which carries the mover's reveal), and the two other seats' votes on the
mover at a count below the move.
"""

from __future__ import annotations

from snowp2p.protocol.game_messages import Vote
from test_absent_unit import to_next_move

ME = 1


def test_a_reveal_past_every_other_seats_vote_does_not_count_before_the_decision():
    s, nxt, mover = to_next_move(ME, checked=True, n=4)
    v, w = sorted({0, 1, 2, 3} - {ME, mover})
    seq = s.move_from[(nxt, mover)].seq
    assert s._counted_reveal(mover, nxt)
    s.votes[mover] = {v: Vote(mover, "bot", seq - 1)}  # one other seat's vote: a lone vote, nothing held back
    assert s._counted_reveal(mover, nxt)
    s.votes[mover][w] = Vote(mover, "bot", seq - 1)  # every other seat's vote, below the move; not ours
    assert not s._counted_reveal(mover, nxt)
    owed = s._base_owed()
    assert set(owed) == {mover} and owed[mover].what == "move", owed  # the mover owes: we declare it and vote (G7)
    s.votes[mover][w] = Vote(mover, "bot", seq + 1)  # a count that covers the move: it counts
    assert s._counted_reveal(mover, nxt)
    assert not s.halted

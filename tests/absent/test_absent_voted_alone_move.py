"""A move that rides on the ack of a seat that voted itself off is never judged on this peer's state (issue 18;
SPEC 11.9, *Takeover*; sim lie-away seed 8526).

Liar p1 counted p2 away and voted p0 out alone, took p0 over in its own game and moved turn 4 there: its move
carried an ack of turn 3 without p0's seat.  Turn 3's agreement then treated p1 as having voted itself off
(``Session._voted_itself_off``): its ack did not count, as a quitter's does, but unlike a quitter's it was not noted
as dropped, so p1's move stayed held.  Live p0 and p2 judged that move on their state in a later pass, before the
decision on p1 took effect, and played it; the auditor of p0's log met the decision and the dropped ack in one pass
(p2's vote came while p0's own decided vote was awaiting its verdict) and let the computer move: the audit stopped on
a desync naming nobody.  A move rides on its mover's ack of the turn before: once that ack is dropped because its
sender voted itself off, the move was made in that seat's own game, is not held, and the seat owes it until the
computer player moves for it (``turns._move_dropped``), the same whatever arrived in which pass.  Set on a playing
session (3 seats, Snake Carnival, in memory) as the messages would leave it.
"""

from __future__ import annotations

from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output
from test_absent_unit import to_next_move

ME = 1


def test_a_move_on_the_ack_of_a_seat_that_voted_itself_off_is_not_judged():
    s, nxt, mover = to_next_move(ME, checked=False)
    a, other = nxt - 1, 3 - ME - mover
    # as the move would have come from a seat that took ``other`` over on its own vote: its ack of turn a (which the
    # move carries) leaves ``other``'s seat out and differs from ours, so the move was not judged here (turns._advance)
    s.move_actions.pop(nxt, None)
    s.moves.pop(nxt, None)
    ack = s.acks[a][mover]
    s.acks[a][mover] = ack._replace(state=bytes(32), sections={k: v for k, v in (ack.sections or {}).items()
                                                               if k != f"seat.{other}"})
    s.votes.setdefault(other, {})[mover] = Vote(other, "bot", s.chain.next_seq(other))
    assert s._voted_itself_off(a, [mover], Output())
    assert mover in s.leaving and mover not in s.acks[a]
    assert s._move_dropped(nxt, mover), "the ack of a seat that voted itself off was not noted as dropped"
    s._advance(Output())
    assert nxt not in s.move_actions, "a move riding on the ack of a seat that voted itself off was judged here"
    assert not s._move_held(nxt)
    assert not s.halted
    owed = s._base_owed()
    assert mover in owed and owed[mover].what == "move", owed

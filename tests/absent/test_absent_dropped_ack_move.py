"""A move that rides on a dropped ack is never judged on this peer's state (issue 18; SPEC 11.9, *Takeover*;
sim seed 3279).

Seat 2 equivocated at turn 3 (its twin move to p0, the original to p1) just before a partition {0} | {1, 2};
p0 moved turn 4 on the twin's state.  At the heal p1 held p0's move, whose ack of turn 3 differed; p0, leaving
(it had voted alone), had that ack dropped (``uncounted``), turn 3 was agreed without it, and p0's move was
then checked against p1's state: "an illegal move", honest p0 named.  A move carries its mover's ack of the
turn before: once that ack is dropped as differing, the move was made on another state, is not held, and the
mover owes it until the computer player moves for it.  Set on a playing session (3 seats, Snake Carnival, in
memory) as the messages would leave it: seat 1 holds the next mover's move, not yet the other seat's reveal.
"""

from __future__ import annotations

from snowp2p.protocol.session import Output
from test_absent_unit import Table

ME = 1


def test_a_move_on_a_dropped_ack_is_not_judged_and_its_mover_owes_it():
    t = Table("snake", n=3)
    t.start()
    s = t.s[ME]
    armed: list[tuple[int, int]] = []

    def arm_then_hold() -> bool:
        if not armed:
            if s.state is None or s.final_turn < 2 or s.state.is_over:
                return False
            nxt, cur = s.applied_turn + 1, s.state.public.current
            if cur == ME or (nxt, cur) in s.move_from:
                return False
            # the mover's ack of the turn before (carried by its move) differed and was dropped as it left
            s.uncounted.setdefault(nxt - 1, set()).add(cur)
            s.dropped_acks.setdefault(nxt - 1, set()).add(cur)
            armed.append((nxt, cur))
        nxt, cur = armed[0]
        return (nxt, cur) in s.move_from

    t.run(until=arm_then_hold)
    assert armed and arm_then_hold(), "seat 1 never got the next mover's move"
    nxt, mover = armed[0]
    s._advance(Output())
    assert nxt not in s.move_actions, "a move riding on a dropped ack was judged on this peer's state"
    assert not s._move_held(nxt)
    assert not s.halted
    owed = s._base_owed()
    assert mover in owed and owed[mover].what == "move", owed

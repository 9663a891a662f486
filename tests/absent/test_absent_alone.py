"""A peer left alone with a seat that owes its move (issue 18; SPEC 11.9, *Bounded*; net/watch.py AbsenceWatch).

The move time is a host setting (default 90 s) and the seat that owes its move is absent only past it, connected
or not.  A peer with no live link to anyone gives up only after the bound the settings give; that bound must
leave room for the move time, or a two-seat game whose other player is killed during its own move (with a move
time longer than twice absent-after plus vote-after) stops without a result instead of voting the seat out and
playing on against a computer player (found by issue 21's match tests, `--move-time 20` with short timers).

No network and no clock: the watch is ticked by hand on the kit's in-memory table.
"""

from __future__ import annotations

import pytest
from test_absent_unit import Table
from kit.table import KINDS

from snowp2p.net.watch import AbsenceWatch

ABSENT_AFTER, VOTE_AFTER, MOVE_TIME = 3.0, 4.0, 60


def _other_owes_its_move(game: str) -> Table:
    """A two-seat game at the first turn on which seat 1 owes its move, seat 1 then dead."""
    t = Table(game, n=2)
    t.start()
    t.run(until=lambda: getattr(t.s[0].owed().get(1), "what", None) == "move")
    assert getattr(t.s[0].owed().get(1), "what", None) == "move", f"{game}: seat 1 never owed a move"
    t.dead.add(1)
    t.run()
    return t


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_alone_waits_out_the_move_time_then_votes_the_seat_out(game):
    t = _other_owes_its_move(game)
    s0 = t.s[0]
    s0.move_time = MOVE_TIME
    w = AbsenceWatch(s0, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    now, give_up = 0.0, None
    while now <= MOVE_TIME + ABSENT_AFTER + VOTE_AFTER + 20 and 1 not in s0.gone:
        tk = w.tick(now, connected=set(), last_rx={}, linked=set())
        t.out(0, tk.out)
        t.run()
        if tk.give_up:
            give_up = tk.give_up
            break
        now += 0.5
    assert give_up is None, f"gave up at {now} s, before the move time ({MOVE_TIME} s) ran out: {give_up}"
    assert 1 in s0.gone, "seat 1 was not voted out after its move time"
    assert now >= MOVE_TIME, f"seat 1 was voted out at {now} s, inside its move time"
    assert w.give_up_after >= MOVE_TIME + VOTE_AFTER

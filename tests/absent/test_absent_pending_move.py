"""A player that dies right after its move left (G7, G5).

Before protocol version 5 the mover's reveal went in a message of its own after the move, and a mover
that died between the two left a move every peer held but could not apply; after the vote the move was
applied without that reveal, and the cards it opened had to keep their values (a regression: they were
dealt at random, and the honest peers then blamed the absent seat's real move as an illegal one).  Now
the move carries its mover's reveal (SPEC 11.5), so the others apply it at once; what never comes is
the dead seat's ack of that turn, which rides on its next reveal.  The turn is agreed by the present
seats after the vote, and the move stays applied as the dead seat played it.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import decode_signed
from test_absent_unit import ABSENT, Table, replay_log, vote
from kit.table import KINDS


class DiesAfterItsMove(Table):
    """Seat 2's process dies right after its ``move`` frame left, before its ``reveal``."""

    armed = False
    gone = False  # the move went out; nothing more of seat 2's ever will

    def out(self, seat, out):
        if seat == ABSENT and self.gone:
            return
        if seat == ABSENT and self.armed:
            for i, p in enumerate(out.send):
                if decode_signed(p).type == "move":
                    out.send[i + 1:] = []  # the move reaches the others; its reveal never leaves
                    out.events[:] = []
                    self.gone = True
                    break
        super().out(seat, out)


@pytest.mark.parametrize("game", KINDS)
def test_a_move_whose_mover_died_is_agreed_after_the_vote(game):
    t = DiesAfterItsMove(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 4 for s in t.s))
    t.armed = True
    t.run()
    assert t.gone, "seat 2 never moved"
    t.dead.add(ABSENT)
    mine = [tn for tn, mv in t.s[0].moves.items() if mv.sender == ABSENT]
    last = max(mine)
    assert all(s.applied_turn >= last for s in t.s[:2]), "the dead seat's last move was not applied"
    assert all(s.final_turn < last for s in t.s[:2]), "its turn was agreed without the dead seat's ack"
    pending = [last]
    vote(t, {0: "bot", 1: "bot"})
    t.run()
    for s in t.s[:2]:
        assert s.halted is None, f"seat {s.me} halted: {s.halted}"
        assert s.done
    assert t.s[0].my_hash[t.s[0].final_turn] == t.s[1].my_hash[t.s[1].final_turn]
    # the move itself stayed applied, as the dead seat played it, and its turn was agreed after the vote
    assert pending[0] in t.s[0].moves and t.s[0].final_turn > pending[0]
    obs = replay_log(t)
    assert obs.done and obs.my_hash[obs.final_turn] == t.s[0].my_hash[t.s[0].final_turn]

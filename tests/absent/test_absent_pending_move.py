"""A player that dies between sending its move and the reveal that goes with it (G7, G5).

Every other peer holds that move (checked against its slot commitments) but can not apply it: the
dead seat's reveal for the move's draws never comes.  After the vote for a computer player, the move
is applied without that reveal, so the cards the move opened must keep the values it opened them with
when the seat's other cards are dealt face up (a regression: they were dealt at random, and the
honest peers then blamed the absent seat's real move as an illegal one).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import decode_signed
from test_absent_unit import ABSENT, Table, replay_log, vote


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


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_a_move_whose_reveal_never_came_is_applied_after_the_vote(game):
    t = DiesAfterItsMove(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 4 for s in t.s))
    t.armed = True
    t.run()
    assert t.gone, "seat 2 never moved"
    t.dead.add(ABSENT)
    pending = [tn for tn, mv in t.s[0].moves.items() if mv.sender == ABSENT and tn > t.s[0].applied_turn]
    assert pending, "the dead seat's last move is not pending on seat 0"
    vote(t, {0: "bot", 1: "bot"})
    t.run()
    for s in t.s[:2]:
        assert s.halted is None, f"seat {s.me} halted: {s.halted}"
        assert s.done
    assert t.s[0].my_hash[t.s[0].final_turn] == t.s[1].my_hash[t.s[1].final_turn]
    # the pending move itself was applied, as the dead seat played it
    assert pending[0] in t.s[0].moves and t.s[0].final_turn > pending[0]
    obs = replay_log(t)
    assert obs.done and obs.my_hash[obs.final_turn] == t.s[0].my_hash[t.s[0].final_turn]

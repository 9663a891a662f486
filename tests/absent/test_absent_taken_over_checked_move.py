"""A taken-over seat's move checked before the decision, in the same pass, is never used: the computer player moves,
and no card it opens keeps its value (protocol/SPEC.md 11.9, *Takeover*; sim lie-away seed 115503).

Four sessions of Mush! Mush! in memory.  Seat Y is to move and holds its move (in seed 115503 it had crashed); the
three others declare it and vote it out at the count they hold, just below that move.  Y then moves: seat A (which
has voted) gets the move as a relayed copy (taken until the decision) and checks it; then the last vote comes and
A decides, at the count below the move, and takes Y over at that turn, as B and C do without ever holding the move.
Before the fix A applied Y's own move (its action was checked, so the computer did not move) and dealt Y's seat
face up keeping the cards that move opened, while B and C played the computer on a seat dealt at random: two states
of one turn, a desync naming nobody.
"""

from __future__ import annotations

from snowp2p.protocol.session import Output
from test_absent_contested import declare_and_vote, mover_held
from test_absent_unit import choose


def test_a_move_checked_just_before_its_seat_is_taken_over_is_not_played():
    t, y, (a, b, c) = mover_held("mush")
    turn = t.s[y].turn
    h = t.s[a].chain.next_seq(y)
    declare_and_vote(t, a, y, "move")
    declare_and_vote(t, b, y, "move")
    t.run()
    t.dead.add(y)  # (its frames go out by hand from here)
    o: Output = t.s[y].submit(choose(t.s[y].state, turn))
    move = [p for p in o.send if t.decoded(p).seq == h]
    assert move, "Y's move is its message at the voters' count"
    t.take(a, b, move[0])  # a relayed copy (b passes it on): taken until the decision
    assert (turn, y) in t.s[a].move_from and turn in t.s[a].move_actions, "A checked Y's move"
    t.run()
    assert y not in t.s[a].gone and y not in t.s[b].gone
    declare_and_vote(t, c, y, "move")
    t.run()
    for i in (a, b, c):
        s = t.s[i]
        assert s.halted is None, (i, s.halted)
        assert s.gone[y] == ("bot", h, turn), (i, s.gone.get(y))
        assert turn not in s.moves and turn in s.bot_moves, (i, "the computer moved for Y")
    assert t.s[a].applied_turn >= turn and t.s[b].applied_turn >= turn
    assert t.s[a].my_hash[turn] == t.s[b].my_hash[turn] == t.s[c].my_hash[turn]

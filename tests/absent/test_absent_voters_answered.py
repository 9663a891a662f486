"""A seat whose own signed messages show it holds what X owes is not held to a declaration on X (protocol/SPEC.md
11.9, *What is owed*; sim seed 7605).

Five sessions on the in-memory table, no clock.  X is to move and "crashes" (its frames wait).  Two seats declare it
absent for its move and vote; then X is back, and its move reaches the two others (which never voted) first: they
reveal on it, and relay it to the voters, which hold it back for their votes.  The voters hold those reveals: the two seats hold X's move, X answered them, and they will never
declare X, so the voters must not hold them to a declaration (in seed 7605 they did, and voted both honest seats out
2 s later, as the acks of the turn were still on their way).  Once those two seats ack the turn, the voters draw it
too: each voter's own vote holds the move back, so neither waits for the other's ack (``verdicts._drawn_by_others``).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_contested import declare_and_vote, hold_the_mover
from test_absent_reopen_majority import HeldLinks


def _mover_back_to_the_others(game: str):
    """X owes its move and is held; V1 and V2 declare it and vote; X is back, and its frames reach N1 and N2 only."""
    t = HeldLinks(game, 5, "voters answered")
    x, turn = hold_the_mover(t)
    v1, v2, n1, n2 = [i for i in range(5) if i != x]
    for v in (v1, v2):
        owed = t.s[v].owed().get(x)
        assert owed is not None and owed.what == "move", f"the test's premise: X owes seat {v} its move ({owed})"
        declare_and_vote(t, v, x, "move")
        t.run()
    assert all(x in t.s[v].my_votes and x not in t.s[v].decided for v in (v1, v2)), "the test's premise: two open votes"
    t.held_links |= {(v1, x), (v2, x)}  # X is back: what it sends reaches the seats that never voted first
    sx = t.s[x]
    t.out(x, sx.submit(t.choose(x, sx.state, turn)))
    t.run()
    for n in (n1, n2):
        assert (n, turn) in t.s[v1].reveal_seq, f"the test's premise: seat {n}'s reveal on X's move reached the voter"
    for v in (v1, v2):  # (a voter takes X's messages past its vote only relayed: _frozen; N1 holds them, and relays)
        t.out(n1, t.s[n1].forget_relays(v))
    t.run()
    for v in (v1, v2):
        s = t.s[v]
        assert s.reveals.has_revealed(x, turn) and s.applied_turn < turn, "the test's premise: the voter holds the move back"
    return t, x, (v1, v2), (n1, n2), turn


@pytest.mark.parametrize("game", [k for k in KINDS if k != "snake"])  # (SC-K1: Snake Carnival seats four at most)
def test_a_seat_that_holds_the_move_owes_no_declaration_on_its_mover(game):
    t, x, voters, others, turn = _mover_back_to_the_others(game)
    for v in voters:
        owed = t.s[v].owed()
        wrong = {n: owed[n] for n in others if n in owed and owed[n].what == "declare"}
        assert not wrong, f"seat {v} holds seats that revealed on X's move to a declaration on X: {wrong}"


@pytest.mark.parametrize("game", [k for k in KINDS if k != "snake"])
def test_the_voters_draw_the_turn_the_seats_that_never_voted_acked(game):
    t, x, voters, others, turn = _mover_back_to_the_others(game)
    t.held_links.clear()  # (X's frames reach the voters now; their votes hold its move back)
    t.release(x)  # (flushes the held links' frames, in order)
    t.run()
    for n in others:
        if t.s[n].final_turn < turn:
            t.out(n, t.s[n].ack_now())
    t.run()
    for v in voters:
        assert t.s[v].applied_turn >= turn, f"voter {v} waits for the other voter's ack of a turn it will never ack"
    assert len({t.s[i].my_hash[turn] for i in (*voters, *others)}) == 1, "the voters drew the turn otherwise"

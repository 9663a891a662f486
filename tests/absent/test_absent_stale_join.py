"""A declaration the seat has since paid (it delivered what it owed and played on) is no reason to join at once a vote
that came later and counts that delivery: the seat answered this peer (verdicts._joinable; protocol/SPEC.md 11.9,
*Voting*).  (The other side, a vote lacking the delivery still joined at once: test_absent_join_paid.py.)

Sim lie-away seed 8839 (3529 too): a cut dropped p0's reveal of turn 1 to p1, which declared p0 absent for it; the
relay brought it, and p0 played on.  At turn 3 the liar p2 counted p0 away and voted it out; p1 joined that vote at
once on its declaration of turn 1, and honest p0 was decided by the liar and p1 together.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table, choose


def _release(t: Table, turns: int = 1) -> None:
    """The held seat makes its move after all; the game is held again ``turns`` turns later."""
    seat, turn = t.held_at
    t.held_at, t.hold_from = None, {i: turn + turns for i in range(3)}
    s = t.s[seat]
    t.out(seat, s.submit(choose(s.state, turn)))
    t.run()


def _setup(game):
    t = Table(game)
    t.start()
    t.hold_from = {i: 3 for i in range(3)}
    t.run()
    mover = t.held_at[0]
    VICTIM, THIRD, LIAR = (mover + 1) % 3, (mover + 2) % 3, mover
    third = t.s[THIRD]
    # the third seat declares the victim absent (a reveal it lacked, say: a cut dropped it); the victim plays on
    t.out(THIRD, third.declare_absent(VICTIM, Owed("reveal", third.turn)))
    t.run()
    assert third._current(THIRD, VICTIM), "the test's premise: the declaration holds while the victim sends nothing"
    first = third.absents[VICTIM][THIRD].turn
    _release(t)
    assert not third._current(THIRD, VICTIM), "the test's premise: the victim paid (it revealed the next turn)"
    return t, VICTIM, THIRD, LIAR, first


def _liar_votes(t: Table, liar_seat: int, victim_seat: int, turn: int) -> None:
    liar = t.s[liar_seat]
    o = Output()
    liar._emit(Absent(victim_seat, turn, liar.chain.next_seq(victim_seat), "declare"), o)
    liar._emit(Vote(victim_seat, "bot", liar.chain.next_seq(victim_seat)), o)
    t.out(liar_seat, o)
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_paid_declaration_joins_no_vote_of_a_later_turn(game):
    t, VICTIM, THIRD, LIAR, first = _setup(game)
    third = t.s[THIRD]
    _release(t, 2)
    assert third.turn > first + 1, "the test's premise: the game went on past the declaration's turn"
    _liar_votes(t, LIAR, VICTIM, t.s[LIAR].turn)
    assert VICTIM not in third.my_votes, "the third seat joined a later vote on a declaration the victim had paid"
    assert VICTIM not in third.decided and VICTIM not in third.gone

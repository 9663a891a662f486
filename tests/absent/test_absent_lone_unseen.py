"""A lone vote is judged only on what this peer's signed messages show (SPEC 11.9, *A lone vote on a seat that
answers*): not while the seat voted on has sent this peer nothing past the voter's absent on it (sim seed 14310:
p4 judged p0's vote on crashed p1 lone because p1's clock had just restarted on a late move), nor while the claim
is of a reveal whose move this peer lacks (sim seed 14216: p2, cut off alone, judged p1's vote on it lone before
p0's move reached it, refused the majority's decision and played on alone).  Each is judged once that message is
here.  In memory."""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_unit import choose
from kit import table as kit
from kit.table import KINDS


def held_mover(game: str, label: str = "lone unseen") -> tuple[kit.Table, int, int]:
    """Four seats play to turn 3; the seat to move then holds its move.  (table, mover, turn)"""
    t = kit.Table(game, 4, label, choose=lambda seat, state, turn: choose(state, turn))
    t.hold_from = {i: 3 for i in range(4)}
    t.start()
    t.run()
    assert t.held_at is not None, "nobody got to move at turn 3"
    assert not any(s.halted for s in t.s)
    return t, t.held_at[0], t.held_at[1]


def claim(t: kit.Table, voter: int, seat: int, owed: str) -> None:
    """``voter`` declares ``seat`` absent (``owed``, this turn, at its count) and votes on it."""
    s = t.s[voter]
    have = s.chain.next_seq(seat)
    o = Output()
    s._emit(Absent(seat, s.turn, have, owed), o)
    s._emit(Vote(seat, "bot", have), o)
    t.out(voter, o)
    t.run()


def move(t: kit.Table, mover: int, turn: int) -> None:
    s = t.s[mover]
    t.out(mover, s.submit(t.choose(mover, s.state, turn)))
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_on_a_seat_that_sent_nothing_since_is_judged_once_it_does(game):
    t, mover, turn = held_mover(game)
    voter, judge, _ = [i for i in range(4) if i != mover]
    claim(t, voter, mover, "move")
    assert voter in t.s[judge].votes.get(mover, {}), "the vote reached the third seat"
    assert t.s[judge].lone_votes() == [], "judged before the seat voted on sent anything past the voter's claim"
    move(t, mover, turn)
    assert t.s[judge].lone_votes() == [(mover, voter)], "the seat moved: the vote is lone"


@pytest.mark.parametrize("game", KINDS)
def test_a_claim_of_a_reveal_whose_move_is_not_here_is_judged_once_it_is(game):
    t, mover, turn = held_mover(game)
    victim, voter, _ = [i for i in range(4) if i != mover]
    t.cut.add(frozenset((mover, victim)))  # (the move reaches the voter only; its reveal reaches the victim)
    move(t, mover, turn)
    assert (voter, turn) in t.s[victim].reveal_seq and not t.s[victim]._move_held(turn)
    claim(t, voter, victim, "reveal")
    v = t.s[victim]
    assert voter in v.votes.get(victim, {}) and not v.halted and victim not in v.decided
    assert v.lone_votes() == [], "the victim judged a claim on a move it lacks"
    relay = t.s[mover].chain.history(mover)[-1].payload
    t.out(victim, v.handle(v.check(relay, voter, relayed=True)))
    t.run()
    assert v._move_held(turn)
    assert v.lone_votes() == [(victim, voter)], "the victim holds the move and answers: the vote is lone"

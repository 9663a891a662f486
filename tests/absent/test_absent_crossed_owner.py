"""A vote on this seat from a seat it declared across a cut is no lone vote on an answering seat (protocol/SPEC.md
11.9, *A lone vote on a seat that answers*; sim lie-away seed 95040: p0, cut off alone, declared p1 and p2 for their
reveals while p1, p2 and p3 declared p0 for its own; at the heal p0 held p1's vote on it before any other seat's
absent on it, judged it lone on its own clock, which saw p0 answer, treated p1 as leaving, refused the majority's
decision and, with the liar p2, voted p1 and p3 out while they voted p0 and p2 out).

Four sessions in memory.  Seat M is to move; O is cut off from V and W (not from M).  M moves: O reveals to M only,
V and W reveal to each other and M.  V declares O for its reveal and votes on it; O declares V for its reveal: each
signs its ``absent`` without holding the other's.  V's frames then reach O (the heal).  O's clock saw O answer, but
says nothing of whether its frames reached V: V's vote is one side of a cut, judged by the others' clocks (or joined
by their votes), not by O's.  A vote from a seat O did not declare is judged lone as before.  And a voter whose open vote
holds the voted seat's move back does not declare that seat for the move (its claim would refute itself: lie-away seed
42541 with this rule)."""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from snowp2p.protocol.absence import Owed
from test_absent_lone_unseen import held_mover, move


def _cut_off(game: str, o_declares: bool):
    """(table, O, V): O cut off from V and W while M moves; V declares and votes on O; O declares V if
    ``o_declares``; then V's messages (its reveal, absent and vote) reach O."""
    t, mover, turn = held_mover(game, "crossed owner")
    o, v, w = [i for i in range(4) if i != mover]
    t.cut |= {frozenset((o, v)), frozenset((o, w))}
    move(t, mover, turn)
    sv, so = t.s[v], t.s[o]
    assert so._move_held(turn) and sv._move_held(turn)
    assert sv.chain.next_seq(o) < so.chain.next_seq(o), "O's reveal reached V"
    out = Output()
    sv._emit(Absent(o, sv.turn, sv.chain.next_seq(o), "reveal"), out)
    sv._emit(Vote(o, "bot", sv.chain.next_seq(o)), out)
    t.out(v, out)
    if o_declares:
        out = Output()
        so._emit(Absent(v, so.turn, so.chain.next_seq(v), "reveal"), out)
        t.out(o, out)
    t.run()
    for m in sv.chain.history(v)[so.chain.next_seq(v):]:  # (the heal: V's messages since the cut reach O)
        t.take(o, v, m.payload)
    t.run()
    assert v in so.votes.get(o, {}) and not so.halted and o not in so.decided
    assert not any(i != v for i in so.absents.get(o, {})), "another seat's absent on O reached it"
    return t, o, v


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_from_a_seat_declared_across_a_cut_is_not_judged_lone(game):
    t, o, v = _cut_off(game, o_declares=True)
    so = t.s[o]
    assert so._crossed_owner(v)
    assert so.lone_votes() == [], "O judged lone the vote of a seat it declared across the cut"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_from_a_seat_not_declared_is_judged_lone(game):
    t, o, v = _cut_off(game, o_declares=False)
    so = t.s[o]
    assert not so._crossed_owner(v)
    assert so.lone_votes() == [(o, v)], "O answers and declared nobody: the vote is lone"


@pytest.mark.parametrize("game", KINDS)
def test_a_voter_does_not_declare_a_move_its_open_vote_holds_back(game):
    """V votes on the mover M for its move; M's move then reaches V relayed (it is held, the open vote holding it
    back): V's claim that M owes that move would refute itself on every other peer (lie-away seed 42541)."""
    t, mover, turn = held_mover(game, "held move")
    v, w, z = [i for i in range(4) if i != mover]
    sv = t.s[v]
    t.cut.add(frozenset((mover, v)))
    out = Output()
    sv._emit(Absent(mover, sv.turn, sv.chain.next_seq(mover), "move"), out)
    sv._emit(Vote(mover, "bot", sv.chain.next_seq(mover)), out)
    t.out(v, out)
    t.run()
    move(t, mover, turn)
    for m in t.s[w].chain.history(mover)[sv.chain.next_seq(mover):]:  # (relayed copies are still taken)
        msg = sv.check(m.payload, w, relayed=True)
        if msg is not None:
            t.out(v, sv.handle(msg))
    t.run()
    assert getattr(sv.moves.get(turn), "sender", None) == mover, "the move is held on the voter"
    owed = sv.owed().get(mover) or Owed("move", turn)
    assert not sv.declare_absent(mover, Owed("move", turn)).send, f"declared a move it holds ({owed})"

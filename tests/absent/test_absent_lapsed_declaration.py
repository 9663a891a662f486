"""A declaration claim whose named seat has since delivered what this peer's claim on it said it owed is no ground to
join another seat's vote at once (verdicts._joinable, claims._declaration_lapsed; protocol/SPEC.md 11.9, *Voting*).

Sim lie-away seed 27426: p2, cut off by a partition, declared p1 absent for its reveal (the cut held it back), then p3
for not declaring p1 (``absent{p3, owed: declare}``).  At the heal p1's reveal came: p1 had answered, p3 rightly never
declared it.  p2 then held the liar p0's lone vote on p3 (for a relay p3 did not owe) and joined it at once on that
claim; and once p1 had quit, p2's ``absent{p1, left}`` made the claim's named seat owed again, and it joined then.
Honest p3 was decided by two.  Now a claim is lapsed once every seat it names delivered what this peer's claim on it
*as the declaration found it* said it owed (``named_at``), whatever that seat comes to owe later.

Four sessions in memory: the game waits on the mover ``W``; ``P`` declares ``W`` for its move and ``X`` for not
declaring ``W``; ``W`` moves; (``quits``: ``W`` says bye, owes its reveal of the next move, and ``P`` declares it
``left``); then the liar ``V`` signs ``absent{X, relay}`` and ``vote{X}``."""

from __future__ import annotations

import pytest

from snowp2p.protocol.absence import Owed
from snowp2p.protocol.game_messages import Bye
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_lone_unseen import held_mover


def _play(t, seat: int, turn: int, hold: int) -> None:
    s = t.s[seat]
    t.held_at, t.hold_from = None, {i: hold for i in range(4)}
    t.out(seat, s.submit(t.choose(seat, s.state, turn)))
    t.run()


@pytest.mark.parametrize("quits", [False, True], ids=["lapsed", "named-seat-quits"])
@pytest.mark.parametrize("game", KINDS)
def test_a_lapsed_declaration_joins_no_vote_at_once(game, quits):
    t, W, turn = held_mover(game)
    P, X, V = [i for i in range(4) if i != W]
    p = t.s[P]
    t.out(P, p.declare_absent(W, Owed("move", turn)))
    o = Output()
    p._emit(Absent(X, p.turn, p.chain.next_seq(X), "declare"), o)
    t.out(P, o)
    t.run()
    assert p.names[(P, X)] == frozenset({W}), "the test's premise: P's claim on X names W"
    _play(t, W, turn, turn + 1)  # (W answers: its move)
    while t.held_at is not None and t.held_at[0] == W:
        _play(t, W, t.held_at[1], t.held_at[1] + 1)
    assert t.held_at is not None, "the test's premise: the game waits on another mover"
    if quits:  # (W says bye, then owes its reveal of the next move: P declares it leaving, at once)
        o = Output()
        t.s[W]._emit(Bye("left"), o)
        t.out(W, o)
        t.run()
        t.dead.add(W)
        mover, nxt = t.held_at
        _play(t, mover, nxt, nxt + 1)
        assert p.owed().get(W) == Owed("left", p.turn), "the test's premise: W owes 'left' on P"
        t.out(P, p.declare_absent(W, p.owed()[W]))
        t.run()
        assert p.absents[W][P].owed == "left" and p._current(P, W), "the test's premise: P's claim on W holds"
    liar, o = t.s[V], Output()
    liar._emit(Absent(X, liar.turn, liar.chain.next_seq(X), "relay"), o)
    liar._emit(Vote(X, "bot", liar.chain.next_seq(X)), o)
    t.out(V, o)
    t.run()
    assert V in p.votes.get(X, {}), "the test's premise: P holds V's vote on X"
    assert X not in p.my_votes, "P joined at once a vote on X on a declaration X no longer owed"
    assert X not in p.decided and X not in p.gone
    assert not any(t.s[i].halted for i in range(4) if i != W), [s.halted for s in t.s]

"""A peer linked to nobody still declares a seat another voter voted on, when that voter's lone vote on this peer is
contested (protocol/SPEC.md 11.9, *A lone decision on a seat that claims its voter*; net/watch.py
``AbsenceWatch._cut_off``; main sim seed 118712).

In seed 118712 p0 crashed and a partition put p2 alone: p1 declared p2 (it owed a reveal), p2 moved, declared p0 and
p1 and voted both out alone, and finished.  At the heal p1 got p2's votes: the one on p1 rests on p2's word while p1
holds a claim on p2 signed across the cut (contested: p2's later messages are not taken here).  Then p2 exited, and
p1, linked to nobody, held p2's vote on p0: ``_cut_off`` kept it from declaring p0 for good ("its word would complete
that old vote", lie-away seed 78184) and it stopped without a result.  A voter whose lone vote on this peer it contests
signs on in a game without this peer: its vote is no old vote of this game to complete.

Three sessions in memory: seat V is to move and holds its move; C dies; A and V are cut apart; A declares V, V moves,
votes C and A out alone; the cut heals for V's messages only; A's watch is ticked linked to nobody.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from test_absent_unit import Table

ABSENT_AFTER, VOTE_AFTER = 3.0, 4.0


def _after_the_heal(game: str):
    t = Table(game)
    for i in range(3):
        t.hold_from[i] = 3
    t.start()
    t.run()
    assert t.held_at is not None, "nobody is to move"
    v, _turn = t.held_at
    a, c = [i for i in range(3) if i != v]
    t.dead.add(c)
    t.cut.add(frozenset((a, v)))
    t.out(a, t.s[a].declare_absent(v))  # (reaches nobody)
    t.run()
    sv = t.s[v]
    t.out(v, sv.submit(t.choose(v, sv.state, sv.turn)))
    t.run()
    for x in (c, a):
        t.out(v, sv.declare_absent(x))
        t.run()
    for x in (c, a):
        t.out(v, sv.cast_vote(x, "bot"))
        t.run()
    sa = t.s[a]
    for m in sv.chain.history(v)[sa.chain.next_seq(v):]:  # the heal: V's messages reach A (A's do not reach V)
        t.take(a, v, m.payload)
    assert c in sa.votes and v in sa.votes[c], f"A does not hold V's vote on C: {sa.votes}"
    assert sa.contests_vote_on_me(v), "A does not contest V's lone vote on it"
    return sa, c


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_linked_to_nobody_declares_past_a_contested_voter(game):
    s, c = _after_the_heal(game)
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", now=0.0)
    assert s.me not in s.absents.get(c, {}), "A declared C before the cut"
    now = 0.0
    while now < 20.0 and s.me not in s.absents.get(c, {}):
        now += 0.25
        w.tick(now, connected=set(), last_rx={}, linked=set())
    assert s.me in s.absents.get(c, {}), "A, linked to nobody, never declared C (V's vote on it held)"

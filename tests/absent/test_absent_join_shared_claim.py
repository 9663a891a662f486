"""A seat that has declared X absent for a declaration X owes on W joins at once a vote on X whose claim names this
very seat too, if that claim also names W: the vote rests on the obligation this seat's own claim holds unpaid, not
on the voter's word that this seat was away (the rule of lie-away seed 2321, tests/absent/test_absent_join_named.py,
holds only for a claim that names no seat this seat's own claim names; protocol/SPEC.md 11.9, *Voting*).

Sim seed 45363: p3 crashed; p1, cut off and then crashed for 0.3 s, owed its declaration on p3.  p2 declared p0 (by a
clock ~3 s ahead, in the same tick as p0's own absent on p3), then p1 for its declarations on p0 and p3, and voted p1
out; p0, holding its own claim on p1 for its declaration on p3, did not join, as the claim named p0.  p1 declared p3
at last, p0's pause on p1 ended, p0 and p1 judged p2's vote lone (a vote on an answering seat) and voted honest p2
out.  Now p0 joins p2's vote at once: p1 is voted out (it had crashed).

Here the mover W is silent; V declares W, then (before the other claims come) this seat ME for not declaring W, then
X for its declarations on W and ME; ME declares W, then X for its declaration on W; V votes X out: ME joins at once.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table, claim


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_a_claim_this_seat_shares_is_joined_at_once_though_it_names_this_seat(game):
    t = Table(game, n=4)
    t.start()
    t.hold_from = {i: 4 for i in range(4)}
    t.run()
    w = t.held_at[0]  # (the mover, silent from now on)
    v, x, me = [i for i in range(4) if i != w]
    t.dead.add(w)
    o = Output()  # v, ahead of the others: w, then me for its declaration on w, then x for both
    claim(t, v, w, "move", o)
    claim(t, v, me, "declare", o)
    claim(t, v, x, "declare", o)
    t.out(v, o)
    o = Output()
    claim(t, me, w, "move", o)
    t.out(me, o)
    t.run()
    o = Output()  # me: x never declared w
    claim(t, me, x, "declare", o)
    t.out(me, o)
    t.run()
    sm = t.s[me]
    assert sm.declared_here(x), "the test's premise: me's claim on x holds"
    assert sm.names.get((v, x)) == {w, me} and sm.names.get((me, x)) == {w}, "the test's premise: the two claims"
    o = Output()
    t.s[v]._emit(Vote(x, "bot", t.s[v].chain.next_seq(x)), o)
    t.out(v, o)
    t.run()
    assert v in sm.votes.get(x, {}), "the test's premise: me holds v's vote on x"
    assert x in sm.my_votes, "me did not join a vote resting on the declaration its own claim holds unpaid"

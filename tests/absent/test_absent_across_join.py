"""A seat does not join at once a contested vote from the other side of a cut (protocol/SPEC.md 11.9, *Voting*; sim
seed 21761).

Partition {p0} | {p1, p2, p3}: p0, cut off alone, declared every other seat and voted each out; p1 and p3 had declared
p0, and p3 had declared relink-storming p1 too.  At the heal p0's backlog reached p3: its absents, then its vote on p1,
which p3 joined at once on its own claim on p1.  The decision, p0's and p3's word, counted honest p2 away (p0's old
absent on p2, for a reveal of p0's move that p2 could not have had) and took p1 over at once on p3; p2, which is never
away on its own peer, took p1's reveal: a desync naming p2.  p1 had declared p0 without holding p0's claim on it (the
two declared each other across the cut, ``_across``): alone, p0's vote is contested and its decision waits
(``_contested``); p0 counted fewer of p1's messages than p3 when p3 declared p1: it voted from the other side.  Joined
at once, that vote became a majority's.  Now this peer votes on that seat after a pause of its own, or its clock judges
the vote (``verdicts._contested_join``).

Only on a claim that the seat owed a declaration (as p3's on p1): the seat's own absent on the voter is then its part as
a voter.  Join-at-once still holds for an uncontested vote, and on other claims (test_absent_join_paid.py).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table


def sign(t: Table, by: int, *bodies) -> None:
    s, o = t.s[by], Output()
    for b in bodies:
        s._emit(b(s), o)
    t.out(by, o)
    t.run()


@pytest.mark.parametrize("contested,claim", [(True, "declare"), (False, "declare"), (True, "move")])
@pytest.mark.parametrize("game", KINDS)
def test_a_contested_vote_from_the_other_side_of_a_cut_is_not_joined_at_once(game, contested, claim):
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}
    t.run()
    x, turn = t.held_at  # (x owes its move: every claim on it below is true)
    w, v = [i for i in range(3) if i != x]
    sw = t.s[w]
    if contested:
        t.cut.add(frozenset((v, x)))
        sign(t, v, lambda s: Absent(x, s.turn, s.chain.next_seq(x), "move"))
        sign(t, x, lambda s: Absent(v, s.turn, s.chain.next_seq(v), "declare"))  # (x lacks v's claim on it)
    sign(t, w, lambda s: Absent(x, s.turn, s.chain.next_seq(x), claim))  # (x owed a declaration, or its move)
    if not contested:
        sign(t, v, lambda s: Absent(x, s.turn, s.chain.next_seq(x), "move"))
    sign(t, v, lambda s: Vote(x, "bot", s.chain.next_seq(x)))
    assert v in sw.votes.get(x, {}), "the test's premise: w holds v's vote on x"
    assert v not in sw.leaving and x not in sw.leaving
    if contested:
        assert sw._across(x, v), "the test's premise: x declared v across a cut"
        assert sw.votes[x][v].have < sw.absents[x][w].have, "the test's premise: v's vote counts less of x than w"
    if contested and claim == "declare":
        assert x not in sw.my_votes, "w joined at once, on a declaration claim, a contested vote from across a cut"
    else:  # (on another claim, e.g. a relay asked for or a leaving seat, the join stands: lie-away seeds 1799, 2321)
        assert x in sw.my_votes, "w did not join at once a vote on a seat it declared absent"

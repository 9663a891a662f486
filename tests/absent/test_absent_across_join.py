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

Only on a claim that the seat owed its part as a voter, a declaration (as p3's on p1) or a vote (sim seed 27030, the
last test): the seat's own absent on the voter is then that part.  Join-at-once still holds for an uncontested vote,
and on other claims (test_absent_join_paid.py).
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


@pytest.mark.parametrize("contested,claim", [(True, "declare"), (False, "declare"), (True, "vote"), (False, "vote"),
                                             (True, "move")])
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
    if contested and claim in ("declare", "vote"):
        assert x not in sw.my_votes, f"w joined at once, on a {claim} claim, a contested vote from across a cut"
    else:  # (on another claim, e.g. a relay asked for or a leaving seat, the join stands: lie-away seeds 1799, 2321)
        assert x in sw.my_votes, "w did not join at once a vote on a seat it declared absent"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_claim_does_not_join_the_cut_off_seats_vote_at_once(game):
    """Sim seed 27030 (Mush! Mush!, 3 seats, partition {p2} | {p0, p1}): cut off alone, p2 declared p0 and p1 and voted
    both out; p0 and p1 declared p2.  At the heal p1 held one more of p2's messages than p0 (p0 froze p2's straight
    copies past p2's contested vote on it), voted on p2 at its count, and p0's vote waited for that relay; p1 declared
    p0 for its vote (``owed: vote``) and joined p2's vote on p0 at once: p0, honest, was decided by p1 and p2 while the
    relay that let it vote was on its way.  p0 had declared p2 across the cut, and p2's vote counts less of p0 than
    p1's claim: p2 voted from the other side.  Now p1 does not join it at once (a vote claim is a claim on the seat's
    part as a voter, as a declaration claim is): p0 gets the relay, votes on p2, and the two play on."""
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}
    t.run()
    c, turn = t.held_at  # (c owes its move: the seat cut off alone, p2 in the seed)
    x, w = [i for i in range(3) if i != c]  # (p0 and p1 in the seed)
    sw = t.s[w]
    t.cut |= {frozenset((c, x)), frozenset((c, w))}
    sign(t, c, lambda s: Absent(x, s.turn, s.chain.next_seq(x), "relay"),
         lambda s: Absent(w, s.turn, s.chain.next_seq(w), "relay"))
    sign(t, c, lambda s: Vote(x, "bot", s.chain.next_seq(x)), lambda s: Vote(w, "bot", s.chain.next_seq(w)))
    sign(t, x, lambda s: Absent(c, s.turn, s.chain.next_seq(c), "move"))  # (x lacks c's claim on it: across the cut)
    sign(t, w, lambda s: Absent(c, s.turn, s.chain.next_seq(c), "move"))
    t.cut.clear()
    for to in (x, w):  # (the heal: c's backlog reaches both, theirs reaches c)
        for m in t.s[c].my_frames()[-4:]:
            t.deliver(to, c, m)
        for m in t.s[to].my_frames()[t.s[c].chain.next_seq(to):]:
            t.deliver(c, to, m)
    t.run()
    assert c in sw.votes.get(x, {}), "the test's premise: w holds c's vote on x"
    assert x not in sw.leaving and c not in sw.leaving and not sw.gone
    assert t.s[x].chain.next_seq(c) < sw.chain.next_seq(c), "the test's premise: x froze c's vote on w"
    t.cut.add(frozenset((w, x)))  # (w's vote, and the relay it carries (claims._relay_with_vote), still on their way)
    sign(t, w, lambda s: Vote(c, "bot", s.chain.next_seq(c)))
    assert c not in t.s[x].my_votes and c not in sw.decided, "the test's premise: x's vote on c waits for the relay"
    sign(t, w, lambda s: Absent(x, s.turn, s.chain.next_seq(x), "vote"))  # (x owed its vote on c)
    assert sw._across(x, c), "the test's premise: x declared c across the cut"
    assert sw.votes[x][c].have < sw.absents[x][w].have, "the test's premise: c's vote counts less of x than w's claim"
    assert x not in sw.my_votes, "w joined at once, on a vote claim, the cut-off seat's contested vote on x"
    assert x not in sw.decided and x not in sw.gone, "honest x was decided on the cut-off seat's word"

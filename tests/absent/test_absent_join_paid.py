"""A seat does not join another seat's vote at once on a claim of its own that was paid before that vote came, when
the voter held the message that delivered what the claim said was owed (protocol/SPEC.md 11.9, *Voting*).

Sim lie-away seed 3529: p1 declared crashed p2 absent for a reveal, which came relayed a moment later.  Four seconds
on, liar p0 counted p1 away to vote p2, back and answering, out for a declaration; p1 joined that vote at once on its
old claim, the vote's open count then held p2's next reveal back on p1, p1 declared p2 for a reveal p2 had sent (a
claim that refuted itself), and honest p1 was voted out as leaving.  Now p1 does not join: p0's vote is a lone vote
on a seat that answers, judged on p1's clock (SPEC 11.9, *A lone vote on a seat that answers*).

Join-at-once still holds for a voter that did not hold the delivery (the seat came back to this peer alone): the
vote ends a pause that only this peer saw end.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table


def setup(game: str):
    """The mover holds its move of turn ``turn``; seat ``w`` declares seat ``x`` absent for its reveal of that turn
    (not sent yet: the move is not out).  Returns the table, (mover, x, w) and the turn."""
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}
    t.run()
    mover, turn = t.held_at
    x, w = [i for i in range(3) if i != mover]
    sw = t.s[w]
    o = Output()
    sw._emit(Absent(x, sw.turn, sw.chain.next_seq(x), "reveal"), o)
    t.out(w, o)
    t.run()
    return t, (mover, x, w), turn


def move(t: Table, mover: int) -> None:
    s = t.s[mover]
    t.out(mover, s.submit(t.choose(mover, s.state, s.turn)))


def vote(t: Table, by: int, x: int, have: int) -> None:
    s = t.s[by]
    o = Output()
    s._emit(Absent(x, s.turn, have, "declare"), o)
    s._emit(Vote(x, "bot", have), o)
    t.out(by, o)
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_that_holds_the_delivery_of_a_paid_claim_is_not_joined(game):
    t, (mover, x, w), turn = setup(game)
    t.hold_from, t.held_at = {i: turn + 1 for i in range(3)}, None  # (the next turn waits: nothing is owed)
    move(t, mover)
    t.run()
    sw = t.s[w]
    assert not sw._current(w, x), "the test's premise: x delivered the reveal w declared it absent for"
    have = t.s[mover].chain.next_seq(x)
    assert have > sw.reveal_seq[(x, turn)], "the test's premise: the mover holds x's reveal"
    vote(t, mover, x, have)  # (for another obligation: a declaration)
    assert mover in sw.votes.get(x, {}), "the test's premise: w holds the mover's vote on x"
    assert x not in sw.my_votes, "w joined a vote on x on its own claim, which x had paid before that vote"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_that_lacks_the_delivery_is_joined_at_once(game):
    t, (mover, x, w), turn = setup(game)
    have = t.s[mover].chain.next_seq(x)  # (what the mover holds of x before x reveals)
    t.only_to[x] = w  # x's reveal reaches w only: x came back to w alone
    t.hold_from = {}
    move(t, mover)
    t.run()
    sw = t.s[w]
    assert not sw._current(w, x), "the test's premise: x delivered the reveal to w"
    assert t.s[mover].chain.next_seq(x) == have, "the test's premise: the mover lacks x's reveal"
    vote(t, mover, x, have)
    assert mover in sw.votes.get(x, {}), "the test's premise: w holds the mover's vote on x"
    assert x in sw.my_votes, "w did not join a vote on a seat that came back to it alone"


@pytest.mark.parametrize("game", KINDS)
def test_a_claim_paid_after_the_vote_came_does_not_join_it_either(game):
    """Sim lie-away seed 499: the voter held x's reveal when it voted, this peer got it only after the vote came."""
    t, (mover, x, w), turn = setup(game)
    t.only_to[x] = mover  # x's reveal reaches the mover only
    t.hold_from, t.held_at = {i: turn + 1 for i in range(3)}, None
    move(t, mover)
    t.run()
    sw = t.s[w]
    have = t.s[mover].chain.next_seq(x)
    assert have > t.s[mover].reveal_seq[(x, turn)], "the test's premise: the mover holds x's reveal"
    assert sw._current(w, x), "the test's premise: w lacks x's reveal"
    vote(t, mover, x, have)
    assert mover in sw.votes.get(x, {}) and x not in sw.my_votes
    del t.only_to[x]
    for m in t.s[x].chain.history(x)[sw.chain.next_seq(x):]:  # x's messages reach w now
        t.deliver(w, x, m.payload)
    t.run()
    assert not sw._current(w, x), "the test's premise: x delivered the reveal to w"
    assert x not in sw.my_votes, "w joined a vote that held x's reveal, once the reveal reached w too"

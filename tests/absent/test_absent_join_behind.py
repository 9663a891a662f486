"""A seat does not join another seat's vote at once when its own claim on the seat, paid since, counts the message
that delivered what the voter's claim said was owed: the voter is behind this peer, not in its pause
(protocol/SPEC.md 11.9, *Voting*; verdicts._paid_before).

Sim seed 28194 (5 seats, relink-storm p3, p1 cut off by a partition): p3's reveal of turn 5 reached p4 late (the
storm cut the link under it), p4 declared p3 absent for it, and the reveal came, relayed.  Then cut-off p1's lone
vote on p3, for the reveal of turn 4 (p1 held 6 of p3's messages; p4 had held p3's reveal of turn 4, #6, since
long before its own claim), arrived, and p4 joined it at once on its paid claim.  p4's vote then decided p3 alone on
p4's peer as soon as p4 moved (every other seat owed its reveal), p3 refused it on its own clock, and p3, p0 and p2
(to whom p3 had answered all along) voted honest p4 out.

Join-at-once still holds for a vote on the obligation this peer's claim named, by a voter that lacks its delivery
(the seat came back to this peer alone: test_absent_join_paid.py).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_join_paid import move, setup as declared
from test_absent_unit import Table


def setup(game: str):
    """The mover holds its move of turn ``turn``; seat ``w`` declares seat ``x`` absent for its reveal of that turn;
    the move goes out and ``x``'s reveal pays the claim.  Returns the table, (mover, x, w) and the turn."""
    t, (mover, x, w), turn = declared(game)
    t.hold_from, t.held_at = {i: turn + 1 for i in range(3)}, None  # (the next turn waits: nothing is owed)
    move(t, mover)
    t.run()
    assert not t.s[w]._current(w, x), "the test's premise: x delivered the reveal w declared it absent for"
    return t, (mover, x, w), turn


def vote(t: Table, by: int, x: int, turn: int, have: int) -> None:
    """``by`` declares ``x`` absent for its reveal of ``turn`` at count ``have`` (what a seat cut off since holds)
    and votes on it."""
    s = t.s[by]
    o = Output()
    s._emit(Absent(x, turn, have, "reveal"), o)
    s._emit(Vote(x, "bot", have), o)
    t.out(by, o)
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_an_obligation_paid_before_this_peers_claim_is_not_joined(game):
    t, (mover, x, w), turn = setup(game)
    sw = t.s[w]
    seq = sw.reveal_seq[(x, turn - 1)]  # x's reveal of the turn before: held here before w's own claim
    assert seq < sw.absents[x][w].have, "the test's premise: w's claim counts x's reveal of the turn before"
    vote(t, mover, x, turn - 1, seq)  # (a voter lacking that reveal: behind w)
    assert mover in sw.votes.get(x, {}), "the test's premise: w holds the mover's vote on x"
    assert mover not in sw.leaving, "the test's premise: the voter's claim does not refute itself"
    assert x not in sw.my_votes, "w joined a vote on x for a reveal x had delivered here before w's own claim"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_the_obligation_this_peer_claimed_is_joined_at_once(game):
    t, (mover, x, w), turn = setup(game)
    sw = t.s[w]
    have = sw.absents[x][w].have  # (a voter that lacks x's reveal of this turn, as w did)
    assert have <= sw.reveal_seq[(x, turn)], "the test's premise: that count lacks x's reveal"
    vote(t, mover, x, turn, have)
    assert mover in sw.votes.get(x, {}), "the test's premise: w holds the mover's vote on x"
    assert x in sw.my_votes, "w did not join a vote for the very reveal it had declared x absent for"

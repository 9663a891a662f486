"""A lone vote's verdict is this peer's clock's alone (SPEC 11.9, *A lone vote on a seat that answers*), so it is
narrowed two ways (lie-away seeds 37935, 24524):

* a seat leaving only by this peer's verdict on its lone vote is not voted on at once when another seat's vote on it
  comes (``verdicts._lone_left``): the others may not share the verdict;
* the verdict lapses once this peer votes on the same seat itself (``verdicts._lapse_lone``).  In memory."""

from __future__ import annotations

import pytest

from test_absent_lone_unseen import claim, held_mover
from kit.table import KINDS


def leave(t, judge: int, v: int) -> None:
    t.out(judge, t.s[judge].leave_voter(v))
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_verdict_lapses_once_this_peer_votes_on_the_same_seat(game):
    t, mover, turn = held_mover(game)
    voter, judge, _ = [i for i in range(4) if i != mover]
    claim(t, voter, mover, "move")
    leave(t, judge, voter)
    j = t.s[judge]
    assert voter in j.leaving and (judge, voter) in j.left_said
    claim(t, judge, mover, "move")  # (the mover went quiet after all: this peer votes on it too)
    assert voter not in j.leaving, "the verdict on a lone vote stood after this peer voted on the same seat"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_leaving_by_this_peers_verdict_alone_is_not_voted_on_at_once(game):
    t, mover, turn = held_mover(game)
    voter, judge, other = [i for i in range(4) if i != mover]
    claim(t, voter, mover, "move")
    leave(t, judge, voter)
    assert voter in t.s[judge].leaving
    t.cut.add(frozenset((other, mover)))
    claim(t, other, voter, "declare")
    j = t.s[judge]
    assert other in j.votes.get(voter, {})
    assert voter not in j.my_votes, "joined another seat's vote at once on a verdict only this peer's clock made"

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


def judged(game: str):
    """Four seats, the mover holding its move; a voter claims it owes the move, and a judge holds that voter leaving
    (its clock: the mover answered).  Returns the table, the mover, the voter, the judge and the fourth seat."""
    t, mover, turn = held_mover(game)
    voter, judge, other = [i for i in range(4) if i != mover]
    claim(t, voter, mover, "move")
    leave(t, judge, voter)
    j = t.s[judge]
    assert voter in j.leaving and (judge, voter) in j.left_said
    return t, mover, voter, judge, other


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_verdict_lapses_once_this_peer_votes_on_the_same_seat(game):
    t, mover, voter, judge, _ = judged(game)
    j = t.s[judge]
    claim(t, judge, mover, "move")  # (the mover went quiet after all: this peer votes on it too)
    assert voter not in j.leaving, "the verdict on a lone vote stood after this peer voted on the same seat"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_leaving_by_this_peers_verdict_alone_is_not_voted_on_at_once(game):
    t, mover, voter, judge, other = judged(game)
    t.cut.add(frozenset((other, mover)))
    claim(t, other, voter, "declare")
    j = t.s[judge]
    assert other in j.votes.get(voter, {})
    assert voter not in j.my_votes, "joined another seat's vote at once on a verdict only this peer's clock made"


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_verdict_stands_when_this_peer_votes_the_seat_out_as_leaving(game):
    # (lie-away seed 155160: p2 held liar p4 leaving for its vote on answering p1; later it judged a vote of p1's lone
    # and voted p1 out as leaving; the lapse made p4 a voter again, and p4's vote with a cut-off seat's voted p2 out)
    t, mover, voter, judge, _ = judged(game)
    j = t.s[judge]
    leave(t, judge, mover)  # (the mover lied since, on this peer's clock: it is voted out as leaving)
    if mover not in j.my_votes:  # (once the others hold it leaving too, as its watch votes: by hand here)
        t.out(judge, j._vote_now(mover, "bot"))
        t.run()
    assert mover in j.my_votes and (judge, mover) in j.left_said, "this peer did not vote the mover out as leaving"
    assert voter in j.leaving, "a liar's verdict lapsed because the seat it lied about lied in turn"


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_verdict_said_again_judges_no_new_vote(game):
    # (lie-away seed 173675: p2 held liar p0 leaving for its vote on answering p1; p0 then voted on frozen p3, and p2,
    # declaring p0 again at its higher count as a leaving seat owes, took that vote for one its verdict had judged:
    # voting on p3 with the rest lapsed the verdict, and p2 then judged p1's vote on p0 lone and voted honest p1 out)
    t, mover, voter, judge, other = judged(game)
    j = t.s[judge]
    claim(t, voter, other, "declare")  # (the voter's vote on a seat that did go quiet, after the verdict)
    t.out(judge, j.declare_absent(voter, j.owed()[voter]))  # (the verdict said again, at the voter's new count)
    t.run()
    assert j.absents[voter][judge].have > j.vote_at[(voter, other)], "the test's premise: the verdict was said again"
    claim(t, judge, other, "declare")
    assert voter in j.leaving, "this peer's verdict on a lone vote lapsed for a vote it never judged"
    claim(t, judge, mover, "move")  # (the vote the verdict did judge: it lapses then)
    assert voter not in j.leaving


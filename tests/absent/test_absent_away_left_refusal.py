"""A peer whose clock did not run sides with no refusal of a vote on a ``left`` claim (SPEC 11.9, *A peer that was
away sides with the refusal*; verdicts.OwnerVerdicts._left_claim).

Sim lie-away seed 111175, four seats, Mush!: p0 crashed for 9 s; liar p2 counted crashed p0 away (``absent{p0,
relay}``) to vote answering p1 out alone for not declaring it.  p3 judged that vote lone (p1 answered it), signed
``absent{p2, left}`` and voted p2 out; p2 refused (``absent{p3, left}``, holding p3's vote).  p0, resumed, held p3's
vote on p2 before p1's and sided with the liar's refusal: it treated honest p3 as leaving and, with the liar, voted it
out, while p1 and p3 voted p0 and p2 out.  A ``left`` claim is a verdict on the seat's own vote, not that it was silent:
the refusal (it answered) is no answer to it, only one seat's word about its own vote against the other's.

Four sessions in memory: the mover ``Y`` holds its move (it answers), the liar ``L`` counts the judge ``J`` away to
vote ``Y`` out alone, the third seat ``Z`` judges that vote lone (``leave_voter``) and votes on ``L``, ``L`` refuses
(``leave_voter``: the absent its refusal signs), and ``J``'s clock has just resumed."""

from __future__ import annotations

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.session import Output
from test_absent_lone_unseen import held_mover
from test_absent_refused_away import lie_to_vote
from kit.table import KINDS


def _judge(game: str):
    t, y, _ = held_mover(game)
    liar, z, j = [i for i in range(4) if i != y]
    lie_to_vote(t, liar, j, y)  # (the liar counts the judge away, as p2 did crashed p0)
    sz = t.s[z]
    t.out(z, sz.leave_voter(liar))  # (Z's clock: Y answered, the liar's vote on it is lone)
    t.run()
    o = Output()
    sz._vote(liar, "bot", o)
    t.out(z, o)
    t.run()
    t.out(liar, t.s[liar].leave_voter(z))  # (the liar's refusal: absent{Z, left}, holding Z's vote on it)
    t.run()
    judge = t.s[j]
    assert z in judge.votes.get(liar, {}), "the test's premise: Z's vote on the liar reached the judge"
    assert judge.absents[liar][z].owed == "left", "the test's premise: Z's claim on the liar is 'left'"
    assert (liar, z) in judge.lone_votes(), "the test's premise: Z's vote is the only one on the liar"
    watch = AbsenceWatch(judge, 30.0, 30.0, "bot", now=0.0, grace=1.0, resumed=True)
    others = {i for i in range(4) if i != j}
    tk = watch.tick(1.0, connected=others, last_rx={i: 1.0 for i in others}, linked=others)
    assert not watch._clock_ran(1.0), "the test's premise: the judge's clock did not run"
    assert judge._refused_by(liar, z), "the test's premise: the liar refused Z's vote"
    return t, j, tk, judge, liar, z


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_does_not_side_with_a_refusal_of_a_vote_on_a_left_claim(game):
    t, j, tk, judge, liar, z = _judge(game)
    assert z not in judge.leaving, "the judge, back from being away, sided with the liar's refusal of a 'left' vote"
    assert liar not in judge.leaving, "the judge, back from being away, judged a vote on its own clock"
    t.out(j, tk.out)
    t.run()
    assert not any(s.halted for s in t.s), [s.halted for s in t.s]


"""A vote refused by the seat it names and seconded by a third seat makes its voter leaving on every peer (SPEC 11.9,
*A seconded refusal*; verdicts.OwnerVerdicts._side_with_refusals).

Sim seed 131585, four seats: hostile p2 voted answering p3 out alone; p3 refused (``absent{p2, left}``, holding the
vote) and p0, back from a freeze, judged the vote lone (``absent{p2, left}`` too).  Its own vote on the seat keeps it out only when that vote counts the refusal (lie-away seed 121597).  p1, cut off by a partition
meanwhile, judged nothing on its clock and still counted p2 a voter on frozen p0: it waited for p2's vote, took p0's
reveal and decided p0 two turns after p3, which had decided p0 with p1's vote and its own.  p1 took p3 for a seat that
voted itself off, and p3 named honest p1 in a desync.  Two seats' word against one: a peer that declared the seat
itself (cut off from it) and did not vote on it holds the voter leaving, from the signed messages alone (the auditor
too).

Four sessions in memory: the mover ``X`` holds its move, ``V`` votes ``X`` out alone, ``X`` refuses (``leave_voter``:
the absent its refusal signs), the judge ``J`` declares ``X`` (as if cut off from it; or, cut off from it since before
the refusal, declares it and joins ``V``'s vote), and the third seat ``W`` seconds the refusal or not."""

from __future__ import annotations

import pytest

from kit.table import KINDS
from kit.sessions import session_for
from snowp2p.protocol.messages import Absent, Vote, decode_signed
from snowp2p.protocol.session import Output, log_owner
from test_absent_lone_unseen import held_mover


def _setup(game: str, seconded: bool, voted: bool = False):
    t, x, _ = held_mover(game)
    v, w, j = [i for i in range(4) if i != x]
    liar, o = t.s[v], Output()
    for seat, owed in (((j if voted else w), "relay"), (x, "declare")):  # (as lie_to_vote: V counts W away, or the
        # judge when it votes on X: then V's and the judge's votes do not decide X without W's, as in lie-away 121597)
        liar._emit(Absent(seat, liar.turn, liar.chain.next_seq(seat), owed), o)
    liar._emit(Vote(x, "bot", liar.chain.next_seq(x)), o)
    t.out(v, o)
    t.run()
    judge = t.s[j]
    assert v in judge.votes.get(x, {}), "the test's premise: the vote reached the judge"
    if voted:  # (the judge, cut off from X since before X's refusal, declares it: it joins V's vote at once)
        t.cut.add(frozenset((j, x)))
        o = Output()
        judge._emit(Absent(x, judge.turn, judge.chain.next_seq(x), "move"), o)
        t.out(j, o)
        t.run()
    t.out(x, t.s[x].leave_voter(v))  # (X's refusal: absent{V, left}, holding V's vote on it)
    t.run()
    if voted:
        assert judge.absent_seq.get((x, v)) is None, "the test's premise: the refusal did not reach the judge yet"
        t.out(w, t.s[w].forget_relays(j))  # (W relays X's refusal to the judge, as p3 in lie-away 121597)
    else:
        o = Output()  # (the judge, cut off from X meanwhile, declares it: its clock can not judge V's vote)
        judge._emit(Absent(x, judge.turn, judge.chain.next_seq(x), "move"), o)
        t.out(j, o)
    t.run()
    assert (x in judge.my_votes) == voted, "the test's premise: whether the judge voted on X"
    assert v not in judge.leaving, "the judge took a refusal alone for a verdict"
    if seconded:  # (a third seat's clock judged V's vote lone: X answered it)
        t.out(w, t.s[w].leave_voter(v))
        t.run()
    assert not any(s.halted for s in t.s), [s.halted for s in t.s]
    return t, judge, v, x


@pytest.mark.parametrize("game", KINDS)
def test_a_refusal_seconded_by_a_third_seat_makes_the_voter_leaving_on_every_peer(game):
    t, judge, v, x = _setup(game, seconded=True)
    assert v in judge.leaving, "the judge still counts a voter whose vote was refused and seconded"
    assert all(v in s.leaving for i, s in enumerate(t.s) if i != v), "the peers differ on the voter"
    assert v not in judge._voters(x), "the leaving voter still votes on another seat here"
    _audited(t, judge, v)


def _audited(t, judge, v: int) -> None:
    """The auditor of the judge's log reads the voter leaving from the signed messages too."""
    records = t.records(judge.me)
    obs = session_for(decode_signed(records[0]), t.track)
    obs.owner = log_owner(records)
    for rec in records[1:]:
        obs.receive(rec)
    assert obs.halted is None and v in obs.leaving, "the auditor of the judge's log reads the voter otherwise"


@pytest.mark.parametrize("game", KINDS)
def test_a_refusal_alone_does_not_make_the_voter_leaving_on_a_third_peer(game):
    _, judge, v, _ = _setup(game, seconded=False)
    assert v not in judge.leaving, "the judge took one seat's refusal for a verdict"



@pytest.mark.parametrize("game", KINDS)
def test_a_judge_that_voted_on_the_refusing_seat_without_its_refusal_sides_with_it(game):
    """The judge, cut off from X since before X's refusal, declared X and voted on it (a pause it saw from the far
    side: its vote does not count the refusal) and holds the refusal only later, relayed: its vote says nothing of
    V's, and it sides with the seconded refusal all the same (lie-away seed 121597: p2, back from a crash, voted on
    p0, cut off by a partition meanwhile; it held p0's refusal of liar p1's vote, seconded by p3, only then, never
    held p1 leaving, was declared by p3 for that, judged p3's vote lone and voted honest p3 out with the liar)."""
    t, judge, v, x = _setup(game, seconded=True, voted=True)
    assert judge.votes[x][judge.me].have <= judge.absent_seq[(x, v)], "the premise: the judge's vote lacks the refusal"
    assert v in judge.leaving, "the judge's own vote on X, lacking X's refusal, kept it from siding with the refusal"
    _audited(t, judge, v)

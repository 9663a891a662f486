"""A peer that was away does not help vote a seat out on the word of a seat cut off from it (SPEC 11.9, *A lone vote
on a seat that answers*; OwnerVerdicts.refused_by_seat, watch.AbsenceWatch._lone_votes).

Sim lie-away seed 42541, four seats: p0 crashed; p2 was cut off alone.  p1 declared p0, then p2 for not declaring it,
and voted p2 out alone; p2, not hearing p1, had declared p0 and then p1 across the cut, and at the heal refused p1's
vote (``absent{p1, left}``).  p0, back, sided with that refusal, and p1 was decided out with p2.  The two had declared
each other across a cut: the refusal is one side of a partition, not a lie shown up, and a peer whose clock did not
run can not tell which side was cut off.  Nor can it, once its clock runs, judge on it a vote that came while it did
not: what its clock saw since says nothing about the seat voted on before.

Four sessions in memory: ``Y`` is to move and holds its move (the judge, just resumed), ``Z`` is dead, ``X`` is cut
off alone.  ``V`` declares ``Y``, ``Z`` and ``X`` and votes ``X`` out; ``X`` declared ``Y``, ``Z`` and ``V``; at the
heal ``X`` refuses ``V``'s vote.  The judge holds all of it, ``X``'s claims first."""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _give, _sign, mover_held


def _declares(t, by: int, turn: int, *claims) -> list:
    return [Absent(seat, turn, t.s[by].chain.next_seq(seat), owed) for seat, owed in claims]


def _setup(game: str, seconded: bool = False):
    t, y, (v, x, z) = mover_held(game)
    s, turn = t.s, t.s[y].turn
    t.dead.add(z)
    xs = _sign(t, x, *_declares(t, x, turn, (y, "move"), (z, "declare"), (v, "declare")))
    vs = _sign(t, v, *_declares(t, v, turn, (y, "move"), (z, "declare"), (x, "declare")),
               Vote(x, "bot", s[v].chain.next_seq(x)))
    _give(t, x, v, vs)  # (the heal: X holds V's claims and vote, and refuses the vote)
    xs += [p for p in s[x].leave_voter(v).send]
    for p in xs[3:]:
        t.logs[x].append(p)
    if seconded:  # (a third seat holds V's vote and judged it lone on its clock, as p0 did in seed 36213)
        _give(t, z, v, vs)
        _give(t, y, z, _sign(t, z, Absent(v, turn, s[z].chain.next_seq(v), "left")))
    judge = s[y]
    _give(t, y, x, xs[:3])  # (as p0 did: X's claims first, so V's lone decision on X waits: it is contested)
    _give(t, y, v, vs)
    _give(t, y, x, xs[3:])
    assert judge.lone_votes() == [(x, v)], "the test's premise: the judge holds V's lone vote on X"
    assert judge._refused_by(x, v) and judge._declared_before(x, v), "the test's premise: X refused it, across a cut"
    watch = AbsenceWatch(judge, 1.0, 1.0, "bot", now=0.0, grace=1.0, resumed=True)
    others = {i for i in range(4) if i not in (y, z)}
    return t, judge, v, watch, others


def _tick(t, judge, watch, now: float, others) -> None:
    tk = watch.tick(now, connected=others, last_rx={i: now for i in others}, linked=others)
    t.out(judge.me, tk.out)
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_does_not_side_with_a_refusal_across_a_cut(game):
    t, judge, v, watch, others = _setup(game)
    _tick(t, judge, watch, 0.5, others)
    assert not watch._clock_ran(0.5), "the test's premise: the judge's clock did not run"
    assert v not in judge.leaving, "the judge, back from being away, sided with one side of a cut"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_that_came_while_the_clock_did_not_run_is_not_judged_on_it_later(game):
    t, judge, v, watch, others = _setup(game)
    _tick(t, judge, watch, 0.5, others)
    _tick(t, judge, watch, 3.0, others)
    assert watch._clock_ran(3.0), "the test's premise: the judge's clock runs now"
    assert v not in judge.leaving, "the judge judged on its clock a vote that came while it did not run"


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_sides_with_a_refusal_across_a_cut_that_a_third_seat_shares(game):
    """Two seats' word against one (sim lie-away seed 36213: p3, cut off alone, voted p1 out; p1, which had declared p3
    across the cut, refused it, and p0 judged it lone; frozen p2, back, took neither, and the four honest seats split
    two against two: p2 and p3 voted p0 and p1 out, p0 and p1 voted p2 and p3 out)."""
    t, judge, v, watch, others = _setup(game, seconded=True)
    _tick(t, judge, watch, 0.5, others)
    assert v in judge.leaving, "the judge, back from being away, did not side with two seats' word"

"""A peer whose clock did not run (back from a crash or a freeze) sides with the signed refusal of the seat a lone vote
is on (SPEC 11.9, *A lone vote on a seat that answers*; watch.AbsenceWatch._lone_votes).

Sim lie-away seed 24524, four seats: the liar p0 counted p1 away (``absent{p1, relay}``) to vote p2 out alone while p3
was crashed.  p2 refused (``absent{p0, left}``, holding the vote) and p1 judged the vote lone; p3, restarted, could not
judge it on its own clock, never took p0 for leaving, and never declared it.  p1 declared p3 for that declaration and,
with p2 cut off, voted it out alone; p3 refused, and with the liar's vote took honest p1 out.  The seat voted on is the
one seat whose clock knows it answered: a peer that was away takes its word against the voter's.

Four sessions in memory: the mover ``X`` holds its move, the liar ``V`` counts ``W`` away to vote ``X`` out alone, ``X``
refuses (``leave_voter``: the absent its refusal signs), and the judge ``Y``'s clock has just resumed.  Not when the
liar's claim is that ``X`` never declared ``Y`` itself (``refused_by_seat``, as for a held decision: sim seed 22615),
unless a third seat holds the liar leaving for that vote too (``_seconded``: lie-away seed 54442)."""

from __future__ import annotations

import pytest

from snowp2p.net.watch import AbsenceWatch
from test_absent_lone_unseen import held_mover
from test_absent_refused_away import lie_to_vote
from kit.table import KINDS


def _setup(game: str, refuse: bool, named: bool = False, seconded: bool = False, answered: bool = True):
    t, x, _ = held_mover(game)
    v, w, y = [i for i in range(4) if i != x]
    third = y
    if named:  # (the liar counts the judge itself away: X never declared it)
        y = w
    lie_to_vote(t, v, w, x)
    if seconded and answered:  # (the judge signed a message past the liar's count on it before it was away, as p2 in
        t.out(y, t.s[y].ack_now())  # 54442: it was not away as the liar said, Session._away_by_word)
        t.run()
    if refuse:
        t.out(x, t.s[x].leave_voter(v))  # (X's refusal: absent{V, left}, holding V's vote on it)
        t.run()
    if seconded:  # (a third seat's clock judged V's vote lone: X answered it)
        t.out(third, t.s[third].leave_voter(v))
        t.run()
        t.dead.add(v)  # (the liar froze X's refusal off its own chain: X's vote on it, next, would read as a gap there)
    judge = t.s[y]
    assert v in judge.votes.get(x, {}), "the test's premise: the vote reached the judge"
    assert (y in judge.names[(v, x)]) == named, "the test's premise: whom the liar's claim on X names"
    watch = AbsenceWatch(judge, 30.0, 30.0, "bot", now=0.0, grace=1.0, resumed=True)
    assert judge._away_by_word(x, v) == (named and not (seconded and answered)), "the premise: away as V said?"
    first_tick_away(t, y, watch)
    return judge, v


def first_tick_away(t, y: int, watch: AbsenceWatch) -> None:
    """The judge ``y``'s first tick, just resumed (its clock has not run), every other seat linked; its output
    delivered: no peer halts."""
    others = {i for i in range(4) if i != y}
    tk = watch.tick(1.0, connected=others, last_rx={i: 1.0 for i in others}, linked=others)
    assert not watch._clock_ran(1.0), "the test's premise: the judge's clock did not run"
    t.out(y, tk.out)
    t.run()
    assert not any(s.halted for s in t.s), [s.halted for s in t.s]


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_sides_with_the_refusal_of_the_seat_voted_on(game):
    judge, v = _setup(game, refuse=True)
    assert v in judge.leaving, "the judge, back from being away, did not side with the voted seat's refusal"


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_judges_no_vote_that_was_not_refused(game):
    judge, v = _setup(game, refuse=False)
    assert v not in judge.leaving, "the judge, back from being away, judged a vote on its own clock"


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_does_not_side_with_a_seat_that_never_declared_it(game):
    """The vote's claim is that X never declared this very seat, which was away: X did fail its part (sim seed 22615:
    p0, crashed, held never-declaring p1's refusal of p2's vote on it for not declaring p0; as refused_by_seat)."""
    judge, v = _setup(game, refuse=True, named=True)
    assert v not in judge.leaving, "the judge sided with a refusal of a vote on a seat that never declared it"


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_sides_with_a_refusal_that_a_third_seat_seconds(game):
    """The vote's claim is that X never declared this very seat, but a third seat, whose clock ran, holds the voter
    leaving for that vote too: two seats' word against one (lie-away seed 54442: p2, crashed for 0.3 s, held liar p3's
    vote on p0 for not declaring p2 and p1; p0 refused it and p4 judged it lone; p2 counted p3 a voter, decided p0 with
    cut-off p1's vote, and named honest p4 in a desync)."""
    judge, v = _setup(game, refuse=True, named=True, seconded=True)
    assert v in judge.leaving, "the judge did not side with a refusal that a third seat seconded"


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_away_as_the_liar_said_sides_with_a_refusal_that_a_third_seat_seconds(game):
    """As above, but the judge came back with exactly the count of its messages that the liar's claim on it names
    (``came_back_at``: it was away as the liar said, ``_away_by_word``), so X's failure to declare it is "its own
    verdict" (``_failed_me``); a third seat's clock still judged the vote lone, X answered it and owed no declaration
    there: the judge sides with the refusal all the same (``lone_votes``, as ``refused_by_seat``; sim lie-away seed
    112983: p2, crashed 1 s, held liar p3's vote on p0 for not declaring p2, which p0 refused and p1 judged lone; p2
    never held p3 leaving, p1 voted p2 out alone for that declaration and finished alone, and p2 and p3 voted honest
    p1 out)."""
    judge, v = _setup(game, refuse=True, named=True, seconded=True, answered=False)
    assert v in judge.leaving, "the judge, away as the liar said, did not side with a seconded refusal"

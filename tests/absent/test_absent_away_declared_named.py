"""A peer whose clock did not run sides with the refusal of a seat that had declared it, on the very facts a liar's
claim names (SPEC 11.9, *A lone vote on a seat that answers*; claims._declared_as_named).

Sim lie-away seed 113179, four seats: frozen p3 was declared by p0, p1 and p2 (its reveal); liar p1, holding p2's
absent on p3, declared p0 and then p2 for not declaring p0 and p3, and voted p2 out alone.  p2 refused
(``absent{p1, left}``).  p3, woken (its clock had not run), delivered its reveal, so p2's absent on it no longer
held: p1's claim then read as a declaration on p3 that p2 never gave (``_unpaid``), p3 never sided with the refusal,
never held p1 leaving, and later voted honest p2 out with the liar.  ``X`` had declared ``Y`` at the count the liar's
own absent on ``Y`` names: it did its part on those facts, whatever ``Y`` did since.

Four sessions in memory: the mover ``X`` holds its move and declares the judge ``Y``; the liar ``V`` declares ``Y`` at
the same count and votes ``X`` out alone for not declaring it; ``Y`` answers, ``X`` refuses, and ``Y``'s clock has
just resumed.  A seat that never declared ``Y`` stays the one that failed its part (test_absent_away_sides_refusal.py)."""

from __future__ import annotations

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.events import Output
from snowp2p.protocol.messages import Absent
from test_absent_lone_unseen import held_mover
from test_absent_away_sides_refusal import first_tick_away
from test_absent_refused_away import lie_to_vote
from kit.table import KINDS


def _setup(game: str, declared: bool):
    t, x, _ = held_mover(game)
    v, y, _z = [i for i in range(4) if i != x]
    if declared:  # (X declares the judge at its count, which the liar then holds)
        sx, o = t.s[x], Output()
        sx._emit(Absent(y, sx.turn, sx.chain.next_seq(y), "relay"), o)
        t.out(x, o)
        t.run()
    lie_to_vote(t, v, y, x)  # (the liar declares Y, then X for not declaring Y, and votes X out alone)
    t.out(y, t.s[y].ack_now())  # (Y answers: X's absent on it no longer holds)
    t.run()
    t.out(x, t.s[x].leave_voter(v))  # (X's refusal: absent{V, left}, holding V's vote on it)
    t.run()
    judge = t.s[y]
    assert v in judge.votes.get(x, {}) and y in judge.names[(v, x)], "the premise: the liar's claim on X names Y"
    assert judge._current(x, y) is False, "the premise: X's absent on Y no longer holds"
    watch = AbsenceWatch(judge, 30.0, 30.0, "bot", now=0.0, grace=1.0, resumed=True)
    first_tick_away(t, y, watch)
    return judge, v


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_sides_with_a_refuser_that_had_declared_it_as_the_claim_names(game):
    judge, v = _setup(game, declared=True)
    assert v in judge.leaving, "the judge took the refuser's absent on it, signed before the liar's, for no declaration"


@pytest.mark.parametrize("game", KINDS)
def test_a_peer_that_was_away_still_sides_with_no_refuser_that_never_declared_it(game):
    judge, v = _setup(game, declared=False)
    assert v not in judge.leaving, "the judge sided with a refusal of a vote on a seat that never declared it"

"""A peer a turn behind a voter does not judge its vote lone (SPEC 11.9, *A lone vote on a seat that answers*;
sim seed 5271: a seat cut off alone by a partition took the majority's votes on it one by one, a turn behind,
treated each voter as leaving, refused the majority's decision and split the game).  In memory."""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_unit import Table
from kit.table import KINDS

VICTIM, VOTER = 0, 1


def lone_after_claim(game: str, ahead: int) -> list[tuple[int, int]]:
    """Seat 0 holds its move from turn 3 on (the game waits on it, so seats 1 and 2 are its voters); seat 1
    declares it absent for the reveal of seat 0's turn + ``ahead`` and votes on it; seat 2 declares nothing.
    What seat 0 then counts as lone votes."""
    t = Table(game)
    t.hold_from[VICTIM] = 3
    t.start()
    t.run()
    assert t.held_at is not None and t.held_at[0] == VICTIM, "seat 0 is to move and holds its move"
    victim, voter = t.s[VICTIM], t.s[VOTER]
    have = voter.chain.next_seq(VICTIM)
    o = Output()
    voter._emit(Absent(VICTIM, victim.turn + ahead, have, "reveal"), o)
    voter._emit(Vote(VICTIM, "bot", have), o)
    t.out(VOTER, o)
    t.run()
    assert VOTER in victim.votes.get(VICTIM, {}), "the vote reached the seat it names"
    assert victim.halted is None, victim.halted
    return victim.lone_votes()


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_whose_claim_names_the_next_turn_is_not_judged_lone(game):
    """The victim lacks the voter's messages of that turn: its clock can not say it answers there."""
    assert lone_after_claim(game, 1) == []


@pytest.mark.parametrize("ahead", [0, 2, 3])
@pytest.mark.parametrize("game", KINDS)
def test_a_vote_whose_claim_names_another_turn_is_judged_lone(game, ahead):
    """This turn: judged as before (sim seed 3465).  Two turns ahead or more: no honest voter is so far ahead of a
    present seat it waits on, and a liar can not shield its vote so."""
    assert lone_after_claim(game, ahead) == [(VICTIM, VOTER)]

"""A vote judged lone elsewhere, but not lone here, still holds back a reveal past its count (protocol/SPEC.md 11.9,
*A reveal past a decision's count does not count*; sim seed 15817).

While this peer's vote on X is open, X's reveal at or past the highest count of the votes held waits for the decision
(``AbsenceRules._counted_reveal``, seed 12343), so the decision takes effect where the game first needs X's message past
that count, on every peer alike.  A peer whose vote another seat judged lone takes X's messages again and draws with
them (seed 10727: its vote alone will never complete).  But with a second voter's vote held here the decision is a
majority's and may still complete: drawing X's reveals meanwhile made the turn of the takeover depend on when the vote
happened to complete on each peer (seed 15817: p2, back from a partition, judged p0's and then p3's vote lone one at a
time; never-voting p1 kept the vote open, and it completed at p3's own move of turn 4 on p3, at p0's move of turn 5 on
p0).  So the exception holds only for a vote lone here too (``OwnerVerdicts._lone_here``).  In memory, four seats.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_unit import Table

ME, RELAY, X, OTHER = 0, 1, 2, 3


def _held_table(game: str) -> tuple[Table, list[tuple[int, int, bytes]]]:
    """A four-seat table whose frames from X are held back (in ``held``) once ``t.gate`` is set."""
    t = Table(game, n=4)
    held: list[tuple[int, int, bytes]] = []
    deliver = t.deliver

    def gated(to: int, frm: int, p: bytes) -> None:
        if frm == X and t.gate:
            held.append((to, frm, p))
        else:
            deliver(to, frm, p)

    t.deliver = gated
    t.gate = False
    return t, held


def _x_owes_its_reveal(game: str):
    for cut in range(2, 9):
        t, held = _held_table(game)
        t.start()
        t.run(until=lambda t=t, cut=cut: all(s.final_turn >= cut for s in t.s))
        t.gate = True
        t.run()
        owed = t.s[ME].owed().get(X)
        if (all(t.s[i].waiting_on() == {X} for i in (ME, OTHER)) and owed is not None and owed.what == "reveal"
                and held):
            return t, held
    pytest.skip("no turn found where X owed only its reveal")


def _vote(t: Table, count: int) -> None:
    me = t.s[ME]
    t.out(ME, me.declare_absent(X))
    t.run()
    o = Output()
    me._emit(Vote(X, "bot", count), o)
    t.out(ME, o)
    t.run()


def _judged_lone_with_reveal(game: str, second_vote: bool):
    """ME (and OTHER, with ``second_vote``) voted on X; RELAY never votes, so the vote stays open.  X's reveal reaches
    RELAY alone, which relays it to ME and then judges ME's vote lone (absent{ME, left})."""
    t, held = _x_owes_its_reveal(game)
    me, relay = t.s[ME], t.s[RELAY]
    turn = me.applied_turn
    count = me.chain.next_seq(X)
    if second_vote:  # (OTHER declared X too: it joins ME's vote at once)
        t.out(OTHER, t.s[OTHER].declare_absent(X))
        t.run()
    _vote(t, count)
    assert (OTHER in me.votes.get(X, {})) == second_vote
    assert X in me.my_votes and X not in me.decided
    for to, _frm, p in held:
        if to == RELAY:
            t.take(RELAY, X, p)
    t.run()
    assert relay.chain.next_seq(X) > count
    t.out(RELAY, relay.forget_relays(ME))
    t.run()
    assert me.chain.next_seq(X) > count and me.reveals.has_revealed(X, turn + 1)
    o = Output()
    relay._emit(Absent(ME, relay.turn, relay.chain.next_seq(ME), "left"), o)  # (its verdict, as leave_voter signs it)
    t.out(RELAY, o)
    t.run()
    assert me._vote_judged_lone()
    return t, turn


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_judged_lone_but_not_lone_here_holds_the_reveal_back(game):
    t, turn = _judged_lone_with_reveal(game, second_vote=True)
    me = t.s[ME]
    assert not me._lone_here(X) and X not in me.decided
    assert me.applied_turn == turn, (
        "ME drew the turn with X's reveal past a majority's open vote: where X is taken over then depends on when the "
        "vote completes on each peer")
    assert X in me.waiting_on()


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_lone_here_and_judged_lone_draws_the_reveal(game):
    """The seed 10727 exception stands for a vote that is the only one held here."""
    t, turn = _judged_lone_with_reveal(game, second_vote=False)
    me = t.s[ME]
    assert me._lone_here(X)
    assert me.applied_turn > turn, "ME still waits on X's reveal for a vote judged lone"

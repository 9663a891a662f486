"""A reveal past the count of an open vote waits for the decision (protocol/SPEC.md 11.9, *Agreed count*; sim
seed 12343).

A peer that voted on seat X takes no more of X's messages straight from X, but still takes relayed copies until the
decision (``AbsenceRules._frozen``): whoever relays one holds it and votes with a count that covers it.  The
decision's count is the highest count its votes carry, so a reveal of X at or past the highest count of the votes
held may lie beyond it: if it is drawn while the vote is open, a peer that took it from a relay plays the turn with
X's own reveal while the peers that never held it take X over (seed 12343: p0 drew turn 2 with p4's reveal relayed by
never-voting p2, p1 and p3 took p4 over at turn 2 and named honest p0).  Such a reveal waits for the decision
(``AbsenceRules._counted_reveal``), unless another seat judged this peer's vote lone (it takes the seat's messages
straight again, and the others play on with them: sim seed 10727).  In memory.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_unit import Table

ME, RELAY, X, OTHER = 0, 1, 2, 3


def _held_table(game: str, n: int = 4) -> tuple[Table, list[tuple[int, int, bytes]]]:
    """A table whose frames from X are held back (in ``held``) once ``t.gate`` is set.  Four seats: OTHER never holds X's
    reveal, so it never draws the turn (were every other seat's ack of it held, ME would draw: test_absent_open_vote_drawn)."""
    t = Table(game, n=n)
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


def _x_owes_its_reveal(game: str, n: int = 4):
    """A table where X's frames are held back (X still plays) while ME and RELAY wait on X's reveal of a turn."""
    for cut in range(2, 9):
        t, held = _held_table(game, n)
        t.start()
        t.run(until=lambda t=t, cut=cut: all(s.final_turn >= cut for s in t.s))
        t.gate = True
        t.run()
        owed = t.s[ME].owed().get(X)
        if t.s[ME].waiting_on() == {X} and owed is not None and owed.what == "reveal" and held:
            return t, held
    pytest.skip("no turn found where X owed only its reveal")


def _relayed_past_open_vote(game: str, reach: tuple[int, ...] = (RELAY,), n: int = 4):
    """ME voted on X (RELAY never votes: the vote stays open); X's reveal reached ``reach`` (RELAY alone, unless the
    test says), and RELAY relayed it to ME."""
    t, held = _x_owes_its_reveal(game, n)
    me, relay = t.s[ME], t.s[RELAY]
    turn = me.applied_turn
    count = me.chain.next_seq(X)
    t.out(ME, me.declare_absent(X))
    t.run()
    o = Output()
    me._emit(Vote(X, "bot", count), o)  # (ME's vote races X's return: X's reveal reaches the others, not ME)
    t.out(ME, o)
    t.run()
    assert X in me.my_votes and X not in me.decided
    for to, _frm, p in held:  # X's reveal reaches RELAY (and whoever else the test says) ...
        if to in reach:
            t.take(to, X, p)
    t.run()
    assert relay.chain.next_seq(X) > count
    t.out(RELAY, relay.forget_relays(ME))  # ... which relays it to ME (its vote said it lacks it)
    t.run()
    assert me.chain.next_seq(X) > count, "ME did not take the relayed copy"
    assert X not in me.decided and me.reveals.has_revealed(X, turn + 1)
    return t, turn


@pytest.mark.parametrize("game", KINDS)
def test_a_relayed_reveal_past_an_open_votes_count_is_not_drawn(game):
    t, turn = _relayed_past_open_vote(game)
    me = t.s[ME]
    assert me.applied_turn == turn, (
        "ME drew the turn with X's reveal past its open vote's count: the decision may take X over before it")
    assert X in me.waiting_on()


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_judged_lone_does_not_hold_the_reveal_back(game):
    """RELAY judges ME's vote lone (X answered it): ME's vote decides nothing there, RELAY draws the turn with X's
    reveal, and so does ME (sim seed 10727: ME waited for a decision of its own and took X over alone)."""
    t, turn = _relayed_past_open_vote(game)
    me, relay = t.s[ME], t.s[RELAY]
    o = Output()
    relay._emit(Absent(ME, relay.turn, relay.chain.next_seq(ME), "left"), o)  # (its verdict, as leave_voter signs it)
    t.out(RELAY, o)
    t.run()
    assert me._vote_judged_lone()
    assert me.applied_turn > turn, "ME still waits on X's reveal for a vote judged lone"

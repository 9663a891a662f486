"""An ``absent`` this seat signed for a reveal (or a move) that another seat's own signed messages show it holds asks
for a relay, not a vote: it joins no other seat's vote on that seat at once (protocol/SPEC.md 11.9, *Voting*; 11.12,
*Coming back*).

Sim lie-away seed 1728 (4 seats): liar p3 declared p1 absent (counting it away) and voted p0 out alone; p0's reveal
of turn 2 reached p1 but not p2 (p0 crashed), and p1 moved on to turn 3.  p2, holding p1's move of turn 3, which
shows p1 applied turn 2 with p0's reveal, declared p0 absent for that reveal and joined the liar's vote at once
(_join_votes): honest p0 decided by the liar and p2 together, and p2 then named p1 in a desync.  Now the declaration
asks for the relay (p1 sends it on the absent), and p2 votes on p0 only after a pause of its own.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table

VICTIM, HOLDER, THIRD, LIAR = 0, 1, 2, 3


def _stalled(game: str, cut: int) -> Table:
    t = Table(game, n=4)
    t.start()
    t.run(until=lambda: all(s.final_turn >= cut for s in t.s))
    t.only_to[VICTIM] = HOLDER  # the victim's frames of the next turn reach the holder only
    t.run(until=lambda: t.s[HOLDER].applied_turn > cut + 1)
    t.dead.add(VICTIM)
    t.run()
    t.out(HOLDER, t.s[HOLDER].ack_now())  # (it waits for a move: its ack goes out on its own, SPEC 11.5)
    t.run()
    return t


def _shape(game: str) -> Table:
    """The first cut at which the third seat waits on the victim's reveal, which the holder's signed ack shows it
    holds (and nothing shows the liar holds)."""
    for cut in range(1, 10):
        t = _stalled(game, cut)
        third = t.s[THIRD]
        o = third.owed().get(VICTIM)
        if (third.waiting_on() == {VICTIM} and o is not None and o.what == "reveal"
                and third.held_elsewhere(VICTIM) == {HOLDER}):
            return t
    raise AssertionError(f"{game}: no cut gives the shape")


@pytest.mark.parametrize("game", KINDS)
def test_a_claim_on_what_another_seat_holds_joins_no_vote_at_once(game):
    t = _shape(game)
    liar, third = t.s[LIAR], t.s[THIRD]
    o = Output()  # the liar counts the holder away (a relay it does not owe) and votes the victim out
    liar._emit(Absent(HOLDER, liar.turn, liar.chain.next_seq(HOLDER), "relay"), o)
    liar._emit(Absent(VICTIM, liar.turn, liar.chain.next_seq(VICTIM), "declare"), o)
    liar._emit(Vote(VICTIM, "bot", liar.chain.next_seq(VICTIM)), o)
    t.out(LIAR, o)
    t.run()
    assert HOLDER not in third._voters(VICTIM), "the test's premise: the liar's absent counts the holder away"
    assert VICTIM not in third.my_votes and VICTIM not in third.decided
    # the third seat declares the victim absent for the reveal it lacks (the holder's ack shows it holds it)
    turn = third.applied_turn
    o = third.declare_absent(VICTIM)
    o.extend(third._progress())  # (as on any message it takes next)
    t.out(THIRD, o)
    assert VICTIM not in third.my_votes, "the third seat joined the liar's vote on a seat whose reveal was held"
    assert VICTIM not in third.decided and VICTIM not in third.gone
    t.run()  # the holder relays the reveal on the absent: the third seat plays on
    assert third.applied_turn > turn and VICTIM not in third.my_votes and third.halted is None

"""A reveal past an open vote's count that every other seat drew is drawn here too (protocol/SPEC.md 11.9, *A reveal
past a decision's count does not count*; sim lie-away seed 61730).

While this peer's vote on X is open, X's reveal at or past the highest count of the votes held waits for the decision
(``AbsenceRules._counted_reveal``, seed 12343), so that this peer does not draw a turn that the peers which never held
the reveal play with X taken over.  But once every other present seat has signed its ack of that turn, each drew it
with X's reveal: a decision on X can then take effect only past it on every one of them, and holding the reveal back
here can only part this peer from them (``verdicts._drawn_by_others``).  Seed 61730: p1 voted on crashed p2 0.13 s
before p2's reveal came back; the others drew the turn with it and never voted; p1 waited for a decision that needed
p3's vote, missed its own move, voted p3 out alone and took p2 over at its own count: a desync naming nobody.
In memory.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_open_vote_reveal import ME, OTHER, RELAY, _relayed_past_open_vote


@pytest.mark.parametrize("game", KINDS)
def test_a_reveal_every_other_seat_drew_is_drawn_while_the_vote_is_open(game):
    t, turn = _relayed_past_open_vote(game, reach=(RELAY, OTHER))
    me, relay, other = t.s[ME], t.s[RELAY], t.s[OTHER]
    assert relay.applied_turn > turn and other.applied_turn > turn, "the test's premise: the others drew the turn"
    for i in (RELAY, OTHER):  # (their shells wait for the next move a while, then ack the turn on its own)
        t.out(i, t.s[i].ack_now())
    t.run()
    assert RELAY in me.acks.get(turn + 1, {}) and OTHER in me.acks.get(turn + 1, {}), (
        "the test's premise: ME holds every other seat's ack of the turn")
    assert me.applied_turn > turn, (
        "ME still holds back X's reveal that every other seat drew: it waits for a decision none of them will take")
    assert me.my_hash[turn + 1] == relay.my_hash[turn + 1] == other.my_hash[turn + 1], "ME drew the turn otherwise"


@pytest.mark.parametrize("game", KINDS)
def test_the_reveal_waits_while_one_other_seat_has_not_drawn(game):
    """OTHER never held X's reveal (as in seed 12343): ME still holds it back for the decision."""
    t, turn = _relayed_past_open_vote(game)
    me, relay = t.s[ME], t.s[RELAY]
    t.out(RELAY, relay.ack_now())
    t.run()
    assert relay.applied_turn > turn and RELAY in me.acks.get(turn + 1, {})
    assert me.applied_turn == turn, "ME drew with X's reveal past its open vote's count while OTHER never held it"

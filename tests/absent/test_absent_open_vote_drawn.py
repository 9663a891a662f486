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
from test_absent_contested import declare_and_vote
from test_absent_open_vote_reveal import ME, OTHER, RELAY, X, _relayed_past_open_vote


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


FIFTH = 4  # (a second seat that never votes, in the five-seat tests)


def _two_voters(game: str, n: int):
    """ME and OTHER voted on X, each before X's reveal reached it, and each holds the relayed reveal back for its own
    open vote; every other seat (RELAY, and FIFTH with five seats) never voted, drew the turn with the reveal, and
    acked it."""
    nonvoters = (RELAY, FIFTH)[: n - 3]
    t, turn = _relayed_past_open_vote(game, reach=nonvoters, n=n)
    me, relay, other = t.s[ME], t.s[RELAY], t.s[OTHER]
    declare_and_vote(t, OTHER, X, "reveal")  # (OTHER's count lacks X's reveal: it has not reached OTHER)
    t.run()
    t.out(RELAY, relay.forget_relays(OTHER))  # (RELAY relays the reveal to OTHER, which holds it back as ME does)
    t.run()
    assert X in other.my_votes and other.reveals.has_revealed(X, turn + 1), "the test's premise: OTHER voted, holds it"
    assert X not in me.decided and OTHER in me.votes.get(X, {}), "the test's premise: ME holds OTHER's open vote"
    for i in nonvoters:
        assert t.s[i].applied_turn > turn, "the test's premise: the seats that never voted drew the turn"
        t.out(i, t.s[i].ack_now())
    t.run()
    assert all(i in me.acks.get(turn + 1, {}) for i in nonvoters), "the test's premise: ME holds their acks"
    return t, turn


@pytest.mark.parametrize("game", [k for k in KINDS if k != "snake"])  # (SC-K1: Snake Carnival seats four at most)
def test_a_reveal_drawn_by_every_seat_that_did_not_vote_is_drawn(game):
    """Five seats: ME and OTHER voted on X before X's reveal reached them; RELAY and FIFTH, which never voted, drew
    the turn and acked it.  A voter's own vote holds the reveal back, so waiting for the other voter's ack waits for
    ever (sim seed 7605: p3 and p4 voted on crashed p0 before its move came back; p1 and p2 drew the turn with it; p3
    and p4, each waiting for the other's ack, declared p1 and p2 for never declaring p0, voted both honest seats out
    and parted on a desync)."""
    t, turn = _two_voters(game, 5)
    me, relay, other = t.s[ME], t.s[RELAY], t.s[OTHER]
    assert me.applied_turn > turn and other.applied_turn > turn, (
        "a voter waits for another voter's ack of a turn every seat that never voted drew: neither will ever ack it")
    assert me.my_hash[turn + 1] == relay.my_hash[turn + 1] == other.my_hash[turn + 1], "the voters drew it otherwise"


@pytest.mark.parametrize("game", KINDS)
def test_one_seat_that_never_voted_is_no_sign_the_turn_was_drawn(game):
    """Four seats: RELAY alone never voted.  Once every other seat voted, RELAY holds X's later messages back for the
    decision too (``_others_voted``) and votes itself, so its ack of one turn is no sign that X's messages are drawn
    for good: the voters still wait (sim seed 132028: drawing on such an ack, the voters' claims on X lapsed while the
    lone non-voter, relink-storming, never voted and held X's next move back: nobody owed anything, the game froze)."""
    t, turn = _two_voters(game, 4)
    assert t.s[ME].applied_turn == turn and t.s[OTHER].applied_turn == turn, (
        "the voters drew on the ack of the one seat that never voted")

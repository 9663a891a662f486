"""The messages of a voter whose vote this seat refused (protocol/SPEC.md 11.9, *A vote on this seat*; sim strategy
"lie-away", seeds 131 and 337).

A seat that refuses a vote on itself stops taking its voter's messages straight from it past the count it held then
(``refused_from``: they belong to the voter's world, in which this seat is a computer), while relayed copies are
still taken until the decision on the voter (whoever relays one held it, and votes with a count that covers it).
Two rules keep that the same on every peer, whatever path a message took:

* a straight copy that another seat's signed ``absent`` or ``vote`` already counts is taken as its relay would be
  (seed 131: p2's vote on the liar counted the liar's next reveal, p1 had dropped it, p2 crashed before relaying it,
  and p1 took the liar over a message earlier than p2 had: a desync naming honest p2);
(a resumed session takes another seat's records as relayed copies, the same rule for seed 337 and 3158:
tests/absent/test_absent_resume_relayed.py.)

Three sessions on the in-memory table: seat 0 counts seat 1 away to vote seat 2 out alone (test_absent_counted_away).
"""

from __future__ import annotations


import pytest

from snowp2p.protocol.messages import Bye
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, LieAway, audit


def refused(game: str):
    """The lie-away attack, delivered: seat 2 refused the liar's vote on it.  Returns the table and the liar's
    first message that seat 2 no longer takes straight from it (the liar signs a bye if it has signed none yet)."""
    t = LieAway(game)
    t.attack()
    liar, s2 = t.s[LIAR], t.s[X]
    assert LIAR in s2.refused_from and LIAR in s2.leaving, "seat 2 did not refuse the liar's vote"
    k = s2.refused_from[LIAR]
    assert s2.chain.next_seq(LIAR) == k
    if liar.chain.next_seq(LIAR) == k:
        liar._emit(Bye("left"), Output())  # (kept from the others: the test hands it on)
    return t, liar.chain.history(LIAR)[k].payload


@pytest.mark.parametrize("game", KINDS)
def test_a_refused_voters_message_that_another_seat_counts_is_taken_straight(game):
    t, payload = refused(game)
    s1, s2 = t.s[W], t.s[X]
    k = s2.refused_from[LIAR]
    assert s2.check(payload, LIAR) is None, "taken straight from the refused voter before any claim counts it"
    t.take(W, LIAR, payload)  # seat 1 holds it, and says so: its absent on the liar at the higher count
    assert s1.chain.next_seq(LIAR) == k + 1
    claim = [p for p in s1.declare_absent(LIAR).send if t.decoded(p).type == "absent"]
    assert claim and t.decoded(claim[0]).body.have == k + 1
    t.take(X, W, claim[0])
    t.take(X, LIAR, payload)  # the same message, straight from the liar (seat 1's relay of it may never come)
    assert s2.chain.next_seq(LIAR) == k + 1, "seat 2 dropped a message of the liar that seat 1's claim counts"
    assert s2.halted is None, s2.halted
    obs = audit(t, X)  # the auditor of seat 2's log takes it alike
    assert obs.chain.next_seq(LIAR) == k + 1


class AwaySeatAccepts(LieAway):
    """As LieAway, but seat 1's clock says it was away when the liar counted it away (it had crashed, say): it
    accepts the liar's lone decision and takes seat 2 over, while seat 2 refuses it (sim lie-away seed 297)."""

    def tick(self, i):
        if i == W and self.s[W].away_held:
            self.out(W, self.s[W].settle_away(False))
            return
        super().tick(i)


@pytest.mark.parametrize("game", KINDS)
def test_a_refusing_seat_treats_a_seat_that_accepted_the_refused_decision_as_leaving(game):
    """Seat 1 plays on with a computer in seat 2 (the liar's word), seat 2 with the liar leaving: seat 1's acks leave
    seat 2 out by a decision seat 2 refused, not by a lie.  Seat 2 treats seat 1 as leaving too, its ack uncounted and
    nothing more taken straight from it (what it signs belongs to its own game: a hidden seat's final opening), and
    finishes its own game (before: it stopped on a desync naming nobody); the auditor of its log agrees."""
    t = AwaySeatAccepts(game)
    t.attack()
    s1, s2 = t.s[W], t.s[X]
    # (the table's limits are 30 s: seat 1, which owes its vote on the liar, is voted out after a minute)
    t.play_out(lambda: s2.done or s2.halted is not None, steps=1000)
    assert X in s1.gone, "seat 1 did not follow the liar's decision (the test's premise)"
    assert s2.refused == {X: (LIAR,)}
    assert s2.halted is None, f"seat 2 stopped: {s2.halted}"
    assert W in s2.leaving and s2.done, f"seat 2 did not finish its own game with seat 1 leaving: {s2.gone}"
    obs = audit(t, X)
    assert obs.done and obs.gone == s2.gone and obs.places() == s2.places()

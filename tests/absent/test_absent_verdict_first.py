"""Three lie-away findings (protocol/SPEC.md 11.9; sim lie-away seeds 1815, 1874, 1880), in memory.

* *The clock's verdict comes before the move* (1815): a liar counts seat 1 away to vote seat 2 out alone while it is
  seat 1's turn; seat 1 holds the decision for its clock's verdict.  Its move, signed before its watch looked, was
  read as its verdict (anything but ``absent{liar, left}`` accepts): seat 1 took a liar's decision for good while it
  answered, and the two honest seats voted each other out.  ``Session.submit`` now signs nothing while a decision is
  held; the shell asks its watch first (``AbsenceWatch.settle``).
* *A contested voter's later messages* (1874): a lone vote on this seat by a seat it had declared absent across a cut
  waits (*A lone decision on a seat that claims its voter*); what the voter signs after it belongs to its game
  without this seat, and is not taken straight from it until the contest is settled.
* *A gone seat is still relayed* (1880): a voter whose claim on a seat taken over is below the agreed count is owed
  that seat's messages up to the count (its decision waits for them), on a new connection too.
"""

from __future__ import annotations

import pytest

from snowp2p.core.errors import IllegalMove
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Halted, Output
from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, LieAway, audit
from test_absent_unit import ABSENT, Table, play_until_silent, vote


class MoverHeld(LieAway):
    """As LieAway, but seat 1's clock looks only when the test says (no verdict on arrival), and seat 1 does not move
    at its first turn from turn 2 on until the test submits its move."""

    def take(self, to, frm, payload):
        try:
            super(LieAway, self).take(to, frm, payload)
        except Halted:
            assert to == LIAR, f"honest seat {to} stopped: {self.s[to].halted}"
            self.dead.add(LIAR)  # (the liar, in a world of its own, stops)


@pytest.mark.parametrize("game", KINDS)
def test_the_clocks_verdict_on_a_held_decision_comes_before_the_move(game):
    t = MoverHeld(game)
    t.hold_from[W] = 2
    t.start()
    t.run()
    assert t.held_at and t.held_at[0] == W and t.s[W].my_turn(), "seat 1 is to move (the test's premise)"
    liar, o = t.s[LIAR], Output()
    for seat, owed in ((W, "relay"), (X, "declare")):
        liar._emit(Absent(seat, liar.turn, liar.chain.next_seq(seat), owed), o)
    liar._emit(Vote(X, "bot", liar.chain.next_seq(X)), o)
    t.out(LIAR, o)
    t.run()
    s1, s2 = t.s[W], t.s[X]
    assert s1.away_held.get(X) == LIAR, "seat 1 holds the liar's decision (the test's premise)"
    turn = t.held_at[1]
    with pytest.raises(IllegalMove):  # before: the move went out and accepted the decision (seed 1815)
        s1.submit(t.choose(W, s1.state, turn))
    assert not s1.away_accepted
    tk = t.watches[W].settle(t.now)  # the shell's order: its clock first, then the move
    t.out(W, tk.out)
    t.run()
    assert LIAR in s1.leaving and not s1.away_held, "seat 1's clock (it answered) did not treat the liar as leaving"
    if s1.my_turn():
        t.out(W, s1.submit(t.choose(W, s1.state, turn)))
        t.run()
    t.play_out(lambda: s1.done and s2.done)
    assert s1.halted is None and s2.halted is None, (s1.halted, s2.halted)
    assert X not in s1.gone and W not in s2.gone and LIAR in s1.gone and LIAR in s2.gone, (s1.gone, s2.gone)
    assert t.over[W] == t.over[X], "the two honest seats finished different games"
    obs = audit(t, W)
    assert obs.gone == s1.gone and obs.places() == s1.places()


@pytest.mark.parametrize("game", KINDS)
def test_a_contested_voters_messages_past_its_vote_are_not_taken_straight(game):
    t = Table(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.dead.add(2)  # (seat 2 plays no part: seats 0 and 1 are cut apart and each declares the other)
    t.run()
    s0, s1 = t.s[0], t.s[1]
    o0, o1 = Output(), Output()
    s1._emit(Absent(0, s1.turn, s1.chain.next_seq(0), "move"), o1)  # seat 1 declared seat 0, unheard by it
    s0._emit(Absent(1, s0.turn, s0.chain.next_seq(1), "reveal"), o0)
    s0._emit(Vote(1, "bot", s0.chain.next_seq(1)), o0)
    s0._emit(Absent(2, s0.turn, s0.chain.next_seq(2), "reveal"), o0)  # a message signed after its vote on seat 1
    for m in o0.send:
        s1.receive(m, 0)
    vote_seq = s1.vote_at[(0, 1)]
    assert s1._contested(1, [0]), "the vote on seat 1 is contested (the test's premise)"
    assert s1.chain.next_seq(0) == vote_seq + 1, "seat 1 took the contested voter's message past its vote"
    assert not s1._frozen(0, vote_seq + 1, relayed=True), "a relayed copy is still taken"


@pytest.mark.parametrize("game", KINDS)
def test_a_gone_seats_messages_are_relayed_to_a_voter_below_the_count(game):
    t = play_until_silent(game, cut_turn=5, skewed=False)
    vote(t, {0: "bot", 1: "bot"})
    s0 = t.s[0]
    kept = s0.gone[ABSENT][1]
    assert kept >= 2 and s0.chain.next_seq(ABSENT) == kept, "seat 2 is gone at the agreed count (the premise)"
    # seat 1's claim on seat 2 as if cast below the count (a vote on a leaving seat, at once, with what it held; the
    # relay that answered it lost with a cut link: seed 1880)
    low = s0.votes[ABSENT][1]
    s0.votes[ABSENT][1] = Vote(ABSENT, low.choice, kept - 2)
    s0.absents[ABSENT][1] = Absent(ABSENT, low.have, kept - 2, "left")
    relay = s0.forget_relays(1).relay
    seqs = [s0.chain.history(ABSENT).index(m) for m in s0.chain.history(ABSENT) if (1, m.payload) in relay]
    assert seqs == [kept - 2, kept - 1], f"a new connection relays the gone seat's messages up to the count: {seqs}"

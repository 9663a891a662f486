"""A held decision that counts this seat away on one voter's word is judged by this seat's clock in the window after a
restart when the voter's claim counts a message this seat signed since it came back (SPEC 11.9, *A vote that counts
this seat away*; net/watch.py ``AbsenceWatch._seen_since_return``).

Sim lie-away seed 121410, four seats: p1 crashed for 0.3 s and came back (its clock then accepts for ``absent_after +
vote_after`` s any decision counting it away: it was the one away).  Six seconds later, running and owing nothing,
it held liar p0's ``absent{p1, relay}``, which counted the ack p1 had signed since its return, and p0's lone vote
on p2 for not declaring p1.  Its clock was still in the window, so it accepted; the acceptance made p1 "away by the
liar's word" for good, so it never judged the liar's vote lone, took p2's refusal of it for a lone vote of p2's, and
voted honest p2 out with the liar.  A claim on a time after this seat's return is one on a time its clock saw.

Three sessions on the in-memory table (``test_absent_counted_away.LieAway``: the liar counts seat 1 away to vote seat
2 out alone); seat 1's watch is a resumed one, its return either before the messages the liar's claim counts or
just at its count (the liar saw it stop there and nothing since: seed 563, the decision stands)."""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from test_absent_counted_away import LIAR, W, X, LieAway

BACK = 5.0  # (when seat 1's process came back; its clock's window runs to BACK + 3 + 4)


def _back(t: LieAway) -> None:
    """Seat 1's process comes back now (a restart: a resumed watch), and hears from the others a tick later."""
    t.now = BACK
    t.watches[W] = AbsenceWatch(t.s[W], 3.0, 4.0, "bot", now=BACK, grace=1.0, resumed=True)
    t.now += 0.25
    t.tick(W)


def _attack(game: str, signed_since: bool) -> LieAway:
    t = LieAway(game)
    t.start()
    if signed_since:  # (seat 1 comes back before the first turn and plays on: the liar's claim counts what it signed)
        _back(t)
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    if not signed_since:  # (seat 1 comes back just before the liar's claim: it counts what seat 1 had signed then)
        _back(t)
    w = t.s[W]
    assert (t.s[LIAR].chain.next_seq(W) > w.came_back_at) == signed_since, "the premise: what the claim will count"
    t.now = BACK + 1.5  # (past the quiet after the return, well within the window)
    t.lie()  # (seat 1's watch gives its verdict as soon as it holds the decision: LieAway.take)
    assert not t.watches[W]._clock_ran(t.now), "the premise: seat 1's clock is in the window after its return"
    return t


@pytest.mark.parametrize("game", KINDS)
def test_a_claim_counting_a_message_signed_since_the_return_is_judged_on_the_clock(game):
    t = _attack(game, signed_since=True)
    w, x = t.s[W], t.s[X]
    assert (X, LIAR) not in w.away_accepted, "seat 1 accepted a decision on a claim about a time its clock saw"
    assert LIAR in w.leaving, "seat 1 did not treat the liar as leaving"
    t.play_out(lambda: w.done and x.done)
    assert w.halted is None and x.halted is None, (w.halted, x.halted)
    assert X not in w.gone and LIAR in w.gone and w.gone.get(LIAR) == x.gone.get(LIAR), (w.gone, x.gone)
    assert t.over[W] == t.over[X], "the two honest seats finished different games"


@pytest.mark.parametrize("game", KINDS)
def test_a_claim_counting_only_what_was_signed_before_the_return_is_accepted_in_the_window(game):
    """The liar's claim counts exactly what seat 1 had signed when it came back: it saw seat 1 stop and nothing since,
    and seat 1's clock, back, can not say otherwise: the decision stands (seed 563)."""
    t = _attack(game, signed_since=False)
    assert (X, LIAR) in t.s[W].away_accepted, "seat 1, back, judged a claim on the time it was away on its clock"

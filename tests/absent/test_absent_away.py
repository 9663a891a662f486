"""A peer that was away (resumed after a crash, or woken from a freeze) and the seats it has not heard from since
(issue 18; SPEC 11.9, *A peer that resumed*; net/watch.py ``AbsenceWatch._may_declare``).

Three sessions on the kit's in-memory table.  Seat 2's frames of one turn reach seat 0 only, then seat 2 dies:
seat 1 lacks seat 2's reveal.  Seat 1's absence clock is a resumed peer's that hears seat 0 only.

* When seat 0's own signed ack shows it holds that reveal (the shape of issue 18's case 13: a resumed mover lacking
  the reveal of a seat killed meanwhile), seat 1 declares seat 2 absent on its own clock: the declaration asks for
  a relay, seat 0's answer brings the reveal, and seat 1 plays on.
* When nobody it hears holds it and nobody declares seat 2 (the shape of fault injection seeds 3 and 23: the seat
  it waits on may have voted it out and finished meanwhile), seat 1 never declares seat 2 on its own clock alone,
  and stops without a result past the bound; as a second voice (seat 0 declared seat 2 too) it declares.

No network and no clock: the watch is ticked by hand.
"""

from __future__ import annotations

import pytest
from test_absent_unit import Table
from kit.table import KINDS

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import decode_signed

ABSENT_AFTER, VOTE_AFTER = 3.0, 4.0
DEAD = 2


def _stalled(game: str, cut: int) -> Table:
    t = Table(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= cut for s in t.s))
    t.only_to[DEAD] = 0  # seat 2's frames of the next turn reach seat 0 only
    t.run(until=lambda: t.s[0].applied_turn > cut + 1)
    t.dead.add(DEAD)
    t.run()
    t.out(0, t.s[0].ack_now())  # (seat 0 waits for a move: its ack goes out on its own, SPEC 11.5)
    t.run()
    return t


def _shape(game: str, held: bool) -> Table:
    """The first cut at which seat 1 waits on seat 2 alone and seat 0 does (``held``) or does not hold what it lacks."""
    for cut in range(1, 10):
        t = _stalled(game, cut)
        s1 = t.s[1]
        if s1.waiting_on() == {DEAD} and bool(s1.held_elsewhere(DEAD)) == held:
            if held or DEAD in t.s[0].waiting_on():
                return t
    raise AssertionError(f"{game}: no cut gives the shape (held={held})")


def _absents(out, about: int) -> list:
    return [m for m in map(decode_signed, out.send) if m.type == "absent" and m.body.seat == about]


def _tick_until(t: Table, w: AbsenceWatch, until: float, step: float = 0.25):
    """Tick seat 1's resumed clock (it hears seat 0 only) from 0 to ``until``; returns (its absents, give_up)."""
    now, sent = 0.0, []
    while now <= until:
        tk = w.tick(now, connected={0}, last_rx={0: now}, linked={0})
        sent += _absents(tk.out, DEAD)
        t.out(1, tk.out)
        t.run()
        if tk.give_up:
            return sent, tk.give_up
        now += step
    return sent, None


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_peer_asks_for_what_a_seat_it_hears_holds(game):
    t = _shape(game, held=True)
    s1 = t.s[1]
    assert s1.held_elsewhere(DEAD) == {0}, "seat 0's ack shows it holds seat 2's reveal"
    turn = s1.applied_turn
    w = AbsenceWatch(s1, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0, grace=ABSENT_AFTER + 5, resumed=True)
    sent, give_up = _tick_until(t, w, ABSENT_AFTER + 3)
    assert give_up is None
    assert sent and sent[0].body.owed == "reveal", "seat 1 asks for seat 2's reveal by declaring it absent"
    assert s1.applied_turn > turn, "seat 0's relay brought the reveal: seat 1 played on"
    assert s1.halted is None and not s1.gone


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_peer_never_declares_an_unheard_seat_alone(game):
    t = _shape(game, held=False)
    s1 = t.s[1]
    w = AbsenceWatch(s1, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0, grace=ABSENT_AFTER + 5, resumed=True)
    sent, give_up = _tick_until(t, w, w.give_up_after + 2)
    assert not sent, "a resumed peer declared a seat it has not heard since on its own clock alone"
    assert give_up and "since this peer came back" in give_up, give_up
    assert not s1.done and not s1.gone


def test_a_resumed_peer_declares_an_unheard_seat_as_a_second_voice():
    t = _shape("snake", held=False)
    s0, s1 = t.s[0], t.s[1]
    t.out(0, s0.declare_absent(DEAD))
    t.run()
    w = AbsenceWatch(s1, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0, grace=ABSENT_AFTER + 5, resumed=True)
    sent, give_up = _tick_until(t, w, ABSENT_AFTER + 3)
    assert give_up is None and sent, "seat 0 declared seat 2: seat 1 declares it too"

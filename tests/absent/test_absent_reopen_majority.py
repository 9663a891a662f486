"""A seat that two or more voters counted away on their signed absents is back, for their decision, once it has
signed a message past the count those absents named, alike on every peer, whichever came first, that message or
the last vote (protocol/SPEC.md 11.9, *Who votes on a seat that failed its part as a voter*; main sim seed 57202).

Four sessions on the in-memory table, no clock.  Seat 3 "crashes" (its frames, both ways, are held back); seats 0
and 1 declare it absent, then declare seat 2 absent for the declaration seat 2 never makes (``owed: "declare"``),
and both vote seat 2 out; seat 2 then hears nothing more.  Seat 3 is away for that vote on every peer, by the two
voters' signed absents (``_declared_away``).  Seat 1 decides before seat 3 is back; seat 0 holds seat 1's vote only
after seat 3's answer.  Before the rule, seat 1 read that answer as seat 3 "coming back" to a decision that did
not count it (``_reopen_if_back`` compared the count held at the decision) and waited for seat 3's vote, while
seat 0, which decided with seat 3 already back, took seat 2 over: the honest seats apart, and (seed 57202) the
peer that waited voted out for the reveal it could not send.  Now both count seat 3 back (as with a lone voter: seed 8530,
test_absent_reopen_signed.py), seat 3 joins the votes at once (``verdicts._rejoin``), and all three take seat 2
over alike.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_reopen_signed import DeafTable

CRASHED, SILENT = 3, 2


class HeldLinks(DeafTable):
    """Four seats (unless told); frames to and from the seats in ``held`` wait until released, and so do frames on
    the one-way links in ``held_links`` (``(to, frm)``); frames to the seats in ``deaf`` are dropped."""

    def __init__(self, game: str, n: int = 4, label: str = "majority reopen"):
        super().__init__(game, n, label)
        self.held_links: set[tuple[int, int]] = set()

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        if (to, frm) in self.held_links:
            self.stash.append((to, frm, payload))
        else:
            super().deliver(to, frm, payload)


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_two_voters_counted_away_reopens_their_decision_alike_on_every_peer(game):
    t = HeldLinks(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(CRASHED)
    t.run()
    s0, s1 = t.s[0], t.s[1]
    assert CRASHED in s0.waiting_on() and CRASHED in s1.waiting_on(), "the game does not wait on the crashed seat"
    for v in (0, 1):
        t.out(v, t.s[v].declare_absent(CRASHED))
        t.run()
    t.deaf.add(SILENT)  # it never declares the crashed seat, and hears nothing more (what it sent still arrives)
    for v in (0, 1):
        owed = t.s[v].owed().get(SILENT)
        assert owed is not None and owed.what == "declare", f"seat {SILENT} owes seat {v} {owed}"
        t.out(v, t.s[v].declare_absent(SILENT, owed))
        t.run()
    assert s0._voters(SILENT) == s1._voters(SILENT) == [0, 1], (s0._voters(SILENT), s1._voters(SILENT))
    t.held_links.add((0, 1))  # seat 1's vote reaches seat 0 only after the crashed seat's answer
    t.out(0, s0.cast_vote(SILENT, "bot"))
    t.run()  # (seat 1 joins it at once: it declared seat 2 too)
    assert SILENT in s1.decided and SILENT not in s1.gone, "seat 1's decision is not taken and pending"
    assert SILENT not in s0.decided
    t.release(CRASHED)  # back: its answer (signed before the crash) reaches seats 0 and 1
    t.run()
    t.held_links.discard((0, 1))
    t.release(CRASHED)  # (flushes the held link's frames, in order)
    t.run()
    # (seat 0 may hold seat 3's vote before its decision, and then has nothing to reopen: the same decision)
    for i in (0, 1, CRASHED):
        s = t.s[i]
        assert s.halted is None and not s.leaving, (i, s.halted, s.leaving)
        assert s.decided.get(SILENT, ())[2:] == ((0, 1, CRASHED),), (i, s.decided, s.came_back)
        assert s.gone[SILENT] == s0.gone[SILENT], f"seat {SILENT}'s fate: seat {i} {s.gone}, seat 0 {s0.gone}"

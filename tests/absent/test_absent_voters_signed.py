"""Who votes on a seat that failed its part as a voter is read from signed messages, alike on every peer
(protocol/SPEC.md 11.9, *Who votes on a seat that failed its part as a voter*; sim seed 563).

Three sessions on the in-memory table, no clock.  Seat 2 "crashes" (its frames, both ways, are held back);
seat 0 declares it absent, then declares seat 1 absent for the declaration seat 1 never makes
(``owed: "declare"``), and votes seat 1 out alone; seat 1 then stops for good.  Seat 2 comes back: every
held frame is delivered in order.  Seat 2 must count the same voters on seat 1 as seat 0 did (seat 0 alone:
seat 2 was away by seat 0's signed absent), take the same decision, and the two honest seats must finish
the same game.  Before the rule, seat 2 counted itself a voter (the log's owner is never away), did not take
the decision, and treated seat 0 as leaving when seat 0's ack left seat 1 out: the honest seats split.
"""

from __future__ import annotations

import pytest

from kit import table as kit
from kit.table import KINDS, fixed


class HeldTable(kit.Table):
    """The kit's table, where the frames to and from the seats in ``held`` wait in ``stash`` (a crashed peer
    whose links resend on its return: TCP keeps each link's order) until :meth:`release`.  ``n`` seats; ``label``
    names the table's keys and game id."""

    def __init__(self, game: str, n: int = 3, label: str = "signed voters"):
        super().__init__(game, n, label, game_id=fixed(f"{label} {game}"))
        self.held: set[int] = set()
        self.stash: list[tuple[int, int, bytes]] = []

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        if to in self.held or frm in self.held:
            self.stash.append((to, frm, payload))
        else:
            super().deliver(to, frm, payload)

    def release(self, seat: int) -> None:
        self.held.discard(seat)
        stash, self.stash = self.stash, []
        for to, frm, payload in stash:
            self.deliver(to, frm, payload)


def crash_2_and_declare_1(t: HeldTable) -> None:
    """Seat 2 crashes; seat 0 declares it absent, then seat 1 for the declaration seat 1 never makes: seat 0 alone
    votes on seat 1."""
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(2)  # seat 2 crashes
    t.run()
    s0 = t.s[0]
    assert 2 in s0.waiting_on(), f"seat 0 does not wait on seat 2: {s0.waiting_on()}"
    t.out(0, s0.declare_absent(2))
    t.run()
    owed = s0.owed().get(1)
    assert owed is not None and owed.what == "declare", f"seat 1 owes {owed}, not its declaration of seat 2"
    t.out(0, s0.declare_absent(1, owed))  # seat 1 never declares seat 2 (the never-declares cheat)
    t.run()
    assert s0._voters(1) == [0], f"seat 0 counts voters {s0._voters(1)} on seat 1"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_away_when_the_vote_was_cast_is_no_voter_on_any_peer(game):
    t = HeldTable(game)
    crash_2_and_declare_1(t)
    s0, s2 = t.s[0], t.s[2]
    assert s0.paused_on(1)
    t.out(0, s0.cast_vote(1, "bot"))
    t.dead.add(1)  # seat 1 stops for good
    t.run()
    assert 1 in s0.decided, "seat 0's lone vote on seat 1 was not decided on seat 0"
    t.release(2)  # seat 2 is back: every held frame arrives, in order
    t.run()
    # seat 2 counts the voters seat 0 counted: seat 0 alone (seat 0's signed absent said seat 2 was away)
    assert s2._voters(1) == [0], f"seat 2 counts voters {s2._voters(1)} on seat 1"
    assert 0 not in s2.leaving, "seat 2 takes seat 0 (whose ack leaves seat 1 out) for leaving"
    # seat 2's clock then finds dead seat 1 owing it a message: it declares it and votes (the relay that answers
    # brings it seat 1's messages up to the decided count)
    seat_2_votes_and_both_finish(t)


def seat_2_votes_and_both_finish(t: HeldTable) -> None:
    """Seat 2 declares seat 1 absent and votes; seats 0 and 2 take the same decision and finish the same game."""
    s0, s2 = t.s[0], t.s[2]
    t.out(2, s2.declare_absent(1))
    t.run()
    t.out(2, s2.cast_vote(1, "bot"))
    t.run()
    for i in (0, 2):
        assert t.s[i].halted is None, f"seat {i} stopped: {t.s[i].halted}"
        assert not t.s[i].leaving, f"seat {i} takes an honest seat for leaving: {t.s[i].leaving}"
    assert 1 in s2.gone and s2.gone[1] == s0.gone.get(1), f"seat 1's fate: seat 0 {s0.gone}, seat 2 {s2.gone}"
    assert s0.done and s2.done, "the two honest seats did not finish"
    assert t.over[0] == t.over[2], "the two honest seats finished different games"

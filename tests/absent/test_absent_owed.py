"""Only what is owed counts, and every voter owes its part (issue 18, cases 3, 4 and 6; G7, G7a; SPEC 11.9).

On the simulated clock of test_absent_bounded (every seat with the shell's own absence watch):

* case 6: two seats of four crash at the same moment: the two survivors vote on both (neither dead seat
  is a voter on the other) and finish alike, within the bound;
* case 3: a seat dies, and a third seat stays connected but never declares it absent (or declares and
  never votes): it is declared absent in turn and voted out; the honest seat finishes within the bound;
* case 4: a seat withholds what it owes but keeps sending other signed messages (a trickle of evidence
  every 2 s): its clock never restarts, it is declared absent and voted out.

Each run is seeded and replays exactly; no sockets, no real clock.
"""

from __future__ import annotations

import random

import pytest

from snowp2p.protocol.session import Evidence, Halted, Output, VotedOut
from test_absent_bounded import ABSENT_AFTER, MOVE_TIME, TICK, VOTE_AFTER, Sim, _finish, by_seed

DELTA = 1.0  # the network's delay plus a tick, generously


def bound(failing: int) -> float:
    """SPEC 11.9, *Bounded*: the pause on one seat, plus one absence-and-vote time per other seat that fails
    to take part."""
    L = max(MOVE_TIME, ABSENT_AFTER)
    return L + VOTE_AFTER + 2 * DELTA + failing * (ABSENT_AFTER + VOTE_AFTER + 2 * DELTA)


def _voted_out_at(sim: Sim, seat: int, victim: int) -> float:
    when = [t for t, e in sim.events[seat] if isinstance(e, VotedOut) and e.seat == victim]
    assert when, f"seat {seat} never voted seat {victim} out"
    return when[0]


@pytest.mark.parametrize("seed", range(6))
def test_two_seats_crash_together_and_the_others_finish(seed):
    rng = random.Random(600 + seed)
    game = by_seed(rng, 600 + seed)
    sim = Sim(game, 4, 600 + seed)
    dead = rng.sample(range(4), 2)
    die_at = rng.uniform(2.0, 10.0)
    for d in dead:
        sim.down[d] = (die_at, 1e18)
    sim.run(until=900.0)
    places, abandoned, gone, _ = _finish(sim)
    if not gone:
        return  # (the game ended before the deaths mattered)
    assert set(gone) == set(dead) and not abandoned
    for i in set(range(4)) - set(dead):
        for d in dead:
            assert _voted_out_at(sim, i, d) - die_at <= 2 * bound(1), (seed, i, d)


class Hostile(Sim):
    """A table with one hostile seat (``self.bad``): whatever its own session makes of the game (it may halt on
    its own view) proves nothing and stops nobody else."""

    bad = -1

    def deliver(self, to, frm, payload):
        try:
            super().deliver(to, frm, payload)
        except Halted as h:
            self.on_halt(to, h)

    def on_halt(self, seat, h):
        if seat != self.bad:
            raise h
        self.stopped.add(seat)


class Bystander(Hostile):
    """Seat ``lazy`` stays connected and plays, but never declares anyone absent (``mode`` "declare") or
    declares and never votes (``mode`` "vote")."""

    def __init__(self, game, n, seed, lazy, mode):
        super().__init__(game, n, seed)
        self.bad = lazy
        s = self.s[lazy]
        if mode == "declare":
            s.declare_absent = lambda seat, owed=None: Output()
        s.cast_vote = lambda seat, choice: Output()
        s._join_votes = lambda out: None


@pytest.mark.parametrize("mode", ["declare", "vote"])
@pytest.mark.parametrize("seed", range(4))
def test_a_voter_that_never_declares_or_votes_can_not_freeze_the_game(seed, mode):
    rng = random.Random(300 + seed)
    game = by_seed(rng, 300 + seed)
    dead, lazy, honest = rng.sample(range(3), 3)
    sim = Bystander(game, 3, 300 + seed, lazy, mode)
    die_at = rng.uniform(2.0, 10.0)
    sim.down[dead] = (die_at, 1e18)
    sim.run(until=900.0)
    s = sim.s[honest]
    assert s.halted is None and s.done, f"the honest seat never finished (waiting on {s.waiting_on()})"
    if not s.gone:
        return
    # the lazy seat is voted out when the vote on the dead seat needed its part (it may not have: it was
    # itself waited on at that moment, and so no voter)
    assert dead in s.gone and set(s.gone) <= {dead, lazy}, s.gone
    assert honest not in s.gone and not s.abandoned and sorted(s.places()) == [0, 1, 2]
    assert _voted_out_at(sim, honest, dead) - die_at <= bound(1), seed


class Trickler(Hostile):
    """From ``at`` on, seat ``bad`` sends nothing the game needs (its session takes nothing in any more), but
    every 2 s a validly signed evidence (a copy of one of its own earlier messages): other messages."""

    def __init__(self, game, n, seed, bad, at):
        super().__init__(game, n, seed)
        self.bad, self.at, self.next_trickle, self.copied = bad, at, at, 0

    def deliver(self, to, frm, payload):
        if to == self.bad and self.now >= self.at:
            return  # (its session takes nothing in any more, so it owes its part for good)
        super().deliver(to, frm, payload)

    def on_tick(self):
        if self.now >= self.next_trickle and self.now >= self.at:
            self.next_trickle = self.now + 2.0
            s = self.s[self.bad]
            hist = s.chain.history(self.bad)
            if self.copied < len(hist) and not (s.done or s.halted):
                o = Output()
                s._emit(Evidence((hist[self.copied].payload,)), o)
                self.copied += 1
                Sim.out(self, self.bad, o)


@pytest.mark.parametrize("seed", range(6))
def test_a_trickle_of_other_messages_does_not_keep_a_seat_present(seed):
    rng = random.Random(400 + seed)
    game = by_seed(rng, 400 + seed)
    n = rng.choice([3, 4])
    bad = rng.randrange(n)
    at = rng.uniform(2.0, 8.0)
    sim = Trickler(game, n, 400 + seed, bad, at)
    sim.run(until=900.0)
    honest = [i for i in range(n) if i != bad]
    for i in honest:
        s = sim.s[i]
        assert s.halted is None and s.done, f"seat {i} never finished (waiting on {s.waiting_on()})"
    gone = sim.s[honest[0]].gone
    if not gone:
        return
    assert set(gone) == {bad}
    assert all(sim.s[i].gone == gone for i in honest)
    assert len({sim.s[i].my_hash[sim.s[i].final_turn] for i in honest}) == 1
    for i in honest:
        assert _voted_out_at(sim, i, bad) - at <= bound(0) + TICK, (seed, i)

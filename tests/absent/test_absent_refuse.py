"""A vote on a seat that is answering (issue 18, case 2; G10; SPEC 11.9, *Refuted claims*, *A vote on this seat*).

In a two-seat game the attacker, at its own turn, declares the other seat absent and votes it out, then
moves.  The vote rests on its word alone; the victim was answering, so it refuses the vote: it keeps
playing and treats the voter as leaving (a computer player in the voter's seat), and the auditor of the
victim's log reaches the very same result.  In memory, on one FIFO queue.
"""

from __future__ import annotations

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output, VotedOut, YourTurn
from test_absent_unit import Table, replay_log
from kit.table import KINDS

VICTIM, ATTACKER = 0, 1


class VoteAtTurn(Table):
    """Seat 1 (the attacker) at its turn ``at`` declares seat 0 absent and votes on it, then moves.  Seat 0's
    shell refuses any vote on itself (its clock says it was answering: it always moved at once)."""

    def __init__(self, game: str, choice: str, at: int = 4):
        super().__init__(game, n=2)
        self.choice, self.at, self.attacked = choice, at, False

    def out(self, seat, out):
        super().out(seat, Output(out.send, [], out.relay))  # (what came before, in its order)
        for ev in out.events:
            if isinstance(ev, VotedOut) and ev.seat == seat == VICTIM:
                self.out(seat, self.s[VICTIM].refuse_vote())  # (the victim's clock: it was answering)
                continue
            if isinstance(ev, YourTurn) and seat == ATTACKER and ev.turn >= self.at and not self.attacked:
                self.attacked = True
                s = self.s[ATTACKER]
                o = Output()
                s._emit(Absent(VICTIM, s.turn, s.chain.next_seq(VICTIM), "move"), o)
                s._emit(Vote(VICTIM, self.choice, s.chain.next_seq(VICTIM)), o)
                super().out(seat, Output(o.send, [], o.relay))
            super().out(seat, Output([], [ev], []))


@pytest.mark.parametrize("choice", ["bot", "end"])
@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_an_answering_seat_is_refused_and_costs_the_voter_its_seat(game, choice):
    t = VoteAtTurn(game, choice)
    t.start()
    t.run()
    victim = t.s[VICTIM]
    assert victim.halted is None, victim.halted
    assert victim.done and not victim.abandoned, "the victim plays on to the end"
    assert ATTACKER in victim.gone and victim.gone[ATTACKER][0] == "bot"
    assert victim.refused == {VICTIM: (ATTACKER,)} and ATTACKER in victim.leaving
    assert sorted(victim.places()) == [0, 1], "G10: the voter's seat is ranked like any other"
    out = victim.outcome()
    assert any("played by a computer" in ln and "it left" in ln for ln in out), out
    assert any("rests on the word of seat 0" in ln for ln in out), out
    obs = replay_log(t)  # the auditor of the victim's log (its owner: record 1) reaches the same
    assert obs.owner == VICTIM
    assert obs.done and obs.gone == victim.gone and obs.places() == victim.places()
    assert obs.outcome() == out


class ProbeAfterAFreeze(VoteAtTurn):
    """As VoteAtTurn, and at the moment the decided vote reaches the victim, its absence clock is asked whether it
    was answering: half a second after its last look, and ten seconds after it (the process was stopped)."""

    def __init__(self, game: str):
        super().__init__(game, "bot")
        self.watch = AbsenceWatch(self.s[VICTIM], 30.0, 30.0, "bot", now=0.0)  # (every limit far off)
        self.seen: tuple[bool, bool] | None = None

    def out(self, seat, out):
        for ev in out.events:
            if isinstance(ev, VotedOut) and ev.seat == seat == VICTIM and self.seen is None:
                w = self.watch
                w.tick(0.0, connected={ATTACKER}, last_rx={ATTACKER: 0.0}, linked={ATTACKER})
                self.seen = (w.was_answering(0.5), w.was_answering(10.0))
        super().out(seat, out)


def test_a_peer_that_was_stopped_does_not_refuse_the_vote_before_its_clock_looks_again():
    """Fault injection, freeze seed 1 (5 seats): a peer frozen past absence + vote wakes, reads the decided vote
    on itself before its clock's next tick, took itself for answering, refused, treated an honest voter as
    leaving and then stopped that voter's next move as cheating.  A clock that has not looked for more than
    JUMP s was stopped: this peer was away, and it accepts the vote."""
    t = ProbeAfterAFreeze("snowtails")
    t.start()
    t.run()
    assert t.seen == (True, False), t.seen


class LoneVoteOnTheMover(Table):
    """3 seats.  Seat 1 (the attacker), the moment the game waits for seat 2's move (turn ``at`` on), declares seat 2
    absent for that move and votes to end the game: a claim no count refutes (seat 2 moves right after), and a vote
    seat 0 never joins (seat 2 answers it).  Seats 0 and 2 stand for shells whose clocks say seat 2 was answering:
    they judge every lone vote they hold (``Session.lone_votes`` -> ``leave_voter``) and vote ``bot`` on a leaving
    seat once paused on it (AbsenceWatch._lone_votes and _pause)."""

    ATTACKER, VICTIM, THIRD = 1, 2, 0

    def __init__(self, game: str, at: int = 4):
        super().__init__(game, n=3)
        self.at, self.attacked = at, False

    def out(self, seat, out):
        super().out(seat, out)
        s = self.s[seat]
        if seat == self.ATTACKER and not self.attacked and s.state is not None and s.turn >= self.at \
                and s.waiting_for_move() and s.state.public.current == self.VICTIM:
            self.attacked = True
            o = Output()
            s._emit(Absent(self.VICTIM, s.turn, s.chain.next_seq(self.VICTIM), "move"), o)
            s._emit(Vote(self.VICTIM, "end", s.chain.next_seq(self.VICTIM)), o)
            super().out(seat, o)
        if seat != self.ATTACKER:
            for _, v in s.lone_votes():
                self.out(seat, s.leave_voter(v))
            for v in sorted(s.leaving):
                if s.paused_on(v) and v not in s.my_votes:
                    self.out(seat, s.cast_vote(v, "bot"))


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_on_a_seat_that_answers_the_others_costs_the_voter_its_seat(game):
    """Sim seed 3465 (G10; SPEC 11.9, *A lone vote on a seat that answers*): before, the vote stayed open for good
    and the voter played its own seat to the end; now seats 0 and 2 both hold it leaving, vote it out, and a computer
    player takes its seat; the auditor of seat 0's log (the third seat's) reaches the same result."""
    t = LoneVoteOnTheMover(game)
    t.start()
    t.run()
    assert t.attacked
    for seat in (t.THIRD, t.VICTIM):
        s = t.s[seat]
        assert s.halted is None, s.halted
        assert s.done and not s.abandoned, f"seat {seat} plays on to the end"
        assert t.ATTACKER in s.leaving and s.gone.get(t.ATTACKER, ("",))[0] == "bot", (seat, s.gone)
        assert t.VICTIM not in s.gone and t.VICTIM not in s.decided
        assert sorted(s.places()) == [0, 1, 2], "G10: the voter's seat is ranked like any other"
        assert any("seat 1" in ln and "it left: its own claim" in ln for ln in s.outcome()), s.outcome()
    third = t.s[t.THIRD]
    assert third.voters[t.ATTACKER] == (t.THIRD, t.VICTIM), "two seats' word, not one"
    obs = replay_log(t)  # the auditor of seat 0's log reads seat 0's absent{1, left} as its verdict
    assert obs.owner == t.THIRD and t.ATTACKER in obs.leaving
    assert obs.done and obs.gone == third.gone and obs.places() == third.places()
    assert obs.outcome() == third.outcome()


@pytest.mark.parametrize("game", KINDS)
def test_a_refusal_reads_alike_on_every_peer_however_it_was_reached(game):
    """tests/pause case 2b, seen failing on a loaded machine: j2 took j1's lone vote on it as decided and refused it
    (``refused``), while the host had judged the same vote lone (``leave_voter``), by arrival order; the two results
    differed by the line "seat 2 (j2) refused a vote on it by seat 1 (j1)".  That line is read from the signed
    messages alone (seat 2's absent{1, left} and seat 1's vote on seat 2), the same on every peer and in the audit:
    here seat 2 reaches it by judging the lone vote, and every result still names the refusal."""
    t = LoneVoteOnTheMover(game)
    t.start()
    t.run()
    nicks = t.s[t.THIRD].nicks
    line = f"seat 2 ({nicks[2]}) refused a vote on it by seat 1 ({nicks[1]}): it was answering"
    results = {seat: t.s[seat].outcome() for seat in (t.THIRD, t.VICTIM)}
    assert not t.s[t.VICTIM].refused, "(seat 2 judged the vote lone here: it decided nothing on itself)"
    assert all(line in out for out in results.values()), results
    assert results[t.THIRD] == results[t.VICTIM]
    assert replay_log(t).outcome() == results[t.THIRD]
    victim = t.s[t.VICTIM]
    victim.refused = {t.VICTIM: (t.ATTACKER,)}  # (had it refused a decision instead: the result is the same)
    assert victim.outcome() == results[t.VICTIM]
    victim.leaving.discard(t.ATTACKER)  # (had it held the voter only as a seat that said bye: the same again)
    victim.quit.add(t.ATTACKER)
    assert victim.outcome() == results[t.VICTIM]

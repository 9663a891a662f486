"""When to declare a seat absent and when to vote (protocol/SPEC.md section 11.9): the shell's timers as a
pure object.

``NetGame._watch`` calls :meth:`AbsenceWatch.tick` every quarter second with the time and what it knows
of its links; the tick returns the messages to send, the lines to print and the links to cut.  It does
no I/O and reads no clock, so tests drive several peers' watches on one simulated clock
(tests/absent/test_absent_bounded.py) and check that every pause ends within the absence and vote times
plus a bounded margin (G7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..protocol.session import Output, Session
from .conn import FRAME_DEADLINE


@dataclass
class Tick:
    out: Output = field(default_factory=Output)
    say: list[str] = field(default_factory=list)
    relink: list[int] = field(default_factory=list)  # seats whose silent link to cut (it is dialled again)
    give_up: str | None = None  # stop this peer: nobody else is left to play with


class AbsenceWatch:
    def __init__(self, session: Session, absent_after: float, vote_after: float, vote: str, now: float,
                 grace: float = 0.0, resumed: bool = False):
        self.s = session
        self.absent_after = absent_after
        self.vote_after = vote_after
        self.vote = vote
        self.down_since: dict[int, float] = {}
        self.paused_since: dict[int, float] = {}
        self.counts: dict[int, int] = {}  # seat -> how many of its messages we held at the last look
        self.told: set[int] = set()
        self.alone_since = now
        self.give_up_after = 2 * (absent_after + vote_after) + 15
        # a peer that resumes after a crash was the one away: it first gives the others the time to dial
        # it again (and to tell it what happened meanwhile, e.g. that it was voted out) before it declares
        # anyone absent; otherwise, with two seats, each could vote the other out (defect C)
        self.quiet_until = now + grace
        # ... and a resumed peer that has heard from nobody since never declares or votes: the others may
        # have finished and left (with their result); it gives up after the bound instead, with no result
        # of its own that could contradict theirs (G7)
        self.resumed = resumed
        self.move_wait: tuple[int, float] | None = None  # (turn, since when) we wait for another seat's move

    def tick(self, now: float, connected: set[int], last_rx: dict[int, float], linked: set[int]) -> Tick:
        """One look.  Raises Halted if a message this peer sends halts its session."""
        s, tk = self.s, Tick()
        if connected or not s.waiting_on():
            self.alone_since = now
        elif now - self.alone_since >= self.give_up_after:  # every wait is bounded (G7): the others left
            tk.give_up = f"no other player has answered for {self.give_up_after:g} s: the game can not go on here"
            return tk
        waiting = s.waiting_on()
        thinking = s.waiting_for_move()
        # a long wait for another seat's move: our ack of the turn before goes out on its own (SPEC 11.5)
        if thinking and s.state is not None and s.state.public.current != s.me:
            if self.move_wait is None or self.move_wait[0] != s.turn:
                self.move_wait = (s.turn, now)
            elif now - self.move_wait[1] >= s.ack_after:
                tk.out.extend(s.ack_now())
        else:
            self.move_wait = None
        owing = s.owing()  # a seat that owes a relay or a vote is never "thinking" (SPEC 11.9)
        for seat in range(s.n):
            quiet = now - last_rx.get(seat, now)
            if (seat in waiting and seat in connected and not thinking
                    and quiet > max(self.absent_after * 0.75, FRAME_DEADLINE + 2) and seat in linked):
                # a link that carries nothing while we wait for that seat's own messages may be
                # dead without knowing it: cut it, so that it is dialled again
                tk.relink.append(seat)
            # a connected peer may think about its move as long as it likes; one that is
            # connected but withholds what its client sends by itself is as good as gone
            held = s.chain.next_seq(seat)
            if held != self.counts.get(seat):  # it sent something since: any absence of it is over (G7)
                self.counts[seat] = held
                if seat not in owing:  # (messages of its own do not pay what it owes)
                    self.down_since.pop(seat, None)
            excused = seat not in waiting or (seat in connected and thinking and seat not in owing)
            if excused:
                self.down_since.pop(seat, None)
            if not s.paused_on(seat):
                self.paused_since.pop(seat, None)
                if seat in self.told and seat not in s.decided and seat not in s.gone:
                    self.told.discard(seat)
                    tk.say.append(f"{s.name(seat)} is back: the game goes on")
            if excused:
                continue
            start = self.down_since.setdefault(seat, now)
            if now - start >= self.absent_after and now >= self.quiet_until and (last_rx or not self.resumed):
                tk.out.extend(s.declare_absent(seat))
            if s.paused_on(seat):
                if seat not in self.told:
                    self.told.add(seat)
                    tk.say.append(f"{s.name(seat)} is not answering: the game is paused "
                                  f"(vote in {self.vote_after:g} s: {self.vote})")
                if now - self.paused_since.setdefault(seat, now) >= self.vote_after:
                    tk.out.extend(s.cast_vote(seat, self.vote))
        return tk

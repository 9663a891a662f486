"""The absence clock (protocol/SPEC.md section 11.9): the shell's timers as a pure object.

``NetGame._watch`` calls :meth:`AbsenceWatch.tick` every quarter second with the time and what it knows
of its links; the tick returns the messages to send, the lines to print and the links to cut.  It does
no I/O and reads no clock, so tests drive several peers' watches on one simulated clock
(tests/absent/test_absent_bounded.py, tests/sim/) and check that every pause ends within the bound (G7).

Only what is owed counts (G7a): a seat's clock runs while :meth:`Session.owed` names something it owes,
and restarts only when that changes (it delivered).  Any other message — a trickle of evidence, an
absent, a relay — leaves the clock running.  Connected or not makes no difference: a connected seat that
does not move within the move time is as absent as a gone one.  Limits (:func:`limit`): the move, the
move time; a voter's vote, ``absent_after + vote_after`` from the pause; a seat whose own claim showed it
was leaving, none; everything else, ``absent_after``.  Half way through a limit on a message that
depends on other seats' messages, the seat is first sent every other seat's messages of the turn
(``Session.nudge``): an omission reaches it before anyone could call it absent.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..protocol.absence import Owed
from ..protocol.session import Output, Session
from .conn import FRAME_DEADLINE

RELINK_FIRST = 2.0  # seconds between two redials of one seat's silent link, at first ...
RELINK_MOST = 10.0  # ... doubling up to this (a relink storm costs a few handshakes a minute, G9)
OWN = ("setup", "move", "reveal", "ack", "final")  # what a seat owes of its own messages (the game waits on it)
BEFORE_PART = (*OWN, "relay")  # what a voter owes before its part in a pause (owed first: Session.owed)
JUMP = 3.0  # a tick this late means this process was stopped (SIGSTOP, a closed laptop lid): it was away
RACE = 1.0  # a vote held this soon after what it claims was paid here was signed before the payment reached its voter


@dataclass
class Tick:
    out: Output = field(default_factory=Output)
    say: list[str] = field(default_factory=list)
    relink: list[int] = field(default_factory=list)  # seats whose silent link to cut (it is dialled again)
    give_up: str | None = None  # stop this peer: nobody else is left to play with
    vote_on_me: str | None = None  # "accept" or "refuse": a deferred verdict on a vote on this seat (vote_verdict)


def limit(owed: Owed, move_time: float, absent_after: float, vote_after: float) -> float:
    """Seconds a seat may owe ``owed`` before it is declared absent (SPEC 11.9, *Clock*)."""
    return {"move": move_time, "vote": absent_after + vote_after, "now": 0.0}.get(owed.clock, absent_after)


class AbsenceWatch:
    def __init__(self, session: Session, absent_after: float, vote_after: float, vote: str, now: float,
                 grace: float = 0.0, resumed: bool = False):
        self.s = session
        self.absent_after = absent_after
        self.vote_after = vote_after
        self.vote = vote
        self.since: dict[int, tuple[Owed, float]] = {}  # seat -> (what it owes, since when), this seat too
        self.vote_first: dict[tuple, float] = {}  # (voter, its 'vote' obligation, _ident) -> when first owed
        self.declare_first: dict[tuple[int, int], float] = {}  # (voter, seat) -> when its declaration was first owed
        self.declared: dict[int, object] = {}  # seat -> the obligation we declared it absent for (_ident)
        self.nudged: dict[int, Owed] = {}
        self.paused_since: dict[int, tuple[object, float]] = {}  # seat -> (what it owed, _ident; since when)
        self.told: set[int] = set()
        self.alone_since = now
        self.cut_from: float | None = None  # since when this peer has been linked to no other seat
        self.cut_off_at: float | None = None  # when it was last found so for absent_after (was_answering)
        self.cut_gone: set[int] = set()  # the seats gone here when that began
        self.cut_took: set[int] = set()  # the seats taken over here while linked to nobody (was_answering)
        self.relinked_until = 0.0  # linked again after a time linked to nobody: no declaration or vote before this
        # a peer that resumes after a crash (or wakes from a freeze) was the one away: it declares nobody
        # absent until it has heard from the others (what they decided meanwhile, e.g. that it was voted out)
        # and at most ``grace`` s; and a resumed peer that hears from nobody never declares or votes: the
        # others may have finished and left (with their result): it gives up after the bound instead
        self.quiet_until = now + grace
        self.resumed = resumed
        self.away_until = now + (absent_after + vote_after if resumed else 0.0)  # votes on us: accepted
        self.heard_at: float | None = None
        self.last_tick = now
        self.woke = now  # when this process started (or last woke from a freeze)
        self.away_since_start = resumed  # it was the one away: see _may_declare
        self.last_rx_seen: dict[int, float] = {}
        self.move_wait: tuple[int, float] | None = None  # (turn, since when) we wait for another seat's move
        self.relink_at: dict[int, tuple[float, float]] = {}  # seat -> (earliest next redial, back-off)
        self.verdict_by: float | None = None  # a vote on this seat waits for the seats it counted away until then
        self.held: dict[int, tuple[int, float]] = {}  # seat -> (its messages held here, since when its last was owed)
        self.owing: dict[int, tuple[int, float]] = {}  # seat -> (that count, when it first owed its own message at it)
        self.claimed: dict[tuple[int, int, int], float] = {}  # (X, V, have) of V's absent on X -> when first held here
        # (X, V, have) of V's vote on X -> (_clock_ran when first held here, when)
        self.vote_held: dict[tuple[int, int, int], tuple[bool, float]] = {}
        self.vote_claim: dict[tuple[int, int, int], object] = {}  # (X, V, have) of V's vote on X -> its claim then
        # seat -> each time it came back here: a declaration it owed stopped being owed, or a pause on it ended (_raced)
        self.returns: dict[int, list[float]] = {}
        # (seat, what, turn) -> when its own message was paid here, and when it was due here (its limit)
        self.own_paid: dict[tuple[int, str, int], tuple[float, float]] = {}
        self.own_claims: set[tuple[int, str, int, int]] = set()  # (seat, what, turn, have): this peer's absents (_raced)
        self.signed_at: dict[int, float] = {}  # seq of this seat's own message -> when this clock first held it (_raced)
        self.signed_upto: int | None = None  # (what this seat had signed at its first tick: not timed)
        self.cut_counts: set[int] = set()  # this seat's count at each tick it was cut off (linked to nobody, absent_after)
        # (V, have) of V's vote on this seat -> when first held here, it claimed a message this seat neither owed nor
        # had signed, at a count this seat was cut off at since (_voted_on_unseen)
        self.unseen: dict[tuple[int, int], bool] = {}
        self.left_unseen: set[tuple[int, int]] = set()  # (V, W): V's absent{W, left} first held while this clock did not run
        if resumed and session.me is not None:  # (what it had signed when it came back: Session.lone_votes)
            session.came_back_at = session.chain.next_seq(session.me)

    @property
    def give_up_after(self) -> float:
        """Seconds with a game to wait on and no live link to anyone before this peer stops (SPEC 11.9, *Bounded*):
        room for a seat's whole move time (it is absent only past it, connected or not) and its vote, twice."""
        return 2 * (max(self.absent_after, self.move_time) + self.vote_after) + 15

    @property
    def move_time(self) -> float:
        return float(self.s.move_time)

    def _was_stopped(self, now: float) -> bool:
        """This process was stopped (SIGSTOP, a closed lid) since its clock last looked."""
        return now - self.last_tick > JUMP

    def _limit(self, owed: Owed) -> float:
        return limit(owed, self.move_time, self.absent_after, self.vote_after)

    def was_answering(self, now: float) -> bool:
        """A decided vote on this seat rests on one seat's word: was this seat answering all along?  Yes
        if it has been running (not resumed or woken from a freeze since) and owes nothing, or owes it for
        less than its limit.  Then it refuses the vote and treats the voter as leaving (G10)."""
        s = self.s
        if s.me is None or s.me not in s.decided or not s.owner_one_word() or now < self.away_until:
            return False
        if self._was_stopped(now):  # the vote read before the next tick: it was away (fault injection, freeze seed 1)
            return False
        if self.cut_took and self.cut_off_at is not None and now - self.cut_off_at < self.absent_after + self.vote_after:
            return False  # (linked to nobody for absent_after lately, and it took a seat over meanwhile: seed 57064)
        if self._voted_while_away():
            return False  # (a vote on the time it was away, decided only after its clock ran again: vote-kill 139)
        if self.left_unseen and self._on_unseen_verdict():
            return False
        if self.cut_counts and self._voted_on_unseen():
            return False  # (a vote on a message it could not yet owe, cut off from what made it owe it: seed 162819)
        return self._answering(s.me, now)

    def _on_unseen_verdict(self) -> bool:
        """Every vote of the decision on this seat claims it never declared a seat that its voter holds leaving on its
        own verdict (``absent{W, left}``), which this peer first held while its clock did not run (``left_unseen``:
        back from a crash or a freeze, it could neither share nor contest it) and does not share: the vote is on the
        time this seat was away, as :meth:`_voted_while_away`; it accepts (sim lie-away seed 167413: p2, crashed as
        liar p0 counted p1 away, came back to p1's verdict on p0; p1 voted it out for never declaring p0, and p2,
        refusing on its clock, held p1 leaving and with p0's old vote decided honest p1 out on its peer)."""
        s = self.s
        for v in s.decided[s.me][2]:
            a = self._vote_claim(s.me, v)
            if a is None or a.owed != "declare" or not any(
                    (v, w) in self.left_unseen and w not in s.leaving for w in s.names.get((v, s.me), ())):
                return False
        return True

    def _note_unseen(self) -> None:
        """For each vote on this seat not looked at yet: whether this seat neither owes the message its voter's claim
        names nor has signed it (it lacks what makes it owe it), and was cut off between the claim's count and now
        (:meth:`_voted_on_unseen`)."""
        s = self.s
        for v, m in s.votes.get(s.me, {}).items():
            if (v, m.have) in self.unseen:
                continue
            a, n = self._vote_claim(s.me, v), s.chain.next_seq(s.me)
            mine = s.owed().get(s.me) if self.cut_counts else None
            self.unseen[(v, m.have)] = (
                a is not None and a.owed in OWN and any(a.have <= c <= n for c in self.cut_counts)
                and s.paid_seq(s.me, a.owed, a.turn) is None and (mine is None or (mine.what, mine.turn) != (a.owed, a.turn)))

    def _voted_on_unseen(self) -> bool:
        """Every vote of the decision on this seat claims one of its own messages that it did not owe yet when it
        first held the vote, nor had signed (it lacked what makes it owe it, as another seat's move), and this seat
        was cut off (linked to nobody for ``absent_after``: ``cut_counts``) between the claim's count and then: the
        voters' clocks ran on an obligation this seat could not see, as nobody could pass it what it lacked.  It was
        not answering; it accepts (sim seed 162819: p2, partitioned alone, lacked p0's move of turn 4; p1 voted it out
        for its reveal of that turn; p2 held the vote before the move, took it for one seat's word once the move came
        and refused it, holding honest p1 leaving, and with the storming p0 voted p1 out).  A seat that had signed the
        message, or owed it already, judges by its clock as before (lie-away seeds 1271, 2853, 3689)."""
        s = self.s
        self._note_unseen()
        return all(self.unseen.get((v, m.have), False) if (m := s.votes.get(s.me, {}).get(v)) is not None else False
                   for v in s.decided[s.me][2])

    def _voted_while_away(self) -> bool:
        """Every vote of the decision on this seat was first held here while this clock was not running (``vote_held``:
        in the window after a restart or a wake, or its quiet) and counts no message this seat signed since it came back
        (its ``have`` at most ``came_back_at``; a later ``absent`` of its voter is another claim, not the vote's: sim
        vote-kill paced flush seed 815): the vote is on the time this seat was away, which its clock did not see,
        however late the decision completes (it may wait on a move of another seat).  It accepts, as it would have
        within ``away_until``: the verdict is on the clock at the vote, as ``_ran_at_vote`` for a lone vote, and the
        converse of :meth:`_seen_since_return` (sim vote-kill paced seed 139: p3 declared crashed p1 and crashed at
        once, so the declaration reached nobody; p0 voted p3 out for it 0.46 s after p3's restart, 0.23 s before the
        declaration reached it; p3 held the vote before its clock ran again, had it decided on one word 4.6 s later,
        when p0's move made it count p1 and p2 away, refused it on its clock, and p1 and p2 sided with the refusal:
        honest p0 voted out; paced seed 520 alike, with five seats)."""
        s = self.s
        back = s.came_back_at
        if back is None:
            return False
        for v in s.decided[s.me][2]:
            m = s.votes.get(s.me, {}).get(v)
            if m is None or m.have > back or self.vote_held.get((s.me, v, m.have), (True,))[0]:
                return False
        return True

    def vote_verdict(self, now: float) -> str:
        """What this seat does with a decided vote on it (the shell asks on ``VotedOut``, and ``tick`` again
        while it waits): ``"refuse"`` when it rests on one seat's word and this seat was answering
        (``was_answering``); ``"accept"`` otherwise; ``"wait"`` while a refusal would rest on this peer having
        counted away a seat whose vote may be on its way: a seat it waits on for its own messages (a partition
        held them back) may have voted too, and then the decision is a majority's, not one seat's word (sim seed
        4221).  It waits at most ``absent_after`` s (then it would declare that seat absent itself), signing
        nothing meanwhile (the session waits for the verdict), and accepts if another vote on it comes; half that
        when it owes a message itself, which the others' clocks wait for meanwhile (lie-away seed 12925: sent only
        when it refused, an honest seat had voted on it for that reveal by then, and it refused that vote too), also
        when it comes to owe one while it waits (lie-away seed 49555: the next move came just after the vote)."""
        s = self.s
        if not self.was_answering(now):
            self.verdict_by = None
            return "accept"
        if len(s.votes_on_owner()) > 1:
            self.verdict_by = None
            return "accept"
        if s.may_still_vote():
            # (the half also from the moment this seat comes to owe a message while it waits: lie-away seed 49555)
            by = now + (self.absent_after / 2 if s.me in s.owed() else self.absent_after)
            self.verdict_by = by if self.verdict_by is None else min(self.verdict_by, by)
            if now < self.verdict_by:
                return "wait"
        self.verdict_by = None
        return "refuse"

    def tick(self, now: float, connected: set[int], last_rx: dict[int, float], linked: set[int]) -> Tick:
        """One look.  Raises Halted if a message this peer sends halts its session."""
        s, tk = self.s, Tick()
        if self.verdict_by is not None:
            if s.me not in s.decided or s.me in s.gone:
                self.verdict_by = None
            else:
                verdict = self.vote_verdict(now)
                if verdict != "wait":
                    tk.vote_on_me = verdict
                self.last_tick = now
                return tk  # (nothing else while the vote on this seat waits: it signs nothing meanwhile)
        if self._was_stopped(now):  # every clock starts again, from now
            self.since.clear()
            self.vote_first.clear()
            self.paused_since.clear()
            self.away_until = max(self.away_until, now + self.absent_after + self.vote_after)
            self.quiet_until = max(self.quiet_until, now + min(self.absent_after, 5.0))
            self.heard_at = None
            self.woke = now
            self.away_since_start = True
            if s.me is not None:
                s.came_back_at = s.chain.next_seq(s.me)
        self.last_tick = now
        self.last_rx_seen = last_rx
        if self.heard_at is None and any(t >= self.woke for t in last_rx.values()):
            self.heard_at = now
        if self.heard_at is not None:  # the others had a second to tell us what we missed: the quiet ends
            self.quiet_until = min(self.quiet_until, self.heard_at + 1.0)
        self._settle(now, tk)
        if connected:
            if self.cut_from is not None:  # (linked again: what the others sent meanwhile comes first)
                self.relinked_until = now + 1.0
            self.cut_from = None
        else:
            if self.cut_from is None:
                self.cut_from, self.cut_gone, self.cut_took = now, set(s.gone), set()
            self.cut_took |= set(s.gone) - self.cut_gone
            if now - self.cut_from >= self.absent_after:
                self.cut_off_at = now  # (linked to nobody for absent_after: cut off, whatever it sent)
                if s.me is not None:
                    self.cut_counts.add(s.chain.next_seq(s.me))  # (_raced_on_me)
        if self.cut_from is None and now >= self.relinked_until:  # (what this peer signed since the cut: verdicts._cut_join)
            s.cut_seq = None
        elif s.cut_seq is None and s.me is not None:
            s.cut_seq = s.chain.next_seq(s.me)
        waiting = s.waiting_on()
        if connected or not waiting:
            self.alone_since = now
        elif now - self.alone_since >= self.give_up_after:  # every wait is bounded (G7): the others left
            tk.give_up = f"no other player has answered for {self.give_up_after:g} s: the game can not go on here"
            return tk
        unheard = self._unheard(set(s.owed()), now)
        if unheard is not None:
            tk.give_up = (f"{s.name(unheard)} has not answered since this peer came back "
                          f"({self.give_up_after:g} s), and nobody who was here meanwhile says it is gone: the "
                          "others may have finished the game without this seat; this peer stops without a result")
            return tk
        # a long wait for another seat's move: our ack of the turn before goes out on its own (SPEC 11.5)
        if s.waiting_for_move() and s.state is not None and s.state.public.current != s.me:
            if self.move_wait is None or self.move_wait[0] != s.turn:
                self.move_wait = (s.turn, now)
            elif now - self.move_wait[1] >= s.ack_after:
                tk.out.extend(s.ack_now())
        else:
            self.move_wait = None
        owed = s.owed()
        self._declarations(owed, now)
        for seat, (o, started) in self.since.items():  # (_raced)
            o2 = owed.get(seat)
            if o.what in OWN and (o2 is None or (o2.what, o2.turn) != (o.what, o.turn)):
                self.own_paid[(seat, o.what, o.turn)] = (now, started + self._limit(o))
        for seat in [i for i in self.since if i not in owed]:
            del self.since[seat]
        for seat, o in owed.items():
            if seat not in self.since or self.since[seat][0] != o:
                self.since[seat] = (o, self._start(seat, o, now))  # a new obligation (the last one was delivered)
            if o.what == "vote":  # (and whenever the seat voted on comes to owe something new, or the pause on it here
                # starts again: owed from then on)
                paused = self.paused_since.get(o.about) if o.about is not None else None
                self.since[seat] = (o, max(self.since[seat][1], self._overdue_at(o.about),
                                           paused[1] if paused is not None else float("-inf")))
        for seat, o in owed.items():  # (once every seat's clock is set: _declare_due reads the seats declared)
            if o.what == "declare":
                self.since[seat] = (o, self._declare_due(seat, self.since[seat][1]))
        self._times(owed, now)
        if s.me is not None:
            self._note_unseen()
        self._lone_votes(now, tk)
        for seat in range(s.n):
            if seat == s.me:
                continue
            o = owed.get(seat)
            if o is not None:
                self._clock(seat, o, now, tk)
            self._relink(seat, o, now, connected, last_rx, linked, tk)
            self._pause(seat, now, tk, owed)
        return tk

    def settle(self, now: float) -> Tick:
        """This clock's verdict now on a decision held because it counts this seat away (the shell asks before it
        submits a move: the move must not come first, Session.submit)."""
        tk = Tick()
        self._settle(now, tk)
        return tk

    def _settle(self, now: float, tk: Tick) -> None:
        s = self.s
        if s.away_held:  # a decision that counts this seat away on one voter's word: this clock's verdict
            answering = (self._clock_ran(now) or self._seen_since_return(now)) and self._answering(s.me, now)
            if answering:
                tk.say.extend(f"{s.name(v)} counted this seat away to vote {s.name(x)} out alone while this seat was "
                              "answering: it is treated as leaving" for x, v in sorted(s.away_held.items()))
            else:
                tk.say.extend(f"{s.name(v)} counted this seat away to vote {s.name(x)} out alone, and {s.name(x)} "
                              "refused the vote: it is treated as leaving" for x, v in sorted(s.away_held.items())
                              if s.refused_by_seat(x, v))
            tk.out.extend(s.settle_away(answering))

    def _seen_since_return(self, now: float) -> bool:
        """Every voter of a held decision that counts this seat away (``away_held``) counts a message this seat signed
        since it last came back (its latest ``absent`` on this seat passes ``came_back_at``), and this seat owes
        nothing on its clock: the claim is on a time this clock saw running, so the window after a restart or a wake
        (``away_until``, for votes cast while it was away) does not keep it from judging the decision; still not in
        its quiet, before it has heard from anyone, or just stopped (sim lie-away seed 121410: p1, back from a 0.3 s
        crash and running for 6 s, held liar p0's lone decision on p2 that counted it away on a relay claim counting
        its ack signed since; it accepted, then took p2's refusal of p0's vote for a lone vote of p2's and voted
        honest p2 out with the liar)."""
        s = self.s
        mine = s.absents.get(s.me, {})
        return (s.came_back_at is not None and s.me not in self.since and self.verdict_by is None
                and now >= self.quiet_until and self.heard_at is not None and not self._was_stopped(now)
                and all(v in mine and mine[v].have > s.came_back_at for v in s.away_held.values()))

    def _start(self, seat: int, o: Owed, now: float) -> float:
        """When the clock of ``seat``'s new obligation ``o`` starts: now, for a new one.  A voter's vote is owed from
        the pause on and delivered once, so the same ``vote`` obligation seen again is the one not delivered: its clock
        goes on from when it was first owed, leaving the voter at least ``absent_after`` s from now.  It is not owed
        while a claim beyond this peer's count holds every vote back (``Session.owed``: 'blocked'), and a clock that
        restarted after such a window restarted only on the peers whose tick fell in it: the voters' clocks on one seat
        differed by seconds, and an honest voter declared late was declared for its declaration and voted out (sim
        seed 413, with seed 12343's rule; tests/absent/test_watch_vote_clock.py)."""
        if o.what == "declare":
            self.declare_first.setdefault((seat, o.about), now)
            return self._declare_since(seat)
        if o.what != "vote":
            return now
        for key in [k for k in self.vote_first if k[2] in self.s.decided or k[2] in self.s.gone]:
            del self.vote_first[key]
        first = self.vote_first.setdefault((seat, *self._ident(seat, o)), now)
        return max(first, now - self._limit(o) + self.absent_after)  # (and not before _overdue_at: tick)

    def _overdue_at(self, x: int | None) -> float:
        """When the seat ``x`` is overdue on this clock for what it owes now (no bound if it owes nothing: the pause is
        then on the signed absents).  A voter's vote on ``x`` is owed no earlier: this peer's own vote on ``x`` comes
        ``vote_after`` after that, on a pause that starts again whenever ``x`` comes to owe something new (:meth:`_pause`),
        and so does every voter's (sim seed 66255: ``x`` owed a declaration, came back when the seat it failed to
        declare did, then owed its reveal; the voters' vote clocks ran on from the first pause, and two honest voters
        declared each other for votes that were not due yet, then one voted the other out; tests/absent/
        test_watch_vote_after_overdue.py).  Nor before this peer's own pause on ``x`` started, if it is paused on it: a
        pause broken meanwhile (a seat became a voter and owed its declaration first) starts again on every voter's
        clock (sim seed 106702: p3 held p2 to its vote from the first pause, 1 s before p2's own clock made it due)."""
        about = self.since.get(x) if x is not None else None
        return about[1] + self._limit(about[0]) if about is not None else float("-inf")

    def _ident(self, seat: int, o: Owed | None):
        """What makes ``seat``'s obligation ``o`` the same one as before: a voter's declaration or vote is owed on this
        peer's own declaration of a seat, not on the turn (a leaving seat plays on, and the turn with it: sim seed
        35754), so neither is made new by a turn; a declaration is one from when it was first owed until paid."""
        if o is None or o.what not in ("declare", "vote"):
            return o
        if o.what == "declare":
            return (o.what, None, self._declare_since(seat))
        return (o.what, o.about, o.have)

    def _declare_since(self, seat: int) -> float | None:
        """Since when ``seat`` owes a declaration here: its oldest one not paid (``declare_first``).  ``Session.owed``
        names one seat, the lowest, so a seat this peer declares later but numbered lower takes the place of one owed
        for longer; the clock and the pause on the voter run on from the oldest (sim seed 90951: never-declaring p3
        owed its declaration on leaving p2 from 9.5 s, then on crashed p1 from 12.75, then again as p0's declaration
        of p3 changed; p0's pause on it started again each time and the game ended with vote-present p2 seated)."""
        return min((t for (w, _), t in self.declare_first.items() if w == seat), default=None)

    def _declare_due(self, seat: int, since: float) -> float:
        """Since when ``seat``'s declarations are owed on this clock: each one on ``x`` from when it was first owed here,
        but no earlier than ``x`` is overdue here for what it owes now (:meth:`_overdue_at`, as for a vote); the voter
        is held to the first of them due (:meth:`_declare_since`).  An absent on ``x`` kept current only as ``x``,
        silent, came to owe anew holds the voters to ``x``'s new limit, not to the old claim's (sim seed 118822: p1
        and p2 declared dead p3 for not declaring partitioned p0; p0 came back, p3 then owed its move, and p1, p2 held
        honest p4 to declaring p3 on the 3 s absence clock while p4's 6 s move clock on p3 ran on: p4 was voted
        out; tests/absent/test_watch_declare_overdue.py)."""
        return min((max(t, self._overdue_at(x)) for (w, x), t in self.declare_first.items() if w == seat),
                   default=since)

    def _declarations(self, owed: dict[int, Owed], now: float) -> None:
        """A voter's declaration on a seat is owed from when it was first owed here (``declare_first``) until it is
        paid (its ``absent`` on the seat current), this peer's own declaration of the seat lapses, or the seat is
        decided: not while the voter owes its own messages meanwhile (the game goes on around a leaving seat: its
        clock goes on), nor anew at each turn (sim seed 35754: never-declaring p2 owed its reveal or its move at
        every turn of leaving p0, each time its declaration's clock restarted, and p0 was never voted out)."""
        s = self.s
        for w, x in list(self.declare_first):
            o = owed.get(w)
            if o is not None and o.what == "declare" and (o.about == x or w in s._voters(x) and s.declared_here(x)
                                                          and not s._current(w, x) and x not in s.decided
                                                          and x not in s.gone):
                continue  # (still owed, though the one named is another seat's: _declare_since)
            if (o is None or o.what not in BEFORE_PART or x in s.decided or x in s.gone or not s.declared_here(x)
                    or s._current(w, x)):
                del self.declare_first[(w, x)]
                self.returns.setdefault(w, []).append(now)  # (_raced)

    def _answering(self, seat: int, now: float) -> bool:
        """On this peer's clock ``seat`` owes nothing, or owes it for less than its limit."""
        mine = self.since.get(seat)
        return mine is None or now - mine[1] < self._limit(mine[0])

    def _clock_ran(self, now: float) -> bool:
        """This clock has been running all along: not resumed or woken from a freeze in the last ``absent_after +
        vote_after`` s, nor in its quiet after that, nor waiting for its verdict on a vote on this seat."""
        return not (now < self.away_until or now < self.quiet_until or (self.resumed and self.heard_at is None)
                    or self.verdict_by is not None)

    def _lone_votes(self, now: float, tk: Tick) -> None:
        """A lone vote on a seat that answers here (``Session.lone_votes``): its voter voted against a present
        seat and is treated as leaving (``Session.leave_voter``; G10; SPEC 11.9).  Judged only by a clock that has
        been running all along (not resumed or woken from a freeze in the last ``absent_after + vote_after`` s,
        nor in its quiet after that): a peer that was away can not tell who answered meanwhile; and only by a seat
        that owes nothing overdue itself (sim seed 6331: a silent mover, past its move time, took an honest voter's
        vote on a seat that had not declared for leaving, and its vote then decided that voter out).  A clock that did
        not run, or did not when the vote came (:meth:`_ran_at_vote`), sides instead with the signed refusal of the
        seat voted on, the one seat whose clock knows it answered (``Session.refused_by_seat``: its ``absent{V, left}``
        holding the vote, unless the vote's claim is that it never declared this very seat, which was away: sim seed
        22615, or it declared ``V`` across a cut: lie-away seed 42541), as for a held decision (sim lie-away seed
        24524: p3, restarted over liar p0's lone vote on p2, never held p0 leaving though p2 refused it, was voted out
        alone for not declaring p0, refused, and with the liar voted honest p1 out)."""
        s = self.s
        if not self._answering(s.me, now):
            return  # (a seat that owes something overdue itself judges nobody's vote: sim seed 6331)
        ran = self._clock_ran(now)
        for x, v in s.lone_votes():  # (in order: a pair whose seat an earlier one made leaving is no lone vote now)
            # (a seat that said bye, here only bye{"voted out"} after answering past the claim: verdicts.
            # _answered_before_bye, answered by its signed messages; what this clock sees of it since its bye is that it
            # left, not whether it answered before: lie-away seed 98289)
            answering = x in s.quit or self._answering(x, now)
            if x not in s.leaving and (answering and not self._lacked_last(x, v) and not self._raced(x, v)
                                       if ran and self._ran_at_vote(x, v) else s.refused_by_seat(x, v)):
                tk.out.extend(s.leave_voter(v))

    def _ran_at_vote(self, x: int, v: int) -> bool:
        """This clock was running when ``v``'s vote on ``x`` was first held here (``vote_held``): what it saw of ``x``
        since says nothing of ``x`` before, when the vote's claim was made (lie-away seed 42541: p0, resumed, held p1's
        vote on cut-off p2, and once its clock ran judged it on what p2 had sent since the heal: honest p1 leaving)."""
        m = self.s.votes.get(x, {}).get(v)
        return m is None or self.vote_held.get((x, v, m.have), (True,))[0]

    def _times(self, owed: dict[int, Owed], now: float) -> None:
        """When each seat's last message held here was first owed here (or came, if it came before it was owed), and
        when each seat's absent on another was first held here: what :meth:`_lacked_last` compares."""
        s = self.s
        for seat in range(s.n):
            n = s.chain.next_seq(seat)
            if self.held.get(seat, (None,))[0] != n:
                o = self.owing.get(seat)
                self.held[seat] = (n, o[1] if o is not None and o[0] == n - 1 else now)
            o = owed.get(seat)
            if o is not None and o.what in OWN and self.owing.get(seat, (None,))[0] != n:
                self.owing[seat] = (n, now)
        ran = self._clock_ran(now)
        for x, by in s.absents.items():
            for v, a in by.items():
                if (x, v, a.have) not in self.claimed and a.owed == "left" and not ran:
                    self.left_unseen.add((v, x))
                self.claimed.setdefault((x, v, a.have), now)
                if v == s.me and a.owed in OWN:
                    self.own_claims.add((x, a.owed, a.turn, a.have))  # (_raced)
        for x, by in s.votes.items():
            for v, m in by.items():
                if (x, v, m.have) not in self.vote_held:  # (V's latest absent on X now: the claim the vote is on)
                    self.vote_claim[(x, v, m.have)] = s.absents.get(x, {}).get(v)
                self.vote_held.setdefault((x, v, m.have), (ran, now))
        if s.me is not None:
            n = s.chain.next_seq(s.me)
            for seq in range(n if self.signed_upto is None else self.signed_upto, n):
                self.signed_at[seq] = now
            self.signed_upto = n if self.signed_upto is None else max(self.signed_upto, n)

    def _lacked_last(self, x: int, v: int) -> bool:
        """``v``'s claim is that ``x`` owed the last message of ``x`` held here, and it came at least that message's
        limit after the message was first owed here (or came, if sooner): an honest voter's clock ran that long
        without it (``x``'s message reached this peer only, just before ``x`` was cut off), and ``x`` has sent
        this peer nothing since to show it answers.  The vote is no lone one while so; a claim that came sooner is a
        lie (tests/absent/test_absent_refuse.py, sim seed 3465: 0.3 s after the reveal was owed) and is judged as any
        (sim lie-away seed 38443: p0's reveal reached p4 only, just before p0 was cut off; p4 judged p3's and p2's
        honest votes on p0, 2.2 s later, lone, voted both out alone, and they voted p4 out)."""
        s = self.s
        a = s.absents.get(x, {}).get(v)
        if a is None or a.owed not in OWN:
            return False
        held, seen = self.held.get(x), self.claimed.get((x, v, a.have))
        return (held is not None and seen is not None and held[0] == a.have + 1 == s.chain.next_seq(x)
                and seen - held[1] >= self._limit(Owed(a.owed, a.turn)))

    def _raced(self, x: int, v: int) -> bool:
        """``v``'s claim is that ``x`` owed a declaration, this peer declared ``x`` absent for a declaration too, and
        ``v``'s vote was first held here less than ``RACE`` after ``x`` stopped owing one here (the seat it was about
        came back): the vote was signed before that return reached its voter, an honest voter's vote, not a lie about
        an answering seat.  It is no lone vote (the decision it would make is reopened by the return:
        ``_reopen_if_back``).  (Sim seeds 81020, 92595, 111053, 114385: p1's first message after its return reached p2
        just before p0's vote on p3 for not declaring p1; p2 judged it lone, held p0 leaving, and the two honest sides
        voted each other out; tests/absent/test_watch_vote_raced_return.py.)  So too for a claim of one of ``x``'s own
        messages (its move, a reveal, an ack, ...) that this peer's own latest ``absent`` on ``x`` made as well (the same
        ``owed`` and turn), held less than ``RACE`` after that message came here: ``x`` came back, and the vote was
        signed in the pause this peer was in too (sim seed 132028: p2, partitioned alone, owed its reveal of turn 5;
        p0, p1 and p3 declared it; its return reached p3 0.5 s before p0's vote on it, signed just before the return
        reached p0; p3 judged the vote lone, then p1's, held both honest voters leaving, and p2 joined p3's votes).
        Or that an earlier ``absent`` of this peer's on ``x`` made, the same message, turn and count (``own_claims``; it
        may have declared ``x`` again since, for something else), timed from when that very message stopped being owed
        here (``own_paid``, not the last of ``x``'s messages that did); on this seat itself, :meth:`_raced_on_me`
        (lie-away seed 118238: p4 had declared p0 for its reveal of turn 4 at count 7, as p1 did, then for a declaration
        on leaving p2 once the reveal came; it judged p1's vote, held 0.25 s after the reveal, lone, and with p0 voted
        honest p1 out; tests/absent/test_watch_vote_raced_own.py).  And where this peer never declared ``x``, for a
        claim of one of ``x``'s own messages that came here within ``RACE`` of its limit (:meth:`_paid_at_limit`; lie-away
        seed 135630).  ``v``'s claim is the one its vote rests on (:meth:`_vote_claim`), not a later one (vote-kill paced
        seed 520)."""
        s = self.s
        if x == s.me:
            return self._raced_on_me(v)
        a, mine = self._vote_claim(x, v), s.absents.get(x, {}).get(s.me)
        if a is None:
            return False
        m = s.votes.get(x, {}).get(v)
        held = self.vote_held.get((x, v, m.have)) if m is not None else None
        paid = self.own_paid.get((x, a.owed, a.turn))
        if mine is None:
            ended = paid[0] if paid is not None and self._paid_at_limit(paid) else None
        elif a.owed == "declare":
            # (the last time it stopped owing one before the vote came, not a later one: sim seed 164545)
            ends = self.returns.get(x, ()) if mine.owed == "declare" and held is not None else ()
            ended = max((e for e in ends if e <= held[1]), default=None)
        elif a.owed in OWN and ((mine.owed, mine.turn) == (a.owed, a.turn)
                                or (x, a.owed, a.turn, a.have) in self.own_claims):  # (lie-away seed 118238)
            ended = paid[0] if paid is not None else None
        else:
            ended = None
        return ended is not None and held is not None and 0 <= held[1] - ended < RACE

    @staticmethod
    def _paid_at_limit(paid: tuple[float, float]) -> bool:
        """The message that paid a claim (``own_paid``: when it came here, when it was due) came within ``RACE`` of its
        limit on this clock (or after it): a voter whose clock or link ran that little apart found it overdue honestly,
        though this peer never declared its sender (sim lie-away seed 135630: resumed p0's move reached p2 35 ms before
        its move time ran out there and p1 150 ms after; p2 judged p1's vote lone once p0 acked, and the two honest
        seats voted each other out)."""
        return paid[0] >= paid[1] - RACE

    def _vote_claim(self, x: int, v: int):
        """``v``'s claim on ``x`` that its vote on ``x`` held here rests on: its latest ``absent`` on ``x`` when the
        vote was first held here (``vote_claim``; the absent just before the vote in ``v``'s chain, unless a later one
        came with the vote), not one ``v`` signed after its vote.  A voter goes on declaring the seat it voted on (its
        own vote holds that seat's messages back on it: ``Session._frozen``), and such a later claim says nothing of
        when the vote was signed (sim vote-kill paced seed 520: p1's vote on p3 for not declaring crashed p0, held on p2
        and p4 0.09 s after p0's return, raced it; 7 s later p1, behind on p3 by its own open vote, declared p3 for a
        reveal p3 had sent, and p2 and p4, judging the vote by that claim, held honest p1 leaving).  Else ``v``'s
        latest."""
        m = self.s.votes.get(x, {}).get(v)
        a = self.vote_claim.get((x, v, m.have)) if m is not None else None
        return a if a is not None else self.s.absents.get(x, {}).get(v)

    def _raced_on_me(self, v: int) -> bool:
        """``v``'s claim is that this seat owed one of its own messages, at a count this seat was cut off at (linked to
        nobody for ``absent_after``: ``cut_counts``) before it sent the message that paid it, and ``v``'s vote was first
        held here less than ``RACE`` after this seat signed that message: the pause was real on the voter's clock (this
        seat's clock did not see it, as it lacked what made it owe the message until the cut healed), and the vote was
        signed before the payment reached its voter.  No lone vote on this seat, as :meth:`_raced` for a third seat that
        declared it too; the third seats' clocks judge it (lie-away seed 118238: p0, partitioned alone 3.8-10.8 s, got
        p1's move of turn 4 at 11.35 and revealed at once; p1's vote on it for that reveal, held 0.4 s later, was judged
        lone on p0 and p0 voted honest p1 out with p4)."""
        s = self.s
        a, m = s.absents.get(s.me, {}).get(v), s.votes.get(s.me, {}).get(v)
        if a is None or m is None or a.owed not in OWN:
            return False
        paid = s.paid_seq(s.me, a.owed, a.turn)
        held = self.vote_held.get((s.me, v, m.have))
        if paid is None or paid < a.have or paid not in self.signed_at or held is None:
            return False
        return (any(a.have <= c <= paid for c in self.cut_counts)
                and 0 <= held[1] - self.signed_at[paid] < RACE)

    def _clock(self, seat: int, o: Owed, now: float, tk: Tick) -> None:
        s = self.s
        elapsed = now - self.since[seat][1]
        lim = self._limit(o)
        if o.what in ("reveal", "ack", "final", "setup") and elapsed >= lim / 2 and self.nudged.get(seat) != o:
            self.nudged[seat] = o  # what it may lack of this turn's messages, before it could be called absent
            tk.out.extend(s.nudge(seat))
        if elapsed < lim or now < self.quiet_until or (self.resumed and self.heard_at is None):
            return
        if self.away_since_start and not self._may_declare(seat, now):
            return
        if self._cut_off(seat, now):
            return
        if self.declared.get(seat) != self._ident(seat, o):
            self.declared[seat] = self._ident(seat, o)
            self.paused_since.pop(seat, None)  # (a vote comes vote_after after this declaration: _pause)
            tk.out.extend(s.declare_absent(seat, o))
        elif not s.declared_here(seat):
            # the same obligation, still overdue, but this peer's absent on it no longer holds: its declaration was
            # skipped (an absent of this count, for another obligation, stood already) and a later message of the
            # seat made that absent stale; declare it again at the new count (sim seed 38434: p2 declared never-voting
            # p0 for a relay, then owed its vote at that same count; p0's next message ended the pause for good)
            again = s.declare_absent(seat, o)
            if again.send:
                self.paused_since.pop(seat, None)
            tk.out.extend(again)

    def _cut_off(self, seat: int, now: float) -> bool:
        """This peer is linked to nobody, or was until a moment ago, and holds another voter's vote on ``seat``: it
        neither declares ``seat`` absent nor votes on it (its word would complete that old vote, cast before the cut,
        while what the others sent since is cut off: lie-away seed 78184).  Not on a seat no other voter voted on yet:
        two seats that crash together leave the last one alone, and it votes both out (main sim seed 1332)."""
        s = self.s
        if self.cut_from is None and now >= self.relinked_until:
            return False
        # (not a voter whose lone vote on this peer it contests: that voter signs on in a game without this peer,
        # and its vote is no old vote of this game to complete: main sim seed 118712)
        return any(v != s.me and v in s.votes.get(seat, {}) and not s.contests_vote_on_me(v) for v in s._voters(seat))

    def _may_declare(self, seat: int, now: float) -> bool:
        """A peer that was away (resumed, or woke from a freeze) declares a seat absent on its own clock only
        once it has heard from that seat since, or as a second voice (some seat it has heard from declared it
        too).  Never on its own clock alone: while it was away that seat may have voted it out and finished
        the game without it (fault injection seeds 3 and 23: two seats killed together came back, heard only
        each other, and voted out the third, which had voted them out and finished: two results).  If nobody
        it hears from declares that seat, it stops without a result after the bound (:meth:`_unheard`)."""
        # a seat heard since shows it holds what that seat owes (its ack of the turn, its reveal after the move):
        # the declaration asks it for a relay of what this peer lacks (tests/pause/test_cases.py case 13: the
        # resumed mover lacks the killed seat's reveal, which the host holds and relays in answer)
        return self._second_voice(seat) or bool(self.s.held_elsewhere(seat) & self._heard_since(seat))

    def _heard_since(self, seat: int) -> set[int]:
        """The other seats (not ``seat``) this peer has heard from since it came back or woke."""
        return {v for v, t in self.last_rx_seen.items() if t >= self.woke and v not in (seat, self.s.me)}

    def _second_voice(self, seat: int) -> bool:
        """Since this peer came back (or woke), it heard from ``seat``, or some seat it heard from has a current
        ``absent`` about it.  A peer that was away *votes* on a seat only so: a declaration that only asks a relay
        of what a seat it heard from holds (:meth:`_may_declare`) is no ground for a vote on its own word (fault
        injection vote-kill seed 18: three seats; the host, back from a long crash into a game the other two had
        finished without it, heard only the lingering j2, declared j1 to ask for j1's reveal, got no relay before
        j2 left, and voted j1 out alone: a second result).  It waits instead, and stops without a result after the
        bound (:meth:`_unheard`)."""
        if self.last_rx_seen.get(seat, -1.0) >= self.woke:
            return True
        return any(self.s._current(v, seat) for v in self._heard_since(seat))

    def _unheard(self, owing: set[int], now: float) -> int | None:
        """A peer that was away waits, past the bound, on a seat that owes something, that it has not heard from
        since it came back, and that nobody it heard from has declared absent: that seat may have voted this
        one out and finished meanwhile (it said so to nobody this peer can reach).  Deciding on it here could give a second
        result; this peer stops instead (SPEC 11.12, "Coming back to nobody")."""
        if not self.away_since_start or now - self.woke < self.give_up_after:
            return None
        s = self.s
        for seat in sorted(owing):
            if seat == s.me or seat in s.gone or seat in s.decided:
                continue
            if not (self._second_voice(seat) if s.paused_on(seat) else self._may_declare(seat, now)):
                return seat  # (paused on it: it votes only as a second voice, _second_voice)
        return None

    def _relink(self, seat: int, o: Owed | None, now: float, connected: set[int], last_rx: dict[int, float],
                linked: set[int], tk: Tick) -> None:
        """A link that carries nothing while that seat owes a message its client sends by itself may be
        dead without knowing it: cut it, so that it is dialled again; at most every 2 s, backing off."""
        if o is None or o.clock == "move" or seat not in connected or seat not in linked:
            return
        quiet = now - last_rx.get(seat, now)
        if quiet <= max(self.absent_after * 0.75, FRAME_DEADLINE + 2):
            return
        at, back = self.relink_at.get(seat, (0.0, RELINK_FIRST))
        if now < at:
            return
        self.relink_at[seat] = (now + back, min(back * 2, RELINK_MOST))
        tk.relink.append(seat)

    def _interlude(self, seat: int, o: Owed | None, now: float) -> bool:
        """The pause on ``seat`` for its declaration goes on while it owes its own messages or a relay meanwhile (the
        game goes on around the leaving seat it failed to declare; every voter's absent on it lapses for that moment),
        as long as that declaration is still the one owed (``declare_first``: not paid, this peer's own declaration of
        the seat not lapsed): its vote comes once it owes the declaration again (sim seed 41396: p2, never declaring
        leaving p0, owed its reveal or move for a moment at every turn; each time the pause on it started again, no vote
        on it came, and p0 kept its seat).  Only while what it owes meanwhile is within its limit: once overdue, it is
        paused on for that, as any seat (a voter that crashed owing its reveal is voted on for it, G7)."""
        held = self.paused_since.get(seat)
        if held is None or o is None or o.what not in BEFORE_PART or not isinstance(held[0], tuple):
            return False
        if now - self.since.get(seat, (o, now))[1] >= self._limit(o):
            return False
        what, _, first = held[0]
        return what == "declare" and first is not None and self._declare_since(seat) == first

    def _pause(self, seat: int, now: float, tk: Tick, owed: dict[int, Owed]) -> None:
        s = self.s
        if self._interlude(seat, owed.get(seat), now):
            return
        if not s.paused_on(seat):
            self.paused_since.pop(seat, None)
            if seat in self.told and seat not in s.decided and seat not in s.gone:
                self.told.discard(seat)
                tk.say.append(f"{s.name(seat)} is back: the game goes on")
                # (a return, for _raced: a pause on a declaration runs on while the seat, having sent nothing since,
                # owes its move instead; the move ends it: vote-kill paced seed 5454)
                self.returns.setdefault(seat, []).append(now)
            return
        if seat not in self.told:
            self.told.add(seat)
            if seat in s.quit and seat not in s.leaving:
                tk.say.append(f"{s.name(seat)} left the game: "
                              + ("a computer player takes its seat" if s._leave_choice(seat) == "bot"
                                 else "this seat votes to end the game"))
            elif seat in s.leaving:
                tk.say.append(f"{s.name(seat)} claimed that a seat which was answering had not: it is treated "
                              "as leaving the game; a computer player takes its seat")
            else:
                tk.say.append(f"{s.name(seat)} is not answering: the game is paused "
                              f"(vote in {self.vote_after:g} s: {self.vote})")
        # (a seat that said bye and owes a relay is voted on like any other: it still relays while it lingers, lie-away
        # seed 2806; only its own messages it will never send)
        wait = 0.0 if seat in s.leaving or (seat in s.quit and s._quitting(seat)) else self.vote_after
        if now < self.quiet_until or (self.resumed and self.heard_at is None):
            return  # (nor votes, as it declares nobody, before it heard from the others: sim seed 10836, where a
            # peer resumed behind a partition voted a seat out alone on its absent from before its crash)
        # the pause runs on what the seat owes: once it delivers that and owes something else, the pause
        # starts again, and again when this peer declares it absent (_clock); a relay, sent when asked, is voted on only
        # once this peer asked for it (declared it absent for it), vote_after after that (G7a; sim lie-away seed 2333:
        # p2's pause on p0 for a declaration ran on while p0 declared, then relayed when asked, and p2 voted answering
        # p0 out alone, 4 s after the first obligation; seed 712: p1 voted p0 out 2 s after p0 came to owe a relay that
        # p1 had not asked for, absent_after being 3 s); and no vote at all on a seat that owes nothing once this peer's
        # own relay claim on it was paid: it answered this peer (claims._relay_paid, as _join_votes; lie-away seed 92795:
        # p3 and p4 voted on the signed absents after the relay came, p1 rightly did not and was voted out for it)
        o = owed.get(seat)
        key = self._ident(seat, o)
        if o is not None and self.paused_since.get(seat, (key,))[0] != key:
            del self.paused_since[seat]  # (not when it comes to owe nothing: the pause is then on the signed absents,
            # a never-voter's 'vote' absent still current once the vote lapsed: sim seed 8415)
        if now - self.paused_since.setdefault(seat, (key, now))[1] >= wait and not self._cut_off(seat, now) and (
                (o.what != "relay" or self.declared.get(seat) == o) if o is not None else not s._relay_paid(seat)) and (
                not self.away_since_start or self._second_voice(seat)):
            tk.out.extend(s.cast_vote(seat, self.vote))

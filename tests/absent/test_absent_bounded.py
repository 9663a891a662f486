"""Every pause ends, on a simulated clock (G7, SPEC 11.9): three or four playing sessions, each with the
shell's own absence timers (net/watch.py AbsenceWatch), over a simulated network with seeded delays.

One seat dies at a seeded moment (sometimes its last messages reach only one peer, which must relay
them).  Every other seat must then reach the same decision about it, at the same turn, within the
absence and vote times plus a bounded margin, finish the game, and agree on the result; an observer of
a log must reach it too.  A seat that comes back before the vote clears its absence (defect G), and
votes that carry different counts of the dead seat's messages still decide (defect F).

No sockets and no real clock: every run of a seed is the same run.
"""

from __future__ import annotations

import heapq
import io
import random

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.log import LogWriter, read_log
from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol.session import Halted, Session, VotedOut, YourTurn
from kit.table import KINDS, fixed, roster_payload
from snowp2p.protocol.crypto import Identity
from kit.sessions import session_for
from test_absent_unit import choose

ABSENT_AFTER, VOTE_AFTER = 2.0, 3.0
MOVE_TIME = 3  # (the roster's move time: a dead mover is declared absent after it, G7a)
TICK = 0.25
# the longest limit of what a seat can owe (its move, or a message of its own), plus the network's delays
MARGIN = max(MOVE_TIME, ABSENT_AFTER) - ABSENT_AFTER + ABSENT_AFTER + 2.0


def by_seed(rng: random.Random, seed: int) -> str:
    """The game a seeded run plays: every third seed Snake Carnival, else the sled game the seed's stream
    picks (the stream draws the same numbers as before Snake Carnival joined, so old seeds replay alike)."""
    sled_game = rng.choice(["snowtails", "mush"])
    return "snake" if seed % 3 == 2 else sled_game


class Sim:
    """n playing sessions on one simulated clock; frames arrive after a seeded delay, in order per link."""

    def __init__(self, game: str, n: int, seed: int):
        ids = [Identity.from_seed(fixed(f"bounded id {i}")) for i in range(n)]
        roster = roster_payload(game, n, ids, fixed(f"bounded game {seed}"), nicks=[f"p{i}" for i in range(n)],
                                port=47600)
        self.roster = roster
        self.s = [session_for(decode_signed(roster), None, i, ids[i], fixed(f"bounded secret {seed} {i}"))
                  for i in range(n)]
        self.track = self.s[0].track
        self.n = n
        self.rng = random.Random(seed)
        self.now = 0.0
        self.heap: list = []  # (time, order, to, frm, payload)
        self.order = 0
        self.link_free: dict[tuple[int, int], float] = {}
        self.down: dict[int, tuple[float, float]] = {}  # seat -> (from, until): its links are down
        self.only_to: dict[int, tuple[int, float, float]] = {}  # seat -> (the one peer its frames reach, from, until)
        self.last_rx = {i: {} for i in range(n)}
        for s in self.s:
            s.move_time = MOVE_TIME
        self.watch = [AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0) for s in self.s]
        self.events = {i: [] for i in range(n)}  # seat -> [(time, event)]
        self.logs = {}
        for i in range(n):
            buf = io.BytesIO()
            w = LogWriter(buf)
            w.append(roster)
            self.logs[i] = (buf, w)

    def is_down(self, seat: int, at: float) -> bool:
        w = self.down.get(seat)
        return w is not None and w[0] <= at < w[1]

    def send(self, frm: int, to: int, payload: bytes) -> None:
        # a link that is down delivers what was sent once it is up again (the link's resend, SPEC 11.1)
        at = self.now + self.rng.uniform(0.01, 0.3)
        at = max(at, self.link_free.get((frm, to), 0.0))
        for seat in (frm, to):
            w = self.down.get(seat)
            if w is not None and (w[0] <= self.now < w[1] or w[0] <= at < w[1]):
                at = max(at, w[1] + self.rng.uniform(0.05, 0.5)) if w[1] < 1e9 else float("inf")
        self.link_free[(frm, to)] = at
        if at != float("inf"):
            self.order += 1
            heapq.heappush(self.heap, (at, self.order, to, frm, payload))

    def out(self, seat: int, out) -> None:
        for p in out.send:
            self.logs[seat][1].append(p)
            for j in range(self.n):
                if j != seat:
                    only = self.only_to.get(seat)
                    if only is not None and only[1] <= self.now < only[2] and j != only[0]:
                        continue
                    self.send(seat, j, p)
        for to, p in out.relay:
            self.send(seat, to, p)
        for ev in out.events:
            self.events[seat].append((self.now, ev))
            if isinstance(ev, YourTurn) and not self.is_down(seat, self.now):
                s = self.s[seat]
                self.out(seat, s.submit(choose(s.state, ev.turn)))

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        s = self.s[to]
        if s.halted or s.done or self.is_down(to, self.now) or to in self.stopped:
            return
        relayed = decode_signed(payload).sender != frm
        msg = s.check(payload, frm, relayed=relayed)
        self.last_rx[to][frm] = self.now
        if msg is not None:
            self.logs[to][1].append(payload)
            self.out(to, s.handle(msg))

    stopped: set = set()

    def on_tick(self) -> None:
        """Called every tick before the watches (a hostile seat's own doings: tests/absent/test_absent_owed.py)."""

    def run(self, until: float, start: bool = True) -> None:
        """Run the table (from the start; or, with ``start=False``, on from where the last run stopped)."""
        if start:
            self.stopped = set()
            for i in range(self.n):
                self.out(i, self.s[i].start())
        next_tick = TICK if start else self.now + TICK
        while self.now < until:
            if self.heap and self.heap[0][0] <= next_tick:
                self.now, _, to, frm, payload = heapq.heappop(self.heap)
                self.deliver(to, frm, payload)
                continue
            self.now = next_tick
            next_tick += TICK
            self.on_tick()
            for i, s in enumerate(self.s):
                if self.is_down(i, self.now) or s.done or s.halted or i in self.stopped:
                    continue
                try:
                    self._tick_seat(i, s)
                except Halted as h:
                    self.on_halt(i, h)
            live = [i for i in range(self.n) if i not in self.stopped and not self.is_down(i, self.now)]
            if all(self.s[i].done for i in live) and not self.heap:
                return

    def on_halt(self, seat: int, h: Halted) -> None:
        raise h

    def _tick_seat(self, i: int, s: Session) -> None:
        if any(isinstance(e, VotedOut) and e.seat == i for _, e in self.events[i]):
            # the shell (NetGame._dispatch): refuse a vote resting on one seat's word while this seat was
            # answering (its watch's clock says so), else stop
            if s.decided.get(i) and self.watch[i].was_answering(self.now):
                self.events[i] = [(t, e) for t, e in self.events[i]
                                  if not (isinstance(e, VotedOut) and e.seat == i)]
                self.out(i, s.refuse_vote())
            else:
                self.stopped.add(i)
                return
        connected = {j for j in range(self.n) if j != i and not self.is_down(j, self.now)}
        tk = self.watch[i].tick(self.now, connected, self.last_rx[i], connected)
        self.out(i, tk.out)


def _finish(sim: Sim) -> dict:
    """Every live seat's end: (places, abandoned, gone, final hash), checked alike on all of them."""
    ends = {}
    for i, s in enumerate(sim.s):
        if i in sim.stopped or sim.is_down(i, sim.now):
            continue
        assert s.halted is None, f"seat {i} halted: {s.halted}"
        assert s.done, f"seat {i} never finished (turn {s.turn}, waiting on {s.waiting_on()})"
        ends[i] = (tuple(s.places()), s.abandoned, dict(s.gone), s.my_hash[s.final_turn])
    assert len(set(map(repr, ends.values()))) == 1, f"the peers disagree: {ends}"
    # an observer of any live seat's log reaches the same end
    i = next(iter(ends))
    records = read_log(io.BytesIO(sim.logs[i][0].getvalue())).records
    obs = session_for(decode_signed(records[0]), sim.track)
    for rec in records[1:]:
        obs.receive(rec)
    assert obs.done and (tuple(obs.places()), obs.abandoned, dict(obs.gone), obs.my_hash[obs.final_turn]) == ends[i]
    return ends[i]


@pytest.mark.parametrize("seed", range(12))
def test_a_dead_seat_is_decided_alike_within_the_bound(seed):
    rng = random.Random(seed)
    game = by_seed(rng, seed)
    n = rng.choice([3, 4])
    sim = Sim(game, n, seed)
    dead = rng.randrange(n)
    die_at = rng.uniform(1.0, 12.0)
    sim.down[dead] = (die_at, 1e18)  # killed for good
    if rng.random() < 0.5:  # its last second of messages reach one peer only: the others need a relay
        sim.only_to[dead] = (rng.choice([j for j in range(n) if j != dead]), die_at - 1.0, die_at)
    sim.run(until=600.0)
    places, abandoned, gone, _ = _finish(sim)
    if not gone:  # the game ended before the death mattered
        return
    assert set(gone) == {dead} and not abandoned and sorted(places) == list(range(n))
    turns = set()
    for i in range(n):
        if i == dead:
            continue
        when = [t for t, e in sim.events[i] if isinstance(e, VotedOut) and e.seat == dead]
        assert len(when) == 1, f"seat {i}: {when}"
        turns.add(next(e.turn for _, e in sim.events[i] if isinstance(e, VotedOut)))
        # every pause ends within the absence and vote times plus a bounded margin (G7)
        assert when[0] - die_at <= ABSENT_AFTER + VOTE_AFTER + MARGIN, (seed, i, when[0] - die_at)
    assert len(turns) == 1, f"peers report different turns for the same vote: {turns}"


@pytest.mark.parametrize("game", KINDS)
@pytest.mark.parametrize("seed", range(6))
def test_a_seat_that_comes_back_before_the_vote_clears_its_absence(seed, game):
    """Defect G: an outage long enough to be declared absent, but shorter than the vote time, pauses the
    game; the seat's next message ends the pause; a later short outage is not voted on at all."""
    rng = random.Random(100 + seed)
    n = 3
    sim = Sim(game, n, 100 + seed)
    seat = rng.randrange(n)
    t1 = rng.uniform(2.0, 6.0)
    sim.down[seat] = (t1, t1 + ABSENT_AFTER + 0.5 * VOTE_AFTER)
    sim.run(until=t1 + 20)
    # a second, short outage (shorter than the absence time) later in the game
    t2 = sim.now + 1.0
    sim.down[seat] = (t2, t2 + 0.5 * ABSENT_AFTER)
    sim.run(until=600.0, start=False)
    places, abandoned, gone, _ = _finish(sim)
    assert not gone and not abandoned, f"a seat that came back was voted out: {gone}"
    for i in range(n):
        assert not sim.s[i].decided


@pytest.mark.parametrize("game", KINDS)
def test_votes_with_different_counts_still_decide(game):
    """Defect F (was: the game paused for good): seat 2's last messages reach seat 0 only, and seat 2 dies.
    Seat 1 declares it absent holding fewer of its messages than seat 0 holds; seat 0's relay (on that
    absence) brings seat 1 to seat 0's count; the vote is decided at the highest count any vote carries;
    both take the same decision at the same turn, and finish alike; an auditor agrees."""
    from test_absent_unit import ABSENT, Table, replay_log

    t = Table(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 5 for s in t.s))
    s0, s1 = t.s[0], t.s[1]
    low = s1.chain.next_seq(ABSENT)
    t.only_to[ABSENT] = 0  # seat 2's last messages reach seat 0 only, and seat 2 dies
    t.run(until=lambda: s0.chain.next_seq(ABSENT) > low)
    t.dead.add(ABSENT)
    t.run()
    assert s0.chain.next_seq(ABSENT) > s1.chain.next_seq(ABSENT) == low
    t.out(1, s1.declare_absent(ABSENT))  # with the lower count: seat 0 relays what it lacks
    t.run()
    assert s1.chain.next_seq(ABSENT) == s0.chain.next_seq(ABSENT) > low, "seat 0 relays on seat 1's absence"
    for s in (s0, s1):  # (seat 1 again, now holding as much as seat 0)
        t.out(s.me, s.declare_absent(ABSENT))
    t.run()
    assert s0.paused_on(ABSENT) and s1.paused_on(ABSENT)
    t.out(1, s1.cast_vote(ABSENT, "bot"))
    t.run()
    assert s0.my_votes[ABSENT] == s1.my_votes[ABSENT], "seat 0 joins the vote with the count it holds"
    for s in (s0, s1):
        assert ABSENT in s.gone, f"seat {s.me} never decided (the old defect F)"
    assert s0.gone == s1.gone and s0.gone[ABSENT][1] == s0.my_votes[ABSENT]
    t.run()
    for s in (s0, s1):
        assert s.halted is None and s.done
    assert s0.my_hash[s0.final_turn] == s1.my_hash[s1.final_turn] and t.over[0] == t.over[1]
    obs = replay_log(t)
    assert obs.gone == s0.gone and tuple(obs.places()) == t.over[0]


def _make_liar(s: Session, lie: int = 5) -> None:
    """The seat's absences and votes claim ``lie`` more of the absent seat's messages than it holds, and
    it relays nothing (as SNOWP2P_CHEAT=lying-count does in a real process, tests/net/test_attacks.py)."""
    from snowp2p.protocol.messages import Absent, Vote
    from snowp2p.protocol.session import Output

    def declare_absent(seat: int, owed=None) -> Output:
        out = Output()
        have = s.chain.next_seq(seat) + lie
        owed = owed or s.owed().get(seat)
        if seat != s.me and seat not in s.gone and seat not in s.decided and owed is not None \
                and have not in s.absent_haves.get((s.me, seat), ()) and not (s.halted or s.done):
            s._emit(Absent(seat, owed.turn, have, owed.what), out)
        return out

    s.declare_absent = declare_absent
    s._vote = lambda seat, choice, out: s._emit(Vote(seat, choice, s.chain.next_seq(seat) + lie), out)
    s._relay = lambda *a: None


@pytest.mark.parametrize("seed", range(8))
def test_a_seat_lying_about_its_count_does_not_freeze_the_game(seed):
    """Gap 1 (trust2; was: the game paused for good): a seat dies, and another claims to hold more of its
    messages than it ever relays.  The liar owes the honest peers that relay, so they wait on it like on
    any automatic message: they declare it absent and vote on it too; the dead seat's vote is then decided
    by the honest seats alone.  Every honest seat ends alike, within a bound, and an observer agrees."""
    rng = random.Random(200 + seed)
    game = by_seed(rng, 200 + seed)
    n = rng.choice([3, 4])
    sim = Sim(game, n, 200 + seed)
    dead, liar = rng.sample(range(n), 2)
    _make_liar(sim.s[liar])
    die_at = rng.uniform(1.0, 12.0)
    sim.down[dead] = (die_at, 1e18)
    try:
        sim.run(until=900.0)
    except Halted:  # (an honest seat stopped: checked below)
        pass
    honest = [i for i in range(n) if i not in (dead, liar)]
    halts = [sim.s[i].halted for i in honest if sim.s[i].halted is not None]
    if halts:
        # the liar may also hold (and withhold) a real message of the dead seat that it applied: its
        # state then differs from the honest seats' after the vote, and they stop naming it, and only it
        for h in halts:
            assert getattr(h, "culprit", getattr(h, "seat", None)) == liar, (liar, h)
        return
    if not all(sim.s[i].done for i in honest) and all(
            sim.s[i].waiting_for_move() and sim.s[i].state.public.current == liar for i in honest):
        # the liar's lie kept from it a message of the dead seat (nobody relays below a claimed count), so it
        # never moves: a connected seat that withholds its move stalls the game, which any client can do
        # (SPEC 8, 11.9: not covered; the lie gains it nothing more)
        return
    ends = {}
    for i in honest:
        s = sim.s[i]
        assert s.done, f"seat {i} never finished (turn {s.turn}, waiting on {s.waiting_on()})"
        ends[i] = (tuple(s.places()), s.abandoned, dict(s.gone), s.my_hash[s.final_turn])
    assert len(set(map(repr, ends.values()))) == 1, f"the honest peers disagree: {ends}"
    _, abandoned, gone, _ = ends[honest[0]]
    assert not abandoned and set(gone) <= {dead, liar}, gone
    if dead in gone:  # (the game may have ended before the death mattered)
        assert liar in gone or all(sim.s[i].chain.next_seq(dead) >= 0 for i in honest)
        when = [t for t, e in sim.events[honest[0]] if isinstance(e, VotedOut) and e.seat == dead][0]
        # bounded: the dead seat's pause, then the liar's (each: absence and vote times, plus margins)
        assert when - die_at <= 2 * (ABSENT_AFTER + VOTE_AFTER + MARGIN) + ABSENT_AFTER, (seed, when - die_at)
    records = read_log(io.BytesIO(sim.logs[honest[0]][0].getvalue())).records
    obs = session_for(decode_signed(records[0]), sim.track)
    for rec in records[1:]:
        obs.receive(rec)
    assert obs.done and (tuple(obs.places()), obs.abandoned, dict(obs.gone)) == ends[honest[0]][:3]

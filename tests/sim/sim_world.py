"""A deterministic simulator of a whole networked game, in one process (issue 18, p2p.md "Proof by simulation").

2-5 playing :class:`Session`s (Snow Tails, Mush! Mush!, Snake Carnival), each inside a model of its shell
(net/game.py ``NetGame``): its own log (every frame appended before it is acted on), the frames it has
sent, one link per other seat, and the shell's own absence timers (net/watch.py ``AbsenceWatch``) ticked
every quarter second of a *simulated* clock.  No sockets, no threads, no real clock: one seed is one run,
every time.

The network (``World``):

* one link (a TCP connection) per pair of seats, FIFO in each direction, with a seeded delay per frame;
  frames on different links overtake each other freely;
* a link that is cut (a drop, a partition, a crash, a ``relink`` of the watch) loses what was in flight;
  the higher seat dials the lower one again (as ``NetGame._dial``) and, as on a real redial, each side
  sends the other its own messages from the other's ``next`` (the ``link`` frame, SPEC 11.1) and
  passes on again what it had relayed (``Session.forget_relays``);
* a frame that runs ahead of its sender's chain cuts its link (``NetGame._precheck``);
* partitions (groups that can not reach each other for a while), crashes (the process is gone: its
  links close at once, it restarts later with ``Session.from_log`` from its own log, with the resume
  grace of ``snowp2p resume``), freezes (SIGSTOP: its links stay up, the kernel keeps what arrives, it acts on
  nothing until it wakes up, then takes in the backlog in order).  A crash can also fall between a frame
  being logged and the answer to it being sent (``crash_after_append``), which ``from_log`` must mend.

Honest seats choose their moves with the computer players (the game object's ``computer_move``) after a
seeded "think" delay.  A seat may instead follow a hostile strategy (sim_strategies.py).  What each peer
did is recorded (``Peer.finals``, ``Peer.overs``, ``Peer.end``, ...) for the invariants (sim_invariants.py).
"""

from __future__ import annotations

import hashlib
import heapq
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from snowp2p.games import find_game
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.errors import ProtocolError
from snowp2p.protocol.messages import BODY_TYPES, ZERO_HASH, Bye, Envelope, Seat, decode_signed, encode_signed
from snowp2p.protocol.roster import roster_body
from snowp2p.protocol.session import (
    GameOver, Halted, Output, TurnFinal, VotedOut, YourTurn,
)
from snowp2p.core.drbg import Rand
from snowp2p.core.errors import IllegalMove
from kit.sessions import session_for, session_from_log

TRACKS = Path(__file__).resolve().parents[1] / "resilience" / "tracks"  # short straight tracks
TICK = 0.25  # the shell's watch period (NetGame._watch)
LINGER = 3.0  # NetGame.linger: after the end, the last frames go out and the others' byes come in
LINGER_NUDGE = 1.0  # NetGame.LINGER_NUDGE
RESUME_GRACE = 5.0  # commands/resume.py: a resumed peer's grace is absent_after + 5 s


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


@dataclass
class Config:
    """The settings of one simulated game (what the bound is computed from, sim_invariants.bound)."""

    game: str = "snowtails"
    n: int = 3
    seed: int = 0
    absent_after: float = 3.0
    vote_after: float = 4.0
    move_time: int = 8  # the host's move time, whole seconds (roster settings "move_time", SPEC 11.9)
    think: tuple[float, float] = (0.05, 1.5)  # an honest seat's thinking time, seconds
    delay: tuple[float, float] = (0.005, 0.25)  # one frame's delay on a link
    redial: tuple[float, float] = (0.1, 1.0)  # a dialler's wait before it tries again
    max_rounds: int = 3  # a short game (the rules' own safety net, SledRules / SnakeRules.max_rounds)
    vote: str = "bot"  # what honest seats vote
    flush: bool = False  # a crash or an exit still delivers what the process had written to its links (kill -9 or
    # exit: the kernel sends the socket's buffer, then closes); False: they lose what was in flight


# ------------------------------------------------------------------ a game's table
_TABLES: dict[str, Any] = {}


def table_for(game: str):
    if game not in _TABLES:
        if game == "snake":
            from snowp2p.games.snake.tiles import load_tiles

            _TABLES[game] = load_tiles()
        else:
            from snowp2p.games.sled.track import load_track_file

            _TABLES[game] = load_track_file(TRACKS / f"short-{game}.toml")
    return _TABLES[game]


def rules_for(cfg: Config):
    if cfg.game == "snake":
        from snowp2p.games.snake.engine import SnakeRules

        return SnakeRules(max_rounds=cfg.max_rounds)
    from snowp2p.games.sled.config import SledRules

    return SledRules(game=cfg.game, max_rounds=cfg.max_rounds)


def make_roster(cfg: Config) -> tuple[bytes, list[Identity], list[bytes]]:
    """The host's signed roster of a game, the seats' identities and their game secrets."""
    ids = [Identity.from_seed(fixed(f"sim id {i}")) for i in range(cfg.n)]
    secrets = [fixed(f"sim secret {cfg.seed} {i}") for i in range(cfg.n)]
    table = table_for(cfg.game)
    body = roster_body(find_game(cfg.game), table, rules_for(cfg),
                       tuple(Seat(f"p{i}", ids[i].public_key, "127.0.0.1", 47700 + i) for i in range(cfg.n)),
                       int(cfg.move_time))  # the host's move time (roster settings, SPEC 11.9)
    roster = encode_signed(ids[0], Envelope(fixed(f"sim game {cfg.seed}"), 0, 0, ZERO_HASH, body))
    return roster, ids, secrets


# ------------------------------------------------------------------ links
@dataclass
class Conn:
    """One TCP connection between seats ``a`` < ``b``; frames in each direction arrive in order."""

    a: int
    b: int
    up: bool = True
    last: dict = field(default_factory=dict)  # (frm, to) -> arrival time of its last frame


class CrashNow(Exception):
    """A peer crashes right after a log append (between a frame logged and the answer sent)."""


# ------------------------------------------------------------------ one peer's shell
class Peer:
    """One seat's process: its session, log, links and watch (a model of NetGame)."""

    def __init__(self, world: "World", seat: int):
        self.w = world
        self.seat = seat
        self.identity = world.ids[seat]
        self.secret = world.secrets[seat]
        self.strategy = None  # a hostile strategy (sim_strategies), or None: honest
        self.log: list[bytes] = [world.roster]
        self.state = "running"  # running | crashed | exited
        self.frozen_until = -1.0
        self.backlog: list[tuple] = []  # frames that reached a frozen peer (the kernel kept them)
        self.crash_after_append = False
        self.restart_after: float | None = None  # a crash is followed by a resume this much later
        # what it did, for the invariants
        self.finals: dict[int, bytes] = {}  # turn -> the state hash of the first TurnFinal of it
        self.changed: list[str] = []  # a confirmed result that changed afterwards (G11)
        self.overs: list[GameOver] = []
        self.end: tuple[float, str] | None = None  # (when, how) this peer stopped playing
        self.halted: Any = None
        self.errors: list[str] = []  # internal errors (exceptions other than Halted) of this peer's session
        self.incarnations = 0
        self._fresh()
        self.session = session_for(decode_signed(world.roster), None, seat, self.identity, self.secret)
        self._set_up_session(resumed=False)

    def _fresh(self) -> None:
        self.sent: list[bytes] = []  # our own frames, in order (their seq)
        self.conns: dict[int, Conn] = {}
        self.last_rx: dict[int, float] = {}
        self.byes: set[int] = set()
        self.finishing_at: float | None = None  # the end came: links close LINGER s later
        self.stop_at: float | None = None

    def _set_up_session(self, resumed: bool) -> None:
        s = self.session
        s.vote_choice = self.w.cfg.vote
        grace = self.w.cfg.absent_after + RESUME_GRACE if resumed else 0.0
        self.watch = AbsenceWatch(s, self.w.cfg.absent_after, self.w.cfg.vote_after, self.w.cfg.vote, self.w.now,
                                  grace, resumed=resumed)
        self.sent = s.my_frames()
        self.byes = {i for i in range(s.n) if i != s.me and any(m.type == "bye" for m in s.chain.history(i))}

    # ---- views
    @property
    def alive(self) -> bool:
        return self.state == "running"

    def frozen(self) -> bool:
        return self.w.now < self.frozen_until

    def active(self) -> bool:
        """It runs and is not frozen: it acts."""
        return self.alive and not self.frozen()

    def connected(self) -> set[int]:
        return {j for j, c in self.conns.items() if c.up}

    def say(self, what: str) -> None:
        self.w.trace(f"p{self.seat}: {what}")

    # ---- the log and the sending side (NetGame._append_log, _queue, _dispatch)
    def append(self, payload: bytes) -> None:
        self.log.append(payload)
        if self.crash_after_append:
            self.crash_after_append = False
            raise CrashNow()

    def queue(self, payloads: list[bytes]) -> None:
        for p in payloads:
            if self.w.tracing:
                m = decode_signed(p)
                what = {k: getattr(m.body, k) for k in ("seat", "turn", "have", "owed", "choice", "event", "reason")
                        if hasattr(m.body, k)}
                self.w.trace(f"p{self.seat}: sends {m.type} #{m.seq} {what}")
            self.append(p)
            self.sent.append(p)
            for j in sorted(self.connected()):
                self.transmit(j, p)

    def transmit(self, to: int, payload: bytes, relay: bool = False) -> None:
        st = self.strategy
        if st is not None:
            payload = st.relayed(self, to, payload) if relay else st.outgoing(self, to, payload)
            if payload is None:
                return
        c = self.conns.get(to)
        if c is not None and c.up:
            self.w.send(c, self.seat, to, payload)

    def dispatch(self, out: Output) -> None:
        self.queue(out.send)
        for to, p in out.relay:
            self.transmit(to, p, relay=True)
        for ev in out.events:
            self.event(ev)

    def event(self, ev) -> None:
        s, w = self.session, self.w
        if self.strategy is not None:
            self.strategy.on_event(self, ev)
        if isinstance(ev, YourTurn):
            think = w.rng("think", self.seat).uniform(*w.cfg.think)
            w.at(w.now + think, "think", self.seat, ev.turn, self.incarnations)
        elif isinstance(ev, TurnFinal):
            old = self.finals.setdefault(ev.turn, ev.state_hash)
            if old != ev.state_hash:
                self.changed.append(f"turn {ev.turn} confirmed as {old.hex()[:8]}, later as {ev.state_hash.hex()[:8]}")
        elif isinstance(ev, VotedOut):
            w.trace(f"p{self.seat}: seat {ev.seat} voted out ({ev.choice}) at turn {ev.turn}")
            if ev.seat == s.me:
                verdict = self.watch.vote_verdict(w.now)
                if verdict == "wait":
                    w.trace(f"p{self.seat}: waits for the others' votes before refusing the vote on itself")
                    return
                self.vote_on_me(verdict)
        elif isinstance(ev, GameOver):
            if self.overs and self.overs[0] != ev:
                self.changed.append(f"game over as {self.overs[0]}, later as {ev}")
            self.overs.append(ev)
            w.trace(f"p{self.seat}: game over {ev}")
            self.bye("game over")
            self.finish("game over")

    def vote_on_me(self, verdict: str) -> None:
        """Refuse or accept a decided vote on this seat (NetGame._vote_on_me, AbsenceWatch.vote_verdict)."""
        if verdict == "refuse":
            # G10: a vote on a seat that was answering, resting on one seat's word, is refused; the voter is
            # treated as leaving (SPEC 11.9)
            self.w.trace(f"p{self.seat}: refuses the vote on itself")
            try:
                self.dispatch(self.session.refuse_vote())
            except Halted as h:
                self.halt(h.reason)
            return
        self.bye("voted out")
        self.finish("voted out")

    def bye(self, reason: str) -> None:
        s = self.session
        if any(m.type == "bye" for m in s.chain.history(s.me)[-3:]):
            return
        env = Envelope(s.game_id, s.me, s.chain.next_seq(s.me), s.chain.head(s.me), Bye(reason[:200]))
        payload = encode_signed(self.identity, env)
        try:
            s.check(payload)
        except (ProtocolError, Halted):
            return
        self.queue([payload])

    def finish(self, how: str) -> None:
        """The end on this peer (NetGame._finished): frames still come in for LINGER s, then it exits."""
        if self.end is None:
            self.end = (self.w.now, how)
        if self.finishing_at is None:
            self.finishing_at = self.w.now
            self.w.at(self.w.now + LINGER, "exit", self.seat, self.incarnations)
            self.w.at(self.w.now + LINGER_NUDGE, "lingernudge", self.seat, self.incarnations)

    def lingers(self) -> bool:
        """NetGame._lingers past LINGER: a played-out peer waits, up to absent_after from its end, while a seat
        whose bye is not in has no live link (its redials may still hand over its last messages; seed 7205)."""
        s = self.session
        if not (s.done and s.halted is None and s.me not in s.gone):
            return False
        if self.w.now >= self.finishing_at + max(LINGER, self.w.cfg.absent_after):
            return False
        return any(j not in self.byes and j not in s.gone and not (j in self.conns and self.conns[j].up)
                   for j in range(s.n) if j != s.me)

    def nudge_laggards(self) -> None:
        """NetGame._nudge_laggards: a second into the linger after a game over, a seat whose bye is not in gets
        every other seat's messages of the last turn, once."""
        s = self.session
        if not s.done or s.halted is not None:
            return
        for j in sorted(self.connected()):
            if j not in self.byes and j not in s.gone:
                for to, p in s.nudge(j).relay:
                    self.transmit(to, p, relay=True)

    def halt(self, reason) -> None:
        self.halted = reason
        self.w.trace(f"p{self.seat}: HALTED {reason}")
        self.queue(self.session.my_frames()[len(self.sent):])
        if self.end is None or self.end[1] not in ("game over", "voted out"):
            self.bye(f"stopped: {reason}")
            self.finish(f"halted: {reason}")

    # ---- the receiving side (NetGame._on_frame)
    def receive(self, frm: int, payload: bytes) -> None:
        s = self.session
        if self.finishing_at is not None and s.halted is None and not s.done:
            return
        if s.halted is not None or (self.strategy is not None and not self.strategy.hears(self)):
            return
        msg = decode_signed(payload)
        if not BODY_TYPES[msg.type].CHAINED or msg.envelope.game != s.game_id:
            self.w.cut(frm, self.seat, "a frame that is not of this game")
            return
        if msg.sender == frm:
            if not s._frozen(frm, msg.seq) and msg.seq > s.chain.next_seq(frm):
                self.w.cut(frm, self.seat, f"{msg.type} {msg.seq} ran ahead of {s.chain.next_seq(frm)}")
                return
        elif msg.sender >= s.n or msg.sender == s.me:
            self.w.cut(frm, self.seat, "a relay of our own message")
            return
        self.last_rx[frm] = self.w.now
        relayed = msg.sender != frm
        if self.w.tracing:
            how = "relayed " if relayed else ""
            self.w.trace(f"p{self.seat}: <- p{frm} {how}{msg.type} of p{msg.sender} #{msg.seq}"
                         f" (held {s.chain.next_seq(msg.sender)})")
        try:
            m = s.check(payload, from_seat=frm, msg=msg, relayed=relayed)
        except Halted as h:
            self.append(payload)
            self.halt(h.reason)
            return
        except ProtocolError as e:  # a bad relay: costs that connection only
            self.w.cut(frm, self.seat, f"refused a relay: {e}")
            return
        if m is None:
            return
        self.append(payload)
        if m.type == "bye":
            self.byes.add(m.sender)
        try:
            out = s.handle(m)
        except Halted as h:
            self.halt(h.reason)
            return
        self.dispatch(out)
        # (a bye is never a reason to stop: a seat that leaves is voted out at once and a computer player takes
        # its seat, SPEC 11.9 *Bye*; NetGame._on_frame)

    def stop(self, why: str) -> None:
        if self.finishing_at is None:
            self.say(f"stopped: {why}")
            self.finish(f"stopped: {why}")

    # ---- the timers (NetGame._watch)
    def tick(self) -> None:
        st = self.strategy
        if st is not None and not st.tick(self):
            return
        s = self.session
        if self.finishing_at is not None or s.halted:
            return
        try:
            tk = self.watch.tick(self.w.now, self.connected(), self.last_rx, self.connected())
        except Halted as h:
            self.halt(h.reason)
            return
        for seat in tk.relink:
            self.last_rx[seat] = self.w.now
            self.w.cut(self.seat, seat, "relink (a silent link)")
        for line in tk.say:
            self.say(line)
        if tk.vote_on_me is not None:
            self.vote_on_me(tk.vote_on_me)
            return
        self.dispatch(tk.out)
        if tk.give_up:
            self.stop(tk.give_up)

    def think(self, turn: int) -> None:
        """An honest seat's move, chosen by the computer player (the strategy may do otherwise)."""
        s = self.session
        if s.away_held and self.finishing_at is None and not s.halted:  # its clock's verdict first (NetGame._play_turn)
            try:
                tk = self.watch.settle(self.w.now)
            except Halted as h:
                self.halt(h.reason)
                return
            for line in tk.say:
                self.say(line)
            self.dispatch(tk.out)
        if self.finishing_at is not None or s.halted or s.turn != turn or not s.my_turn():
            return
        if self.strategy is not None and self.strategy.on_turn(self, turn):
            return
        action = s.game.computer_move(s.state, Rand(fixed(f"sim think {self.w.cfg.seed} {self.seat} {turn}")))
        try:
            out = s.submit(action)
        except Halted as h:
            self.halt(h.reason)
            return
        except IllegalMove:
            return
        self.dispatch(out)

    # ---- crash and restart (kill -9, then `snowp2p resume`)
    def crash(self) -> None:
        if self.state != "running":
            return
        self.w.trace(f"p{self.seat}: CRASH (log of {len(self.log)} records)")
        self.state = "crashed"
        self.frozen_until = -1.0
        self.backlog = []
        for j in list(self.conns):
            self.w.close(self, j, "crash")

    def restart(self) -> None:
        if self.state != "crashed":
            return
        self.incarnations += 1
        try:
            session, missing = session_from_log(list(self.log), None, self.seat, self.identity, self.secret)
        except Halted as h:  # its log holds the proof of an offence: `resume` says so and stops
            self.state = "exited"
            self.halted = h.reason
            if self.end is None:
                self.end = (self.w.now, f"halted: {h.reason}")
            return
        self.session = session
        self._fresh()
        self.state = "running"
        self._set_up_session(resumed=True)
        self.w.trace(f"p{self.seat}: RESTART from {len(self.log)} records ({len(missing)} frames to send)")
        if session.halted is not None:  # (halted while it replayed: it stays stopped)
            self.state = "exited"
            return
        self.queue(missing)
        if self.strategy is not None:
            self.strategy.attach(self)
        # its old results: a resumed peer that had finished reports its end again
        self.dispatch(session.resume_events())
        for j in range(session.n):
            if j != self.seat:
                self.w.dial_soon(self.seat, j)


# ------------------------------------------------------------------ the world
class World:
    def __init__(self, cfg: Config, strategies: dict[int, Any] | None = None, trace: bool = False):
        self.cfg = cfg
        self._rngs: dict[tuple, random.Random] = {}
        self.now = 0.0
        self.heap: list = []
        self.order = 0
        self.tracing = trace
        self.lines: list[str] = []
        self.roster, self.ids, self.secrets = make_roster(cfg)
        self.peers = [Peer(self, i) for i in range(cfg.n)]
        self.partitions: list[tuple[float, float, list[set[int]]]] = []
        self.faults: dict[int, float] = {i: 0.0 for i in range(cfg.n)}  # seat -> time it was away (crash, freeze, cut)
        self.faulted: set[int] = set()  # seats that were crashed, frozen or cut off from the most by a partition
        self.apart: set[tuple[int, int]] = set()  # (a, b): a partition kept seat a from seat b for a while
        self.cuts = 0
        self.dialing: set[tuple[int, int]] = set()
        self.exited_at: dict[int, float] = {}  # seat -> when its process exited after the end
        for seat, st in (strategies or {}).items():
            self.peers[seat].strategy = st
            st.bind(self, seat)

    # ---- bookkeeping
    def rng(self, *what) -> random.Random:
        """The seeded randomness of one thing (a link's delays, a seat's thinking, a pair's redials): one stream
        each, so that a change in one does not shift every other (a seed's run stays much the same run)."""
        r = self._rngs.get(what)
        if r is None:
            r = self._rngs[what] = random.Random(f"{self.cfg.seed} {what}")
        return r

    def trace(self, line: str) -> None:
        if self.tracing:
            self.lines.append(f"{self.now:8.3f} {line}")

    def at(self, when: float, kind: str, *args) -> None:
        self.order += 1
        heapq.heappush(self.heap, (when, self.order, kind, args))

    def partitioned(self, a: int, b: int, when: float | None = None) -> bool:
        t = self.now if when is None else when
        for start, end, groups in self.partitions:
            if start <= t < end and not any(a in g and b in g for g in groups):
                return True
        return False

    # ---- links
    def send(self, c: Conn, frm: int, to: int, payload: bytes) -> None:
        arrive = max(self.now + self.rng("delay", frm, to).uniform(*self.cfg.delay), c.last.get((frm, to), 0.0))
        c.last[(frm, to)] = arrive
        self.at(arrive, "frame", c, frm, to, payload)

    def cut(self, a: int, b: int, why: str) -> None:
        c = self.peers[a].conns.get(b)
        if c is not None:
            self._drop(c, a, b, why)

    def _drop(self, c: Conn, a: int, b: int, why: str) -> None:
        """The link ``c`` between ``a`` and ``b`` goes down (what is still in flight on it is lost); ``b`` is dialled again."""
        if not c.up:
            return
        c.up = False
        self.cuts += 1
        self.trace(f"cut {a}-{b}: {why}")
        self.dial_soon(a, b)

    def close(self, p: Peer, j: int, why: str) -> None:
        """``p``'s process is gone (a crash, or its exit after the end): its link to ``j`` closes.  With
        ``Config.flush`` what it had written still arrives first (the kernel sends it, then the FIN); else it is lost."""
        c = p.conns.get(j)
        last = c.last.get((p.seat, j), 0.0) if c is not None else 0.0
        if self.cfg.flush and c is not None and c.up and last > self.now:
            self.at(last + 1e-6, "close", c, p.seat, j, why)
        else:
            self.cut(p.seat, j, why)

    def dial_soon(self, a: int, b: int) -> None:
        """The higher seat of the pair dials the lower one (NetGame._dial), after a seeded wait."""
        lo, hi = min(a, b), max(a, b)
        if (lo, hi) in self.dialing:
            return
        self.dialing.add((lo, hi))
        self.at(self.now + self.rng("dial", lo, hi).uniform(*self.cfg.redial), "dial", lo, hi)

    def dial(self, lo: int, hi: int) -> None:
        self.dialing.discard((lo, hi))
        pl, ph = self.peers[lo], self.peers[hi]
        if not ph.alive:
            return  # the dialler is gone (NetGame._dial goes on while the peer lingers after its end)
        c = ph.conns.get(lo)
        if c is not None and c.up and pl.conns.get(hi) is c:
            return
        # the handshake needs both processes running, unfrozen, and a network between them
        if (not pl.alive or pl.frozen() or ph.frozen() or self.partitioned(lo, hi)
                or pl.state == "exited"):
            if pl.state != "exited":
                self.dial_soon(lo, hi)
            return
        if pl.finishing_at is not None and self.now >= pl.finishing_at + LINGER:
            return
        self.attach(lo, hi)

    def attach(self, lo: int, hi: int) -> None:
        """A new connection: each side sends the other its messages from the other's ``next`` (link{next})
        and relays again what it had relayed (forget_relays)."""
        pl, ph = self.peers[lo], self.peers[hi]
        c = Conn(lo, hi)
        for p in (pl, ph):
            old = p.conns.get(hi if p is pl else lo)
            if old is not None:
                old.up = False
        pl.conns[hi] = c
        ph.conns[lo] = c
        self.trace(f"link {lo}-{hi} up")
        nexts = {lo: ph.session.chain.next_seq(lo), hi: pl.session.chain.next_seq(hi)}  # what each holds of the other
        for p, other in ((pl, hi), (ph, lo)):
            p.last_rx[other] = self.now
            for payload in p.sent[nexts[p.seat]:]:
                p.transmit(other, payload)
            p.dispatch(Output(relay=p.session.forget_relays(other).relay))

    # ---- running
    def start(self) -> None:
        for i in range(self.cfg.n):
            for j in range(i + 1, self.cfg.n):
                self.attach(i, j)
        for p in self.peers:
            if p.strategy is not None:
                p.strategy.attach(p)
            self._guard(p, lambda p=p: p.dispatch(p.session.start()))
        self.at(TICK, "tick")

    def _guard(self, p: Peer, fn) -> None:
        try:
            fn()
        except CrashNow:
            self._crash(p.seat)
        except Halted as h:  # (a message this peer signed on its way, e.g. a hostile seat's own, halted it)
            p.halt(h.reason)
        except Exception as e:  # an internal error: NetGame would cut the connection or stop (G9); recorded
            import traceback

            where = traceback.extract_tb(e.__traceback__)[-1]
            p.errors.append(f"{type(e).__name__}: {e} at {Path(where.filename).name}:{where.lineno}")
            self.trace(f"p{p.seat}: INTERNAL ERROR {p.errors[-1]}")
            if p.end is None:
                p.end = (self.now, f"internal error: {p.errors[-1]}")
            p.state = "exited"
            for j in list(p.conns):
                self.cut(p.seat, j, "internal error")

    def _crash(self, seat: int) -> None:
        """The process of ``seat`` dies now; it is started again (resume) ``restart_after`` s later, if set."""
        p = self.peers[seat]
        if p.state != "running":
            return
        self.faulted.add(seat)
        p.crash()
        if p.restart_after is not None:
            self.at(self.now + p.restart_after, "restart", seat)

    def run(self, until: float, stop=None) -> None:
        """Run events up to ``until`` (simulated seconds), or until ``stop()`` is true."""
        while self.heap:
            when, _, kind, args = self.heap[0]
            if when > until:
                break
            heapq.heappop(self.heap)
            self.now = max(self.now, when)
            self.step(kind, args)
            if kind == "tick" and stop is not None and stop():
                break
        self.now = max(self.now, min(until, self.heap[0][0] if self.heap else until))

    def step(self, kind: str, args: tuple) -> None:
        if kind == "frame":
            c, frm, to, payload = args
            if not c.up:
                return
            p = self.peers[to]
            if not p.alive or p.conns.get(frm) is not c:  # (a link of its process before a crash: Config.flush)
                return
            if p.frozen():
                p.backlog.append((c, frm, payload))
                return
            self._guard(p, lambda: p.receive(frm, payload))
        elif kind == "tick":
            for p in self.peers:
                if p.active():
                    self._guard(p, p.tick)
            self.at(self.now + TICK, "tick")
        elif kind == "think":
            seat, turn, inc = args
            p = self.peers[seat]
            if p.incarnations != inc or not p.alive:
                return
            if p.frozen():
                self.at(p.frozen_until, "think", seat, turn, inc)
                return
            self._guard(p, lambda: p.think(turn))
        elif kind == "dial":
            self.dial(*args)
        elif kind == "exit":
            seat, inc = args
            p = self.peers[seat]
            if p.incarnations == inc and p.state == "running" and p.lingers():
                self.at(self.now + 0.25, "exit", seat, inc)
            elif p.incarnations == inc and p.state == "running":
                p.state = "exited"
                self.exited_at[seat] = self.now
                for j in list(p.conns):
                    self.close(p, j, "exit")
                self.dialing = {d for d in self.dialing if seat not in d}
        elif kind == "lingernudge":
            seat, inc = args
            p = self.peers[seat]
            if p.incarnations == inc and p.alive and not p.frozen():
                p.nudge_laggards()
        elif kind in ("crash", "crash_soon"):  # now, or right after its next log append ("crash_soon")
            seat, down = args
            p = self.peers[seat]
            p.restart_after = down
            if kind == "crash":
                self._crash(seat)
            else:
                p.crash_after_append = True
        elif kind == "restart":
            seat, = args
            p = self.peers[seat]
            self._guard(p, p.restart)
        elif kind == "freeze":
            seat, until = args
            p = self.peers[seat]
            self.faulted.add(seat)
            p.frozen_until = max(p.frozen_until, until)
            self.at(until, "thaw", seat)
        elif kind == "thaw":
            seat, = args
            p = self.peers[seat]
            if p.frozen() or not p.alive:
                return
            backlog, p.backlog = p.backlog, []
            for c, frm, payload in backlog:
                if c.up and p.alive and not p.frozen():
                    self._guard(p, lambda frm=frm, payload=payload: p.receive(frm, payload))
            for j in range(self.cfg.n):  # (a dial that failed meanwhile)
                if j != seat:
                    self.dial_soon(seat, j)
        elif kind == "close":  # a link of a process gone, once what it had written arrived (Config.flush, World.close)
            c, a, b, why = args
            self._drop(c, a, b, f"{why} (its last frames delivered)")
        elif kind == "cut":
            a, b = args
            self.cut(a, b, "dropped by the network")
        elif kind == "partition":
            end, groups = args
            self.partitions.append((self.now, end, groups))
            self.faulted |= min(groups, key=len)  # (the seats cut off from the most)
            self.apart |= {(a, b) for a in range(self.cfg.n) for b in range(self.cfg.n)
                           if not any(a in g and b in g for g in groups)}
            for a in range(self.cfg.n):
                for b in range(a + 1, self.cfg.n):
                    if not any(a in g and b in g for g in groups):
                        self.cut(a, b, "partition")
            self.at(end, "heal")
        elif kind == "heal":
            for a in range(self.cfg.n):
                for b in range(a + 1, self.cfg.n):
                    self.dial_soon(a, b)
        elif kind == "crash_on_pause":  # crash ``seat`` ``delay`` s after a peer first declared ``on`` absent
            seat, on, delay, down, how, on_back = args  # on_back: restart ``on`` that long after ``seat`` is back
            if any(q.alive and q.seat != on and q.session.absent_haves.get((q.seat, on)) for q in self.peers):
                self.at(self.now + delay, how, seat, down)
                if on_back is not None:
                    self.at(self.now + delay + down + on_back, "restart", on)
            elif self.now < 300:
                self.at(self.now + TICK, kind, *args)
        elif kind == "call":
            fn, = args
            fn()
        else:
            raise AssertionError(kind)

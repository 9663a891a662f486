"""Hostile seats for the simulator (issue 18 "What to build" 2; p2p.md G7, G7a, G10).

Each strategy wraps an honest seat (sim_world.Peer): it plays honestly until its moment ``at`` (simulated
seconds), then misbehaves in one way.  Hostile messages are real messages signed with the seat's own
identity, built as the client's test-only cheat modes build theirs (snowp2p/net/cheats.py): the session's
own ``_emit`` for messages an honest client could send at another moment, or a raw signature appended to
its own chain (``_raw``) for messages its session would refuse to send.

Hooks (all optional), called by the peer's shell:

* ``attach(peer)``      at the start and after a restart (replaces session steps: liar, never votes, ...)
* ``on_turn(peer, t)``  its move is due; True: handled here (the honest move is not made)
* ``outgoing(peer, to, payload)`` / ``relayed(...)``: each frame, per destination; None drops it
* ``tick(peer)``        every watch tick; False: the shell's watch does not run this tick
* ``hears(peer)``       False: frames that reach it are dropped unread
* ``on_event(peer, ev)`` every session event on this peer (GameOver: the end, ...)

``left_at`` is the moment from which the seat counts as having left (G10: its result may be no better
than a computer player's from there; sim_invariants.py).
"""

from __future__ import annotations

from snowp2p.protocol.messages import Absent, Envelope, Vote, decode_signed, encode_signed
from snowp2p.protocol.session import Evidence, GameOver, Output
from snowp2p.core.drbg import Rand

from sim_world import Peer, World, fixed


def absent(s, seat: int, have: int, owed=None) -> Absent:
    """An absent about ``seat`` holding ``have`` of its messages, for what the session says it owes
    (``Session.owed``; a seat that owes nothing is held to its move)."""
    owed = owed or s.owed().get(seat)
    return Absent(seat, s.turn, have, owed.what if owed is not None else "move")


class Strategy:
    name = "honest"

    def __init__(self, at: float = 0.0, **kw):
        self.at = at
        self.kw = kw

    def bind(self, world: World, seat: int) -> None:
        self.w = world
        self.seat = seat

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v}" for k, v in self.kw.items())
        return f"{self.name}(at={self.at:.2f}{extra})"

    def on(self) -> bool:
        return self.w.now >= self.at

    # hooks
    def attach(self, peer: Peer) -> None:
        pass

    def on_turn(self, peer: Peer, turn: int) -> bool:
        return False

    def outgoing(self, peer: Peer, to: int, payload: bytes):
        return payload

    def relayed(self, peer: Peer, to: int, payload: bytes):
        return payload

    def tick(self, peer: Peer) -> bool:
        return True

    def hears(self, peer: Peer) -> bool:
        """False: the frames that reach it are dropped unread (its session answers nothing)."""
        return True

    def on_event(self, peer: Peer, ev) -> None:
        pass

    # helpers
    @staticmethod
    def raw(peer: Peer, body) -> bytes:
        """Sign ``body`` as the seat's next message, bypassing every check of its own session, and send it
        (cheats.Cheat._raw)."""
        s = peer.session
        env = Envelope(s.game_id, s.me, s.chain.next_seq(s.me), s.chain.head(s.me), body)
        payload = encode_signed(peer.identity, env)
        s.chain.accept(decode_signed(payload), signed_here=True)
        peer.queue([payload])
        return payload

    @staticmethod
    def emit(peer: Peer, body) -> None:
        """Send ``body`` through the seat's own session (its state follows, as for its own messages)."""
        out = Output()
        peer.session._emit(body, out)
        peer.dispatch(out)

    def victim(self, peer: Peer) -> int:
        s = peer.session
        others = [i for i in range(s.n) if i != s.me and i not in s.gone]
        return others[self.kw.get("pick", 0) % len(others)] if others else (s.me + 1) % s.n


# ----------------------------------------------------------------------------- absence
class Crash(Strategy):
    """Silent: the process dies at ``at`` and never comes back (kill -9; issue cases 3, 6)."""

    name = "crash"

    def bind(self, world, seat):
        super().bind(world, seat)
        world.at(self.at, "crash", seat, None)


class SilentMover(Strategy):
    """Connected but silent mover (case 7): from ``at`` on it never makes its move, yet answers everything
    else (reveals, acks, absences, votes): a player who walked away, links up."""

    name = "silent-mover"

    def on_turn(self, peer, turn):
        return self.on()


class DeadConnected(Strategy):
    """A client whose session died but whose sockets stay open (case 7): from ``at`` on it acts on nothing
    and sends nothing, its links stay up."""

    name = "dead-connected"

    def bind(self, world, seat):
        super().bind(world, seat)
        world.at(self.at, "freeze", seat, 1e9)


class Frozen(Strategy):
    """SIGSTOP at ``at`` for ``for_`` seconds, then SIGCONT (cases 8, 9, 10): links up, the kernel keeps what
    arrives, the process takes it all in when it wakes."""

    name = "frozen"

    def bind(self, world, seat):
        super().bind(world, seat)
        world.at(self.at, "freeze", seat, self.at + self.kw["for_"])


# ----------------------------------------------------------------------------- voters that do not vote
class NeverDeclares(Strategy):
    """A voter that never declares anyone absent (case 3): its session's declare step does nothing."""

    name = "never-declares"

    def attach(self, peer):
        s = peer.session
        honest = s.declare_absent
        s.declare_absent = lambda seat, *a: Output() if self.on() else honest(seat, *a)


class NeverVotes(Strategy):
    """A voter that declares but never votes (case 3)."""

    name = "never-votes"

    def attach(self, peer):
        s = peer.session
        cast, vote = s.cast_vote, s._vote
        s.cast_vote = lambda seat, choice: Output() if self.on() else cast(seat, choice)
        s._vote = lambda seat, choice, out: None if self.on() else vote(seat, choice, out)


class LiesCount(Strategy):
    """Claims in every absent/vote to hold ``lie`` more of the absent seat's messages than it does, and relays
    nothing (cheats ``lying-count``)."""

    name = "lies-count"

    def attach(self, peer):
        s = peer.session
        lie = self.kw.get("lie", 5)

        def declare_absent(seat, owed=None):
            out = Output()
            have = s.chain.next_seq(seat) + lie
            if (seat == s.me or seat in s.gone or seat in s.decided or have in s.absent_haves.get((s.me, seat), ())
                    or s.halted or s.done):
                return out
            s._emit(absent(s, seat, have, owed), out)
            return out

        s.declare_absent = declare_absent
        s._vote = lambda seat, choice, out: s._emit(Vote(seat, choice, s.chain.next_seq(seat) + lie), out)

    def relayed(self, peer, to, payload):
        return None


# ----------------------------------------------------------------------------- withholding
class Trickle(Strategy):
    """From ``at`` it withholds everything it owes (its session acts on nothing more) but sends another
    message every ``every`` s: an evidence copying one of its own messages with a far-future seq, or an
    absent about another seat with a growing count (case 4).  Each is validly signed and chained."""

    name = "trickle"

    def bind(self, world, seat):
        super().bind(world, seat)
        self.k = 0
        self.next_at = self.at

    def tick(self, peer):
        if not self.on():
            return True
        if self.w.now >= self.next_at and peer.finishing_at is None:
            self.next_at = self.w.now + self.kw.get("every", 2.0)
            s = peer.session
            self.k += 1
            if self.kw.get("kind", "evidence") == "evidence":
                far = encode_signed(peer.identity, Envelope(s.game_id, s.me, 1_000_000 + self.k, bytes(32),
                                                            absent(s, self.victim(peer), 0)))
                self.raw(peer, Evidence((far,)))
            else:
                x = self.victim(peer)
                self.raw(peer, absent(s, x, s.chain.next_seq(x) + self.k))
        return False  # its own watch: nothing (it declares nobody, votes on nobody)

    def hears(self, peer):
        return not self.on()  # (what it takes in would make its session answer: it answers nothing)

    def on_turn(self, peer, turn):
        return self.on()


class Omit(Strategy):
    """Sends its move of a turn from ``at`` on to one peer only (case 5): every other peer never gets it from
    this seat (on every link and every redial)."""

    name = "omit"

    def bind(self, world, seat):
        super().bind(world, seat)
        self.omitted: set[bytes] = set()

    def outgoing(self, peer, to, payload):
        if payload in self.omitted:
            return payload if to == self.kw.get("to_", self.only(peer)) else None
        if self.on() and not self.omitted:
            m = decode_signed(payload)
            if m.type == "move":
                self.omitted.add(payload)
                return payload if to == self.only(peer) else None
        return payload

    def only(self, peer):
        if "to_" not in self.kw:
            self.kw["to_"] = self.victim(peer)
        return self.kw["to_"]


class Equivocate(Strategy):
    """At its first turn from ``at`` on, signs two different moves for the turn: the lowest other seat gets
    the twin (and every later message re-linked onto it), the others the original (cheats ``equivocate``)."""

    name = "equivocate"

    def bind(self, world, seat):
        super().bind(world, seat)
        from snowp2p.net.cheats import Cheat

        self.cheat = Cheat("equivocate")  # its fork of our chain for the fork seat (Cheat._forked)
        self.twin = None

    def on_turn(self, peer, turn):
        if self.twin is not None or not self.on():
            return False
        s = peer.session
        if s.game.cheats is None:  # Snake Carnival: its own computer player and random moves (it crashed before)
            from snowp2p.games.snake.bot import random_snake_action as random_action
        else:
            from snowp2p.games.sled.bot import random_action

        action = s.game.computer_move(s.state, Rand(fixed(f"sim think {self.w.cfg.seed} {self.seat} {turn}")))
        twin = None
        for k in range(12):
            a = random_action(s.state, Rand(fixed(f"twin {k} {turn}")))
            if a == action:
                continue
            if s.g.hidden:
                from snowp2p.games.sled.cheats import _NoDraws
                from snowp2p.games.sled import engine as sled

                try:
                    if sled.apply(s.state, a, _NoDraws()).sled(s.me).generation != s.state.sled(s.me).generation:
                        continue
                except Exception:
                    continue
            twin = a
            break
        if twin is None:
            return False
        out = s.submit(action)
        for p in out.send:
            m = decode_signed(p)
            if m.type == "move":
                openings = s.openings(twin)
                body = s.move_body(s.g.action_to_wire(twin), openings)
                self.twin = encode_signed(peer.identity, Envelope(m.envelope.game, s.me, m.seq, m.envelope.prev, body))
                c = self.cheat
                c.twin, c.original, c.fork_seq = self.twin, p, m.seq
                self.fork_seat = min(x for x in range(s.n) if x != s.me)
        peer.dispatch(out)
        return True

    def outgoing(self, peer, to, payload):
        if self.twin is None or to != self.fork_seat:
            return payload
        return self.cheat._forked(peer, payload)  # (the peer has the seat's ``identity``, as a NetGame has)


# ----------------------------------------------------------------------------- votes
class VotePresent(Strategy):
    """At ``at`` declares a connected, playing seat absent and votes on it (``choice``: "end" or "bot"), then
    plays on (case 2; cheats ``vote-out``)."""

    name = "vote-present"

    def bind(self, world, seat):
        super().bind(world, seat)
        self.done = False

    def tick(self, peer):
        if self.on() and not self.done and peer.session.state is not None and peer.finishing_at is None:
            self.done = True
            s = peer.session
            x = self.victim_seat = self.victim(peer)
            self.emit(peer, absent(s, x, s.chain.next_seq(x)))
            self.emit(peer, Vote(x, self.kw.get("choice", "end"), s.chain.next_seq(x)))
        return True


class VoteAfterEnd(Strategy):
    """The moment the game is over here, declares the seat that placed first absent and votes to end the
    game (case 1: the late vote that erased a finished game)."""

    name = "vote-after-end"

    def on_event(self, peer, ev):
        if isinstance(ev, GameOver) and ev.places and self.on():
            s = peer.session
            x = next((p for p in ev.places if p != s.me), None)
            if x is None:
                return
            self.raw(peer, absent(s, x, s.chain.next_seq(x)))
            self.raw(peer, Vote(x, self.kw.get("choice", "end"), s.chain.next_seq(x)))


class RelinkStorm(Strategy):
    """From ``at`` on, cuts all of its links every ``every`` seconds (the others redial it)."""

    name = "relink-storm"

    def bind(self, world, seat):
        super().bind(world, seat)
        self.next_at = self.at

    def tick(self, peer):
        if self.on() and self.w.now >= self.next_at:
            self.next_at = self.w.now + self.kw.get("every", 0.5)
            for j in sorted(peer.connected()):
                self.w.cut(self.seat, j, "relink storm")
        return True


class Quit(Strategy):
    """The player types ``quit`` at ``at`` (NetGame.leave): its client signs ``bye{"left"}``, its last message, and
    stops (after its linger).  A bye is never a reason for the others to stop: it is leaving, voted out at once
    when the game needs it, and a computer player takes its seat (SPEC 11.9, *Bye*; brief of branch s18c)."""

    name = "quit"

    def tick(self, peer):
        if self.on() and peer.finishing_at is None and peer.session.state is not None:
            peer.bye("left")
            peer.finish("left")
            return False
        return True


class LieAway(Strategy):
    """The attack on the rule "Who votes on a seat that failed its part as a voter" (SPEC 11.9): at ``at`` (three
    seats or more) it declares an answering seat ``W`` absent with a claim no count refutes (``owed: relay``, at the
    count it holds), then declares a third seat ``X`` absent for its declaration (``owed: declare``: X did not
    declare W, rightly) and votes on ``X``.  The voters' signed absents count W away for the vote on X on every
    peer, W's own too, so the vote rests on this seat's word alone: W must not follow it while X refuses it (the
    honest seats would part).  Then it plays on."""

    name = "lie-away"

    def bind(self, world, seat):
        super().bind(world, seat)
        self.done = False

    def tick(self, peer):
        s = peer.session
        if (self.on() and not self.done and s.state is not None and peer.finishing_at is None and not s.over
                and len([i for i in s.present() if i != s.me]) >= 2):
            self.done = True
            others = [i for i in s.present() if i != s.me]
            w = self.away_seat = others[self.kw.get("pick", 0) % len(others)]
            x = self.victim_seat = next(i for i in others if i != w)
            for seat, owed in ((w, "relay"), (x, "declare")):
                have = max(s.chain.next_seq(seat), max(s.absent_haves.get((s.me, seat), ()), default=-1) + 1)
                self.emit(peer, Absent(seat, s.turn, have, owed))
            self.emit(peer, Vote(x, "bot", max(s.chain.next_seq(x), max(s.absent_haves.get((s.me, x), ())))))
        return True


STRATEGIES = {c.name: c for c in (Quit, Crash, SilentMover, DeadConnected, Frozen, NeverDeclares, NeverVotes, LiesCount,
                                  Trickle, Omit, Equivocate, VotePresent, VoteAfterEnd, RelinkStorm, LieAway)}


def make(name: str, at: float, **kw) -> Strategy:
    return STRATEGIES[name](at, **kw)

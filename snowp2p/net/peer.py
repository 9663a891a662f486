"""The playing peer of a networked game (trio): :class:`NetGame`.

Theory of operation
-------------------
* Mesh: every seat connects to every other seat (seat j dials seats 1..j-1; the host's lobby connections
  are reused, secured in place), each connection a Noise channel (secure.py) opened by a signed ``link``
  exchange bound to that channel.
* Game: a reader task per connection feeds frames to the pure
  :class:`~snowp2p.protocol.session.Session`; every accepted frame is appended to this peer's log and
  flushed *before* the session acts on it; the frames the session produces are logged, then queued to
  every peer.  The absence clock is net/watch.py's.

The peer asks the session's game object (``session.game``) for titles, table names and points.  How a
peer gets into a game is lobby.py's.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import trio

from ..home import Home
from ..protocol.crypto import Identity
from ..protocol.errors import ChainError, ProtocolError
from ..protocol.log import LogWriter
from ..protocol.messages import (BODY_TYPES, HOST_SEAT, ZERO_HASH, Audience, Bye, Envelope, Hello, Refuse,
                                 decode_signed, encode_signed)
from ..protocol.session import GameOver, Halted, Link, Offence, Session, TurnApplied, VotedOut, YourTurn
from ..core.errors import IllegalMove
from .conn import Conn, ConnectionClosed, peer_address
from . import secure
from .lobby import HANDSHAKE_TIMEOUT, close_quietly, lobby_frame, reason_text
from .guard import Gate, accept_loop
from .sending import LinkSending
from .watch import AbsenceWatch

LINGER_NUDGE = 1.0  # seconds into the linger after a game over: seats whose bye is not in get the last messages


def game_points(s: Session) -> dict[int, int]:
    """Points by seat where the game has them (the game's ``points``: ST-E3, MM-T1, SC-P*)."""
    if s.state is None or s.abandoned:  # abandoned by a vote: no places, no points (G10)
        return {}
    return s.game.points(s.state, s.rules, s.places())


# ---------------------------------------------------------------------- game
@dataclass
class NetGame(LinkSending):
    """One peer of a running game."""

    session: Session
    home: Home
    identity: Identity
    decide: Callable  # (state, seat) -> action  (may block: runs in a thread when human)
    say: Callable[[str], None]
    human: bool = False
    conns: dict[int, Conn] = field(default_factory=dict)
    sent: list[bytes] = field(default_factory=list)
    log_path: Path | None = None
    result: int = 0
    started: float = field(default_factory=time.monotonic)
    byes: set[int] = field(default_factory=set)
    on_turn: Callable | None = None
    listeners: list = field(default_factory=list)
    connected: set = field(default_factory=set)
    last_rx: dict = field(default_factory=dict)  # seat -> when its link last delivered a frame
    absent_after: float = 20.0  # seconds without a link to a seat the game waits for: declare it absent
    vote_after: float = 40.0  # seconds paused on an absent seat before voting
    vote: str = "bot"  # "bot": a computer player takes the seat; "end": end the game
    linger: float = 3.0  # seconds after the end to let the last frames out and the others' byes in
    left: bool = False  # this seat's player left the game (quit): its bye{"left"} is its last message
    grace: float = 0.0  # seconds before this peer declares anyone absent (a resumed peer: see net/watch.py)
    #: a resumed peer whose log holds the agreed last turn but not every final opening: after this many
    #: seconds without the rest, its result is the places of that turn (G11; None: not such a peer)
    agreed_end_after: float | None = None
    #: the spectators this peer feeds (net/spectators.py; the host's), or None: a ``watch`` is refused
    spectators: object | None = None
    audience: int = 0  # spectators watching, as the host last said (``audience``, SPEC 17): for the table
    #: this peer could not listen on its roster port again (a resume after another program took it): the
    #: higher seats can not dial it, so it dials them too (protocol/SPEC.md §11.1; any seat's link is accepted)
    dial_up: bool = False

    def __post_init__(self):
        if not self.sent:
            self.sent = self.session.my_frames()  # the host's roster is its message 0
        self.session.vote_choice = self.vote
        self.watch: AbsenceWatch | None = None  # (made by _watch)
        s = self.session
        if s.me is not None:  # byes already in the log (a resumed game)
            self.byes |= {i for i in range(s.n) if i != s.me and any(m.type == "bye" for m in s.chain.history(i))}
        # our own bye is our last message: after it nothing more is signed, logged or sent (issue 18, case 9)
        self._said_bye = s.me is not None and any(m.type == "bye" for m in s.chain.history(s.me))
        self.relay_q: dict[int, list[bytes]] = {}  # seat -> other seats' frames to pass on to it (SPEC 11.9)
        self.flushed: dict[int, int] = {}  # seat -> how many of our messages its connection has taken
        self._out_changed = trio.Event()  # (a sender task that sends one by one: a test's cheating peer)
        #: seat -> (the connection, the event that wakes its sender task) while that task waits for more to
        #: send: ``_wake`` then sends what is queued for it at once (``_send_now``), waking the task only for
        #: what the socket does not take at once
        self._parked: dict[int, tuple[Conn, trio.Event]] = {}
        self._finished = trio.Event()
        self._outcome_written: list[str] | None = None  # the result meta.json holds (_write_finished)
        gid = self.session.game_id
        d = self.home.game_dir(gid)
        self.log_path = d / "game.log"
        self._log_file = open(self.log_path, "ab")
        self._log = LogWriter(self._log_file)
        if self._log_file.tell() <= 8:
            self._log.append(self.session.roster.payload)
        self._write_meta("playing")

    # ---- bookkeeping
    def _write_meta(self, status: str, **extra) -> None:
        s = self.session
        self.home.write_meta(s.game_id, {
            "game": s.kind, "track": s.game.table_name(s.track), "game_id": s.game_id.hex(),
            "players": [{"nick": n, "fingerprint": s.fingerprint(i)} for i, n in enumerate(s.nicks)],
            "seat": s.me, "status": status, "log": str(self.log_path),
            "started": time.strftime("%Y-%m-%d %H:%M:%S"), **extra,
        })

    def _append_log(self, payload: bytes) -> bool:
        """Append one record (flushed); a failure (disk full, a record too big) halts this peer with one
        line, and nothing more is sent or acted on (G7, G9)."""
        try:
            self._log.append(payload)
            if self.spectators is not None:  # (never waits: a slow spectator is dropped, G9)
                self.spectators.appended(len(payload) + 8)
            return True
        except (OSError, ValueError) as e:
            if not self._finished.is_set():
                self.say(f"GAME STOPPED: can not write the game log {self.log_path}: {e}")
                self.result = 1
                self._finished.set()
            return False

    def _queue(self, payloads: list[bytes]) -> None:
        if self._said_bye:
            # (a voted-out peer that wakes from a freeze once signed its decided move after its bye, with the
            # bye's seq: its own log failed its audit; issue 18, case 9)
            return
        for p in payloads:
            if not self._append_log(p):  # logged before it leaves (G7)
                return
            self.sent.append(p)
        if payloads:
            self._wake()

    # ---- connections
    async def run(self) -> int:
        """Play until the game ends (or stops).  Keeps every link up: lost links are redialled
        (seat j dials the seats below it) or accepted again, and each side resends what the
        other lacks ("my next message from you is N", protocol/SPEC.md)."""
        s = self.session
        try:
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                gate = Gate()  # strangers' connections are capped (guard.py): the game goes on whatever they do
                for listener in self.listeners:
                    nursery.start_soon(accept_loop, listener, self._accept, nursery, gate, self._fd_shortage)
                lobby, self.conns = dict(self.conns), {}
                for seat, conn in lobby.items():  # lobby connections: secured in place (the joiner dials)
                    stream, rest = conn.detach()
                    if seat < s.me:
                        nursery.start_soon(self._dial, seat, stream, rest)
                    else:
                        nursery.start_soon(self._accept, stream, lambda: None, rest)
                for seat in range(s.n):
                    # the seats below us (the host too, after a resume); all the others when we can not listen
                    if seat != s.me and seat not in lobby and self._dials(seat):
                        nursery.start_soon(self._dial, seat)
                self._dispatch(s.resume_events())
                nursery.start_soon(self._watch)
                if self.agreed_end_after is not None:
                    nursery.start_soon(self._agreed_end)
                await self._finished.wait()
                # let the last frames (final openings, bye) go out, and the others' byes arrive
                ended, nudged = trio.current_time(), False
                with trio.move_on_after(max(self.linger, self.absent_after)):
                    # polled: byes, flushes and closings on every link, and no one event marks them all
                    while self._lingers(trio.current_time() - ended):  # noqa: ASYNC110
                        if not nudged and trio.current_time() - ended >= LINGER_NUDGE:
                            nudged = True
                            self._nudge_laggards()
                        await trio.sleep(0.05)
                nursery.cancel_scope.cancel()
        finally:  # also when cancelled (the player left the table): free the port for whoever resumes
            with trio.CancelScope(shield=True):
                for conn in self.conns.values():
                    await conn.aclose()
                for listener in self.listeners:
                    await listener.aclose()
            try:
                self._log_file.close()
            except OSError:  # (what was buffered when the disk filled up: already reported)
                pass
        return self.result

    def _lingers(self, waited: float) -> bool:
        """After the end, whether this peer still waits before it exits (SPEC 11.10, *Lingering*).  For ``linger``
        s: while a seat's bye is not in (over a live link) or a live link has frames to flush.  Past that, up to
        ``absent_after`` s, once this peer's game is played out: while a seat whose bye is not in has no live link.  A link cut at the end may
        have dropped this seat's last messages (its final openings, its bye); ``_dial`` goes on redialling, and
        the new link hands them over before that seat's clock declares this one absent for them (sim seed 7205:
        an honest seat that had left was voted out after the end)."""
        s = self.session
        missing = [i for i in range(s.n) if i != s.me and i not in self.byes and i not in s.gone]
        played_out = s.done and s.halted is None and s.me not in s.gone
        if played_out and self.linger >= 3 and any(i not in self.conns or self.conns[i].closed for i in missing):
            return True  # (a short linger: nobody is left to hand anything to, _agreed_end)
        if waited >= self.linger:
            return False
        return ((bool(missing) and (self.linger > 3 or any(not c.closed for c in self.conns.values())))
                or any(not c.closed and self.flushed.get(i, 0) < len(self.sent) for i, c in self.conns.items()))

    def _nudge_laggards(self) -> None:
        """A second into the linger after a game over, a seat whose bye is not in may lack the last messages of
        a seat whose link to it dropped at the end: pass it every other seat's messages of the last turn, once
        (Session.nudge), so it gets the others' confirmation instead of voting a finished seat out after they
        left (SPEC 11.10; sim seed 3157)."""
        s = self.session
        if s.me is None or not s.done or s.halted is not None:
            return
        for seat in sorted(self.connected):
            if seat != s.me and seat not in self.byes and seat not in s.gone:
                self._queue_relay(s.nudge(seat).relay)

    def _fd_shortage(self) -> None:
        """Out of file descriptors while accepting: say so once a minute; the game goes on (G9)."""
        now = trio.current_time()
        if now - getattr(self, "_fd_said", -1e9) >= 60:
            self._fd_said = now
            self.say("this computer is out of file descriptors (too many connections?): new connections wait; "
                     "the game goes on")

    async def _watch(self) -> None:
        """Every wait is bounded: a seat the game waits for whose link is down is declared absent
        after ``absent_after`` s; once everyone agrees the game pauses, and after ``vote_after`` s
        more the peers vote (G7).  The timers are net/watch.py's (pure); this loop does the I/O."""
        w = self.watch = AbsenceWatch(self.session, self.absent_after, self.vote_after, self.vote,
                                      trio.current_time(), self.grace, resumed=self.grace > 0)
        while not self._finished.is_set():
            await trio.sleep(0.25)
            now = trio.current_time()
            try:
                # a seat that said bye sends nothing more: it counts as gone, whatever its link does (a
                # voted-out peer that reached only some voters ran for ever; issue 18, case 10)
                tk = w.tick(now, self.connected - self.byes, self.last_rx, set(self.conns))
            except Halted as h:
                self._halt(h.reason)
                continue
            for seat in tk.relink:
                self.last_rx[seat] = now
                self._nursery.start_soon(self._relink, seat)
            for line in tk.say:
                self.say(line)
            if tk.vote_on_me is not None:
                self._vote_on_me(tk.vote_on_me)
                continue
            self._dispatch(tk.out)
            if tk.give_up:
                self._stop(1, tk.give_up)
                return

    async def _agreed_end(self) -> None:
        """A resumed peer whose log holds the agreed last turn (every present seat acked it alike) has its
        result: the places of that turn are final (p2p.md G11).  It first lets the others that are still
        there hand over their final openings (then the game ends as usual); after ``agreed_end_after`` s
        without them (they finished and left), it ends with those places (issue 18, case 12)."""
        await trio.sleep(self.agreed_end_after)
        s = self.session
        if self._finished.is_set() or not s.over or s.done or s.abandoned or s.halted:
            return
        self.say("The other players have left; every seat had agreed on the last turn of this game, so its "
                 "places are final (their last card openings never reached this peer).")
        self.linger = 0.5  # (nobody is left to wait for)
        self._game_over(GameOver(tuple(s.places()), abandoned=False))

    def _link_frame(self, their_seat: int, nonce: bytes = ZERO_HASH, echo: bytes = ZERO_HASH) -> bytes:
        s = self.session
        return lobby_frame(self.identity, s.game_id, s.me, Link(s.me, s.chain.next_seq(their_seat), nonce, echo))

    def _attach(self, seat: int, conn: Conn, their_next: int) -> None:
        """Use ``conn`` for ``seat`` from now on; send it our messages from ``their_next`` on."""
        old = self.conns.get(seat)
        if old is not None and old is not conn:
            old.closed = True
            self._nursery.start_soon(old.aclose)
        parked = self._parked.pop(seat, None)
        if parked is not None:  # the old connection's sender task: it sees its connection closed and ends
            parked[1].set()
        self.conns[seat] = conn
        self.connected.add(seat)
        self.relay_q.pop(seat, None)
        self._queue_relay(self.session.forget_relays(seat).relay)  # what we passed on before may be lost
        if self.spectators is not None and self.spectators.count:
            self.audience_changed([seat])
        self._nursery.start_soon(self._reader, seat, conn)
        self._nursery.start_soon(self._sender, seat, conn, their_next)

    def _dials(self, seat: int) -> bool:
        """Whether this peer (re)dials ``seat``: a lower seat, or any seat when it has no listener."""
        return seat < self.session.me or self.dial_up

    async def _dial(self, seat: int, stream: trio.abc.Stream | None = None, buffered: bytes = b"") -> None:
        """Connect to a lower seat (any seat, with ``dial_up``), retrying until it answers or the game ends (``stream``: a lobby
        connection to secure first, instead of a new one, with the bytes already read from it)."""
        s = self.session
        addr, port = s.seats[seat].addr, s.seats[seat].port
        delay = 0.1
        # (also while this peer lingers after the end: a resumed peer whose log is complete must still reach
        # the lower seats and hand over what they lack; issue 18, case 11.  The nursery's end stops it.)
        while True:
            try:
                if stream is None:
                    stream = await trio.open_tcp_stream(addr, port)
                with trio.fail_after(HANDSHAKE_TIMEOUT):
                    sec = await secure.dial_channel(stream, s.game_id, buffered)
                    conn = Conn(sec, s.nicks[seat])
                    # link handshake inside the channel: each side signs both channel-bound nonces
                    # (secure.py), so a recorded or relayed link frame can not take over a seat's link
                    await conn.send(self._link_frame(seat, nonce=sec.my_nonce))
                    their = await self._read_link(conn, seat)
                    if their.echo != sec.my_nonce or their.nonce != sec.their_nonce:
                        raise ProtocolError("the link answer is not bound to this connection")
                    await conn.send(self._link_frame(seat, nonce=sec.my_nonce, echo=sec.their_nonce))
                self._attach(seat, conn, their.next)
                return
            except (OSError, ConnectionClosed, ProtocolError, trio.TooSlowError, trio.BrokenResourceError,
                    secure.ChannelError):
                if stream is not None:
                    with trio.CancelScope(shield=True):
                        try:
                            await stream.aclose()
                        except Exception:
                            pass
                stream, buffered = None, b""
                await trio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def _read_link(self, conn: Conn, expect: int | None) -> Link:
        s = self.session
        msg = decode_signed(await conn.recv())
        if not isinstance(msg.body, Link) or msg.envelope.game != s.game_id:
            raise ProtocolError("the first frame of a game connection must be a link of this game")
        seat = msg.body.seat
        if seat >= s.n or seat == s.me or (expect is not None and seat != expect):
            raise ProtocolError(f"a link from an unexpected seat {seat}")
        msg.verify(s.keys[seat])
        return msg.body

    def audience_count(self) -> int:
        """How many spectators watch this game (this peer's own, or as the host said)."""
        return self.spectators.count if self.spectators is not None else self.audience

    def audience_changed(self, seats=None) -> None:
        """Tell the other seats (or ``seats``) how many spectators watch (an unchained, unlogged note)."""
        s = self.session
        if self.spectators is None or s.me is None:
            return
        frame = lobby_frame(self.identity, s.game_id, s.me, Audience(min(self.spectators.count, 0xFFFF)))
        self._queue_relay([(seat, frame) for seat in (seats if seats is not None else sorted(self.connected))
                           if seat != s.me])

    def _watch_request(self, first: bytes):
        """The ``watch`` a spectator opens its connection with (SPEC 17), when this peer feeds spectators."""
        if self.spectators is None:
            return None
        try:
            msg = decode_signed(first)
        except ProtocolError:
            return None
        return msg if msg.type == "watch" else None

    async def _refuse_hello(self, stream: trio.abc.Stream, first: bytes) -> None:
        """A plain ``hello`` after the lobby closed: the host tells it why, in one signed line (G8)."""
        s = self.session
        try:
            msg = decode_signed(first)
        except ProtocolError:
            return
        if not isinstance(msg.body, Hello):
            return
        if s.me == HOST_SEAT:
            conn = Conn(stream, "joiner")
            await conn.send(lobby_frame(self.identity, s.game_id, HOST_SEAT,
                                         Refuse("the game is full: it has already started")))
        raise ProtocolError(f"{msg.body.nick} wanted to join, but the game is full (it has already started)")

    async def _accept(self, stream: trio.abc.Stream, settle: Callable[[], None] = lambda: None,
                      buffered: bytes = b"") -> None:
        label = peer_address(stream) or "peer"
        watch = None
        try:
            with trio.fail_after(HANDSHAKE_TIMEOUT):
                first, rest = await secure.read_first(stream, buffered)
                if first is None:
                    raise ConnectionClosed(f"{label} closed the connection")
                if len(first) != secure.FIRST_SIZE:
                    watch = self._watch_request(first)
                    if watch is None:
                        await self._refuse_hello(stream, first)  # (raises for a hello)
                        raise ProtocolError("the first frame of a game connection must open the secure channel "
                                            f"({secure.FIRST_SIZE} bytes), got {len(first)} bytes")
                else:
                    sec = await secure.accept_channel(stream, self.session.game_id, first, rest)
                    conn = Conn(sec, label)
                    their = await self._read_link(conn, None)
                    if their.nonce != sec.their_nonce:
                        raise ProtocolError("a link that is not bound to this connection (relayed or replayed?)")
                    await conn.send(self._link_frame(their.seat, nonce=sec.my_nonce, echo=sec.their_nonce))
                    proof = await self._read_link(conn, their.seat)
                    if proof.echo != sec.my_nonce:
                        raise ProtocolError("a link that does not sign our challenge (a replayed link?)")
        except (ProtocolError, ConnectionClosed, trio.TooSlowError, trio.BrokenResourceError, OSError,
                secure.ChannelError) as e:
            self.say(f"refused a connection from {label}: {reason_text(e)}")
            await close_quietly(stream)
            return
        if watch is not None:  # a spectator: net/spectators.py admits it (the join code) and feeds it
            await self.spectators.admit(stream, watch, rest, settle)
            return
        settle()
        conn.label = self.session.nicks[their.seat]
        self._attach(their.seat, conn, their.next)

    def _takes_turn(self, turn: int, action) -> bool:
        """True: the turn was played otherwise (a test's misbehaving peer); the action is not submitted."""
        return False

    async def _reader(self, seat: int, conn: Conn) -> None:
        why = ""
        try:
            while True:
                payload = await conn.recv()
                if self.conns.get(seat) is not conn:
                    return  # replaced by a newer connection
                self._on_frame(seat, payload)
        except ConnectionClosed as e:
            if secure.TAMPERED in str(e):  # the network changed, lost or injected bytes: nobody is blamed (G5)
                why = f" ({secure.TAMPERED}: changed, lost or injected on the way)"
        except ProtocolError as e:  # a frame that is not a message (G9): cut this connection, keep the game
            self.say(f"refused a frame from {self.session.name(seat)}: {e}; closing that connection")
        except Exception as e:  # never let one connection's frame take the peer down (G9)
            if os.environ.get("SNOWP2P_DEBUG"):
                raise
            self.say(f"internal error on a frame from {self.session.name(seat)}: {type(e).__name__}: {e}; "
                     "closing that connection")
        await conn.aclose()
        if self.conns.get(seat) is conn and not self._finished.is_set() and seat not in self.byes:
            self.connected.discard(seat)
            self.say(f"lost the connection to {self.session.name(seat)}{why}; waiting for it to come back")
            if self._dials(seat):
                self._nursery.start_soon(self._dial, seat)

    def _on_frame(self, seat: int, payload: bytes) -> None:
        if self._finished.is_set() and self.session.halted is None and not self.session.done:
            return
        if self.session.halted is not None:
            # stopped on an offence or a desync (its proof is logged): nothing more is kept (G9: a flood
            # after the offence costs nothing); only the others' goodbyes are noted, to close sooner
            msg = decode_signed(payload)
            if msg.type == "bye" and msg.sender == seat:
                self.byes.add(seat)
            return
        msg = self._precheck(seat, payload)
        if msg is None:
            return  # (the host's note of how many spectators watch: not a game message)
        self.last_rx[seat] = trio.current_time()
        relayed = msg.sender != seat  # another seat's frame, passed on by this one (SPEC 11.9)
        try:
            msg = self.session.check(payload, from_seat=seat, msg=msg, relayed=relayed)
        except Halted as h:
            self._append_log(payload)  # the proof goes into the log
            self._halt(h.reason)
            return
        if msg is None:
            return
        if not self._append_log(payload):  # logged and flushed before acting on it (G7)
            return
        if isinstance(msg.body, Bye):
            self.byes.add(msg.sender)
        try:
            out = self.session.handle(msg)
        except Halted as h:
            self._halt(h.reason)
            return
        self._dispatch(out)
        if isinstance(msg.body, Bye) and not self._finished.is_set() and msg.body.reason != "game over":
            # a bye is a seat's last message, and never a reason to stop: a seat that said it before the end is
            # leaving, voted out at once when the game needs it, and a computer player takes its seat (SPEC 11.9,
            # *Bye*)
            s = self.session
            if msg.sender != s.me and msg.sender not in s.gone:
                why = msg.body.reason
                how = "" if why == "left" else f" ({why})"
                self.say(f"{s.name(msg.sender)} left the game{how}: a computer player takes the seat")

    def _precheck(self, seat: int, payload: bytes) -> None:
        """Frames that are out of place rather than forged cost only this connection (G9): ``ProtocolError``
        makes the reader cut it.  (Session.check would halt the whole game as an offence.)

        * a lobby frame (hello, link, ...) in the middle of a game: it carries nothing to act on or prove;
        * a frame that runs ahead of its sender's chain (one before it was dropped or lost): SPEC section 7
          step 4 says fetch the missing ones, which the redial's ``link{next}`` does."""
        msg = decode_signed(payload)  # DecodeError: the reader cuts the connection in any case
        if isinstance(msg.body, Audience) and msg.sender == seat and msg.envelope.game == self.session.game_id:
            msg.verify(self.session.keys[seat])  # (SignatureError: that connection is cut, as any bad frame)
            if msg.body.count != self.audience:
                self.say(f"watching: {msg.body.count} spectator{'' if msg.body.count == 1 else 's'}")
            self.audience = msg.body.count
            return None
        if not BODY_TYPES[msg.type].CHAINED:
            raise ChainError(f"a {msg.type} (a lobby message) in the middle of the game")
        s = self.session
        # Not of this game: nothing here proves who made it.
        if msg.envelope.game != s.game_id:
            raise ChainError(f"a {msg.type} of another game")
        if msg.sender != seat:
            # another seat's message passed on by this one (a relay, SPEC 11.9): taken if it is the next of
            # its sender's chain (Session.check verifies its signature); never blamed on the one passing it
            if msg.sender >= s.n or msg.sender == s.me:
                raise ChainError(f"a {msg.type} signed as seat {msg.sender} on seat {seat}'s link")
            return msg
        if not s._frozen(seat, msg.seq):
            expected = s.chain.next_seq(seat)  # (a voted-out seat's later messages are ignored, not gaps)
            if msg.seq > expected:
                raise ChainError(f"a {msg.type} with seq {msg.seq} came before seq {expected} (a message is missing)")
        return msg

    async def _relink(self, seat: int) -> None:
        conn = self.conns.get(seat)
        if conn is not None:
            await conn.aclose()

    def _dispatch(self, out) -> None:
        self._queue(out.send)
        self._queue_relay(out.relay)
        for ev in out.events:
            if isinstance(ev, YourTurn):
                self._nursery.start_soon(self._play_turn, ev.turn)
            elif isinstance(ev, TurnApplied):  # (shown at once: it is agreed with the next turn's messages)
                if self.on_turn is not None:
                    self.on_turn(self, ev)
            elif isinstance(ev, VotedOut):
                s = self.session
                if ev.seat == s.me:
                    w = self.watch
                    verdict = w.vote_verdict(trio.current_time()) if w is not None else "accept"
                    if verdict == "wait":
                        by = ", ".join(s.name(v) for v in s.decided[s.me][2])
                        self.say(f"{by} voted this seat out although it was answering: waiting for the other "
                                 f"players' votes before refusing it")
                        continue
                    self._vote_on_me(verdict)
                    continue
                by = ", ".join(s.nicks[v] for v in s.voters.get(ev.seat, ()))
                self.say(f"{s.name(ev.seat)} was voted out at turn {ev.turn} (voted by {by}): "
                         + ("a computer player plays that seat." if ev.choice == "bot"
                            else "the game is abandoned (no places)."))
            elif isinstance(ev, GameOver):
                self._game_over(ev)

    def _vote_on_me(self, verdict: str) -> None:
        """Accept (bye, stop) or refuse a decided vote on this seat (AbsenceWatch.vote_verdict)."""
        s = self.session
        if verdict == "refuse":
            # G10: a vote on a seat that was answering, resting on one seat's word, is refused; the voter is
            # treated as leaving (SPEC 11.9, *A vote on an answering seat*)
            by = ", ".join(s.name(v) for v in s.decided[s.me][2])
            self.say(f"{by} voted this seat out although it was answering: the vote is refused, and "
                     f"{by} is treated as leaving the game (a computer player takes that seat)")
            try:
                self._dispatch(s.refuse_vote())
            except Halted as h:
                self._halt(h.reason)
            return
        choice, _, _ = s.decided[s.me]
        what = ("a computer player plays this seat on; the others' result will say so" if choice == "bot"
                else "the game is abandoned, with no places")
        self._queue_bye("voted out")
        self._stop(1, f"the others voted this seat out at turn {s.turn} (it was not answering): {what}")

    async def _play_turn(self, turn: int) -> None:
        state = self.session.state
        me = self.session.me
        if self.human:
            action = await trio.to_thread.run_sync(self.decide, state, me, abandon_on_cancel=True)
        else:
            action = self.decide(state, me)
        if self.session.turn != turn or self.session.halted or self._finished.is_set() or self._said_bye:
            return  # (a decision that came back after this peer stopped, e.g. from a freeze: never signed)
        if self._takes_turn(turn, action):
            return
        if self.session.away_held and self.watch is not None:  # the watch's verdict on a decision counting this seat away comes first (SPEC 11.9)
            try:
                tk = self.watch.settle(trio.current_time())
            except Halted as h:
                self._halt(h.reason)
                return
            for line in tk.say:
                self.say(line)
            self._dispatch(tk.out)
            if self.session.turn != turn or self.session.halted or not self.session.my_turn():
                return
        try:
            out = self.session.submit(action)
        except Halted as h:
            self._halt(h.reason)
            return
        except IllegalMove as e:  # a human typed something the engine refused late: ask again
            self.say(f"{e}")
            self._nursery.start_soon(self._play_turn, turn)
            return
        self._dispatch(out)

    # ---- endings
    def _write_finished(self) -> None:
        s = self.session
        self._outcome_written = s.outcome()
        self._write_meta("finished", places=[s.nicks[p] for p in s.places()], outcome=s.outcome(),
                         abandoned=s.abandoned,
                         final_hash=s.my_hash[s.final_turn].hex() if s.final_turn >= 0 else "",
                         turns=max(s.final_turn, 0))

    def _game_over(self, ev: GameOver) -> None:
        s = self.session
        places = list(ev.places)
        lines = ["", f"The game is over ({s.game.title} on {s.game.table_name(s.track)}). Final places:"]
        if ev.abandoned:
            lines = ["", f"The game was abandoned ({s.game.title} on {s.game.table_name(s.track)}): a player did "
                         "not answer and the others voted to end it. No places (a vote never pays)."]
        pts = game_points(s)
        for i, seat in enumerate(places):
            lines.append(f"  {i + 1}. {s.name(seat)}"
                         + (f"  {pts[seat]} point{'' if pts[seat] == 1 else 's'}" if pts else ""))
        for seat in range(s.n):
            if seat not in places:
                lines.append(f"  -  {s.name(seat)}")
        for seat in s.unsigned():  # G2: it never agreed to this game, so nothing here is its result
            lines.append(f"{s.name(seat)} never signed the roster: this game proves no result for that seat "
                         "(its audit says so).")
        lines.append("Result: " + "; ".join(s.outcome()))
        lines.append(f"Game log: {self.log_path}")
        from ..program import program

        lines.append(f"Audit it with: {program()} audit {self.log_path}")
        for ln in lines:
            self.say(ln)
        self._write_finished()
        self._queue_bye("game over")
        self.result = 0
        self._finished.set()

    def _queue_bye(self, reason: str) -> None:
        s = self.session
        if s.me is None or any(m.type == "bye" for m in s.chain.history(s.me)[-3:]):
            return  # (a resumed game that had already said goodbye)
        try:
            env = Envelope(s.game_id, s.me, s.chain.next_seq(s.me), s.chain.head(s.me), Bye(reason[:200]))
            payload = encode_signed(self.identity, env)
            s.check(payload)
            self._queue([payload])
            self._said_bye = True
        except (ProtocolError, Halted):
            pass

    def leave(self) -> None:
        """The player typed ``quit`` (and confirmed): this seat leaves the game for good.  It signs
        ``bye{"left"}``, its last message, and stops; every other peer then votes it out at once and a computer
        player takes its seat there (G10; SPEC 11.9, *Bye*), and their screens say that this player left."""
        if self._finished.is_set() or self.session.me is None:
            return
        self.say("You left the game: the other players' computers play your seat from now on.")
        self._write_meta("left", reason="the player left the game")
        self._queue_bye("left")
        self.left = True
        self.result = 0
        self._finished.set()

    def _halt(self, reason) -> None:
        s = self.session
        self._queue(s.my_frames()[len(self.sent):])  # what the session signed on its way to the halt (evidence)
        if self._finished.is_set():
            return  # already stopped (or over): keep the first reason, its report and proof
        if isinstance(reason, Offence):
            self.say(f"GAME STOPPED: cheating detected: {reason}")
            path = self.log_path.with_name("offence.json")
            path.write_text(json.dumps({"seat": reason.seat, "nick": reason.nick, "offence": reason.what,
                                        "proof": [p.hex() for p in reason.proof]}, indent=1))
            self.say(f"The signed proof is in {self.log_path} and {path}.")
        else:
            path = self.log_path.with_name("desync.json")
            path.write_text(json.dumps(reason.report, indent=1))
            self.say(f"GAME STOPPED: {reason}. Desync report: {path}")
        self._write_meta("stopped", reason=str(reason))
        self._queue_bye(f"stopped: {reason}")
        self.result = 1
        self._finished.set()

    def _stop(self, code: int, why: str) -> None:
        if self._finished.is_set():
            return
        self.say(f"GAME STOPPED: {why}")
        self._write_meta("stopped", reason=why)
        self.result = code
        self._finished.set()

"""Hosting, joining and playing a networked sled game (trio).

Theory of operation
-------------------
* Lobby (:func:`host_lobby`, :func:`join_lobby`): the host listens on TCP;
  each joiner says ``hello``, the host answers ``challenge`` with the game
  id, the joiner proves it knows the join code (``join``: an HMAC keyed by
  the code, protocol/SPEC.md section 10), the host proves it too
  (``welcome``).  When the seats are full the host signs the ``roster``.
* Mesh: every seat connects to every other seat (seat j dials seats
  1..j-1; the host's lobby connections are reused), each connection
  opening with a signed ``link`` frame.
* Game (:class:`NetGame`): a reader task per connection feeds frames to the
  pure :class:`~snowp2p.protocol.session.Session`; every accepted frame is
  appended to this peer's log and flushed *before* the session acts on it;
  the frames the session produces are logged, then queued to every peer.
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import trio

from ..home import Home
from ..protocol import joincode
from ..protocol.crypto import Identity, fingerprint
from ..protocol.errors import ChainError, DecodeError, JoinCodeError, ProtocolError
from ..protocol.log import LogWriter
from ..protocol.messages import (
    BODY_TYPES, HOST_SEAT, PROTOCOL_VERSION, UNSEATED, ZERO_HASH, Absent, Bye, Challenge, Envelope, Hello, Join, Refuse, Roster,
    Seat, SignedMessage, Welcome, decode_signed, encode_signed,
)
from ..protocol.roster import roster_body
from ..protocol.session import GameOver, Halted, Link, Offence, Session, TurnFinal, VotedOut, YourTurn
from ..rules import sled
from ..rules.config import SledRules
from ..rules.track import Track, find_track
from .conn import FRAME_DEADLINE, Conn, ConnectionClosed, local_address, peer_address

DEFAULT_PORT = 47470
HANDSHAKE_TIMEOUT = 15.0
GAME_TITLES = {"snowtails": "Snow Tails", "mush": "Mush! Mush!", "snake": "Snake Carnival"}


def table_name(table) -> str:
    """The roster's name for a game's table: the track (sled games) or the tile set (Snake Carnival)."""
    return table.name if isinstance(table, Track) else "standard"


class NetError(Exception):
    """A one-line, user-facing networking failure."""


def _lobby_frame(identity: Identity, game: bytes, sender: int, body) -> bytes:
    return encode_signed(identity, Envelope(game, sender, 0, ZERO_HASH, body))


# ---------------------------------------------------------------------- host
@dataclass
class Joined:
    nick: str
    pubkey: bytes
    addr: str
    port: int
    conn: Conn | None


@dataclass
class HostConfig:
    game: str
    track: Track
    players: int
    rules: SledRules
    port: int = DEFAULT_PORT
    bind: str | None = None  # None: all interfaces


class Lobby:
    """The host's lobby: seats, the join code, the handshake."""

    def __init__(self, cfg: HostConfig, identity: Identity, nick: str, say: Callable[[str], None]):
        self.cfg = cfg
        self.identity = identity
        self.game_id = os.urandom(32)
        self.code = joincode.make_code(os.urandom(16))
        self.key = joincode.derive_code_key(self.code, self.game_id)
        # seat i's joiner; None: a seat given to a joiner that left before the game started (free again)
        self.seats: list[Joined | None] = [Joined(nick, identity.public_key, "", 0, None)]
        self.full = trio.Event()
        self.say = say
        self.refused = 0
        self.lan_addr = ""  # this machine's address on the connection of the first joiner from elsewhere

    async def handle(self, stream: trio.SocketStream) -> None:
        conn = Conn(stream, peer_address(stream) or "joiner")
        keep = False
        try:
            with trio.fail_after(HANDSHAKE_TIMEOUT):
                keep = await self._handshake(conn, stream)
        except (trio.TooSlowError, ConnectionClosed, ProtocolError) as e:
            self.say(f"lobby: a joiner from {conn.label} was dropped: {_reason(e)}")
        finally:
            if not keep:
                await conn.aclose()

    async def _refuse(self, conn: Conn, reason: str) -> None:
        self.refused += 1
        self.say(f"lobby: refused {conn.label}: {reason}")
        try:
            await conn.send(_lobby_frame(self.identity, self.game_id, HOST_SEAT, Refuse(reason)))
        except ConnectionClosed:
            pass

    async def _handshake(self, conn: Conn, stream: trio.SocketStream) -> bool:
        raw = await conn.recv()
        try:
            hello = decode_signed(raw)
        except DecodeError as e:
            if e.field == "envelope.v":
                await self._refuse(conn, f"protocol version mismatch: this host speaks version {PROTOCOL_VERSION}")
            else:
                await self._refuse(conn, f"not a hello: {e}")
            return False
        if not isinstance(hello.body, Hello):
            await self._refuse(conn, f"expected hello, got {hello.type}")
            return False
        hello.verify(hello.body.pubkey)
        if hello.envelope.game not in (ZERO_HASH, self.game_id):
            await self._refuse(conn, "that is a message of another game")
            return False
        if self.full.is_set():
            await self._refuse(conn, "the game is full")
            return False
        if any(s is not None and s.pubkey == hello.body.pubkey for s in self.seats):
            await self._refuse(conn, "this identity has already joined")
            return False
        nonce = os.urandom(32)
        await conn.send(_lobby_frame(self.identity, self.game_id, HOST_SEAT,
                                     Challenge(self.identity.public_key, nonce, self.cfg.game)))
        join = decode_signed(await conn.recv())
        if not isinstance(join.body, Join) or join.envelope.game != self.game_id:
            await self._refuse(conn, "expected join for this game")
            return False
        join.verify(hello.body.pubkey)
        tr = joincode.JoinTranscript(self.game_id, self.identity.public_key, nonce, hello.body.pubkey,
                                     hello.body.nonce)
        try:
            joincode.check_tag(tr.joiner_tag(self.key), join.body.tag, "joiner")
        except JoinCodeError:
            await self._refuse(conn, "wrong join code")
            return False
        if self.full.is_set() or self.taken() >= self.cfg.players:
            await self._refuse(conn, "the game is full")
            return False
        # take the seat before any await, so two joiners can never be given the same one: the lowest
        # free one (a seat whose joiner left before the game started is free again)
        seat = next((i for i, s in enumerate(self.seats) if s is None), len(self.seats))
        nick = hello.body.nick
        if any(s is not None and s.nick == nick for s in self.seats):
            nick = f"{nick}{seat}"
        joined = Joined(nick, hello.body.pubkey, peer_address(stream), hello.body.port or 0, conn)
        if seat == len(self.seats):
            self.seats.append(joined)
        else:
            self.seats[seat] = joined
        try:
            await conn.send(_lobby_frame(self.identity, self.game_id, HOST_SEAT, Welcome(seat, tr.host_tag(self.key))))
        except ConnectionClosed:
            self._vacate(seat)  # it left while being welcomed: its seat is free again
            raise
        if not _is_loopback(peer_address(stream)) and not self.lan_addr:
            self.lan_addr = local_address(stream)  # this machine's address as the others on the LAN reach it
        if not self.seats[0].addr:
            self.seats[0].addr = local_address(stream)
        self.say(f"lobby: {nick} [{fingerprint(hello.body.pubkey)}] joined from {conn.label} "
                 f"({self.taken()}/{self.cfg.players})")
        # full only once every seat's welcome went out (the host waits on this event: it must never
        # wake for a seat that is then given back)
        if self.taken() >= self.cfg.players:
            self.full.set()
        return True

    def taken(self) -> int:
        return sum(1 for s in self.seats if s is not None)

    def _vacate(self, seat: int) -> None:
        self.seats[seat] = None
        while self.seats and self.seats[-1] is None:
            self.seats.pop()
        if self.full.is_set():
            self.full = trio.Event()

    def vacate_dead(self) -> list[str]:
        """Give back the seats whose joiner has closed or reset its lobby connection (attack 9 of issue
        10: a code holder that proves the code and resets at once).  Returns their nicknames; the lobby
        then waits again for the seats to fill."""
        gone = []
        for i, s in enumerate(self.seats):
            if i > 0 and s is not None and (s.conn is None or s.conn.closed or _hung_up(s.conn)):
                gone.append(s.nick)
                self.say(f"lobby: {s.nick} [{fingerprint(s.pubkey)}] left before the game started; seat {i} "
                         "is free again")
                self._vacate(i)
        return gone

    def roster(self) -> bytes:
        cfg = self.cfg
        def reachable(addr: str) -> str:
            # a seat that joined over loopback (the host's own computer players) or the host itself is on
            # this machine: the players on other machines reach it at this machine's LAN address
            addr = addr or "127.0.0.1"
            return self.lan_addr if self.lan_addr and _is_loopback(addr) else addr

        assert all(s is not None for s in self.seats), "a roster is signed only when every seat is taken"
        seats = tuple(Seat(s.nick, s.pubkey, reachable(s.addr), s.port) for s in self.seats)
        body = roster_body(cfg.game, cfg.track, cfg.rules, seats)  # the track itself travels (SPEC 11.2)
        return encode_signed(self.identity, Envelope(self.game_id, HOST_SEAT, 0, ZERO_HASH, body))


async def accept_loop(listener: trio.SocketListener, handler, nursery: trio.Nursery) -> None:
    """Accept connections and start ``handler(stream)`` for each in ``nursery``.

    Unlike ``trio.serve_listeners`` this does not close a stream when its
    handler returns: a joiner's connection lives on into the game.
    """
    while True:
        try:
            stream = await listener.accept()
        except OSError:
            await trio.sleep(0.05)  # e.g. too many open files: try again
            continue
        nursery.start_soon(handler, stream)


def game_points(s: Session) -> dict[int, int]:
    """Points by seat where the game has them (Snow Tails ST-E3, Snake Carnival SC-P*)."""
    if s.state is None:  # ended by a vote before it was set up
        return {}
    if s.kind == "snowtails":  # ST-E3 by place; eliminated and voted-out sleds score nothing
        table = s.rules.st_points
        out = {i: 0 for i in range(s.n)}
        for k, seat in enumerate(s.places()):
            if k < len(table) and seat not in s.gone and s.state.sled(seat).status != sled.ELIMINATED:
                out[seat] = table[k]
        return out
    if s.kind == "snake":
        from ..rules import snake

        return snake.scores(s.state)
    return {}


def _hung_up(conn: Conn) -> bool:
    """Has the other end closed or reset this lobby connection?  (A peek that never blocks, on a duplicate
    of the socket's descriptor: closing the duplicate leaves the connection open.)"""
    sock = getattr(conn.stream, "socket", None)
    if sock is None:
        return False
    try:
        with socket.socket(fileno=os.dup(sock.fileno())) as dup:
            return dup.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False  # open, nothing to read: still there
    except OSError:
        return True  # reset (ECONNRESET) or otherwise broken


def _is_loopback(addr: str) -> bool:
    try:
        ip = ipaddress.ip_address(addr.split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def _reason(e: BaseException) -> str:
    if isinstance(e, trio.TooSlowError):
        return "timed out"
    return str(e) or type(e).__name__


# ---------------------------------------------------------------------- join
@dataclass
class JoinResult:
    roster: SignedMessage
    seat: int
    conn: Conn
    listeners: list


async def join_lobby(host: str, port: int, code: str, identity: Identity, nick: str,
                     say: Callable[[str], None], listen_host: str | None = None) -> JoinResult:
    try:
        code = joincode.normalize(code)
    except ValueError as e:
        raise NetError(f"--code: {e}") from None
    listeners = await trio.open_tcp_listeners(0, host=listen_host)
    my_port = listeners[0].socket.getsockname()[1]
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            stream = await trio.open_tcp_stream(host, port)
    except (OSError, trio.TooSlowError) as e:
        raise NetError(f"can not reach {host}:{port}: {_reason(e)}") from None
    conn = Conn(stream, f"host {host}:{port}")
    nonce = os.urandom(32)
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            await conn.send(_lobby_frame(identity, ZERO_HASH, UNSEATED, Hello(nick, identity.public_key, nonce, my_port)))
            ch = await _expect(conn, Challenge)
            game_id = ch.envelope.game
            ch.verify(ch.body.pubkey)
            key = await trio.to_thread.run_sync(joincode.derive_code_key, code, game_id)
            tr = joincode.JoinTranscript(game_id, ch.body.pubkey, ch.body.nonce, identity.public_key, nonce)
            await conn.send(_lobby_frame(identity, game_id, UNSEATED, Join(tr.joiner_tag(key))))
            wel = await _expect(conn, Welcome)
            wel.verify(ch.body.pubkey)
            try:
                joincode.check_tag(tr.host_tag(key), wel.body.tag, "host")
            except JoinCodeError:
                raise NetError("the host could not prove it knows the code: not the game you were invited to")
    except trio.TooSlowError:
        raise NetError(f"the host at {host}:{port} did not answer in time") from None
    except ConnectionClosed as e:
        raise NetError(f"the host closed the connection without letting this player in (is the game full or "
                       f"already started?): {e}") from None
    say(f"joined {GAME_TITLES.get(ch.body.kind, ch.body.kind)} at {host}:{port} as seat {wel.body.seat}; "
        "waiting for the other players...")
    try:
        raw = await conn.recv()
    except ConnectionClosed:
        raise NetError("the host closed the lobby before the game started") from None
    roster = decode_signed(raw)
    if not isinstance(roster.body, Roster) or roster.envelope.game != game_id:
        raise NetError("the host sent something other than the game's roster")
    roster.verify(ch.body.pubkey)
    seat = wel.body.seat
    if seat >= len(roster.body.seats) or roster.body.seats[seat].pubkey != identity.public_key:
        raise NetError("the roster does not give this player the seat the host promised")
    if roster.body.kind != ch.body.kind:
        raise NetError(f"the host announced {GAME_TITLES.get(ch.body.kind, ch.body.kind)} but its roster is for "
                       f"{GAME_TITLES.get(roster.body.kind, roster.body.kind)}")
    return JoinResult(roster, seat, conn, listeners)


async def _expect(conn: Conn, cls) -> SignedMessage:
    msg = decode_signed(await conn.recv())
    if isinstance(msg.body, Refuse):
        raise NetError(f"refused by the host: {msg.body.reason}")
    if not isinstance(msg.body, cls):
        raise NetError(f"the host sent {msg.type}, expected {cls.TYPE}")
    return msg


# ---------------------------------------------------------------------- game
@dataclass
class NetGame:
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
    cheat: object | None = None
    on_turn: Callable | None = None
    listeners: list = field(default_factory=list)
    connected: set = field(default_factory=set)
    last_rx: dict = field(default_factory=dict)  # seat -> when its link last delivered a frame
    absent_after: float = 20.0  # seconds without a link to a seat the game waits for: declare it absent
    vote_after: float = 40.0  # seconds paused on an absent seat before voting
    vote: str = "bot"  # "bot": a computer player takes the seat; "end": end the game

    def __post_init__(self):
        if not self.sent:
            self.sent = self.session.my_frames()  # the host's roster is its message 0
        self._out_changed = trio.Event()
        self._finished = trio.Event()
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
            "game": s.kind, "track": table_name(s.track), "game_id": s.game_id.hex(),
            "players": [{"nick": n, "fingerprint": s.fingerprint(i)} for i, n in enumerate(s.nicks)],
            "seat": s.me, "status": status, "log": str(self.log_path),
            "started": time.strftime("%Y-%m-%d %H:%M:%S"), **extra,
        })

    def _queue(self, payloads: list[bytes]) -> None:
        for p in payloads:
            self._log.append(p)  # logged before it leaves (G7)
            self.sent.append(p)
        if payloads:
            self._out_changed.set()
            self._out_changed = trio.Event()

    # ---- connections
    async def run(self) -> int:
        """Play until the game ends (or stops).  Keeps every link up: lost links are redialled
        (seat j dials the seats below it) or accepted again, and each side resends what the
        other lacks ("my next message from you is N", protocol/SPEC.md)."""
        s = self.session
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            for listener in self.listeners:
                nursery.start_soon(accept_loop, listener, self._accept, nursery)
            for seat, conn in list(self.conns.items()):
                self._attach(seat, conn, len(self.sent))  # lobby links: they have what we sent there
            for seat in range(s.me):
                if seat not in self.conns:  # the seats below us (the host too, after a resume)
                    nursery.start_soon(self._dial, seat)
            self._dispatch(s.resume_events())
            nursery.start_soon(self._watch)
            await self._finished.wait()
            # let the last frames (final openings, bye) go out, and the others' byes arrive
            with trio.move_on_after(3):
                while len(self.byes) < s.n - 1 and any(not c.closed for c in self.conns.values()):
                    await trio.sleep(0.05)
            nursery.cancel_scope.cancel()
        for conn in self.conns.values():
            await conn.aclose()
        for listener in self.listeners:
            await listener.aclose()
        self._log_file.close()
        return self.result

    async def _watch(self) -> None:
        """Every wait is bounded: a seat the game waits for whose link is down is declared absent
        after ``absent_after`` s; once everyone agrees the game pauses, and after ``vote_after`` s
        more the peers vote (G7)."""
        s = self.session
        down_since: dict[int, float] = {}
        paused_since: dict[int, float] = {}
        told: set[int] = set()
        while not self._finished.is_set():
            await trio.sleep(0.25)
            now = trio.current_time()
            try:
                waiting = s.waiting_on()
                thinking = s.waiting_for_move()
                for seat in range(s.n):
                    quiet = now - self.last_rx.get(seat, now)
                    if (seat in waiting and seat in self.connected and not thinking
                            and quiet > max(self.absent_after * 0.75, FRAME_DEADLINE + 2) and seat in self.conns):
                        # a link that carries nothing while we wait for that seat's own messages may be
                        # dead without knowing it: cut it, so that it is dialled again
                        self.last_rx[seat] = now
                        self._nursery.start_soon(self._relink, seat)
                    # a connected peer may think about its move as long as it likes; one that is
                    # connected but withholds what its client sends by itself is as good as gone
                    if seat not in waiting or (seat in self.connected and thinking):
                        down_since.pop(seat, None)
                        paused_since.pop(seat, None)
                        continue
                    start = down_since.setdefault(seat, now)
                    if now - start >= self.absent_after:
                        self._dispatch(s.declare_absent(seat))
                    if s.paused_on(seat):
                        if seat not in told:
                            told.add(seat)
                            self.say(f"{s.name(seat)} is not answering: the game is paused "
                                     f"(vote in {self.vote_after:g} s: {self.vote})")
                        if now - paused_since.setdefault(seat, now) >= self.vote_after:
                            self._dispatch(s.cast_vote(seat, self.vote))
            except Halted as h:
                self._halt(h.reason)

    def _link_frame(self, their_seat: int, nonce: bytes = ZERO_HASH, echo: bytes = ZERO_HASH) -> bytes:
        s = self.session
        return _lobby_frame(self.identity, s.game_id, s.me, Link(s.me, s.chain.next_seq(their_seat), nonce, echo))

    def _attach(self, seat: int, conn: Conn, their_next: int) -> None:
        """Use ``conn`` for ``seat`` from now on; send it our messages from ``their_next`` on."""
        old = self.conns.get(seat)
        if old is not None and old is not conn:
            old.closed = True
            self._nursery.start_soon(old.aclose)
        self.conns[seat] = conn
        self.connected.add(seat)
        self._nursery.start_soon(self._reader, seat, conn)
        self._nursery.start_soon(self._sender, seat, conn, their_next)

    async def _dial(self, seat: int) -> None:
        """Connect to a lower seat, retrying until it answers or the game ends."""
        s = self.session
        addr, port = s.seats[seat].addr, s.seats[seat].port
        delay = 0.1
        while not self._finished.is_set():
            try:
                stream = await trio.open_tcp_stream(addr, port)
                conn = Conn(stream, s.nicks[seat])
                with trio.fail_after(HANDSHAKE_TIMEOUT):
                    # link handshake: each side signs the other's fresh nonce, so a recorded link
                    # frame can not be replayed to take over a seat's connection
                    mine = os.urandom(32)
                    await conn.send(self._link_frame(seat, nonce=mine))
                    their = await self._read_link(conn, seat)
                    if their.echo != mine:
                        raise ProtocolError("the link answer does not sign our challenge")
                    await conn.send(self._link_frame(seat, nonce=mine, echo=their.nonce))
                self._attach(seat, conn, their.next)
                return
            except (OSError, ConnectionClosed, ProtocolError, trio.TooSlowError):
                await trio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def _read_link(self, conn: Conn, expect: int | None) -> Link:
        s = self.session
        msg = decode_signed(await conn.recv())
        if isinstance(msg.body, Hello) and expect is None:
            # a joiner after the lobby closed: the host tells it why, in one signed line (G8)
            if s.me == HOST_SEAT:
                await conn.send(_lobby_frame(self.identity, s.game_id, HOST_SEAT,
                                             Refuse("the game is full: it has already started")))
            raise ProtocolError(f"{msg.body.nick} wanted to join, but the game is full (it has already started)")
        if not isinstance(msg.body, Link) or msg.envelope.game != s.game_id:
            raise ProtocolError("the first frame of a game connection must be a link of this game")
        seat = msg.body.seat
        if seat >= s.n or seat == s.me or (expect is not None and seat != expect):
            raise ProtocolError(f"a link from an unexpected seat {seat}")
        msg.verify(s.keys[seat])
        return msg.body

    async def _accept(self, stream: trio.SocketStream) -> None:
        conn = Conn(stream, peer_address(stream) or "peer")
        try:
            with trio.fail_after(HANDSHAKE_TIMEOUT):
                their = await self._read_link(conn, None)
                mine = os.urandom(32)
                await conn.send(self._link_frame(their.seat, nonce=mine, echo=their.nonce))
                proof = await self._read_link(conn, their.seat)
                if proof.echo != mine:
                    raise ProtocolError("a link that does not sign our challenge (a replayed link?)")
        except (ProtocolError, ConnectionClosed, trio.TooSlowError) as e:
            self.say(f"refused a connection from {conn.label}: {_reason(e)}")
            await conn.aclose()
            return
        conn.label = self.session.nicks[their.seat]
        self._attach(their.seat, conn, their.next)

    async def _sender(self, seat: int, conn: Conn, idx: int) -> None:
        try:
            while not conn.closed:
                while idx < len(self.sent) and not conn.closed:
                    payload = self.sent[idx]
                    if self.cheat is not None:
                        payload = self.cheat.outgoing(self, seat, payload)
                    if payload is not None:
                        await conn.send(payload)
                    idx += 1
                await self._out_changed.wait()
        except ConnectionClosed:
            pass

    async def _reader(self, seat: int, conn: Conn) -> None:
        try:
            while True:
                payload = await conn.recv()
                if self.conns.get(seat) is not conn:
                    return  # replaced by a newer connection
                self._on_frame(seat, payload)
        except ConnectionClosed:
            pass
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
            self.say(f"lost the connection to {self.session.name(seat)}; waiting for it to come back")
            if seat < self.session.me:
                self._nursery.start_soon(self._dial, seat)

    def _on_frame(self, seat: int, payload: bytes) -> None:
        if self._finished.is_set() and self.session.halted is None and not self.session.done:
            return
        msg = self._precheck(seat, payload)
        self.last_rx[seat] = trio.current_time()
        try:
            msg = self.session.check(payload, from_seat=seat, msg=msg)
        except Halted as h:
            self._log.append(payload)  # the proof goes into the log
            self._halt(h.reason)
            return
        if msg is None:
            return
        self._log.append(payload)  # logged and flushed before acting on it (G7)
        if isinstance(msg.body, Bye):
            self.byes.add(seat)
        try:
            out = self.session.handle(msg)
        except Halted as h:
            self._halt(h.reason)
            return
        self._dispatch(out)
        if isinstance(msg.body, Bye) and not self._finished.is_set():
            # a bye is a peer's last message: it will send nothing more, so we can not finish without it
            if len(self.byes) >= self.session.n - 1:
                self._stop(1, "every other player has left the game")
            elif msg.body.reason.startswith("stopped"):
                self._nursery.start_soon(self._stop_after_bye, seat, msg.body.reason[9:])

    def _precheck(self, seat: int, payload: bytes) -> None:
        """Frames that are out of place rather than forged cost only this connection (G9): ``ProtocolError``
        makes the reader cut it.  (Session.check would halt the whole game as an offence.)

        * a lobby frame (hello, link, ...) in the middle of a game: it carries nothing to act on or prove;
        * a frame that runs ahead of its sender's chain (one before it was dropped or lost): SPEC section 7
          step 4 says fetch the missing ones, which the redial's ``link{next}`` does."""
        msg = decode_signed(payload)  # DecodeError: the reader cuts the connection in any case
        if not BODY_TYPES[msg.type].CHAINED:
            raise ChainError(f"a {msg.type} (a lobby message) in the middle of the game")
        s = self.session
        # Not signed by this link's seat, or not of this game: nothing here proves who made it.
        if msg.sender != seat:
            raise ChainError(f"a {msg.type} signed as seat {msg.sender} on seat {seat}'s link")
        if msg.envelope.game != s.game_id:
            raise ChainError(f"a {msg.type} of another game")
        if not s._frozen(seat, msg.seq):
            expected = s.chain.next_seq(seat)  # (a voted-out seat's later messages are ignored, not gaps)
            if msg.seq > expected:
                raise ChainError(f"a {msg.type} with seq {msg.seq} came before seq {expected} (a message is missing)")
        if isinstance(msg.body, Absent) and msg.body.seat == s.me and msg.body.have < len(self.sent):
            # that peer lacks some of our messages (one lost on the way): relink, which resends them
            self._nursery.start_soon(self._relink, seat)
        return msg

    async def _relink(self, seat: int) -> None:
        conn = self.conns.get(seat)
        if conn is not None:
            await conn.aclose()

    async def _stop_after_bye(self, seat: int, why: str) -> None:
        await trio.sleep(5)  # first let our own checks see what that peer saw (e.g. the cheat's proof)
        self._stop(1, f"{self.session.name(seat)} stopped the game: {why}")

    def _dispatch(self, out) -> None:
        self._queue(out.send)
        for ev in out.events:
            if isinstance(ev, YourTurn):
                self._nursery.start_soon(self._play_turn, ev.turn)
            elif isinstance(ev, TurnFinal):
                if self.on_turn is not None:
                    self.on_turn(self, ev)
            elif isinstance(ev, VotedOut):
                if ev.seat == self.session.me:
                    self._stop(1, f"the others voted this seat out at turn {ev.turn} (it was not answering)")
                    continue
                self.say(f"{self.session.name(ev.seat)} was voted out at turn {ev.turn}: "
                         + ("a computer player plays that seat." if ev.choice == "bot" else "the game ends."))
            elif isinstance(ev, GameOver):
                self._game_over(ev)

    async def _play_turn(self, turn: int) -> None:
        state = self.session.state
        me = self.session.me
        if self.human:
            action = await trio.to_thread.run_sync(self.decide, state, me, abandon_on_cancel=True)
        else:
            action = self.decide(state, me)
        if self.session.turn != turn or self.session.halted:
            return
        if self.cheat is not None and self.cheat.on_turn(self, turn, action):
            return
        try:
            out = self.session.submit(action)
        except Halted as h:
            self._halt(h.reason)
            return
        except sled.IllegalMove as e:  # a human typed something the engine refused late: ask again
            self.say(f"{e}")
            self._nursery.start_soon(self._play_turn, turn)
            return
        self._dispatch(out)

    # ---- endings
    def _game_over(self, ev: GameOver) -> None:
        s = self.session
        places = list(ev.places)
        lines = ["", f"The game is over ({GAME_TITLES[s.kind]} on {table_name(s.track)}). Final places:"]
        if s.state is None:
            lines = ["", f"The game ended before it began ({GAME_TITLES[s.kind]} on {table_name(s.track)}): "
                         "a player did not answer and the others voted to end it."]
        pts = game_points(s)
        for i, seat in enumerate(places):
            lines.append(f"  {i + 1}. {s.name(seat)}" + (f"  {pts[seat]} points" if pts else ""))
        for seat in range(s.n):
            if seat not in places:
                lines.append(f"  -  {s.name(seat)}")
        for seat in s.unsigned():  # G2: it never agreed to this game, so nothing here is its result
            lines.append(f"{s.name(seat)} never signed the roster: this game proves no result for that seat "
                         "(its audit says so).")
        lines.append(f"Game log: {self.log_path}")
        lines.append(f"Audit it with: snowp2p audit {self.log_path}")
        for ln in lines:
            self.say(ln)
        self._write_meta("finished", places=[s.nicks[p] for p in places],
                         final_hash=s.my_hash[s.final_turn].hex() if s.final_turn >= 0 else "",
                         turns=max(s.final_turn, 0))
        self._queue_bye("game over")
        self.result = 0
        self._finished.set()

    def _queue_bye(self, reason: str) -> None:
        s = self.session
        if s.me is None:
            return
        try:
            env = Envelope(s.game_id, s.me, s.chain.next_seq(s.me), s.chain.head(s.me), Bye(reason[:200]))
            payload = encode_signed(self.identity, env)
            s.check(payload)
            self._queue([payload])
        except (ProtocolError, Halted):
            pass

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

"""Hosting and joining a networked game (trio): the lobby, the offer and its answer, the roster.

Theory of operation
-------------------
The host listens on TCP (:class:`Lobby`); each joiner (:func:`join_lobby`, or :func:`join_announced` for
a game announced on the LAN) says ``hello``, the host answers ``challenge`` with the game id and its SPAKE2
message, the joiner answers ``join`` with its own and its key confirmation (protocol/SPEC.md section 10),
the host confirms too (``welcome``) and offers the game (``offer``: what the roster will carry); the
joiner's player accepts or declines it (``answer``: :func:`accept_offer`, :func:`decline_offer`).  Code
attempts are rationed (guard.Turnstile) and unauthenticated connections capped (guard.Gate).  When the
seats are full and every joiner accepted, the host signs the ``roster`` (:meth:`Lobby.roster`).  The
game itself is :class:`~snowp2p.net.peer.NetGame`'s (peer.py).

The lobby is handed the game object (``HostConfig.game``, a ``Game`` of games/api.py) and a joiner a
``title_of`` (a game's title by its kind): net/ never looks a game up.
"""


from __future__ import annotations

import ipaddress
import os
import socket
import time
from dataclasses import dataclass
from typing import Any, Callable

import trio

from ..protocol import joincode
from ..protocol.crypto import Identity, fingerprint
from ..protocol.errors import DecodeError, JoinCodeError, ProtocolError
from ..protocol.messages import (
    HOST_SEAT, PROTOCOL_VERSION, UNSEATED, ZERO_HASH, Answer, Challenge, Envelope, Hello,
    Join, Offer,
    Refuse, Roster, Seat, SignedMessage, Welcome, decode_signed, encode_signed,
)
from ..protocol.roster import roster_body
from ..protocol.absence import DEFAULT_MOVE_TIME
from .conn import Conn, ConnectionClosed, local_address, peer_address
from .guard import Gate, GuessLimiter, Turnstile

DEFAULT_PORT = 47470
HANDSHAKE_TIMEOUT = 15.0
#: seconds a welcomed joiner has to accept or decline the offered game (SPEC section 10, step 5); its seat is
#: held meanwhile and free again after a decline, a hang-up or this time
ACCEPT_TIMEOUT = 120.0
#: what the lobby tells a spectator that comes before the game has begun (``watch`` tries again)
NOT_STARTED = "the game has not started yet"


class NetError(Exception):
    """A one-line, user-facing networking failure."""


def lobby_frame(identity: Identity, game: bytes, sender: int, body) -> bytes:
    return encode_signed(identity, Envelope(game, sender, 0, ZERO_HASH, body))


# ---------------------------------------------------------------------- host
@dataclass
class Joined:
    nick: str
    pubkey: bytes
    addr: str
    port: int
    conn: Conn | None
    accepted: bool = True  # False from the welcome until the joiner accepts the offered game
    deadline: float = 0.0  # time.monotonic() by which it must answer (while not accepted)


@dataclass
class HostConfig:
    game: Any  # the game object (games/api.py Game), from the registry: net/ never looks one up
    track: Any  # the game's table (a track, a tile set)
    players: int
    rules: Any  # the game's rules (games/api.py)
    port: int = DEFAULT_PORT
    bind: str | None = None  # None: all interfaces
    move_time: int = DEFAULT_MOVE_TIME  # seconds for each move (roster settings, SPEC 11.9)
    answer_time: float = ACCEPT_TIMEOUT  # seconds a welcomed joiner has to accept or decline (host --answer-time)
    extra: dict | None = None  # more settings the roster carries: ``match`` for a race of a match (SPEC 16.1)


class Lobby:
    """The host's lobby: seats, the join code, the handshake (SPAKE2, protocol/SPEC.md section 10)."""

    def __init__(self, cfg: HostConfig, identity: Identity, nick: str, say: Callable[[str], None],
                 code: str | None = None, admit: frozenset[bytes] | None = None):
        self.cfg = cfg
        self.identity = identity
        self.game_id = os.urandom(32)
        self.code = code or joincode.make_code(os.urandom(16))
        #: a rematch (SPEC section 10, *Rematch*): only these keys (the last game's players) and the computer
        #: players this host starts take a seat; None: anyone with the code
        self.admit = admit
        # seat i's joiner; None: a seat given to a joiner that left before the game started (free again)
        self.seats: list[Joined | None] = [Joined(nick, identity.public_key, "", 0, None)]
        self.full = trio.Event()
        self.say = say
        self.refused = 0
        self.lan_addr = ""  # this machine's address on the connection of the first joiner from elsewhere
        self.computer_keys: set[bytes] = set()  # public keys of the computer players the host started itself
        self.changed: Callable[[], None] = lambda: None  # called when a seat is taken (the lobby screen)
        self.lie: Callable[[bytes], bytes] = lambda payload: payload  # tests only: a hostile offer (cheats.py)
        self.guesses = GuessLimiter()
        self.turnstile = Turnstile(self.guesses)
        self.gate = Gate(rank=self.guesses.rank)

    async def handle(self, stream: trio.SocketStream, settle: Callable[[], None] = lambda: None) -> None:
        addr = peer_address(stream)
        conn = Conn(stream, addr or "joiner")
        joined = None
        try:
            with trio.fail_after(HANDSHAKE_TIMEOUT):
                joined = await self._handshake(conn, stream, settle)
        except (trio.TooSlowError, ConnectionClosed, ProtocolError) as e:
            if not self.guesses.guessing():  # (while someone is guessing: in the status line, not one a try)
                self.say(f"lobby: a joiner from {conn.label} was dropped: {reason_text(e)}")
        finally:
            if joined is None:  # anything but a seat ranks that address after the newcomers (guard.Turnstile)
                self.guesses.missed(addr)
                await conn.aclose()
        if joined is not None:
            await self._await_answer(joined)

    def waiting_for(self) -> list[Joined]:
        """The welcomed joiners still deciding on the offered game (the lobby screen names them)."""
        return [s for s in self.seats if s is not None and not s.accepted]

    def _check_full(self) -> None:
        # full only once every seat's welcome went out and every joiner accepted the game (the host waits on
        # this event: it must never wake for a seat that is then given back)
        if self.taken() >= self.cfg.players and not self.waiting_for():
            self.full.set()

    async def _await_answer(self, joined: Joined) -> None:
        """The joiner's answer to the offered game (SPEC section 10, step 5): an accept holds its seat; a
        decline, a hang-up, a bad answer or no answer within ``HostConfig.answer_time`` frees the seat at once, and the
        lobby goes on without it (it never saw a roster, so nothing waits for it: issue 23)."""
        conn = joined.conn
        why = ""
        try:
            with trio.fail_after(self.cfg.answer_time):
                msg = decode_signed(await conn.recv())
            if not isinstance(msg.body, Answer) or msg.envelope.game != self.game_id:
                why = f"sent {msg.type} instead of its answer to the settings"
            else:
                msg.verify(joined.pubkey)
                why = "" if msg.body.accept else "declined the settings"
        except trio.TooSlowError:
            why = f"did not accept the settings within {self.cfg.answer_time:g} s"
        except ConnectionClosed:
            why = "left before accepting the settings"
        except ProtocolError as e:
            why = f"sent a bad answer to the settings: {e}"
        seat = next((i for i, s in enumerate(self.seats) if s is joined), None)
        if seat is None:  # replaced by the same identity coming back: the new connection answers
            return
        if not why:
            joined.accepted = True
            self.say(f"lobby: {joined.nick} accepted the settings ({self.taken() - len(self.waiting_for())}/"
                     f"{self.cfg.players} ready)")
            self._check_full()
            self.changed()
            return
        self._vacate(seat)
        self.say(f"lobby: {joined.nick} [{fingerprint(joined.pubkey)}] {why}; seat {seat} is free again")
        with trio.CancelScope(shield=True):
            await conn.aclose()
        self.changed()

    async def _refuse(self, conn: Conn, reason: str, quiet: bool = False) -> None:
        self.refused += 1
        if not quiet:
            self.say(f"lobby: refused {conn.label}: {reason}")
        try:
            await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT, Refuse(reason)))
        except ConnectionClosed:
            pass

    def _wrong_code(self, addr: str) -> None:
        """Count a wrong code; one status line now and then (the code stays: guard.py)."""
        self.guesses.failed(addr)
        line = self.guesses.summary(trio.current_time())
        if line:
            self.say(line)

    async def status(self) -> None:
        """Now and then, the status line about wrong codes that came since the last one (run until cancelled)."""
        while True:
            await trio.sleep(self.guesses.every)
            line = self.guesses.summary(trio.current_time())
            if line:
                self.say(line)

    async def _handshake(self, conn: Conn, stream: trio.SocketStream, settle: Callable[[], None]) -> Joined | None:
        raw = await conn.recv()
        try:
            hello = decode_signed(raw)
        except DecodeError as e:
            if e.field == "envelope.v":
                await self._refuse(conn, f"protocol version mismatch: this host speaks version {PROTOCOL_VERSION}")
            else:
                await self._refuse(conn, f"not a hello: {e}")
            return None
        if hello.type == "watch":  # a spectator too early: it tries again once the game has begun (SPEC 17)
            await self._refuse(conn, NOT_STARTED, quiet=True)
            return None
        if not isinstance(hello.body, Hello):
            await self._refuse(conn, f"expected hello, got {hello.type}")
            return None
        hello.verify(hello.body.pubkey)
        if hello.envelope.game not in (ZERO_HASH, self.game_id):
            await self._refuse(conn, "that is a message of another game")
            return None
        if self.full.is_set():
            await self._refuse(conn, "the game is full")
            return None
        # the same identity again (a joiner killed in the lobby, or whose link broke, coming back with the same
        # code): once it has proven the code it takes its seat back and its old lobby connection is closed
        # (issue 18, case 12).  (Its hello is signed by that key, and the code check binds the key.)
        addr = peer_address(stream)
        # one challenge is one guess of the code: they are rationed for the whole lobby, newcomers first
        await self.turnstile.admit(addr)
        nonce = os.urandom(32)
        code = self.code
        tr = joincode.JoinTranscript(self.game_id, self.identity.public_key, nonce, hello.body.pubkey,
                                     hello.body.nonce)
        pake = joincode.PakeSide("host", code, tr, os.urandom(32))
        await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT,
                                     Challenge(self.identity.public_key, nonce, self.cfg.game.kind, pake.message)))
        join = decode_signed(await conn.recv())
        if not isinstance(join.body, Join) or join.envelope.game != self.game_id:
            await self._refuse(conn, "expected join for this game")
            return None
        join.verify(hello.body.pubkey)
        try:
            pake.finish(join.body.pake)
            pake.check(join.body.tag)
        except JoinCodeError:
            self._wrong_code(addr)
            await self._refuse(conn, "wrong join code", quiet=True)
            return None
        if (self.admit is not None and hello.body.pubkey not in self.admit
                and hello.body.pubkey not in self.computer_keys):
            await self._refuse(conn, "this game is a rematch: only the last game's players take a seat")
            return None
        again = next((i for i, s in enumerate(self.seats) if i > 0 and s is not None
                      and s.pubkey == hello.body.pubkey), None)
        if self.full.is_set() or (again is None and self.taken() >= self.cfg.players):
            await self._refuse(conn, "the game is full")
            return None
        if again is None and hello.body.pubkey == self.identity.public_key:
            await self._refuse(conn, "this identity has already joined (it is the host's)")
            return None
        settle()  # proven: no longer an unauthenticated connection (guard.Gate)
        # take the seat before any await, so two joiners can never be given the same one: its own seat back,
        # or the lowest free one (a seat whose joiner left before the game started is free again)
        seat = again if again is not None else next((i for i, s in enumerate(self.seats) if s is None),
                                                    len(self.seats))
        if again is not None:
            old = self.seats[again]
            nick = old.nick
            if old.conn is not None and old.conn is not conn:
                with trio.CancelScope(shield=True):
                    await old.conn.aclose()
            self.say(f"lobby: {nick} [{fingerprint(hello.body.pubkey)}] is back (the same identity): its "
                     "earlier lobby connection is replaced")
        else:
            nick = hello.body.nick
            if any(s is not None and s.nick == nick for s in self.seats):
                nick = f"{nick}{seat}"
        joined = Joined(nick, hello.body.pubkey, peer_address(stream), hello.body.port or 0, conn, accepted=False,
                        deadline=time.monotonic() + self.cfg.answer_time)
        if seat == len(self.seats):
            self.seats.append(joined)
        else:
            self.seats[seat] = joined
        try:
            await conn.send(lobby_frame(self.identity, self.game_id, HOST_SEAT, Welcome(seat, pake.my_tag())))
        except ConnectionClosed:
            if self.seats[seat] is joined:
                self._vacate(seat)  # it left while being welcomed: its seat is free again
            raise
        if not _is_loopback(peer_address(stream)) and not self.lan_addr:
            self.lan_addr = local_address(stream)  # this machine's address as the others on the LAN reach it
        if not self.seats[0].addr:
            self.seats[0].addr = local_address(stream)
        try:
            await conn.send(self.lie(lobby_frame(self.identity, self.game_id, HOST_SEAT, self.offer())))
        except ConnectionClosed:
            if self.seats[seat] is joined:
                self._vacate(seat)
            raise
        self.say(f"lobby: {nick} [{fingerprint(hello.body.pubkey)}] joined from {conn.label} "
                 f"({self.taken()}/{self.cfg.players}); waiting for {nick} to accept the settings")
        self.changed()
        return joined

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

    def _seats(self) -> tuple[Seat, ...]:
        def reachable(addr: str) -> str:
            # a seat that joined over loopback (the host's own computer players) or the host itself is on
            # this machine: the players on other machines reach it at this machine's LAN address
            addr = addr or "127.0.0.1"
            return self.lan_addr if self.lan_addr and _is_loopback(addr) else addr

        return tuple(Seat(s.nick, s.pubkey, reachable(s.addr), s.port) for s in self.seats if s is not None)

    def offer(self) -> Offer:
        """The game offered to a welcomed joiner: what the roster will carry, the seats taken so far."""
        cfg = self.cfg
        body = roster_body(cfg.game, cfg.track, cfg.rules, self._seats(), cfg.move_time)
        return Offer(body.kind, body.track, {**body.settings, **(cfg.extra or {})}, body.seats, cfg.players)

    def roster(self) -> bytes:
        cfg = self.cfg
        assert all(s is not None for s in self.seats), "a roster is signed only when every seat is taken"
        seats = self._seats()
        body = roster_body(cfg.game, cfg.track, cfg.rules, seats, cfg.move_time)  # the track itself travels
        if cfg.extra:  # a race of a match (SPEC 16.1)
            body = Roster(body.kind, body.track, {**body.settings, **cfg.extra}, body.seats)
        computers = [i for i, s in enumerate(self.seats) if s.pubkey in self.computer_keys]
        if computers:  # for screens only (protocol/SPEC.md 11.2, "Labels")
            body = Roster(body.kind, body.track, {**body.settings, "computer_seats": computers}, body.seats)
        return encode_signed(self.identity, Envelope(self.game_id, HOST_SEAT, 0, ZERO_HASH, body))


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


def reason_text(e: BaseException) -> str:
    if isinstance(e, trio.TooSlowError):
        return "timed out"
    return str(e) or type(e).__name__


# ---------------------------------------------------------------------- join
@dataclass
class JoinResult:
    roster: SignedMessage | None  # None until the player accepted the offer (accept_offer)
    seat: int
    conn: Conn
    listeners: list
    offer: SignedMessage | None = None  # the game the host offers (SPEC section 10, step 5)
    challenge: SignedMessage | None = None
    title_of: Callable[[str], str] = str  # a game's title by its kind (join_lobby's)


class FakeAnnouncement(NetError):
    """An announced game whose host proves another key than the fingerprint it announced."""


async def _lobby_handshake(host: str, port: int, code: str, identity: Identity, nick: str, my_port: int,
                           expect_fp: str | None = None) -> tuple[Conn, SignedMessage, SignedMessage]:
    """hello, challenge, join, welcome (protocol/SPEC.md section 10): the connection, the host's challenge
    and its welcome, once the host has proven the code.  ``expect_fp``: the fingerprint the game was
    announced with; a challenge signed by another key is refused before the code is used
    (``FakeAnnouncement``): a fake announcer gets no guess."""
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            stream = await trio.open_tcp_stream(host, port)
    except (OSError, trio.TooSlowError) as e:
        raise NetError(f"can not reach {host}:{port}: {reason_text(e)}") from None
    conn = Conn(stream, f"host {host}:{port}")
    nonce = os.urandom(32)
    ok = False
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            await conn.send(lobby_frame(identity, ZERO_HASH, UNSEATED, Hello(nick, identity.public_key, nonce, my_port)))
            ch = await _expect(conn, Challenge)
            ch.verify(ch.body.pubkey)
            if expect_fp is not None and fingerprint(ch.body.pubkey) != expect_fp:
                raise FakeAnnouncement(f"the game announced at {host}:{port} as [{expect_fp}] is hosted by "
                                       f"[{fingerprint(ch.body.pubkey)}]: a fake announcement, not tried")
            pake = await send_join(conn, ch, identity, nonce, code)
            wel = await _expect(conn, Welcome)
            wel.verify(ch.body.pubkey)
            host_proved(pake, wel.body.tag)
        ok = True
        return conn, ch, wel
    except trio.TooSlowError:
        raise NetError(f"the host at {host}:{port} did not answer in time") from None
    except ConnectionClosed as e:
        raise NetError(f"the host closed the connection without letting this player in (is the game full or "
                       f"already started?): {e}") from None
    except ProtocolError as e:
        raise NetError(f"the host at {host}:{port} sent a bad message: {e}") from None
    finally:
        if not ok:
            with trio.CancelScope(shield=True):
                await conn.aclose()


async def send_join(conn: Conn, ch: SignedMessage, identity: Identity, nonce: bytes, code: str) -> joincode.PakeSide:
    """Answer the host's ``challenge`` with ``join``: this side's SPAKE2 message and proof of the code (SPEC
    section 10, step 3; a spectator's too, section 17, whose ``nonce`` is its watch's).  The PAKE side, to
    check the host's proof with."""
    tr = joincode.JoinTranscript(ch.envelope.game, ch.body.pubkey, ch.body.nonce, identity.public_key, nonce)
    pake = joincode.PakeSide("joiner", code, tr, os.urandom(32))
    try:
        pake.finish(ch.body.pake)
    except JoinCodeError as e:
        raise NetError(f"the host's challenge is unusable: {e}") from None
    await conn.send(lobby_frame(identity, ch.envelope.game, UNSEATED, Join(pake.message, pake.my_tag())))
    return pake


def host_proved(pake: joincode.PakeSide, tag: bytes) -> None:
    """The host's key confirmation (its ``welcome``'s, or a spectator's ``watching``): NetError if wrong."""
    try:
        pake.check(tag)
    except JoinCodeError:
        raise NetError("the host could not prove it knows the code: not the game you were invited to") from None


async def close_quietly(stream) -> None:
    """Close a stream whatever state it is in, even while cancelled."""
    with trio.CancelScope(shield=True):
        try:
            await stream.aclose()
        except Exception:
            pass


async def _joiner_setup(code: str, listen_host: str | None) -> tuple[str, list, int]:
    """The code's normal form, and the listeners the joiner's mesh links will come to (and their port)."""
    try:
        code = joincode.normalize(code)
    except ValueError as e:
        raise NetError(f"--code: {e}") from None
    listeners = await trio.open_tcp_listeners(0, host=listen_host)
    return code, listeners, listeners[0].socket.getsockname()[1]


async def join_lobby(host: str, port: int, code: str, identity: Identity, nick: str,
                     say: Callable[[str], None], listen_host: str | None = None, *,
                     title_of: Callable[[str], str], expect_fp: str | None = None) -> JoinResult:
    """``title_of``: a game's title by its kind (the registry's ``title_of``), for what the joiner is told;
    ``expect_fp``: the host's fingerprint, when it is known (a rematch: the last game's host)."""
    code, listeners, my_port = await _joiner_setup(code, listen_host)
    try:
        conn, ch, wel = await _lobby_handshake(host, port, code, identity, nick, my_port, expect_fp)
    except BaseException:
        with trio.CancelScope(shield=True):
            for listener in listeners:
                await listener.aclose()
        raise
    return await _await_offer(conn, ch, wel, identity, listeners, f"{host}:{port}", say, title_of)


async def challenge_key(host: str, port: int) -> bytes | str:
    """The key a lobby at host:port signs its challenge with (a hello from a throwaway identity, no code
    given: `find`'s check of an announcement), or why there is none (a line).  Within the handshake's time;
    a caller that has less says so with a cancel scope (``find``: ``trio.move_on_after``)."""
    ident = Identity.from_seed(os.urandom(32))
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            stream = await trio.open_tcp_stream(host, port)
            conn = Conn(stream, f"{host}:{port}")
            try:
                await conn.send(lobby_frame(ident, ZERO_HASH, UNSEATED, Hello("find", ident.public_key,
                                                                                os.urandom(32), 0)))
                ch = await _expect(conn, Challenge)
                ch.verify(ch.body.pubkey)
                return bytes(ch.body.pubkey)
            finally:
                with trio.CancelScope(shield=True):
                    await conn.aclose()
    except trio.TooSlowError:
        return "it did not answer in time"
    except (OSError, ConnectionClosed, NetError, ProtocolError) as e:
        return reason_text(e)


#: announced games tried at once by `join --code` without an address
JOIN_TRIES_AT_ONCE = 8


async def join_announced(ads: list, code: str, identity: Identity, nick: str, say: Callable[[str], None],
                         listen_host: str | None = None, *, title_of: Callable[[str], str]) -> JoinResult:
    """Join, of the announced games ``ads`` (discovery.GameAd, in the order to try), the one whose host
    proves the code with the key it announced (issue 24).  A fake announcement (another key) is dropped
    and reported before it gets a guess; a game that does not prove the code is passed over.  Several
    are tried at once; the first that proves the code is kept, the other attempts are cancelled."""
    code, listeners, my_port = await _joiner_setup(code, listen_host)
    limiter = trio.CapacityLimiter(JOIN_TRIES_AT_ONCE)
    won: list = []
    failed: list[str] = []

    async def attempt(ad, token: object) -> None:
        try:
            if won:
                return
            try:
                got = await _lobby_handshake(ad.addr, ad.port, code, identity, nick, my_port, ad.fingerprint)
            except FakeAnnouncement as e:
                say(f"dropped: {e}")
                return
            except NetError as e:
                failed.append(f"{ad.addr}:{ad.port}: {e}")
                return
            if won:  # (two games proving one code: never in practice; keep the first)
                await got[0].aclose()
                return
            won.append((ad, got))
            nursery.cancel_scope.cancel()
        finally:
            limiter.release_on_behalf_of(token)

    async with trio.open_nursery() as nursery:
        for ad in ads:
            # a slot is taken here, in the order given (discovery.arrange: the address with the fewest
            # announcements first): tasks started together run in no set order, so a flood of silent
            # announcements (each held to the handshake timeout) could otherwise go before the real game
            token = object()
            await limiter.acquire_on_behalf_of(token)
            nursery.start_soon(attempt, ad, token)
    if not won:
        for listener in listeners:
            await listener.aclose()
        tried = f"; {'; '.join(failed[:3])}" if failed else ""
        raise NetError(f"none of the {len(ads)} game(s) announced on the LAN proved this join code (is it the "
                       f"code your host printed?){tried}")
    ad, (conn, ch, wel) = won[0]
    say(f"the game announced at {ad.addr}:{ad.port} by {ad.host_nick} [{ad.fingerprint}] proved the join code "
        "with that key")
    return await _await_offer(conn, ch, wel, identity, listeners, f"{ad.addr}:{ad.port}", say, title_of)


async def _await_offer(conn: Conn, ch: SignedMessage, wel: SignedMessage, identity: Identity, listeners: list,
                        where: str, say: Callable[[str], None], title_of: Callable[[str], str]) -> JoinResult:
    """The host's offer of the game (SPEC section 10, step 5): the joiner's player accepts or declines it
    (``accept_offer``, ``decline_offer``)."""
    game_id = ch.envelope.game
    say(f"joined {title_of(ch.body.kind)} at {where} as seat {wel.body.seat}; "
        "the host offers this game:")
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            offer = await _expect(conn, Offer)
    except trio.TooSlowError:
        raise NetError("the host did not say which game it offers") from None
    except ConnectionClosed:
        raise NetError("the host closed the lobby before the game started") from None
    if offer.envelope.game != game_id:
        raise NetError("the host offered a game of another id than the one it announced")
    if offer.body.kind != ch.body.kind:
        raise NetError(f"the host announced {title_of(ch.body.kind)} but its offer is for "
                       f"{title_of(offer.body.kind)}")
    offer.verify(ch.body.pubkey)
    return JoinResult(None, wel.body.seat, conn, listeners, offer, ch, title_of)


async def decline_offer(res: JoinResult, identity: Identity) -> None:
    """Tell the host this player declines the game (its seat is free again at once); nothing is signed."""
    with trio.CancelScope(shield=True):
        with trio.move_on_after(5):
            try:
                await res.conn.send(lobby_frame(identity, res.challenge.envelope.game, UNSEATED, Answer(0)))
            except ConnectionClosed:
                pass
        await res.conn.aclose()
        for listener in res.listeners:
            await listener.aclose()


async def accept_offer(res: JoinResult, identity: Identity, say: Callable[[str], None]) -> JoinResult:
    """Accept the offered game and wait for the roster (it must carry the game accepted)."""
    conn, ch, identity_key = res.conn, res.challenge, identity.public_key
    game_id = ch.envelope.game
    try:
        await conn.send(lobby_frame(identity, game_id, UNSEATED, Answer(1)))
    except ConnectionClosed:
        raise NetError("the host closed the lobby before the game started") from None
    say("waiting for the other players...")
    try:
        raw = await conn.recv()
    except ConnectionClosed:
        raise NetError("the host closed the lobby before the game started") from None
    roster = decode_signed(raw)
    if isinstance(roster.body, Refuse):
        raise NetError(f"refused by the host: {roster.body.reason}")
    if not isinstance(roster.body, Roster) or roster.envelope.game != game_id:
        raise NetError("the host sent something other than the game's roster")
    roster.verify(ch.body.pubkey)
    seat = res.seat
    if seat >= len(roster.body.seats) or roster.body.seats[seat].pubkey != identity_key:
        raise NetError("the roster does not give this player the seat the host promised")
    if roster.body.kind != ch.body.kind:
        raise NetError(f"the host announced {res.title_of(ch.body.kind)} but its roster is for "
                       f"{res.title_of(roster.body.kind)}")
    offered = res.offer.body

    def plain(settings) -> dict:
        return {k: v for k, v in settings.items() if k != "computer_seats"}  # (labels for screens only)
    if (roster.body.track != offered.track or plain(roster.body.settings) != plain(offered.settings)
            or len(roster.body.seats) != offered.players):
        raise NetError("the host's roster is not the game this player accepted")
    return JoinResult(roster, seat, conn, res.listeners, res.offer, ch, res.title_of)


async def _expect(conn: Conn, cls) -> SignedMessage:
    msg = decode_signed(await conn.recv())
    if isinstance(msg.body, Refuse):
        raise NetError(f"refused by the host: {msg.body.reason}")
    if not isinstance(msg.body, cls):
        raise NetError(f"the host sent {msg.type}, expected {cls.TYPE}")
    return msg

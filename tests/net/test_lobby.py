"""Only invited players get in (G8): the lobby against real hostile joiners.

The host is a real `snowp2p host` process.  The hostile joiners are either a
real `snowp2p join` with a wrong code, or the test itself speaking the wire
protocol over a raw TCP socket with the snowp2p.protocol helpers (frames,
signed envelopes, join-code tags), replaying captured frames or sending a
hello of another protocol version.  After each refusal the game must still be played to the
end by the right joiners, and audit clean.
"""

from __future__ import annotations

import os

import trio

from kit.peers import assert_clean_game
from snowp2p.protocol import joincode
from snowp2p.protocol.crypto import Identity, fingerprint
from snowp2p.protocol.framing import FrameDecoder, encode_frame
from snowp2p.protocol.messages import (
    PROTOCOL_VERSION, SIG_CONTEXT, UNSEATED, ZERO_HASH, Challenge, Envelope, Hello, Join, Refuse, Welcome, Answer, decode_signed,
    encode_signed, pack_canonical, to_wire,
)


RECV_TIME = 60  # seconds a raw joiner waits for a frame


# ------------------------------------------------------------ a raw joiner
class RawPeer:
    """A TCP connection that speaks frames, driven by the test (a real, possibly hostile, peer)."""

    def __init__(self, stream: trio.SocketStream):
        self.stream = stream
        self.decoder = FrameDecoder()
        self.frames: list[bytes] = []

    @classmethod
    async def connect(cls, host: str, port: int) -> "RawPeer":
        return cls(await trio.open_tcp_stream(host, port))

    async def send(self, payload: bytes) -> None:
        await self.stream.send_all(encode_frame(payload))

    async def recv(self) -> bytes | None:
        """The next frame, or None when the other side closed the connection (TooSlowError after RECV_TIME s)."""
        with trio.fail_after(RECV_TIME):
            while not self.frames:
                data = await self.stream.receive_some(65536)
                if not data:
                    return None
                self.frames.extend(self.decoder.feed(data))
        return self.frames.pop(0)

    async def expect_refusal(self, host_key: bytes | None = None) -> str:
        """The host's signed refuse frame, then the end of the connection; returns the reason."""
        raw = await self.recv()
        assert raw is not None, "the host hung up without saying why"
        msg = decode_signed(raw)
        assert isinstance(msg.body, Refuse), f"expected refuse, got {msg.type}"
        assert msg.sender == 0
        if host_key is not None:
            msg.verify(host_key)
        assert await self.recv() is None, "the host kept the connection open after refusing"
        return msg.body.reason

    async def aclose(self) -> None:
        await self.stream.aclose()


def lobby(identity: Identity, game: bytes, body) -> bytes:
    return encode_signed(identity, Envelope(game, UNSEATED, 0, ZERO_HASH, body))


def hello(identity: Identity, nick: str, game: bytes = ZERO_HASH, nonce: bytes | None = None) -> bytes:
    return lobby(identity, game, Hello(nick, identity.public_key, nonce or os.urandom(32), 1))


async def handshake(host, identity: Identity, nick: str, code: str) -> dict:
    """A full, honest handshake from a raw socket; returns the frames it sent and received."""
    c = await RawPeer.connect(host.addr, host.port)
    h = hello(identity, nick)
    await c.send(h)
    ch = decode_signed(await c.recv())
    assert isinstance(ch.body, Challenge)
    ch.verify(ch.body.pubkey)
    game = ch.envelope.game
    tr = joincode.JoinTranscript(game, ch.body.pubkey, ch.body.nonce, identity.public_key, decode_signed(h).body.nonce)
    pake = joincode.PakeSide("joiner", code, tr, os.urandom(32))
    pake.finish(ch.body.pake)
    j = lobby(identity, game, Join(pake.message, pake.my_tag()))
    await c.send(j)
    wel = decode_signed(await c.recv())
    assert isinstance(wel.body, Welcome), wel.type
    pake.check(wel.body.tag)
    return {"conn": c, "hello": h, "join": j, "game": game, "host_key": ch.body.pubkey, "seat": wel.body.seat}


def other_code(code: str) -> str:
    n, w1, w2 = code.split("-")
    return f"{int(n) % 999 + 1}-{w1}-{w2}"


def one_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1, f"expected one line, got:\n{text}"
    assert "Traceback" not in text
    return lines[0]


async def wait_proc(p) -> int:
    return await trio.to_thread.run_sync(p.wait)


async def finish_game(peers, host, joiners, players: int) -> dict:
    for p in (host, *joiners):
        assert await wait_proc(p) == 0, peers.describe()
    dirs = {host.name: host.game_dir(), **{j.name: j.game_dir() for j in joiners}}
    return assert_clean_game(dirs, players, peers.describe())


# ------------------------------------------------------------------ tests
async def test_wrong_code_is_refused_on_both_sides_and_the_game_goes_on(peers):
    host = peers.host(players=3, bots=0)
    wrong = other_code(host.code)
    intruder = peers.join(host, "intruder", code=wrong, debug=False)
    assert await wait_proc(intruder) == 1, intruder.describe()
    line = one_line(intruder.stderr)
    assert "wrong join code" in line and "refused by the host" in line, line
    assert "begins" not in intruder.stdout and "is over" not in intruder.stdout
    # one status line about wrong codes (not one line per attempt: guard.GuessLimiter)
    host.wait_for(r"^lobby: 1 wrong join code\(s\) from 1 address\(es\) so far$")
    assert intruder.game_dirs() == []  # it never got near a game

    alice, bob = peers.join(host, "alice"), peers.join(host, "bob")
    meta = await finish_game(peers, host, [alice, bob], 3)
    assert sorted(p["nick"] for p in meta["players"]) == ["alice", "bob", "host"]


async def test_a_mistyped_but_equivalent_code_is_accepted(peers):
    """The code's normal form: case, separators and leading zeros do not matter (SPEC section 10)."""
    host = peers.host(players=2, bots=0)
    n, w1, w2 = host.code.split("-")
    typed = f"  0{n} {w1.upper()}_{w2} "
    guest = peers.join(host, "guest", code=typed)
    await finish_game(peers, host, [guest], 2)


async def test_replayed_lobby_frames_from_another_game_are_refused(peers):
    # game A: a joiner's honest handshake, whose frames an eavesdropper captured
    game_a = peers.host(name="hosta", players=3, bots=0)
    victim = Identity.from_seed(os.urandom(32))
    captured = await handshake(game_a, victim, "victim", game_a.code)
    game_a.wait_for(r"lobby: victim")

    # game B: a different host and game; the eavesdropper replays the captured frames there
    game_b = peers.host(name="hostb", players=2, bots=0)
    c = await RawPeer.connect(game_b.addr, game_b.port)
    await c.send(captured["hello"])  # a hello carries no game: B answers with its own challenge
    ch = decode_signed(await c.recv())
    assert isinstance(ch.body, Challenge) and ch.envelope.game != captured["game"]
    await c.send(captured["join"])  # the join proof of game A
    reason = await c.expect_refusal(ch.body.pubkey)
    assert "for this game" in reason, reason
    game_b.wait_for(r"^lobby: refused \S+: expected join for this game$")

    # a hello bound to game A (how a peer rejoins its game) is refused by game B at once
    c = await RawPeer.connect(game_b.addr, game_b.port)
    await c.send(hello(victim, "victim", game=captured["game"]))
    reason = await c.expect_refusal(ch.body.pubkey)
    assert "another game" in reason, reason
    game_b.wait_for(r"^lobby: refused \S+: that is a message of another game$")

    # replaying the whole captured handshake into game A itself, on a new connection: the victim's
    # identity may take its seat back (issue 18, case 12), but only with a proof of the code for this
    # handshake, and the captured one is bound to the old nonces: refused, and the victim keeps its seat
    c = await RawPeer.connect(game_a.addr, game_a.port)
    await c.send(captured["hello"])
    ch = decode_signed(await c.recv())
    assert isinstance(ch.body, Challenge) and ch.envelope.game == captured["game"]
    await c.send(captured["join"])
    reason = await c.expect_refusal(captured["host_key"])
    assert "wrong join code" in reason, reason
    assert "is back" not in game_a.stdout, game_a.stdout

    # game B is unaffected: the invited player joins and they play it to the end
    guest = peers.join(game_b, "guest")
    meta = await finish_game(peers, game_b, [guest], 2)
    fps = {p["fingerprint"] for p in meta["players"]}
    assert fingerprint(victim.public_key) not in fps
    assert sorted(p["nick"] for p in meta["players"]) == ["guest", "hostb"]
    await captured["conn"].aclose()


async def test_other_protocol_version_and_garbage_are_refused(peers):
    host = peers.host(players=2, bots=0)
    me = Identity.from_seed(os.urandom(32))

    # a hello of another version, correctly signed: refused with the reason, not dropped silently
    body = to_wire(Hello("future", me.public_key, os.urandom(32), 1))
    env = pack_canonical([PROTOCOL_VERSION + 1, ZERO_HASH, UNSEATED, 0, ZERO_HASH, "hello", body])
    other = pack_canonical([env, me.sign(SIG_CONTEXT + env)])
    c = await RawPeer.connect(host.addr, host.port)
    await c.send(other)
    reason = await c.expect_refusal()
    assert "version" in reason and str(PROTOCOL_VERSION) in reason, reason
    host.wait_for(r"^lobby: refused \S+: protocol version mismatch")

    # bytes that are no message at all
    c = await RawPeer.connect(host.addr, host.port)
    await c.send(b"\xc1 this is not msgpack")
    reason = await c.expect_refusal()
    assert reason.startswith("not a hello"), reason

    # a well-formed message of the wrong kind first (a join before any hello)
    c = await RawPeer.connect(host.addr, host.port)
    await c.send(lobby(me, os.urandom(32), Join(os.urandom(33), os.urandom(32))))
    reason = await c.expect_refusal()
    assert "expected hello" in reason, reason

    # a hello whose signature is not by the key it names: dropped, no seat
    forged = bytearray(hello(me, "forger"))
    forged[-1] ^= 1
    c = await RawPeer.connect(host.addr, host.port)
    await c.send(bytes(forged))
    assert await c.recv() is None
    host.wait_for(r"lobby: a joiner from \S+ was dropped")

    # none of them took a seat: the invited player still gets seat 1 and they play
    guest = peers.join(host, "guest")
    await finish_game(peers, host, [guest], 2)
    assert "as seat 1;" in guest.stdout


async def test_a_full_game_refuses_an_extra_joiner(peers):
    """Once the seats are taken the lobby is closed: an extra joiner gets no seat, a signed refusal saying
    the game is full, and each side says so in one line; the game goes on."""
    # computer players that think a little, so the game is surely still on when the extra joiner comes
    host = peers.host(players=2, bots=0, extra=("--think", "0.5"))
    guest = peers.join(host, "guest", extra=("--think", "0.5"))
    host.wait_for(r"The (race|game) begins")
    late = peers.join(host, "latecomer", debug=False)
    assert await wait_proc(late) == 1, late.describe()
    line = one_line(late.stderr)
    assert "refused by the host" in line and "full" in line, line
    assert late.game_dirs() == []
    host.wait_for(r"^refused a connection from \S+: latecomer wanted to join, but the game is full")

    # a raw joiner with the right identity format, while the game is on: refused, no challenge, no seat
    ident = Identity.from_seed(os.urandom(32))
    c = await RawPeer.connect(host.addr, host.port)
    await c.send(hello(ident, "another"))
    reason = await c.expect_refusal()
    assert "full" in reason, reason
    host.wait_for(r"another wanted to join, but the game is full")

    meta = await finish_game(peers, host, [guest], 2)
    assert sorted(p["nick"] for p in meta["players"]) == ["guest", "host"]
    assert "GAME STOPPED" not in host.stdout and "lost the connection" not in host.stdout


async def test_a_joiner_who_comes_while_the_lobby_fills_is_told_it_is_full(peers):
    """Two raw joiners finish the handshake's first half together for the last seat: the one that proves
    the code second gets a signed refusal saying the game is full."""
    host = peers.host(players=2, bots=0)
    a_id, b_id = Identity.from_seed(os.urandom(32)), Identity.from_seed(os.urandom(32))
    a = await RawPeer.connect(host.addr, host.port)
    b = await RawPeer.connect(host.addr, host.port)
    tags = {}
    for c, ident, nick in ((a, a_id, "first"), (b, b_id, "second")):
        h = hello(ident, nick)
        await c.send(h)
        ch = decode_signed(await c.recv())
        assert isinstance(ch.body, Challenge)
        tr = joincode.JoinTranscript(ch.envelope.game, ch.body.pubkey, ch.body.nonce, ident.public_key,
                                     decode_signed(h).body.nonce)
        pake = joincode.PakeSide("joiner", host.code, tr, os.urandom(32))
        pake.finish(ch.body.pake)
        tags[nick] = (lobby(ident, ch.envelope.game, Join(pake.message, pake.my_tag())), ch.body.pubkey)
    await a.send(tags["first"][0])
    wel = decode_signed(await a.recv())
    assert isinstance(wel.body, Welcome) and wel.body.seat == 1
    await b.send(tags["second"][0])
    reason = await b.expect_refusal(tags["second"][1])
    assert "full" in reason, reason
    host.wait_for(r"^lobby: refused \S+: the game is full$")
    offer = decode_signed(await a.recv())  # the first one got the seat: the host offers it the game
    assert offer.type == "offer" and offer.body.players == 2, offer
    await a.send(lobby(a_id, wel.envelope.game, Answer(1)))  # it accepts: the host signs the roster
    roster = decode_signed(await a.recv())
    assert roster.type == "roster" and [s.nick for s in roster.body.seats] == ["host", "first"]
    await a.aclose()

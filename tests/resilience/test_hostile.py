"""G9 (bad input never crashes a peer or corrupts a game): misbehaving peers and strangers.

A *hostile peer* (SNOWP2P_CHEAT=MODE, snowp2p/net/hostile.py) plays honestly
but, once per other seat at a seeded frame number, abuses that connection:
garbage frame, oversized frame, trickled partial frame, flood, replay of its
old frames, a dropped frame, a delay, a cut mid-frame, a replayed link.  The
hostile peer is seat 2 of 5, so it has lower seats (it redials them) and
higher seats (they redial it).  The honest peers must

* cut that connection when the abuse is a bad frame, saying so in exactly one
  line each (and nothing at all for harmless abuse: duplicates, a delay);
* never crash nor halt (no offence/desync report);
* keep their log clean: it audits OK, holds no duplicate and nothing missing;
* and, since the hostile peer reconnects and catches up, finish the game
  on the same final state as everyone else.

A *stranger* (not a seat) connecting to a peer's game port with garbage, an
oversized frame, a lobby hello, a link signed by the wrong key or for another
game is refused (one line) and never answered with a link; the game goes on.
"""

from __future__ import annotations

import random
import re
import socket
import zlib

import pytest

from kit.resilience import assert_clean_finish, read_log

from snowp2p.home import Home
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.framing import MAX_FRAME, FrameDecoder, encode_frame
from snowp2p.protocol.messages import Envelope, ZERO_HASH, decode_signed, encode_signed
from snowp2p.protocol.session import Link

HOSTILE_SEAT = 2
REFUSED = "refused a frame from j2 ["
LOST = "lost the connection to j2 ["

# mode -> the reason an honest peer gives when it cuts the hostile peer off (None: it must not cut at all;
# "" : any reason)
CASES = {
    "garbage": "",
    "oversize": r"exceeds the 65536-byte limit",
    "trickle": r"trickled in too slowly",
    "flood": r"\(flood\)",
    "bigflood": r"KiB a second \(flood\)",  # big valid frames, fewer than the frame burst (trust2, gap 2)
    "drop": r"a message is missing",
    "relink": r"a link \(a lobby message\) in the middle of the game",
    "cut": None,
    "replay": None,
    "delay": None,
}


@pytest.mark.parametrize("mode", list(CASES))
def test_hostile_peer_costs_only_its_connection(games, mode):
    # frame number of the abuse, per seat (one message a turn, protocol 5: a seat sends ~35 in this race)
    at = random.Random(zlib.crc32(mode.encode())).randint(8, 28)
    g = games(5)
    g.start_all(joiner_env={"j2": {"SNOWP2P_CHEAT": mode, "SNOWP2P_HOSTILE_AT": str(at),
                                   "SNOWP2P_HOSTILE_SEED": str(at)}})
    rcs = g.wait_all()
    ctx = f"mode {mode}, at frame {at}\n{g.describe()}"
    assert all(rc == 0 for rc in rcs.values()), f"exit codes {rcs}\n{ctx}"
    hostile = g.peers[HOSTILE_SEAT]
    honest = [p for p in g.peers if p is not hostile]
    # the abuse really happened, once on each of its four connections
    abused = re.findall(rf"^hostile: {mode} on the connection to seat (\d)", hostile.stdout, re.M)
    assert sorted(map(int, abused)) == [0, 1, 3, 4], ctx
    reason = CASES[mode]
    for p in honest:
        out = p.stdout
        assert "Traceback" not in p.stderr and p.stderr.strip() == "", f"{p.name}: {p.stderr}"
        assert "GAME STOPPED" not in out and "cheating" not in out, f"{p.name}\n{ctx}"
        refused = [ln for ln in out.splitlines() if ln.startswith(REFUSED)]
        if reason is None:
            assert refused == [], f"{p.name} cut a harmless peer: {refused}\n{ctx}"
        elif mode == "drop" and not refused:
            # the gap shows when j2's next frame comes; if the game waits on the dropped one instead (one message
            # a seat a turn: nothing else may come), the silent link is cut and dialled again (net/watch.py),
            # and the link's ``next`` brings the missing frame: LOST once, below
            pass
        else:
            assert len(refused) == 1, f"{p.name}: expected one line cutting j2 off, got {refused}\n{ctx}"
            assert re.search(reason, refused[0]), f"{p.name}: {refused[0]!r} does not say {reason!r}"
            assert refused[0].endswith("closing that connection")
        if mode in ("replay", "delay"):
            assert LOST not in out, f"{p.name} lost its link to j2 over a harmless {mode}\n{ctx}"
        elif mode == "drop" and not refused:
            # the dropped frame came by another way: the link to j2 was cut and dialled again once, or (under load,
            # seen beside a CPU hog) another peer's relay of the turn's messages brought it first: no cut at all
            assert out.count(LOST) <= 1, f"{p.name}: the link to j2 broke more than once\n{ctx}"
        else:
            assert out.count(LOST) == 1, f"{p.name}: the link to j2 should break once\n{ctx}"
        d = p.game_dir()
        assert not (d / "offence.json").exists() and not (d / "desync.json").exists()
    # every peer (the hostile one's messages are honest) finishes clean, logs intact, nothing lost or doubled
    assert_clean_finish(g, ctx)


# ------------------------------------------------------------------ strangers
def _roster(peer):
    with open(peer.log, "rb") as f:
        return decode_signed(read_log(f).records[0])


def _stranger(port: int, data: bytes) -> bytes:
    """Connect to a peer's game port as a stranger, send ``data``; return all the peer sent back before it
    closed the connection."""
    got = b""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(data)
        s.settimeout(60)  # the peer refuses within its 15 s handshake limit (this only stops a hung test)
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            got += chunk
    return got


def _stranger_in_channel(port: int, game_id: bytes, frames: list[bytes]) -> list[bytes]:
    """As ``_stranger``, but first run the Noise channel handshake of game links (net/secure.py, SPEC 11.1)
    and send ``frames`` inside it; returns the frames the peer sent back inside it before it closed."""
    import trio

    from snowp2p.net.conn import Conn, ConnectionClosed
    from snowp2p.net.secure import dial_channel

    async def run() -> list[bytes]:
        got: list[bytes] = []
        with trio.fail_after(60):
            stream = await trio.open_tcp_stream("127.0.0.1", port)
            conn = Conn(await dial_channel(stream, game_id))
            for f in frames:
                await conn.send(f)
            try:
                while True:
                    got.append(await conn.recv())
            except ConnectionClosed:
                pass
            await conn.aclose()
        return got

    return trio.run(run)


def test_stranger_is_refused_without_affecting_the_game(games):
    g = games(3, think=0.3)
    g.start_all()
    host, j1, j2 = g.peers
    g.wait_records(host, 40)  # mid-game
    roster = _roster(host)
    game_id = roster.envelope.game
    ports = {"host": host.port, "j1": roster.body.seats[1].port}
    assert ports["j1"] > 0
    stranger = Identity.from_seed(bytes(range(32)))

    def link(identity, seat, game=game_id):
        return encode_signed(identity, Envelope(game, seat, 0, ZERO_HASH, Link(seat, 0)))

    attacks = {
        "garbage": encode_frame(bytes(random.Random(7).getrandbits(8) for _ in range(200))),
        "oversize": (MAX_FRAME + 1).to_bytes(4, "big") + bytes(4096),
        "a plain link (no channel)": encode_frame(link(stranger, 1)),
        "a lobby hello": encode_frame(encode_signed(stranger, Envelope(ZERO_HASH, 255, 0, ZERO_HASH, _hello(stranger)))),
    }
    # inside a channel (which anyone can open: it is the signed link that authenticates)
    in_channel = {
        "forged link (stranger's key, seat 1's number)": [link(stranger, 1)],
        "forged link (stranger's key, seat 2's number)": [link(stranger, 2)],
        "link of another game": [link(stranger, 2, game=bytes(range(1, 33)))],
        "its own seat's number": [link(stranger, 0)],
        "garbage in the channel": [bytes(random.Random(8).getrandbits(8) for _ in range(100))],
    }
    for target in ("host", "j1"):
        for what, frames in in_channel.items():
            assert _stranger_in_channel(ports[target], game_id, frames) == [], f"{target} answered {what}"
        for what, data in attacks.items():
            answer = FrameDecoder().feed(_stranger(ports[target], data))
            if what == "a lobby hello" and target == "host":
                # a late joiner at the host is told why, in one signed line (G8); still no link
                assert len(answer) == 1, answer
                refuse = decode_signed(answer[0])
                assert refuse.type == "refuse" and "full" in refuse.body.reason, refuse
            else:
                assert answer == [], f"{target} answered a stranger's {what}: {answer!r}"
    for p in (host, j1):
        assert p.alive or p.popen.returncode == 0, p.describe()
    rcs = g.wait_all()
    assert all(rc == 0 for rc in rcs.values()), f"exit codes {rcs}\n{g.describe()}"
    for p in (host, j1):
        refusals = re.findall(r"^refused a connection from 127\.0\.0\.1: (.*)$", p.stdout, re.M)
        assert len(refusals) == len(attacks) + len(in_channel), f"{p.name}: {refusals}\n{g.describe()}"
        assert any("exceeds the 65536-byte limit" in r for r in refusals)
        assert "GAME STOPPED" not in p.stdout and "lost the connection" not in p.stdout, p.stdout
    assert_clean_finish(g)


def _hello(identity):
    from snowp2p.protocol.messages import Hello

    return Hello("stranger", identity.public_key, bytes(32), 0)


def test_replayed_link_only_costs_that_seat_its_connection(games):
    """A link frame recorded on the LAN and replayed is refused: the link handshake makes each side sign the
    other's fresh challenge, which a recording can not do.  Here the 'recording' is made with seat 2's key
    from its home directory, which is byte-for-byte what an eavesdropper would have seen.  The game finishes
    clean."""
    g = games(3, think=0.3)
    g.start_all()
    host, j1, j2 = g.peers
    g.wait_records(host, 40)
    game_id = _roster(host).envelope.game
    key2 = Home.open(str(j2.home)).identity()
    replay = encode_signed(key2, Envelope(game_id, 2, 0, ZERO_HASH, Link(2, 0)))
    _stranger(host.port, encode_frame(replay) + encode_frame(b"\x00" * 8))  # plain: not even a channel
    # inside a fresh channel: a recorded link is not bound to it (its nonce is not this channel's)
    assert _stranger_in_channel(host.port, game_id, [replay]) == []
    assert len(re.findall(r"^refused a connection from 127\.0\.0\.1: .*not bound to this connection",
                          host.stdout, re.M)) == 1, host.stdout
    rcs = g.wait_all()
    assert all(rc == 0 for rc in rcs.values()), f"exit codes {rcs}\n{g.describe()}"
    for p in g.peers:
        assert "GAME STOPPED" not in p.stdout and "Traceback" not in p.stderr, p.describe()
    assert_clean_finish(g)

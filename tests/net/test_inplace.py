"""A connection secured in place keeps the bytes that came early (found by scripts/bench-p2p hanging).

The host<->joiner lobby connection becomes a game link by starting the secure channel on it
(protocol/SPEC.md section 11.1).  If the dialer's first channel message arrives together with the last
lobby frame, the acceptor's framed connection has already read it: it must be handed on to the channel,
not lost (before the fix both ends waited for each other until the handshake timed out, and the dialer
then redialled an address that was never meant to be dialled: the game hung).  In-memory streams: the
network is not the point here, the order of bytes is.
"""

from __future__ import annotations

import os

import trio
import trio.testing

from snowp2p.games import find_game
from snowp2p.games.sled.bot import choose_action
from snowp2p.home import Home
from snowp2p.net.conn import Conn
from snowp2p.net.peer import NetGame
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import ZERO_HASH, Envelope, Seat, decode_signed, encode_signed
from snowp2p.protocol.roster import roster_body
from snowp2p.games.sled.config import SledRules
from snowp2p.core.drbg import Rand
from snowp2p.games.sled.track import find_track
from kit.sessions import session_for


async def test_early_bytes_of_the_channel_handshake_are_not_lost(tmp_path):
    ids = [Identity.from_seed(bytes([i + 1]) * 32) for i in range(2)]
    track = find_track("mush-first-race", "mush")
    body = roster_body(find_game("mush"), track, SledRules(game="mush"),
                       tuple(Seat(f"p{i}", ids[i].public_key, "127.0.0.1", 0) for i in range(2)))
    roster = decode_signed(encode_signed(ids[0], Envelope(os.urandom(32), 0, 0, ZERO_HASH, body)))
    a, b = trio.testing.memory_stream_pair()
    conns = {0: Conn(a, "p0"), 1: Conn(b, "p1")}  # seat 1's end of the link is `a`, seat 0's is `b`

    def game(i: int) -> NetGame:
        s = session_for(roster, track, i, ids[i], os.urandom(32))
        g = NetGame(s, Home.open(str(tmp_path / f"p{i}")), ids[i], lambda st, me: choose_action(st, Rand(os.urandom(32))),
                    lambda line: None)
        g.conns = {1 - i: conns[1 - i]}
        return g

    g0, g1 = game(0), game(1)
    with trio.fail_after(120):
        async with trio.open_nursery() as n:
            await conns[0].send(b"last lobby frame")  # seat 1 -> seat 0, then seat 1's game starts at once
            n.start_soon(g1.run)
            await trio.testing.wait_all_tasks_blocked()  # seat 1 has sent its channel handshake too
            assert await conns[1].recv() == b"last lobby frame"  # seat 0 reads both (one chunk)
            n.start_soon(g0.run)
    assert g0.result == 0 and g1.result == 0
    assert g0.session.done and g0.session.my_hash[g0.session.final_turn] == g1.session.my_hash[g1.session.final_turn]

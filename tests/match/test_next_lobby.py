"""The next race's lobby (SPEC 16.3) over real TCP on loopback, in one process: the same join code; a seat of
the match proves the code and gets its own seat back (and the offer of the next race); anyone else with the
code is refused, the game being full."""

from __future__ import annotations

import pytest
import trio

from snowp2p.commands.match import reserved_lobby
from snowp2p.games import find_game, title_of
from snowp2p.net.guard import accept_loop
from snowp2p.net.lobby import HostConfig, NetError, decline_offer, join_lobby
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import Seat


def test_only_the_match_s_seats_get_into_the_next_race():
    game = find_game("snowtails")
    host, ada, bob, eve = (Identity.from_seed(bytes([i]) * 32) for i in (1, 2, 3, 4))
    seats = (Seat("host", host.public_key, "127.0.0.1", 1), Seat("ada", ada.public_key, "127.0.0.1", 2),
             Seat("bob", bob.public_key, "127.0.0.1", 3))
    code = "7-husky-tundra"
    said: list[str] = []

    async def main():
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        port = listeners[0].socket.getsockname()[1]
        cfg = HostConfig(game, game.load_table("s-bends"), 3, game.default_rules(), port)
        lobby = reserved_lobby(cfg, host, "host", said.append, code, seats)
        async with trio.open_nursery() as n:
            for listener in listeners:
                n.start_soon(accept_loop, listener, lobby.handle, n, lobby.gate)
            with pytest.raises(NetError, match="the game is full"):  # a stranger, even with the code
                await join_lobby("127.0.0.1", port, code, eve, "eve", said.append, title_of=title_of)
            res = await join_lobby("127.0.0.1", port, code, bob, "bob", said.append, title_of=title_of)
            assert res.seat == 2  # its own seat back, whatever the order of coming back
            assert [s.pubkey for s in res.offer.body.seats] == [s.pubkey for s in seats]
            await decline_offer(res, bob)
            await trio.sleep(0.2)
            # bob's seat, given back by its decline, stays bob's: eve is still refused
            with pytest.raises(NetError, match="the game is full"):
                await join_lobby("127.0.0.1", port, code, eve, "eve", said.append, title_of=title_of)
            assert lobby.seats[2] is not None and lobby.seats[2].pubkey == bob.public_key
            n.cancel_scope.cancel()

    trio.run(main)

"""A spectator that misbehaves once it is in (SPEC 17, G9): a real process that proves the join code to the host
(``snowp2p watch``'s own admission, net/watcher.py), says "admitted", takes the first record, then sends one
bad acknowledgement, and reads on until the host closes the connection ("closed: WHY").

    python tests/net/hostilewatcher.py HOST PORT CODE MODE

MODE: ``liar`` (a ``seen`` of more records than it was sent), ``forged`` (a ``seen`` signed by another key),
``elsewhere`` (a ``seen`` of another game), ``huge`` (a frame longer than any frame may be).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import trio  # noqa: E402

from snowp2p.net.conn import ConnectionClosed  # noqa: E402
from snowp2p.net.lobby import lobby_frame  # noqa: E402
from snowp2p.net.watcher import admitted  # noqa: E402
from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.protocol.errors import ProtocolError  # noqa: E402
from snowp2p.protocol.framing import MAX_FRAME  # noqa: E402
from snowp2p.protocol.messages import UNSEATED, Refuse, Seen, decode_signed  # noqa: E402


async def main(host: str, port: int, code: str, mode: str) -> None:
    ident = Identity.from_seed(os.urandom(32))
    conn, ch = await admitted(host, port, code, ident, mode, lambda line: None)
    game = ch.envelope.game
    print("admitted", flush=True)
    await conn.recv()  # record 0, the roster
    if mode == "liar":
        await conn.send(lobby_frame(ident, game, UNSEATED, Seen(5000)))
    elif mode == "forged":
        await conn.send(lobby_frame(Identity.from_seed(os.urandom(32)), game, UNSEATED, Seen(1)))
    elif mode == "elsewhere":
        await conn.send(lobby_frame(ident, os.urandom(32), UNSEATED, Seen(1)))
    elif mode == "huge":  # a frame header announcing 16 times the largest frame, then some of it
        await conn.stream.send_all((16 * MAX_FRAME).to_bytes(4, "big") + b"\0" * 4096)
    else:
        raise SystemExit(f"unknown mode {mode}")
    print("sent", flush=True)
    why = "the connection closed"
    try:
        while True:
            payload = await conn.recv()
            try:
                msg = decode_signed(payload)
            except ProtocolError:
                continue
            if isinstance(msg.body, Refuse):
                why = msg.body.reason
    except (ConnectionClosed, ProtocolError, trio.BrokenResourceError):
        pass
    print(f"closed: {why}", flush=True)


if __name__ == "__main__":
    trio.run(main, sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4])

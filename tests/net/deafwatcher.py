"""A spectator that stops reading (G9, issue 21 item 5): a real process that proves the join code to the host
(``snowp2p watch``'s own admission, net/watcher.py), says "admitted" on stdout, and then never reads
another byte nor acknowledges any record, holding the connection open until it is killed.

    python tests/net/deafwatcher.py HOST PORT CODE
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import trio  # noqa: E402

from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.net.watcher import admitted  # noqa: E402


async def main(host: str, port: int, code: str) -> None:
    ident = Identity.from_seed(os.urandom(32))
    conn, _ch = await admitted(host, port, code, ident, "deaf", lambda line: None)
    sock = conn.stream.raw.socket
    try:  # take as little as the kernel allows: the host must notice soon
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    except OSError:
        pass
    print("admitted", flush=True)
    await trio.sleep_forever()  # never reads, never acknowledges


if __name__ == "__main__":
    trio.run(main, sys.argv[1], int(sys.argv[2]), sys.argv[3])

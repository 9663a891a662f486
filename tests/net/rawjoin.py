"""A raw lobby client for the welcome-race test (attack 9 of issue 10): a real process that holds the join
code, proves it, and resets the connection at once (SO_LINGER 0: an RST, not a clean close).

    python tests/net/rawjoin.py HOST PORT CODE MODE
MODE ``join``: reset right after sending the proof (the host's welcome races the reset);
``welcome``: reset right after the host's welcome arrives (before the roster).
Exits 0 once it has reset the connection, 1 if the handshake went otherwise.
"""

from __future__ import annotations

import os
import socket
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from snowp2p.protocol import joincode  # noqa: E402
from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.protocol.messages import (  # noqa: E402
    UNSEATED, ZERO_HASH, Challenge, Envelope, Hello, Join, Welcome, decode_signed, encode_signed,
)


def recv_frame(s: socket.socket) -> bytes:
    def exact(n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = s.recv(n - len(buf))
            if not chunk:
                raise SystemExit("rawjoin: the host closed the connection")
            buf += chunk
        return buf
    (n,) = struct.unpack(">I", exact(4))
    return exact(n)


def send_frame(s: socket.socket, payload: bytes) -> None:
    s.sendall(struct.pack(">I", len(payload)) + payload)


def main() -> int:
    host, port, code, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    ident = Identity.from_seed(os.urandom(32))
    s = socket.create_connection((host, port), timeout=30)
    nonce = os.urandom(32)
    send_frame(s, encode_signed(ident, Envelope(ZERO_HASH, UNSEATED, 0, ZERO_HASH,
                                                Hello("racer", ident.public_key, nonce, 1))))
    ch = decode_signed(recv_frame(s))
    if not isinstance(ch.body, Challenge):
        print(f"rawjoin: expected a challenge, got {ch.type} {ch.body}", flush=True)
        return 1
    game = ch.envelope.game
    tr = joincode.JoinTranscript(game, ch.body.pubkey, ch.body.nonce, ident.public_key, nonce)
    pake = joincode.PakeSide("joiner", code, tr, os.urandom(32))
    pake.finish(ch.body.pake)
    send_frame(s, encode_signed(ident, Envelope(game, UNSEATED, 0, ZERO_HASH, Join(pake.message, pake.my_tag()))))
    if mode == "welcome":
        if not isinstance(decode_signed(recv_frame(s)).body, Welcome):
            return 1
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()  # an RST
    print(f"rawjoin: reset after {mode}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

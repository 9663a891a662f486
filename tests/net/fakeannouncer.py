"""A hostile announcer for the discovery tests (issue 24): fake LAN announcements of snowp2p games.

    python tests/net/fakeannouncer.py --addr A --nick NICK --fp FP --flood N

* one announcement that copies a real host's nickname and fingerprint text (``--nick``, ``--fp``), at
  this machine's address ``A`` on its own port, where a fake lobby answers every hello with a challenge
  signed by *its own* key (it can not sign with the real host's) and refuses any join;
* ``--flood N`` more announcements under other names, with this fake's own fingerprint, each at its own
  port where connections are accepted and never answered (each costs a joiner a time-out).

All are registered (in parallel) before it prints ``ready``; it runs until killed, printing ``silent ADDR`` for
each connection one of the flood's silent servers takes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from zeroconf import ServiceInfo  # noqa: E402
from zeroconf.asyncio import AsyncZeroconf  # noqa: E402

from snowp2p.net.discovery import SERVICE_TYPE, ad_properties  # noqa: E402
from snowp2p.protocol import joincode  # noqa: E402
from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.protocol.framing import FrameDecoder, encode_frame  # noqa: E402
from snowp2p.protocol.messages import (  # noqa: E402
    HOST_SEAT, ZERO_HASH, Challenge, Envelope, Hello, Refuse, decode_signed, encode_signed,
)

FAKE = Identity.from_seed(os.urandom(32))


async def fake_lobby(reader, writer):
    dec = FrameDecoder()
    game = os.urandom(32)
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                return
            for frame in dec.feed(data):
                msg = decode_signed(frame)
                if isinstance(msg.body, Hello):
                    nonce = os.urandom(32)
                    tr = joincode.JoinTranscript(game, FAKE.public_key, nonce, msg.body.pubkey, msg.body.nonce)
                    pake = joincode.PakeSide("host", joincode.make_code(os.urandom(16)), tr, os.urandom(32))
                    body = Challenge(FAKE.public_key, nonce, "snowtails", pake.message)
                else:
                    body = Refuse("wrong join code")
                writer.write(encode_frame(encode_signed(FAKE, Envelope(game, HOST_SEAT, 0, ZERO_HASH, body))))
                await writer.drain()
    except Exception:
        pass
    finally:
        writer.close()


async def silent(reader, writer):
    print(f"silent {writer.get_extra_info('peername')[0]}", flush=True)  # (the test counts who was held here)
    await reader.read()  # until the other end gives up
    writer.close()


async def main(args):
    lobby = await asyncio.start_server(fake_lobby, args.addr, 0)
    stalls = [await asyncio.start_server(silent, args.addr, 0) for _ in range(args.flood)]
    p_lobby = lobby.sockets[0].getsockname()[1]
    azc = AsyncZeroconf(interfaces=[args.addr])
    addr = [socket.inet_aton(args.addr)]
    infos = [ServiceInfo(SERVICE_TYPE, f"{args.nick} {args.fp} copy.{SERVICE_TYPE}", port=p_lobby, addresses=addr,
                         properties=ad_properties("snowtails", "first-race", 1, 3, args.nick, args.fp))]
    for i in range(args.flood):
        infos.append(ServiceInfo(SERVICE_TYPE, f"flood{i:03d} {FAKE.fingerprint}.{SERVICE_TYPE}",
                                 port=stalls[i].sockets[0].getsockname()[1],
                                 addresses=addr, properties=ad_properties("snowtails", "first-race", 1, 3,
                                                                          f"flood{i:03d}", FAKE.fingerprint)))
    tasks = await asyncio.gather(*(azc.async_register_service(i, cooperating_responders=True) for i in infos))
    await asyncio.gather(*tasks)
    print(f"ready {p_lobby} {FAKE.fingerprint}", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--addr", required=True)
    p.add_argument("--nick", required=True)
    p.add_argument("--fp", required=True)
    p.add_argument("--flood", type=int, default=0)
    asyncio.run(main(p.parse_args()))

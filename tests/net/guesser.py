"""A real guessing client for the tests: wrong join codes against a host, from chosen loopback addresses.

    python tests/net/guesser.py --target 127.0.0.1:PORT --code CODE --from 127.0.0.2 --tries 3 [--from ...]
    python tests/net/guesser.py --target ... --code CODE --probe 127.0.0.50 --fresh 127.0.0.51

Each try is a whole, well-formed lobby handshake (hello, then a SPAKE2 ``join`` for ``--code``) from a new
connection bound to that source address; the addresses guess in parallel, each its tries one after the
other.  It prints one JSON line per try: ``{"addr", "try", "result"}`` (the refusal reason, "welcome", or
"closed").  ``--probe P --fresh F``: P makes wrong tries until the host answers it slowly, and while P's
next hello waits for its challenge, F (a fresh address) runs one whole handshake; prints
``{"probe": "fresh first" | "probe first"}``.

    python tests/net/guesser.py --target ... --code CODE --flood --from A --from B ... --until STOPFILE

``--flood``: every address keeps one guessing connection going, a new one as soon as the last ends,
until STOPFILE exists.  Prints ``{"start": t0}`` first (monotonic clock, before the first connection),
``{"round": 2}`` once every address has started its second connection, then at the end
``{"challenges": [t, ...], "results": {reason: count}}``: when each challenge (one tried guess) came.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from snowp2p.protocol import joincode  # noqa: E402
from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.protocol.framing import FrameDecoder, encode_frame  # noqa: E402
from snowp2p.protocol.messages import (  # noqa: E402
    UNSEATED, ZERO_HASH, Challenge, Envelope, Hello, Join, Refuse, decode_signed, encode_signed,
)


class Raw:
    def __init__(self, stream):
        self.stream, self.dec, self.frames = stream, FrameDecoder(), []

    async def send(self, payload: bytes) -> None:
        await self.stream.send_all(encode_frame(payload))

    async def recv(self) -> bytes | None:
        while not self.frames:
            data = await self.stream.receive_some(65536)
            if not data:
                return None
            self.frames.extend(self.dec.feed(data))
        return self.frames.pop(0)


async def hello_only(host: str, port: int, addr: str, ident: Identity):
    stream = await trio.open_tcp_stream(host, port, local_address=addr)
    c = Raw(stream)
    nonce = os.urandom(32)
    await c.send(encode_signed(ident, Envelope(ZERO_HASH, UNSEATED, 0, ZERO_HASH,
                                               Hello("guesser", ident.public_key, nonce, 1))))
    return c, nonce


async def finish(c: Raw, nonce: bytes, ident: Identity, code: str, on_challenge=lambda: None) -> str:
    raw = await c.recv()
    if raw is None:
        return "closed"
    ch = decode_signed(raw)
    if isinstance(ch.body, Refuse):
        return ch.body.reason
    assert isinstance(ch.body, Challenge), ch.type
    on_challenge()
    tr = joincode.JoinTranscript(ch.envelope.game, ch.body.pubkey, ch.body.nonce, ident.public_key, nonce)
    pake = joincode.PakeSide("joiner", code, tr, os.urandom(32))
    pake.finish(ch.body.pake)
    await c.send(encode_signed(ident, Envelope(ch.envelope.game, UNSEATED, 0, ZERO_HASH,
                                               Join(pake.message, pake.my_tag()))))
    raw = await c.recv()
    if raw is None:
        return "closed"
    msg = decode_signed(raw)
    return msg.body.reason if isinstance(msg.body, Refuse) else msg.type


async def one_try(host, port, addr, code) -> str:
    ident = Identity.from_seed(os.urandom(32))
    c, nonce = await hello_only(host, port, addr, ident)
    try:
        return await finish(c, nonce, ident, code)
    finally:
        await c.stream.aclose()


async def guess_from(host, port, addr, tries, code):
    for i in range(tries):
        try:
            with trio.fail_after(60):
                result = await one_try(host, port, addr, code)
        except (OSError, trio.BrokenResourceError, trio.TooSlowError) as e:
            result = f"error: {type(e).__name__}"
        print(json.dumps({"addr": addr, "try": i, "result": result}), flush=True)


async def probe(host, port, code, slow_addr, fresh_addr):
    # wrong tries until the host answers this address slowly (its 4th wrong code on: guard.GuessLimiter)
    for i in range(6):
        print(json.dumps({"addr": slow_addr, "try": i, "result": await one_try(host, port, slow_addr, code)}),
              flush=True)
    order: list[str] = []
    ident = Identity.from_seed(os.urandom(32))
    c, nonce = await hello_only(host, port, slow_addr, ident)

    async def slow():
        await finish(c, nonce, ident, code)
        order.append("probe")

    async def fresh():
        await one_try(host, port, fresh_addr, code)
        order.append("fresh")

    async with trio.open_nursery() as n:
        n.start_soon(slow)
        n.start_soon(fresh)
    print(json.dumps({"probe": f"{order[0]} first"}), flush=True)


async def flood(host, port, code, sources, until):
    t0 = trio.current_time()
    print(json.dumps({"start": t0}), flush=True)
    stop = Path(until)
    challenges: list[float] = []
    results: dict[str, int] = {}
    started = {a: 0 for a in sources}
    said = []

    async def one(addr):
        ident = Identity.from_seed(os.urandom(32))
        started[addr] += 1
        if not said and min(started.values()) >= 2:
            said.append(1)
            print(json.dumps({"round": 2}), flush=True)
        try:
            with trio.fail_after(60):
                c, nonce = await hello_only(host, port, addr, ident)
                try:
                    return await finish(c, nonce, ident, code, lambda: challenges.append(trio.current_time()))
                finally:
                    await c.stream.aclose()
        except (OSError, trio.BrokenResourceError, trio.TooSlowError) as e:
            return f"error: {type(e).__name__}"

    async def keep(addr):
        while not await trio.Path(stop).exists():
            r = await one(addr)
            results[r] = results.get(r, 0) + 1
            if r.startswith("error"):
                await trio.sleep(0.2)

    async with trio.open_nursery() as n:
        for addr in sources:
            n.start_soon(keep, addr)
    print(json.dumps({"challenges": challenges, "results": results}), flush=True)


async def main(args):
    host, _, port = args.target.rpartition(":")
    if args.flood:
        await flood(host, int(port), args.code, args.sources, args.until)
        return
    if args.probe:
        await probe(host, int(port), args.code, args.probe, args.fresh)
        return
    async with trio.open_nursery() as n:
        for addr in args.sources:
            n.start_soon(guess_from, host, int(port), addr, args.tries, args.code)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--target", required=True)
    p.add_argument("--code", required=True)
    p.add_argument("--from", dest="sources", action="append", default=[])
    p.add_argument("--tries", type=int, default=3)
    p.add_argument("--probe")
    p.add_argument("--fresh")
    p.add_argument("--flood", action="store_true")
    p.add_argument("--until")
    trio.run(main, p.parse_args())

"""Open many idle TCP connections to a peer and hold them (a test's hostile crowd; it never sends a byte).

    python tests/resilience/idleflood.py --target 127.0.0.1:PORT --count 2000 --sources 20 --hold 600

Connections come from ``--sources`` loopback addresses 127.0.1.1, 127.0.1.2, ... in turn.  A connection
the peer closes is opened again (the crowd stays at ``--count``).  Prints ``open N`` now and then and
``flood up`` once ``--count`` connections were made; runs until killed or ``--hold`` seconds pass.
"""

from __future__ import annotations

import argparse
import resource

import trio
import trio.lowlevel


async def holder(host: str, port: int, src: str, stats: dict) -> None:
    while True:
        try:
            stream = await trio.open_tcp_stream(host, port, local_address=src)
        except OSError:
            stats["failed"] += 1
            await trio.sleep(0.2)
            continue
        stats["open"] += 1
        stats["made"] += 1
        try:
            while await stream.receive_some(4096):  # idle: never send; wait until the peer closes it
                pass
        except (trio.BrokenResourceError, OSError):
            pass
        stats["open"] -= 1
        await stream.aclose()
        await trio.sleep(0.5)  # then come back


async def main(args) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, args.count + 200)), hard))
    host, _, port = args.target.rpartition(":")
    stats = {"open": 0, "made": 0, "failed": 0}
    with trio.move_on_after(args.hold):
        async with trio.open_nursery() as n:
            for i in range(args.count):
                n.start_soon(holder, host, int(port), f"127.0.1.{1 + i % args.sources}", stats)
                if i % 100 == 99:
                    await trio.lowlevel.checkpoint()
            said_up = False
            while True:
                await trio.sleep(1)
                print(f"open {stats['open']} made {stats['made']} failed {stats['failed']}", flush=True)
                if not said_up and stats["made"] >= args.count:
                    said_up = True
                    print("flood up", flush=True)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--target", required=True)
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--sources", type=int, default=20)
    p.add_argument("--hold", type=float, default=600)
    trio.run(main, p.parse_args())

"""A small fault-injecting TCP proxy (trio), to put between two real peers.

    python tests/resilience/proxy.py --target 127.0.0.1:PORT --mode MODE [--after N] [--delay S] [--seed N]

prints ``proxy listening on PORT`` once it accepts connections, then forwards
every connection it accepts to the target, injecting one fault per
connection.  "Down" is target -> client (e.g. host -> joiner), "up" the other
way.  Frames are counted by their length prefixes (protocol/SPEC.md section 3),
nothing is decoded.

modes
  pass       forward faithfully (a control)
  delay      forward each chunk after ``--delay`` seconds, split into random small pieces (order kept)
  drop       after ``--after`` down frames, close both sides (a connection that drops)
  cut-down   after ``--after`` down frames, forward the first half of the next down frame, then close both
  cut-up     the same for the up direction
  blackhole  after ``--after`` down frames, forward nothing more either way but keep both sides open
  flip       after ``--after`` down frames, flip one bit in the middle of the next down frame (what a relay
             on the path can do to a signature; the channel's check must catch it, protocol/SPEC.md 11.1)
  inject     after ``--after`` down frames, insert a well-framed record of random bytes into the down stream
  lose       after ``--after`` down frames, leave the next down frame out and forward the rest

Each fault line (``fault: ...``) is printed, so a test can check it happened.
"""

from __future__ import annotations

import argparse
import random
import sys

import trio

HEADER = 4


class FrameCounter:
    """Counts complete frames in a byte stream; ``cut_point(n)`` says where frame ``n`` (0-based) ends."""

    def __init__(self):
        self.frames = 0
        self._need: int | None = None  # bytes left of the current frame's payload
        self._head = b""

    def feed(self, data: bytes, stop_after: int | None = None) -> int | None:
        """Consume ``data``; returns the offset in ``data`` just past frame number ``stop_after`` if it ends
        here (the count then stops there), else None."""
        pos = 0
        while pos < len(data):
            if self._need is None:
                take = min(HEADER - len(self._head), len(data) - pos)
                self._head += data[pos:pos + take]
                pos += take
                if len(self._head) == HEADER:
                    self._need = int.from_bytes(self._head, "big")
                    self._head = b""
            else:
                take = min(self._need, len(data) - pos)
                self._need -= take
                pos += take
            if self._need == 0:
                self._need = None
                self.frames += 1
                if stop_after is not None and self.frames == stop_after:
                    return pos
        return None


class Link:
    def __init__(self, args, client: trio.SocketStream, server: trio.SocketStream, n: int):
        self.args = args
        self.client, self.server = client, server
        self.n = n
        self.rng = random.Random(args.seed * 1000 + n)
        self.faulted = False
        self.done = trio.Event()

    def say(self, what: str) -> None:
        print(f"fault: connection {self.n}: {what}", flush=True)

    async def close_both(self) -> None:
        self.done.set()
        for s in (self.client, self.server):
            with trio.move_on_after(1) as scope:
                scope.shield = True
                try:
                    await s.aclose()
                except Exception:
                    pass

    async def next_frame(self, src, rest: bytes) -> bytes:
        """``rest`` plus what it takes to hold one whole frame (or as much as comes within 30 s)."""
        with trio.move_on_after(30):
            while len(rest) < HEADER or len(rest) < HEADER + int.from_bytes(rest[:HEADER], "big"):
                more = await src.receive_some(65536)
                if not more:
                    break
                rest += more
        return rest

    async def pump(self, src, dst, direction: str) -> None:
        args = self.args
        counter = FrameCounter()
        watch = (args.mode in ("drop", "cut-down", "blackhole", "flip", "inject", "lose") and direction == "down") or \
                (args.mode == "cut-up" and direction == "up")
        try:
            while not self.done.is_set():
                data = await src.receive_some(65536)
                if not data:
                    break
                if self.faulted and args.mode == "blackhole":
                    continue  # swallowed
                if watch and not self.faulted:
                    end = counter.feed(data, stop_after=args.after)
                    if end is not None:
                        self.faulted = True
                        if args.mode == "drop":
                            await dst.send_all(data[:end])
                            self.say(f"dropped after {args.after} {direction} frames")
                            await self.close_both()
                            return
                        if args.mode == "blackhole":
                            await dst.send_all(data[:end])
                            self.say(f"blackholed after {args.after} {direction} frames")
                            continue
                        if args.mode in ("flip", "inject", "lose"):
                            await dst.send_all(data[:end])
                            rest = await self.next_frame(src, data[end:])
                            length = int.from_bytes(rest[:HEADER], "big")
                            frame, after = rest[:HEADER + length], rest[HEADER + length:]
                            if args.mode == "flip":
                                bad = bytearray(frame)
                                at = HEADER + length // 2
                                bad[at] ^= 1 << self.rng.randrange(8)
                                await dst.send_all(bytes(bad) + after)
                                self.say(f"flipped a bit of byte {at} of the frame after {args.after} {direction} frames")
                            elif args.mode == "inject":
                                junk = bytes(self.rng.randrange(256) for _ in range(self.rng.randint(20, 200)))
                                await dst.send_all(len(junk).to_bytes(HEADER, "big") + junk + frame + after)
                                self.say(f"injected {len(junk)} bytes after {args.after} {direction} frames")
                            else:
                                await dst.send_all(after)
                                self.say(f"lost the frame after {args.after} {direction} frames ({len(frame)} bytes)")
                            continue
                        # cut: the first half of the next frame (whatever of it is here), then close.
                        # What came before it goes on at once: holding it back while waiting for the
                        # next frame could stall the game (the next frame may only come after an answer)
                        await dst.send_all(data[:end])
                        rest = data[end:]
                        with trio.move_on_after(5):
                            while len(rest) < HEADER + 2:
                                more = await src.receive_some(65536)
                                if not more:
                                    break
                                rest += more
                        length = int.from_bytes(rest[:HEADER], "big") if len(rest) >= HEADER else 0
                        half = rest[: max(1, min(len(rest), (HEADER + length) // 2))]
                        await dst.send_all(half)
                        self.say(f"cut mid-frame after {args.after} {direction} frames ({len(half)} bytes of "
                                 f"{HEADER + length})")
                        await self.close_both()
                        return
                if args.mode == "delay":
                    await trio.sleep(args.delay)
                    pos = 0
                    while pos < len(data):
                        step = self.rng.randint(1, 64)
                        await dst.send_all(data[pos:pos + step])
                        pos += step
                        if self.rng.random() < 0.05:
                            await trio.sleep(0.001)
                else:
                    await dst.send_all(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass
        if not self.done.is_set():
            await self.close_both()


async def main(args) -> None:
    host, _, port = args.target.rpartition(":")
    listeners = await trio.open_tcp_listeners(args.listen, host="127.0.0.1")
    print(f"proxy listening on {listeners[0].socket.getsockname()[1]}", flush=True)
    count = 0

    async def handle(client: trio.SocketStream) -> None:
        nonlocal count
        count += 1
        n = count
        try:
            server = await trio.open_tcp_stream(host, int(port))
        except OSError:
            await client.aclose()
            return
        link = Link(args, client, server, n)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(link.pump, client, server, "up")
            nursery.start_soon(link.pump, server, client, "down")

    await trio.serve_listeners(handle, listeners)


def parse(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--target", required=True)
    p.add_argument("--listen", type=int, default=0)
    p.add_argument("--mode", default="pass", choices=["pass", "delay", "drop", "cut-down", "cut-up", "blackhole", "flip", "inject", "lose"])
    p.add_argument("--after", type=int, default=30)
    p.add_argument("--delay", type=float, default=0.02)
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args(argv)


if __name__ == "__main__":
    try:
        trio.run(main, parse(sys.argv[1:]))
    except KeyboardInterrupt:
        pass

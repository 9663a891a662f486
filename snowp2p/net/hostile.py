"""A misbehaving *network* peer for the tests (SNOWP2P_CHEAT=MODE, hooked in through net/cheats.py).

Unlike the cheats in cheats.py (which sign dishonest game messages), a
hostile peer plays the game honestly but abuses its connections: once per
other seat, when the ``at``-th frame is about to go to that seat, it also

* ``garbage``   sends a frame of random bytes (not a message)
* ``oversize``  sends a frame header announcing more than MAX_FRAME bytes, then some bytes
* ``trickle``   starts a frame and then dribbles its bytes, one every half second, forever
* ``flood``     sends thousands of frames at once (copies of its own first message)
* ``bigflood``  sends fewer frames than the frame burst allows, but bigger ones: copies of its own biggest
  message so far (harmless duplicates, ~0.8 KB each), megabytes in all
* ``replay``    sends again every frame it has already sent (harmless duplicates, §7)
* ``drop``      silently leaves out that one frame (the receiver sees a gap in its chain when the next
  frame comes, or, if the game waits on the dropped one, cuts the silent link and dials again: the
  link's ``next`` brings the frame back, SPEC 11.1)
* ``delay``     holds that connection for a few seconds (frames stay in order)
* ``cut``       sends the first half of that frame, then closes the connection (a cut mid-frame)
* ``relink``    sends its signed ``link`` frame again, in the middle of the game (a replayed lobby frame)

Expected of the honest peers (guarantee G9): at most the connection to the
hostile peer is cut (one line of output); their state and log never take
anything from the abuse; the hostile peer redials (or is redialled),
catches up through the ``link{next}`` exchange, and the game finishes.

Environment (tests only): ``SNOWP2P_HOSTILE_AT`` (default 30) is the frame
number, per destination seat, at which to misbehave; ``SNOWP2P_HOSTILE_SEED``
seeds the random garbage.
"""

from __future__ import annotations

import os
import random

import trio

from ..protocol.framing import HEADER_SIZE, MAX_FRAME, encode_frame

MODES = ("garbage", "oversize", "trickle", "flood", "bigflood", "replay", "drop", "delay", "cut", "relink")

#: frames sent by ``flood``: well over the receiver's burst allowance (conn.BURST)
FLOOD_FRAMES = 8000
#: frames sent by ``bigflood``: under the frame burst (conn.BURST), so only a byte budget can stop them
BIGFLOOD_FRAMES = 4500
#: seconds ``delay`` holds a connection
DELAY = 3.0
#: seconds between two bytes of a ``trickle``
TRICKLE_STEP = 0.5


class Hostile:
    def __init__(self, mode: str, at: int | None = None, seed: int | None = None):
        if mode not in MODES:
            raise ValueError(f"SNOWP2P_CHEAT: unknown hostile mode {mode!r}")
        self.mode = mode
        self.at = at if at is not None else int(os.environ.get("SNOWP2P_HOSTILE_AT", "30"))
        if seed is None:
            env_seed = os.environ.get("SNOWP2P_HOSTILE_SEED")
            seed = int(env_seed) if env_seed else int.from_bytes(os.urandom(8), "big")
        self.rng = random.Random(seed)
        self.count: dict[int, int] = {}  # frames handed to us per destination seat
        self.done: set[int] = set()  # seats already abused (once each)

    # -- every outgoing frame passes here, per destination seat (NetGame._sender, via Cheat.outgoing)
    def outgoing(self, game, seat: int, payload: bytes):
        n = self.count[seat] = self.count.get(seat, 0) + 1
        if seat in self.done or n < self.at:
            return payload
        conn = game.conns.get(seat)
        if conn is None or conn.closed:
            return payload
        self.done.add(seat)
        game.say(f"hostile: {self.mode} on the connection to seat {seat} (frame {n})")
        if self.mode == "drop":
            return None
        act = getattr(self, "_" + self.mode)
        if self.mode == "cut":
            conn.closed = True  # our sender stops here: nothing after the half frame goes out on this link
        game._nursery.start_soon(self._guarded, act, game, seat, conn, payload)
        return None if self.mode == "cut" else payload

    async def _guarded(self, act, game, seat: int, conn, payload: bytes) -> None:
        """Run one abuse on ``conn`` (to ``seat``) with its send lock held (so no honest frame interleaves)."""
        try:
            async with conn._send_lock:
                await act(game, seat, conn, payload)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass  # the other side cut us off: exactly what it should do

    # -- the abuses (conn's send lock is held)
    async def _garbage(self, game, seat: int, conn, payload: bytes) -> None:
        size = self.rng.randint(1, 300)
        await conn.stream.send_all(encode_frame(bytes(self.rng.getrandbits(8) for _ in range(size))))

    async def _oversize(self, game, seat: int, conn, payload: bytes) -> None:
        await conn.stream.send_all((MAX_FRAME + 1 + self.rng.randint(0, 1 << 20)).to_bytes(HEADER_SIZE, "big")
                                   + bytes(1024))

    async def _trickle(self, game, seat: int, conn, payload: bytes) -> None:
        frame = encode_frame(payload)
        await conn.stream.send_all(frame[:HEADER_SIZE])
        for i in range(HEADER_SIZE, len(frame) - 1):  # never the last byte
            await trio.sleep(TRICKLE_STEP)
            await conn.stream.send_all(frame[i:i + 1])
        while True:  # a payload shorter than the deadline: keep the connection open, silent, mid-frame
            await trio.sleep(1)
            if conn.closed:
                return

    async def _flood(self, game, seat: int, conn, payload: bytes) -> None:
        first = encode_frame(game.sent[0])
        chunk = first * 500
        for _ in range(FLOOD_FRAMES // 500):
            await conn.stream.send_all(chunk)

    async def _bigflood(self, game, seat: int, conn, payload: bytes) -> None:
        big = max(game.sent, key=len)  # its own biggest message so far (an ack or a slot commitment, ~0.8 KB)
        chunk = encode_frame(big) * 100
        for _ in range(BIGFLOOD_FRAMES // 100):
            await conn.stream.send_all(chunk)

    async def _replay(self, game, seat: int, conn, payload: bytes) -> None:
        upto = game.sent.index(payload) if payload in game.sent else len(game.sent)
        await conn.stream.send_all(b"".join(encode_frame(p) for p in game.sent[:upto]))

    async def _relink(self, game, seat: int, conn, payload: bytes) -> None:
        await conn.stream.send_all(encode_frame(game._link_frame(seat)))

    async def _delay(self, game, seat: int, conn, payload: bytes) -> None:
        await trio.sleep(DELAY)

    async def _cut(self, game, seat: int, conn, payload: bytes) -> None:
        frame = encode_frame(payload)
        await conn.stream.send_all(frame[: max(len(frame) // 2, 1)])
        await conn.stream.aclose()


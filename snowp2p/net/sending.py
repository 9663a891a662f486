"""How a peer's frames leave it (net/peer.py's NetGame takes this in): its own messages, logged and queued once
in ``sent``, and the relays queued per seat, go to each link in as few writes as possible -- from the task that
queued them when the socket takes them at once (issue 22), else from the link's sender task.  A test's
misbehaving peer (net/cheats.py) sends them one by one through ``_outgoing`` and ``_relayed``."""

from __future__ import annotations

import trio

from .conn import Conn, ConnectionClosed

#: At most this many queued frames go to one link in one write (a catch-up after a reconnection is sent in
#: pieces of this many; a turn queues one to three).
BATCH_FRAMES = 64


class LinkSending:
    """The sending half of a NetGame: it owns no state of its own (``sent``, ``flushed``, ``relay_q``,
    ``conns``, ``_parked``, ``_out_changed`` are the game's)."""

    def _wake(self) -> None:
        for seat, (conn, ev) in list(self._parked.items()):
            if not self._send_now(seat, conn):
                del self._parked[seat]
                ev.set()
        self._out_changed.set()
        self._out_changed = trio.Event()

    def _next_batch(self, seat: int, conn: Conn, idx: int) -> tuple[int, list[bytes], list[bytes]]:
        """What goes to ``seat`` next: the end of our frames taken, those frames, and the relays for it."""
        end = min(len(self.sent), idx + BATCH_FRAMES)
        batch = self.sent[idx:end]
        relays: list[bytes] = []
        queued = self.relay_q.get(seat)
        if queued and self.conns.get(seat) is conn and len(batch) < BATCH_FRAMES:
            relays = queued[:BATCH_FRAMES - len(batch)]
            del queued[:len(relays)]
        return end, batch, relays

    def _send_now(self, seat: int, conn: Conn) -> bool:
        """Hand what is queued for ``seat`` to its connection at once, without a task switch (issue 22: a turn's
        message leaves for every link from the task that made it).  True: all of it taken; False: the sender
        task must go on (the socket took only part, or the connection broke, or can not send this way)."""
        idx = self.flushed.get(seat, 0)
        while True:
            end, batch, relays = self._next_batch(seat, conn, idx)
            if not batch and not relays:
                return True
            try:
                taken = conn.send_nowait(batch + relays)
            except ConnectionClosed:
                taken = False
            if not taken:
                if relays:  # (the sender task takes them)
                    self.relay_q.setdefault(seat, [])[:0] = relays
                return False
            idx = self.flushed[seat] = end
            if conn.pending:
                return False

    def _queue_relay(self, relay: list[tuple[int, bytes]]) -> None:
        for seat, p in relay:
            self.relay_q.setdefault(seat, []).append(p)
        if relay:
            self._wake()

    async def _sender(self, seat: int, conn: Conn, idx: int) -> None:
        self.flushed[seat] = idx
        try:
            while not conn.closed:
                if not self.one_by_one:  # an honest peer: whatever is queued for this link goes in one write
                    idx = await self._send_batches(seat, conn, self.flushed.get(seat, idx))
                    if not conn.closed:
                        ev = trio.Event()
                        self._parked[seat] = (conn, ev)
                        try:
                            await ev.wait()
                        finally:
                            if self._parked.get(seat, (None,))[0] is conn:
                                del self._parked[seat]
                    continue
                while idx < len(self.sent) and not conn.closed:
                    payload = self._outgoing(seat, self.sent[idx])
                    if payload is not None:
                        await conn.send(payload)
                    idx += 1
                    self.flushed[seat] = idx
                relays = self.relay_q.get(seat)
                while relays and not conn.closed and self.conns.get(seat) is conn:
                    payload = self._relayed(seat, relays.pop(0))
                    if payload is not None:
                        await conn.send(payload)
                if idx < len(self.sent) or (self.relay_q.get(seat) and self.conns.get(seat) is conn):
                    continue
                await self._out_changed.wait()
        except ConnectionClosed:
            pass

    #: send frames one by one through ``_outgoing`` and ``_relayed`` (a test's misbehaving peer,
    #: net/cheats.py ``CheatingGame``); an honest peer sends what is queued in batches
    one_by_one = False

    def _outgoing(self, seat: int, payload: bytes) -> bytes | None:
        """The frame to send ``seat`` for our queued ``payload`` (None: send nothing).  A test hook."""
        return payload

    def _relayed(self, seat: int, payload: bytes) -> bytes | None:
        """The frame to send ``seat`` for a relayed ``payload`` (None: send nothing).  A test hook."""
        return payload

    async def _send_batches(self, seat: int, conn: Conn, idx: int) -> int:
        """Send our queued frames, then the relays queued for ``seat``, as few writes as possible (the same
        frames in the same order as one by one; a cheating peer's test hooks take them one by one)."""
        while not conn.closed:
            end, batch, relays = self._next_batch(seat, conn, idx)
            if not batch and not relays:
                await conn.flush()  # (what _send_now left pending)
                break
            try:
                await conn.send_many(batch + relays)
            except ConnectionClosed:
                if relays:  # not known to have gone out: the next connection to that seat takes them
                    self.relay_q.setdefault(seat, [])[:0] = relays
                raise
            idx = end
            self.flushed[seat] = idx
        return idx

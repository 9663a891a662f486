"""A table of playing sessions in one process: how a local game (``snowp2p play``) is played and logged.

Theory of operation
-------------------
A local game is played by the very protocol a networked game uses (protocol/SPEC.md, section 11): every
seat has its own :class:`~.session.Session` with its own Ed25519 key and its own 32-byte secret (hash
chain, deck layout, salts), the first seat signs the roster, and every frame a session sends is delivered
to every other session through one FIFO queue -- no socket, no clock, no thread.  So the seats agree on
each turn's randomness by commit-reveal, open the cards they play, and check each other's state hashes,
exactly as peers on a network do; seat ``log_seat``'s log (the frames it sent and the ones it accepted,
the roster first) is a real game log that ``snowp2p audit``, ``replay`` and ``games`` read like any other.

The module does no I/O and owns no randomness: the caller hands in the identities' seeds and the
secrets (``snowp2p play`` derives them from the game seed, so ``--seed`` replays the game exactly --
and therefore a seeded game's log proves nothing about fairness: whoever knows the seed knows every
secret).  The caller (the UI, or a computer player) chooses each move: :attr:`LocalTable.to_move` is
the seat whose turn it is, :meth:`LocalTable.state` the game as that seat knows it (its own hand
only), :meth:`LocalTable.submit` plays a move and delivers everything that follows until the table
is quiet again (the next seat to move, or the game over with every final card opening checked).

``tests/kit/table.py`` builds on this class (the hooks a test needs to drop, cut or hold frames).
"""

from __future__ import annotations

import io
from collections import deque
from typing import Any, Sequence

from .crypto import Identity
from .log import LogWriter
from .messages import ZERO_HASH, Envelope, Seat, SignedMessage, decode_signed, encode_signed
from .roster import roster_body
from .session import GameOver, Halted, Output, Session, TurnFinal, YourTurn

LOCAL_ADDR = "local"  # the seats' address in a local game's roster: no network (port 0)


class LocalTableError(Exception):
    """The sessions stopped (an offence or a desync: a defect of this program, never a player's doing)."""


def local_roster(game: Any, table, rules, nicks: Sequence[str], ids: Sequence[Identity], game_id: bytes,
                 computer_seats: Sequence[int] = (), *, addr: str = LOCAL_ADDR, port: int = 0,
                 port_step: int = 0) -> bytes:
    """The signed roster (by seat 0) of ``game`` (the game object: the protocol never looks one up) on
    ``table`` with ``rules`` for ``nicks``."""
    body = roster_body(game, table, rules, tuple(Seat(nicks[i], ids[i].public_key, addr, port + port_step * i)
                                                 for i in range(len(nicks))))
    computers = sorted(i for i in computer_seats if i >= 1)  # (a label for screens; seat 0 signs the roster)
    if computers:
        body = type(body)(body.kind, body.track, {**body.settings, "computer_seats": computers}, body.seats)
    return encode_signed(ids[0], Envelope(game_id, 0, 0, ZERO_HASH, body))


class LocalTable:
    """``len(ids)`` playing sessions of one game, one FIFO queue of ``(to, from, frame)``, one log per seat.

    ``roster_payload`` is the signed roster (:func:`local_roster`) of ``game`` (the game object);
    ``ids[i]`` and ``secrets[i]`` are seat ``i``'s identity and secret."""

    def __init__(self, roster_payload: bytes, ids: Sequence[Identity], secrets: Sequence[bytes], *, game: Any,
                 carried: Sequence[Any] | None = None):
        """``carried``: per seat, what its session of the race before handed on (a later race of a match that
        carries cards, SPEC 16.5: ``Session.carry_out``)."""
        self.roster_payload = roster_payload
        self.roster = decode_signed(roster_payload)
        self.n = len(ids)
        self.ids = list(ids)
        self.s = [Session(self.roster, None, i, self.ids[i], secrets[i], game=game,
                          carried_from=carried[i] if carried else None) for i in range(self.n)]
        self.bufs = [io.BytesIO() for _ in range(self.n)]
        self.logs = [LogWriter(b) for b in self.bufs]
        for log in self.logs:
            log.append(roster_payload)
        self.queue: deque[tuple[int, int, bytes]] = deque()
        self.finals: dict[int, dict[int, bytes]] = {i: {} for i in range(self.n)}
        self.over: dict[int, tuple] = {}
        self._decoded: dict[bytes, SignedMessage] = {}
        self.to_move: int | None = None  # the seat told it is its turn, that has not moved yet
        self.turn = 0

    # ------------------------------------------------------------------ links (hooks for tests)
    def linked(self, a: int, b: int) -> bool:
        return True

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        """Put one frame on its way."""
        self.queue.append((to, frm, payload))

    def targets(self, seat: int):
        """The seats ``seat``'s own frames go to."""
        return [j for j in range(self.n) if j != seat and self.linked(seat, j)]

    # ------------------------------------------------------------------ the loop
    def sent(self, seat: int, payloads) -> None:
        """``seat`` logs its own frames and sends them to every other seat."""
        for p in payloads:
            self.logs[seat].append(p)
            for j in self.targets(seat):
                self.deliver(j, seat, p)

    def your_turn(self, seat: int, ev: YourTurn) -> None:
        """A session says it is its turn: the caller will :meth:`submit` (a test's table may move at once)."""
        self.to_move, self.turn = seat, ev.turn

    def out(self, seat: int, out: Output) -> None:
        """Whatever a session's call gave: its frames sent, its relays passed on, its events acted on."""
        self.sent(seat, out.send)
        for to, p in out.relay:  # another seat's frames, passed on to the one that lacks them
            if self.linked(seat, to):
                self.deliver(to, seat, p)
        for ev in out.events:
            if isinstance(ev, YourTurn):
                self.your_turn(seat, ev)
            elif isinstance(ev, TurnFinal):
                self.finals[seat][ev.turn] = ev.state_hash
            elif isinstance(ev, GameOver):
                assert seat not in self.over, f"seat {seat} reported the game over twice"
                self.over[seat] = ev.places

    def decoded(self, payload: bytes) -> SignedMessage:
        """The frame decoded once for every seat that receives it (so its signature is checked once, not
        once a seat: ``SignedMessage.verify`` remembers the key it checked out under)."""
        msg = self._decoded.get(payload)
        if msg is None:
            msg = decode_signed(payload)
            if len(self._decoded) >= 256:
                self._decoded.pop(next(iter(self._decoded)))
            self._decoded[payload] = msg
        return msg

    def take(self, to: int, frm: int, payload: bytes) -> None:
        """Seat ``to`` receives one frame on its link to ``frm``."""
        s = self.s[to]
        decoded = self.decoded(payload)
        msg = s.check(payload, frm, msg=decoded, relayed=decoded.sender != frm)
        if msg is not None:
            self.logs[to].append(payload)
            self.out(to, s.handle(msg))

    def step(self) -> bool:
        if not self.queue:
            return False
        to, frm, payload = self.queue.popleft()
        if self.linked(to, frm):  # (else: cut, or dead, while it was on its way)
            self.take(to, frm, payload)
        return True

    def run(self, until=lambda: False) -> None:
        """Deliver until nothing is on its way (or ``until()``); a session that stops raises Halted."""
        while not until() and self.step():
            pass

    def start(self) -> "LocalTable":
        """Every seat's setup messages, delivered: the first seat to move is :attr:`to_move`."""
        for i in range(self.n):
            self.out(i, self.s[i].start())
        self._settle()
        return self

    def _settle(self) -> None:
        """Deliver everything; LocalTableError if a session stopped (never a player's doing here)."""
        try:
            self.run()
        except Halted as h:
            raise LocalTableError(str(h.reason)) from None
        for i, s in enumerate(self.s):
            if s.halted is not None:
                raise LocalTableError(f"seat {i}: {s.halted}")

    # ------------------------------------------------------------------ playing
    def state(self, seat: int) -> Any:
        """The game as ``seat``'s session knows it (its own hidden cards, the others' face down)."""
        return self.s[seat].state

    def submit(self, action) -> None:
        """The seat to move plays ``action`` (IllegalMove if the engine refuses it: nothing is sent); then
        everything that follows is delivered."""
        seat = self.to_move
        assert seat is not None, "nobody is to move"
        out = self.s[seat].submit(action)
        self.to_move = None
        self.out(seat, out)
        self._settle()

    @property
    def done(self) -> bool:
        """Every seat saw the game end (and, in a game with hidden cards, checked every final opening)."""
        return len(self.over) == self.n

    def places(self) -> tuple[int, ...]:
        return self.over.get(0, ())

    def log_bytes(self, seat: int = 0) -> bytes:
        """Seat ``seat``'s log file, as bytes (the shell writes it)."""
        return self.bufs[seat].getvalue()

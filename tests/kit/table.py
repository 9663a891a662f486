"""One in-memory table for any registered game (issue 20, item 5): ``n`` playing ``Session``s exchanging
frames through one FIFO queue, in one process, with no sockets and no clock, so every run is the same run.

The roster is built through the registry (``snowp2p.games.find_game``), so a test parametrised by
``GAMES`` plays Snow Tails, Mush! Mush! and Snake Carnival alike.  The computer player (or a policy the
test hands in) plays every seat that is told it is its turn.

Hooks for the tests that need them, all plain attributes:

- ``dead``: seats whose process is gone (nothing to or from them is delivered, they do not move);
- ``cut``: links (``frozenset((a, b))``) that deliver nothing any more, even frames on their way;
- ``only_to``: seat -> the one seat its own frames reach (relays are not affected);
- ``hold_from``: seat -> from this turn on, its next turn is left to the test (``held_at`` says which);
- ``deliver(to, frm, payload)``: override (or wrap) it to drop, delay or reorder frames; ``queue`` is
  the deque of ``(to, frm, payload)`` still on their way.

Every seat keeps its own log (``bufs``, ``logs``): the frames it sent and the ones it accepted.
"""

from __future__ import annotations

import hashlib
import io
from collections import deque
from typing import Callable

from snowp2p.games import GAMES, find_game
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.log import LogWriter, read_log
from snowp2p.protocol.messages import ZERO_HASH, Envelope, Seat, decode_signed, encode_signed
from snowp2p.protocol.roster import roster_body
from snowp2p.protocol.session import GameOver, TurnFinal, YourTurn
from snowp2p.rules.drbg import Rand
from kit.sessions import session_for

KINDS = sorted(GAMES)  # every registered game: parametrise with these
HIDDEN_KINDS = [k for k in KINDS if GAMES[k].hidden is not None]  # the games with hidden decks (final openings)
NICKS = ("ann", "ben", "cyd", "dee", "eve", "fay")


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def roster_payload(game: str, n: int, ids, game_id: bytes, table=None, rules=None, nicks=NICKS,
                   port: int = 47500, port_step: int = 1) -> bytes:
    """A roster for ``n`` seats of ``game`` (its default table and rules unless given), signed by seat 0."""
    g = find_game(game)
    table = g.load_table(None) if table is None else table
    rules = g.default_rules() if rules is None else rules
    body = roster_body(find_game(game), table, rules,
                       tuple(Seat(nicks[i], ids[i].public_key, "127.0.0.1", port + port_step * i) for i in range(n)))
    return encode_signed(ids[0], Envelope(game_id, 0, 0, ZERO_HASH, body))


def computer(label: str = "") -> Callable:
    """The registered game's computer player, seeded by seat and turn: ``choose(seat, state, turn)``."""

    def choose(seat: int, state, turn: int):
        from snowp2p.bots import choose_action

        return choose_action(state, Rand(fixed(f"{label}move {seat} {turn}")))

    return choose


class Table:
    """``n`` playing sessions of ``game``, one FIFO queue of (to, from, frame), one log per seat.

    ``label`` seeds the identities (``"<label> identity i"``), the secrets (``"<label> secret i"``) and the
    game id (``game_id``, default ``"<label> game"``) unless they are given; ``choose(seat, state, turn)``
    picks each move (default: the computer player)."""

    def __init__(self, game: str, n: int = 3, label: str = "table", *, game_id: bytes | None = None,
                 ids=None, secrets=None, choose: Callable | None = None, table=None, rules=None,
                 port: int = 47500, port_step: int = 1, nicks=NICKS):
        self.game = game
        self.ids = list(ids) if ids is not None else [Identity.from_seed(fixed(f"{label} identity {i}"))
                                                      for i in range(n)]
        if secrets is None:
            secrets = [fixed(f"{label} secret {i}") for i in range(n)]
        self.roster_payload = roster_payload(game, n, self.ids, game_id or fixed(f"{label} game"), table, rules,
                                             nicks, port, port_step)
        self.roster = decode_signed(self.roster_payload)
        self.s = [session_for(self.roster, None, i, self.ids[i], secrets[i]) for i in range(n)]
        self.track = self.s[0].track
        self.n = n
        self.choose = choose or computer()
        self.bufs = [io.BytesIO() for _ in range(n)]
        self.logs = [LogWriter(b) for b in self.bufs]
        for log in self.logs:
            log.append(self.roster_payload)
        self.queue: deque[tuple[int, int, bytes]] = deque()
        self.dead: set[int] = set()
        self.cut: set[frozenset] = set()
        self.only_to: dict[int, int] = {}
        self.held_at: tuple[int, int] | None = None  # (seat, turn) a seat was to move at but did not
        self.hold_from: dict[int, int] = {}
        self.finals: dict[int, dict[int, bytes]] = {i: {} for i in range(n)}
        self.over: dict[int, tuple] = {}

    # ------------------------------------------------------------------ links
    def linked(self, a: int, b: int) -> bool:
        return a not in self.dead and b not in self.dead and frozenset((a, b)) not in self.cut

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        """Put one frame on its way (the hook to drop, delay or reorder)."""
        self.queue.append((to, frm, payload))

    # ------------------------------------------------------------------ the loop
    def sent(self, seat: int, payloads) -> None:
        """``seat`` logs its own frames and sends them to every seat it is linked to."""
        for p in payloads:
            self.logs[seat].append(p)
            for j in range(self.n):
                if j == seat or not self.linked(seat, j):
                    continue
                if seat in self.only_to and j != self.only_to[seat]:
                    continue
                self.deliver(j, seat, p)

    def out(self, seat: int, out) -> None:
        """Whatever a session's call gave: its frames sent, its relays passed on, its events acted on."""
        self.sent(seat, out.send)
        for to, p in out.relay:  # another seat's frames, passed on to the one that lacks them
            if self.linked(seat, to):
                self.deliver(to, seat, p)
        for ev in out.events:
            if isinstance(ev, YourTurn):
                if seat in self.dead:
                    continue
                if self.held_at is None and ev.turn >= self.hold_from.get(seat, 1 << 30):
                    self.held_at = (seat, ev.turn)
                    continue
                s = self.s[seat]
                self.out(seat, s.submit(self.choose(seat, s.state, ev.turn)))
            elif isinstance(ev, TurnFinal):
                self.finals[seat][ev.turn] = ev.state_hash
            elif isinstance(ev, GameOver):
                assert seat not in self.over, f"seat {seat} reported the game over twice"
                self.over[seat] = ev.places

    def take(self, to: int, frm: int, payload: bytes) -> None:
        """Seat ``to`` receives one frame on its link to ``frm``."""
        s = self.s[to]
        msg = s.check(payload, frm, relayed=decode_signed(payload).sender != frm)
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
        while not until() and self.step():
            pass

    def start(self) -> None:
        for i in range(self.n):
            self.out(i, self.s[i].start())

    def play(self) -> "Table":
        """Start and deliver until nothing is on its way."""
        self.start()
        self.run()
        return self

    # ------------------------------------------------------------------ absence
    def vote_out(self, voter: int, seat: int, choice: str = "bot") -> None:
        """``voter`` declares ``seat`` absent and votes on it (what its shell does after the absence and vote
        times), and delivers what follows."""
        self.out(voter, self.s[voter].declare_absent(seat))
        self.run()
        self.out(voter, self.s[voter].cast_vote(seat, choice))
        self.run()

    # ------------------------------------------------------------------ logs
    @property
    def buf(self) -> io.BytesIO:
        """Seat 0's log."""
        return self.bufs[0]

    @property
    def log(self) -> LogWriter:
        """Seat 0's log writer."""
        return self.logs[0]

    def records(self, seat: int = 0) -> list[bytes]:
        return read_log(io.BytesIO(self.bufs[seat].getvalue())).records

    def write(self, seat: int, path):
        path.write_bytes(self.bufs[seat].getvalue())
        return path

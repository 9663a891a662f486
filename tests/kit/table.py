"""One in-memory table for any registered game (issue 20, item 5): ``n`` playing ``Session``s exchanging
frames through one FIFO queue, in one process, with no sockets and no clock, so every run is the same run.
It is the production table of a local game (``snowp2p/protocol/localtable.py``) with the hooks below.

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
from typing import Callable

from snowp2p.games import GAMES, find_game
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.log import LogWriter, read_log
from snowp2p.protocol.localtable import LocalTable, local_roster
from snowp2p.protocol.session import YourTurn
from snowp2p.core.drbg import Rand

KINDS = sorted(GAMES)  # every registered game: parametrise with these
HIDDEN_KINDS = [k for k in KINDS if GAMES[k].hidden is not None]  # the games with hidden decks (final openings)
NICKS = ("ann", "ben", "cyd", "dee", "eve", "fay")


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def roster_payload(game: str, n: int, ids, game_id: bytes, table=None, rules=None, nicks=NICKS,
                   port: int = 47500, port_step: int = 1, match: dict | None = None) -> bytes:
    """A roster for ``n`` seats of ``game`` (its default table and rules unless given), signed by seat 0;
    ``match``: the settings' match map (a race of a match, SPEC 16.1)."""
    g = find_game(game)
    table = g.load_table(None) if table is None else table
    rules = g.default_rules() if rules is None else rules
    payload = local_roster(g, table, rules, nicks[:n], ids, game_id, addr="127.0.0.1", port=port,
                           port_step=port_step)
    if match is None:
        return payload
    from snowp2p.protocol.messages import ZERO_HASH, Envelope, decode_signed, encode_signed

    body = decode_signed(payload).body
    body = type(body)(body.kind, body.track, {**body.settings, "match": match}, body.seats)
    return encode_signed(ids[0], Envelope(game_id, 0, 0, ZERO_HASH, body))


def computer(game, label: str = "") -> Callable:
    """The game object's computer player, seeded by seat and turn: ``choose(seat, state, turn)``."""

    def choose(seat: int, state, turn: int):
        return game.computer_move(state, Rand(fixed(f"{label}move {seat} {turn}")))

    return choose


class Table(LocalTable):
    """``n`` playing sessions of ``game``, one FIFO queue of (to, from, frame), one log per seat: the
    production table (``snowp2p.protocol.localtable``) with a test's hooks, every move chosen at once.

    ``label`` seeds the identities (``"<label> identity i"``), the secrets (``"<label> secret i"``) and the
    game id (``game_id``, default ``"<label> game"``) unless they are given; ``choose(seat, state, turn)``
    picks each move (default: the computer player)."""

    def __init__(self, game: str, n: int = 3, label: str = "table", *, game_id: bytes | None = None,
                 ids=None, secrets=None, choose: Callable | None = None, table=None, rules=None,
                 port: int = 47500, port_step: int = 1, nicks=NICKS, match: dict | None = None, carried=None):
        self.game = game
        ids = list(ids) if ids is not None else [Identity.from_seed(fixed(f"{label} identity {i}")) for i in range(n)]
        if secrets is None:
            secrets = [fixed(f"{label} secret {i}") for i in range(n)]
        super().__init__(roster_payload(game, n, ids, game_id or fixed(f"{label} game"), table, rules, nicks, port,
                                        port_step, match), ids, secrets, game=find_game(game), carried=carried)
        self.track = self.s[0].track
        self.choose = choose or computer(find_game(game))
        self.dead: set[int] = set()
        self.cut: set[frozenset] = set()
        self.only_to: dict[int, int] = {}
        self.held_at: tuple[int, int] | None = None  # (seat, turn) a seat was to move at but did not
        self.hold_from: dict[int, int] = {}

    # ------------------------------------------------------------------ links
    def linked(self, a: int, b: int) -> bool:
        return a not in self.dead and b not in self.dead and frozenset((a, b)) not in self.cut

    def targets(self, seat: int):
        return [j for j in super().targets(seat) if seat not in self.only_to or j == self.only_to[seat]]

    # ------------------------------------------------------------------ the loop
    def your_turn(self, seat: int, ev: YourTurn) -> None:
        """The seat moves at once (its choice), unless it is dead or held from this turn on."""
        if seat in self.dead:
            return
        if self.held_at is None and ev.turn >= self.hold_from.get(seat, 1 << 30):
            self.held_at = (seat, ev.turn)
            return
        s = self.s[seat]
        self.out(seat, s.submit(self.choose(seat, s.state, ev.turn)))

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

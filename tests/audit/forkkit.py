"""Games of real ``Session``s in memory, one log per seat, whose links can be cut: the logs the multi-log audit
(G12) compares.  No network and no clock: every frame is delivered by hand from one FIFO queue, so every run is
the same run.
"""

from __future__ import annotations

import hashlib
import io
from collections import deque
from pathlib import Path

from snowp2p.bots import choose_action
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.log import LogWriter, read_log
from snowp2p.protocol.messages import ZERO_HASH, Envelope, Seat, decode_signed, encode_signed
from snowp2p.protocol.roster import roster_body
from snowp2p.protocol.session import GameOver, Session, TurnFinal, YourTurn, action_to_wire, opened_cards
from snowp2p.rules import sled
from snowp2p.rules.config import SledRules
from snowp2p.rules.drbg import Rand
from snowp2p.rules.track import find_track

NICKS = ("ann", "ben", "cyd", "dee")
TRACKS = {"snowtails": "first-race", "mush": "mush-first-race"}


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


class Table:
    """``n`` playing sessions; ``cut`` holds the links (frozenset pairs) that deliver nothing any more."""

    def __init__(self, n: int, game: str = "snowtails", label: str = "forks"):
        self.ids = [Identity.from_seed(fixed(f"{label} identity {i}")) for i in range(n)]
        secrets = [fixed(f"{label} secret {i}") for i in range(n)]
        track = find_track(TRACKS[game], game)
        body = roster_body(game, track, SledRules(game=game),
                           tuple(Seat(NICKS[i], self.ids[i].public_key, "127.0.0.1", 47600 + i) for i in range(n)))
        self.roster_payload = encode_signed(self.ids[0], Envelope(fixed(f"{label} game"), 0, 0, ZERO_HASH, body))
        roster = decode_signed(self.roster_payload)
        self.s = [Session(roster, None, i, self.ids[i], secrets[i]) for i in range(n)]
        self.n = n
        self.bufs = [io.BytesIO() for _ in range(n)]
        self.logs = [LogWriter(b) for b in self.bufs]
        for log in self.logs:
            log.append(self.roster_payload)
        self.queue: deque[tuple[int, int, bytes]] = deque()
        self.cut: set[frozenset] = set()
        self.over: dict[int, tuple] = {}
        self.finals: dict[int, dict[int, bytes]] = {i: {} for i in range(n)}
        self.held: tuple[int, int] | None = None  # (seat, turn) a seat was to move at but did not: the test moves
        self.hold_from: dict[int, int] = {}  # seat -> from this turn on, its next turn is left to the test

    def linked(self, a: int, b: int) -> bool:
        return frozenset((a, b)) not in self.cut

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        self.queue.append((to, frm, payload))

    def sent(self, seat: int, payloads) -> None:
        """``seat`` logs its own frames and sends them to every seat it is linked to."""
        for p in payloads:
            self.logs[seat].append(p)
            for j in range(self.n):
                if j != seat and self.linked(seat, j):
                    self.deliver(j, seat, p)

    def out(self, seat: int, out) -> None:
        self.sent(seat, out.send)
        for to, p in out.relay:
            if self.linked(seat, to):
                self.deliver(to, seat, p)
        for ev in out.events:
            if isinstance(ev, YourTurn) and ev.turn >= self.hold_from.get(seat, 1 << 30) and self.held is None:
                self.held = (seat, ev.turn)
            elif isinstance(ev, YourTurn):
                s = self.s[seat]
                self.out(seat, s.submit(choose_action(s.state, Rand(fixed(f"move {seat} {ev.turn}")))))
            elif isinstance(ev, TurnFinal):
                self.finals[seat][ev.turn] = ev.state_hash
            elif isinstance(ev, GameOver):
                self.over[seat] = ev.places

    def step(self) -> bool:
        if not self.queue:
            return False
        to, frm, payload = self.queue.popleft()
        if not self.linked(to, frm):
            return True  # (cut while it was on its way)
        s = self.s[to]
        msg = s.check(payload, frm, relayed=decode_signed(payload).sender != frm)
        if msg is not None:
            self.logs[to].append(payload)
            self.out(to, s.handle(msg))
        return True

    def run(self, until=lambda: False) -> None:
        while not until() and self.step():
            pass

    def start(self) -> None:
        for i in range(self.n):
            self.out(i, self.s[i].start())

    def vote_out(self, voter: int, seat: int, choice: str = "bot") -> None:
        """``voter`` declares ``seat`` absent and votes on it (what its shell does after the absence and vote
        times), and delivers what follows."""
        self.out(voter, self.s[voter].declare_absent(seat))
        self.run()
        self.out(voter, self.s[voter].cast_vote(seat, choice))
        self.run()

    def records(self, seat: int) -> list[bytes]:
        return read_log(io.BytesIO(self.bufs[seat].getvalue())).records

    def write(self, seat: int, path: Path) -> Path:
        path.write_bytes(self.bufs[seat].getvalue())
        return path


def partitioned_pair(cut_turn: int = 5, game: str = "snowtails") -> Table:
    """A 2-seat game played to turn ``cut_turn``; then the link is cut for good and each side votes the other out
    and plays on against a computer player to its own end (SPEC 11.9, "Two seats")."""
    t = Table(2, game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= cut_turn for s in t.s))
    assert all(s.final_turn >= cut_turn for s in t.s) and not any(s.done for s in t.s), "the game ended before the cut"
    t.cut.add(frozenset((0, 1)))
    t.run()
    t.vote_out(0, 1)
    t.vote_out(1, 0)
    t.run()
    for i in (0, 1):
        assert t.s[i].done and t.s[i].halted is None, f"seat {i} did not finish alone (turn {t.s[i].turn})"
    return t


def twin_move(s: Session, action):
    """Another legal move than ``action`` that needs no new deck generation (as the ``equivocate`` cheat picks)."""

    class NoDraws:
        def below(self, n: int) -> int:
            return 0

    me = s.me
    state = s.state
    others = [a for a in sled.legal_moves(state, me) if a != action and isinstance(a, sled.Move)
              and sled.apply(state, a, NoDraws()).sled(me).generation == state.sled(me).generation]
    return others[-1] if others else None


def equivocated(cheater: int = 2, at_turn: int = 4) -> tuple[Table, bytes, bytes]:
    """A 3-seat game in which ``cheater`` signs two different moves with one seq at its first turn from
    ``at_turn`` on: the original reaches the lowest other seat, the twin the other one; then every link is cut
    (so neither honest log holds both).  Returns (table, original, twin)."""
    t = Table(3, label="equivocation")
    t.hold_from[cheater] = at_turn
    t.start()
    t.run()
    assert t.held is not None and t.held[0] == cheater, "the cheater never got a turn"
    s = t.s[cheater]
    action, twin = None, None
    for k in range(50):
        action = choose_action(s.state, Rand(fixed(f"cheat {k}")))
        if isinstance(action, sled.Move) and (twin := twin_move(s, action)) is not None:
            break
    assert twin is not None, "no second legal move to equivocate with"
    out = s.submit(action)
    original = next(p for p in out.send if decode_signed(p).type == "move")
    m = decode_signed(original)
    body = s.move_body(action_to_wire(twin), tuple(s._opening(c, v) for c, v in opened_cards(twin)))
    forged = encode_signed(t.ids[cheater], Envelope(m.envelope.game, cheater, m.seq, m.envelope.prev, body))
    a, b = sorted(i for i in range(3) if i != cheater)
    for p in out.send:
        t.logs[cheater].append(p)
        t.deliver(a, cheater, p)
        t.deliver(b, cheater, forged if p == original else p)
    # each honest seat takes what it was sent; then every link is cut (neither honest log holds both moves)
    t.cut |= {frozenset((a, b)), frozenset((a, cheater)), frozenset((b, cheater))}
    while t.queue:
        to, frm, payload = t.queue.popleft()
        msg = t.s[to].check(payload, frm)
        if msg is not None:
            t.logs[to].append(payload)
            t.out(to, t.s[to].handle(msg))
    return t, original, forged

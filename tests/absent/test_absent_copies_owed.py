"""Copies that show nothing pay nothing (issue 18; G7a, G12; SPEC 11.6, *Copies owed*; eq seed 79613).

Three seats on the simulated clock of test_absent_bounded, each with the shell's absence watch.  Seat ``C``
equivocates at its first turn from ``AT`` on: ``W`` (the lowest other seat) gets its twin move and every later
message of ``C`` re-linked onto it, the honest seat ``H`` the original (the ``equivocate`` cheat).  The acks of
that turn differ: ``H`` sends its copies of ``C``'s messages and waits for ``W``'s, which would show the twin.
``W`` withholds them: once its differing ack is out it takes nothing in and sends only an evidence every ``every`` s,
holding a copy of one of its own messages, or of one of ``C``'s messages from before the fork (what the first of an
honest seat's copies, sent in batches of four, may hold: main seed 160393, where honest p1 decided on the first
batch of p0's copies and the second, with the twin, came 0.07 s later).

Before the fix, ``H`` took that evidence for ``W``'s copies, found no proof in it and halted on a desync naming
nobody.  Now an evidence pays the copies only when it holds the message the sender's ack names for the forked
seat (``Session.copies_in``): ``W`` owes them, is declared absent, voted out, and ``H`` finishes with ``C``.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kit.forks import twin_move
from kit.table import fixed
from snowp2p.core.drbg import Rand
from snowp2p.games.sled.bot import choose_action
from snowp2p.games.sled import engine as sled
from snowp2p.net.cheats import Cheat
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import Envelope, decode_signed, encode_signed
from snowp2p.protocol.session import Evidence, Output, YourTurn
from test_absent_bounded import Sim
from test_absent_owed import Hostile, _voted_out_at, bound

AT = 3  # the first turn the cheater may fork at


class WithheldCopies(Hostile):
    def __init__(self, game, seed, every, junk):
        super().__init__(game, 3, seed)
        self.ids = [Identity.from_seed(fixed(f"bounded id {i}")) for i in range(3)]  # (test_absent_bounded's)
        self.every, self.kind = every, junk
        self.cheat: Cheat | None = None
        self.C = self.W = self.H = -1
        self.fork_turn = -1
        self.muted_at = None
        self.junk = 0

    def on_halt(self, seat, h):
        if seat not in (self.C, self.W):
            raise h
        self.stopped.add(seat)

    def out(self, seat, out):
        turn = next((e.turn for e in out.events if isinstance(e, YourTurn)), None)
        if self.cheat is None and turn is not None and turn >= AT and self._fork(seat, out, turn):
            return
        if seat == self.W and self.muted_at is None and any(self._acks_fork(p) for p in out.send):
            # its differing ack goes out, and nothing more: it takes nothing in, sends no copies and relays nothing
            self.muted_at = self.now
            self.stopped.add(self.W)
            out.send = [p for p in out.send if decode_signed(p).type != "evidence"]
            out.relay = []
        super().out(seat, out)

    def _fork(self, seat, out, turn) -> bool:
        s = self.s[seat]
        action = twin = None
        for k in range(50):
            action = choose_action(s.state, Rand(fixed(f"withheld {k}")))
            if isinstance(action, sled.Move) and (twin := twin_move(s, action)) is not None:
                break
        if twin is None:
            return False
        self.C, self.W = seat, min(i for i in range(3) if i != seat)
        self.H = 3 - seat - self.W
        self.fork_turn = turn
        out.events = [e for e in out.events if not isinstance(e, YourTurn)]
        super().out(seat, out)
        moved = s.submit(action)
        original = next(p for p in moved.send if decode_signed(p).type == "move")
        m = decode_signed(original)
        body = s.move_body(s.g.action_to_wire(twin), s.openings(twin))
        self.cheat = Cheat("equivocate")
        self.cheat.original, self.cheat.fork_seq = original, m.seq
        self.cheat.twin = encode_signed(self.ids[seat], Envelope(m.envelope.game, seat, m.seq, m.envelope.prev, body))
        super().out(seat, moved)
        return True

    def _acks_fork(self, payload) -> bool:
        """Whether ``payload`` carries its sender's ack of the forked turn (SPEC 11.6)."""
        m = decode_signed(payload)
        if m.type == "ack":
            return m.body.turn == self.fork_turn
        return m.type in ("move", "reveal") and getattr(m.body, "event", getattr(m.body, "turn", None)) == \
            self.fork_turn + 1 and getattr(m.body, "state", None) is not None

    def send(self, frm, to, payload):
        if self.cheat is not None and frm == self.C and to == self.W:
            payload = self.cheat._forked(SimpleNamespace(identity=self.ids[self.C]), payload)
        super().send(frm, to, payload)

    def on_tick(self):
        if self.muted_at is None or self.now < self.muted_at + self.every * (self.junk + 1):
            return
        if self.kind == "forked" and self.junk + 1 >= self.cheat.fork_seq:
            return  # (C's messages before the fork are all copied: the next would be the twin, the proof)
        self.junk += 1
        s = self.s[self.W]
        o = Output()
        copied = self.W if self.kind == "own" else self.C  # (a copy of its own, or of C's before the fork)
        s._emit(Evidence((s.chain.history(copied)[self.junk].payload,)), o)
        Sim.out(self, self.W, o)


@pytest.mark.parametrize("game", ["snowtails", "mush"])
@pytest.mark.parametrize("seed,every,junk", [(0, 0.5, "own"), (1, 2.0, "own"), (2, 0.5, "forked"),
                                             (3, 2.0, "forked")])
def test_an_evidence_without_the_forked_copies_does_not_pay_them(game, seed, every, junk):
    sim = WithheldCopies(game, 790 + seed, every, junk)
    sim.run(until=600.0)
    C, W, H = sim.C, sim.W, sim.H
    assert sim.muted_at is not None and sim.junk > 0, "the test's premise: W acked the fork, then sent only junk"
    h = sim.s[H]
    assert W in h.awaiting_copies.get(sim.fork_turn, ()), "the test's premise: H waited for W's copies"
    assert h.halted is None, f"honest H stopped: {h.halted}"
    assert h.done, f"honest H never finished (waiting on {h.waiting_on()})"
    assert set(h.gone) == {W}, f"H decided {h.gone}, not the seat that withheld its copies"
    assert _voted_out_at(sim, H, W) - sim.muted_at <= bound(0) + 1.0
    if not sim.s[C].halted:  # (the cheater's own session, fork aside, plays as H does)
        assert sim.s[C].my_hash[sim.s[C].final_turn] == h.my_hash[h.final_turn]

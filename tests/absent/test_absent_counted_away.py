"""A decision that counts this seat away on one voter's word, while this seat was answering (protocol/SPEC.md 11.9,
*A vote that counts this seat away*; sim strategy "lie-away").

Three sessions on the in-memory table.  Seat 0 lies: mid-game it signs ``absent{1}`` about answering seat 1 with a
claim no count refutes (``owed: relay``, at the count it holds), then ``absent{2, owed: declare}`` (seat 2 did not
declare seat 1, rightly) and a vote on seat 2.  By the rule *Who votes on a seat that failed its part as a voter*
seat 1 is away for the vote on seat 2 on every peer, its own too, so seat 0 decides seat 2 alone.  Seat 2 refuses
the vote on itself (its clock: it was answering) and treats seat 0 as leaving.  Seat 1's clock says it was
answering too: it must not follow seat 0's lone decision but treat seat 0 as leaving, so the two honest seats
finish the same game (before the fix seat 1 took seat 2 over and the honest seats split).  The auditor of seat 1's
log reads seat 1's verdict from its signed messages and reaches the same result.
"""

from __future__ import annotations

import io

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import Absent, Vote, decode_signed
from snowp2p.protocol.session import Halted, Output, VotedOut, log_owner
from kit.sessions import session_for
from kit.table import KINDS
from test_absent_unit import Table

LIAR, W, X = 0, 1, 2


class LieAway(Table):
    """Seat 2's shell refuses a decided vote on itself (its clock says it was answering), as NetGame does; the
    honest seats' clocks (``watches``, every limit far off: nobody is late) give their verdict on a decision that
    counts their seat away at once (the net's redial fetches the frames a held decision set aside meanwhile; this
    table's links do not, so the verdict comes before the next frame)."""

    def __init__(self, game):
        super().__init__(game)
        self.now = 0.0
        self.watches = {i: AbsenceWatch(self.s[i], 30.0, 30.0, "bot", now=0.0) for i in (W, X)}

    def tick(self, i):
        tk = self.watches[i].tick(self.now, connected={0, 1, 2} - {i}, last_rx={j: self.now for j in range(3) if j != i},
                                  linked={0, 1, 2} - {i})
        self.out(i, tk.out)

    def take(self, to, frm, payload):
        try:
            super().take(to, frm, payload)
        except Halted:
            assert to == LIAR, f"honest seat {to} stopped: {self.s[to].halted}"
            self.dead.add(LIAR)  # (the liar, which took seat 2 over alone, finds its world differs: it stops)
        if self.s[to].away_held and to in self.watches:
            self.tick(to)

    def attack(self) -> None:
        """Play to turn 2; then the liar counts seat 1 away (``relay``), declares seat 2 (``declare``) and votes it out."""
        self.start()
        self.run(until=lambda: all(s.final_turn >= 2 for s in self.s))
        self.lie()

    def lie(self) -> None:
        """The liar's three messages, delivered: ``absent{1, relay}``, ``absent{2, declare}``, ``vote{2}``."""
        liar = self.s[LIAR]
        o = Output()
        for seat, owed in ((W, "relay"), (X, "declare")):
            liar._emit(Absent(seat, liar.turn, liar.chain.next_seq(seat), owed), o)
        liar._emit(Vote(X, "bot", liar.chain.next_seq(X)), o)
        self.out(LIAR, o)
        self.run()

    def play_out(self, done, steps: int = 200) -> None:
        """The honest seats' clocks tick every 0.25 s (and what follows is delivered) until ``done()``."""
        for _ in range(steps):
            if done():
                break
            self.now += 0.25
            for i in (W, X):
                if not self.s[i].done and self.s[i].halted is None:
                    self.tick(i)
            self.run()

    def out(self, seat, out):
        super().out(seat, Output(out.send, [], out.relay))
        for ev in out.events:
            if isinstance(ev, VotedOut) and ev.seat == seat == X:
                self.out(seat, self.s[X].refuse_vote())
                continue
            super().out(seat, Output([], [ev], []))


def audit(t: Table, seat: int):
    records = read_log(io.BytesIO(t.bufs[seat].getvalue())).records
    obs = session_for(decode_signed(records[0]), t.track)
    obs.owner = log_owner(records)
    for rec in records[1:]:
        obs.receive(rec)
    assert obs.halted is None, obs.halted
    return obs


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_counted_away_by_a_lone_liar_treats_it_as_leaving(game):
    t = LieAway(game)
    t.attack()
    s1, s2 = t.s[W], t.s[X]
    t.play_out(lambda: s1.done and s2.done)
    for s in (s1, s2):
        assert s.halted is None, f"seat {s.me} stopped: {s.halted}"
    assert X not in s1.gone and X not in s1.decided, f"seat 1 followed the liar's lone decision on seat 2: {s1.gone}"
    assert LIAR in s1.leaving and LIAR in s2.leaving, "the honest seats do not both treat the liar as leaving"
    assert s1.done and s2.done, "the two honest seats did not finish"
    assert s1.gone.get(LIAR) == s2.gone.get(LIAR) and LIAR in s1.gone, (s1.gone, s2.gone)
    assert t.over[W] == t.over[X], "the two honest seats finished different games"
    obs = audit(t, W)  # the auditor of seat 1's log reads seat 1's verdict from its own signed absent{0, left}
    assert obs.owner == W
    assert obs.done and obs.gone == s1.gone and obs.places() == s1.places()

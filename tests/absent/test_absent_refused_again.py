"""A seat that refused one vote on itself is voted on again like any seat: a later vote of other seats on it is
decided on its own peer too (protocol/SPEC.md 11.9, *A vote on this seat*).

Sim lie-away seed 3345: liar p1 counted p0 away to vote p2 out alone; p2 refused (p1 leaving, voted out).  Later a
partition cut p2 off alone; p0, p3 and p4 declared it absent and voted it out.  On p2's own peer that vote was never
decided (a seat that had refused a vote skipped every later one), so p2 played on alone, took p0's next move, made
with p2's cards opened for the computer player, and named honest p0 for a card not in its hand.

Here seat X (the mover, holding its move) refuses liar L's lone vote; then the two other seats declare X absent for
its move and vote: X's peer decides that vote (its shell then judges it: two voters, it accepts).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output, VotedOut
from kit.table import KINDS
from test_absent_unit import Table, claim


class Refuses(Table):
    """Four seats; the first decided vote on seat ``x`` is refused (its clock: answering), later ones are recorded."""

    x: int | None = None

    def __init__(self, game: str):
        super().__init__(game, n=4)
        self.on_x: list[VotedOut] = []

    def out(self, seat, out):
        super().out(seat, Output(out.send, [e for e in out.events if not isinstance(e, VotedOut)], out.relay))
        for ev in out.events:
            if isinstance(ev, VotedOut) and ev.seat == seat == self.x:
                self.on_x.append(ev)
                if len(self.on_x) == 1:
                    self.out(seat, self.s[seat].refuse_vote())


@pytest.mark.parametrize("game", KINDS)
def test_a_later_vote_on_a_seat_that_refused_one_is_decided_on_its_peer(game):
    t = Refuses(game)
    t.start()
    t.hold_from = {i: 4 for i in range(4)}
    t.run()
    x = t.x = t.held_at[0]  # (it owes its move, and the test holds it: nothing else is owed)
    liar, o1, o2 = [i for i in range(4) if i != x]
    o = Output()  # the lie-away: the liar counts the two others away, then votes x out alone for a declaration
    claim(t, liar, o1, "relay", o)
    claim(t, liar, o2, "relay", o)
    claim(t, liar, x, "declare", o)
    t.s[liar]._emit(Vote(x, "bot", t.s[liar].chain.next_seq(x)), o)
    t.out(liar, o)
    t.run()
    sx = t.s[x]
    assert len(t.on_x) == 1 and sx.refused == {x: (liar,)}, "the test's premise: x refused the liar's lone vote"
    for w in (o1, o2):  # (each held the liar's decision counting it away, and was answering: the liar is leaving)
        t.out(w, t.s[w].settle_away(True))
    t.run()
    assert liar in sx.leaving and x not in sx.decided
    for w in (o1, o2):  # x then really is away: the two others declare it absent for its move and vote it out
        o = Output()
        claim(t, w, x, "move", o)
        t.s[w]._emit(Vote(x, "bot", t.s[w].chain.next_seq(x)), o)
        t.out(w, o)
    t.run()
    assert x in sx.decided, "x's own peer never decided the others' vote on it, having refused the liar's"
    assert len(t.on_x) == 2 and sorted(sx.decided[x][2]) == sorted((o1, o2)) and sx.sole_word(x) is None

"""A seat still overdue whose absent went stale is declared again at its new count (issue 18; SPEC 11.9, *Clock*;
net/watch.py ``AbsenceWatch._clock``; sim seed 38434).

The watch declares a seat once per obligation (``declared``).  But ``Session.declare_absent`` signs at most one absent
per count of the seat's messages: when the seat's obligation changes (a relay, then its vote) at the same count, the
second declaration signs nothing, and the first absent stands for it.  Any later message of the seat (a trickle, an
absent of its own) makes that absent stale while the obligation is still unpaid.  In seed 38434 p2 had declared
never-voting p0 for a relay, p0 then owed its vote on leaving p1 at that same count, p0's next absent made p2's claim
stale, and p2 never declared p0 again: the pause ended on p2 alone, which waited for p1 (gone) for good.  Now a seat
whose obligation is past its limit and on which this peer's absent does not hold is declared again, at its new count.

One in-memory table of three seats; the watch's session has its ``owed()`` scripted (the relay, then the vote) and casts no vote, the
seat's later message is a real one, and the watch is ticked by hand.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol.session import Output
from test_absent_resumed_vote import held_from_turn_2

ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0
SWITCH, LATE = 5.0, 12.0  # the relay is owed until SWITCH, the vote after it; the seat's own message comes at LATE


@pytest.mark.parametrize("game", KINDS)
def test_an_overdue_seat_whose_absent_went_stale_is_declared_again(game):
    t = held_from_turn_2(game, "declare again")
    m, _ = t.held_at
    a, x = [i for i in range(3) if i != m]
    s = t.s[a]
    relay = Owed("relay", s.turn)
    vote = Owed("vote", s.turn, m, s.chain.next_seq(m))
    now = {"t": 0.0}
    s.owed = lambda: {x: relay if now["t"] < SWITCH else vote}
    s.cast_vote = lambda seat, choice: Output()  # (no vote on x here: a vote would freeze x's later messages)
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    absents = []  # (when, owed, have) of every absent a signs on x
    counts = []  # x's count of messages held by a, before and after x's late message
    while now["t"] < 20.0:
        if now["t"] >= LATE and not counts:
            counts.append(s.chain.next_seq(x))
            t.out(x, t.s[x].declare_absent(m))  # a real message of x that does not pay what it owes
            t.run()
            counts.append(s.chain.next_seq(x))
        tk = w.tick(now["t"], connected={m, x}, last_rx={m: now["t"], x: now["t"]}, linked={m, x})
        t.out(a, tk.out)
        t.run()
        absents += [(now["t"], msg.body.owed, msg.body.have) for msg in map(decode_signed, tk.out.send)
                    if msg.type == "absent" and msg.body.seat == x]
        now["t"] += 0.25
    assert absents and absents[0][1] == "relay" and absents[0][0] < SWITCH, absents
    first_have = absents[0][2]
    assert counts == [first_have, first_have + 1], f"x's late message did not reach a as its next: {counts}"
    again = [e for e in absents[1:] if e[1] == "vote"]
    assert again, (f"seat {x} still owed its vote past the limit, its absent went stale at its message at {LATE}, "
                   f"and it was never declared again: {absents}")
    assert again[0][0] >= LATE and again[0][2] == first_have + 1, again
    assert len(absents) == 2, f"declared more than once per count: {absents}"

"""A vote that counts fewer of a seat's messages than this peer's own claim on it, on an obligation the seat has paid
here since, is not joined at once (protocol/SPEC.md 11.9, *Joining a vote at once*; ``claims._behind_paid``; sim seed
166989).

In seed 166989 p0, cut off alone, voted every seat out, p3 for its reveal of turn 1 at count 2.  p3 was frozen; p1
declared it for that reveal at count 3.  p3 woke and revealed; 0.1 s later p0's vote, relayed by p3, reached p1, and
p1 joined it at once.  At its next move, while the game waited on p2's reveal (p2 away for that moment), p1 decided
p3 on the two votes at its own count, p2 later at another, and p1 halted on a desync naming honest p2.  Both claims
were paid on p1 when the vote came: the voter voted on what p1 knew was past when it declared.  Now p1's clock judges
that vote instead (a lone vote, ``lone_votes``), as for any vote on an answering seat.

Three sessions in memory: seat Y moves while seat X is cut off (nothing reaches it); this peer W
declares X for its reveal; X comes back and reveals; then Y declares X for that reveal at a lower count and votes.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_contested import hold_the_mover
from test_absent_unit import Table


def _voted(game: str, back: bool):
    """Y moves with X away; W declares X for its reveal; X comes back and reveals if ``back``; Y's claim on X one
    message behind W's, and its vote, reach W.  Returns the table and (W, X, Y)."""
    t = Table(game)
    y, turn = hold_the_mover(t)
    x, w = [i for i in range(t.n) if i != y]
    t.cut = {frozenset((x, y)), frozenset((x, w))}  # (X is away: it lacks the move, and owes its reveal on W)
    sent = {i: len(t.records(i)) for i in (y, w)}
    t.hold_from = {i: turn + 1 for i in range(t.n)}  # (Y moves; the next move waits: the game stands still)
    t.held_at = None
    t.out(y, t.s[y].submit(t.choose(y, t.s[y].state, turn)))
    t.run()
    sw = t.s[w]
    owed = sw.owed().get(x)
    assert owed is not None and owed.what == "reveal", f"seat {x} owes no reveal on W: {owed}"
    have = sw.chain.next_seq(x)
    o = Output()
    sw._emit(Absent(x, owed.turn, have, owed.what), o)
    t.out(w, o)
    t.run()
    if back:  # (X comes back: what Y and W sent meanwhile reaches it, in order, and it reveals)
        t.cut.clear()
        for i in (y, w):
            for p in t.records(i)[sent[i]:]:
                if t.decoded(p).sender == i:
                    t.take(x, i, p)
        t.run()
        now = sw.owed().get(x)
        assert now is None or (now.what, now.turn) != (owed.what, owed.turn), f"seat {x} came back but owes {now} on W"
    sy = t.s[y]
    o = Output()
    sy._emit(Absent(x, owed.turn, have - 1, owed.what), o)
    sy._emit(Vote(x, "bot", have - 1), o)
    t.out(y, o)
    t.run()
    assert y in sw.votes.get(x, {}), "W does not hold Y's vote on X"
    return t, (w, x, y)


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_behind_this_peers_paid_claim_is_not_joined_at_once(game):
    t, (w, x, y) = _voted(game, back=True)
    assert x not in t.s[w].my_votes, "W joined at once a vote on a seat that had paid both claims here"


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_a_seat_still_owing_is_joined_at_once(game):
    t, (w, x, y) = _voted(game, back=False)
    assert x in t.s[w].my_votes, "W did not join at once a vote on a seat that still owes its reveal here"

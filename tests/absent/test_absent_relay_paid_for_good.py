"""A claim that a seat owed this peer a relay is paid for good once the relay came: this peer does not join another
seat's vote on that seat at once on it later, when the seat owes something else (protocol/SPEC.md 11.9, *Owed
relays*, *Voting*; main sim seed 54774).

Four sessions in memory.  Seat Y is to move; its move reaches V only (A and Z are cut off from Y), and V's reveal
shows A that V holds a move A lacks: V owes A a relay, and A declares V absent for it.  The move then comes (V
relays it, Y's links heal) and the game goes on to V's own move, which V holds.  Z declares V absent for that move
and votes it out.  Before, A joined Z's vote at once on its old relay claim, as if V still owed it that relay
(seed 54774: p2, cut off alone, declared p3 for a relay that p1 then brought; five turns later, while p3's move
was on its way, p2 joined vote-present p1's vote on p3 at once, and the two sides voted each other out).  Now A's
clock judges the vote, or A votes after a pause of its own.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _give, _sign, mover_held


@pytest.mark.parametrize("game", KINDS)
def test_a_relay_claim_paid_does_not_join_a_later_vote_on_the_seat(game):
    t, y, (a, v, z) = mover_held(game)
    s = t.s
    turn = s[y].turn
    t.cut |= {frozenset((y, a)), frozenset((y, z))}
    before = {i: len(t.records(i)) for i in (y, a, z)}
    t.out(y, s[y].submit(t.choose(y, s[y].state, turn)))
    t.run()
    assert v in s[a].owing(), f"V does not owe A a relay (the premise): A is owed {s[a].owed()}"
    owed = s[a].owed()[v]
    assert owed.what == "relay", f"V owes A {owed} (the premise: a relay)"
    t.out(a, s[a].declare_absent(v, owed))
    t.run()
    t.held_at, t.hold_from = None, {v: turn + 1}  # from here on the game goes on until V is to move; V holds it
    t.cut.clear()  # Y's links heal: what each side signed meanwhile (Y's move first) reaches the other
    for i in (a, z):
        _give(t, i, y, _signed_since(t, y, before[y]))
        _give(t, y, i, _signed_since(t, i, before[i]))
    t.run()
    assert s[a].absents[v][a].owed == "relay" and v not in s[a].owing(), "A's relay claim on V is not paid (premise)"
    assert t.held_at is not None and t.held_at[0] == v, f"V is not to move (the premise): {t.held_at}"
    assert v in s[a]._needed() and s[a].absents[v][a].owed == "relay", "A does not wait on V's move (the premise)"
    at = t.held_at[1]
    _give(t, a, z, _sign(t, z, Absent(v, at, s[z].chain.next_seq(v), "move"), Vote(v, "bot", s[z].chain.next_seq(v))))
    assert v in s[a].votes and z in s[a].votes[v], "Z's vote on V did not reach A (the premise)"
    assert v not in s[a].my_votes, "A joined Z's vote on V at once, on its relay claim that V had paid"
    assert v not in s[a].decided and v not in s[a].gone


def _signed_since(t, seat: int, records: int) -> list[bytes]:
    """What ``seat`` signed since its log held ``records`` records."""
    return [p for p in t.records(seat)[records:] if t.decoded(p).sender == seat]

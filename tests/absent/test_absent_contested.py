"""A lone decision against a seat that claims its voter is held until that claim is settled (protocol/SPEC.md 11.9,
*A lone decision on a seat that claims its voter*; sim seed 6295).

Four sessions in memory.  Seat Y is to move and holds its move (in seed 6295 it had crashed).  Seat V is cut off
alone: it declares Y, then Z and X (``owed: declare``) and votes X out; by *Who votes on a seat that failed its part
as a voter* every other seat is away for that vote on every peer, so it rests on V's word alone.  Meanwhile X and Z,
on the other side, declared Y and V and vote V out.  X's claim on V is signed: V's lone decision on X and the
others' decision on V can not both stand.  Peer Z decides V first (V's vote is then void); before the fix peer Y,
which held V's vote before X's vote on V, took X over on V's word: two peers apart at the same turn, with nobody to
blame.  Now every peer waits with a decision that rests on one voter's word while the seat it decides on holds a
signed claim on that voter: the claim is settled first (here V is decided, and its vote counts for nothing).
"""

from __future__ import annotations

import io

import pytest

from kit.sessions import session_for
from kit.table import KINDS
from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import Absent, Vote, decode_signed
from snowp2p.protocol.session import Output, log_owner
from test_absent_unit import Table


def _sign(t: Table, seat: int, *bodies) -> list[bytes]:
    """``seat`` signs ``bodies`` (logged as sent); the test delivers them itself, in the order it chooses."""
    o = Output()
    for b in bodies:
        t.s[seat]._emit(b, o)
    for p in o.send:
        t.logs[seat].append(p)
    return list(o.send)


def _give(t: Table, to: int, frm: int, frames: list[bytes]) -> None:
    for p in frames:
        t.take(to, frm, p)


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_decision_waits_for_the_claim_on_its_voter(game):
    t = Table(game, n=4)
    for i in range(4):
        t.hold_from[i] = 3
    t.start()
    t.run()
    assert t.held_at is not None, "nobody is to move"
    y = t.held_at[0]
    v, x, z = [i for i in range(4) if i != y]
    s = t.s
    turn = s[y].turn

    def have(by: int, of: int) -> int:
        return s[by].chain.next_seq(of)

    # V, cut off alone: Y owes it its move, then Z and X owe their declaration; its vote on X is the last seat's word
    # (Y and Z are away for it on every peer)
    t.dead.add(v)
    lone = _sign(t, v, Absent(y, turn, have(v, y), "move"), Absent(z, turn, have(v, z), "declare"),
                 Absent(x, turn, have(v, x), "declare"))
    lone += _sign(t, v, Vote(x, "bot", have(v, x)))
    # X and Z, on the other side, did not hear V's claims: they declare Y, then V (Y hears them all)
    xs = _sign(t, x, Absent(y, turn, have(x, y), "move"), Absent(v, turn, have(x, v), "declare"))
    zs = _sign(t, z, Absent(y, turn, have(z, y), "move"), Absent(v, turn, have(z, v), "declare"))
    for to in (y, z):
        _give(t, to, x, xs)
    for to in (x, y):
        _give(t, to, z, zs)
    # Y moves (in seed 6295 it came back from a crash); the game waits on V's reveal; X and Z vote V out
    t.hold_from.clear()
    t.held_at = None
    t.out(y, s[y].submit(t.choose(y, s[y].state, turn)))
    t.run()
    assert all(s[i].waiting_on() == {v} for i in (x, y, z)), [s[i].waiting_on() for i in (x, y, z)]
    zs_vote = _sign(t, z, Vote(v, "bot", have(z, v)))
    xs_vote = _sign(t, x, Vote(v, "bot", have(x, v)))
    _give(t, x, z, zs_vote)
    _give(t, z, x, xs_vote)
    for i in (x, z):
        assert v in s[i].gone, f"peer {i} did not take seat {v} over: {s[i].votes}"

    # peer Y holds Z's vote on V, then V's vote on X, and only then X's vote on V
    _give(t, y, z, zs_vote)
    _give(t, y, v, lone)
    if s[y].away_held:  # (the decision counts Y away on V's word: Y's clock says it was away, as in seed 6295)
        t.out(y, s[y].settle_away(False))
    assert x not in s[y].decided and x not in s[y].gone, (
        f"peer {y} decided seat {x} on seat {v}'s word alone while seat {x} claimed seat {v}: {s[y].decided}")
    _give(t, y, x, xs_vote)
    assert v in s[y].gone and x not in s[y].decided, s[y].decided
    # the others hear V's messages last: V is gone there, its vote counts for nothing
    for i in (x, z):
        _give(t, i, v, lone)

    # the three others play on to the end, alike, with a computer player in V's seat
    t.run()
    for i in (x, y, z):
        assert s[i].halted is None, f"peer {i} stopped: {s[i].halted}"
        assert s[i].done, f"peer {i} did not finish"
        assert set(s[i].gone) == {v}, (i, s[i].gone)
    assert t.over[x] == t.over[y] == t.over[z]
    records = read_log(io.BytesIO(t.bufs[y].getvalue())).records
    obs = session_for(decode_signed(records[0]), t.track)
    obs.owner = log_owner(records)
    for rec in records[1:]:
        obs.receive(rec)
    assert obs.halted is None and obs.done and obs.gone == s[y].gone and obs.places() == s[y].places()

"""A lone decision against a seat that claims its voter is held until that claim is settled (protocol/SPEC.md 11.9,
*A lone decision on a seat that claims its voter*; sim seed 6295).

Four sessions in memory.  Seat Y is to move and holds its move (in seed 6295 it had crashed).  Seat V is cut off
alone: it declares Y, then Z and X (``owed: declare``) and votes X out; by *Who votes on a seat that failed its part
as a voter* every other seat is away for that vote on every peer, so it rests on V's word alone.  Meanwhile X and Z,
on the other side, declared Y and V and vote V out.  X's claim on V is signed: V's lone decision on X and the
others' decision on V can not both stand.  Peer Z decides V first (V's vote is then void); before the fix peer Y,
which held V's vote before X's vote on V, took X over on V's word: two peers apart at the same turn, with nobody to
blame.  (Y moved after X's and Z's absents on it: it is back, on every peer alike, so X and Z wait for
its vote too: sim seed 57202.)  Now every peer waits with a decision that rests on one voter's word while the seat it decides on holds a
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


def mover_held(game: str, n: int = 4) -> tuple[Table, int, list[int]]:
    """``n`` seats (four unless told); play until a seat Y is to move, and hold its move.  Returns the table, Y and
    the other seats."""
    t = Table(game, n=n)
    y, _turn = hold_the_mover(t)
    return t, y, [i for i in range(n) if i != y]


def hold_the_mover(t) -> tuple[int, int]:
    """Leave every seat's turns from turn 3 on to the test, and play until the first seat is to move: (seat, turn)."""
    for i in range(t.n):
        t.hold_from[i] = 3
    t.start()
    t.run()
    assert t.held_at is not None, "nobody is to move"
    return t.held_at


def declare_and_vote(t: Table, by: int, seat: int, owed: str) -> None:
    """``by`` declares ``seat`` absent for ``owed`` and votes ``bot`` on it at the count it holds (unless declaring
    joined a vote at once: _join_votes), and the table delivers both."""
    s = t.s[by]
    o = Output()
    s._emit(Absent(seat, s.turn, s.chain.next_seq(seat), owed), o)
    if seat not in s.my_votes:
        s._emit(Vote(seat, "bot", s.chain.next_seq(seat)), o)
    t.out(by, o)


def _claims(game: str):
    """Seat Y is to move and holds its move; X declares Y, then V (not hearing V).  Returns the table, the seats
    (V, X, Y, Z), X's frames (not delivered yet) and the turn."""
    t, y, (v, x, z) = mover_held(game)
    turn = t.s[y].turn
    return t, (v, x, y, z), _sign(t, x, *_declares(t, x, turn, (y, "move"), (v, "declare"))), turn


def _declares(t: Table, by: int, turn: int, *claims) -> list:
    return [Absent(seat, turn, t.s[by].chain.next_seq(seat), owed) for seat, owed in claims]


def _lone(t: Table, seats, turn: int) -> list[bytes]:
    """V, cut off alone: Y owes it its move, then Z and X owe their declaration; its vote on X is the last seat's
    word (Y and Z are away for it on every peer)."""
    v, x, y, z = seats
    return _sign(t, v, *_declares(t, v, turn, (y, "move"), (z, "declare"), (x, "declare")),
                 Vote(x, "bot", t.s[v].chain.next_seq(x)))


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_decision_waits_for_the_claim_on_its_voter(game):
    t, seats, xs, turn = _claims(game)
    v, x, y, z = seats
    s = t.s
    t.dead.add(v)
    lone = _lone(t, seats, turn)
    # Z, on X's side, did not hear V's claims either: it declares Y, then V (X, Z and Y hear them all)
    zs = _sign(t, z, *_declares(t, z, turn, (y, "move"), (v, "declare")))
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
    zs_vote = _sign(t, z, Vote(v, "bot", s[z].chain.next_seq(v)))
    xs_vote = _sign(t, x, Vote(v, "bot", s[x].chain.next_seq(v)))
    _give(t, x, z, zs_vote)
    _give(t, z, x, xs_vote)
    for i in (x, z):  # Y, counted away by their signed absents, moved since: it is back, alike on every peer (57202)
        assert v not in s[i].gone and s[i].came_back.get(v) == {y}, (
            f"peer {i} took seat {v} over without Y, back: {s[i].votes}, {s[i].came_back}")

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


@pytest.mark.parametrize("game", KINDS)
def test_the_lone_voters_own_peer_decides_at_once(game):
    """V's own peer does not wait (G7: it may be the last seat standing; cut off, it is voted out anyway)."""
    t, seats, xs, turn = _claims(game)
    v, x, y, z = seats
    s = t.s
    _give(t, v, x, xs)  # V holds X's claim on it, then declares and votes
    lone = _lone(t, seats, turn)
    assert s[v].decided.get(x, (None, None, ()))[2] == (v,), f"V's own peer did not decide X: {s[v].decided}"
    _give(t, y, x, xs)  # ...while a third peer holding the same frames waits
    _give(t, y, v, lone)
    assert x not in s[y].decided and x not in s[y].gone, s[y].decided


@pytest.mark.parametrize("game", KINDS)
def test_the_wait_ends_when_a_second_voter_votes(game):
    """A peer on whose clock X is away declares it and votes: the decision is no longer one seat's word (G7)."""
    t, seats, xs, turn = _claims(game)
    v, x, y, z = seats
    s = t.s
    lone = _lone(t, seats, turn)
    _give(t, y, x, xs)
    _give(t, y, v, lone)
    assert x not in s[y].decided, s[y].decided
    _give(t, y, z, _sign(t, z, *_declares(t, z, turn, (x, "declare")), Vote(x, "bot", s[z].chain.next_seq(x))))
    if s[y].away_held:  # (counted away on V's word: its clock says it was away)
        t.out(y, s[y].settle_away(False))
    assert s[y].decided.get(x, (None, None, ()))[2] == tuple(sorted((v, z))), s[y].decided



@pytest.mark.parametrize("declared", [True, False], ids=["declared-by-the-seat-it-voted-on", "alone"])
@pytest.mark.parametrize("game", KINDS)
def test_a_seat_does_not_judge_a_vote_on_it_lone_while_a_seat_it_voted_on_declared_it(game, declared):
    """V, cut off alone, voted X out (X's messages are no longer taken straight there); X declared V too, and its
    vote on V may be on its way: Z's vote on V is then no lone vote (sim seed 6295 after the declaration-claim rules:
    V judged Z's and then another seat's vote lone and played on alone).  Without X's claim it is judged as before."""
    t = Table(game, n=4)
    for i in range(4):
        t.hold_from[i] = 3
    t.start()
    t.run()
    x = t.held_at[0]  # (X is to move and holds its move)
    v, y, z = [i for i in range(4) if i != x]
    s, turn = t.s, t.s[x].turn
    claim = _sign(t, x, *_declares(t, x, turn, (v, "relay")))
    _sign(t, v, *_declares(t, v, turn, (x, "relay")), Vote(x, "bot", s[v].chain.next_seq(x)))
    assert x in s[v].my_votes
    if declared:
        _give(t, v, y, claim)  # relayed by Y (not taken straight from X any more)
        assert x in s[v].absents.get(v, {}), "X's claim on V was not taken"
    _give(t, v, z, _sign(t, z, *_declares(t, z, turn, (v, "relay")), Vote(v, "bot", s[z].chain.next_seq(v))))
    assert v not in s[v].decided, s[v].decided
    assert ((v, z) not in s[v].lone_votes()) if declared else ((v, z) in s[v].lone_votes()), s[v].lone_votes()

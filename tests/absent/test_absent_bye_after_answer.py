"""A seat's ``bye{"voted out"}`` after it answered past a lone vote's claim does not spare that vote (protocol/SPEC.md
11.9, *A lone vote on a seat that answers*; G10).

Sim lie-away seed 98289 (4 seats, Snow Tails): p2 crashed for 0.3 s; liar p1 voted it out alone on a claim of a
declaration.  p2, resumed, could not tell it had answered and accepted (``bye{"voted out"}``).  Before that bye it
sent its reveal #9, past p1's claim: p3 held the reveal first and judged p1's vote lone (p1 leaving); p0 got the
reveal together with the bye, and a seat that said bye was never judged: p0 never held p1 leaving, p3 held p0 to a
declaration on leaving p1 that p0 never saw owed and voted it out, and the two honest seats voted each other out.
The bye is the seat's last message, and what it sent before is signed on every peer alike: a seat that said
``bye{"voted out"}`` after a message past the voter's claim answered that claim, and the vote is judged as any lone
vote, whether the bye came after the answer (p3) or with it (p0).  In memory.
"""

from __future__ import annotations

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.game_messages import Bye
from snowp2p.protocol.messages import Absent, decode_signed
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_lone_unseen import claim, held_mover, move


def _bye(t, seat: int, reason: str) -> None:
    o = Output()
    t.s[seat]._emit(Bye(reason), o)
    t.out(seat, o)
    t.run()


def _answered_then_bye(game: str, reason: str):
    """The mover is voted on alone (a claim of its move), moves (its answer past the claim), and says bye
    (``reason``); the seat ``late`` gets the move and the bye only then, together.  (table, mover, voter, early, late)"""
    t, mover, turn = held_mover(game, "bye after answer")
    voter, early, late = [i for i in range(4) if i != mover]
    claim(t, voter, mover, "move")
    t.cut |= {frozenset((mover, late)), frozenset((mover, voter))}  # (the voter takes nothing past its vote from it)
    move(t, mover, turn)
    e = t.s[early]
    assert e.lone_votes() == [(mover, voter)], "the premise: the seat that held the move first judges the vote lone"
    t.out(early, e.leave_voter(voter))
    t.run()
    _bye(t, mover, reason)
    assert mover in e.byes and voter in e.leaving
    t.cut.discard(frozenset((mover, late)))
    s = t.s[late]
    assert mover not in s.byes and s.chain.next_seq(mover) <= s.votes[mover][voter].have, "the premise"
    for m in t.s[mover].chain.history(mover)[s.chain.next_seq(mover):]:
        t.take(late, mover, m.payload)
    t.run()
    return t, mover, voter, early, late


@pytest.mark.parametrize("game", KINDS)
def test_a_bye_voted_out_after_an_answer_does_not_spare_the_lone_vote(game):
    t, mover, voter, early, late = _answered_then_bye(game, "voted out")
    s = t.s[late]
    assert mover in s.byes and mover not in s.decided and voter not in s.leaving, "the premise"
    # before the rule: the mover said bye, and its vote was judged by nobody here: []
    assert s.lone_votes() == [(mover, voter)], "the bye took back the answer that came before it"
    t.out(late, s.leave_voter(voter))
    t.run()
    assert voter in s.leaving and voter in t.s[early].leaving, "the two honest seats hold the voter alike"


@pytest.mark.parametrize("game", KINDS)
def test_a_bye_with_nothing_past_the_claim_before_it_spares_the_vote(game):
    t, mover, turn = held_mover(game, "bye no answer")
    voter, _, late = [i for i in range(4) if i != mover]
    claim(t, voter, mover, "move")
    t.cut.add(frozenset((mover, voter)))
    _bye(t, mover, "voted out")  # (it accepted at once: nothing of it past the claim but the bye)
    assert mover in t.s[late].byes
    assert t.s[late].lone_votes() == [], "a bye alone is no answer to the claim"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_quit_after_an_answer_is_not_judged(game):
    t, mover, voter, early, late = _answered_then_bye(game, "quit")
    assert t.s[late].lone_votes() == [], "a seat that quit is voted on as leaving, its voter's vote with it"


@pytest.mark.parametrize("game", KINDS)
def test_the_clock_judges_it_though_the_seat_owes_left_since_its_bye(game):
    """The shell's clock (``AbsenceWatch._lone_votes``): what it sees of the seat since its bye is that it left (it owes
    ``left`` as soon as the game waits on it, overdue at once); its answer is in its signed messages before the bye.
    Judged on its clock now, the vote was lone on the peer that held the answer first and on no peer that held the bye
    by the time the game waited on the seat."""
    t, mover, voter, early, late = _answered_then_bye(game, "voted out")
    s = t.s[late]
    real = s.owed
    s.owed = lambda: {mover: Owed("left", s.turn)}  # (the game waits on the seat that said bye: it is leaving)
    try:
        w = AbsenceWatch(s, 2.0, 4.0, "bot", 0.0)
        sent = []
        for now in (0.0, 0.25, 0.5):
            tk = w.tick(now, connected={early}, last_rx={early: now}, linked={early})
            sent += [m.body for m in map(decode_signed, tk.out.send) if m.type == "absent"]
    finally:
        s.owed = real
    assert any(isinstance(b, Absent) and b.seat == voter and b.owed == "left" for b in sent), (
        "the clock took the bye for the seat not answering the claim")

"""A session resumed from its own log reads its refusal of a vote on it as the auditor does (protocol/SPEC.md 11.9,
*A vote on this seat*; 11.12; sim strategy "lie-away", seed 7221).

A seat that refuses a decided vote on itself signs no ``absent{voter, left}`` when it has declared that voter at that
count already (sim seed 579): its next own message is then its verdict, and the auditor of its log reads it so.  The
session resumed from the same log did not (that reading was the auditor's alone): it stayed decided, applied nothing
more and its state stopped short of its live self's (seed 7221: p2 refused the liar's decision read from the liar's
ack, with no message, played to the end and crashed; resumed, its final state differed from p0's).  Three sessions on
the in-memory table: the liar, at its turn, declares the third seat (relay) and seat 2 (declare) and votes seat 2 out
to seat 2 alone, then moves with an ack of a game in which it took seat 2 over.

Read there, the refusal must not make the resumed session sign again what its live self signed after the refusal
(sim seed 27007: p1 refused with no message, having declared and voted on the liar already, then revealed on p2's
move; resumed, it went on from the refusal before that reveal and signed it again at the next seq, acking one turn
twice).  The owner's own session goes on after its message; the auditor, which signs nothing, before it (seed 215).
"""

from __future__ import annotations

import pytest

from kit.sessions import session_from_log
from kit.table import KINDS, fixed
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Halted, Output
from test_absent_unit import Table

THIRD, LIAR, ME = 0, 1, 2


def run_holding(t) -> list[bytes]:
    """Deliver everything but the third seat's frames to seat 2: those are returned, in order."""
    held = []
    while t.queue:
        to, frm, p = t.queue.popleft()
        if (to, frm) == (ME, THIRD):
            held.append(p)
        elif t.linked(to, frm):
            try:
                t.take(to, frm, p)
            except Halted:
                assert to == LIAR, t.s[to].halted  # (the liar, in its own world, finds the others' differs)
                t.dead.add(LIAR)
    return held


def decided(game: str, vote_first: bool = False):
    """The table once seat 2 read the liar's ack as the liar's vote on it taking effect (``vote_first``: seat 2 had
    voted on the liar before): the table, the count at which seat 2 declared the liar, and the third seat's frames
    seat 2 has not taken yet."""
    t = Table(game)
    t.hold_from[LIAR] = 3  # (the liar does not move at its turn from 3 on: the game waits on it)
    t.start()
    t.run()
    assert t.held_at is not None and t.held_at[0] == LIAR
    liar, me = t.s[LIAR], t.s[ME]
    o = Output()
    liar._emit(Absent(THIRD, liar.turn, liar.chain.next_seq(THIRD), "relay"), o)
    liar._emit(Absent(ME, liar.turn, liar.chain.next_seq(ME), "declare"), o)
    liar._emit(Vote(ME, "bot", liar.chain.next_seq(ME)), o)
    t.out(LIAR, o)
    t.run()
    assert ME not in me.decided, "(the game waits on the liar's move, and the third seat has not voted)"
    third = t.s[THIRD]
    t.out(THIRD, third.settle_away(True))  # (the third seat's clock: it was answering, the liar is leaving)
    t.run()
    t.out(ME, me.leave_voter(LIAR))  # (seat 2's clock: the liar's vote on it is lone, it was answering)
    run_holding(t)
    # the liar moves in a game in which it took seat 2 over: its ack of the turn before leaves seat 2 out
    a = liar.applied_turn
    liar.my_sections[a] = {k: v for k, v in liar.my_sections[a].items() if k != f"seat.{ME}"}
    liar.my_hash[a] = fixed("the liar's world")
    t.hold_from.clear()
    t.held_at = None
    t.out(LIAR, liar.submit(t.choose(LIAR, liar.state, liar.turn)))
    held = run_holding(t)  # (the third seat's frames reach seat 2 once it has declared the liar again)
    t.out(ME, me.declare_absent(LIAR))  # (leaving: declared at once, at the count that holds the move)
    held += run_holding(t)
    declared = max(me.absent_haves[(ME, LIAR)])
    assert declared == me.chain.next_seq(LIAR)
    if vote_first:
        t.out(ME, me.cast_vote(LIAR, "bot"))
        assert LIAR in me.my_votes
        held += run_holding(t)
    while held:
        t.take(ME, THIRD, held.pop(0))
        if ME in me.decided:
            break
    assert ME in me.decided and me.decided[ME][2] == (LIAR,), "seat 2 read the liar's ack as its vote taking effect"
    return t, declared, held


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_session_reads_its_refusal_without_an_absent_as_its_live_self_did(game):
    t, declared, _ = decided(game)
    me = t.s[ME]
    mine = me.chain.next_seq(ME)
    t.out(ME, me.refuse_vote())
    assert max(me.absent_haves[(ME, LIAR)]) == declared, "(no second absent at the same count)"
    assert ME not in me.decided and me.refused.get(ME) == (LIAR,)
    run_holding(t)
    assert me.chain.next_seq(ME) > mine, "seat 2 played on after its refusal"
    resumed, _ = session_from_log(t.records(ME), None, ME, t.ids[ME], fixed(f"absent test secret {ME}"))
    assert ME not in resumed.decided, "the resumed session stayed decided: it never read its own refusal"
    assert resumed.refused.get(ME) == (LIAR,)
    assert (resumed.turn, resumed.applied_turn) == (me.turn, me.applied_turn)


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_session_does_not_sign_again_what_it_signed_after_its_refusal(game):
    t, _, rest = decided(game, vote_first=True)
    me = t.s[ME]
    mine = me.chain.next_seq(ME)
    refusal = me.refuse_vote()
    assert not refusal.send, "(declared and voted on at that count already: the refusal signs nothing)"
    t.out(ME, refusal)
    assert ME not in me.decided and me.refused.get(ME) == (LIAR,)
    for p in rest:  # (the third seat's frames seat 2 answers after its refusal: in mush and snow tails, a reveal)
        t.take(ME, THIRD, p)
    run_holding(t)
    assert me.halted is None and me.chain.next_seq(ME) > mine, "seat 2 played on after its refusal"
    resumed, missing = session_from_log(t.records(ME), None, ME, t.ids[ME], fixed(f"absent test secret {ME}"))
    assert resumed.halted is None, resumed.halted
    assert missing == [], "the resumed session signed what its live self never did"
    assert resumed.my_frames() == me.my_frames()
    assert ME not in resumed.decided and resumed.refused.get(ME) == (LIAR,)
    assert (resumed.turn, resumed.applied_turn) == (me.turn, me.applied_turn)

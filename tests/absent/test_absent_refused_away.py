"""A third seat sides with a seat's refusal of a decision that counted it away (SPEC 11.9, *A lone vote on a seat
that answers*: a refusal of a word about the refusing seat itself).  Sim lie-away seed 17165, four seats: the liar
p3 signed ``absent{p0, relay}`` (p0 answered), ``absent{p1, declare}`` and ``vote{p1}``, while p1 was cut off; p0's
clock refused the held decision (``absent{p3, left}``, ``vote{p3}``), and p2, to which p3 answered, judged p0's vote
lone and treated honest p0 as leaving: p2 and the liar voted p0 out.  Two seats' words, each about the other: the
third seat sides with p0's word about itself when p0 answers it too, and the liar is leaving there.

Four sessions in memory: the mover ``X`` holds its move (it sends nothing past the liar's claim on it, as cut-off p1
did), the liar ``V`` counts ``W`` away to vote ``X`` out alone, ``W`` refuses (``leave_voter``: the call its
``settle_away`` makes) and votes, the liar takes ``W`` for leaving (``absent{W, left}``, as p3 did), and the judge ``Y``'s clock (every limit far off:
everyone answers) looks."""

from __future__ import annotations

import pytest

from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_lone_unseen import held_mover
from kit.table import KINDS


def lie_to_vote(t, v: int, w: int, x: int) -> None:
    """Liar ``v`` counts answering ``w`` away (``absent{w, relay}``) to vote ``x`` out alone for not declaring it."""
    liar, o = t.s[v], Output()
    for seat, owed in ((w, "relay"), (x, "declare")):
        liar._emit(Absent(seat, liar.turn, liar.chain.next_seq(seat), owed), o)
    liar._emit(Vote(x, "bot", liar.chain.next_seq(x)), o)
    t.out(v, o)
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_third_seat_sides_with_a_refusal_of_a_word_about_the_refusing_seat(game):
    t, x, _ = held_mover(game)
    v, w, y = [i for i in range(4) if i != x]
    lie_to_vote(t, v, w, x)
    sw = t.s[w]
    t.out(w, sw.leave_voter(v))  # (W's verdict: it was answering, V counted it away)
    o = Output()
    sw._vote(v, "bot", o)
    t.out(w, o)
    t.run()
    t.out(v, t.s[v].leave_voter(w))  # (the liar judges W's vote on it lone, as p3 did: it sends past W's claim)
    t.run()
    judge = t.s[y]
    assert v in judge.votes.get(x, {}) and w in judge.votes.get(v, {}), "the votes reached the third seat"
    assert judge.lone_votes() == [(w, v), (v, w)], "W's refusal is judged on W first, then as any vote"
    watch = AbsenceWatch(judge, 30.0, 30.0, "bot", now=0.0)
    others = {i for i in range(4) if i != y}
    tk = watch.tick(1.0, connected=others, last_rx={i: 1.0 for i in others}, linked=others)
    t.out(y, tk.out)
    t.run()
    assert v in judge.leaving, "the third seat did not take the liar, which counted answering W away, for leaving"
    assert w not in judge.leaving, "the third seat took W's refusal of a word about itself for a lone vote"
    assert not any(s.halted for s in t.s), [s.halted for s in t.s]

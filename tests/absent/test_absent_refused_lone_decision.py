"""A voter whose vote alone decided a seat (the other voters away) takes that seat's refusal of it, and the seat's
messages after it, straight (protocol/SPEC.md 11.9, *A refusal reaches its voter*; sim seed 109327).

Three sessions in memory.  Seat W is to move and holds its move (in seed 109327 it had crashed); V declares W absent,
then Y for not declaring W, and votes Y out: W, which the game waits on, is away for that vote, so V's vote alone
decides Y on V's peer, a decision that takes effect only when the game needs Y's messages.  Y was answering and
refuses the vote (its ``absent{V, owed: left}``).  Before the rule V dropped the refusal (``_frozen``: past the
decision's count, relayed copies too) and then Y's next messages: the decision, reopened once W came back, left V
without Y's reveal, and V declared answering Y for it and was voted out by the two others.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _sign, mover_held


def _decided_alone(game: str):
    """W holds its move; V declares W, then Y (for not declaring W), and votes Y out alone.  Returns the table and
    (V, W, Y)."""
    t, w, (v, y) = mover_held(game, n=3)
    s = t.s[v]
    turn = s.turn
    frames = _sign(t, v, Absent(w, turn, s.chain.next_seq(w), "move"),
                   Absent(y, turn, s.chain.next_seq(y), "declare"), Vote(y, "bot", s.chain.next_seq(y)))
    assert s.decided.get(y, (None, None, ()))[2] == (v,) and y not in s.gone, "V's vote did not decide Y alone"
    for p in frames:
        t.take(y, v, p)
    return t, (v, w, y)


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_decider_takes_the_refusal_and_what_follows(game):
    t, (v, w, y) = _decided_alone(game)
    s = t.s[v]
    have = s.chain.next_seq(y)
    assert s._frozen(y, have), "V takes Y's messages past its decision (the rule before this one)"
    turn = t.s[y].turn
    for p in _sign(t, y, Absent(v, turn, t.s[y].chain.next_seq(v), "left")):
        t.take(v, y, p)
    assert s.chain.next_seq(y) == have + 1, "Y's refusal of V's lone decision was dropped"
    assert not s._frozen(y, have + 1) and not s._frozen(y, have + 1, relayed=True), "V, refused, still shuts Y out"
    for p in _sign(t, y, Absent(w, turn, t.s[y].chain.next_seq(w), "move")):
        t.take(v, y, p)
    assert s.chain.next_seq(y) == have + 2, "Y's message after its refusal was not taken"


@pytest.mark.parametrize("game", KINDS)
def test_a_decision_on_more_than_one_word_stays_frozen(game):
    """Another seat's absent about W is no refusal: the lone decision still freezes Y's other messages."""
    t, (v, w, y) = _decided_alone(game)
    s = t.s[v]
    have = s.chain.next_seq(y)
    turn = t.s[y].turn
    for p in _sign(t, y, Absent(w, turn, t.s[y].chain.next_seq(w), "move")):
        t.take(v, y, p)
    assert s.chain.next_seq(y) == have, "V took a message of Y past its decision that is no refusal of it"

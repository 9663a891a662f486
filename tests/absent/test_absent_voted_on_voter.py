"""Two rules for votes from the other side of a partition (protocol/SPEC.md 11.9, *A vote after a vote on another
voter*, *A lone vote on a seat that answers*; sim seeds 97776, lie-away 1266).

* A voter V that voted on another voter A is still a voter on Y, and its vote on Y is waited for and counted.  Before
  (sim lie-away seed 1482), such a voter counted for nothing while two voters remained; but a peer that held its
  vote on A and not yet its vote on Y decided without it, while a peer that held both counted it (every held vote is
  a voter's): two counts of Y's messages, two takeover turns (sim seed 97776, two vote-present seats: p3's vote on p1
  reached p0 just before its vote on p2; p0 took p2 over at turn 7, p1 at turn 8, and the two honest seats voted each
  other out).  A voter that never votes is declared and voted out in turn (G7).
* A lone vote is judged only at the count it claims: Z, holding fewer of Y's messages than V's vote on Y counts, is
  behind V and can not tell that Y answers there (seed 1266: a cut-off seat's lone votes made the seat that
  held them judge the honest seat that voted it out leaving).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _sign, declare_and_vote, mover_held


def _apart(game: str):
    """Y held at its move, V cut off from W and Z.  Returns the table, (Y, V, W, Z), V's frames before Y's move
    reached it, and V's vote on Y (at one more of Y's messages)."""
    t, y, (v, w, z) = mover_held(game)
    s = t.s
    t.cut |= {frozenset((v, w)), frozenset((v, z))}
    turn = s[v].turn
    c, n0 = s[v].chain.next_seq(y), s[v].chain.next_seq(v)
    _sign(t, v, Absent(y, turn, c, "move"), Absent(w, turn, s[v].chain.next_seq(w), "declare"),
                   Vote(w, "bot", s[v].chain.next_seq(w)))
    t.only_to[y] = v
    t.out(y, s[y].submit(t.choose(y, s[y].state, s[y].turn)))
    t.dead.add(y)  # (its move reaches V, and then it is gone: nothing of V's reaches it)
    queued = list(t.queue)
    t.queue.clear()
    for to, frm, p in queued:
        t.take(to, frm, p)
    t.run()
    assert s[v].chain.next_seq(y) == c + 1, "Y's move did not reach V (the test's premise)"
    frames = [m.payload for m in s[v].chain.history(v)[n0:]]  # (its claims, then its reveal)
    vote = _sign(t, v, Vote(y, "bot", c + 1))
    return t, (y, v, w, z), frames, vote, c


@pytest.mark.parametrize("game", KINDS)
def test_a_voter_that_voted_on_another_voter_is_waited_for(game):
    """Y is to move and gone; V declares A absent and votes on it (a lie), then A and B declare Y and vote on it.  B
    does not decide Y until V's vote on Y is in, and then counts it (sim seed 97776)."""
    t, y, (a, b, v) = mover_held(game)
    s = t.s
    t.dead.add(y)
    declare_and_vote(t, v, a, "vote")  # (V's lie: A owes nothing)
    t.run()
    assert v in s[b].votes.get(a, {}), "V's vote on A reached B (the premise)"
    declare_and_vote(t, a, y, "move")
    declare_and_vote(t, b, y, "move")
    t.run()
    assert {a, b} <= set(s[b].votes.get(y, {})), "A's and B's votes on Y are in at B (the premise)"
    assert y not in s[b].decided and y not in s[b].gone, (
        f"B decided Y without V's vote, which may still come with a higher count: {s[b].decided}")
    assert v in s[b]._voters(y)
    declare_and_vote(t, v, y, "move")
    t.run()
    assert s[b].decided.get(y, (None, None, ()))[2] == tuple(sorted((a, b, v))), (
        f"V's vote on Y came: the vote is decided with it ({s[b].decided.get(y)})")


@pytest.mark.parametrize("game", KINDS)
def test_a_lone_vote_is_judged_only_at_the_count_it_claims(game):
    t, (y, v, w, z), frames, vote, c = _apart(game)
    s = t.s
    for p in frames + vote:
        t.take(z, v, p)
    assert s[z].chain.next_seq(y) == c < s[z].votes[y][v].have, "Z holds as much of Y as V's vote (the premise)"
    assert (y, v) not in s[z].lone_votes(), "Z, behind V, judged V's vote on Y lone"
    move = s[v].chain.history(y)[c].payload
    t.take(z, v, move)  # (the relay of what V's vote counts)
    assert s[z].chain.next_seq(y) == c + 1
    assert (y, v) in s[z].lone_votes(), "at V's count, V's vote on Y is lone at Z (the shell's clock judges it)"

"""Two rules for votes from the other side of a partition (protocol/SPEC.md 11.9, *A vote after a vote on another
voter*, *A lone vote on a seat that answers*; sim lie-away seeds 1482, 1266).

Four sessions in memory.  Seat Y is to move and holds its move.  Seat V is cut off from W and Z: it declares Y, then
W (``owed: declare``) and votes W out; Y's move then reaches V alone, and V votes on Y holding one more of Y's
messages than W and Z, which voted at the count they hold.

* A voter that voted on another voter first counts for nothing while two voters remain: W and Z decide Y at their
  count, whether V's vote came before their decision or after it.  Before, a peer that held V's vote waited for its
  count and took Y over a message later than a peer that had judged V leaving first (seed 1482: a desync).
* A lone vote is judged only at the count it claims: Z, holding fewer of Y's messages than V's vote on Y counts, is
  behind V and can not tell that Y answers there (seed 1266: a cut-off seat's lone votes made the seat that
  held them judge the honest seat that voted it out leaving).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _sign, mover_held


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
def test_a_vote_after_a_vote_on_another_voter_does_not_count(game):
    t, (y, v, w, z), frames, vote, c = _apart(game)
    s = t.s
    for i in (w, z):
        t.out(i, s[i].declare_absent(y))
    t.run()
    for i in (w, z):
        for p in frames:
            t.take(i, v, p)
    for i in (w, z):
        assert s[i].paused_on(y), f"seat {i} is not paused on Y (the test's premise)"
        t.out(i, s[i].cast_vote(y, "bot"))
    t.run()
    # (V counts for nothing from its vote on W on: Z need not wait for its vote on Y; it comes anyway)
    for p in vote:
        t.take(z, v, p)
    assert s[z].chain.next_seq(y) == c, "Z holds Y's move (the test's premise: nobody relayed it)"
    assert s[z].decided.get(y) == ("bot", c, (w, z)), (
        f"V's vote on Y, after its vote on voter W, counted: {s[z].decided.get(y)} (W decides at {s[w].decided.get(y)})")
    assert s[w].decided.get(y) == s[z].decided.get(y), "W and Z decided Y apart"


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

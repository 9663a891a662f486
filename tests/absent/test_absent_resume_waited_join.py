"""A resumed session joins no vote at once where its log holds another message of its own (protocol/SPEC.md 11.9,
*Coming back*; sim lie-away seed 107958).

A peer linked to nobody, or until a moment ago, joins no vote at once on a claim it signed meanwhile
(``verdicts._cut_join``): that mark (``cut_seq``) is its link clock's, and its log does not hold it.  Seed 107958: p2,
relinked after a partition, did not join p0's vote on the liar p1 at once, took p1's ``bye`` and voted on its own clock
with one more message of p1's.  It crashed; replaying its log, the resumed session, without the mark, joined p0's vote
at once with the lower count, signing a second vote with the seq of the logged one: it named itself for equivocation
and halted.  The log is the truth of what the peer signed (``Resume._logged_otherwise``).

Four sessions in memory: the game waits on the mover ``X``; ``P`` declares ``X`` for its move while cut off; ``V``
declares ``X`` and votes; ``P`` does not join, takes ``X``'s ``bye`` and votes on its clock; ``P`` resumes from its log.
"""

from __future__ import annotations

import pytest

from kit.sessions import session_from_log
from kit.table import KINDS, fixed
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.game_messages import Bye
from snowp2p.protocol.session import Output
from test_absent_lone_unseen import claim, held_mover


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_session_keeps_the_vote_its_log_holds_not_a_join_the_live_peer_waited_on(game):
    t, X, turn = held_mover(game, "resume waited join")
    P, V = [i for i in range(4) if i != X][:2]
    p = t.s[P]
    before = p.chain.next_seq(P)
    t.out(P, p.declare_absent(X, Owed("move", turn)))
    t.run()
    p.cut_seq = before  # (the watch's mark: its claim on X was signed while linked to nobody)
    claim(t, V, X, "move")
    assert V in p.votes.get(X, {}) and X not in p.my_votes, "the test's premise: P holds V's vote and did not join"
    o = Output()
    t.s[X]._emit(Bye("left"), o)
    t.out(X, o)
    t.run()
    for i in [i for i in range(4) if i not in (X, P)] + [P]:  # (each declares the seat that said bye: left)
        t.out(i, t.s[i].declare_absent(X))
        t.run()
    t.out(P, p.cast_vote(X, "bot"))  # (its clock's vote, at the count it holds now)
    t.run()
    assert X in p.my_votes and p.my_votes[X] > p.votes[X][V].have, "the test's premise: P voted with a higher count"
    assert not p.halted
    resumed, _ = session_from_log(t.records(P), None, P, t.ids[P], fixed(f"resume waited join secret {P}"))
    assert resumed.halted is None, resumed.halted
    assert resumed.my_votes.get(X) == p.my_votes[X], "the resumed session signed a vote its log does not hold"
    assert resumed.chain.next_seq(P) == p.chain.next_seq(P)

"""A peer linked to nobody, or until a moment ago, joins no other seat's vote at once (verdicts._cut_join; protocol/SPEC.md
11.9, *Cut off*), as its clock votes on no seat another voter voted on meanwhile (net/watch.py ``AbsenceWatch._cut_off``).

Sim lie-away seed 102956: p4, partitioned alone 2.8-10.8 s, had declared p2 (for a declaration on crashed p3).  The liar
p1 voted on p2 at 4.25, and p2 refused it at 4.5.  0.2 s after the heal, p1's old vote reached p4 before p2's refusal did,
and p4 joined it at once (``Session._join_votes``); p3, back from its crash, rejoined that decision of two and honest p2
was voted out.

A claim signed before the cut is joined as before (lie-away seed 36213: p3 held the liar leaving from before its cut).

Four sessions in memory: the game waits on the mover ``X``; ``P`` declares ``X`` for its move; then ``V`` declares ``X``
and votes on it.  ``P`` joins at once when linked (the rule's premise), or cut off after its claim, not when its claim
was signed while cut off; and the watch says from which of its messages on it is cut off, while linked to nobody and
for a second after.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from test_absent_lone_unseen import claim, held_mover


@pytest.mark.parametrize("cut", ["linked", "cut-before-claim", "claim-while-cut"])
@pytest.mark.parametrize("game", KINDS)
def test_a_cut_off_peer_joins_no_vote_at_once_on_its_own_claim(game, cut):
    t, X, turn = held_mover(game, "cut join")
    P, V = [i for i in range(4) if i != X][:2]
    p = t.s[P]
    before = p.chain.next_seq(P)
    t.out(P, p.declare_absent(X, Owed("move", turn)))
    t.run()
    # (the watch's mark: from which of P's own messages on it is linked to nobody, or was until a moment ago)
    p.cut_seq = {"linked": None, "cut-before-claim": p.chain.next_seq(P), "claim-while-cut": before}[cut]
    claim(t, V, X, "move")
    t.run()
    assert V in p.votes.get(X, {}), "the test's premise: P holds V's vote on X"
    if cut != "claim-while-cut":
        assert X in p.my_votes, "P joins V's vote at once on a claim it signed while linked"
        return
    assert X not in p.my_votes, "P joined at once, on a claim signed while cut off, a vote it could not check"
    assert X not in p.decided and X not in p.gone
    assert not any(s.halted for s in t.s), [s.halted for s in t.s]


@pytest.mark.parametrize("game", KINDS)
def test_the_watch_marks_when_this_peer_is_cut_off(game):
    t, X, _ = held_mover(game, "cut join watch")
    s = t.s[(X + 1) % 4]
    others = {i for i in range(4) if i != s.me}
    w = AbsenceWatch(s, 3.0, 4.0, "bot", 0.0)
    seen = {}
    for k in range(40):
        now = k * 0.25
        links = others if now < 2.0 or now >= 5.0 else set()  # (linked to nobody 2-5 s)
        w.tick(now, links, {i: now for i in links}, links)
        seen[now] = s.cut_seq
    assert seen[1.75] is None and seen[2.0] is not None and seen[4.75] == seen[2.0], seen
    assert seen[5.75] == seen[2.0] and seen[6.0] is None, "cut off until a second after the link came back"

"""A seat that has declared X absent does not join at once a vote, coming after that, whose claim says X failed to
declare this very seat: that vote counts away a seat that declared X itself, and its own clock judges it, not a claim
of its own about something else (protocol/SPEC.md 11.9, *Voting*, *A vote that counts this seat away*).  A seat that
declares X only after the vote came (back from a crash: sim seed 563) still joins it
(tests/absent/test_absent_voters_signed.py).

Sim lie-away seed 2321 (with the rule of seed 3345): p1, cut off alone by a partition, declared p3 absent and then
p0 for not declaring p3, and voted p0 out.  p3 held a claim of its own on p0 (a declaration it was owed on the
liar) and joined p1's vote at once when the partition healed: honest, answering p0 was voted out by two.  Now p3
does not join; p1's vote is lone on p3's clock and p1 is treated as leaving.

Here the mover V declares W absent, then X for not declaring W, and votes X out, while W holds a current claim on X
(its reveal): W does not join.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_unit import Table, claim


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_whose_claim_names_this_seat_is_not_joined_at_once(game):
    t = Table(game)
    t.start()
    t.hold_from = {i: 4 for i in range(3)}
    t.run()
    v = t.held_at[0]  # (the mover, holding its move)
    x, w = [i for i in range(3) if i != v]
    o = Output()
    claim(t, w, x, "reveal", o)  # w's own claim on x (current: x has sent nothing since)
    t.out(w, o)
    t.run()
    sw = t.s[w]
    assert sw._current(w, x), "the test's premise: w's claim on x holds"
    o = Output()  # v counts w away, then says x failed to declare w, and votes x out
    claim(t, v, w, "relay", o)
    claim(t, v, x, "declare", o)
    t.s[v]._emit(Vote(x, "bot", t.s[v].chain.next_seq(x)), o)
    t.out(v, o)
    t.run()
    assert v in sw.votes.get(x, {}) and w in sw.names.get((v, x), ()), "the test's premise: v's claim names w"
    assert x not in sw.my_votes, "w joined at once a vote that says x failed to declare w itself"

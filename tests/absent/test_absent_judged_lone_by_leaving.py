"""A leaving seat's verdict that this peer's vote was lone counts for nothing (protocol/SPEC.md 11.9, *A lone vote on a
seat that answers*; sim lie-away seed 90865).

A peer whose vote on X another seat judged lone (that seat's latest ``absent`` about this peer says ``left``) takes X's
messages straight again and draws with them (``_vote_judged_lone``, sim seed 10727).  But the liar of seed 90865, which
this peer already held leaving (it voted a present seat out), signed this peer ``left`` in turn, for this peer's vote on
it: this peer then took X's messages past its vote's count (relayed) and drew a turn with them while the vote on X was
still open; the vote then decided X at that lower count, and the peers that had not drawn it took X over a turn
earlier: a desync naming this honest peer.  A leaving seat's word decides nothing (G10), its verdicts included.

Four sessions in memory: Y is to move and gone; O declares Y and votes on it; O holds L leaving (it signed
``absent{L, left}``); L signs O ``left``.  O's vote on Y is not judged lone, and Y's messages past it stay frozen."""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent
from snowp2p.protocol.session import Output
from test_absent_contested import declare_and_vote, mover_held


@pytest.mark.parametrize("game", KINDS)
def test_a_leaving_seats_verdict_does_not_unfreeze_this_peers_vote(game):
    t, y, (o, liar, z) = mover_held(game)
    s = t.s
    t.dead.add(y)
    declare_and_vote(t, o, y, "move")
    t.run()
    t.out(o, s[o].leave_voter(liar))  # (O's clock: the liar voted against a present seat, say)
    t.run()
    assert o in s[o].votes.get(y, {}) and liar in s[o].leaving, "O voted on Y and holds the liar leaving (the premise)"
    out = Output()
    s[liar]._emit(Absent(o, s[liar].turn, s[liar].chain.next_seq(o), "left"), out)
    t.out(liar, out)
    t.run()
    assert s[o].absents.get(o, {}).get(liar) is not None and s[o].absents[o][liar].owed == "left", "the premise"
    assert not s[o]._vote_judged_lone(y), "the leaving liar's verdict made O's vote on Y judged lone"
    assert s[o]._frozen(y, s[o].votes[y][o].have), "O takes Y's messages past its open vote straight again"

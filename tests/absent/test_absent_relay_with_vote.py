"""A vote carries the relay its count makes its sender owe (issue 18; SPEC 11.9, *Owed relays*; sim lie-away seed
19958).

A seat passes on the absent seat's messages that another seat lacks when that seat's ``absent`` or ``vote`` arrives.
If it comes to hold them only later, its own ``vote`` on the absent seat, at the higher count, sets the count the
decision rests on, and the other seat decides only once it holds it; before this rule nothing sent them until the
other seat asked (``absent{owed: relay}``, an absence time later), and a partition in between left the two seats
deciding at different counts (seed 19958: p0 refused liar p2's vote and dropped p2's reveal #8 before p1's vote
counting it came; p1 had taken it after p0's ``absent{p2, left}`` reached it, so nothing relayed it; cut off, p0
decided p2 at its own count, drew turn 4 without that reveal and named honest p1 in a desync).  Now the vote goes out
with the relay behind it on the same link.  In memory, on one FIFO queue.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Vote
from snowp2p.protocol.session import Output
from test_absent_relay_answer import ABSENT, ASKER, HOLDER, stashed_holder


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_carries_the_relay_its_count_makes_its_sender_owe(game):
    t = stashed_holder(game)
    holder, asker = t.s[HOLDER], t.s[ASKER]
    lacks, holds = asker.chain.next_seq(ABSENT), holder.chain.next_seq(ABSENT)
    t.out(HOLDER, holder.declare_absent(ABSENT))  # its claim: a higher count than the asker holds (nothing relayed)
    t.run()
    assert asker.chain.next_seq(ABSENT) == lacks
    o = Output()
    holder._emit(Vote(ABSENT, "bot", holds), o)  # its vote at its count (as _vote signs it once paused)
    assert [to for to, _ in o.relay] == [ASKER] * (holds - lacks), "the vote carries what the asker lacks"
    t.out(HOLDER, o)
    t.run()
    assert asker.chain.next_seq(ABSENT) == holds, "the asker holds the vote's count"
    assert HOLDER not in asker.owed() or asker.owed()[HOLDER].what != "relay", "the holder owes it no relay"
    assert not any(s.halted for s in t.s[:2])

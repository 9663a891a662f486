"""A relay the asker dropped is sent again when it asks for it (issue 18; SPEC 11.9, *Owed relays*; sim seed 22350).

A seat passes on the absent seat's messages at most once per connection.  The asker may drop them all the same: a
relayed copy past a decision's count is not taken (``_frozen``), and the decision can then be reopened by a voter
that comes back (``_reopen_if_back``; seed 22350: p3 voted trickling p4 out at count 10 with p1 and p2 while p0,
crashed, owed its move; p0 came back and relayed p4's #10, which p3 dropped; p0's move reopened the decision, p0 voted
at count 11, p3's own vote froze p4's straight copies, and p0, having relayed them once, never sent #10 again, even
when p3 declared it absent for that relay: p3 waited for good, declared the others and was voted out as a liar).  Now
a seat declared absent for a relay answers with every message the asker's claims say it lacks, whatever it sent
before.  In memory, on one FIFO queue: the relay's frames are dropped on their way, as the asker's ``_frozen`` did.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_relay_answer import ask_for_relay
from test_absent_unit import Table

ABSENT, HOLDER, ASKER = 2, 0, 1


class Drop(Table):
    """The holder's relays of the absent seat's frames to the asker are lost while ``dropping``; the absent seat's
    own frames reach the holder only."""

    def __init__(self, game: str):
        super().__init__(game)
        self.dropping = False
        self.dropped = 0

    def deliver(self, to, frm, payload):
        if self.dropping and (to, frm) == (ASKER, HOLDER) and self.decoded(payload).sender == ABSENT:
            self.dropped += 1
            return
        super().deliver(to, frm, payload)


@pytest.mark.parametrize("game", KINDS)
def test_a_relay_the_asker_dropped_is_sent_again_when_it_asks(game):
    t = Drop(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 3 for s in t.s))
    t.only_to[ABSENT] = HOLDER  # the absent seat's last frames reach the holder only
    t.run()
    t.dead.add(ABSENT)
    holder, asker = t.s[HOLDER], t.s[ASKER]
    lacks = asker.chain.next_seq(ABSENT)
    assert holder.chain.next_seq(ABSENT) > lacks, "the holder holds more of the absent seat's messages"
    t.dropping = True
    t.out(ASKER, asker.declare_absent(ABSENT))
    t.run()  # the holder relays what the asker lacks at once: lost on its way
    t.dropping = False
    assert t.dropped, "the holder relayed"
    assert asker.chain.next_seq(ABSENT) == lacks
    ask_for_relay(t, lacks)  # (the relay it sent before was lost: it answers with it again)

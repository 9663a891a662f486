"""A relay owed but never sent (issue 18; SPEC 11.9, *Owed relays*; sim seed 5271).

A seat passes on the absent seat's messages that another voter lacks when that voter's ``absent`` arrives.  If it
comes to hold them only later, nothing sent them: the voter, whose count stays below the claim, declares the
holder absent for the relay it owes, and before this rule the holder answered nothing and was voted out for it
(or, as in seed 5271, the voters applied a turn with different messages).  Now a seat declared absent for a relay
answers with it.  In memory, on one FIFO queue.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_unit import Table

ABSENT, HOLDER, ASKER = 2, 0, 1


class Stash(Table):
    """The absent seat's frames to the holder are kept back while ``stashing``."""

    def __init__(self, game: str):
        super().__init__(game)
        self.stashing = False
        self.stash: list[tuple[int, int, bytes]] = []

    def deliver(self, to, frm, payload):
        if self.stashing and (to, frm) == (HOLDER, ABSENT):
            self.stash.append((to, frm, payload))
            return
        super().deliver(to, frm, payload)


def stashed_holder(game: str) -> Stash:
    """The absent seat's last frames reach the holder only, and only after the asker's absent about it: the holder
    holds more of its messages than the asker, and the relay that went out with the asker's absent missed them."""
    t = Stash(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 3 for s in t.s))
    t.only_to[ABSENT] = HOLDER
    t.stashing = True
    t.run()
    t.dead.add(ABSENT)
    assert t.stash, "the absent seat sent nothing more"
    holder, asker = t.s[HOLDER], t.s[ASKER]
    assert ABSENT in asker.waiting_on(), asker.waiting_on()
    t.out(ASKER, asker.declare_absent(ABSENT))
    t.run()  # the holder takes the asker's absent while it holds no more than the asker: nothing to relay yet
    t.stashing = False
    for to, frm, payload in t.stash:
        t.take(to, frm, payload)  # (the absent seat is gone now: its late frames still reach the holder)
    t.run()
    assert holder.chain.next_seq(ABSENT) > asker.chain.next_seq(ABSENT), "the holder came to hold more"
    return t


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_declared_absent_for_a_relay_answers_with_it(game):
    t = stashed_holder(game)
    ask_for_relay(t, t.s[ASKER].chain.next_seq(ABSENT))


def ask_for_relay(t: Table, lacks: int) -> None:
    """The holder claims the absent seat (a higher count than the asker's ``lacks``); nothing relays it so far, so
    the asker declares the holder absent for the relay it owes, and the holder answers with it."""
    holder, asker = t.s[HOLDER], t.s[ASKER]
    t.out(HOLDER, holder.declare_absent(ABSENT))  # its claim: a higher count than the asker holds
    t.run()
    assert asker.chain.next_seq(ABSENT) == lacks, "nothing relayed it so far"
    owed = asker.owed().get(HOLDER)
    assert owed is not None and owed.what == "relay", owed
    t.out(ASKER, asker.declare_absent(HOLDER, owed))  # what the asker's clock does past the absence time
    t.run()
    assert asker.chain.next_seq(ABSENT) == holder.chain.next_seq(ABSENT), "the holder answered with the relay"
    assert HOLDER not in asker.owed() or asker.owed()[HOLDER].what != "relay"
    assert not any(s.halted for s in t.s[:2])

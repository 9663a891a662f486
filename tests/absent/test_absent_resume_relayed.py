"""A peer resumed from its own log takes every record of it again, relayed copies too (protocol/SPEC.md 11.9:
after its own vote a peer takes nothing straight from the seat it voted on past its vote's count, but still takes
relayed copies until the decision; sim seed 3158).

Three sessions on the in-memory table, no clock.  Seat 1's frames to seat 0 are lost; seat 0 declares seat 1
absent and votes at once.  Seat 2 answers seat 0's absent with a relay of the messages of seat 1 that seat 0
lacks, past seat 0's vote's count: seat 0 takes them and logs them.  The log does not say which records came
relayed: before the fix, ``Session.from_log`` read them as straight from seat 1 and froze them, so the resumed
seat 0 held fewer of seat 1's messages than its own log (in the simulator it sat at turn 4, its log at turn 9,
and stopped on a desync naming nobody once back in the game).
"""

from __future__ import annotations

import pytest

from kit import table as kit
from kit.sessions import session_from_log
from kit.table import KINDS, fixed
from snowp2p.protocol.messages import Vote


class HoldTable(kit.Table):
    """The kit's table, where seat 1's frames to seat 0 are dropped while ``hold`` (a lossy link)."""

    def __init__(self, game: str):
        super().__init__(game, 3, "resume relayed", game_id=fixed(f"resume relayed {game}"))
        self.hold = False

    def deliver(self, to: int, frm: int, payload: bytes) -> None:
        if not (self.hold and (to, frm) == (0, 1)):
            super().deliver(to, frm, payload)


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_peer_takes_the_relayed_copies_its_log_holds(game):
    t = HoldTable(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.hold = True
    t.run()  # seat 0 misses seat 1's next messages
    s0 = t.s[0]
    held = s0.chain.next_seq(1)
    o = s0.declare_absent(1)  # seat 0's absent and, its clock run out, its vote at once (seat 2 does not vote)
    s0._emit(Vote(1, "bot", held), o)
    t.out(0, o)
    assert 1 in s0.my_votes and 1 not in s0.decided, "seat 0's vote on seat 1 is not an open vote of its own"
    t.run()  # seat 2 answers seat 0's absent: it relays seat 1's messages seat 0 lacks, past its vote's count
    assert s0.chain.next_seq(1) > held, f"seat 0 holds {s0.chain.next_seq(1)} of seat 1's messages (voted at {held})"
    resumed, missing = session_from_log(t.records(0), s0.track, 0, t.ids[0], fixed("resume relayed secret 0"))
    assert resumed.halted is None, resumed.halted
    assert resumed.chain.next_seq(1) == s0.chain.next_seq(1), \
        f"resumed seat 0 holds {resumed.chain.next_seq(1)} of seat 1's messages, its live session {s0.chain.next_seq(1)}"
    assert (resumed.turn, resumed.applied_turn) == (s0.turn, s0.applied_turn), \
        f"resumed at turn {resumed.turn} (applied {resumed.applied_turn}), live at {s0.turn} ({s0.applied_turn})"
    assert not missing, f"the resumed seat produced {len(missing)} frames its log does not hold"

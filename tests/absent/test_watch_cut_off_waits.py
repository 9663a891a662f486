"""A peer linked to nobody declares no seat absent on which it holds another voter's vote, and not for a second after
it is linked again (issue 18; SPEC 11.9, *Cut off*; net/watch.py ``AbsenceWatch._cut_off``; sim lie-away seed 78184).

In seed 78184 the liar p3 voted p1 out, and p0 and p1 treated p3 as leaving; p2, linked to nobody from 7.8 s, found
p0 and p1 late with their reveals at 9.75, declared both and at once joined the liar's vote, cast before the cut: p0
was counted away, p1's reveal was needed, so p2 took p1 over at once, and halted on a desync when the cut healed.  A
peer cut off from every other voter can not see what they sent since their votes; its word only completes votes it can
not check.  A seat no other voter has voted on yet it still declares: two seats that crash together leave the last one
alone, and its pause must end (G7; main sim seed 1332).

One watch on an in-memory table; the session's ``owed()``, ``_voters()`` and votes held are scripted, the links are
the test's.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import Vote
from test_absent_resumed_vote import held_from_turn_2
from test_watch_vote_clock import ABSENT_AFTER, declared_at

ABOUT, OTHER = 1, 2
RELINK = 6.0  # linked to nobody until then


def _declared_at(s, voters: list[int], held_vote: bool = True) -> float | None:
    """When a watch on ``s``, linked to nobody before RELINK, declares ``ABOUT`` (or None)."""
    real = s._voters, s.votes
    s._voters = lambda seat: voters if seat == ABOUT else real[0](seat)
    s.votes = {ABOUT: {OTHER: Vote(ABOUT, "bot", 0)}} if held_vote else {}  # (cast before the cut)
    try:
        return declared_at(s, lambda now: {ABOUT: Owed("reveal", s.turn)}, ABOUT, until=12.0,
                           links=lambda now: {ABOUT, OTHER} if now >= RELINK else set())[0]
    finally:
        s._voters, s.votes = real


@pytest.mark.parametrize("game", KINDS)
def test_a_cut_off_peer_declares_no_seat_another_voted_on(game):
    t = held_from_turn_2(game, "cut off waits")
    me = t.s[0].me
    at = _declared_at(t.s[0], [me, OTHER])
    assert at is not None, "the seat was never declared, even once linked again"
    assert at >= RELINK + 1.0, f"declared at {at}, while linked to nobody or just after (linked again at {RELINK})"
    assert at <= RELINK + 1.25, f"declared at {at}, long after the link came back"


@pytest.mark.parametrize("game", KINDS)
@pytest.mark.parametrize("other_voter", [False, True])
def test_a_cut_off_peer_still_declares_a_seat_nobody_else_voted_on(game, other_voter):
    t = held_from_turn_2(game, "cut off alone declares")
    me = t.s[0].me
    at = _declared_at(t.s[0], [me, OTHER] if other_voter else [me], held_vote=False)
    assert at == ABSENT_AFTER, f"the seat was declared at {at}, not at its limit ({ABSENT_AFTER})"

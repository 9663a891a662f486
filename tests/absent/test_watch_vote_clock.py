"""A voter's ``vote`` obligation keeps its clock across a brief window in which it is not owed (issue 18; SPEC 11.9,
*Clock*; net/watch.py ``AbsenceWatch._start``; sim seeds 413 and 12343).

A voter owes its vote from the pause on, but not while a claim beyond this peer's count holds every vote back
(``Session.owed``: 'blocked', sim seed 9499): that window lasts as long as the relay takes, a fraction of a second.
A clock that restarted whenever the obligation was missing at a tick restarted on the peers whose quarter-second tick
fell in the window and not on the others: in seed 413 (with 12343's rule) two voters declared the never-voting seat at
16.5, the third only at 20.75, and that honest third seat was declared for its declaration and voted out.  The same
``vote`` obligation seen again is the one not delivered (a vote is delivered once): its clock goes on, so every peer
declares the voter at the same point whatever its ticks saw.

Two peers of one in-memory table; their sessions' ``owed()`` is scripted (the seat owes its vote, except in a window
that holds a tick of the first watch and none of the second), and the watches are ticked by hand on a shared time.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch, limit
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import decode_signed
from test_absent_resumed_vote import held_from_turn_2

ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0
VOTER, ABOUT = 2, 1
GAP = (2.2, 2.3)  # the 'blocked' window: watch A ticks at 2.25 in it, watch B (2.1, 2.35) does not


def declared_at(s, owed, seat: int, start: float = 0.0, until: float = 30.0, links=lambda now: {0, 1, 2}):
    """Tick a watch on ``s`` every 0.25 s from ``start``, with ``s.owed()`` scripted as ``owed(now)`` and linked to
    ``links(now)``: when it first declares ``seat`` absent, and for what (``(None, None)``: never before ``until``)."""
    now = {"t": start}
    real = s.owed
    s.owed = lambda: owed(now["t"])
    try:
        w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", start)
        while now["t"] < until:
            up = links(now["t"])
            tk = w.tick(now["t"], connected=up, last_rx=dict.fromkeys(up, now["t"]), linked=up)
            for msg in map(decode_signed, tk.out.send):
                if msg.type == "absent" and msg.body.seat == seat:
                    return now["t"], msg.body.owed
            now["t"] += 0.25
    finally:
        s.owed = real
    return None, None


def _declared_at(s, start: float, gap: tuple[float, float]) -> float | None:
    """When a watch on ``s`` declares ``VOTER``, which owes its vote but for the window ``gap`` (or None)."""
    owes = Owed("vote", s.turn, ABOUT, s.chain.next_seq(ABOUT))
    at, owed = declared_at(s, lambda now: {} if gap[0] <= now < gap[1] else {VOTER: owes}, VOTER, start, until=20.0)
    assert owed in (None, "vote")
    return at


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_clock_does_not_restart_on_one_peer_alone(game):
    t = held_from_turn_2(game, "vote clock")
    lim = limit(Owed("vote", 0), 6.0, ABSENT_AFTER, VOTE_AFTER)
    a = _declared_at(t.s[0], 0.0, GAP)
    b = _declared_at(t.s[1], 0.1, GAP)
    assert a is not None and b is not None, "a watch never declared the voter that owed its vote"
    assert abs(a - b) <= 0.25, (
        f"peer A (a tick in the window) declared the voter at {a}, peer B (none) at {b}: its clock restarted")
    assert a < lim + 0.25 and b < lim + 0.35, "the clock did not run from the pause"


@pytest.mark.parametrize("game", KINDS)
def test_a_long_hold_leaves_the_voter_absent_after_to_vote(game):
    """A vote held back for longer than its limit: once owed again, the voter still has ``absent_after`` s."""
    t = held_from_turn_2(game, "vote clock long")
    at = _declared_at(t.s[0], 0.0, (1.0, 9.0))
    assert at is not None and at >= 9.0 + ABSENT_AFTER, f"declared at {at}, before absent_after had passed"

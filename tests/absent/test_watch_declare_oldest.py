"""A voter owing two declarations is held to the oldest (issue 18, G7; SPEC 11.9, *Clock*; net/watch.py
``AbsenceWatch._declare_since``; sim seed 90951).

``Session.owed`` names one obligation per seat, and for a voter's declarations the one about the lowest seat.  When
this peer declares a seat numbered lower than the one the voter already failed to declare, the named seat switches,
and the voter's clock and the pause on it started again from the switch: in seed 90951 never-declaring p3 owed its
declaration on leaving p2 from 9.5 s; p0 declared crashed p1 at 12.5, the named seat became p1, and p0's pause on p3
started again twice, so p3 was never voted out before the game ended with vote-present p2 still seated.  The older
declaration is still owed (not paid, this peer's own declaration still holds): the clock runs from it.

Four seats of one in-memory table; the session's view of who owes what is scripted (``owed()``, and the few reads of
``_declarations``: this peer's declarations hold, the voter's do not), and the watch is ticked by hand.
"""

from __future__ import annotations

import pytest

from kit import table as kit
from kit.table import fixed
from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import decode_signed

ABSENT_AFTER, VOTE_AFTER = 2.0, 4.0
ME, VOTER, FIRST, LOWER = 0, 3, 2, 1  # the voter owes its declaration on FIRST, then LOWER is declared here too
SWITCH = 1.0  # when this peer's own declaration on LOWER makes it the seat named


def _table(game: str, label: str) -> kit.Table:
    t = kit.Table(game, 4, label, game_id=fixed(f"{label} {game}"))
    t.start()
    return t


def _watch(s, until: float, owes_first_too: bool = True, switch: float = SWITCH):
    """Tick a watch on ``s`` every 0.25 s from 0 to ``until``: the voter owes its declaration on FIRST, and from
    ``switch`` on the one named is on LOWER (the one on FIRST still unpaid if ``owes_first_too``); every other voter
    declares the voter with this peer (paused on it once this peer declared it).  Returns when the watch first
    declared the voter absent and when it voted on it (None: never)."""
    now = {"t": 0.0}
    have = s.chain.next_seq(FIRST)
    at = voted = None

    def owed():
        about = FIRST if now["t"] < switch else LOWER
        return {VOTER: Owed("declare", s.turn, about, have)}

    s.owed = owed
    s.declared_here = lambda x: x in (FIRST, LOWER) and (owes_first_too or x == LOWER or now["t"] < switch)
    s._current = lambda w, x: False
    s._voters = lambda x: [i for i in range(4) if i != x]
    s.paused_on = lambda x: x == VOTER and at is not None
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0)
    while now["t"] <= until and voted is None:
        up = {1, 2, 3}
        tk = w.tick(now["t"], connected=up, last_rx=dict.fromkeys(up, now["t"]), linked=up)
        for msg in map(decode_signed, tk.out.send):
            if msg.type == "absent" and msg.body.seat == VOTER and at is None:
                at = now["t"]
                assert msg.body.owed == "declare"
            if msg.type == "vote" and msg.body.seat == VOTER:
                voted = now["t"]
        now["t"] += 0.25
    return at, voted


@pytest.mark.parametrize("game", KINDS)
def test_a_lower_seat_declared_later_does_not_restart_the_voters_clock(game):
    s = _table(game, "declare oldest").s[ME]
    at, _ = _watch(s, 6.0)
    assert at is not None, "the voter that owed its declaration was never declared absent"
    assert at < ABSENT_AFTER + 0.25, (
        f"declared at {at}: the clock restarted at {SWITCH} when the seat named switched, though the declaration "
        f"owed since 0 was still unpaid")


@pytest.mark.parametrize("game", KINDS)
def test_the_pause_on_the_voter_runs_on_across_the_switch(game):
    """The switch comes after this peer declared the voter: its vote comes ``vote_after`` after that declaration."""
    s = _table(game, "declare oldest pause").s[ME]
    at, voted = _watch(s, 12.0, switch=ABSENT_AFTER + 1.0)
    assert at is not None and at < ABSENT_AFTER + 0.25, f"declared at {at}"
    assert voted is not None and voted <= at + VOTE_AFTER + 0.25, (  # (paused from the tick after)
        f"declared at {at}, voted at {voted}: the pause started again when the seat named switched")


@pytest.mark.parametrize("game", KINDS)
def test_a_paid_first_declaration_leaves_the_clock_to_the_new_one(game):
    """Once the older declaration is no longer owed (this peer's own declaration of it lapsed), the voter's clock is
    the new one's: it is not held to a declaration it no longer owes (G7a)."""
    s = _table(game, "declare oldest paid").s[ME]
    at, _ = _watch(s, 6.0, owes_first_too=False)
    assert at is not None and at >= SWITCH + ABSENT_AFTER, f"declared at {at}, for a declaration no longer owed"

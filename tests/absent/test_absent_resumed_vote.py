"""A peer that resumed votes on nobody before it hears from the others, as it declares nobody (issue 18; SPEC 11.9,
*A peer that resumed*; net/watch.py ``AbsenceWatch._pause``; sim seed 10836).

Three sessions on the kit's in-memory table.  The mover's move reaches nobody (a partition: the two other seats are
cut off from it) and it declares one of them absent for its reveal; it is then the only voter on that seat (the game
waits on the third seat's reveal too), so the game is paused on it.  It crashes and resumes behind the same
partition.  Its clock must not vote on its absent from before the crash while it hears from nobody: in seed 10836 it
voted the seat out alone and took it over at once, the partition healed, the other two refused that lone vote, and
the resumed peer stopped on a desync that named an honest seat.  It waits, and stops without a result past the bound
(SPEC 11.12, *Coming back to nobody*).

No network and no clock: the watch is ticked by hand.
"""

from __future__ import annotations

import pytest

from kit import table as kit
from kit.table import KINDS, fixed
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import decode_signed

ABSENT_AFTER, VOTE_AFTER = 3.0, 4.0


def held_from_turn_2(game: str, label: str) -> kit.Table:
    """Three seats on the kit's table, played until the first seat to move from turn 2 on (``held_at``) holds its move."""
    t = kit.Table(game, 3, label, game_id=fixed(f"{label} {game}"))
    t.hold_from = dict.fromkeys(range(3), 2)
    t.start()
    t.run()
    assert t.held_at is not None, "the game ended before turn 2"
    return t


@pytest.mark.parametrize("game", KINDS)
def test_a_resumed_peer_that_hears_nobody_votes_on_nobody(game):
    t = held_from_turn_2(game, "resumed vote")
    m, turn = t.held_at
    x, y = [i for i in range(3) if i != m]
    t.dead |= {x, y}  # (the partition: what the mover sends reaches nobody, and nothing reaches it)
    s = t.s[m]
    t.out(m, s.submit(t.choose(m, s.state, turn)))
    t.run()
    assert {x, y} <= s.waiting_on(), s.waiting_on()
    t.out(m, s.declare_absent(x))
    t.run()
    assert s._voters(x) == [m] and s.paused_on(x), "the mover is the only voter on the seat it declared: paused"
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", 0.0, grace=1.0, resumed=True)
    now, votes, give_up = 0.0, [], None
    while now <= w.give_up_after + 2 and give_up is None:
        tk = w.tick(now, connected=set(), last_rx={}, linked=set())
        votes += [msg for msg in map(decode_signed, tk.out.send) if msg.type == "vote"]
        give_up = tk.give_up
        now += 0.25
    assert not votes, f"the resumed peer voted on seat {votes[0].body.seat} while it heard from nobody"
    assert x not in s.decided and not s.gone
    assert give_up, "it never gave up"

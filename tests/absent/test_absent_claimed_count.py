"""A voter's claim beyond what the others hold holds their votes back, and the claimer alone owes for it (issue 18;
SPEC 11.9, *Owed relays* and *Who owes a vote*; sim seed 9499).

Four sessions on the kit's in-memory table, no clock.  The mover (seat X) stops for good; a lying seat L declares
it absent and votes with a count of X's messages it does not hold (the "lies-count" strategy) and never relays them.
No honest seat can vote on X then (a vote carries the highest count a voter claims, which it must hold first): L
owes the relay, and no honest voter owes its vote.  Before the rule every honest seat owed every other one its vote
on X, each declared the others absent for it past the vote time, and (sim seed 9499) they voted each other out.
"""

from __future__ import annotations

import pytest

from kit import table as kit
from kit.table import KINDS, fixed
from snowp2p.protocol.events import Output
from snowp2p.protocol.messages import Absent, Vote


def _lie(t: kit.Table, liar: int, body) -> None:
    out = Output()
    t.s[liar]._emit(body, out)
    t.out(liar, out)
    t.run()


@pytest.mark.parametrize("game", KINDS)
def test_a_claimed_count_never_relayed_makes_no_honest_voter_owe_its_vote(game):
    t = kit.Table(game, 4, "claimed count", game_id=fixed(f"claimed count {game}"))
    t.hold_from = dict.fromkeys(range(4), 3)  # the first seat to move from turn 3 on does not: it stops there
    t.start()
    t.run()
    assert t.held_at is not None, "the game ended before turn 3"
    x = t.held_at[0]
    t.dead.add(x)
    liar = (x + 1) % 4
    a, b = [i for i in range(4) if i not in (x, liar)]
    sa, sb, sl = t.s[a], t.s[b], t.s[liar]
    for i in (a, b):
        assert x in t.s[i].waiting_on(), f"seat {i} does not wait on seat {x}: {t.s[i].waiting_on()}"
        t.out(i, t.s[i].declare_absent(x))
        t.run()
    lie = sl.chain.next_seq(x) + 5  # five messages of X that nobody ever signed
    _lie(t, liar, Absent(x, sl.turn, lie, "move"))
    _lie(t, liar, Vote(x, "bot", lie))
    t.dead.add(liar)  # (it never relays what it claimed)
    for i, s in ((a, sa), (b, sb)):
        assert s.paused_on(x), f"seat {i} is not paused on seat {x}"
        t.out(i, s.cast_vote(x, "bot"))
        t.run()
        assert x not in s.my_votes, f"seat {i} voted on seat {x} below the count claimed"
    for i, s, other in ((a, sa, b), (b, sb, a)):
        owed = s.owed()
        assert owed.get(liar) is not None and owed[liar].what == "relay", f"seat {i}: the liar owes {owed.get(liar)}"
        assert other not in owed, f"seat {i} holds honest seat {other} to {owed[other]} (a vote no seat can cast)"
    # the liar is declared for its relay and voted out; its claim then counts no more, and X is voted out
    for s_id in (a, b):
        t.out(s_id, t.s[s_id].declare_absent(liar, t.s[s_id].owed()[liar]))
        t.run()
    for s_id in (a, b):
        t.out(s_id, t.s[s_id].cast_vote(liar, "bot"))
        t.run()
    for s_id in (a, b):
        t.out(s_id, t.s[s_id].cast_vote(x, "bot"))
        t.run()
    for i, s in ((a, sa), (b, sb)):
        assert s.halted is None, f"seat {i} stopped: {s.halted}"
        assert not s.leaving, f"seat {i} takes a seat for leaving: {s.leaving}"
        assert s.done, f"seat {i} did not finish (gone {s.gone}, decided {s.decided})"
        assert x in s.gone, f"seat {i}: seat {x} is not voted out ({s.gone})"
    assert sa.gone == sb.gone and t.over[a] == t.over[b], "the honest seats finished different games"

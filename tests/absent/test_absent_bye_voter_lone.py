"""A lone vote on this very seat is judged even when its voter has said bye since (protocol/SPEC.md 11.9, *A lone
vote on a seat that answers*; G10).

Sim seed 35598 (5 seats, Snow Tails): p0, cut off alone by a partition, voted every other seat out, played the game
to its end alone and said ``bye{"game over"}``.  When the partition healed, p3 and p4 took p0's votes before its bye,
each refused the decision on itself and treated p0 as leaving; p1 took p0's bye before the decision on it could
complete, so p0 (a seat that said bye votes on nobody) was no voter and its vote on p1 was no lone vote there
either: p1 never treated p0 as leaving.  p3 and p4 then held p1 to its declaration on leaving p0, which p1 never
gave, and voted honest p1 out.  The seat a vote was on knows it was answering; a bye after the vote does not make
the vote any less against a present seat, so this seat judges it as any lone vote on itself, treats the voter as
leaving, and declares it (``absent{V, owed: left}``), as the seats that refused did.  The auditor of its log reads
that verdict from its signed absent (a seat that said bye and owes none of its own messages is declared ``left``
for nothing else).  In memory.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.game_messages import Bye
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output
from kit import table as kit
from kit.table import KINDS
from test_absent_counted_away import audit
from test_absent_lone_unseen import held_mover as _held_mover


def held_mover(game: str) -> tuple[kit.Table, int, int]:
    return _held_mover(game, "bye voter lone")


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_on_this_seat_whose_voter_said_bye_is_judged_lone(game):
    t, mover, turn = held_mover(game)
    voter = next(i for i in range(4) if i != mover)
    v = t.s[voter]
    have = v.chain.next_seq(mover)
    o = Output()
    v._emit(Absent(mover, v.turn, have, "move"), o)  # (the mover has its move time: it answers)
    v._emit(Vote(mover, "bot", have), o)
    v._emit(Bye("game over"), o)  # (its game over on its side: it voted every other seat out alone)
    t.out(voter, o)
    t.run()
    s = t.s[mover]
    assert voter in s.votes.get(mover, {}) and voter in s.byes and mover not in s.decided, "the premise"
    # before the rule: the voter said bye, so it was no voter and its vote was judged by nobody: []
    assert s.lone_votes() == [(mover, voter)], "the vote on this answering seat is not judged lone"
    t.out(mover, s.leave_voter(voter))
    t.run()
    assert voter in s.leaving, "the voter is not treated as leaving"
    assert any(a.owed == "left" for w, a in t.s[mover].absents.get(voter, {}).items() if w == mover)
    obs = audit(t, mover)
    assert voter in obs.leaving, "the auditor of this seat's log does not read its verdict"
    # a third seat does not judge it (the voter votes on nobody there, and the vote is not on it)
    third = next(i for i in range(4) if i not in (mover, voter))
    assert (mover, voter) not in t.s[third].lone_votes()

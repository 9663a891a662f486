"""A vote on this seat from every other seat that may vote is decided at once, though the game waits on their own
messages (protocol/SPEC.md 11.9, *A vote on this seat*; sim strategy "lie-away", seed 6746).

The voters on this log's owner leave out the seats the game waits on (away: two seats that crash together do not wait
for each other's votes).  When every other seat that may vote is such a seat and has voted on the owner, nobody is
awaited: the decision is taken on their votes there and then.  Before, it waited until a voter's next message made it
present, a message signed after its vote: on the voter's peer, deciding alone, the owner was taken over by then (seed
6746: p0 gone, p1 voted p2 out alone for a reveal a partition held back, played p2's seat with its cards opened and
moved; p2 took that move, which completed the decision, refused, applied the move and named honest p1 for a card not
in its hand).  Now the owner refuses at the vote, and takes nothing straight from the voter past it
(``refused_from``).  Two seats on the in-memory table (test_absent_refuse.VoteAtTurn: the voter votes at its own turn,
then moves).
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from test_absent_refuse import ATTACKER, VICTIM, VoteAtTurn
from test_absent_unit import replay_log


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_from_the_only_other_seat_is_decided_while_the_game_waits_on_its_move(game):
    t = VoteAtTurn(game, "bot")
    t.start()
    t.run()
    victim, attacker = t.s[VICTIM], t.s[ATTACKER]
    chain = attacker.chain.history(ATTACKER)
    vote = next(m.seq for m in chain if m.type == "vote")
    assert chain[vote + 1].type == "move", "the voter moves right after its vote"
    assert victim.halted is None, victim.halted
    assert victim.refused == {VICTIM: (ATTACKER,)} and ATTACKER in victim.leaving
    assert victim.refused_from[ATTACKER] == vote + 1, "the voter's move, signed after its vote, was taken straight"
    assert victim.gone[ATTACKER][:2] == ("bot", vote + 1), victim.gone
    assert victim.done and not victim.abandoned and sorted(victim.places()) == [0, 1]
    obs = replay_log(t)  # the auditor of the victim's log decides at the vote alike
    assert obs.gone == victim.gone and obs.places() == victim.places()

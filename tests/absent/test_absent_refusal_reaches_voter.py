"""A voter takes, straight from the seat it voted on, that seat's refusal of its vote (protocol/SPEC.md 11.9, *A
refusal reaches its voter*; sim seed 79138).

Four sessions in memory.  Seat Y is to move and holds its move (in seed 79138 it never declared a crashed seat).  V
declares Y absent and votes it out alone; from then on V takes nothing straight from Y past its vote's count
(``_frozen``: the count its vote carries is what it agreed to).  Y was answering and refuses the vote: its
``absent{V, owed: left}``.  Before the fix V dropped that refusal too, being one of Y's messages past its vote's
count, and nobody relayed it (every other seat, holding it, took V for leaving): V never learnt that its vote was
judged lone, declared a third seat for a declaration on Y that the third seat, holding the refusal, never owed,
voted it out alone, and that seat and Y voted honest V out: two results.  Now V takes Y's refusal of its vote (the
next message of Y's chain, and only that one), so it judges its own vote lone as the others do (``_vote_judged_lone``)
and takes Y straight again.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _sign, mover_held


def _voted_alone(game: str):
    """Y to move and holding its move; V declares Y absent and votes it out alone, and Y holds that vote."""
    t, y, seats = mover_held(game)
    s, v = t.s, seats[0]
    turn, have = s[v].turn, s[v].chain.next_seq(y)
    for p in _sign(t, v, Absent(y, turn, have, "move"), Vote(y, "bot", have)):
        t.take(y, v, p)
    return t, s, y, seats, turn, have


@pytest.mark.parametrize("game", KINDS)
def test_a_voter_takes_the_refusal_of_its_vote_straight(game):
    t, s, y, (v, w, z), turn, have = _voted_alone(game)
    assert s[v]._frozen(y, have), "V takes Y's messages past its vote straight (the rule before this one)"
    # Y was answering: it refuses V's vote, straight to V (and to W and Z, which then hold V leaving)
    refusal = _sign(t, y, Absent(v, turn, s[y].chain.next_seq(v), "left"))
    for p in refusal:
        t.take(v, y, p)
    assert s[v].chain.next_seq(y) == have + 1, "Y's refusal of V's vote was dropped: V never learns of it"
    assert s[v]._vote_judged_lone() and not s[v]._frozen(y, have + 1), "V, refused, still shuts Y out"
    back = _sign(t, y, Absent(z, turn, s[y].chain.next_seq(z), "relay"))
    for p in back:
        t.take(v, y, p)
    assert s[v].chain.next_seq(y) == have + 2, "Y's message after its refusal was not taken straight"


@pytest.mark.parametrize("game", KINDS)
def test_only_the_refusal_of_its_own_vote_passes_the_freeze(game):
    """Another of Y's messages past V's vote (here its absent on a third seat) is still not taken straight."""
    t, s, y, (v, w, z), turn, have = _voted_alone(game)
    other = _sign(t, y, Absent(w, turn, s[y].chain.next_seq(w), "left"))
    for p in other:
        t.take(v, y, p)
    assert s[v].chain.next_seq(y) == have, "V took a message of Y past its vote that is no refusal of its vote"

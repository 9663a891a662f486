"""What a voter whose vote the seat refused may claim on that seat, and who votes once this peer voted on a seat that
came back (protocol/SPEC.md 11.9, *A refusal reaches its voter*; sim seeds 12776, 93010).

Four sessions in memory.  The mover V holds its move and votes on Y for not declaring; Y was answering and refuses
(its ``absent{V, owed: left}``, which V takes straight: seed 79138's rule).  From then on Y takes V's own messages
only relayed or counted by another seat (``refused_from``): V's move reaches Y late, and V's clock on Y's reveal of
that move is no measure of Y.  Sim seed 12776: p1 declared p0 for that reveal; p2, which held p0's reveal, judged
p1's vote lone on that claim and with p0 voted honest p1 out.  V does not declare Y absent for its reveal of V's own
move while its vote on Y stands refused.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _sign, mover_held


def _refused_mover(game: str):
    """The mover V votes on Y (not its move's seat) and Y refuses; V then moves.  Returns the table, (V, Y, W, Z)."""
    t, v, (y, w, z) = mover_held(game)
    s = t.s[v]
    turn = s.turn
    have = s.chain.next_seq(y)
    for p in _sign(t, v, Absent(y, turn, have, "declare"), Vote(y, "bot", have)):
        t.take(y, v, p)
    for p in _sign(t, y, Absent(v, turn, t.s[y].chain.next_seq(v), "left")):
        t.take(v, y, p)
    assert s.chain.next_seq(y) == have + 1 and y in s.my_votes and y not in s.decided
    t.out(v, s.submit(t.choose(v, s.state, turn)))
    assert turn in s.moves and s.moves[turn].sender == v, "V did not move"
    return t, (v, y, w, z), turn


@pytest.mark.parametrize("game", KINDS)
def test_a_refused_voter_does_not_claim_the_reveal_of_its_own_move(game):
    t, (v, y, w, z), turn = _refused_mover(game)
    s = t.s[v]
    assert not s.declare_absent(y, Owed("reveal", turn)).send, "V declared Y for the reveal of V's own move"
    assert s.declare_absent(w, Owed("reveal", turn)).send, "V may still declare another seat for that reveal"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_this_peer_voted_on_is_away_for_other_votes_though_it_came_back(game):
    """Sim seed 93010: a decision on Z that counted W and Y away was reopened when they came back (``came_back``, as
    ``_reopen_if_back`` leaves it), and V then voted on W.  W sends V nothing straight past that vote's count, and its
    vote on Z may never come: it is away for the vote on Z, came back or not (p0 waited for ever on trickling p1,
    which never declared never-declaring p3, while p2 decided p1 without p3 and was voted out by p0 and p3).  Y, which
    V did not vote on, is a voter on Z again."""
    t, y, (v, w, z) = mover_held(game)
    s = t.s[v]
    turn = s.turn
    _sign(t, v, Absent(w, turn, s.chain.next_seq(w), "declare"), Vote(w, "bot", s.chain.next_seq(w)))
    assert w in s.my_votes and w not in s.decided
    s.came_back.setdefault(z, set()).update({w, y})
    voters = s._voters(z)
    assert y in voters, "a seat back since the decision on Z is a voter on Z again"
    assert w not in voters, "a seat this peer voted on counts as a voter on Z because it came back"

"""A vote that refuses a claim about the voter itself is one seat's word against another's (issue 18; G10; SPEC 11.9,
*A lone vote on a seat that answers*; main sim seed 190076).

Seed 190076 (4 seats, Snow Tails, count liar p0, relink-storming p1): p0 declared honest p3 absent for a declaration
at a count p3 never reached; p3 held p0 leaving for that claim (``absent{p0, left}``) and voted on it.  p2, which had
not judged p0's claim yet, took p3's vote for a lone vote on an answering seat and held p3 leaving; half a second
later it held p0 leaving too, and the two honest seats voted each other out.

A lone vote on ``X`` whose voter ``V`` holds ``X`` leaving for ``X``'s own claim on ``V`` (``V``'s verdict was signed
holding ``X``'s ``absent`` on ``V``) is ``V``'s refusal of ``X``'s word about ``V`` itself: ``lone_votes`` gives
the pair that judges ``X`` first (``X``'s word on ``V``), so this peer sides with ``V`` if ``V`` answers here, as for
a claim made with a vote (``verdicts._refused_away``).  In memory: the game waits on the mover; ``X`` declares ``V``
absent, ``V`` holds ``X`` leaving for it and votes, ``X`` sends more; ``P`` holds all of it.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.game_messages import Absent, Vote
from snowp2p.protocol.session import Output
from test_absent_lone_unseen import held_mover


def sign(t, seat: int, *bodies) -> None:
    s, o = t.s[seat], Output()
    for b in bodies:
        s._emit(b, o)
    t.out(seat, o)
    t.run()


@pytest.mark.parametrize("game", KINDS)
@pytest.mark.parametrize("verdict_holds_claim", [True, False])
def test_a_vote_refusing_a_claim_on_the_voter_judges_the_claimer_first(game, verdict_holds_claim):
    t, mover, _ = held_mover(game, "refused claim vote")
    X, V, P = [i for i in range(4) if i != mover]
    v = t.s[V]
    if not verdict_holds_claim:  # (the control: a verdict signed before the claim came judges no claim of X's on V)
        sign(t, V, Absent(X, v.turn, v.chain.next_seq(X), "left"), Vote(X, "bot", v.chain.next_seq(X)))
    x = t.s[X]
    sign(t, X, Absent(V, x.turn, x.chain.next_seq(V), "declare"))  # (X's word: V owes a declaration)
    if verdict_holds_claim:
        sign(t, V, Absent(X, v.turn, v.chain.next_seq(X), "left"), Vote(X, "bot", v.chain.next_seq(X)))
    sign(t, X, Absent(mover, x.turn, x.chain.next_seq(mover), "move"))  # (X sends more: it answers P)
    p = t.s[P]
    pairs = p.lone_votes()
    assert (X, V) in pairs, f"the test's premise: P holds V's vote on X as a lone vote ({pairs})"
    if verdict_holds_claim:
        assert (V, X) in pairs and pairs.index((V, X)) < pairs.index((X, V)), (
            f"V's refusal of X's claim on it is judged as a lone vote on X, not X's word on V first ({pairs})")
    else:
        assert (V, X) not in pairs

"""What an ``absent{X, owed: declare}`` claims is a function of its sender's signed messages, alike on every peer
(G7a: only what is owed counts; protocol/SPEC.md 11.9, *What a declaration claim names*; sim seeds 5114, 8568, 32541).

The wire's ``absent`` does not say which seat ``X`` owes a declaration on: the claim names the seats its sender
``V`` declared absent just before it, in ``V``'s chain (``Session.names``).  So:

* only ``X``'s ``absent`` or ``vote`` about a named seat pays it: its claim about another seat (a refusal's
  ``absent{V, left}``) does not (seed 8568);
* once no named seat is owed any more (it came back, or was decided), ``X`` owes nothing: the claim is stale on
  every peer, and nobody is paused on ``X`` or owes a declaration on it for it (seed 5114);
* a named seat on which ``X``'s own ``absent`` still holds is paid, however early ``X`` signed it (seed 32541);
* a lone vote on ``X`` for it is not judged as a vote on an answering seat by the named seat ``W`` when ``W``
  accepted that ``V`` counted it away (it was away) and ``X`` never declared ``W`` (seed 8568).

Three sessions on the in-memory table, no clock; seat 2 "crashes" (its frames, both ways, wait) and comes back.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.protocol.absence import Owed
from test_absent_voters_signed import HeldTable


def _declared_for_its_part(game: str, v: int = 0, x: int = 1) -> HeldTable:
    """Seat 2 crashes; seat ``v`` declares it absent, then declares seat ``x`` for the declaration on seat 2 that
    seat ``x`` never makes (``owed: declare``)."""
    t = HeldTable(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s))
    t.held.add(2)
    t.run()
    sv = t.s[v]
    assert 2 in sv.waiting_on(), f"seat {v} does not wait on seat 2: {sv.waiting_on()}"
    t.out(v, sv.declare_absent(2))
    t.run()
    owed = sv.owed().get(x)
    assert owed is not None and owed.what == "declare", f"seat {x} owes {owed}, not its declaration of seat 2"
    t.out(v, sv.declare_absent(x, owed))
    t.run()
    assert sv._current(v, x) and sv.paused_on(x)
    return t


@pytest.mark.parametrize("game", KINDS)
def test_only_a_declaration_on_the_named_seat_pays_a_declare_claim(game):
    t = _declared_for_its_part(game)
    s0, s1 = t.s[0], t.s[1]
    # seat 1 signs an absent about seat 0 (a claim no count refutes): not the declaration it owes (sim seed 8568,
    # where it was a refusal's absent{0, left})
    t.out(1, s1.declare_absent(0, Owed("relay", s1.turn)))
    t.run()
    assert s0.absent_seq.get((1, 0)) is not None, "seat 0 did not take seat 1's absent"
    assert s0._current(0, 1), "seat 1's absent about seat 0 paid its declaration on seat 2"
    assert s0.paused_on(1), "seat 0 is no longer paused on seat 1"
    # its declaration on seat 2 pays it, on every peer that holds it
    t.out(1, s1.declare_absent(2))
    t.run()
    assert not s0._current(0, 1) and not s1._current(0, 1), "seat 1's declaration on seat 2 did not pay it"


@pytest.mark.parametrize("game", KINDS)
def test_a_declare_claim_lapses_once_the_named_seat_is_back(game):
    t = _declared_for_its_part(game)
    s0 = t.s[0]
    t.release(2)  # seat 2 is back: its held frames arrive, in order; it owes nothing any more
    t.run()
    assert not s0._current(0, 2), "seat 0's absent on seat 2, which came back, still holds"
    for i in range(3):  # seat 1 never declared seat 2, and owes nothing: the claim is stale on every peer
        s = t.s[i]
        assert s.absent_seq.get((1, 2)) is None, "seat 1 declared seat 2 after all"
        assert not s._current(0, 1), f"seat {i} still holds seat 0's claim on seat 1 (seat 2 came back)"
        assert not s.paused_on(1), f"seat {i} is still paused on seat 1"
    assert all(o.what != "declare" or o.about != 1 for o in s0.owed().values()), f"owed {s0.owed()}"
    assert all(s.names[(0, 1)] == {2} for s in t.s), "the claim does not name seat 2 on every peer"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_was_away_does_not_judge_a_reopened_declare_vote_lone(game):
    """Seat 1 votes seat 0 out alone for its declaration on crashed seat 2 (seat 2 away by seat 1's signed absent).
    Seat 2 comes back, holds the decision counting it away, and its verdict is that it was away (it accepts); its
    own messages since then reopen the decision (it came back: ``_reopen_if_back``), and seat 1's vote is the only
    one on seat 0.  It is no vote on an answering seat: seat 0 owed that declaration and never gave it, so seat 2
    must not take seat 1 for leaving on its clock (sim seed 8568: it did, and the honest seat 1 was voted out)."""
    t = _declared_for_its_part(game, v=1, x=0)
    s1, s2 = t.s[1], t.s[2]
    t.out(1, s1.cast_vote(0, "bot"))
    t.run()
    assert 0 in s1.decided, "seat 1's lone vote on seat 0 was not decided on seat 1"
    t.release(2)
    t.run()
    assert s2.away_held == {0: 1}, f"seat 2 does not hold the decision that counts it away: {s2.away_held}"
    t.out(2, s2.settle_away(False))  # seat 2's clock: it was away
    t.run()
    assert 0 not in s2.decided and 2 in s2.came_back.get(0, set()), "the decision on seat 0 was not reopened"
    assert s2.lone_votes() == [], f"seat 2 would judge {s2.lone_votes()} as votes on an answering seat"
    assert (0, 1) in s2.away_accepted


@pytest.mark.parametrize("game", KINDS)
def test_a_declare_claim_is_paid_by_a_declaration_that_still_holds(game):
    """The claim names every seat its sender declared just before it, also one the seat had declared (and voted on)
    within the claim's count: that declaration still holds, and pays it.  Seats 2 and 3 crash; seats 0 and 1
    declare seat 2, seat 0 votes on it; seat 1 declares seat 3, then seat 0 for its declaration on seat 3 (the claim
    names seats 2 and 3); seat 0 declares seat 3.  The claim is then stale on every peer (sim seed 32541: it stayed
    current through seat 2, and honest p0 was voted out by two)."""
    from test_absent_came_back import HeldTable4

    t = HeldTable4(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= 2 for s in t.s) and t.s[0].state.public.current in (0, 1))
    t.held |= {2, 3}  # (both owe their reveal of the turn seat 0 or 1 moves in)
    t.run()
    s0, s1 = t.s[0], t.s[1]
    vote = s1._vote  # (seat 1 never votes on seat 2: the vote on it stays open, as never-voting p3's did)
    s1._vote = lambda seat, choice, out: None if seat == 2 else vote(seat, choice, out)
    for i in (0, 1):
        t.out(i, t.s[i].declare_absent(2))
        t.run()
    t.out(0, s0.cast_vote(2, "bot"))
    t.run()
    assert 0 in s1.votes.get(2, {}) and 2 not in s1.decided, "seat 0 did not vote on seat 2 (or it was decided)"
    t.out(1, s1.declare_absent(3))
    t.run()
    owed = s1.owed().get(0)
    assert owed is not None and (owed.what, owed.about) == ("declare", 3), f"seat 0 owes {owed}"
    t.out(1, s1.declare_absent(0, owed))
    t.run()
    assert all(s.names[(1, 0)] == {2, 3} for s in (s0, s1)), "the claim does not name seats 2 and 3"
    assert s0._current(1, 0) and s1._current(1, 0)
    t.out(0, s0.declare_absent(3))
    t.run()
    assert s0._current(0, 2) and s0.absent_seq[(0, 2)] < s0.absents[0][1].have, "seat 0's absent on seat 2 (premise)"
    assert 2 not in s0.decided and 2 not in s1.decided
    for s in (s0, s1):
        assert not s._current(1, 0), f"seat {s.me} still holds seat 1's claim on seat 0 (paid: seats 2 and 3 declared)"
        assert not s.paused_on(0)

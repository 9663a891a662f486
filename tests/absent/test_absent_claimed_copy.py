"""The messages of a voter whose vote this seat refused, that another seat's signed count covers (protocol/SPEC.md
11.9, *A vote on this seat*; sim strategy "lie-away", seed 131; sim seed 12776).

A seat that refuses a vote on itself stops taking its voter's messages straight from it past the count it held then
(``refused_from``), while relayed copies are still taken until the decision on the voter.  A straight copy of a game
message that another seat's signed ``absent`` or ``vote`` already counts is taken as its relay would be (seed 131:
p2's vote on the liar counted the liar's next reveal, p1 had dropped it, p2 crashed before relaying it, and p1 took
the liar over at a count earlier than p2's: a desync naming honest p2).  Not the voter's own ``absent`` or ``vote``:
those count this seat as the voter saw it, frozen off it by its own vote (seed 12776: p0 took refused p1's
``absent{p0, owed: reveal}`` that p2's vote on p1 counted, judged it a lie about itself and joined p2's vote: honest
p1 decided by two).  Three sessions on the in-memory table (test_absent_counted_away).
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import Absent, Bye
from snowp2p.protocol.session import Output
from kit.table import KINDS
from test_absent_counted_away import LIAR, W, X, LieAway, audit


def refused(game: str):
    """The lie-away attack, delivered: seat 2 refused the liar's vote on it.  Returns the table and the liar's
    messages from the first that seat 2 no longer takes straight from it (the liar signs a bye if it has signed none
    yet)."""
    t = LieAway(game)
    t.attack()
    liar = t.s[LIAR]
    s2 = t.s[X]
    assert LIAR in s2.refused_from and LIAR in s2.leaving, "seat 2 did not refuse the liar's vote"
    k = s2.refused_from[LIAR]
    assert s2.chain.next_seq(LIAR) == k
    if liar.chain.next_seq(LIAR) == k:  # (kept from the others: the test hands it on)
        liar._emit(Bye("left"), Output())
    return t, [m.payload for m in liar.chain.history(LIAR)[k:]]


def counted_by_seat_1(t, payloads):
    """Seat 1 takes the liar's messages and says so to seat 2: its absent on the liar at the higher count."""
    s1 = t.s[W]
    end = t.s[X].refused_from[LIAR] + len(payloads)
    for p in payloads:
        t.take(W, LIAR, p)
    assert s1.chain.next_seq(LIAR) == end
    claim = [p for p in s1.declare_absent(LIAR).send if t.decoded(p).type == "absent"]
    assert claim and t.decoded(claim[0]).body.have == end
    t.take(X, W, claim[0])


@pytest.mark.parametrize("game", KINDS)
def test_a_refused_voters_message_that_another_seat_counts_is_taken_straight(game):
    t, payloads = refused(game)
    payload = payloads[0]
    s2 = t.s[X]
    k = s2.refused_from[LIAR]
    if t.decoded(payload).type in ("absent", "vote"):
        pytest.skip("the liar's next message is an absent or vote here")
    assert s2.check(payload, LIAR) is None, "taken straight from the refused voter before any claim counts it"
    counted_by_seat_1(t, payloads[:1])
    t.take(X, LIAR, payload)  # the same message, straight from the liar (seat 1's relay of it may never come)
    assert s2.chain.next_seq(LIAR) == k + 1, "seat 2 dropped a message of the liar that seat 1's claim counts"
    assert s2.halted is None, s2.halted
    obs = audit(t, X)  # the auditor of seat 2's log takes it alike
    assert obs.chain.next_seq(LIAR) == k + 1


@pytest.mark.parametrize("game", KINDS)
def test_a_refused_voters_absent_or_vote_is_not_taken_straight_on_another_seats_count(game):
    """Its absent or vote counts seat 2 as the liar saw it (frozen off it by its own vote): taken straight, it would
    read as a false claim on seat 2 itself (sim seed 12776).  Only a relayed copy is taken; a game message at the same
    count is taken straight."""
    t, payloads = refused(game)
    s2 = t.s[X]
    k = s2.refused_from[LIAR]
    counted_by_seat_1(t, payloads[:1])
    for kind in ("absent", "vote"):
        assert s2._frozen(LIAR, k, kind=kind), f"seat 2 takes the refused voter's {kind} straight on seat 1's count"
        assert not s2._frozen(LIAR, k, relayed=True, kind=kind)
    assert not s2._frozen(LIAR, k, kind="reveal")



@pytest.mark.parametrize("game", KINDS)
def test_a_claimed_message_after_a_dropped_one_is_not_taken_straight(game):
    """Seat 2 dropped the refused voter's message ``k`` (its vote, say) straight: its message ``k + 1``, though another
    seat's count covers it, is not taken straight either: it would leave a gap in the voter's chain, which seat 2 reads
    as the voter's offence (sim seed 4592: p1 dropped refused p3's vote #12, took its reveal #13 on p0's count and
    halted naming honest p3).  Their relay brings both, in order."""
    t, payloads = refused(game)
    s1, s2 = t.s[W], t.s[X]
    k = s2.refused_from[LIAR]
    counted_by_seat_1(t, payloads[:1])
    o = Output()
    s1._emit(Absent(LIAR, s1.turn, k + 2, "relay"), o)  # (a count past k + 1: as p0's in seed 4592)
    t.take(X, W, [p for p in o.send if t.decoded(p).type == "absent"][0])
    assert s2.absents[LIAR][W].have == k + 2
    assert not s2._frozen(LIAR, k, kind="reveal"), "the next message, counted, is taken straight"
    assert s2._frozen(LIAR, k + 1, kind="reveal"), "a counted message past a gap is taken straight"
    assert not s2._frozen(LIAR, k + 1, relayed=True, kind="reveal")

"""A seat cut off from everyone, voted out for a message it could not yet owe, was not answering: it accepts a vote
on it that rests on one seat's word (protocol/SPEC.md 11.9, *A vote on this seat*; net/watch.py
``AbsenceWatch._voted_on_unseen``; sim seed 162819).

In seed 162819 p2 was partitioned alone for 7 s.  Meanwhile p0 moved: its move reached p1 only, and p1, its clock
running, declared p2 for its reveal of that turn and voted it out 4 s after its pause.  At the heal p2 held the
vote before the move; by its own state it owed nothing (it had not seen the move), so it took itself for answering,
refused the vote once the move came and held honest p1 leaving, and with the storming p0 voted p1 out.  A seat that
was linked to nobody for ``absent_after`` between the claim's count and the vote, and did not even owe the claimed
message when the vote came (it lacked what makes it owe it), can not say it answered: the voter's clock ran on an
obligation nobody could show it.  It accepts.  A seat linked all along still judges by its clock (the voter could have
passed it the move: SPEC 11.9 *Owed relays*), and so does a cut-off seat that had signed the message claimed, or owed
it already when the vote came (its messages were cut off, not missing: lie-away seeds 1271, 2853, 3689, which the
wider rule of accepting whenever the seat was cut off lately broke).

Three sessions on the in-memory table: seat Y is to move; seat X is linked to nobody for a while; Y's move reaches V
only; V signs ``absent{Y, relay}`` (Y is then away for the vote on X on every peer: *Who votes on a seat that failed its
part as a voter*), ``absent{X}`` for what X owes after the move, and ``vote{X}``; X holds them, the decision on it
rests on V's word, and its watch gives the verdict.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import Absent, Vote
from snowp2p.protocol.session import Output, VotedOut
from test_absent_contested import hold_the_mover
from test_absent_unit import Table
from test_watch_cut_off_accepts import accepts, judges, tick_apart

ABSENT_AFTER, VOTE_AFTER = 3.0, 4.0


class Cut(Table):
    """The absent test table; a decided vote on a seat is left to the test (``voted``)."""

    def __init__(self, game):
        super().__init__(game)
        self.voted: set[int] = set()

    def out(self, seat, out):
        self.voted |= {seat for ev in out.events if isinstance(ev, VotedOut) and ev.seat == seat}
        super().out(seat, Output(out.send, [ev for ev in out.events if not isinstance(ev, VotedOut)], out.relay))


def _voted(game: str, cut: bool):
    """Seat X's watch ticks 6 s, linked to nobody for the last 4 if ``cut``; Y moves, and the move reaches V only;
    V's claims and vote on X reach X.  Returns X's session, its watch and the time."""
    t = Cut(game)
    y, turn = hold_the_mover(t)
    x, v = [i for i in range(t.n) if i != y]
    s = t.s[x]
    w = AbsenceWatch(s, ABSENT_AFTER, VOTE_AFTER, "bot", now=0.0)
    now = tick_apart(w, (y, v), cut, lambda now, look: t.out(x, look().out))
    t.only_to[y] = v
    t.hold_from.clear()
    t.held_at = None
    sv = t.s[v]
    t.out(y, t.s[y].submit(t.choose(y, t.s[y].state, turn)))
    t.run()
    owed = sv.owed().get(x)
    assert owed is not None and owed.what in ("reveal", "ack"), f"seat {x} owes nothing after the move on V: {owed}"
    o = Output()
    sv._emit(Absent(y, sv.turn, sv.chain.next_seq(y), "relay"), o)
    sv._emit(Absent(x, owed.turn, sv.chain.next_seq(x), owed.what), o)
    sv._emit(Vote(x, "bot", sv.chain.next_seq(x)), o)
    t.out(v, o)
    t.run()
    now += 0.1
    t.out(x, w.tick(now, connected={v}, last_rx={v: now, y: 2.0}, linked={v}).out)
    assert x in t.voted and x in s.decided and s.owner_one_word(), (
        f"V's vote on seat {x} is not decided there on one word: {s.decided}, voters {s._voters(x)}")
    assert x not in s.owed(), f"seat {x} owes {s.owed().get(x)} though it lacks the move"
    return s, w, now


@pytest.mark.parametrize("cut", [True, False], ids=["cut-off", "linked"])
@pytest.mark.parametrize("game", KINDS)
def test_a_cut_off_seat_voted_on_for_a_message_it_could_not_owe_accepts(game, cut):
    """Cut off, it accepts; linked all along, it judges by its clock (V could have passed it the move)."""
    s, w, now = _voted(game, cut=cut)
    if cut:
        accepts(w, now, "a seat cut off and voted out for a message it could not yet owe took itself for answering")
    else:
        judges(w, now, "a seat linked all along took itself for away")

"""A seat voted out after it had finished (G11: a confirmed result is final; SPEC 11.9, *After the last turn*).

Seat 0 holds every message it needs and finishes the game, but its own last messages (its final
openings) never leave: its process was killed just then.  The others, who need them, declare it absent,
vote and finish.  The last turn was agreed by everyone before that (its acks went out), so the places
are final: their vote can put a computer player in the seat for the end (its final openings are then
not checked) but can not end the game with no places, even if they both ask for "end"; and seat 0,
when their messages reach it, keeps its own result: nothing rewrites a confirmed one.  The places, the
final state and the audit of seat 0's log agree with theirs.  (The fault injection's seed 19 first
showed the case; issue 18, case 1 showed that rewriting seat 0's result let a loser erase a game.)
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol.session import Output
from test_absent_unit import Table, replay_log
from kit.table import HIDDEN_KINDS

LATE = 0  # (seat 0: the table keeps its log, for the audit)


class LastWordsLost(Table):
    """From its final openings on, nothing seat 0 sends (its own frames, relays) reaches anyone: it was killed.
    It still gets what the others send, as it would once it resumes (in the same order)."""

    silent = False

    def out(self, seat, out):
        if seat == LATE and (self.silent or any(decode_signed(p).type == "final_open" for p in out.send)):
            self.silent = True
            for p in out.send:
                self.log.append(p)  # logged before it would have left (G7)
            out = Output([], out.events, [])
        super().out(seat, out)


@pytest.mark.parametrize("choice", ["bot", "end"])
@pytest.mark.parametrize("game", HIDDEN_KINDS)  # (final openings: the games with hidden decks)
def test_a_vote_after_the_last_turn_changes_no_places(game, choice):
    t = LastWordsLost(game)
    t.start()
    t.run()
    s0, s1, s2 = t.s
    assert s0.done and not s1.done and not s2.done, "seat 0 should have finished, the others wait on it"
    assert s1.waiting_on() == s2.waiting_on() == {LATE}
    assert s0.outcome() == ["played out"]
    places = s0.places()
    assert places
    for v in (1, 2):
        t.out(v, t.s[v].declare_absent(LATE))
    t.run()
    for v in (1, 2):
        t.out(v, t.s[v].cast_vote(LATE, choice))
    t.run()  # (their messages reach seat 0 too: it is back)
    assert s1.done and s2.done and s1.halted is None and s2.halted is None
    theirs = s1.outcome()
    assert theirs == s2.outcome() and "played by a computer" in theirs[1], theirs
    assert not s1.abandoned and not s2.abandoned, "G11: an end vote after the agreed last turn abandons nothing"
    # seat 0 keeps its confirmed result; the places and the final state agree everywhere
    assert s0.outcome() == ["played out"] and not s0.abandoned
    assert s0.places() == s1.places() == s2.places() == places
    assert s0.my_hash[s0.final_turn] == s1.my_hash[s1.final_turn]
    obs = replay_log(t)  # the auditor of seat 0's log derives the same
    assert obs.done and obs.outcome() == ["played out"] and obs.places() == places

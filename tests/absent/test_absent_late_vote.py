"""A seat voted out after it had finished (G7, G10; SPEC 11.9, *Late votes*).

Seat 0 holds every message it needs and finishes the game, but its own last messages (its final
openings) never leave: its process was killed just then.  The others, who need
them, declare it absent, vote a computer player into its seat and finish, their result saying so.  When
seat 0 comes back (here: their messages reach it), it must not keep a result of its own that
contradicts theirs: its result, and the audit of its log, say what theirs say.  (Found by the fault
injection, seed 19, once the acks rode on the next turn's messages: a two-player game whose joiner was
killed right at the end.)
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol.session import Output
from test_absent_unit import Table, replay_log

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
@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_a_seat_voted_out_after_it_finished_gives_the_others_result(game, choice):
    t = LastWordsLost(game)
    t.start()
    t.run()
    s0, s1, s2 = t.s
    assert s0.done and not s1.done and not s2.done, "seat 0 should have finished, the others wait on it"
    assert s1.waiting_on() == s2.waiting_on() == {LATE}
    assert s0.outcome() == ["played out"]
    for v in (1, 2):
        t.out(v, t.s[v].declare_absent(LATE))
    t.run()
    for v in (1, 2):
        t.out(v, t.s[v].cast_vote(LATE, choice))
    t.run()  # (their messages reach seat 0 too: it is back)
    assert s1.done and s2.done and s1.halted is None and s2.halted is None
    theirs = s1.outcome()
    assert theirs == s2.outcome() and theirs != ["played out"], theirs
    assert ("played by a computer" in theirs[-1]) == (choice == "bot")
    # seat 0, finished before the vote, now says what they say
    assert s0.outcome() == theirs and s0.places() == s1.places() == s2.places()
    assert s0.abandoned == (choice == "end") and (s0.places() == []) == (choice == "end")
    assert s0.my_hash[s0.final_turn] == s1.my_hash[s1.final_turn]
    obs = replay_log(t)  # the auditor of seat 0's log derives the same
    assert obs.done and obs.outcome() == theirs and obs.places() == s1.places()

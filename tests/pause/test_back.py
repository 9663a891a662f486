"""Issue 23 item 3 (a table that never leaves a player guessing): a returning player clears every "not
answering" line at once.  Real processes on loopback: j2 is killed (kill -9) past the absence time, so the
others pause on it; it resumes well before the vote (30 s).  Every other peer then says it is back, no vote
is cast, and the three finish alike with nobody blamed."""

from __future__ import annotations

import re

from kit.pause import END_DEADLINE


def test_a_returning_player_clears_the_pause_on_every_other_screen(table):
    t = table(3, opts=("--absent-after", "2", "--vote-after", "30"))
    t.seat_all()
    j2 = t.peers[2]
    t.wait_turn(t.host, 3)
    j2.kill9()
    for p in (t.host, t.peers[1]):
        t.wait_output(p, r"j2 \[[0-9a-f-]+\] is not answering: the game is paused", END_DEADLINE)
    t.resume(j2)
    for p in (t.host, t.peers[1]):
        t.wait_output(p, r"j2 \[[0-9a-f-]+\] is back: the game goes on", END_DEADLINE)
    t.honest_end([t.host, t.peers[1], j2])
    for p in (t.host, t.peers[1]):
        said = re.findall(r"j2 \[[0-9a-f-]+\] (is not answering|is back)", p.all_output())
        assert said and said[-1] == "is back", f"{p.name}'s last word on j2: {said}\n{p.describe()}"
        assert "voted out" not in p.all_output(), p.describe()

"""Issue 18 (G7, G11), fault injection seeds 3 and 23 made a case: two seats of three killed together (kill -9)
for longer than the absence and vote times.  The survivor votes both out on its own word and finishes the game
alone (with computer players in their seats), then leaves.  The two come back afterwards and can reach only
each other.  They must not vote the survivor out and finish a second game of their own (two results, each
clean in its own audit): while they were away it may have voted them out and finished, as it did.  A peer that
was away declares nobody absent on its own clock alone; each of the two stops without a result past the bound
(net/watch.py ``_unheard``; SPEC 11.12)."""

from __future__ import annotations

import re

from kit.peers import audit
from kit.pause import END_DEADLINE


def test_two_seats_back_after_the_survivor_finished_alone_stop_without_a_second_result(table):
    t = table(3)
    t.seat_all()
    h, j1, j2 = t.peers
    t.wait_turn(j1, 3)
    h.kill9()
    j2.kill9()
    assert j1.wait(END_DEADLINE, t.describe) == 0, t.describe()  # the survivor finished alone and left
    survivor = j1.meta()
    assert survivor["status"] == "finished" and survivor["places"], survivor
    assert any("rests on the word of seat 1 (j1) alone" in line for line in survivor["outcome"]), survivor
    t.resume(h)
    t.resume(j2)
    for p in (h, j2):
        rc = p.wait(END_DEADLINE * 2, t.describe)
        out = p.all_output()
        assert rc == 1 and "GAME STOPPED" in out, f"{p.name} (exit {rc}) did not stop\n{t.describe()}"
        assert p.meta()["status"] != "finished", f"{p.name} finished a second game: {p.meta()}\n{t.describe()}"
        back = out.split("Resuming")[-1]  # (what it said after it came back)
        assert not re.search(r"j1 \[[0-9a-f-]+\] was voted out", back), f"{p.name} voted the survivor out\n{back}"
        res = audit(p.log, debug=True)
        assert res.stdout.startswith("OK (no result)") or "not finished" in res.stdout, \
            f"{p.name}'s log: {res.stdout}{res.stderr}\n{t.describe()}"
        assert "cheating" not in res.stdout + res.stderr, res.stdout

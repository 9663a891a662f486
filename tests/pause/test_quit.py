"""A player who quits mid-game (issue 18, brief of branch s18c; p2p.md G10; SPEC 11.9 *Bye*): its client signs
``bye{"left"}``, its last message, and stops.  A bye is never a reason for the others to stop: the seat that said
it is leaving, the others vote it out at once, a computer player takes its seat on every peer, and their screens
and logs say that the player left.  Real peer processes on loopback; the quitter leaves at its own turn
(SNOWP2P_CHEAT=quit calls the same ``NetGame.leave`` as the table's confirmed ``quit``)."""

from __future__ import annotations

import re


def test_a_player_who_quits_is_named_as_having_left_and_the_others_finish(table):
    # (no --move-time: the quitter's seat must be taken at once on its bye, never after a move time or the
    # absence time; the default move time is 90 s, far past the deadline of honest_end)
    t = table(3, host_opts=())
    t.seat_all(cheats={2: "quit"})
    quitter = t.peers[2]
    assert quitter.wait(120, t.describe) == 0, quitter.describe()
    assert quitter.meta()["status"] == "left", quitter.meta()
    assert "You left the game" in quitter.stdout, quitter.describe()
    honest = [t.host, t.peers[1]]
    meta = t.honest_end(honest)
    # the quitter is named as having left, in the result and on the others' screens (their output)
    assert any(re.match(r"seat 2 \(j2\) played by a computer from turn \d+ .*\(it left the game\)", ln)
               for ln in meta["outcome"]), meta
    for p in honest:
        assert re.search(r"^j2 \[[0-9a-f-]+\] left the game: a computer player takes the seat", p.stdout, re.M), \
            p.describe()
        assert "GAME STOPPED" not in p.stdout, p.describe()
    # nothing was waited on for the quitter: no pause, no absence time spent on it
    assert not any(re.search(r"j2 \[[0-9a-f-]+\] is not answering", p.stdout) for p in honest), t.describe()

"""Issue 10 item 8 (end and resume are idempotent): `snowp2p resume` on any log ends within a bounded time
with one clear line.  Real processes, real kill -9.

* defect B: resuming a log that is already complete does not just exit: it links to the others for a
  bounded time (so anyone still waiting for its messages gets them), prints the result, exits 0;
* defect E: a peer voted out while it was dead, resumed after the voters have finished and left, stops
  (it was running forever) with no result of its own, and its log proves none;
* `resume` with nothing to resume exits 1, as docs/resilience.md says (it exited 2).
"""

from __future__ import annotations

import re
import subprocess

from kit.peers import PY, audit, host_argv, join_argv
from kit.resilience import Game

FAST = ("--absent-after", "1", "--vote-after", "1")


def _start(g: Game, n: int, kind: str = "snowtails"):
    h = g.peer("host")
    h.argv = host_argv(h.home, kind, n, bots=0, extra=(*FAST, "--think", "0.05"))
    h.start()
    h.wait_join_line()
    for i in range(1, n):
        j = g.peer(f"j{i}")
        j.argv = join_argv(j.home, f"{h.addr}:{h.port}", h.code, f"j{i}", (*FAST, "--think", "0.05"))
        j.start()
        g.wait_output(h, rf"lobby: j{i}\b")


def _resume(p, *extra):
    p.argv = ["resume", "--autoplay", "--home", str(p.home), *FAST, *extra]
    p.start()


def test_resume_of_a_finished_game_passes_on_and_exits_0(games):
    g = games(2, game="mush")
    _start(g, 2, "mush")
    assert all(rc == 0 for rc in g.wait_all().values()), g.describe()
    j = g.peers[1]
    game_id = j.meta()["game_id"]
    _resume(j, game_id[:12])
    assert j.wait(120) == 0, j.describe()
    out = j.stdout
    assert "This game is already over here: played out; passing on" in out, out
    assert "Result: played out" in out, out
    ok = audit(j.log)
    assert ok.returncode == 0 and ok.stdout.startswith("OK\n"), ok.stdout


def test_voted_out_peer_resumed_after_the_others_left_stops(games):
    g = games(3)
    _start(g, 3)
    victim = g.peers[2]
    g.wait_records(victim, 30)
    victim.kill9()
    for p in g.peers[:2]:
        assert p.wait(240) == 0, g.describe()  # they vote it out, a computer player plays it, they finish
        assert re.search(r"j2 \[[0-9a-f-]+\] was voted out at turn \d+", p.stdout), p.describe()
    _resume(victim)
    assert victim.wait(180) == 1, victim.describe()
    line = next(ln for ln in victim.stdout.splitlines() if "GAME STOPPED" in ln)
    assert "no other player has answered" in line or "voted this seat out" in line, line
    res = audit(victim.log)
    assert "not finished" in res.stdout or res.stdout.startswith("OK (no result)"), res.stdout
    assert "cheating" not in res.stdout


def test_resume_with_nothing_to_resume_exits_1(tmp_path):
    r = subprocess.run([PY, "-m", "snowp2p", "resume", "--autoplay", "--home", str(tmp_path / "nobody")], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    assert "no unfinished game to resume" in r.stderr + r.stdout
    assert "Traceback" not in r.stderr


def test_resume_after_playing_with_a_computer_played_seat(games):
    """Defect D: after a seat is voted out and played by the computer, a peer killed later resumes from its
    own log (was refused: "equivocation … (reveal and ack)": a reveal ahead of its move, and its own logged
    reveals not restored) and the game ends alike for everyone."""
    g = games(3, game="mush")
    _start(g, 3, "mush")
    gone, victim = g.peers[2], g.peers[1]
    g.wait_records(gone, 25)
    gone.kill9()  # for good: voted out, a computer player takes the seat
    g.wait_output(victim, r"j2 \[[0-9a-f-]+\] was voted out at turn \d+")
    g.wait_records(victim, len(victim.logged_records()) + 20)  # some computer-played turns later
    victim.kill9()
    _resume(victim, "--think", "0.05")
    for p in g.peers[:2]:
        assert p.wait(240) == 0, g.describe()
    assert "the log holds a violation" not in victim.all_output()
    metas = [p.meta() for p in g.peers[:2]]
    assert metas[0]["final_hash"] == metas[1]["final_hash"] and metas[0]["places"] == metas[1]["places"]
    assert metas[0]["outcome"] == metas[1]["outcome"] and "played by a computer" in metas[0]["outcome"][1]
    for p in g.peers[:2]:
        res = audit(p.log)
        assert res.returncode == 0 and res.stdout.startswith("OK\n"), res.stdout

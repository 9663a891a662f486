"""A crowd of 2,000 idle connections during a game: the host keeps playing (G9, guard.Gate).

Before the fix, 1,100 idle strangers' connections made a host exit with "Too many open files".  Here the
host runs with only 128 file descriptors (prlimit), and tests/resilience/idleflood.py opens 2,000
connections to its port from 20 loopback addresses, never sends a byte, and reopens whatever the host
closes.  The game must finish and audit clean; while the crowd is there the host's descriptors stay
within its cap on unauthenticated connections (plus a margin) and its memory grows by less than 64 MiB.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from kit.peers import PY, env, host_argv
from kit.resilience import assert_clean_finish

from snowp2p.net.guard import PENDING_TOTAL

FLOOD = Path(__file__).with_name("idleflood.py")


def fds(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


#: the computer players' think time, one game after another: a game that ended before the whole crowd was up (the
#: flood opens its 2,000 connections slowly on a loaded machine) is played again, slower
THINKS = (0.5, 2.0, 5.0)


def _play_in_a_crowd(games, tmp_path: Path, think: float, name: str):
    """One game of two, the host capped at 128 descriptors, with the crowd let loose once the race begins."""
    g = games(2, think=think, name=name)
    h = g.peer("host")
    h.argv = host_argv(h.home, g.kind, g.n, bots=0, extra=("--think", str(g.think)))
    h.wrapper = ["prlimit", "--nofile=128:128", "--"]
    h.start()
    h.wait_join_line()
    g.start_joiner("j1")
    g.wait_output(h, r"The race begins")
    pid = h.popen.pid
    time.sleep(1)
    base_fds, base_rss = fds(pid), rss_kib(pid)
    out_path = tmp_path / f"{name}.flood.out"
    with open(out_path, "wb") as out:
        flood = subprocess.Popen([PY, str(FLOOD), "--target", f"127.0.0.1:{h.port}", "--count", "2000",
                                  "--sources", "20"], stdout=out, stderr=subprocess.STDOUT, env=env())
    try:
        max_fds = max_rss = 0
        flood_up_while_playing = False
        while h.popen.poll() is None:
            max_fds, max_rss = max(max_fds, fds(pid)), max(max_rss, rss_kib(pid))
            if "flood up" in out_path.read_text():
                flood_up_while_playing = True
            assert flood.poll() is None, out_path.read_text()
            time.sleep(0.1)
        rcs = g.wait_all()
    finally:
        flood.kill()
        flood.wait(30)
    flood_out = out_path.read_text()
    ctx = (f"think {think}: fds: baseline {base_fds}, max {max_fds}; rss KiB: baseline {base_rss}, max {max_rss}\n"
           f"flood output (tail):\n{flood_out[-600:]}\n{g.describe()}")
    return g, flood_up_while_playing, rcs, (base_fds, max_fds, base_rss, max_rss), ctx


def test_a_crowd_of_idle_connections_during_a_game(games, tmp_path):
    for k, think in enumerate(THINKS):
        g, flood_up_while_playing, rcs, (base_fds, max_fds, base_rss, max_rss), ctx = _play_in_a_crowd(
            games, tmp_path, think, f"g{k}")
        if flood_up_while_playing:
            break
    assert flood_up_while_playing, f"every game ended before the crowd was there; make it slower\n{ctx}"
    assert all(rc == 0 for rc in rcs.values()), f"exit codes {rcs}\n{ctx}"
    for p in g.peers:
        assert "Too many open files" not in p.stderr + p.stdout and "Traceback" not in p.stderr, ctx
        assert "GAME STOPPED" not in p.stdout, ctx
    assert max_fds <= base_fds + PENDING_TOTAL + 16, ctx
    assert max_rss <= base_rss + 64 * 1024, ctx
    assert_clean_finish(g, ctx)

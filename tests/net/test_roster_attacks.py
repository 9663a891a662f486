"""Issue 10, the roster half: attacks 6-9 by real misbehaving processes, and what honest peers do.

* Attack 9 (welcome race): a code holder proves the code and resets the connection at once
  (tests/net/rawjoin.py, a real process: SO_LINGER 0).  The host must not build a roster with a
  seat nobody holds any more (or with one seat), nor crash: the seat is free again and the next
  joiner takes it.
* Attack 6 (the roster's track is opened as a local path): a real hostile host
  (SNOWP2P_CHEAT=roster-...) names its track after a FIFO, /dev/zero, /dev/stdin or a relative
  path, or sends a name where the track belongs; a joiner never opens anything (the track travels
  in the roster), and `audit` of a crafted log neither.
* Attack 7 (host-chosen rules never checked): deck_draw = "top", mm_deck = [], mm_die_by_order = []
  from a real hostile host: the joiner refuses with one line; `audit` of such a log says one line.
* Attack 8 (a forged game audits OK): tests/protocol/test_roster_signing.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from peerkit import PY, ROOT, assert_clean_game, audit, env, wait_until

RAWJOIN = Path(__file__).with_name("rawjoin.py")


def rawjoin(host, mode: str) -> subprocess.CompletedProcess:
    return subprocess.run([PY, str(RAWJOIN), host.addr, str(host.port), host.code, mode], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env=env())


# ------------------------------------------------------------------ attack 9
@pytest.mark.parametrize("mode", ["join", "welcome"])
def test_welcome_race_a_reset_joiner_frees_its_seat(peers, mode):
    """Two code holders reset the connection right after proving the code; then a real joiner comes.  The
    host neither crashes nor starts with a dead or missing seat: the real joiner gets seat 1, the game is
    played to the end by two seats and both logs audit clean."""
    host = peers.host(players=2, bots=0)
    for k in range(1, 3):
        r = rawjoin(host, mode)
        assert r.returncode == 0, r.stdout + r.stderr + host.describe()
        # the host gives the seat back (at once if the welcome could not be sent, else once it sees the reset)
        wait_until(lambda: len(re.findall(r"^lobby: (racer .* left before the game started; seat 1 is free again|"
                                          r"a joiner from .* was dropped)", host.stdout, re.M)) >= k,
                   "the host gave seat 1 back", [host])
    assert "All seats are taken" not in host.stdout
    joiner = peers.join(host, "j1")
    assert host.wait() == 0, peers.describe()
    assert joiner.wait() == 0, peers.describe()
    assert "Traceback" not in host.stderr + joiner.stderr
    meta = assert_clean_game({"host": host.game_dir(), "j1": joiner.game_dir()}, 2, peers.describe())
    assert [p["nick"] for p in meta["players"]] == ["host", "j1"]

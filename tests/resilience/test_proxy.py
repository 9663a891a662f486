"""Faults on the wire: a fault-injecting TCP proxy (proxy.py) between a joiner and the host.

The joiner j1 joins through the proxy, so its lobby connection (which the
game keeps as the host<->j1 link) runs through it; the other links of the
mesh go direct (the roster gives every peer's real address).  The proxy
delays and fragments the traffic, drops the connection, or cuts it in the
middle of a frame (either direction) after a seeded number of frames.  The
game must still finish with every log auditing clean, one final hash, and
no message lost or duplicated; after a drop or cut both ends notice (one
line each) and j1 redials the host directly.
"""

from __future__ import annotations

import random
import re
import subprocess
import time
import zlib
from pathlib import Path

import pytest

from kit.peers import PY, env
from kit.resilience import assert_clean_finish

PROXY = Path(__file__).with_name("proxy.py")


class Proxy:
    def __init__(self, dir: Path, target: str, mode: str, after: int = 30, delay: float = 0.02, seed: int = 0):
        dir.mkdir(parents=True, exist_ok=True)
        self.out_path = dir / f"proxy-{mode}.out"
        with open(self.out_path, "wb") as out:
            self.popen = subprocess.Popen([PY, str(PROXY), "--target", target, "--mode", mode, "--after", str(after),
                                           "--delay", str(delay), "--seed", str(seed)],
                                          stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env())
        deadline = time.monotonic() + 30
        while True:
            m = re.search(r"proxy listening on (\d+)", self.output)
            if m:
                self.port = int(m.group(1))
                return
            assert self.popen.poll() is None and time.monotonic() < deadline, f"the proxy did not start: {self.output}"
            time.sleep(0.05)

    @property
    def output(self) -> str:
        return self.out_path.read_text(errors="replace") if self.out_path.exists() else ""

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait(10)


@pytest.fixture
def proxies():
    made: list[Proxy] = []
    yield made
    for p in made:
        p.stop()


def play_through_proxy(games, proxies, tmp_path, mode: str, players: int, after: int):
    """A game of ``players`` in which j1 joins (and so links to the host) through a proxy in ``mode`` that acts
    after ``after`` frames; every peer must exit 0.  Returns (game, context for failures, the proxy's faults)."""
    g = games(players)
    host = g.start_host()
    proxy = Proxy(tmp_path / "proxy", f"127.0.0.1:{host.port}", mode, after=after, seed=after)
    proxies.append(proxy)
    for i in range(1, players):
        g.start_joiner(f"j{i}", address=f"127.0.0.1:{proxy.port}" if i == 1 else None)
        g.wait_output(host, rf"lobby: j{i}\b")
    rcs = g.wait_all()
    ctx = f"proxy mode {mode}, after {after} frames\nproxy output:\n{proxy.output}\n{g.describe()}"
    assert all(rc == 0 for rc in rcs.values()), f"exit codes {rcs}\n{ctx}"
    return g, ctx, re.findall(r"^fault: (.*)$", proxy.output, re.M)


@pytest.mark.parametrize("mode", ["delay", "drop", "cut-down", "cut-up"])
def test_faults_between_a_joiner_and_the_host(games, proxies, tmp_path, mode):
    # frames before the fault (lobby: 3 down; one message a seat a turn, protocol 5: ~35 in this race)
    after = random.Random(zlib.crc32(mode.encode())).randint(10, 28)
    g, ctx, faults = play_through_proxy(games, proxies, tmp_path, mode, 4, after)
    host, j1 = g.peers[0], g.peers[1]
    if mode == "delay":
        assert faults == [], ctx
        for p in g.peers:
            assert "lost the connection" not in p.stdout and "refused" not in p.stdout, f"{p.name}\n{ctx}"
    else:
        assert len(faults) == 1, f"expected one fault, got {faults}\n{ctx}"  # the redial goes direct
        # both ends of the broken link noticed, once (a cut mid-frame is a lost connection, not a bad frame)
        # the end that notices first redials; the other end may see the new link replace the broken one
        # before its own read fails (then it has nothing to report): at most once each, at least one
        lost = host.stdout.count("lost the connection to j1 ["), j1.stdout.count("lost the connection to host [")
        assert max(lost) == 1 and min(lost) <= 1, ctx
        for p in g.peers:
            assert "refused a frame" not in p.stdout, f"{p.name}\n{ctx}"
        for p in g.peers[2:]:  # the links that did not pass through the proxy were untouched
            assert "lost the connection" not in p.stdout, f"{p.name}\n{ctx}"
    for p in g.peers:
        assert "GAME STOPPED" not in p.stdout and "Traceback" not in p.stderr, f"{p.name}\n{ctx}"
    assert_clean_finish(g, ctx)

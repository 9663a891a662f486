"""Discovery under attack (issue 24 item 2), between network namespaces joined by a bridge (test_lan.Lan).

A fake announcer (tests/net/fakeannouncer.py) in its own namespace, started *before* the real host:
one announcement copying the real host's nickname and fingerprint (its lobby signs with another key)
and 80 more names whose lobby never answers.  Then:

* `find` lists the real game, marks the copy as FAKE (its host proves another key) and the real one as a
  duplicated fingerprint;
* two players run `join --code CODE` with no address: both join the real game (the flood did not hide
  it, the copy did not stop address-less joining); the game is played to the end and audits clean.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kit.peers import PY, ROOT, env, wait_until
from test_discovery import join_without_address_and_play, multicast_works

from snowp2p.net.lobby import JOIN_TRIES_AT_ONCE

FAKER = Path(__file__).with_name("fakeannouncer.py")


def test_a_fake_announcer_can_neither_deceive_nor_deny(lan, peers, tmp_path):
    lan.build(4)
    why = multicast_works(lan)
    if why:
        pytest.skip(why)
    host_home = peers.base / "host"
    ident = subprocess.run([PY, "-m", "snowp2p", "id", "--home", str(host_home), "--name", "host"],
                           capture_output=True, text=True, timeout=60, cwd=ROOT, env=env())
    fp = next(ln.split()[-1] for ln in ident.stdout.splitlines() if ln.startswith("fingerprint:"))

    out = tmp_path / "faker.out"
    with open(out, "w") as f:
        faker = subprocess.Popen(lan.wrap(1) + [sys.executable, str(FAKER), "--addr", lan.addr(1), "--nick", "host",
                                                "--fp", fp, "--flood", "80"], stdout=f, stderr=subprocess.PIPE,
                                 text=True, cwd=ROOT, env=env())
    try:
        wait_until(lambda: out.read_text().startswith("ready"), "the fake announcer is ready", [], timeout=120)
        fake_port = out.read_text().split()[1]
        host = peers.host(game="snowtails", players=3, bots=0, advertise=None, wrapper=lan.wrap(0), announce=True,
                          extra=("--wait", "180"))
        host.wait_for(r"^Announced on the LAN")

        found = subprocess.run(lan.wrap(2) + [PY, "-m", "snowp2p", "find", "--browse", "5"], capture_output=True,
                               text=True, timeout=300, cwd=ROOT, env=env())
        assert found.returncode == 0 and "Traceback" not in found.stderr, found.stderr
        lines = found.stdout.splitlines()
        real = [ln for ln in lines if f"at {lan.addr(0)}:{host.port}" in ln]
        copy = [ln for ln in lines if f"at {lan.addr(1)}:{fake_port}" in ln]
        assert len(real) == 1 and len(copy) == 1, found.stdout
        assert copy[0].startswith("FAKE: ") and f"[{fp}]" in copy[0], copy[0]
        assert not real[0].startswith("FAKE") and "DUPLICATE" in real[0], real[0]
        assert sum("flood" in ln for ln in lines) == 80, found.stdout  # every name is listed: none hides another

        silent_before = out.read_text().split().count("silent")  # (`find` checked each announcement: fine)
        _, meta = join_without_address_and_play(lan, peers, host, (2, 3), browse="5")
        assert meta["players"][0]["fingerprint"] == fp
        # the flood denies nothing: a joiner tries the announcements in discovery's order (the address with
        # the fewest first), so the real game is in its first slots and it stops trying once that proves the
        # code; at most the other attempts of that first batch are held by silent servers.  (It used to try
        # them in no set order and waited out up to 80 silent servers, 15 s each, 8 at a time: ~150 s.)
        held = [ln.split()[1] for ln in out.read_text().splitlines() if ln.startswith("silent ")][silent_before:]
        for i in (2, 3):
            assert held.count(lan.addr(i)) < JOIN_TRIES_AT_ONCE, (lan.addr(i), held.count(lan.addr(i)))
    finally:
        faker.kill()
        faker.wait()

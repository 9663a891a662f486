"""LAN discovery (DNS-SD over mDNS, zeroconf) between network namespaces joined by a bridge.

The network is test_lan.Lan's: namespaces made (and removed) by the test, with unique names, one veth
each on a bridge.  The host announces its lobby; `snowp2p find` in another namespace lists it (with no
join code in sight); two players run `snowp2p join --code CODE` with no address and play the game to
the end.  Multicast is tried first: where it does not cross the bridge the test is skipped, saying so.
No test sends anything to the real network: every other test's host runs with --no-announce.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from kit.peers import PY, ROOT, assert_clean_game, env

PROBE = r"""
import socket, struct, sys
grp, port = "224.0.0.251", 5399
if sys.argv[1] == "recv":
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("", port))
    s.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, struct.pack("4s4s", socket.inet_aton(grp), socket.inet_aton(sys.argv[2])))
    s.settimeout(20)
    print("ready", flush=True)
    print(s.recv(100).decode(), flush=True)
else:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(sys.argv[2]))
    for _ in range(20):
        s.sendto(b"hello", (grp, port))
        import time; time.sleep(0.2)
"""


def multicast_works(lan) -> str | None:
    """None if a multicast datagram crosses the bridge, else why not."""
    recv = subprocess.Popen(lan.wrap(1) + [sys.executable, "-c", PROBE, "recv", lan.addr(1)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        if recv.stdout.readline().strip() != "ready":
            return f"multicast receiver failed: {recv.stderr.read()}"
        subprocess.run(lan.wrap(0) + [sys.executable, "-c", PROBE, "send", lan.addr(0)], timeout=30,
                       capture_output=True)
        out, err = recv.communicate(timeout=30)
        return None if "hello" in out else f"no multicast across the bridge: {err.strip()}"
    except subprocess.TimeoutExpired:
        return "no multicast across the bridge (timed out)"
    finally:
        if recv.poll() is None:
            recv.kill()
            recv.wait()


def join_without_address_and_play(lan, peers, host, spaces, browse: str) -> tuple[list, dict]:
    """Players in namespaces ``spaces`` run `join --code` with no address; the game is played to the end,
    each joined the host's game (at its address and port) and every log audits clean.  (The joiners,
    the game's meta.json.)"""
    joiners = [peers.join(host, f"player{i}", address="", wrapper=lan.wrap(i), extra=("--browse", browse))
               for i in spaces]
    for p in (host, *joiners):
        assert p.wait() == 0, peers.describe()
    for j in joiners:
        assert f"joined Snow Tails at {lan.addr(0)}:{host.port} as seat" in j.stdout, j.stdout
    dirs = {host.name: host.game_dir(), **{j.name: j.game_dir() for j in joiners}}
    return joiners, assert_clean_game(dirs, len(spaces) + 1, peers.describe())


def test_join_without_an_address_finds_the_host_and_plays(lan, peers):
    lan.build(3)
    why = multicast_works(lan)
    if why:
        pytest.skip(why)
    host = peers.host(game="snowtails", players=3, bots=0, advertise=None, wrapper=lan.wrap(0), announce=True,
                      extra=("--wait", "120"))
    host.wait_for(r"^Announced on the LAN")

    found = subprocess.run(lan.wrap(1) + [PY, "-m", "snowp2p", "find", "--browse", "4"], capture_output=True,
                           text=True, timeout=120, cwd=ROOT, env=env())
    assert found.returncode == 0, found.stderr
    assert "host host [" in found.stdout and f"at {lan.addr(0)}:{host.port}" in found.stdout, found.stdout
    assert "1/3 seats taken" in found.stdout and "Snow Tails on first-race" in found.stdout, found.stdout
    assert host.code not in found.stdout  # the announcement never carries the code

    joiners, _ = join_without_address_and_play(lan, peers, host, (1, 2), browse="4")
    for j in joiners:
        assert f"the game announced at {lan.addr(0)}:{host.port} by host [" in j.stdout, j.stdout

    # the lobby is closed: nothing is announced any more
    after = subprocess.run(lan.wrap(1) + [PY, "-m", "snowp2p", "find", "--browse", "3"], capture_output=True,
                           text=True, timeout=120, cwd=ROOT, env=env())
    assert after.returncode == 0 and "no game found" in after.stdout, after.stdout


def test_join_without_an_address_and_no_game_says_so(lan, peers):
    lan.build(1)
    res = subprocess.run(lan.wrap(0) + [PY, "-m", "snowp2p", "join", "--code", "4-husky-tundra", "--autoplay",
                                        "--browse", "2", "--home", str(peers.base / "lonely")],
                         capture_output=True, text=True, timeout=120, cwd=ROOT, env=env())
    assert res.returncode == 1, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "no game found on the LAN" in lines[0] and "Traceback" not in res.stderr


def test_with_two_games_join_without_an_address_joins_the_one_that_proves_the_code(lan, peers):
    """Issue 24: the code says which game; no need to give the address (nor a terminal to ask on)."""
    lan.build(3)
    why = multicast_works(lan)
    if why:
        pytest.skip(why)
    hosts = [peers.host(game=g, players=2, bots=0, name=f"host{i}", advertise=None, wrapper=lan.wrap(i),
                        announce=True, extra=("--wait", "120")) for i, g in ((0, "snowtails"), (1, "mush"))]
    for h in hosts:
        h.wait_for(r"^Announced on the LAN")
    player = peers.join(hosts[1], "player", address="", wrapper=lan.wrap(2), extra=("--browse", "4"))
    for p in (hosts[1], player):
        assert p.wait() == 0, peers.describe()
    assert "Trying the join code with 2 announced game(s)" in player.stdout, player.stdout
    assert f"joined Mush! Mush! at {lan.addr(1)}:{hosts[1].port}" in player.stdout, player.stdout
    assert hosts[0].alive and "joined" not in hosts[0].stdout  # the other host saw one wrong code at most
    assert_clean_game({h.name: h.game_dir() for h in (hosts[1], player)}, 2, peers.describe())

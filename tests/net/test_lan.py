"""A LAN for real: every peer in its own network namespace, joined by a bridge.

The test builds the network itself: namespace "sw" holds a bridge; each peer
namespace has one veth interface on it with one address in 10.213.7.0/24
(the host 10.213.7.1, joiners .2, .3, ...).  No peer can use loopback to reach
another, so the roster's addresses, the mesh and the lobby all have to work
across the "wire".  Needs root and `ip netns`; skipped (with the reason) where
namespaces can not be made.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys

import pytest

from kit.peers import assert_clean_game, read_meta
from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import decode_signed

SUBNET = "10.213.7"


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    res = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if check and res.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {res.stderr.strip()}")
    return res


class Lan:
    def __init__(self, peers):
        self.peers = peers
        self.tag = f"sp2p{os.getpid() % 100000}{secrets.token_hex(2)}"
        self.switch = f"{self.tag}-sw"
        self.spaces: list[str] = []
        self.made: list[str] = []

    def add_namespace(self, name: str) -> None:
        _ip("netns", "add", name)
        self.made.append(name)

    def build(self, n: int) -> None:
        """n peer namespaces (index 0 is the host's), each with eth0 = 10.213.7.(i+1)/24 on one bridge."""
        self.add_namespace(self.switch)
        _ip("-n", self.switch, "link", "add", "br0", "type", "bridge")
        _ip("-n", self.switch, "link", "set", "br0", "up")
        for i in range(n):
            ns = f"{self.tag}-p{i}"
            self.add_namespace(ns)
            self.spaces.append(ns)
            _ip("-n", self.switch, "link", "add", f"port{i}", "type", "veth", "peer", "name", "eth0", "netns", ns)
            _ip("-n", self.switch, "link", "set", f"port{i}", "master", "br0")
            _ip("-n", self.switch, "link", "set", f"port{i}", "up")
            _ip("-n", ns, "addr", "add", f"{SUBNET}.{i + 1}/24", "dev", "eth0")
            _ip("-n", ns, "link", "set", "eth0", "up")
            _ip("-n", ns, "link", "set", "lo", "up")  # the host's own computer players join it on 127.0.0.1

    def addr(self, i: int) -> str:
        return f"{SUBNET}.{i + 1}"

    def wrap(self, i: int) -> list[str]:
        return ["ip", "netns", "exec", self.spaces[i]]

    def teardown(self) -> None:
        self.peers.cleanup()  # the processes first, then their network
        for ns in reversed(self.made):
            _ip("netns", "delete", ns, check=False)


@pytest.fixture
def lan(peers):
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root")
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command (iproute2)")
    probe = f"sp2p-probe-{os.getpid()}-{secrets.token_hex(2)}"
    res = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, timeout=30)
    if res.returncode != 0:
        pytest.skip(f"`ip netns add` does not work here: {res.stderr.strip()}")
    subprocess.run(["ip", "netns", "delete", probe], capture_output=True, timeout=30)
    net = Lan(peers)
    try:
        yield net
    finally:
        net.teardown()
        left = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
        assert net.tag not in left, f"namespaces left behind: {left}"


def test_the_lan_is_isolated(lan):
    """Sanity of the test network itself: one address per namespace, reachable over the bridge."""
    lan.build(2)
    out = subprocess.run(lan.wrap(1) + ["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    assert f"{lan.addr(1)}/24" in out and f"{lan.addr(0)}/" not in out
    server = subprocess.Popen(lan.wrap(0) + [sys.executable, "-c", (
        "import socket; s = socket.create_server(('%s', 0)); print(s.getsockname()[1], flush=True); "
        "c, a = s.accept(); c.sendall(a[0].encode())") % lan.addr(0)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        client = subprocess.run(lan.wrap(1) + [sys.executable, "-c", (
            "import socket; c = socket.create_connection(('%s', %d), timeout=20); print(c.recv(100).decode())")
            % (lan.addr(0), port)], capture_output=True, text=True, timeout=60)
        assert client.returncode == 0, client.stderr
        assert client.stdout.strip() == lan.addr(1)  # the server saw the client's LAN address
    finally:
        server.kill()
        server.wait()


def test_a_game_across_namespaces(lan, peers):
    """Host in one namespace, two people in two others, each typing the printed join command."""
    lan.build(3)
    # no --advertise: the host must find and print its LAN address itself
    host = peers.host(game="snowtails", players=3, bots=0, advertise=None, wrapper=lan.wrap(0))
    assert host.addr == lan.addr(0), host.stdout
    joiners = [peers.join(host, f"player{i}", wrapper=lan.wrap(i)) for i in (1, 2)]
    for p in (host, *joiners):
        assert p.wait() == 0, peers.describe()
    dirs = {host.name: host.game_dir(), **{j.name: j.game_dir() for j in joiners}}
    assert_clean_game(dirs, 3, peers.describe())
    assert f"joined from {lan.addr(1)}" in host.stdout and f"joined from {lan.addr(2)}" in host.stdout
    for j in joiners:
        assert f"at {lan.addr(0)}:{host.port}" in j.stdout
    for p in (host, *joiners):
        assert "not answering" not in p.stdout and "lost the connection" not in p.stdout, p.stdout
    with open(host.log, "rb") as f:
        roster = decode_signed(read_log(f).records[0]).body
    assert {s.nick: s.addr for s in roster.seats} == {"host": lan.addr(0), "player1": lan.addr(1),
                                                      "player2": lan.addr(2)}


def test_a_game_across_namespaces_with_the_hosts_computer_players(lan, peers):
    """Mush! Mush! for 4: the host's computer players (on the host's machine, joined over loopback) and
    people in two other namespaces must all reach each other."""
    lan.build(3)
    host = peers.host(game="mush", players=4, bots=1, advertise=None, wrapper=lan.wrap(0))
    host.wait_for(r"lobby: bot1 ")  # the computer player takes a seat before the people
    joiners = [peers.join(host, f"player{i}", wrapper=lan.wrap(i)) for i in (1, 2)]
    for p in (host, *joiners):
        assert p.wait() == 0, peers.describe()
    dirs = host.peer_game_dirs()
    dirs.update({j.name: j.game_dir() for j in joiners})
    assert_clean_game(dirs, 4, peers.describe())
    assert read_meta(host.game_dir())["players"][1]["nick"] == "bot1"
    # everyone reached everyone: nobody was waited for, declared absent or replaced
    for p in (host, *joiners):
        assert "not answering" not in p.stdout and "voted out" not in p.stdout, p.stdout
    # the signed roster gives addresses that work from the other machines: the host's computer player
    # (which joined over loopback) is on the host's machine, so at the host's LAN address
    with open(host.log, "rb") as f:
        roster = decode_signed(read_log(f).records[0]).body
    assert {s.nick: s.addr for s in roster.seats} == {"host": lan.addr(0), "bot1": lan.addr(0),
                                                      "player1": lan.addr(1), "player2": lan.addr(2)}

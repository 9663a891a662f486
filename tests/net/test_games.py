"""Whole networked games: 2, 5 and 8 peers as separate processes over real TCP, computer players.

The host spawns its computer players as their own `snowp2p join` processes;
every peer keeps its own signed log.  A game is right when every peer
finished, every peer's log audits clean on its own, all peers signed the
same final state hash and agree on the places.
"""

from __future__ import annotations

import re

import pytest

from kit.peers import assert_clean_game

GAME_OVER = re.compile(r"^The (race|game) is over \(", re.M)


@pytest.mark.parametrize("game,players", [
    ("snowtails", 2),
    ("snowtails", 5),
    ("mush", 2),
    ("mush", 5),
    ("mush", 8),
])
def test_whole_game_between_processes(peers, game, players):
    host = peers.host(game=game, players=players, bots=players - 1)
    rc = host.wait()
    assert rc == 0, peers.describe()
    assert host.stderr.strip() == "", host.stderr  # no errors, no warnings
    assert GAME_OVER.search(host.stdout), host.stdout
    dirs = host.peer_game_dirs()
    for bh in host.bot_homes():
        errors = (bh / "errors.log").read_text()
        assert "Traceback" not in errors and "snowp2p:" not in errors, f"{bh.name}: {errors}"
    meta = assert_clean_game(dirs, players, peers.describe())
    assert meta["game"] == game
    # every peer has a distinct identity, and the roster shows them all
    fps = [p["fingerprint"] for p in meta["players"]]
    assert len(set(fps)) == players


def test_host_output_and_people_joining(peers):
    """A host waiting for people: two people join with the printed command, the free seat gets a computer
    player after --wait, and the host's transcript shows the lobby, the roster and the final places."""
    host = peers.host(game="snowtails", players=4, extra=("--wait", "6"))
    a = peers.join(host, "alice")
    b = peers.join(host, "bob")
    for p in (a, b, host):
        assert p.wait() == 0, peers.describe()
    out = host.stdout
    assert "lobby: alice" in out and "lobby: bob" in out
    assert "Starting 1 computer player(s)" in out
    assert "All seats are taken:" in out and "(you)" in out
    assert GAME_OVER.search(out)
    # the audit command is printed so that it works as typed (the program's real path when not on PATH)
    import shlex
    import subprocess

    audit = re.search(r"^Audit it with: (.+)$", out, re.M).group(1)
    done = subprocess.run(shlex.split(audit), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("OK"), done.stdout + done.stderr
    for p in (a, b):
        assert "joined Snow Tails" in p.stdout and GAME_OVER.search(p.stdout)
    dirs = host.peer_game_dirs()
    dirs["alice"] = a.game_dir()
    dirs["bob"] = b.game_dir()
    meta = assert_clean_game(dirs, 4, peers.describe())
    assert {"host", "alice", "bob"} <= {p["nick"] for p in meta["players"]}


def test_extra_trees_between_processes(peers):
    """ST-S1 / MM-S1 option over real TCP: the host's --extra-trees travels in the roster, the players
    place the trees as signed moves, and the race that follows audits clean on every peer."""
    host = peers.host(game="mush", players=3, bots=2, extra=("--extra-trees", "3"))
    assert host.wait() == 0, peers.describe()
    placed = re.findall(r"^\s+turn (\d+): (\S+) places a tree at \[\d+, \d+, \d+\]$", host.stdout, re.M)
    assert [int(t) for t, _ in placed] == [1, 2, 3], host.stdout
    assert len({who for _, who in placed}) == 3  # one each, round the seats
    meta = assert_clean_game(host.peer_game_dirs(), 3, peers.describe())
    assert meta["game"] == "mush"

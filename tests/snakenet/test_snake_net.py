"""Whole networked Snake Carnival games over real TCP, 2, 3 and 4 peers.

``snowp2p host --game snake --players N --bots N-1 --autoplay`` starts the host and N-1 computer
players as separate `snowp2p join` processes on this machine; they play a whole game peer to peer.
Every peer's log must audit clean (with the "Score breakdown:" section of Snake Carnival), all
peers must reach the same final state hash and places, and ``replay`` must show a snake log.
No assertion is timed; the timeout only stops a hung test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kit.peers import Peers, snowp2p


def play(peers: Peers, n: int) -> dict[str, Path]:
    """Run one whole game of n peers; return name -> game directory for every peer."""
    host = peers.host(game="snake", players=n, bots=n - 1)
    rc = host.wait()
    assert rc == 0, f"the host exited {rc}\n{host.describe()}"
    assert "The game is over" in host.stdout, host.describe()
    bots = host.bot_homes()
    assert len(bots) == n - 1, f"expected {n - 1} computer players, found {bots}\n{host.describe()}"
    return host.peer_game_dirs()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_whole_networked_snake_game(peers, n):
    dirs = play(peers, n)
    metas = {name: json.loads((d / "meta.json").read_text()) for name, d in dirs.items()}
    game_ids = {m["game_id"] for m in metas.values()}
    assert len(game_ids) == 1, f"peers played different games: {game_ids}"
    assert sorted(m["seat"] for m in metas.values()) == list(range(n))
    for name, m in metas.items():
        assert m["game"] == "snake", (name, m)
        assert m["status"] == "finished", (name, m)
        assert len(m["players"]) == n
    hashes = {name: m["final_hash"] for name, m in metas.items()}
    assert len(set(hashes.values())) == 1, f"peers disagree on the final state: {hashes}"
    places = {name: tuple(m["places"]) for name, m in metas.items()}
    assert len(set(places.values())) == 1, f"peers disagree on the places: {places}"
    assert len({m["turns"] for m in metas.values()}) == 1
    assert sorted(next(iter(places.values()))) == sorted(p["nick"] for p in metas["host"]["players"])

    audits = {}
    for name, d in dirs.items():
        a = snowp2p("audit", str(d / "game.log"), debug=True)
        assert a.returncode == 0 and a.stdout.startswith("OK"), f"{name}'s log does not audit:\n{a.stdout}{a.stderr}"
        assert "Snake Carnival" in a.stdout, a.stdout
        assert "Score breakdown:" in a.stdout, a.stdout
        breakdown = a.stdout.split("Score breakdown:", 1)[1].splitlines()
        assert any(ln.startswith("  ") and ln.strip() for ln in breakdown[1:]), f"an empty score breakdown:\n{a.stdout}"
        assert "voted out" not in a.stdout
        m = re.search(r"\((\d+) moves, (\d+) turns\)", a.stdout)
        assert m and int(m.group(2)) == metas[name]["turns"], a.stdout
        ranked = re.findall(r"^\s+\d+\. (\S+)", a.stdout.split("Final places:", 1)[1], re.M)[:n]
        assert tuple(ranked) == places[name], (ranked, places[name])
        # everything after the header (the checked-in-N-seconds timing aside) is the same for every peer's log
        audits[name] = re.sub(r"Checked \d+ messages .*", "", a.stdout)
    assert len(set(audits.values())) == 1, "the audits of the peers' logs tell different stories"

    r = snowp2p("replay", str(dirs["host"] / "game.log"), "--width", "100", debug=True)
    assert r.returncode == 0, f"replay failed:\n{r.stdout[-2000:]}{r.stderr}"
    assert "VIOLATION" not in r.stdout
    turns_shown = re.findall(r"── turn (\d+) ", r.stdout)
    assert turns_shown and int(turns_shown[-1]) == metas["host"]["turns"], r.stdout[-1500:]
    last = r.stdout.strip().splitlines()[-1]
    assert last == "Final places: " + ", ".join(places["host"]), last

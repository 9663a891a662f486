"""Whole networked Snake Carnival games over real TCP, 2, 3 and 4 peers.

``snowp2p host --game snake --players N --bots N-1 --autoplay`` starts the host and N-1 computer
players as separate `snowp2p join` processes on this machine; they play a whole game peer to peer.
Every peer's log must audit clean (with the "Score breakdown:" section of Snake Carnival), all
peers must reach the same final state hash and places, and ``replay`` must show a snake log.
No assertion is timed; the timeout only stops a hung test.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
GAME_TIMEOUT = 150.0


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    for k in list(e):
        if k.startswith("SNOWP2P_"):
            e.pop(k)
    e["SNOWP2P_DEBUG"] = "1"
    return e


def snowp2p(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "-m", "snowp2p", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env(), stdin=subprocess.DEVNULL)


def one_game_dir(home: Path, who: str, errors: str = "") -> Path:
    g = home / "games"
    dirs = sorted(d for d in g.iterdir() if d.is_dir()) if g.exists() else []
    assert len(dirs) == 1, f"{who}: expected one game in {home}, found {dirs}\n{errors}"
    return dirs[0]


def play(tmp_path: Path, n: int) -> dict[str, Path]:
    """Run one whole game of n peers; return name -> game directory for every peer."""
    home = tmp_path / "host"
    out_p, err_p = tmp_path / "host.out", tmp_path / "host.err"
    argv = [PY, "-m", "snowp2p", "host", "--game", "snake", "--players", str(n), "--bots", str(n - 1),
            "--autoplay", "--home", str(home), "--port", "0", "--advertise", "127.0.0.1", "--name", "host"]
    with open(out_p, "wb") as out, open(err_p, "wb") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=ROOT, env=env(),
                                start_new_session=True)
    try:
        rc = proc.wait(GAME_TIMEOUT)
    except subprocess.TimeoutExpired:
        rc = None
    finally:
        try:  # the host and the computer players it spawned share its process group
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait(10)
    describe = f"stdout:\n{out_p.read_text(errors='replace')[-3000:]}\nstderr:\n{err_p.read_text(errors='replace')[-3000:]}"
    assert rc == 0, f"the host exited {rc}\n{describe}"
    assert "The game is over" in out_p.read_text(errors="replace"), describe
    dirs = {"host": one_game_dir(home, "host", describe)}
    bots = sorted(d for d in (home / "bots").iterdir() if d.is_dir()) if (home / "bots").exists() else []
    assert len(bots) == n - 1, f"expected {n - 1} computer players, found {bots}\n{describe}"
    for b in bots:
        errs = (b / "errors.log").read_text(errors="replace") if (b / "errors.log").exists() else ""
        dirs[b.name] = one_game_dir(b, b.name, errs)
    return dirs


@pytest.mark.parametrize("n", [2, 3, 4])
def test_whole_networked_snake_game(tmp_path, n):
    dirs = play(tmp_path, n)
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
        a = snowp2p("audit", str(d / "game.log"))
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

    r = snowp2p("replay", str(dirs["host"] / "game.log"), "--width", "100")
    assert r.returncode == 0, f"replay failed:\n{r.stdout[-2000:]}{r.stderr}"
    assert "VIOLATION" not in r.stdout
    turns_shown = re.findall(r"── turn (\d+) ", r.stdout)
    assert turns_shown and int(turns_shown[-1]) == metas["host"]["turns"], r.stdout[-1500:]
    last = r.stdout.strip().splitlines()[-1]
    assert last == "Final places: " + ", ".join(places["host"]), last

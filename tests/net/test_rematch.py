"""Rematch (issue 21 item 4): two real peers, the host and a joiner, each at its own table (pyte), play a game;
at the end screen both press ``r``; a second game (a new game id, new randomness, the same two players, track
and settings) starts without anyone typing the join line again, and is played to the end; both logs of both
games audit clean.  Then, at the second end screen, the host declines (``q``) and simply leaves."""

from __future__ import annotations

import gc
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from peerkit import audit, read_meta  # noqa: E402
from tablekit import Typist, wait_until  # noqa: E402

from snowp2p.cli import build_parser  # noqa: E402
from snowp2p.commands.host import run as run_host  # noqa: E402
from snowp2p.commands.join import run as run_join  # noqa: E402
from snowp2p.ui.table import Table  # noqa: E402


def command(argv, run, overlap=False) -> Typist:
    args = build_parser().parse_args(argv)

    def fn(i, o):
        args.pt_input, args.pt_output = i, o
        return run(args)

    return Typist(fn, 100, 30, overlap=overlap)


def tables_of(t: Typist, old: set[int]) -> list[Table]:
    """The tables drawn on ``t``'s terminal but for those in ``old`` (their ids: a rematch draws a new one)."""
    return [o for o in gc.get_objects() if isinstance(o, Table) and getattr(getattr(o, "app", None), "output", None) is t.term.output
            and id(o) not in old]


def play_to_the_end(typists: list[Typist], old: set[int], timeout: float = 240) -> set[int]:
    """Answer `auto` on each typist's new table (not in ``old``) whenever it asks, until both show the end screen;
    the ids of the tables played on."""
    answered = {id(t): 0 for t in typists}
    lock = threading.Lock()
    seen: set[int] = set()

    def step() -> bool:
        done = True
        for t in typists:
            tabs = tables_of(t, old)
            if not tabs:
                done = False
                continue
            tab = tabs[0]
            seen.add(id(tab))
            if tab.mode == "end":
                continue
            done = False
            with lock:
                if tab.asking is not None and tab.asks > answered[id(t)]:
                    answered[id(t)] = tab.asks
                    t.type("auto\r")
        return done

    wait_until(step, "both tables to reach the end screen", timeout)
    return seen


def test_both_press_r_and_play_the_same_game_again(tmp_path):
    hhome, jhome = tmp_path / "host", tmp_path / "joiner"
    host = command(["host", "--game", "mush", "--players", "2", "--bots", "0", "--wait", "300", "--port", "0",
                    "--home", str(hhome), "--name", "Ada", "--advertise", "127.0.0.1", "--no-announce"], run_host)
    screen = host.wait_text("--code ")
    line = next(ln for ln in screen.splitlines() if " join 127.0.0.1:" in ln).split()
    addr, code = line[line.index("join") + 1], line[line.index("--code") + 1]
    joiner = command(["join", addr, "--code", code, "--home", str(jhome), "--name", "Bo", "--yes"], run_join,
                     overlap=True)
    try:
        first = play_to_the_end([host, joiner], set())
        for t in (host, joiner):
            t.wait_text("r: play again with the same people")
        host.type("r")
        joiner.type("r")
        # the second game: a new table on each terminal, nobody typed a join line
        wait_until(lambda: all(tables_of(t, first) for t in (host, joiner)), "the second game's tables", 120)
        play_to_the_end([host, joiner], first)
        # the host declines a third game and leaves; so does the joiner
        host.type("q")
        joiner.type("q")
        assert host.join() == 0 and joiner.join() == 0
    finally:
        for t in (host, joiner):
            if not t.finished:
                t.type("\x03")
    games = {}
    for home in (hhome, jhome):
        dirs = sorted(d for d in (home / "games").iterdir() if d.is_dir())
        assert len(dirs) == 2, dirs
        games[home] = {read_meta(d)["game_id"]: d for d in dirs}
    assert set(games[hhome]) == set(games[jhome]) and len(set(games[hhome])) == 2  # two games, two ids
    for gid in games[hhome]:
        metas = [read_meta(games[h][gid]) for h in (hhome, jhome)]
        assert all(m["status"] == "finished" for m in metas), metas
        assert [p["nick"] for p in metas[0]["players"]] == ["Ada", "Bo"]  # the same roster
        assert metas[0]["players"] == metas[1]["players"]
        assert metas[0]["places"] == metas[1]["places"]
        for h in (hhome, jhome):
            res = audit(games[h][gid] / "game.log")
            assert res.returncode == 0, res.stdout
    a, b = (read_meta(d) for d in games[hhome].values())
    assert a["players"] == b["players"] and a["track"] == b["track"]  # same people, same track

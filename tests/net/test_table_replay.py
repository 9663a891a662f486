"""`snowp2p replay LOG`: the table stepping through a real game's log with keys, and `--svg FILE` for each game."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest


from kit.peers import Peers  # noqa: E402
from kit.peers import snowp2p as run_cli  # noqa: E402
from kit.screens import Typist, wait_until  # noqa: E402

from snowp2p.cli import build_parser  # noqa: E402
from snowp2p.commands.replay import run as run_replay  # noqa: E402
from snowp2p.ui.table import Table  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """A finished game log of each kind, played by computer players in their own processes."""
    base = tmp_path_factory.mktemp("replay-games")
    peers = Peers(base)
    out = {}
    try:
        hosts = {game: peers.host(game=game, players=players, bots=players - 1, name=f"h-{game}")
                 for game, players in (("snowtails", 3), ("mush", 3), ("snake", 2))}
        for game, h in hosts.items():
            assert h.wait() == 0, peers.describe()
            out[game] = h.log
        return out
    finally:
        peers.cleanup()


def test_replay_steps_with_keys(logs):
    args = build_parser().parse_args(["replay", str(logs["mush"])])

    def fn(i, o):
        args.pt_input, args.pt_output = i, o
        return run_replay(args)

    t = Typist(fn, 100, 30)
    screen = t.wait_text("replay · turn 0 of ")
    last = int(re.search(r"turn 0 of (\d+)", screen).group(1))
    assert last > 5
    assert "Mush! Mush! on mush-first-race" in screen
    t.type("n")
    t.wait_text("replay · turn 1 of ")
    t.type("nnp")
    t.wait_text("replay · turn 2 of ")
    t.type("G")
    screen = t.wait_text(f"replay · turn {last} of {last}")
    wait_until(lambda: any(e.startswith("Final places: 1. ") for e in Table.last.events), "the final places")
    t.type("g")
    t.wait_text("replay · turn 0 of ")
    t.type("++ ")  # play at 4x
    t.wait_text("playing at 4×")
    wait_until(lambda: Table.last.replay["index"] >= 2, "the replay to play on")
    t.type(" q")
    assert t.join() == 0


@pytest.mark.parametrize("game", ["snowtails", "mush", "snake"])
def test_replay_svg_of_each_game(logs, game, tmp_path):
    out = tmp_path / f"{game}.svg"
    res = run_cli("replay", str(logs[game]), "--svg", str(out))
    assert res.returncode == 0, res.stderr
    assert f"wrote {out}" in res.stdout
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg"
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert re.search(r"1\. \S+", texts)
    if game == "snake":
        assert root.findall(f".//{SVG}line[@class='snake']")
        assert "point" in texts
    else:
        trails = root.findall(f".//{SVG}polyline[@class='trail']")
        assert len(trails) == 3  # one per sled, in its colour
        assert len({t.get("stroke") for t in trails}) == 3
        assert root.findall(f".//{SVG}path[@class='lane']")  # the corners' lanes are arcs
        assert root.findall(f".//{SVG}circle[@class='tree']")
        if game == "snowtails":
            assert root.findall(f".//{SVG}line[@class='red-line']")


def test_replay_plain_keeps_the_printout(logs):
    res = run_cli("replay", str(logs["snowtails"]), "--plain")
    assert res.returncode == 0 and "── turn 1 · round" in res.stdout and "Final places:" in res.stdout


def test_replay_svg_unwritable_is_one_line(logs, tmp_path):
    res = run_cli("replay", str(logs["snake"]), "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1 and "--svg" in res.stderr

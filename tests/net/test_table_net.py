"""Networked play on the table: one seat typed through prompt_toolkit's pipe input (read back from pyte), the
others computer players in their own processes over real TCP."""

from __future__ import annotations

import json
import re
from pathlib import Path



from kit.peers import Peers  # noqa: E402
from kit.screens import Typist, finish_with_auto, move, wait_until  # noqa: E402

from snowp2p.cli import build_parser  # noqa: E402
from snowp2p.commands.host import run as run_host  # noqa: E402
from snowp2p.commands.join import run as run_join  # noqa: E402
from snowp2p.games.sled import engine as S  # noqa: E402
from snowp2p.games.sled.movetext import format_action  # noqa: E402
from snowp2p.ui.table import Table  # noqa: E402


def command(argv, run, cols=100, rows=30) -> Typist:
    args = build_parser().parse_args(argv)

    def fn(i, o):
        args.pt_input, args.pt_output = i, o
        return run(args)

    return Typist(fn, cols, rows)


def status_of(home: Path) -> str:
    metas = list((home / "games").glob("*/meta.json"))
    return json.loads(metas[0].read_text()).get("status", "") if metas else ""


def test_host_types_its_turns_then_quits_and_the_others_finish_with_a_computer_in_its_seat(tmp_path, capsys):
    home = tmp_path / "host"
    t = command(["host", "--game", "mush", "--players", "3", "--bots", "2", "--port", "0", "--home", str(home),
                 "--name", "Ada", "--advertise", "127.0.0.1"], run_host)
    ask = t.wait_ask()
    screen = t.settle()
    assert "Mush! Mush! on mush-first-race" in screen
    assert re.search(r"seat 1: bot\d \[[0-9a-f-]{19}\]\s+computer", screen), screen
    assert "(you)" in screen and "Your turn:" in screen and "@N (your start lane" in screen
    # a typed first move with its origin, previewed and confirmed
    mv = next(m for m in S.legal_moves(ask.state) if m.origin is not None)
    move(t, format_action(mv))
    wait_until(lambda: any(e.startswith("Ada moved") and "[played" in e for e in Table.last.events), "Ada's move")
    # the others' turns arrive as each settles, in the same words as local play
    wait_until(lambda: sum(" moved to " in e and "[played" in e for e in Table.last.events) >= 3, "the others' moves")
    t.line("auto")
    # quit asks first; `n` keeps the seat
    t.line("quit")
    t.wait_text("A computer player takes your seat for good")
    t.type("n\r")
    t.wait_text("You stay at the table")
    t.type("quit\r")
    t.wait_text("A computer player takes your seat for good")
    t.type("y\r")
    assert t.join() == 0
    out = capsys.readouterr().out
    assert "You left the game. The other players' computers play your seat to the end" in out
    assert status_of(home) == "left"
    # our bye{"left"} was our last message: the others voted the seat out at once, a computer player took it,
    # and they finished the game, their results naming Ada as having left (SPEC 11.9, *Bye*)
    bots = sorted(d for d in (home / "bots").iterdir() if d.is_dir())
    assert bots
    wait_until(lambda: all(status_of(b) == "finished" for b in bots), "the others to finish without us", timeout=240)
    for b in bots:
        meta = json.loads(next((b / "games").glob("*/meta.json")).read_text())
        assert any(ln.startswith("seat 0 (Ada) played by a computer") and "(it left the game)" in ln
                   for ln in meta["outcome"]), meta


def test_joiner_sees_roster_plays_and_gets_the_end_screen(tmp_path):
    peers = Peers(tmp_path)
    try:
        host = peers.host(game="snake", players=2, bots=0, name="hoster")
        t = command(["join", f"{host.addr}:{host.port}", "--code", host.code, "--home", str(tmp_path / "me"),
                     "--name", "Ada"], run_join)
        screen = t.wait_text("Play this game? [y/N]")  # the roster, fingerprints and settings first
        assert re.search(r"seat 0: hoster\s+\[[0-9a-f-]{19}\]\s+\(host\)", screen), screen
        assert "All settings are the defaults." in screen
        t.type("y")
        t.wait_ask()
        screen = t.settle()
        assert "Snake Carnival on standard" in screen
        assert re.search(r"seat 0: hoster \[[0-9a-f-]{19}\]\s+human\s+\(host\)", "\n".join(Table.last.events))
        finish_with_auto(t, timeout=180)
        screen = t.settle()
        assert "Final places:" in screen and re.search(r"\d+ points?", screen)
        text = "\n".join(Table.last.end_info["commands"])
        assert re.search(r"Audit it: +\S+ audit \S+game\.log", text)
        t.type("s")  # the picture, next to the game's log
        t.wait_text("wrote /")
        import xml.etree.ElementTree as ET

        svg = next((tmp_path / "me" / "games").glob("*/game.svg"))
        assert ET.parse(svg).getroot().tag.endswith("svg")
        t.type("q")
        assert t.join() == 0
        assert host.wait() == 0, peers.describe()
    finally:
        peers.cleanup()


def test_lobby_counts_down_and_starts_now_on_a_key(tmp_path, capsys):
    home = tmp_path / "host"
    t = command(["host", "--game", "snowtails", "--players", "2", "--wait", "300", "--port", "0", "--home", str(home),
                 "--name", "Ada", "--advertise", "127.0.0.1"], run_host)
    screen = t.wait_text("(s: start now)")
    m = re.search(r"computer players take it in (\d+) s", screen)
    assert m and 250 < int(m.group(1)) <= 300
    assert "seat 0: Ada" in screen and "1 seat left" in screen and "join 127.0.0.1:" in screen
    # issue 23, item 7: the join line is what a friend types (no path of this machine), on one line
    join = re.search(r"^ *(\S+) join 127\.0\.0\.1:\d+ --code \S+$", screen, re.M)
    assert join and join.group(1) in ("snowp2p", "scripts/run") and len(join.group(0).strip()) < 80, screen
    # the countdown runs
    wait_until(lambda: (mm := re.search(r"take it in (\d+) s", t.term.text())) and int(mm.group(1)) < int(m.group(1)),
               "the countdown to run")
    t.type("s")
    t.wait_ask()  # the computer player joined: the race begins
    assert "Snow Tails on first-race" in t.settle()
    t.line("quit")
    t.wait_text("takes your seat for good")
    t.type("y\r")
    assert t.join() == 0
    assert status_of(home) == "left"  # (our bye{"left"}: the computer player finishes the game with us voted out)
    bots = sorted(d for d in (home / "bots").iterdir() if d.is_dir())
    wait_until(lambda: all(status_of(b) == "finished" for b in bots), "the game to finish without us", timeout=240)


def test_a_joiner_at_the_table_sees_that_another_player_left(tmp_path):
    """Three players; j2 quits at its third turn (its bye{"left"}, SNOWP2P_CHEAT=quit: NetGame.leave, as the
    table's quit does).  Ada's screen says that j2 left and shows its seat as left / taken over by a computer,
    not "connection lost" or "(human)"; the game goes on to the end (SPEC 11.9, *Bye*)."""
    peers = Peers(tmp_path)
    try:
        host = peers.host(game="snake", players=3, bots=0, name="hoster")
        t = command(["join", f"{host.addr}:{host.port}", "--code", host.code, "--home", str(tmp_path / "me"),
                     "--name", "Ada", "--yes"], run_join)
        wait_until(lambda: "lobby: Ada" in host.stdout, "Ada to be seated")
        quitter = peers.join(host, "j2", cheat="quit")
        finish_with_auto(t, timeout=180)  # (Ada lets the computer choose each of her turns, to the end)
        assert quitter.wait(60) == 0, peers.describe()
        said = [e for e in Table.last.events if re.search(r"j2 \[[0-9a-f-]+\] left the game", e)]
        assert said and "a computer player takes the seat" in said[0], (Table.last.events, peers.describe())
        assert not any("j2" in e and "lost the connection" in e for e in Table.last.events), Table.last.events
        assert Table.last.tags[2] == "computer, took over (the player left)", Table.last.tags
        screen = t.settle()
        assert "Final places:" in screen, screen
        how = "\n".join(Table.last.end_info["how"])
        assert re.search(r"^j2 left the game and was voted out at turn \d+: a computer player", how, re.M), how
        assert "j2 (human)" not in screen, screen
        t.type("q")
        assert t.join() == 0
        assert host.wait() == 0, peers.describe()
    finally:
        peers.cleanup()

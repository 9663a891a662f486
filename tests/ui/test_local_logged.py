"""A local game (``snowp2p play``) is played by every seat's protocol session in one process and leaves a real
signed log (issue 23, item 5): ``games`` lists it as a local game with its winner, ``audit`` checks it clean,
``replay --svg`` draws it, a tampered byte fails the audit, ``--seed`` replays it byte for byte, and ``resume``
refuses it in one line.  Real ``snowp2p`` processes; the human games on the table in a virtual terminal."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from kit.screens import Typist, finish_with_auto, wait_until

from snowp2p.cli import build_parser
from snowp2p.protocol.log import MAGIC
from snowp2p.commands.play import run as run_play  # (the play command: played by sessions, logged)
from snowp2p.ui.table import Table

GAMES = ["snowtails", "mush", "snake"]


def snowp2p(*argv: str, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "snowp2p", *argv], capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "SNOWP2P_HOME": str(home)})


def winner_of(out: str) -> str:
    """The first place in ``play``'s printed result."""
    m = re.search(r"^Final places:\n\s+1\. (\S+)", out, re.M)
    assert m, out
    return m.group(1)


def logs(home: Path) -> list[Path]:
    return sorted((home / "games").glob("*/game.log"))


def played(kind: str, home: Path, seed: str = "3") -> tuple[str, Path]:
    res = snowp2p("play", "--game", kind, "--non-interactive", "--seed", seed, home=home)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Traceback" not in res.stderr
    log = re.search(r"^Game log: (\S+game\.log) ", res.stdout, re.M)
    assert log, res.stdout
    return res.stdout, Path(log.group(1))


@pytest.mark.parametrize("kind", GAMES)
def test_a_local_game_is_listed_with_its_winner_audits_clean_and_draws(kind, tmp_path):
    home = tmp_path / "home"
    out, log = played(kind, home)
    assert logs(home) == [log]
    winner = winner_of(out)
    games = snowp2p("games", home=home)
    assert games.returncode == 0, games.stderr
    assert f"local game, finished: {winner} won" in games.stdout, games.stdout
    assert f"audit {log}" in games.stdout and f"replay {log}" in games.stdout
    audit = snowp2p("audit", str(log), home=home)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert audit.stdout.startswith("OK\n") and "VIOLATION" not in audit.stdout, audit.stdout
    assert re.search(rf"^Final places:\n  1\. {re.escape(winner)}\b", audit.stdout, re.M), audit.stdout
    svg = tmp_path / "game.svg"
    drawn = snowp2p("replay", "--svg", str(svg), str(log), home=home)
    assert drawn.returncode == 0, drawn.stdout + drawn.stderr
    assert ET.parse(svg).getroot().tag.endswith("svg")


def _records(data: bytes) -> list[tuple[int, int]]:
    """(offset of the data, its length) of every record of a log file."""
    out, at = [], len(MAGIC)
    while at < len(data):
        n = int.from_bytes(data[at:at + 4], "big")
        out.append((at + 4, n))
        at += 4 + n + 4
    return out


def test_a_tampered_byte_fails_the_audit(tmp_path):
    """One byte of a move changed (its CRC mended, so only the signature can tell): the audit names a violation;
    the same byte changed without mending the CRC: the log is refused as damaged.  Either way not OK."""
    home = tmp_path / "home"
    _, log = played("snowtails", home)
    data = log.read_bytes()
    recs = _records(data)
    at, n = recs[len(recs) // 2]  # a record in the middle of the game
    bad = bytearray(data)
    bad[at + n // 2] ^= 0x01
    raw = tmp_path / "raw.log"
    raw.write_bytes(bytes(bad))
    head = bytes(bad[at - 4:at + n])
    bad[at + n:at + n + 4] = zlib.crc32(head).to_bytes(4, "big")
    mended = tmp_path / "mended.log"
    mended.write_bytes(bytes(bad))
    for path in (mended, raw):
        res = snowp2p("audit", str(path), home=home)
        assert res.returncode != 0, res.stdout
        assert not res.stdout.startswith("OK"), res.stdout
        assert "Traceback" not in res.stderr, res.stderr
    res = snowp2p("audit", str(mended), home=home)
    assert "VIOLATION" in res.stdout, res.stdout + res.stderr


def test_a_seed_replays_the_log_byte_for_byte_and_resume_refuses_a_local_game(tmp_path):
    home = tmp_path / "home"
    _, log = played("mush", home, "11")
    first = log.read_bytes()
    _, again = played("mush", home, "11")
    assert again == log and again.read_bytes() == first  # the same keys, secrets and moves: the same log
    _, other = played("mush", home, "12")
    assert other != log
    res = snowp2p("resume", "--autoplay", log.parent.name, home=home)
    assert res.returncode == 1
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "a local game can not be resumed" in lines[0], res.stderr


def _start(argv, home: Path, cols=80, rows=24) -> Typist:
    args = build_parser().parse_args(["play", "--home", str(home), *argv])
    return Typist(lambda i, o: run_play(args, pt_input=i, pt_output=o), cols, rows)


def test_a_human_local_game_on_the_table_ends_and_games_lists_it(tmp_path):
    """A person plays a whole race on the table (scripted keys: `auto` each turn), leaves the end screen, and
    `games` lists the race, won by whoever the end screen named first."""
    home = tmp_path / "home"
    t = _start(["--game", "mush", "--seed", "8", "--name", "Ada", "--bots", "1"], home)
    finish_with_auto(t)
    screen = t.settle()
    m = re.search(r"^\s*1\.\s+(\S+)", screen.split("Final places", 1)[1], re.M)
    assert m, screen
    t.type("q")
    assert t.join() == 0
    games = snowp2p("games", home=home)
    assert re.search(rf"local game, finished: {m.group(1)} won \(then \S+\)", games.stdout), games.stdout
    assert "Ada" in games.stdout
    [log] = logs(home)
    assert snowp2p("audit", str(log), home=home).stdout.startswith("OK\n")


def test_hot_seat_each_human_sees_their_own_hand_and_the_race_is_logged(tmp_path):
    """Hot seat, hidden hands: at each human's turn the table shows that human's own hand, every card known (the
    game as that seat's session knows it), never another's; the race is logged and audits clean."""
    home = tmp_path / "home"
    t = _start(["--seed", "4", "--humans", "2", "--name", "Ann", "--name", "Ben", "--bots", "0"], home)
    seen: set[str] = set()
    while True:
        ask = t.wait_ask()
        if ask is None or Table.last.mode == "end":
            break
        if ask.seat == -1:  # pass the keyboard
            t.line("")
            continue
        name = ["Ann", "Ben"][ask.seat]
        wait_until(lambda name=name: f"Your hand ({name})" in t.term.text() or Table.last.mode == "end",
                   f"{name}'s hand")
        screen = t.term.text()
        assert "unknown" not in screen, screen
        other = ["Ann", "Ben"][1 - ask.seat]
        assert f"Your hand ({other})" not in screen, screen
        seen.add(name)
        t.line("auto")
        wait_until(lambda: t.finished or Table.last.mode == "end" or Table.last.asks > t.answered,
                   "the next question or the end")
        if Table.last.mode == "end":
            break
    assert seen == {"Ann", "Ben"}
    t.wait_mode("end")
    t.type("q")
    assert t.join() == 0
    [log] = logs(home)
    assert snowp2p("audit", str(log), home=home).stdout.startswith("OK\n")
    assert "local game, finished:" in snowp2p("games", home=home).stdout


def test_a_game_left_before_its_end_is_listed_as_left(tmp_path):
    """Ada leaves at her first turn: the log so far is saved, `games` says the local game was left (no resume
    command: a local game can not be resumed; no audit command: there is no result to check), and it replays."""
    home = tmp_path / "home"
    t = _start(["--game", "snake", "--seed", "5", "--name", "Ada", "--bots", "2"], home, 100, 40)
    t.line("quit")
    t.wait_text("Leave the")
    t.type("y\r")
    assert t.join() == 0
    games = snowp2p("games", home=home).stdout
    assert "local game, left before its end (a local game can not be resumed)" in games, games
    assert "resume:" not in games and "audit:" not in games
    [log] = logs(home)
    assert "replay: " in games and str(log) in games
    res = snowp2p("replay", "--plain", str(log), home=home)  # the game as far as it went, then that it stops there
    assert "Traceback" not in res.stderr and "the game is not finished in this log" in res.stdout, res.stdout
    res = snowp2p("audit", str(log), home=home)
    assert "the game is not finished in this log" in res.stdout, res.stdout + res.stderr


def test_a_tile_set_of_ones_own_is_played_unlogged_with_one_note(tmp_path):
    """A networked game carries only the standard tile set: a local game with another is played as before, and
    one line says it is not logged."""
    shipped = Path(__import__("snowp2p.games.snake.tiles", fromlist=["DEFAULT_TILES"]).DEFAULT_TILES).read_text()
    mine = tmp_path / "tiles.toml"
    mine.write_text(shipped.replace("points = 3", "points = 4", 1))
    home = tmp_path / "home"
    res = snowp2p("play", "--game", "snake", "--non-interactive", "--seed", "1", "--tiles", str(mine), home=home)
    assert res.returncode == 0 and "Final places:" in res.stdout, res.stdout + res.stderr
    assert res.stderr.strip() == ("note: this game is not logged: a networked game could not carry this table "
                                  "(a tile set of your own)"), res.stderr
    assert logs(home) == [] and "Game log:" not in res.stdout


def test_a_snow_tails_series_on_the_table_logs_each_race(tmp_path):
    """`play --series` (Snow Tails, ST-E4): each race is a game of its own, logged when it ends; after the table
    closes both logs are named, and `games` lists both races as local games."""
    home = tmp_path / "home"
    t = _start(["--series", "first-race,s-bends", "--seed", "4", "--name", "Ada", "--bots", "1"], home, 200, 40)
    while True:
        ask = t.wait_ask()
        if ask is None or Table.last.mode == "end":
            break
        t.line("auto")
        wait_until(lambda: t.finished or Table.last.mode == "end" or Table.last.asks > t.answered, "the next question")
        if Table.last.mode == "end":
            break
    t.wait_mode("end")
    t.type("q")
    assert t.join() == 0
    saved = logs(home)
    assert len(saved) == 2, saved
    wait_until(lambda: all(str(p) in t.term.text() for p in saved), "both logs named in the scrollback")
    games = snowp2p("games", home=home).stdout
    assert games.count("local game, finished:") == 2, games
    assert "first-race" in games and "s-bends" in games

"""``snowp2p play``: arguments, --non-interactive races, and interactive races driven by typed input."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput
from ui_helpers import MM_TRACK, ST_TRACK

from snowp2p.cli import build_parser, main
from snowp2p.games.sled.track import TRACK_DIR
from snowp2p.commands.play import run as run_play  # (the play command: played by sessions, logged)


def play(argv, capsys):
    rc = main(["play", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize("game,track", [("snowtails", ST_TRACK), ("mush", MM_TRACK)])
def test_non_interactive_race_ends_with_places(game, track, capsys):
    rc, out, err = play(["--non-interactive", "--game", game, "--track", str(track), "--seed", "7"], capsys)
    assert rc == 0, err
    assert "Final places:" in out
    assert " 1. " in out and "points" in out
    assert "Seed 7" in out
    assert "moved to [" in out  # the turns' one-line summaries
    # the same seed replays the same race
    rc2, out2, _ = play(["--non-interactive", "--game", game, "--track", str(track), "--seed", "7"], capsys)
    assert out2 == out


def test_non_interactive_eight_mush_players_and_options(capsys):
    rc, out, err = play(["--non-interactive", "--game", "mush", "--track", str(MM_TRACK), "--bots", "8",
                         "--no-trees", "--no-buildings", "--seed", "3"], capsys)
    assert rc == 0, err
    places = out.split("Final places:\n", 1)[1].splitlines()
    assert len([ln for ln in places if "point" in ln]) == 8
    assert "(tree)" not in out


def test_non_interactive_seed_printed_without_seed(capsys):
    rc, out, _ = play(["--non-interactive", "--track", str(ST_TRACK), "--bots", "2", "--start-positions", "random"],
                      capsys)
    assert rc == 0
    assert "replay this race with --seed" in out


@pytest.mark.skipif(not (TRACK_DIR / "first-race.toml").exists() or not (TRACK_DIR / "mush-first-race.toml").exists(),
                    reason="shipped tracks not there yet")
@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_non_interactive_default_tracks(game, capsys):
    rc, out, err = play(["--non-interactive", "--game", game, "--seed", "1"], capsys)
    assert rc == 0, err
    assert "Final places:" in out


@pytest.mark.parametrize("argv,words", [
    (["--bots", "9"], "2 to 5 players"),
    (["--game", "mush", "--bots", "8"], "2 to 8 players"),
    (["--humans", "1", "--bots", "0"], "2 to 5 players"),
    (["--humans", "-1"], "--humans"),
    (["--bots", "-2"], "--bots"),
    (["--track", "no-such-track"], "no track named"),
    (["--track", "/nonexistent/x.toml"], "no such track file"),
    (["--game", "mush", "--track", str(ST_TRACK)], "is for snowtails"),
    (["--no-buildings"], "Mush! Mush! option"),
    (["--extra-trees", "30"], "--extra-trees: the track has"),  # ST-K3: at most 20 trees
    (["--extra-trees", "-1"], "--extra-trees: extra trees must be 0 or more"),
    (["--name", "A", "--name", "B"], "--name given 2 times"),
    (["--humans", "2", "--name", "Ann", "--name", "ann"], "same name"),
    (["--name", "x" * 40], "--name"),
    (["--bots", "banana"], "invalid int"),
    (["--game", "chess"], "invalid choice"),
])
def test_bad_arguments_one_line_exit_2(argv, words, capsys):
    rc, out, err = play(["--track", str(ST_TRACK), *argv] if "--track" not in argv else argv, capsys)
    assert rc == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err + out


def test_not_a_terminal_suggests_non_interactive(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    rc, out, err = play(["--track", str(ST_TRACK)], capsys)
    assert rc == 2
    assert "--non-interactive" in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------ interactive
def run_typed(argv, typed: str):
    """Run ``play`` with ``typed`` as the keyboard (then end of input); return (status, screen text)."""
    args = build_parser().parse_args(["play", *argv])
    buf = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text(typed)
        inp.close()
        rc = run_play(args, pt_input=inp, pt_output=PlainTextOutput(buf))
    return rc, buf.getvalue()


def test_interactive_auto_until_the_race_ends():
    rc, out = run_typed(["--track", str(ST_TRACK), "--seed", "5", "--name", "Ada"],
                        "help\rL9 R9\rxyzzy\r" + "auto\r" * 300)
    assert rc == 0
    assert "How to type your turn" in out  # help
    assert "type `start N`" in out  # a start-phase error, one line, then a re-prompt
    assert "Your hand (Ada)" in out
    assert "Final places:" in out
    assert "Seed 5" in out


def test_interactive_typed_move_is_previewed_and_confirmed():
    from snowp2p.games.sled import engine as S
    from snowp2p.commands.locallog import Recorder
    from snowp2p.games.sled.movetext import format_action
    from snowp2p.games.sled.local import Race, configure

    argv = ["--track", str(ST_TRACK), "--seed", "11", "--start-positions", "random", "--bots", "1"]
    setup = configure(build_parser().parse_args(["play", *argv]))
    setup.recorder = Recorder(None)  # (as the play command plays it: by the seats' sessions)
    race = Race(setup)
    # the human (seat 0) acts at some point of round 1: find the state then, and a legal move
    while race.state.public.current != 0:
        race.apply(race.bot_action(race.state))
    mv = S.legal_moves(race.state)[-1]
    text = format_action(mv)
    rc, out = run_typed(argv, f"{text}\rn\r{text}\r\r" + "auto\r" * 300)
    assert rc == 0
    assert "Go? [Y/n]" in out
    assert "Not played" in out
    assert "Final places:" in out


def test_interactive_quit():
    rc, out = run_typed(["--game", "mush", "--track", str(MM_TRACK), "--seed", "2"], "quit\r")
    assert rc == 0
    assert "You left the race" in out and "Seed 2" in out


def test_hot_seat_passes_the_keyboard():
    rc, out = run_typed(["--humans", "2", "--bots", "1", "--name", "Ann", "--name", "Ben", "--track", str(ST_TRACK),
                         "--seed", "4"], ("\rauto\r") * 300)
    assert rc == 0
    assert "Pass the keyboard to Ann" in out and "Pass the keyboard to Ben" in out
    assert "Final places:" in out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_real_terminal_auto_game():
    """The whole program in a pseudo-terminal (so: the table screen): answer `auto` at every prompt until the
    race ends, then leave the end screen with `q`; the result stays printed after it."""
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", COLUMNS="100", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game
        os.execvpe(sys.executable, [sys.executable, "-m", "snowp2p.cli", "play", "--track", str(ST_TRACK),
                                    "--seed", "9", "--bots", "2"], env)
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    out = b""
    deadline = time.monotonic() + 120
    last = time.monotonic()
    status = None
    try:
        while time.monotonic() < deadline:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                out += chunk
                last = time.monotonic()
            elif time.monotonic() - last > 0.4:
                if b"Final places:" in out:
                    break
                os.write(fd, b"auto\r")
                last = time.monotonic()
        # the table's end screen stays until a key: leave it, and read what the program prints after it
        os.write(fd, b"q")
        end = time.monotonic() + 60
        while time.monotonic() < end:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            else:
                done, st = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = st
                    break
        if status is None:
            _, status = os.waitpid(pid, 0)
    finally:
        if status is None:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        os.close(fd)
    text = out.decode("utf-8", "replace")
    assert "Final places:" in text, text[-2000:]
    assert os.waitstatus_to_exitcode(status) == 0


def test_cli_wiring_is_a_subprocess_too(tmp_path):
    r = subprocess.run([sys.executable, "-m", "snowp2p.cli", "play", "--non-interactive", "--track", str(ST_TRACK),
                        "--seed", "1", "--bots", "2", "--humans", "0"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Final places:" in r.stdout

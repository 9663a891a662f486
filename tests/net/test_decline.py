"""A joiner who declines the host's game is released at once and the host's lobby goes on without it (issue
23, item 3; SPEC section 10, step 5): no absence, no vote, no computer player in its seat, no roster it never
signed.  Real processes on loopback (--no-announce): the host, the joiner who declines, and a third player who
then takes the seat; the game is played to the end and the host's log audits clean."""

from __future__ import annotations

import os
import re
import signal
import time

from kit.peers import assert_clean_game, audit, prompted_joiner, say_no
from test_own_track import my_track


def _third_player_plays_to_the_end(peers, host, seat_line: str) -> None:
    """The seat is free again: a third player takes it, the game ends, the host's log audits clean."""
    host.wait_for(seat_line, timeout=60)
    carol = peers.join(host, "carol", extra=("--yes",))
    assert host.wait() == 0, peers.describe()
    assert carol.wait() == 0, peers.describe()
    meta = assert_clean_game({"host": host.game_dir(), "carol": carol.game_dir()}, 2, peers.describe())
    assert [p["nick"] for p in meta["players"]] == ["host", "carol"]
    res = audit(host.log)
    assert res.returncode == 0 and "OK" in res.stdout, res.stdout + res.stderr
    assert "VIOLATION" not in res.stdout + res.stderr and "never signed" not in res.stdout, res.stdout
    out = host.stdout
    assert "bob" not in out.split("All seats are taken:")[1], out  # not in the roster
    assert "absent" not in out.lower() and "vote" not in out.lower(), out  # nobody waited for bob


def test_a_joiner_who_answers_no_is_released_and_a_third_player_takes_the_seat(peers, tmp_path):
    """bob is asked at a terminal; while he decides, the host names him; he answers no: he is told nothing was
    signed, the host frees seat 1 at once, carol joins and the game is played and audited clean."""
    host = peers.host(players=2, bots=0, extra=("--start-positions", "random"))
    with prompted_joiner(tmp_path, host, "bob") as (proc, master, seen):
        host.wait_for(r"^lobby: bob \[\S+\] joined from .*\(2/2\); waiting for bob to accept the settings$")
        assert "All seats are taken" not in host.stdout  # the roster waits for bob's answer
        seen = say_no(proc, master, seen)
    assert b"join: you declined the game; nothing was signed or sent" in seen, seen.decode(errors="replace")
    _third_player_plays_to_the_end(peers, host, r"^lobby: bob \[\S+\] declined the settings; seat 1 is free again$")


def test_a_joiner_without_a_terminal_refusing_the_game_is_released(peers, tmp_path):
    """No terminal and no --yes: bob refuses the host's own track in one line; that refusal is a decline the
    host hears at once."""
    host = peers.host(players=2, bots=0, extra=("--track", str(my_track(tmp_path))))
    bob = peers.join(host, "bob", debug=False)
    assert bob.wait(timeout=120) == 1, peers.describe()
    assert "add --yes to accept them" in bob.stderr
    _third_player_plays_to_the_end(peers, host, r"^lobby: bob \[\S+\] declined the settings; seat 1 is free again$")


def test_a_joiner_killed_while_deciding_frees_its_seat(peers, tmp_path):
    """bob is killed (kill -9) while the game is on his screen: his connection closes, the host frees his seat
    at once and goes on."""
    host = peers.host(players=2, bots=0, extra=("--start-positions", "random"))
    with prompted_joiner(tmp_path, host, "bob") as (proc, _, _):
        host.wait_for(r"waiting for bob to accept the settings$")
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(60)
    _third_player_plays_to_the_end(peers, host,
                                   r"^lobby: bob \[\S+\] left before accepting the settings; seat 1 is free again$")


def test_the_hosts_lobby_names_the_joiner_it_waits_for_counting_down(tmp_path):
    """The host's table at 80x24 (pyte), read as a player would: while bob decides, his seat says he is
    deciding and a line names him and counts down; after his no the seat is free again and the lobby waits
    on (the countdown to the computer players goes on)."""

    from kit.screens import wait_until
    from test_table_net import command

    from snowp2p.commands.host import run as run_host

    t = command(["host", "--game", "snowtails", "--players", "2", "--wait", "300", "--port", "0", "--home",
                 str(tmp_path / "host"), "--name", "Ada", "--advertise", "127.0.0.1", "--no-announce",
                 "--start-positions", "random"], run_host, 80, 24)
    screen = t.wait_text("seat 0: Ada")
    m = re.search(r"join (127\.0\.0\.1):(\d+) --code (\S+)", screen)
    assert m, screen

    class _Host:  # what prompted_joiner needs of a host
        addr, port, code = m.group(1), int(m.group(2)), m.group(3)

    with prompted_joiner(tmp_path, _Host, "bob") as (proc, master, seen):
        screen = t.wait_text("Waiting for bob to accept the settings")
        first = re.search(r"Waiting for bob to accept the settings \((\d+) s", screen)
        assert first and 100 < int(first.group(1)) <= 120, screen
        assert re.search(r"seat 1: bob\s+\[[0-9a-f-]{19}\]\s+human\s+deciding", screen), screen
        assert "2 of 2 seats taken" in screen
        wait_until(lambda: (mm := re.search(r"accept the settings \((\d+) s", t.term.text()))
                   and int(mm.group(1)) < int(first.group(1)), "the countdown to run")
        say_no(proc, master, seen)
    wait_until(lambda: "1 seat left" in t.term.text() and "Waiting for bob" not in t.term.text(),
               "bob's seat to be free again")
    screen = t.term.text()
    assert "seat 1: (free)" in screen or "seat 1:" not in screen, screen
    assert "1 of 2 seats taken" in screen, screen
    t.type("s")  # a computer player takes the seat: the race begins
    t.wait_ask()
    t.line("quit")
    t.wait_text("takes your seat for good")
    t.type("y\r")
    assert t.join() == 0


def test_a_joiner_who_accepted_sees_the_seats_and_whom_the_table_waits_for(tmp_path):
    """The joiner's table at 80x24 (pyte): after its yes, the seats so far, the open seat, and what it waits
    for; the host leaving before the game is one line, not a hang."""

    from kit.peers import Peers
    from test_table_net import command

    from snowp2p.commands.join import run as run_join

    peers = Peers(tmp_path)
    try:
        host = peers.host(players=3, bots=0, name="hoster")
        t = command(["join", f"{host.addr}:{host.port}", "--code", host.code, "--home", str(tmp_path / "me"),
                     "--name", "Ada"], run_join, 80, 24)
        screen = t.wait_text("Play this game? [y/N]")
        assert "seat 2: (open)" in screen, screen
        t.type("y")
        screen = t.wait_text("You accepted the game")
        assert re.search(r"seat 0: hoster\s+\[[0-9a-f-]{19}\]\s+\(host\)", screen), screen
        assert re.search(r"seat 1: Ada\s+\[", screen) and "seat 2: (open)" in screen, screen
        assert "Waiting for the host to fill 1 more seat" in " ".join(screen.split()), screen
        host.wait_for(r"^lobby: Ada accepted the settings \(2/3 ready\)$")
        host.kill()
        import pytest

        from snowp2p.errors import CommandError

        with pytest.raises(CommandError, match="the host closed the lobby before the game started"):
            t.join()
    finally:
        peers.cleanup()


def test_a_seat_freed_after_the_countdown_gets_a_computer_player(peers, tmp_path):
    """The countdown to the computer players (--wait) ends while bob still decides; he then says no: his seat
    goes to a computer player at once (the host does not wait for people again) and the game is played and
    audited clean, with bob in no roster."""
    host = peers.host(players=2, extra=("--wait", "2", "--start-positions", "random"))
    with prompted_joiner(tmp_path, host, "bob") as (proc, master, seen):
        host.wait_for(r"waiting for bob to accept the settings$")
        time.sleep(3)  # (not an assertion: the countdown of 2 s is over while bob decides)
        assert "Starting" not in host.stdout, host.stdout  # his seat is held while he decides
        say_no(proc, master, seen)
    host.wait_for(r"^lobby: bob \[\S+\] declined the settings; seat 1 is free again$")
    assert host.wait() == 0, peers.describe()
    assert re.search(r"^Starting 1 computer player\(s\)", host.stdout, re.M), host.stdout
    dirs = host.peer_game_dirs()
    meta = assert_clean_game(dirs, 2, peers.describe())
    assert "bob" not in [p["nick"] for p in meta["players"]]
    res = audit(host.log)
    assert res.returncode == 0 and "VIOLATION" not in res.stdout + res.stderr, res.stdout + res.stderr


def test_a_joiner_who_never_answers_is_released_after_the_answer_time(peers, tmp_path):
    """bob connects, gets the host's offer on his terminal and never answers (a real process at a real
    prompt, nobody at the keys).  The host's answer time (``host --answer-time``, 120 s by default; 20 s here
    so the test does not wait two minutes) runs out: his seat is free again, carol takes it, and the game is
    played to the end and audits clean, without a vote or a roster bob never signed."""
    host = peers.host(players=2, bots=0, extra=("--start-positions", "random", "--answer-time", "20"))
    with prompted_joiner(tmp_path, host, "bob") as (proc, master, seen):
        host.wait_for(r"^lobby: bob \[\S+\] joined from .*\(2/2\); waiting for bob to accept the settings$")
        _third_player_plays_to_the_end(
            peers, host, r"^lobby: bob \[\S+\] did not accept the settings within 20 s; seat 1 is free again$")
        assert proc.poll() is None or proc.returncode != 0  # bob never said yes: he is not in the game


def test_the_answer_time_is_checked(tmp_path):
    """A bad --answer-time is one clear line, exit status 2."""
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "snowp2p", "host", "--answer-time", "0", "--no-announce",
                          "--home", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert res.returncode == 2, res
    assert "--answer-time" in res.stderr and "expected 1 to 3600 seconds, got 0" in res.stderr, res.stderr
    assert "Traceback" not in res.stderr

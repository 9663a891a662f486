"""Every lobby line fits a terminal of 80x24 (issue 23): the host's lobby (seats, the countdown, a joiner
deciding) and the joiner's lobby after its yes, read from a virtual terminal (pyte) row by row: each line
a player reads is whole on one row, never wrapped onto the next."""

from __future__ import annotations

import re

import pytest


from kit.peers import Peers, prompted_joiner  # noqa: E402
from kit.screens import wait_until  # noqa: E402
from test_table_net import command  # noqa: E402

from snowp2p.errors import CommandError  # noqa: E402
from snowp2p.commands.host import run as run_host  # noqa: E402
from snowp2p.commands.join import run as run_join  # noqa: E402

NICK = "Ada_Lovelace_of_Byron_24"  # the longest nickname (24 characters)


def whole(screen: str, pattern: str) -> str:
    """The one row that holds ``pattern`` (a regular expression) entirely; fails if it is wrapped or absent."""
    rows = [r for r in screen.splitlines() if re.search(pattern, r)]
    assert rows, f"no row holds {pattern!r} whole:\n{screen}"
    return rows[0]


def test_the_hosts_lobby_fits_80_columns(tmp_path):
    assert len(NICK) == 24
    t = command(["host", "--game", "snowtails", "--players", "3", "--wait", "300", "--port", "0", "--home",
                 str(tmp_path / "host"), "--name", NICK, "--advertise", "127.0.0.1", "--no-announce",
                 "--start-positions", "random"], run_host, 80, 24)
    screen = t.wait_text("(s: start now)")
    whole(screen, r"^The others join with:$")
    whole(screen, r"^ +\S+ join 127\.0\.0\.1:\d+ --code \S+$")
    whole(screen, r"^At the table \(1 of 3 seats taken\):$")
    whole(screen, rf"^  seat 0: {NICK} \[[0-9a-f-]{{19}}\]  human  \(you, host\)$")
    whole(screen, r"^2 seats left: computer players take them in \d+ s \(s: start now\)\.$")
    whole(screen, r"^Check each fingerprint with its player \(say it aloud\) before the race\.$")
    whole(screen, r"^s: start now .* Ctrl-C: leave$")
    m = re.search(r"join (127\.0\.0\.1):(\d+) --code (\S+)", screen)

    class _Host:  # what prompted_joiner needs of a host
        addr, port, code = m.group(1), int(m.group(2)), m.group(3)

    with prompted_joiner(tmp_path, _Host, "bob") as _:
        screen = t.wait_text("Waiting for bob to accept the settings")
        wait_until(lambda: "no answer in time" in t.term.text(), "the lobby's line on answers")
        screen = t.term.text()
        whole(screen, r"^  seat 1: bob +\[[0-9a-f-]{19}\]  human  deciding\.\.\.$")
        whole(screen, r"^Waiting for bob to accept the settings \(\d+ s\)\.$")
        whole(screen, r"^A no, or no answer in time, frees the seat at once\.$")
        whole(screen, r"^1 seat left: computer players take it in \d+ s \(s: start now\)\.$")
    t.type("\x03")
    t.join()


def test_the_joiners_lobby_fits_80_columns(tmp_path):
    peers = Peers(tmp_path)
    try:
        host = peers.host(players=3, bots=0, name="hoster")
        t = command(["join", f"{host.addr}:{host.port}", "--code", host.code, "--home", str(tmp_path / "me"),
                     "--name", NICK], run_join, 80, 24)
        t.wait_text("Play this game? [y/N]")
        t.type("y")
        screen = t.wait_text("You accepted the game")
        whole(screen, r"^You accepted the game\. At the table \(2 of 3 seats taken\):$")
        whole(screen, rf"^  seat 1: {NICK} \[[0-9a-f-]{{19}}\]$")
        whole(screen, r"^Waiting for the host to fill 1 more seat \(people or computer players\)$")
        whole(screen, r"^and for every player to accept; the race begins then\.$")
        host.kill()
        with pytest.raises(CommandError, match="closed the lobby"):  # (one line, not a hang)
            t.join()
    finally:
        peers.cleanup()

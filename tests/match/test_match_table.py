"""A series on the table screen of a real joiner (typed through prompt_toolkit's pipe input, read back from
pyte at 80x24), the host and its computer player in their own processes over TCP: the standings between the
races (issue 21 item 2; SPEC 16.3), `s` for ready, the next race without typing the join line, and the final
standings on the end screen."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))

from kit.peers import Peers  # noqa: E402
from kit.screens import finish_with_auto, wait_until  # noqa: E402
from test_table_net import command  # noqa: E402

from snowp2p.commands.join import run as run_join  # noqa: E402
from snowp2p.ui.table import Table  # noqa: E402


def auto_until(t, done) -> None:
    """Answer `auto` to every question of the race until ``done()`` (the standings, or the end screen)."""
    while not done():
        wait_until(lambda: done() or (Table.last.asking is not None and Table.last.asks > t.answered),
                   "a question, or the race's end", timeout=180)
        if done():
            return
        t.line("auto")


def test_a_joiner_at_the_table_plays_a_series_with_standings_between_races(tmp_path):
    peers = Peers(tmp_path)
    try:
        host = peers.host(game="snowtails", players=2, bots=0, name="hoster",
                          extra=("--series", "first-race,s-bends", "--between", "0"))
        t = command(["join", f"{host.addr}:{host.port}", "--code", host.code, "--home", str(tmp_path / "me"),
                     "--name", "Ada", "--yes", "--between", "600"], run_join, cols=80, rows=24)
        t.wait_ask()
        auto_until(t, lambda: "Press s when you are ready" in t.term.text())
        screen = t.wait_text("Press s when you are ready")
        assert "Race 1 of 2 (first-race) is over." in screen
        assert "Totals after race 1 of 2:" in screen and "Next: race 2 of 2 on s-bends." in screen
        assert all(len(r) <= 80 for r in t.term.lines())
        t.type("s")  # ready: the next race, with no join line typed
        wait_until(lambda: "s-bends" in Table.last.title, "race 2", timeout=180)
        finish_with_auto(t, timeout=180)
        wait_until(lambda: getattr(Table.last, "end_info", None) is not None, "the end screen", timeout=180)
        how = "\n".join(Table.last.end_info["how"])
        assert "Final standings of the series:" in how and "wins the series (ST-E4" in how, how
        t.type("q")
        assert t.join() == 0
        assert host.wait() == 0, peers.describe()
    finally:
        peers.cleanup()


def test_the_host_at_the_table_hosts_a_series_with_standings_between_races(tmp_path):
    """The host's own table: race 1, the standings (s: ready; its computer player comes back by itself), race 2,
    the final standings on the end screen; no rematch is offered after a match."""
    from snowp2p.commands.host import run as run_host

    t = command(["host", "--game", "snowtails", "--players", "2", "--bots", "1", "--port", "0", "--no-announce",
                 "--home", str(tmp_path / "host"), "--name", "Ada", "--advertise", "127.0.0.1",
                 "--series", "first-race,s-bends", "--between", "600"], run_host, cols=80, rows=24)
    t.wait_ask()
    auto_until(t, lambda: "Press s when you are ready" in t.term.text())
    screen = t.wait_text("Press s when you are ready")
    assert "Race 1 of 2 (first-race) is over." in screen and "Next: race 2 of 2 on s-bends." in screen
    t.type("s")
    wait_until(lambda: "s-bends" in Table.last.title, "race 2", timeout=180)
    finish_with_auto(t, timeout=180)
    wait_until(lambda: getattr(Table.last, "end_info", None) is not None, "the end screen", timeout=180)
    how = "\n".join(Table.last.end_info["how"])
    assert "Final standings of the series:" in how and "wins the series (ST-E4" in how, how
    assert not getattr(Table.last, "offer_rematch", False)
    t.type("q")
    assert t.join() == 0

"""The standings between the races of a match on the table screen (protocol/SPEC.md 16.3; issue 21 item 2),
read off a virtual 80x24 terminal as a player would: the race result, the running totals (ST-E4), the next
track and the next start order (ST-S2), the countdown, and ``s`` for ready."""

from __future__ import annotations

import threading
import time

from kit.match import session, st_final
from kit.screens import Typist, wait_until

from snowp2p.commands.match import standings_lines
from snowp2p.games import find_game
from snowp2p.protocol.match import first_race
from snowp2p.ui.netscreen import NetTable
from snowp2p.ui.table import run_app

TRACKS = [("first-race", b"\x01" * 32), ("s-bends", b"\x02" * 32), ("forest", b"\x03" * 32)]


def _lines():
    names = ["Ada", "Bob", "Cy"]
    m0 = first_race(bytes(32), find_game("snowtails"), TRACKS)
    return standings_lines([session(st_final("first-race", names, (2, 0, 1), "s"), names)], m0)


def test_the_standings_screen_at_80x24_and_ready_with_s():
    ready = threading.Event()
    box = {}

    def fn(inp, out):
        nt = NetTable("join", pt_input=inp, pt_output=out)
        box["nt"] = nt

        async def driver(table):
            nt.show_standings(_lines(), time.monotonic() + 600, ready.set)
            await table._wait_done()

        return run_app(nt.table, driver)

    t = Typist(fn, 80, 24)
    try:
        screen = t.wait_text("Press s when you are ready")
        rows = t.term.lines()
        assert len(rows) == 24 and all(len(r) <= 80 for r in rows)
        assert "Race 1 of 3 (first-race) is over." in screen
        assert "Result: 1. Cy 5  2. Ada 3  3. Bob 2" in screen  # ST-E3
        assert "Totals after race 1 of 3:" in screen
        order = [r for r in rows if "points" in r]
        assert [r.split(".")[1].split()[0] for r in order] == ["Cy", "Ada", "Bob"], rows  # best first (ST-E4)
        assert "Next: race 2 of 3 on s-bends." in screen
        assert "from a player drawn at random (ST-S2)" in screen
        assert "the next race starts in" in screen and " s anyway." in screen
        assert not ready.is_set()
        t.type("s")
        wait_until(ready.is_set, "s to make the player ready")
    finally:
        t.stop()

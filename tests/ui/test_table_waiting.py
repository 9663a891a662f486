"""Issue 23, item 3 (the parts on this side of the network): every waiting screen names whom and what it
waits for, and counts — a player's move from the start of the turn, down from the game's move time when it
has one; the vote after a pause, down; the joiner's lobby is not the host's (no "s: start now")."""

from __future__ import annotations

import re
from types import SimpleNamespace

from kit.screens import Typist, wait_until
from test_table_screen import mid_race

from snowp2p.ui.netscreen import NetTable
from snowp2p.ui.table import run_app
from snowp2p.games import view_for


def net_table(state, settings: dict, paused: bool = False):
    """A NetTable over a stand-in session (what update_waiting reads), on a virtual terminal."""
    box = {}

    def fn(inp, out):
        nt = NetTable("join", pt_input=inp, pt_output=out)
        seat = state.public.current
        s = SimpleNamespace(state=state, me=(seat + 1) % 3, turn=7, nicks=["Ada", "Bob", "Cy"], bot_seats=set(),
                            roster=SimpleNamespace(body=SimpleNamespace(settings=settings)),
                            paused_on=lambda x: paused, quit=set())
        nt.session = s
        nt.game = SimpleNamespace(connected={0, 1, 2}, vote_after=40.0)
        nt.table.view = view_for("mush")
        nt.table.tags = {0: "human", 1: "human", 2: "human"}
        nt.table.viewer = s.me
        nt.table.show(state, ["…"])
        box["nt"] = nt

        async def driver(table):
            nt.update_waiting()
            await table._wait_done()

        return run_app(nt.table, driver)

    t = Typist(fn, 80, 24)
    wait_until(lambda: "nt" in box, "the table")
    return t, box["nt"]




def test_a_move_is_timed_from_the_start_of_the_turn_against_the_move_time():
    state, _ = mid_race()
    name = state.sled(state.public.current).name
    t, nt = net_table(state, {"move_time": 90})
    try:
        screen = t.wait_text("s left of 90 s")
        assert re.search(rf"Waiting for {name} \(human\) to play turn 7 — \d+ s left of 90 s", screen), screen
        # new wording for the same turn does not restart the clock (it counts from the turn's start)
        since = nt.table.waiting[2]
        nt.table.loop.call_soon_threadsafe(nt.update_waiting)
        wait_until(lambda: nt.table.waiting[2] == since, "the same clock")
    finally:
        t.stop()


def test_without_a_move_time_the_wait_counts_up():
    state, _ = mid_race()
    t, _ = net_table(state, {})
    try:
        screen = t.wait_text(" to play turn 7 — ")
        assert re.search(r"to play turn 7 — \d+ s$", screen, re.M) and "left of" not in screen
    finally:
        t.stop()


def test_a_pause_counts_down_to_the_vote():
    state, _ = mid_race()
    name = state.sled(state.public.current).name
    t, _ = net_table(state, {}, paused=True)
    try:
        screen = t.wait_text("is not answering")
        assert re.search(rf"{name} \(human\) is not answering \(game paused\): the others vote in \d+ s$", screen, re.M), screen
    finally:
        t.stop()


def test_the_joiners_lobby_has_no_host_keys():
    def fn(inp, out):
        nt = NetTable("join", pt_input=inp, pt_output=out)
        nt.joining("192.168.1.20:47470")

        async def driver(table):
            await table._wait_done()

        return run_app(nt.table, driver)

    t = Typist(fn, 80, 24)
    try:
        screen = t.wait_text("Joining the game at 192.168.1.20:47470")
        assert "s: start now" not in screen and "F2: the rules while you wait" in screen
    finally:
        t.stop()

"""The table rendered into a virtual terminal (pyte): what a player reads at 80×24 and 160×50, and after a resize."""

from __future__ import annotations

import re

import pytest
from kit.screens import Typist
from ui_helpers import new_game, play_bots

from snowp2p.games.sled import engine as S
from snowp2p.games.sled import board as B
from snowp2p.ui.table import Interrupted, Table, run_app
from snowp2p.games import view_for
from snowp2p.games.sled.view import sled_event_lines

SIZES = [(80, 24), (160, 50)]


def mid_race(game: str = "mush", actions: int = 9):
    """A state some turns into a race, and the event lines of those turns."""
    st = new_game(game, names=("Ada", "Bob", "Cy"))
    events = []
    from snowp2p.games.sled.bot import choose_action
    from snowp2p.core.drbg import Rand, derive

    for k in range(actions):
        a = choose_action(st, Rand(derive(b"t", k)))
        after = S.apply(st, a, Rand(derive(b"a", k)))
        events += sled_event_lines(st, a, after)
        st = after
    return st, events


def open_table(view, state, events, cols, rows, *, ask_seat=None, tags=None, viewer=None, setup=None):
    """A table on a virtual terminal, in a thread; returns the Typist (the table waits until told to end)."""

    def fn(inp, out):
        t = Table(view, tags=tags or {0: "you", 1: "computer", 2: "human"}, viewer=viewer, pt_input=inp, pt_output=out)
        t.show(state, events)
        if setup is not None:
            setup(t)

        async def driver(table):
            if ask_seat is not None:
                return await table.ask(state, ask_seat)
            await table._wait_done()

        return run_app(t, driver)

    return Typist(fn, cols, rows)


def board_rows(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if re.match(r"^\s*\d+ ", ln) and "│" in ln]


@pytest.mark.parametrize("cols,rows", SIZES)
def test_sled_table_header_board_events_hand(cols, rows):
    state, events = mid_race()
    seat = state.public.current
    t = open_table(view_for("mush"), state, events, cols, rows, ask_seat=seat, viewer=seat)
    t.wait_ask()
    screen = t.settle()
    lines = t.term.lines()
    assert len(lines) == rows and all(len(ln) <= cols for ln in lines)
    name = state.sled(seat).name
    mark = B.sled_marks(state)[seat]
    assert lines[0].startswith(" Mush! Mush! ") and f"round {state.public.round}" in lines[0] and name in lines[0]
    assert "Your turn:" in lines[1]
    # the sled to act is on the visible board
    assert any(f" {mark} " in r or f"{mark}" in r[4:] for r in board_rows(screen)), screen
    # the newest event line is there, and the hand, and the input line
    assert events[-1].strip()[:30] in screen.replace("\n", " ") or events[-1][:20] in screen
    assert f"Your hand ({name})" in screen
    assert f"{name} ›" in screen
    t.type("\x03")
    with pytest.raises(Interrupted):  # Ctrl-C: the table ends its command
        t.join()


def test_resize_relays_out_without_losing_anything():
    state, events = mid_race()
    seat = state.public.current
    t = open_table(view_for("mush"), state, events, 80, 24, ask_seat=seat, viewer=seat)
    t.wait_ask()
    name = state.sled(seat).name
    must = ["Mush! Mush!", "Your turn:", f"Your hand ({name})", f"{name} ›", "Events"]

    def check(cols, rows):
        screen = t.settle()
        assert len(t.term.lines()) == rows
        for m in must:
            assert m in screen, (m, screen)
        return screen

    small = check(80, 24)
    for cols, rows in [(160, 50), (100, 30), (80, 24)]:
        t.resize(cols, rows)
        check(cols, rows)
    # the wider screen shows more of the event log than the small one
    t.resize(160, 50)
    big = check(160, 50)
    assert sum(ev[:25] in big for ev in events) >= sum(ev[:25] in small for ev in events)
    t.type("\x03")
    with pytest.raises(Interrupted):  # Ctrl-C: the table ends its command
        t.join()


@pytest.mark.parametrize("cols,rows", SIZES)
def test_waiting_line_names_whom_and_for_how_long(cols, rows):
    state, events = mid_race()
    seat = state.public.current
    name = state.sled(seat).name
    t = open_table(view_for("mush"), state, events, cols, rows, viewer=0,
                   setup=lambda tb: tb.wait_for(seat, f"Waiting for {name} (human) to move"))
    screen = t.wait_text(f"Waiting for {name} (human) to move — ")
    assert re.search(rf"Waiting for {name} \(human\) to move — \d+ s", screen)
    assert "(not your turn)" in screen
    # typing while waiting keeps the line for later and says so
    t.type("L3 FF\r")
    assert "Kept for your turn: 'L3 FF'" in t.wait_text("Kept for your turn")
    t.type("\x03")
    with pytest.raises(Interrupted):  # Ctrl-C: the table ends its command
        t.join()


@pytest.mark.parametrize("cols,rows", SIZES)
def test_end_screen_places_points_and_commands(cols, rows):
    from snowp2p.ui.tableplay import end_info

    state = play_bots(new_game("snowtails", names=("Ada", "Bob", "Cy")), 2000)
    assert state.is_over
    view = view_for("snowtails")
    info = end_info(view, state, ["Seed 7 (replay this race with --seed 7):", "  /x/snowp2p play --seed 7"])

    def setup(tb):
        tb.mode = "end"
        tb.end_info = info

    t = open_table(view, state, [], cols, rows, setup=setup)
    screen = t.wait_text("Final places:")
    pts = S.points(state)
    first = S.final_places(state)[0]
    assert re.search(rf"1\. {state.sled(first).name}\s+{pts[first]} points?", screen)
    assert "the game is over" in screen
    assert "s: save a picture" in screen
    assert "/x/snowp2p play --seed 7" in screen or cols < 100  # the commands are in the log pane
    t.type("q")
    t.join()


@pytest.mark.parametrize("cols,rows", SIZES)
def test_snake_table(cols, rows):
    from snowp2p.games.snake import engine as N
    from snowp2p.games.snake.tiles import load_tiles
    from snowp2p.core.drbg import Rand, derive

    st = N.new_game(["Ada", "Bob"], Rand(b"s"), N.SnakeRules(), load_tiles())
    for k in range(6):
        acts = N.legal_actions(st)
        st = N.apply(st, acts[0], Rand(derive(b"k", k)))
    seat = st.public.current
    t = open_table(view_for("snake"), st, ["Ada lays …"], cols, rows, ask_seat=seat)
    t.wait_ask()
    screen = t.settle()
    assert screen.splitlines()[0].startswith(" Snake Carnival ")
    assert "Your turn: lay a tile" in screen or "Your turn: nothing can be laid" in screen
    assert "◌" in screen  # the board follows the seat to act: one of its open ends is in view
    assert "score" in screen
    t.type("\x03")
    with pytest.raises(Interrupted):  # Ctrl-C: the table ends its command
        t.join()

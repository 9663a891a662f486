"""Issue 23, item 4: Snake Carnival readable at 80×24 — the board shows where play is (the open end of the
player to act, the tile previewed), a legend names every mark, and an error is never hidden by the menu."""

from __future__ import annotations

from kit.screens import wait_until
from test_table_screen import open_table

from snowp2p.games.snake.bot import choose_snake_action
from snowp2p.games.snake import engine as N
from snowp2p.games.snake.tiles import load_tiles
from snowp2p.core.drbg import Rand, derive
from snowp2p.ui.table import Table
from snowp2p.games import view_for


def mid_game(turns: int = 24, players: int = 3):
    st = N.new_game([f"P{i}" for i in range(players)], Rand(b"screen"), N.SnakeRules(), load_tiles())
    for k in range(turns):
        st = N.apply(st, choose_snake_action(st, Rand(derive(b"pick", k))), Rand(derive(b"apply", k)))
    return st


def test_snake_at_80x24_legend_open_end_and_cells():
    st = mid_game()
    seat = st.public.current
    t = open_table(view_for("snake"), st, ["P0 lays a tile"], 80, 24, ask_seat=seat, viewer=seat)
    t.wait_ask()
    try:
        screen = t.settle()
        lines = screen.splitlines()
        assert all(len(ln) <= 80 for ln in lines)
        assert "⌂ home" in screen and "♦ diamond" in screen and "✖ trouble" in screen  # the legend
        # the board: at least 4 rows of cells (each 3 text rows, the y ruler on the middle one)
        ys = [ln for ln in lines if ln[:5].strip().lstrip("-").isdigit()]
        assert len(ys) >= 3, screen
        # the player to act sees an open end of one of their snakes (◌ and its colour's letter)
        assert "◌" in screen, screen
    finally:
        t.stop()


def test_an_error_closes_the_menu_so_it_is_read():
    st = mid_game(6)
    while not any(isinstance(a, N.Place) for a in N.legal_actions(st)):  # (bots' choices vary by process)
        st = N.apply(st, choose_snake_action(st, Rand(b"more")), Rand(b"more"))
    seat = st.public.current
    first = next(sg.text for sg in view_for("snake").turn(st, seat).suggest("") if sg.text not in ("auto", "help"))
    t = open_table(view_for("snake"), st, [], 80, 24, ask_seat=seat, viewer=seat)
    t.wait_ask()
    try:
        t.type(first[0])  # the menu opens while typing
        wait_until(lambda: Table.last.buffer.complete_state is not None, "the menu")
        t.type(" nonsense\r")
        wait_until(lambda: Table.last.notice[1] != "", "the error line")
        screen = t.settle()
        assert Table.last.buffer.complete_state is None or not Table.last.buffer.complete_state.completions
        assert Table.last.notice[1][:30] in screen
    finally:
        t.stop()

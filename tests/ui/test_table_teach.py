"""Issue 23, items 1, 2, 5 and 6: a table that teaches — read at 80×24 in a virtual terminal (pyte), as a player.

The rules page (F2 or `rules`) over the whole table, scrolling and closing with Esc or q without typing the
key; the help page the same way; the hand's cards with their meaning; the one-line "why" under every
preview; the balance bonus (ST-B1) and the bonus die (MM-B4) offered by default and named when left; the
"Try:" line for a newcomer; the final results that a stray Enter does not skip."""

from __future__ import annotations

import re

from kit.screens import Typist, wait_until
from test_table_screen import open_table
from ui_helpers import new_game, play_bots

from snowp2p.games.sled import engine as S
from snowp2p.games.sled.movetext import best_bonus, format_action
from snowp2p.ui.table import Table
from snowp2p.games import view_for


def bonus_turn(game: str = "snowtails"):
    """A state whose player to act can take a bonus that costs nothing, and that move typed without it."""
    for seed in range(40):
        st = new_game(game, seed=b"teach-%d" % seed)
        for k in range(60):
            if st.is_over:
                break
            if st.public.phase == S.PH_MOVE and not st.sled(st.public.current).first_turn:
                for mv in S.legal_moves(st):
                    if mv.bonus:
                        plain = S.Move(mv.seat, mv.play, mv.path, 0, mv.origin)
                        if best_bonus(st, plain)[0]:
                            return st, plain
            st = play_bots(st, 1, seed=b"teach-%d-%d" % (seed, k))
    raise AssertionError("no state with a free bonus found")


def table_at(state, cols=80, rows=24) -> Typist:
    seat = state.public.current
    t = open_table(view_for(state.game), state, [], cols, rows, ask_seat=seat, viewer=seat)
    t.wait_ask()
    return t




def test_rules_page_opens_scrolls_and_closes_without_typing_the_key():
    state, _ = bonus_turn()
    t = table_at(state)
    try:
        t.type("\x1bOQ")  # F2
        screen = t.wait_text("the rules in one page")
        assert "SNOW TAILS" in screen and "Speed = left dog + right dog - brake" in screen
        last = [ln for ln in screen.splitlines() if ln.strip()][-1]
        assert "Esc" in last and "scroll" in last
        assert all(len(ln) <= 80 for ln in t.term.lines())
        # it scrolls: the damage rules are further down
        assert "FIFTH damage card" not in screen
        t.type("\x1b[6~")  # PgDn
        wait_until(lambda: "FIFTH damage card" in t.term.text(), "the page to scroll")
        # q closes it and is not typed; what is typed next goes to the command line as typed
        t.type("q")
        wait_until(lambda: Table.last.overlay is None, "the page to close")
        screen = t.settle()
        assert "the rules in one page" not in screen and "Your turn:" in screen
        t.type("start 3")
        wait_until(lambda: "start 3" in t.term.text(), "the typed line")
        assert Table.last.buffer.text == "start 3"  # not "qstart 3" (issue 23, item 5)
    finally:
        t.stop()


def test_rules_command_and_help_page_keep_the_keys_typed_there():
    state, plain = bonus_turn("mush")
    t = table_at(state)
    try:
        t.type("rules\r")
        screen = t.wait_text("MUSH! MUSH!: the rules in one page")
        assert "bonus die" in screen
        t.type("\x1b")  # Esc
        wait_until(lambda: Table.last.overlay is None, "Esc to close the rules")
        t.type("help\r")
        screen = t.wait_text("KEYS AT THE TABLE")
        assert "F2 or `rules`" in screen and "How to type your turn" in t.term.text() + "".join(
            Table.last.overlay["lines"])
        # the page eats no keys: a move typed on it lands on the command line, Enter plays it (closing the page)
        line = format_action(plain)
        t.type(line)
        wait_until(lambda: Table.last.buffer.text == line, "the move on the command line")
        t.type("\r")
        wait_until(lambda: Table.last.overlay is None and Table.last.confirm is not None, "the preview")
        assert "Go? [Y/n]" in t.settle()
    finally:
        t.stop()


def test_preview_offers_the_best_bonus_and_says_why():
    state, plain = bonus_turn("snowtails")
    offered = best_bonus(state, plain)[0]
    t = table_at(state)
    try:
        t.type(format_action(plain) + "\r")  # typed without a bonus
        wait_until(lambda: Table.last.confirm is not None, "the preview")
        screen = t.settle()
        lines = [ln for ln in screen.splitlines() if ln.strip()]
        assert f"+{offered}" in lines[1]  # the move previewed takes the bonus
        why = lines[-1]
        assert why.startswith("why: speed ") and "= dogs " in why and "brake" in why
        assert f"balance bonus +{offered} taken" in screen
        t.type("n\r")
        # +0 leaves it, and the preview says so
        wait_until(lambda: Table.last.confirm is None, "the preview to close")
        t.type(format_action(plain) + " +0\r")
        wait_until(lambda: Table.last.confirm is not None, "the second preview")
        screen = t.settle()
        assert f"bonus +{offered} LEFT UNUSED" in screen
    finally:
        t.stop()


def test_hand_shows_cards_with_their_meaning_and_a_try_line():
    state, _ = bonus_turn("snowtails")
    t = table_at(state)
    try:
        screen = t.settle()
        name = state.sled(state.public.current).name
        hand = next(ln for ln in screen.splitlines() if ln.startswith(f"Your hand ({name})"))
        assert "dog cards" in hand and "on the sled: dogs" in hand and "speed" in hand
        last = [ln for ln in screen.splitlines() if ln.strip()][-1]
        assert re.search(r"^Try: ", last), screen
        assert "F2: rules" in last
    finally:
        t.stop()


def test_stray_enter_does_not_skip_the_final_results():
    from test_table_screen import open_table as ot

    st = play_bots(new_game("snowtails"), 400)
    assert st.is_over

    def setup(tb):
        tb.end_info = {"headline": "The game is over.", "rows": view_for("snowtails").result(st), "how": [],
                       "commands": []}
        tb.mode = "end"

    t = ot(view_for("snowtails"), st, [], 80, 24, setup=setup)
    t.wait_text("Final places:")
    t.type("\r")
    t.wait_text("q leaves them")
    assert "Final places:" in t.term.text()
    t.type("q")
    t.join()


def test_a_move_typed_ahead_is_shown_on_its_board_and_asked_for():
    """Item 6: a move typed before one's turn (and a stray Enter after it) is never played unseen."""
    import asyncio

    from snowp2p.ui.table import run_app

    state, plain = bonus_turn("snowtails")
    seat = state.public.current
    line = format_action(plain) + " +0"

    def fn(inp, out):
        t = Table(view_for("snowtails"), tags={}, viewer=seat, pt_input=inp, pt_output=out)
        t.show(state, [])
        t.wait_for((seat + 1) % 3, "Waiting for Bob (human) to play")

        async def driver(table):
            table.go = asyncio.get_running_loop().create_future()
            await table.go
            return await table.ask(state, seat)

        return run_app(t, driver)

    t = Typist(fn, 80, 24)
    wait_until(lambda: hasattr(t.table, "go"), "the table")
    t.type(line + "\r")
    t.wait_text("Kept for your turn")
    t.type("\r")  # a stray Enter, also before the turn
    wait_until(lambda: len(Table.last.typed_ahead) == 2, "both lines kept")
    tb = Table.last
    tb.loop.call_soon_threadsafe(tb.go.set_result, None)  # the turn comes
    screen = t.wait_text("Typed before your turn:")
    assert "[y/N]" in screen and "typed ahead were dropped" in screen
    assert not t.finished  # nothing played yet
    assert line.split()[0] in screen
    t.type("y\r")
    assert t.join() == plain

"""Driving ``snowp2p play`` on the table: whole turns typed through prompt_toolkit's pipe input, read back from pyte."""

from __future__ import annotations

import re

from kit.screens import Typist, finish_with_auto, move, wait_until
from ui_helpers import MM_TRACK, ST_TRACK

from snowp2p.cli import build_parser
from snowp2p.games.sled import engine as S
from snowp2p.games.sled.movetext import format_action
from snowp2p.commands.play import run as run_play  # (the play command: played by sessions, logged)
from snowp2p.ui.table import Table


def start(argv, cols=80, rows=24) -> Typist:
    args = build_parser().parse_args(["play", *argv])
    return Typist(lambda i, o: run_play(args, pt_input=i, pt_output=o), cols, rows)




def leave_end_screen(t: Typist) -> str:
    t.wait_mode("end")
    screen = t.settle()
    t.type("q")
    assert t.join() == 0
    return screen


def test_snowtails_start_position_move_refill_and_end_screen():
    t = start(["--track", str(ST_TRACK), "--seed", "5", "--name", "Ada", "--bots", "2"])
    ask = t.wait_ask()
    assert ask.state.public.phase == S.PH_START
    assert "Your turn: type a free start position" in t.settle()
    free = [a.position for a in S.legal_actions(ask.state)]
    t.line(f"start {free[-1]}")
    # a move: typed, previewed on the board, `n` refuses it, then typed again and confirmed
    while True:
        ask = t.wait_ask()
        if ask.state.public.phase == S.PH_MOVE:
            break
        t.line("auto")
    mv = S.legal_moves(ask.state)[-1]
    move(t, format_action(mv), "n")
    assert "Not played" in t.wait_text("Not played")
    move(t, format_action(mv), again=True)
    # the refill: discard a card by value
    while True:
        ask = t.wait_ask()
        if ask.state.public.phase == S.PH_REFILL and any(r.discard for r in S.refill_options(ask.state)):
            break
        t.line("auto")
    screen = t.settle()
    assert "Your turn: refill:" in screen
    r = next(r for r in S.refill_options(ask.state) if r.discard)
    t.line(format_action(r))
    # (the answer is taken before its event lines are shown: wait for the line, not for the question to close)
    wait_until(lambda: any("Ada discards" in e for e in Table.last.events), "the refill's event line")
    finish_with_auto(t)
    screen = leave_end_screen(t)
    assert "Final places:" in screen and re.search(r"\d+ points?", screen)
    assert "the game is over" in screen


def test_mush_first_turn_origin_and_bonus():
    t = start(["--game", "mush", "--track", str(MM_TRACK), "--seed", "3", "--name", "Ada", "--bots", "2"])
    while True:
        ask = t.wait_ask()
        if ask.state.public.phase == S.PH_MOVE and ask.state.public.current == 0:
            break
        t.line("auto")
    assert "@N (your start lane" in t.settle()  # the first turn teaches the origin
    moves = [m for m in S.legal_moves(ask.state) if m.origin is not None and m.bonus]
    mv = moves[0]
    text = format_action(mv)
    assert f"@{mv.origin}" in text and f"+{mv.bonus}" in text
    move(t, text)
    wait_until(lambda: any("[played" in e and "Ada" in e for e in Table.last.events), "Ada's move in the events")
    line = next(e for e in Table.last.events if e.startswith("Ada moved"))
    assert f"bonus +{mv.bonus}" in line
    t.type("\x03")
    assert t.join() == 130


def test_tree_placement_before_the_race():
    t = start(["--track", str(ST_TRACK), "--seed", "8", "--name", "Ada", "--bots", "1", "--extra-trees", "2"])
    ask = t.wait_ask()
    while ask.state.public.phase != S.PH_TREES or ask.state.public.current != 0:
        t.line("auto")
        ask = t.wait_ask()
    assert "Your turn: type where your tree goes" in t.settle()
    a = S.legal_actions(ask.state)[3]
    t.line(format_action(a, ask.state.track))
    wait_until(lambda: any("tree" in e for e in Table.last.events), "the tree in the events")
    assert a.space not in ask.state.public.trees
    t.type("\x03")
    assert t.join() == 130


def test_quit_asks_first_then_leaves():
    t = start(["--game", "mush", "--track", str(MM_TRACK), "--seed", "2", "--name", "Ada"])
    t.line("quit")
    assert "Leave the race? [y/N]" in t.wait_text("Leave the race?")
    t.type("n\r")
    assert "You stay at the table" in t.wait_text("You stay")
    assert not t.finished
    t.type("quit\r")
    t.wait_text("Leave the race?")
    t.type("y\r")
    assert t.join() == 0
    assert "You left the race." in t.term.text() or True  # printed after the table closes


def test_ctrl_d_asks_too():
    t = start(["--game", "mush", "--track", str(MM_TRACK), "--seed", "2", "--name", "Ada"])
    t.wait_ask()
    t.type("\x04")
    t.wait_text("Leave the race?")
    t.type("y\r")
    assert t.join() == 0


def test_snake_placement_and_end():
    t = start(["--game", "snake", "--seed", "4", "--name", "Ada", "--bots", "1"], 100, 40)
    from snowp2p.games.snake import engine as N
    from snowp2p.games.snake.movetext import format_place

    ask = t.wait_ask()
    acts = [a for a in N.legal_actions(ask.state) if isinstance(a, N.Place)]
    text = format_place(ask.state, acts[0])
    move(t, text)
    wait_until(lambda: len(Table.last.events) >= 1, "the placement in the events")
    assert Table.last.events[0].startswith("Ada")
    finish_with_auto(t)
    screen = leave_end_screen(t)
    assert "Final places:" in screen and "points" in screen


def test_snake_pass_refused_while_a_tile_fits_then_typed_when_stuck():
    """SC-T2: `pass` is refused (one line) while a placement exists; typed when none does, it draws."""
    from snowp2p.games.snake import engine as N

    t = start(["--game", "snake", "--seed", "4", "--name", "Ada", "--bots", "1"], 100, 40)
    refused = passed = False
    while not passed:
        ask = t.wait_ask()
        assert ask is not None and Table.last.mode != "end", "the game ended before Ada had to pass"
        legal = N.legal_actions(ask.state)
        stuck = ask.state.public.phase == N.PH_PLAY and all(isinstance(a, N.Pass) for a in legal)
        if stuck:
            before = len(Table.last.events)
            t.line("pass")
            wait_until(lambda before=before: any("Ada passes" in e for e in Table.last.events[before:]),
                       "Ada's pass in the events")
            passed = True
        elif not refused and ask.state.public.phase == N.PH_PLAY:
            t.line("pass")
            wait_until(lambda: Table.last.notice[1] != "", "the refusal of `pass`")
            assert "pass" in Table.last.notice[1].lower() or "place" in Table.last.notice[1].lower(), Table.last.notice
            assert Table.last.asking is not None  # still Ada's turn, nothing lost
            refused = True
            t.type("auto\r")
            t.answered = Table.last.asks
        else:
            t.line("auto")
    assert refused
    finish_with_auto(t)
    leave_end_screen(t)


def test_hot_seat_hides_hands_between_players():
    t = start(["--track", str(ST_TRACK), "--seed", "4", "--humans", "2", "--name", "Ann", "--name", "Ben",
               "--bots", "0"])
    ask = t.wait_ask()
    assert ask.seat == -1  # the pass-the-keyboard screen
    screen = t.settle()
    assert "Pass the keyboard to" in screen and "Your hand" not in screen
    t.line("")
    ask = t.wait_ask()
    assert ask.seat in (0, 1)
    assert "Your hand" in t.settle()
    t.type("\x03")
    assert t.join() == 130


def test_svg_key_on_the_end_screen(tmp_path, monkeypatch):
    import xml.etree.ElementTree as ET

    monkeypatch.chdir(tmp_path)
    t = start(["--game", "mush", "--track", str(MM_TRACK), "--seed", "6", "--name", "Ada", "--bots", "1"])
    finish_with_auto(t)
    t.type("s")
    t.wait_text("wrote /")
    t.type("q")
    assert t.join() == 0
    root = ET.parse(tmp_path / "snowp2p-mush-6.svg").getroot()
    assert root.tag.endswith("svg")
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert len(root.findall(".//s:polyline[@class='trail']", ns)) == 2  # each sled's trail


def test_series_on_the_table_totals_between_races_and_standings_at_the_end():
    t = start(["--series", "first-race,s-bends", "--seed", "4", "--name", "Ada", "--bots", "1"])
    while True:
        ask = t.wait_ask()
        if Table.last.mode == "end":
            break
        if ask.seat == -1:  # between races
            assert "Totals after race 1 of 2:" in "\n".join(Table.last.events)
            assert "Press Enter for the next race" in t.settle()
        t.line("auto")
        wait_until(lambda: Table.last.mode == "end" or Table.last.asks > t.answered, "the next question")
        if Table.last.mode == "end":
            break
    screen = leave_end_screen(t)
    assert "Final standings:" in screen and "The series is over." in screen

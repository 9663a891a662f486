"""The plain renderer (ui/plain.py): ``--plain`` and non-terminal output print the View the table draws.

Networked ``--plain`` (PlainNet, the decide a networked game runs in a worker thread): the agreed turns'
event lines come from the view of the game object the session holds, the seat's turn is the view's
turn, and leaving hands the seat to the computer player for good.
"""

from __future__ import annotations

import io
from types import SimpleNamespace

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput
from test_table_screen import mid_race

from snowp2p.games import find_game
from snowp2p.games.sled import engine as S
from snowp2p.ui.plain import PlainNet


def _net_game(kind: str):
    return SimpleNamespace(session=SimpleNamespace(game=find_game(kind)))


def _turn(before, action, after, description="x"):
    return SimpleNamespace(move=(before, action, after), state=after, description=description, turn=1)


def test_plain_net_turn_shows_the_views_lines_and_takes_a_typed_move():
    state, _ = mid_race("mush", 9)
    seat = state.public.current
    name = state.sled(seat).name
    buf = io.StringIO()
    with create_pipe_input() as inp:
        net = PlainNet("Mush! Mush!", pt_input=inp, pt_output=PlainTextOutput(buf))
        net.on_turn(_net_game("mush"), SimpleNamespace(move=None, state=state, description="", turn=0))
        inp.send_text("xyzzy\rauto\r")
        action = net.decide(state, seat)
    out = buf.getvalue()
    assert S.apply(state, action, _rand()) is not None  # a legal action
    assert f"Your hand ({name})" in out  # the view's hand
    assert "━━ Mush! Mush! · round" in out and name in out  # the header: title, round, seat
    assert "auto:" in out
    assert not net.left


def test_plain_net_quit_hands_the_seat_to_the_computer():
    state, _ = mid_race("snowtails", 6)
    seat = state.public.current
    buf = io.StringIO()
    with create_pipe_input() as inp:
        net = PlainNet("Snow Tails", pt_input=inp, pt_output=PlainTextOutput(buf))
        before = state
        net.on_turn(_net_game("snowtails"), SimpleNamespace(move=None, state=before, description="", turn=0))
        inp.send_text("quit\r")
        action = net.decide(state, seat)
        again = net.decide(state, seat)  # no prompt: the computer plays the seat from now on
    assert net.left
    assert "You left the table: a computer player plays your seat from now on." in buf.getvalue()
    for a in (action, again):
        S.apply(state, a, _rand())


def test_plain_net_keeps_the_others_turns_for_the_next_turn():
    from snowp2p.games.sled.bot import choose_action
    from snowp2p.core.drbg import Rand

    state, _ = mid_race("mush", 6)
    action = choose_action(state, Rand(b"k" * 32))
    after = S.apply(state, action, Rand(b"a" * 32))
    seat = after.public.current
    buf = io.StringIO()
    with create_pipe_input() as inp:
        net = PlainNet("Mush! Mush!", pt_input=inp, pt_output=PlainTextOutput(buf))
        game = _net_game("mush")
        net.on_turn(game, SimpleNamespace(move=None, state=state, description="", turn=0))
        net.on_turn(game, _turn(state, action, after))
        inp.send_text("quit\r")
        net.decide(after, seat)
    lines = find_game("mush").view().events(state, action, after)
    assert lines and lines[0] in buf.getvalue()  # the view's event lines, not the bare description


def test_plain_play_is_the_table_view_for_snake_carnival():
    """``play --game snake`` on a non-terminal: the view's status lines and board legend, no screen of its own."""
    from snowp2p.cli import build_parser
    from snowp2p.commands.play import run as run_play

    args = build_parser().parse_args(["play", "--game", "snake", "--bots", "1", "--seed", "3", "--name", "Ada"])
    buf = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text("rules\r" + "auto\r" * 200)
        inp.close()
        rc = run_play(args, pt_input=inp, pt_output=PlainTextOutput(buf))
    out = buf.getvalue()
    assert rc == 0
    assert "SNAKE CARNIVAL: the rules in one page" in out  # the view's rules page
    assert "open end" in out  # the view's board legend
    assert "Final places:" in out and "Seed 3" in out


def _rand():
    from snowp2p.core.drbg import Rand

    return Rand(b"c" * 32)

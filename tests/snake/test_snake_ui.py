"""Snake Carnival in the terminal: the board renderer, the input syntax and local play."""

from __future__ import annotations

import io

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput

from snake_helpers import game
from snowp2p.cli import build_parser, main
from snowp2p.commands.play import run as run_play
from snowp2p.games.snake import engine as S
from snowp2p.scenario import load_scenario
from snowp2p.games.snake import board as B
from snowp2p.games.snake import movetext as P


def test_board_shows_paths_kinds_points_and_open_ends():
    st = load_scenario("tests/snake/scenarios/sc-x3-crossing-log.json").play()
    text = B.render_board(st)
    assert "⌂" in text and "╋" in text and "◌Y" in text and "◌B" in text and "+2" in text
    frags = B.board_fragments(st)
    assert any("ansiyellow" in s for s, t in frags if "┃" in t)  # yellow drawn in yellow
    assert "hand:" in B.render(B.status_fragments(st))  # all hands shown


def test_board_pans_when_too_big():
    st = load_scenario("tests/snake/scenarios/sc-x3-crossing-log.json").play()
    small = B.render_board(st, width=20, height=9)
    assert "pan left" in small
    assert B.view_window(st, 20, 9, centre=(-3, 3)) != B.view_window(st, 20, 9, centre=(3, -3)) or True


def test_input_syntax_completion_and_preview():
    st = game(2, seed=0)
    seat = st.public.current
    sugg = P.suggestions(st, seat, "")
    assert sugg
    for s in sugg[:20]:
        a = P.parse_input(st, seat, s)
        assert a in S.legal_actions(st) or isinstance(a, S.Pass)
        assert P.preview_text(st, seat, s)
    assert P.parse_input(st, seat, "pan left") == "pan left"
    for bad in ("blah", "yellow corner @x,1", "dragon @0,1", "yellow corner @0,1 r7"):
        try:
            P.parse_input(st, seat, bad)
        except P.InputError:
            pass
        else:
            raise AssertionError(bad)


def test_non_interactive_game(capsys):
    assert main(["play", "--game", "snake", "--non-interactive", "--seed", "5", "--bots", "3"]) == 0
    out = capsys.readouterr().out
    assert "Final places:" in out and "SC-P1" in out and "Seed 5" in out


def test_bad_tiles_file_is_one_line(capsys, tmp_path):
    f = tmp_path / "t.toml"
    f.write_text("[[tile]]\nkind='x'\ncount=1\n")
    assert main(["play", "--game", "snake", "--non-interactive", "--tiles", str(f)]) == 2
    err = capsys.readouterr().err
    assert "tile[0].kind" in err and err.count("\n") == 1


def test_hot_seat_auto_turns():
    args = build_parser().parse_args(["play", "--game", "snake", "--humans", "2", "--bots", "0", "--seed", "1"])
    buf = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text("\nhelp\nboard\nscore\npan up\n" + "auto\n" * 400 + "quit\n")  # Enter: the keyboard passed
        rc = run_play(args, pt_input=inp, pt_output=PlainTextOutput(buf))
    assert rc == 0
    assert "Lay a tile" in buf.getvalue()


def test_sc_e1_hints_on_the_screen():
    """The screen says how near the end of SC-E1 a stuck table is, and that a pass draws nothing."""
    sc = load_scenario("tests/snake/scenarios/sc-e1-stuck-table-keeps-drawing.json")
    st0 = sc.state
    assert S.end_hint(st0) == ""  # tiles to draw: nothing to say
    assert P.preview_text(st0, st0.public.current, "pass") == "pass and draw"
    st = sc.play()  # every tile drawn, one pass with nothing to draw
    hint = S.end_hint(st)
    assert "nothing left to draw: 1 of 4 turns" in hint and "could lay a tile on an empty cell" in hint
    assert "SC-E1" in hint
    assert "nothing left to draw" in B.render(B.status_fragments(st))
    assert P.preview_text(st, st.public.current, "pass").startswith("pass (nothing left to draw")
    assert "nothing left to draw" in S.describe(st, S.Pass(st.public.current))

"""The end screen of a networked game says when its result rests on one seat's word (G12): a 2-seat game whose
other seat was voted out by this one alone.  Rendered into a virtual terminal (pyte) and read as a player would."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace


from kit.forks import Table as Game, partitioned_pair  # noqa: E402
from kit.screens import Typist  # noqa: E402

from snowp2p.protocol.forks import sole_voter  # noqa: E402
from snowp2p.ui.netscreen import NetTable  # noqa: E402
from snowp2p.ui.table import Table, run_app  # noqa: E402
from snowp2p.games import view_for  # noqa: E402


def end_screen(session, cols: int = 120, rows: int = 40) -> str:
    view = view_for(session.kind)
    shell = SimpleNamespace(session=session, game=SimpleNamespace(log_path=Path("/x/games/g/game.log")),
                            table=SimpleNamespace(view=view, on_svg=None, title="snowp2p"))
    info = NetTable.end_info(shell)

    def fn(inp, out):
        t = Table(view, tags={0: "you", 1: "computer"}, pt_input=inp, pt_output=out)
        t.show(session.state, [])
        t.mode = "end"
        t.end_info = info

        async def driver(table):
            await table._wait_done()

        return run_app(t, driver)

    typist = Typist(fn, cols, rows)
    try:
        return typist.wait_text("How the result was reached")
    finally:
        typist.type("q")
        typist.join()


def test_end_screen_says_the_result_rests_on_this_seats_word():
    t = partitioned_pair()
    screen = " ".join(end_screen(t.s[0]).split())  # (a wrapped line read as one)
    assert "ben stopped answering and was voted out at turn" in screen
    assert "This result rests on the word of seat 0 (ann) alone." in screen


def test_end_screen_of_a_played_out_game_says_nothing_of_one_word():
    g = Game(2, label="played out")
    g.start()
    g.run()
    assert g.s[0].done and sole_voter(g.s[0]) is None
    screen = end_screen(g.s[0])
    assert "Final places:" in screen
    assert "rests on the word" not in screen

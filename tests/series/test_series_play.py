"""``snowp2p play --series``: a Snow Tails series (ST-E4) and a Mush! Mush! tournament (MM-T1..MM-T4)."""

from __future__ import annotations

import io
import re

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput

from snowp2p.cli import build_parser, main
from snowp2p.commands.play import run as run_play  # (the play command: played by sessions, logged)


def _batch(capsys, *argv):
    rc = run_play(build_parser().parse_args(["play", "--non-interactive", *argv]))
    out, err = capsys.readouterr()
    return rc, out, err


def _standings(out: str, heading: str = "Final standings:") -> list[tuple[str, int]]:
    block = out.split(heading, 1)[1].splitlines()[1:]
    rows = []
    for line in block:
        m = re.match(r"\s+\d+\. (\S+)\s+(\d+) points?", line)
        if not m:
            break
        rows.append((m.group(1), int(m.group(2))))
    return rows


def _race_places(out: str) -> list[list[str]]:
    races = []
    for block in out.split("Final places:")[1:]:
        names = []
        for line in block.splitlines()[1:]:
            m = re.match(r"\s+(?:\d+\.|-)\s+(\S+)", line)
            if not m:
                break
            names.append(m.group(1))
        races.append(names)
    return races


def test_mm_t1_t4_whole_tournament_non_interactive(capsys):
    """MM-T1: three races, 10/7/5/4 points; MM-T3: reversed start order; MM-T4: final standings by total."""
    rc, out, err = _batch(capsys, "--game", "mush", "--series", "mush-first-race,hairpin,canyon", "--seed", "5")
    assert rc == 0, err
    assert out.count("== Race ") == 3
    assert "== Race 1 of 3: mush-first-race ==" in out and "== Race 3 of 3: canyon ==" in out
    assert "Totals after race 1 of 3:" in out and "Totals after race 2 of 3:" in out
    assert "Final standings:" in out and "replay this tournament with --seed 5" in out
    places = _race_places(out)
    assert len(places) == 3
    starts = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("Start order: ")]
    assert len(starts) == 3
    for prev, start in zip(places, starts[1:], strict=False):  # MM-T3: reverse of the last finish order, dice by MM-S6
        assert start == ", ".join(f"{n} (die {d})" for n, d in zip(reversed(prev), (1, 1, 2, 2), strict=True))
    table = (10, 7, 5, 4)
    totals = {n: 0 for n in places[0]}
    for race in places:
        for k, n in enumerate(race):
            totals[n] += table[k]
    final = _standings(out)
    assert dict(final) == totals  # MM-T1 points added up
    assert [t for _, t in final] == sorted(totals.values(), reverse=True)
    for (a, ta), (b, tb) in zip(final, final[1:], strict=False):  # MM-T4: ties to the better place in the last race
        if ta == tb:
            assert places[-1].index(a) < places[-1].index(b)


def test_st_e4_whole_series_non_interactive(capsys):
    rc, out, err = _batch(capsys, "--series", "first-race,s-bends,forest", "--seed", "3")
    assert rc == 0, err
    assert out.startswith("Snow Tails series: first-race, s-bends, forest: ")
    assert out.count("== Race ") == 3 and out.count("Final places:") == 3
    assert "Final standings:" in out and "replay this series with --seed 3" in out
    final = _standings(out)
    assert len(final) == 4
    per_race = []
    for block in out.split("Final places:")[1:]:
        pts = {}
        for line in block.splitlines()[1:]:
            m = re.match(r"\s+(?:\d+\.|-)\s+(\S+)\s+(?:eliminated, )?(\d+) points?", line)
            if not m:
                break
            pts[m.group(1)] = int(m.group(2))
        per_race.append(pts)
    assert dict(final) == {n: sum(r.get(n, 0) for r in per_race) for n, _ in final}  # ST-E4: added up
    places = _race_places(out)[-1]
    for (a, ta), (b, tb) in zip(final, final[1:], strict=False):
        assert ta >= tb
        if ta == tb:
            assert places.index(a) < places.index(b)  # ST-E4 tie-break


def test_series_is_replayable(capsys):
    argv = ("--game", "mush", "--series", "village,fjord,glacier", "--seed", "77", "--bots", "5", "--humans", "0")
    rc1, out1, _ = _batch(capsys, *argv)
    rc2, out2, _ = _batch(capsys, *argv)
    assert rc1 == rc2 == 0 and out1 == out2
    assert out1.count("== Race ") == 3


def test_series_first_race_is_the_single_race_with_that_seed(capsys):
    _, single, _ = _batch(capsys, "--track", "s-bends", "--seed", "9")
    _, series, _ = _batch(capsys, "--series", "s-bends,forest", "--seed", "9")
    race1 = series.split("== Race 1 of 2: s-bends ==\n", 1)[1].split("Totals after race 1", 1)[0]
    body = single.split("\n", 1)[1].split("Seed 9", 1)[0]
    assert race1 == body


def _err_line(capsys, *argv):
    rc = main(["play", "--non-interactive", *argv])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    return err


def test_mm_t1_exactly_three_tracks(capsys):
    assert "MM-T1" in _err_line(capsys, "--game", "mush", "--series", "hairpin,canyon")
    assert "MM-T1" in _err_line(capsys, "--game", "mush", "--series", "hairpin,canyon,fjord,village")


def test_series_argument_errors(capsys):
    assert "--track and --series" in _err_line(capsys, "--series", "first-race,forest", "--track", "forest")
    assert "ST-E4" in _err_line(capsys, "--series", "first-race")
    err = _err_line(capsys, "--game", "mush", "--series", "hairpin,canyon,nowhere")
    assert err.startswith("snowp2p play: --series:") and "nowhere" in err
    assert "mush" in _err_line(capsys, "--series", "first-race,hairpin")
    assert "--series" in _err_line(capsys, "--game", "snake", "--series", "a,b")


def test_interactive_series_runs_every_race(capsys):
    """A human in a two-race series: auto moves, Enter between races, the final standings."""
    args = build_parser().parse_args(["play", "--series", "first-race,s-bends", "--seed", "4", "--name", "Ada",
                                      "--bots", "1"])
    buf = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text("auto\r" * 400)
        inp.close()
        rc = run_play(args, pt_input=inp, pt_output=PlainTextOutput(buf))
    out = buf.getvalue()
    assert rc == 0
    assert "race 1 of 2" in out and "race 2 of 2" in out
    assert "Totals after race 1 of 2:" in out and "Press Enter for the next race." in out
    assert "Final standings:" in out and "Ada" in out

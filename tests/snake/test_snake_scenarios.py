"""Every Snake Carnival scenario passes, every SC rule has one, and a broken engine is caught."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from snowp2p import scenario
from snowp2p.games.snake import engine as S

DIR = Path(__file__).parent / "scenarios"
FILES = sorted(DIR.glob("*.json"))
RULES = Path("/work/shared/rules/snake-carnival.md")
ALL_IDS = ["SC-K1", "SC-K2", "SC-K3", "SC-S1", "SC-T1", "SC-T2", "SC-T3", "SC-T4", "SC-L1", "SC-L2", "SC-L3",
           "SC-L4", "SC-L4b", "SC-L4c", "SC-L5", "SC-L6", "SC-L7", "SC-E1", "SC-E2", "SC-P1", "SC-P2", "SC-P3", "SC-P4",
           "SC-P5", "SC-X1", "SC-X2", "SC-X3"]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario_passes(path):
    sc = scenario.load_scenario(path)
    assert scenario.run_scenario(sc) == []


def test_every_rule_has_a_scenario():
    covered = set()
    for f in FILES:
        covered |= set(json.loads(f.read_text())["rules"])
    # SC-S1 (the shuffle and deal) is random: tests/snake/test_engine.py checks it
    assert set(ALL_IDS) - covered <= {"SC-S1"}


def test_cli_output_format(capsys):
    from snowp2p.cli import main

    assert main(["scenario", str(DIR)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"{len(FILES)} passed, 0 failed"
    assert all(re.fullmatch(r"PASS \S+", ln) for ln in out[:-1])


def test_a_failing_expectation_is_reported(tmp_path):
    d = json.loads((DIR / "sc-x1-present-wrapped.json").read_text())
    d["expect"]["breakdown"]["Ann"]["yellow"]["SC-P3"] = 3
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(d))
    lines = []
    assert scenario.main([str(f)], out=lines.append) == 1
    assert lines[0].startswith("FAIL sc-x1-present-wrapped: breakdown.Ann.yellow.SC-P3: expected 3, got 4")


@pytest.mark.parametrize("patch,msg", [
    ({"players": [{"name": "A"}]}, "players"),
    ({"board": [{"tile": "dragon", "at": [0, 1]}]}, "board[0].tile"),
    ({"board": [{"tile": "yellow corner", "at": [0, 5]}]}, "not on its snake's path"),
    ({"board": [{"tile": "straight log", "at": [0, 1]}]}, "board[0].snake"),
    ({"actions": [{"player": "Zed", "pass": True}]}, "actions[0].player"),
    ({"colours": ["red"]}, "colours"),
    ({"options": {"hand_size": "x"}}, "options"),
    ({"expect": 3}, "expect"),
    # issue 19: a list where a map belongs ended in "internal error: AttributeError"
    ({"expect": {"scores": [1, 2]}}, "expect.scores"),
    ({"expect": {"breakdown": {"Ann": [1]}}}, "expect.breakdown.Ann"),
    ({"expect": {"hands": ["present"]}}, "expect.hands"),
    ({"expect": {"cells": {"0,1": 3}}}, "expect.cells.0,1"),
    ({"expect": {"cells": {"zero": None}}}, "expect.cells.zero"),
    ({"expect": {"places": {"Ann": 1}}}, "expect.places"),
    ({"expect": {"stack_size": "3"}}, "expect.stack_size"),
    ({"expect": {"error": "yes"}}, "expect.error"),
])
def test_bad_scenarios_are_one_line_errors(tmp_path, patch, msg):
    d = {"id": "x", "game": "snake", "players": [{"name": "Ann"}, {"name": "Bob"}], "actions": [], "expect": {}}
    d.update(patch)
    f = tmp_path / "x.json"
    f.write_text(json.dumps(d))
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.load_scenario(f)
    assert msg in str(e.value) and "\n" not in str(e.value)
    lines = []
    assert scenario.main([str(f)], out=lines.append) == 2  # the runner: exit status 2, one line
    assert lines[0].startswith("ERROR ") and msg in lines[0]


def _break(monkeypatch, name, fn):
    """Put ``fn`` in place of the engine function ``name`` in every module of the engine that holds it (the
    engine's modules import one another's functions by name)."""
    orig = getattr(S, name)
    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith("snowp2p.games.snake.") and getattr(mod, name, None) is orig:
            monkeypatch.setattr(mod, name, fn)


@pytest.mark.parametrize("mutant", ["no_l4b", "log_anywhere", "no_diamond", "no_crossing", "stall_counts_every_turn",
                                    "no_stall_end", "blocked_end_with_tiles_to_draw", "no_l4c",
                                    "all_heads_at_once"])
def test_scenarios_catch_a_broken_engine(monkeypatch, mutant):
    """A few deliberate bugs: each must make at least one scenario fail."""
    if mutant == "no_l4b":
        _break(monkeypatch, "open_cells", lambda pub: set())
    elif mutant == "log_anywhere":
        orig = S.placement_error

        def pe(state, a):
            e = orig(state, a)
            return None if e is not None and e.rule == "SC-L1" and state.tiles[a.tile].kind == "log" else e
        _break(monkeypatch, "placement_error", pe)
    elif mutant == "no_diamond":
        orig_po = S.place_outcome

        def po(state, a):
            new = orig_po(state, a)
            pl = list(new.public.players)
            pl[a.seat] = replace(pl[a.seat], diamonds=state.public.players[a.seat].diamonds)
            return replace(new, public=S._pub(new.public, players=tuple(pl)))
        _break(monkeypatch, "place_outcome", po)
    elif mutant == "no_crossing":
        _break(monkeypatch, "_run_crossings", lambda state, pub: pub)
    elif mutant == "stall_counts_every_turn":  # issue 19: the stall that ended 177 of 180 games
        _break(monkeypatch, "can_lay_on_empty", lambda state, seat: False)
    elif mutant == "no_l4c":
        _break(monkeypatch, "reserved_starts", lambda pub: {})
    elif mutant == "all_heads_at_once":  # the old SC-E2: each player lays all their heads, then the next
        orig_adv = S._advance_last_round
        _break(monkeypatch, "_advance_last_round",
               lambda st, seat: orig_adv(st, st.public.current if st.public.current >= 0 else seat))
    elif mutant == "no_stall_end":
        orig_due2 = S._last_round_due
        _break(monkeypatch, "_last_round_due",
               lambda st: orig_due2(replace(st, rules=replace(st.rules, stall_rounds=0))))
    elif mutant == "blocked_end_with_tiles_to_draw":  # the old reading of SC-E1: any round of passes ends
        orig_apply = S.apply

        passes = [0]

        def apply_old(st, a, rand):
            new = orig_apply(st, a, rand)
            passes[0] = passes[0] + 1 if isinstance(a, S.Pass) else 0  # every pass counts, drawing or not
            if isinstance(a, S.Pass) and new.public.phase == S.PH_PLAY and passes[0] >= len(st.public.players):
                return replace(new, public=S._pub(new.public, phase=S.PH_OVER, current=-1))
            return new
        _break(monkeypatch, "apply", apply_old)
    lines = []
    scenario.main([str(DIR)], out=lines.append)
    assert not lines[-1].endswith(" 0 failed"), mutant

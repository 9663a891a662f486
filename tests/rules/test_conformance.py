"""The rules-conformance runner (../../shared/conformance/README.md): the shared scenarios, the
repository's own copies and extra scenarios (tests/rules/scenarios/), and the runner's error handling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_helpers import LOCAL_SCENARIOS, SHARED_SCENARIOS, mm_player, st_player, straight
from snowp2p import scenario as scn
from snowp2p.games.sled import scenario as sled_scn
from snowp2p.core.errors import IllegalMove


def run_main(paths):
    lines: list[str] = []
    status = scn.main([str(p) for p in paths], out=lines.append)
    return status, lines


def test_shared_scenarios_all_pass():
    if not SHARED_SCENARIOS.is_dir():
        pytest.skip(f"shared conformance scenarios not present at {SHARED_SCENARIOS}")
    status, lines = run_main([SHARED_SCENARIOS])
    assert status == 0, "\n".join(lines)
    n = len(list(SHARED_SCENARIOS.glob("*.json")))
    assert lines[-1] == f"{n} passed, 0 failed"
    assert all(line.startswith("PASS ") for line in lines[:-1])


def test_local_scenarios_all_pass():
    files = sorted(LOCAL_SCENARIOS.glob("*.json"))
    assert len(files) >= 20
    status, lines = run_main([LOCAL_SCENARIOS])
    assert status == 0, "\n".join(lines)
    assert lines[-1] == f"{len(files)} passed, 0 failed"


@pytest.mark.parametrize("path", sorted(LOCAL_SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_local_scenario(path):
    sc = scn.load_scenario(path)
    assert scn.run_scenario(sc) == []


def test_local_copies_match_shared():
    if not SHARED_SCENARIOS.is_dir():
        pytest.skip("shared conformance scenarios not present")
    for f in SHARED_SCENARIOS.glob("*.json"):
        local = LOCAL_SCENARIOS / f.name
        assert local.exists(), f"{f.name} is not copied into tests/rules/scenarios/"
        assert json.loads(local.read_text()) == json.loads(f.read_text())


# ------------------------------------------------------------ error handling
def _scenario(**over):
    d = {"id": "t", "rules": [], "game": "snowtails", "track": straight(),
         "players": [st_player("red", (1, 3, 0), hand=[4, 4, 1, 1, 1], deck=[2, 2, 2])],
         "actions": [{"player": "red", "play": {"left": 4, "right": 4}, "path": "FFFFF"}],
         "expect": {"red": {"at": [1, 3, 5]}}}
    d.update(over)
    return d


def _write(tmp_path: Path, name: str, data) -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def test_good_scenario_passes(tmp_path):
    status, lines = run_main([_write(tmp_path, "ok.json", _scenario())])
    assert status == 0 and lines == ["PASS t", "1 passed, 0 failed"]


@pytest.mark.parametrize("name,data,field", [
    ("notjson.json", "{not json", "JSON"),
    ("noid.json", {k: v for k, v in _scenario().items() if k != "id"}, "id"),
    ("game.json", _scenario(game="chess"), "game"),
    ("players.json", _scenario(players="red"), "players"),
    ("at.json", _scenario(players=[st_player("red", (9, 3, 0))]), "at"),
    ("hand.json", _scenario(players=[dict(st_player("red", (1, 3, 0)), hand=[7])]), "hand"),
    ("brake.json", _scenario(players=[dict(st_player("red", (1, 3, 0)), brake=0)]), "brake"),
    ("track.json", _scenario(track={"lanes": 5, "sections": [{"kind": "finish", "rows": 2}]}), "sections"),
    ("actions.json", {k: v for k, v in _scenario().items() if k != "actions"}, "actions"),
    ("player.json", _scenario(actions=[{"player": "nobody", "play": {}, "path": ""}]), "player"),
    ("die.json", _scenario(game="mush", players=[dict(mm_player("a", (1, 3, 0)), die=9)]), "die"),
    # issue 19: a malformed expect is one line naming the field
    ("expect-player.json", _scenario(expect={"red": [1, 3, 5]}), "expect.red"),
    ("expect-ranking.json", _scenario(expect={"ranking": {"red": 1}}), "expect.ranking"),
    ("expect-trees.json", _scenario(expect={"trees": {"a": 1}}), "expect.trees"),
    ("expect-trees2.json", _scenario(expect={"trees": [3]}), "expect.trees"),
    ("expect-error.json", _scenario(expect={"error": "refused"}), "expect.error"),
    ("chapel.json", _scenario(actions=[{"player": "red", "play": {"left": 4}, "path": "FFFF", "chapel": "yes"}]),
     "chapel"),
])
def test_malformed_scenario_exit_2_one_line_naming_file_and_field(tmp_path, name, data, field):
    p = _write(tmp_path, name, data)
    status, lines = run_main([p])
    assert status == 2
    errors = [line for line in lines if line.startswith("ERROR")]
    assert len(errors) == 1
    assert "\n" not in errors[0]
    assert name in errors[0] and field in errors[0], errors[0]


def test_malformed_among_good_still_exit_2(tmp_path):
    good = _write(tmp_path, "a.json", _scenario())
    bad = _write(tmp_path, "b.json", _scenario(game="chess"))
    status, lines = run_main([good, bad])
    assert status == 2 and "PASS t" in lines


def test_missing_file_and_empty_dir_exit_2(tmp_path):
    status, lines = run_main([tmp_path / "nope.json"])
    assert status == 2 and "nope.json" in lines[0]
    empty = tmp_path / "empty"
    empty.mkdir()
    status, lines = run_main([empty])
    assert status == 2


def test_wrong_expectation_fail_line_names_field_expected_actual(tmp_path):
    p = _write(tmp_path, "wrong.json", _scenario(expect={"red": {"at": [1, 3, 6], "damage": 0}}))
    status, lines = run_main([p])
    assert status == 1
    fail = [line for line in lines if line.startswith("FAIL")]
    assert len(fail) == 1
    assert fail[0].startswith("FAIL t:")
    assert "red.at" in fail[0] and "[1, 3, 6]" in fail[0] and "[1, 3, 5]" in fail[0]
    assert "damage" not in fail[0]  # only the differing field
    assert lines[-1] == "0 passed, 1 failed"


def test_wrong_ranking_and_trees_named(tmp_path):
    sc = _scenario(players=[st_player("red", (1, 3, 0), hand=[4, 4, 1, 1, 1]), st_player("blue", (1, 1, 9))],
                   track=straight(trees=[(1, 2, 2)]), expect={"ranking": ["red", "blue"], "trees": []})
    status, lines = run_main([_write(tmp_path, "r.json", sc)])
    assert status == 1
    assert "ranking: expected ['red', 'blue'], got ['blue', 'red']" in lines[0]
    assert "trees: expected [], got [[1, 2, 2]]" in lines[0]


def test_expected_illegal_but_accepted_and_refused_but_expected_legal(tmp_path):
    a = _write(tmp_path, "a.json", _scenario(id="a", expect={"error": "illegal"}))
    b = _write(tmp_path, "b.json", _scenario(id="b", actions=[{"player": "red", "play": {"left": 4, "right": 1},
                                                                "path": "FFF"}]))
    status, lines = run_main([a, b])
    assert status == 1
    assert lines[0].startswith("FAIL a:") and "accepted" in lines[0]
    assert lines[1].startswith("FAIL b:") and "refused" in lines[1]
    assert lines[-1] == "0 passed, 2 failed"


def test_illegal_action_leaves_state_unchanged():
    sc = scn.scenario_from_dict(_scenario(actions=[{"player": "red", "play": {"left": 4, "right": 1},
                                                      "path": "FFF"}]), "<x>")
    before = sled_scn.observe(sc.state, 0)
    with pytest.raises(IllegalMove):
        sled_scn.play_actions(sc)
    assert sled_scn.observe(sc.state, 0) == before


# ------------------------------------------------------------ issue 19: the runner
def _mm_buildings_track(building=None):
    t = straight(rows=12)
    if building:
        t["buildings"] = [building]
    return t


@pytest.mark.parametrize("flag", ["chapel", "kennels"])
def test_mm_f2_f3_building_asked_for_but_not_open_is_illegal(tmp_path, flag):
    """MM-F2/MM-F3 (issue 19): "chapel": true (or "kennels": true) when the move leaves no such choice
    open was silently dropped; the conformance README says asking for one that is not available is
    illegal."""
    sc = _scenario(game="mush", track=straight(),
                   players=[mm_player("a", (1, 3, 0), hand=[3, 3, 1, 1, 1], deck=[2, 2, 2], damage=1)],
                   actions=[{"player": "a", "play": {"left": 3, "right": 3}, "path": "FFFFFF", flag: True}],
                   expect={"error": "illegal"})
    status, lines = run_main([_write(tmp_path, "f.json", sc)])
    assert status == 0, lines
    sc["expect"] = {"a": {"at": [1, 3, 6]}}
    status, lines = run_main([_write(tmp_path, "g.json", sc)])
    assert status == 1 and "refused" in lines[0] and ("MM-F3" if flag == "chapel" else "MM-F2") in lines[0]


@pytest.mark.parametrize("game,player", [("snowtails", st_player), ("mush", mm_player)])
def test_a_dog_with_no_card_is_expected_as_null(tmp_path, game, player):
    """The documented form for a dog with no card (issue 19): ``null``, as in ``players``; a number
    compares with the value the dog counts (ST-S3: 3 in Snow Tails; MM-S2's start dog in Mush! Mush!)."""
    p = dict(player("red", (1, 3, 0), hand=[4, 4, 1, 1, 1], deck=[2, 2, 2]), left=None, right=None)
    if game == "snowtails":
        act = {"player": "red", "play": {"left": 4}, "path": "FFDF"}  # 4 + 3 (no card) - brake 3
    else:
        act = {"player": "red", "play": {"left": 4}, "path": "FDFDFF"}  # 4 + 2 (no card): speed 6, drift 2
    sc = _scenario(game=game, players=[p], actions=[act], expect={"red": {"left": 4, "right": None}})
    status, lines = run_main([_write(tmp_path, "n.json", sc)])
    assert status == 0, lines
    sc["expect"] = {"red": {"right": 3 if game == "snowtails" else 2}}
    status, lines = run_main([_write(tmp_path, "v.json", sc)])
    assert status == 0, lines
    sc["expect"] = {"red": {"left": None}}
    status, lines = run_main([_write(tmp_path, "w.json", sc)])
    assert status == 1 and "red.left: expected null (no card), got 4" in lines[0], lines

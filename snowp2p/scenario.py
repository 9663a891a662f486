"""The rules-conformance runner (../shared/conformance/README.md): ``snowp2p scenario FILE_OR_DIR...``.

A scenario sets up a position by hand, plays actions and states what must follow.  :func:`load_scenario`
reads a JSON file and hands it, by its ``"game"``, to that game's ``scenario_from_dict`` (the registry,
``snowp2p/games/``), which returns a scenario or raises :class:`ScenarioError` (one line naming the file
and the field); :func:`run_scenario` plays it and returns the list of differences (empty: PASS).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .core.errors import IllegalMove
from .core.files import read_document


from .games import find_game, kinds_text
from .games.api import ScenarioError  # noqa: F401 - its home is games/api.py; re-exported for callers


def load_scenario(path: str | Path):
    path = Path(path)
    data = read_document(path, json.loads, json.JSONDecodeError, "JSON", ScenarioError)
    return scenario_from_dict(data, str(path))


def scenario_from_dict(data: Any, where: str):
    """The scenario of the game ``data["game"]`` names (that game's own scenario type)."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a JSON object")
    game = data.get("game")
    if "game" not in data:
        raise ScenarioError(f"{where}.game: missing")
    try:
        g = find_game(game)
    except ValueError:
        raise ScenarioError(f"{where}: game: must be {kinds_text()}, not {game!r}") from None
    return g.scenario_from_dict(data, where)


def run_scenario(sc) -> list[str]:
    """Differences between what the scenario expects and what the engine does (empty: pass)."""
    return sc.run()


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        pp = Path(p)
        if pp.is_dir():
            files.extend(sorted(pp.glob("*.json")))
        else:
            files.append(pp)
    return files


def main(paths: list[str], out=print) -> int:
    """Run scenario files/directories; print one line each and a summary.  Returns the exit status."""
    passed = failed = 0
    unreadable = False
    files = collect(paths)
    if not files:
        out(f"no scenario files in {' '.join(paths)}")
        return 2
    for f in files:
        try:
            sc = load_scenario(f)
        except ScenarioError as e:
            out(f"ERROR {e}")
            unreadable = True
            continue
        try:
            diffs = run_scenario(sc)
        except (IllegalMove, ValueError, KeyError, TypeError) as e:  # a bad table is a ValueError
            diffs = [f"the engine could not run it: {e}"]
        if diffs:
            failed += 1
            out(f"FAIL {sc.id}: {'; '.join(diffs)}")
        else:
            passed += 1
            out(f"PASS {sc.id}")
    out(f"{passed} passed, {failed} failed")
    if unreadable:
        return 2
    return 1 if failed else 0

"""The layout properties of the design note (issue 20; ../shared/design/one-folder-per-game.md, properties 1-4, 7).

Measured by ``scripts/layout-figures`` (the same figures the closing notes give), strictly: nothing outside
``snowp2p/games/`` names a game (one documented exception below), ``protocol/``, ``net/`` and ``ui/`` import
nothing of ``snowp2p.games``, there is no import circle (imports inside functions counted), no file is over
800 lines (the engines included: each is split by concern), and there is one UI stack.
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "snowp2p"


def _script():
    loader = importlib.machinery.SourceFileLoader("layout_figures", str(ROOT / "scripts" / "layout-figures"))
    spec = importlib.util.spec_from_loader("layout_figures", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


SCRIPT = _script()
FIGURES = SCRIPT.figures(show_names=True)

#: The one module outside games/ allowed to match the game-name pattern, and why: the join code's word list
#: (protocol/joincode.py ``WORDS``) holds winter words such as "sled" and "mush".  They are words a player
#: types, not a game: every peer derives the same code from the same list (SPEC, join codes), so changing a
#: word would make this version's codes differ from every other's.  Only lines inside ``WORDS`` may match.
WORD_LIST = "protocol/joincode.py"


def _word_list_lines() -> set[int]:
    """The line numbers of protocol/joincode.py's ``WORDS`` tuple."""
    tree = ast.parse((PKG / WORD_LIST).read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "WORDS" for t in targets):
                return set(range(node.lineno, node.end_lineno + 1))
    raise AssertionError("protocol/joincode.py has no WORDS")


def test_property_1_no_module_outside_games_names_a_game():
    """No module outside ``snowp2p/games/`` names a game: not its kind, its title, its family, nor an import
    of its folder (game code is reached through the registry, ``snowp2p.games``)."""
    words = _word_list_lines()
    bad = []
    for line in FIGURES["lines"]:
        rel, num, text = line.split(":", 2)
        if rel == WORD_LIST and int(num) in words:
            continue
        bad.append(line)
    assert not bad, "these lines name a game; ask the game object (snowp2p/games/) instead:\n" + "\n".join(bad)
    assert FIGURES["named"].get(WORD_LIST, 0) <= len(words)


def test_the_scan_sees_a_game_name():
    """The scan is not blind: the pattern matches every registered game's kind and title."""
    from snowp2p.games import GAMES

    for g in GAMES.values():
        assert SCRIPT.GAME_NAME.search(g.kind) and SCRIPT.GAME_NAME.search(g.title), g.kind
    assert any(mod.startswith("snowp2p.games.") for mod in FIGURES["imports"])


def test_property_2_protocol_net_and_ui_import_no_game():
    """``protocol/``, ``net/`` and ``ui/`` are handed a game object: they import nothing from ``snowp2p.games``
    (the registry, the interfaces, a game's folder), counting imports inside functions and for type checking."""
    layers = ("snowp2p.protocol", "snowp2p.net", "snowp2p.ui")
    seen = set()
    bad = {}
    for mod, targets in FIGURES["imports"].items():
        if not mod.startswith(layers):
            continue
        seen.add(mod.split(".")[1])
        hits = sorted(t for t in targets if t == "snowp2p.games" or t.startswith("snowp2p.games."))
        if hits:
            bad[mod] = hits
    assert seen == {"protocol", "net", "ui"}  # (the scan sees the three layers)
    assert not bad, f"these modules import game code; hand them the game object instead: {bad}"


def test_property_3_no_import_circle():
    assert FIGURES["circles"] == [], f"import circles (imports inside functions counted): {FIGURES['circles']}"


def test_property_4_no_file_over_800_lines():
    """No file is over 800 lines, the rules engines included: each engine is a folder of modules by concern
    (``games/sled/``: state, working, cards, start, rules, motion, turns, race, legal; ``games/snake/``: geometry,
    state, start, placement, legal, rules, end, scoring, describe), gathered by its ``engine.py``."""
    long = sorted(rel for _, rel in FIGURES["long"])
    assert not long, f"over {SCRIPT.LONG} lines: {long}; cut it by concern"


def test_property_7_one_ui_stack():
    """One UI stack: ``--plain`` and non-terminal output render the same View the table does (ui/plain.py); the old
    line screens (ui/screen.py, NetScreen, the ``_Screen``s) are gone, and no module outside games/ builds a
    screen of its own for a game."""
    assert not (PKG / "ui" / "screen.py").exists()
    screens = []
    for path in PKG.rglob("*.py"):
        rel = str(path.relative_to(PKG))
        if rel.startswith("games/"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and re.search(r"Screen$", node.name):
                screens.append(f"{rel}: {node.name}")
    assert not screens, f"line screens besides the View: {screens}"
    plain = (PKG / "ui" / "plain.py").read_text()
    assert "from .views import" in plain and "View" in plain  # the plain lines render the table's View

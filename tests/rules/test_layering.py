"""The rules engines know nothing of the wire, the encoding or the scenarios (docs/engine.md, issue 13).

An engine's modules (``snowp2p/games/sled/``: engine.py and the modules it gathers, config.py, track.py,
series.py; ``snowp2p/games/snake/``: engine.py and the modules it gathers, tiles.py; ``ENGINE_PARTS``) may
import only the standard library, ``snowp2p/core/`` (the seeded randomness and the rules errors) and their own
engine's modules; each game's wire form, canonical encoding and scenario module sit beside them and import
their engine, never the other way round.
Checked on the source (imports inside functions included).
"""

from __future__ import annotations

import ast
from pathlib import Path

import snowp2p

PKG = Path(snowp2p.__file__).parent

#: the pure engine modules of each game folder (issue 20: the engines live in their game's folder)
ENGINE_PARTS = {
    "sled": {"engine", "state", "working", "cards", "start", "rules", "motion", "turns", "race", "legal", "config",
             "track", "series"},
    "snake": {"engine", "geometry", "state", "start", "placement", "legal", "rules", "end", "scoring", "describe",
              "tiles"},
}


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            if node.module is None:  # ``from . import engine``: the modules themselves
                out |= {base + a.name for a in node.names}
            else:
                out.add(base)
    return out


# drbg.py re-exports the protocol's deterministic random generator (Rand, SPEC section 8): randomness the
# engines are handed, not the wire
CORE_ALLOWED = {("drbg.py", "..protocol.randomness")}


def test_core_imports_nothing_of_the_package_but_rand():
    for path in sorted((PKG / "core").glob("*.py")):
        for mod in _imports(path):
            if (path.name, mod) in CORE_ALLOWED:
                continue
            assert not mod.startswith("."), f"core/{path.name} imports {mod}"
            assert not mod.startswith(("snowp2p", "msgpack")), f"core/{path.name} imports {mod}"


def test_engines_import_no_wire_encoding_or_scenario():
    for game, parts in ENGINE_PARTS.items():
        for part in sorted(parts):
            path = PKG / "games" / game / f"{part}.py"
            for mod in _imports(path):
                if mod.startswith("...core."):
                    continue
                if mod.startswith(".") and not mod.startswith(".."):
                    assert mod[1:] in parts, f"games/{game}/{part}.py imports {mod} (not its engine)"
                    continue
                assert not mod.startswith("."), f"games/{game}/{part}.py imports {mod} (outside its engine)"
                assert not mod.startswith(("snowp2p", "msgpack")), f"games/{game}/{part}.py imports {mod}"


def test_each_game_has_the_same_parts():
    for game in ("sled", "snake"):
        parts = {p.stem for p in (PKG / "games" / game).glob("*.py")}
        assert {"__init__", "game", "wire", "encoding", "scenario", "engine", "bot"} <= parts, (game, parts)
        for part in ("wire", "encoding", "scenario"):
            mods = _imports(PKG / "games" / game / f"{part}.py")
            assert ".engine" in mods, (game, part, mods)

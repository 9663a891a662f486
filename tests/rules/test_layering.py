"""The rules engines know nothing of the wire, the encoding or the scenarios (docs/engine.md, issue 13).

Every module of ``snowp2p/rules/`` may import only the standard library and other rules modules; each
game's wire form, canonical encoding and scenario module live in ``snowp2p/games/<game>/`` and import
their engine, never the other way round.  Checked on the source (imports inside functions included).
"""

from __future__ import annotations

import ast
from pathlib import Path

import snowp2p

PKG = Path(snowp2p.__file__).parent


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


# drbg.py re-exports the protocol's deterministic random generator (Rand, SPEC section 8): randomness the
# engines are handed, not the wire
ALLOWED = {("drbg.py", "..protocol.randomness")}


def test_rules_import_no_wire_encoding_or_scenario():
    for path in sorted((PKG / "rules").glob("*.py")):
        for mod in _imports(path):
            if (path.name, mod) in ALLOWED:
                continue
            assert not mod.startswith(".."), f"{path.name} imports {mod} (outside snowp2p.rules)"
            assert not mod.startswith(("snowp2p", "msgpack")), f"{path.name} imports {mod}"


def test_each_game_has_the_same_parts():
    for game in ("sled", "snake"):
        parts = {p.stem for p in (PKG / "games" / game).glob("*.py")}
        assert {"__init__", "game", "wire", "encoding", "scenario"} <= parts, (game, parts)
        for part in ("wire", "encoding", "scenario"):
            mods = _imports(PKG / "games" / game / f"{part}.py")
            assert f"...rules.{game}" in mods or "...rules" in mods, (game, part, mods)

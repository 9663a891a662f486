"""The tile table of Snake Carnival: its kinds and shapes (SC-K3), and the file format that lists them.

The shipped table is ``tiles.toml`` beside this module (the box's tiles, SC-K3); ``snowp2p play --tiles FILE``
reads another (docs/snake-carnival.md, *Tile tables*).  A table that can not be used raises :class:`TileError`
with one line naming the file and the field.  The engine (``engine.py``) plays whatever table it is given; the
table's digest goes in a networked game's roster so every seat plays the same tiles.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import RulesError
from ...core.files import read_document

COLOURS = ("yellow", "purple", "black", "green")
KINDS = ("corner", "straight", "diamond", "knot", "bruise", "head", "log", "present", "trouble", "hat")
BODY_KINDS = ("corner", "straight", "diamond", "knot", "bruise")  # snake tiles that grow a snake
COLOURED = BODY_KINDS + ("head",)
SHAPES_OF = {
    "corner": ("corner",), "straight": ("straight",), "diamond": ("straight", "corner"),
    "knot": ("straight", "corner"), "bruise": ("straight", "corner"), "head": ("head",),
    "log": ("straight", "corner", "crossing"), "present": ("none",), "trouble": ("none",), "hat": ("none",),
}


class TileError(RulesError):
    """A tile file that can not be used: one line naming the file and the field."""


@dataclass(frozen=True)
class Tile:
    id: int
    kind: str
    colour: str  # "" for colourless tiles
    shape: str  # straight | corner | crossing | head | none
    points: int

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.kind, self.colour, self.shape, self.points)


@dataclass(frozen=True)
class TileSet:
    tiles: tuple[Tile, ...]
    names: tuple[str, ...]  # a readable name per tile id (equal tiles share it)
    source: str  # where it was read from (display only)
    digest: bytes = b""

    def __len__(self) -> int:
        return len(self.tiles)

    def __getitem__(self, i: int) -> Tile:
        return self.tiles[i]

    def name(self, tid: int) -> str:
        return self.names[tid]

    def by_name(self, name: str) -> list[int]:
        """Ids of the tiles called ``name`` (spaces and a leading '+' are forgiven)."""
        want = norm_name(name)
        return [i for i, n in enumerate(self.names) if norm_name(n) == want]


def norm_name(name: str) -> str:
    return " ".join(p.lstrip("+") for p in name.lower().split())


DEFAULT_TILES = Path(__file__).with_name("tiles.toml")
_TILE_FIELDS = {"kind", "shape", "points", "count", "per_colour"}


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Read a tile table (default: the shipped ``tiles.toml``); TileError with one line when wrong."""
    p = Path(path) if path is not None else DEFAULT_TILES
    data = read_document(p, tomllib.loads, tomllib.TOMLDecodeError, "TOML", TileError)
    return tiles_from_dict(data, str(p))


def tiles_from_dict(data: Any, where: str = "tiles") -> TileSet:
    if not isinstance(data, dict) or "tile" not in data:
        raise TileError(f"{where}: tile: missing (expected [[tile]] entries)")
    extra = set(data) - {"tile"}
    if extra:
        raise TileError(f"{where}: {sorted(extra)[0]}: unknown field")
    entries = data["tile"]
    if not isinstance(entries, list) or not entries:
        raise TileError(f"{where}: tile: expected a list of [[tile]] entries")
    tiles: list[Tile] = []
    for i, e in enumerate(entries):
        w = f"{where}: tile[{i}]"
        if not isinstance(e, dict):
            raise TileError(f"{w}: expected a table")
        for k in e:
            if k not in _TILE_FIELDS:
                raise TileError(f"{w}.{k}: unknown field (known: {', '.join(sorted(_TILE_FIELDS))})")
        kind = e.get("kind")
        if kind not in KINDS:
            raise TileError(f"{w}.kind: expected one of {', '.join(KINDS)}, got {kind!r}")
        shape = e.get("shape", SHAPES_OF[kind][0] if len(SHAPES_OF[kind]) == 1 else None)
        if shape not in SHAPES_OF[kind]:
            raise TileError(f"{w}.shape: a {kind} is {' or '.join(SHAPES_OF[kind])}, got {shape!r}")
        points = e.get("points", 0)
        if not isinstance(points, int) or isinstance(points, bool) or not -99 <= points <= 99:
            raise TileError(f"{w}.points: expected an integer -99..99, got {points!r}")
        if kind == "trouble" and points >= 0:
            raise TileError(f"{w}.points: a trouble's points are negative (the value lost), got {points}")
        count = e.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 64:
            raise TileError(f"{w}.count: expected an integer 1..64, got {count!r}")
        per = e.get("per_colour", kind in COLOURED)
        if not isinstance(per, bool):
            raise TileError(f"{w}.per_colour: expected true or false, got {per!r}")
        if per != (kind in COLOURED):
            raise TileError(f"{w}.per_colour: a {kind} {'has' if kind in COLOURED else 'has no'} colour, "
                            f"so per_colour must be {'true' if kind in COLOURED else 'false'}")
        for colour in (COLOURS if per else ("",)):
            for _ in range(count):
                tiles.append(Tile(len(tiles), kind, colour, shape, points))
    if len(tiles) > 1000:
        raise TileError(f"{where}: tile: {len(tiles)} tiles, at most 1000")
    heads = [t for t in tiles if t.kind == "head"]
    if len(heads) > len(COLOURS):
        raise TileError(f"{where}: tile: at most one head per colour (SC-E2), got {len(heads) // 4} per colour")
    return _finish(tuple(tiles), where)


def _finish(tiles: tuple[Tile, ...], where: str) -> TileSet:
    groups: dict[tuple, set[int]] = {}
    for t in tiles:
        groups.setdefault((t.kind, t.colour, t.shape), set()).add(t.points)
    names = []
    for t in tiles:
        parts = [t.colour] if t.colour else []
        if t.kind == "log":
            parts.append(f"{t.shape} log")
        elif t.kind in ("diamond", "knot", "bruise"):
            parts.append(f"{t.kind} {t.shape}")
        else:
            parts.append(t.kind)
        if len(groups[(t.kind, t.colour, t.shape)]) > 1:
            parts.append(f"{t.points:+d}")
        names.append(" ".join(parts))
    blob = json.dumps([[t.kind, t.colour, t.shape, t.points] for t in tiles]).encode()
    return TileSet(tiles, tuple(names), where, hashlib.sha256(blob).digest())


_DEFAULT_SET: list[TileSet] = []


def default_tiles() -> TileSet:
    if not _DEFAULT_SET:
        _DEFAULT_SET.append(load_tiles(None))
    return _DEFAULT_SET[0]


"""The racing track model shared by Snow Tails and Mush! Mush! (rules/track.md).

Theory of operation
-------------------
A :class:`Track` is built once from a description (a TOML track file or the
``track`` object of a conformance scenario) and is immutable afterwards.  At
build time every geometric question the rules ask is answered with exact
rational arithmetic (``fractions.Fraction``, TRK-4) and stored in flat
integer tables indexed by a *space id* (``sid``):

* ``forward[sid]``      the space a forward step reaches (TRK-8), or ``EDGE``;
* ``drift_to[d][sid]``  the space a drift step toward lower (d=0) or higher
                        (d=1) lanes reaches (TRK-9), or ``EDGE`` (TRK-10);
* ``band[sid]`` and ``rank_key[sid]`` for race position (TRK-14..16), and
  ``rank[sid]``, the same order as one integer (``rank_key[sid]``'s place
  among the distinct keys, sorted), which the engines compare;
* ``red_line[sid]``     the speed limit charged when a step *enters* ``sid``
                        across a corner's red line (TRK-7, ST-L2);
* ``labels[sid]``       the text of ``coords(sid)``, as event texts show it.

So the engines never do geometry at play time: a step is a table lookup,
which keeps move generation and validation fast and float-free.

Lanes are numbered 1..W, lane 1 on the right (TRK-2).  A space is named
``(section, lane, index)`` (TRK-4); :meth:`Track.sid` and
:meth:`Track.coords` convert between the name and the id.
"""

from __future__ import annotations

import bisect
import math
import os
import stat
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable

from ...core.errors import TableError

EDGE = -1  # the "space" beyond the track edge / beyond the last row (TRK-10)

SECTION_KINDS = ("start", "straight", "corner", "finish")
BUILDING_KINDS = ("kennels", "chapel", "bothy", "tavern")
GAMES = ("snowtails", "mush")


class TrackError(TableError):
    """A track description is malformed.  The message is one line: where, which field, what."""


# Size caps (docs/tracks.md): a track travels in the roster of a networked game (protocol/SPEC.md
# section 11.2), so what a host or a file can make a peer build and store is bounded.  The shipped
# tracks use at most 13 sections and 555 spaces.
MAX_TRACK_FILE = 64 * 1024  # bytes of a track file
MAX_SECTIONS = 40
MAX_SPACES = 2500
MAX_LISTED = 256  # entries of trees, blocked
MAX_BUILDINGS = 16
MAX_NAME = 64  # characters of a track's name
MAX_DESCRIPTION = 250  # characters of its description (at most 1000 UTF-8 bytes: a roster text is <= 1024)


@dataclass(frozen=True)
class Section:
    kind: str
    rows: int = 0  # start / straight / finish
    turn: str = ""  # corner: "left" | "right"
    angle: int = 0  # corner: degrees
    inner_radius: Fraction = Fraction(0)  # exact; files give an int or a decimal like 0.5
    speed_limit: tuple[int, ...] | None = None  # one per lane (lane 1 first), ST only
    tight: bool = False

    def lane_lengths(self, lanes: int) -> tuple[int, ...]:
        """Spaces per lane, lane 1 first (TRK-3)."""
        if self.kind != "corner":
            return (self.rows,) * lanes
        rad = math.radians(self.angle)
        counts = []
        for lane in range(1, lanes + 1):
            i = lane - 1 if self.turn == "right" else lanes - lane  # 0 = inner lane
            r = float(self.inner_radius) + i + 0.5
            counts.append(max(1, math.floor(rad * r + 0.5)))
        return tuple(counts)

    @property
    def inner_lane_is_one(self) -> bool:
        return self.turn == "right"


@dataclass(frozen=True)
class Building:
    """A Mush! Mush! building (MM-F1).  ``lane``/``row`` are the block's lowest lane and first row."""

    kind: str
    section: int
    row: int
    lane: int = 0  # kennels/chapel/bothy: lowest lane of the 2x2 block
    side: str = ""  # tavern: "left" (lane W) or "right" (lane 1)


@dataclass(frozen=True, eq=False)
class Track:
    name: str
    game: str
    lanes: int
    sections: tuple[Section, ...]
    trees: frozenset[int]
    blocked: frozenset[int]
    description: str = ""
    buildings: tuple[Building, ...] = ()
    # ---- derived tables (filled by build()) ----
    lane_len: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    base: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    coords_of: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    labels: tuple[str, ...] = field(default=(), repr=False)  # "[section, lane, index]" of each space
    forward: tuple[int, ...] = field(default=(), repr=False)
    drift_to: tuple[tuple[int, ...], tuple[int, ...]] = field(default=((), ()), repr=False)
    band: tuple[int, ...] = field(default=(), repr=False)
    rank_key: tuple[tuple[int, int, int], ...] = field(default=(), repr=False)
    rank: tuple[int, ...] = field(default=(), repr=False)  # rank[a] < rank[b] iff rank_key[a] < rank_key[b]
    red_line: tuple[int, ...] = field(default=(), repr=False)  # -1: no red line entered
    triggers: dict[str, frozenset[int]] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ names
    @property
    def size(self) -> int:
        return len(self.coords_of)

    @property
    def finish_section(self) -> int:
        return len(self.sections) - 1

    def sid(self, section: int, lane: int, index: int) -> int:
        """The id of space ``(section, lane, index)``; TrackError if there is no such space."""
        if not (0 <= section < len(self.sections)) or not (1 <= lane <= self.lanes):
            raise TrackError(f"no space {[section, lane, index]} on track {self.name!r}")
        if not (0 <= index < self.lane_len[section][lane - 1]):
            raise TrackError(f"no space {[section, lane, index]} on track {self.name!r}")
        return self.base[section][lane - 1] + index

    def coords(self, sid: int) -> tuple[int, int, int]:
        return self.coords_of[sid]

    def start_space(self, position: int) -> int:
        """Start position ``p`` is lane ``p`` of the start section's last row (TRK-3)."""
        rows = self.sections[0].rows
        return self.sid(0, position, rows - 1)

    def is_finished(self, sid: int) -> bool:
        """A sled in the finish section has crossed the finish line (TRK-3).

        Space ids run section by section, so the finish section's spaces are the ids from the
        first space of its lane 1 on."""
        return sid >= self.base[-1][0]

    def step(self, sid: int, drift_dir: int, is_drift: bool) -> int:
        """One step (TRK-8/TRK-9).  ``drift_dir`` is +1 (toward lane W) or -1 (toward lane 1)."""
        if not is_drift:
            return self.forward[sid]
        return self.drift_to[1 if drift_dir > 0 else 0][sid]


# ---------------------------------------------------------------------- build
def build_track(
    *,
    name: str,
    game: str,
    lanes: int,
    sections: Iterable[Section],
    trees: Iterable[tuple[int, int, int]] = (),
    blocked: Iterable[tuple[int, int, int]] = (),
    buildings: Iterable[Building] = (),
    description: str = "",
    where: str = "track",
) -> Track:
    """Validate the shape and compute every table.  Raises TrackError naming ``where`` and the field."""
    sections = tuple(sections)
    _check_shape(sections, lanes, game, where)
    lane_len = tuple(sec.lane_lengths(lanes) for sec in sections)

    # ids: section by section, lane by lane, index by index
    base: list[tuple[int, ...]] = []
    coords: list[tuple[int, int, int]] = []
    for s, lens in enumerate(lane_len):
        row = []
        for lane in range(1, lanes + 1):
            row.append(len(coords))
            coords.extend((s, lane, k) for k in range(lens[lane - 1]))
        base.append(tuple(row))
    n = len(coords)

    # exact positions (TRK-4): a point is section + fraction
    def front(sid: int) -> Fraction:
        s, lane, k = coords[sid]
        return s + Fraction(k + 1, lane_len[s][lane - 1])

    def middle(sid: int) -> Fraction:
        s, lane, k = coords[sid]
        return s + Fraction(2 * k + 1, 2 * lane_len[s][lane - 1])

    fronts = [front(i) for i in range(n)]

    # forward steps (TRK-8)
    forward = []
    for sid, (s, lane, k) in enumerate(coords):
        if k + 1 < lane_len[s][lane - 1]:
            forward.append(sid + 1)
        elif s + 1 < len(sections):
            forward.append(base[s + 1][lane - 1])
        else:
            forward.append(EDGE)  # beyond the last row

    # drift steps (TRK-9): first space of the next lane whose front edge is strictly beyond ours
    def lane_spaces(lane: int) -> list[int]:
        out = []
        for s in range(len(sections)):
            b = base[s][lane - 1]
            out.extend(range(b, b + lane_len[s][lane - 1]))
        return out

    per_lane = {lane: lane_spaces(lane) for lane in range(1, lanes + 1)}
    lane_fronts = {lane: [fronts[c] for c in ids] for lane, ids in per_lane.items()}  # increasing
    drift_lo, drift_hi = [], []
    for sid, (_s, lane, _k) in enumerate(coords):
        for target_lane, out in ((lane - 1, drift_lo), (lane + 1, drift_hi)):
            if not (1 <= target_lane <= lanes):
                out.append(EDGE)
                continue
            # the first space of the target lane whose front edge is strictly beyond ours
            i = bisect.bisect_right(lane_fronts[target_lane], fronts[sid])
            out.append(per_lane[target_lane][i] if i < len(per_lane[target_lane]) else EDGE)

    # bands (TRK-14) and race-position keys (TRK-15, MM-G2)
    band_base = []
    total = 0
    for s, sec in enumerate(sections):
        band_base.append(total)
        total += _inner_count(sec, lane_len[s], lanes)
    band = []
    rank_key = []
    for sid, (s, lane, k) in enumerate(coords):
        sec = sections[s]
        nb = _inner_count(sec, lane_len[s], lanes)
        frac = middle(sid) - s
        j = min(nb - 1, math.floor(frac * nb))  # a middle on a line belongs to the band ahead
        b = band_base[s] + j
        band.append(b)
        if sec.kind == "corner" and sec.tight:
            # MM-G2: inside a tight corner the outer lane ranks first, then further along.
            outer = lane if sec.turn == "right" else lanes + 1 - lane
            rank_key.append((band_base[s], outer, k))
        else:
            if sec.kind == "corner":
                # TRK-15 Decision: a left corner's inner lane is the highest lane (the seed's parenthesis
                # names lane 1); a right corner's is lane 1
                inside = lanes + 1 - lane if sec.turn == "right" else lane
            else:
                inside = lanes + 1 - lane  # straight: nearer lane 1 ranks first
            rank_key.append((b, inside, k))  # same band and lane: further along first

    # red lines (TRK-7, ST-L1/L2): charged when a step enters a corner's first space from before it
    red_line = [-1] * n
    for s, sec in enumerate(sections):
        if sec.kind == "corner" and sec.speed_limit is not None and game == "snowtails":
            for lane in range(1, lanes + 1):
                red_line[base[s][lane - 1]] = sec.speed_limit[lane - 1]

    proto = Track(
        name=name, game=game, lanes=lanes, sections=sections, trees=frozenset(),
        blocked=frozenset(), description=description, lane_len=lane_len, base=tuple(base),
        coords_of=tuple(coords),
    )
    tree_ids = _space_ids(proto, trees, f"{where}: trees")
    blocked_ids = set(_space_ids(proto, blocked, f"{where}: blocked"))
    buildings = tuple(buildings)
    triggers: dict[str, frozenset[int]] = {}
    for i, bld in enumerate(buildings):
        covered, trig = _building_spaces(proto, bld, f"{where}: buildings[{i}]")
        blocked_ids |= covered
        triggers[bld.kind] = frozenset(triggers.get(bld.kind, frozenset()) | trig)
    clash = set(tree_ids) & blocked_ids
    if clash:
        raise TrackError(f"{where}: trees: a tree stands on a blocked space {list(coords[min(clash)])}")
    for kind, trig in triggers.items():
        triggers[kind] = frozenset(trig - blocked_ids)

    return Track(
        name=name, game=game, lanes=lanes, sections=sections, trees=frozenset(tree_ids),
        blocked=frozenset(blocked_ids), description=description, buildings=buildings,
        lane_len=lane_len, base=tuple(base), coords_of=tuple(coords), labels=tuple(str(list(c)) for c in coords),
        forward=tuple(forward), drift_to=(tuple(drift_lo), tuple(drift_hi)), band=tuple(band),
        rank_key=tuple(rank_key), rank=_ranks(rank_key), red_line=tuple(red_line), triggers=triggers,
    )


def _ranks(keys: list[tuple[int, int, int]]) -> tuple[int, ...]:
    """Each key's place among the distinct keys in increasing order (equal keys, equal places)."""
    place = {k: i for i, k in enumerate(sorted(set(keys)))}
    return tuple(place[k] for k in keys)


def _inner_count(sec: Section, lens: tuple[int, ...], lanes: int) -> int:
    if sec.kind != "corner":
        return sec.rows
    return lens[0] if sec.turn == "right" else lens[lanes - 1]


def _check_shape(sections: tuple[Section, ...], lanes: int, game: str, where: str) -> None:
    if game not in GAMES:
        raise TrackError(f"{where}: game: must be one of {', '.join(GAMES)}, not {game!r}")
    if game == "snowtails" and lanes != 5:
        raise TrackError(f"{where}: lanes: a Snow Tails track has 5 lanes (TRK-1), not {lanes}")
    if game == "mush" and not (4 <= lanes <= 7):
        raise TrackError(f"{where}: lanes: a Mush! Mush! track has 4 to 7 lanes (TRK-1), not {lanes}")
    if len(sections) < 2:
        raise TrackError(f"{where}: sections: need at least a start and a finish section")
    if sections[0].kind != "start":
        raise TrackError(f"{where}: sections[0].kind: the first section must be 'start'")
    if sections[-1].kind != "finish":
        raise TrackError(f"{where}: sections[{len(sections) - 1}].kind: the last section must be 'finish'")
    for i, sec in enumerate(sections[1:-1], start=1):
        if sec.kind in ("start", "finish"):
            raise TrackError(f"{where}: sections[{i}].kind: {sec.kind!r} only at the {'start' if sec.kind == 'start' else 'end'}")


def _space_ids(track: Track, spaces: Iterable[Any], where: str) -> list[int]:
    out = []
    for i, sp in enumerate(spaces):
        if (not isinstance(sp, (list, tuple)) or len(sp) != 3
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in sp)):
            raise TrackError(f"{where}[{i}]: a space is [section, lane, index], got {sp!r}")
        try:
            out.append(track.sid(*sp))
        except TrackError:
            raise TrackError(f"{where}[{i}]: no space {list(sp)} on this track") from None
    return out


def _building_spaces(track: Track, b: Building, where: str) -> tuple[set[int], set[int]]:
    """Covered (blocked) spaces and trigger spaces of a building (MM-F1 Decision)."""
    if track.game != "mush":
        raise TrackError(f"{where}: buildings are a Mush! Mush! feature")
    if not (0 <= b.section < len(track.sections)) or track.sections[b.section].kind != "straight":
        raise TrackError(f"{where}.section: buildings stand only on straight sections (MM-F1)")
    rows = track.sections[b.section].rows
    if b.kind == "tavern":
        if b.side not in ("left", "right"):
            raise TrackError(f"{where}.side: the tavern stands on the 'left' or 'right' side")
        if not (0 <= b.row and b.row + 1 < rows):
            raise TrackError(f"{where}.row: the tavern needs rows {b.row} and {b.row + 1} in the section")
        lane = track.lanes if b.side == "left" else 1
        return set(), {track.sid(b.section, lane, b.row + d) for d in (0, 1)}
    if not (2 <= b.lane and b.lane + 1 <= track.lanes - 1):
        raise TrackError(f"{where}.lane: a 2-lane building must not touch the track edge (MM-F1)")
    if not (0 <= b.row and b.row + 1 < rows):
        raise TrackError(f"{where}.row: the building needs rows {b.row} and {b.row + 1} in the section")
    covered = {track.sid(b.section, b.lane + dl, b.row + dr) for dl in (0, 1) for dr in (0, 1)}
    trig = set()
    for dl in (0, 1):
        for r in (b.row - 1, b.row + 2):  # behind / ahead
            if 0 <= r < rows:
                trig.add(track.sid(b.section, b.lane + dl, r))
    for dr in (0, 1):
        for lane in (b.lane - 1, b.lane + 2):  # beside
            trig.add(track.sid(b.section, lane, b.row + dr))
    return covered, trig


# ------------------------------------------------------------- descriptions
def _want(d: dict, key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any:
    if key not in d:
        if default is ...:
            raise TrackError(f"{where}.{key}: missing")
        return default
    v = d[key]
    if isinstance(v, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise TrackError(f"{where}.{key}: expected {_tname(kind)}, got {v!r}")
    if not isinstance(v, kind):
        raise TrackError(f"{where}.{key}: expected {_tname(kind)}, got {v!r}")
    return v


def _tname(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def parse_section(d: Any, lanes: int, game: str, where: str) -> Section:
    if not isinstance(d, dict):
        raise TrackError(f"{where}: a section is a table, got {d!r}")
    kind = _want(d, "kind", str, where)
    if kind not in SECTION_KINDS:
        raise TrackError(f"{where}.kind: must be one of {', '.join(SECTION_KINDS)}, not {kind!r}")
    if kind != "corner":
        rows = _want(d, "rows", int, where)
        if not (1 <= rows <= 200):
            raise TrackError(f"{where}.rows: must be 1..200, not {rows}")
        return Section(kind=kind, rows=rows)
    turn = _want(d, "turn", str, where)
    if turn not in ("left", "right"):
        raise TrackError(f"{where}.turn: must be 'left' or 'right', not {turn!r}")
    angle = _want(d, "angle", int, where)
    if not (1 <= angle <= 360):
        raise TrackError(f"{where}.angle: must be 1..360 degrees, not {angle}")
    radius = _want(d, "inner_radius", (int, float, Fraction), where)
    try:
        radius_q = Fraction(str(radius))
    except ValueError:
        raise TrackError(f"{where}.inner_radius: not a number: {radius!r}") from None
    if not (0 <= radius_q <= 50):
        raise TrackError(f"{where}.inner_radius: must be 0..50, not {radius}")
    limit = d.get("speed_limit")
    limits: tuple[int, ...] | None = None
    if limit is not None and game == "snowtails":  # ignored in Mush! Mush! (no speed limits)
        if isinstance(limit, int) and not isinstance(limit, bool):
            limits = (limit,) * lanes
        elif isinstance(limit, list) and len(limit) == lanes and all(
                isinstance(x, int) and not isinstance(x, bool) for x in limit):
            limits = tuple(limit)
        else:
            raise TrackError(f"{where}.speed_limit: one integer or a list of {lanes} integers (TRK-7), got {limit!r}")
        if any(x < 0 for x in limits):
            raise TrackError(f"{where}.speed_limit: limits must not be negative")
    tight = _want(d, "tight", bool, where, False)
    return Section(kind="corner", turn=turn, angle=angle, inner_radius=radius_q,
                   speed_limit=limits, tight=tight)


def parse_building(d: Any, where: str) -> Building:
    if not isinstance(d, dict):
        raise TrackError(f"{where}: a building is a table, got {d!r}")
    kind = _want(d, "kind", str, where)
    if kind not in BUILDING_KINDS:
        raise TrackError(f"{where}.kind: must be one of {', '.join(BUILDING_KINDS)}, not {kind!r}")
    section = _want(d, "section", int, where)
    row = _want(d, "row", int, where)
    if kind == "tavern":
        return Building(kind=kind, section=section, row=row, side=_want(d, "side", str, where))
    return Building(kind=kind, section=section, row=row, lane=_want(d, "lane", int, where))


def track_from_dict(d: Any, *, game: str | None = None, where: str = "track", name: str | None = None) -> Track:
    """Build a track from a parsed description (a TOML file's table or a scenario's ``track``)."""
    if not isinstance(d, dict):
        raise TrackError(f"{where}: a track is a table/object, got {type(d).__name__}")
    if game is None:
        game = _want(d, "game", str, where)
    lanes = _want(d, "lanes", int, where)
    if not (1 <= lanes <= 7):
        raise TrackError(f"{where}.lanes: a track has 4 to 7 lanes (TRK-1), not {lanes}")
    raw_sections = _want(d, "sections", list, where)
    if len(raw_sections) > MAX_SECTIONS:
        raise TrackError(f"{where}.sections: at most {MAX_SECTIONS} sections, not {len(raw_sections)}")
    sections = [parse_section(s, lanes, game, f"{where}: sections[{i}]") for i, s in enumerate(raw_sections)]
    spaces = sum(sum(sec.lane_lengths(lanes)) for sec in sections)
    if spaces > MAX_SPACES:
        raise TrackError(f"{where}: the track has {spaces} spaces; at most {MAX_SPACES}")
    raw_buildings = _want(d, "buildings", list, where, [])
    if len(raw_buildings) > MAX_BUILDINGS:
        raise TrackError(f"{where}.buildings: at most {MAX_BUILDINGS} buildings, not {len(raw_buildings)}")
    buildings = [parse_building(b, f"{where}: buildings[{i}]") for i, b in enumerate(raw_buildings)]
    trees = _want(d, "trees", list, where, [])
    blocked = _want(d, "blocked", list, where, [])
    for key, listed in (("trees", trees), ("blocked", blocked)):
        if len(listed) > MAX_LISTED:
            raise TrackError(f"{where}.{key}: at most {MAX_LISTED} spaces, not {len(listed)}")
    name = name if name is not None else _want(d, "name", str, where, "unnamed")
    if not (1 <= len(name) <= MAX_NAME) or not name.isprintable():
        raise TrackError(f"{where}.name: 1 to {MAX_NAME} printable characters, not {name[:80]!r}")
    description = _want(d, "description", str, where, "")
    if len(description) > MAX_DESCRIPTION or not description.isprintable():
        raise TrackError(f"{where}.description: at most {MAX_DESCRIPTION} printable characters on one line")
    return build_track(
        name=name,
        game=game,
        lanes=lanes,
        sections=sections,
        trees=trees,
        blocked=blocked,
        buildings=buildings,
        description=description,
        where=where,
    )


def load_track_file(path: str | Path) -> Track:
    """Read a TOML track file (docs/tracks.md).  Every problem is a one-line TrackError naming the file."""
    path = Path(path)
    try:
        # O_NONBLOCK: a FIFO named as a track must not hang the open; only a regular file is read, and
        # never more than the size cap (a device such as /dev/zero is refused before any read)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise TrackError(f"{path}: not a regular file")
            raw = f.read(MAX_TRACK_FILE + 1)
        if len(raw) > MAX_TRACK_FILE:
            raise TrackError(f"{path}: too big for a track file (more than {MAX_TRACK_FILE // 1024} KiB)")
        data = tomllib.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise TrackError(f"{path}: no such track file") from None
    except IsADirectoryError:
        raise TrackError(f"{path}: is a directory, not a track file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise TrackError(f"{path}: can not read: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise TrackError(f"{path}: not valid TOML: {e}") from None
    except RecursionError:
        raise TrackError(f"{path}: nested too deeply for a track file") from None
    return track_from_dict(data, where=str(path))


TRACK_DIR = Path(__file__).resolve().parent / "tracks"


def shipped_tracks(game: str | None = None) -> dict[str, Track]:
    """All tracks shipped with the program (TRK-18), by file stem."""
    out = {}
    for p in sorted(TRACK_DIR.glob("*.toml")):
        t = load_track_file(p)
        if game is None or t.game == game:
            out[p.stem] = t
    return out


def find_track(name: str, game: str) -> Track:
    """A shipped track by name (file stem), or a path to a track file."""
    if name.endswith(".toml") or "/" in name:
        t = load_track_file(name)
    else:
        p = TRACK_DIR / f"{name}.toml"
        if not p.exists():
            names = ", ".join(sorted(shipped_tracks(game)))
            raise TrackError(f"--track: no track named {name!r} for {game}; choose one of: {names}")
        t = load_track_file(p)
    if t.game != game:
        raise TrackError(f"--track: track {t.name!r} is for {t.game}, not {game}")
    return t


def track_to_dict(track: Track) -> dict[str, Any]:
    """The description a track was built from, in canonical form (track_from_dict round-trips it)."""
    sections = []
    for sec in track.sections:
        if sec.kind != "corner":
            sections.append({"kind": sec.kind, "rows": sec.rows})
            continue
        d: dict[str, Any] = {"kind": "corner", "turn": sec.turn, "angle": sec.angle,
                             "inner_radius": (int(sec.inner_radius) if sec.inner_radius.denominator == 1
                                              else float(sec.inner_radius))}
        if sec.speed_limit is not None:
            d["speed_limit"] = list(sec.speed_limit)
        if sec.tight:
            d["tight"] = True
        sections.append(d)
    building_spaces = set()
    for b in track.buildings:
        building_spaces |= _building_spaces(track, b, "track")[0]
    out: dict[str, Any] = {
        "name": track.name,
        "game": track.game,
        "description": track.description,
        "lanes": track.lanes,
        "sections": sections,
        "trees": sorted(list(track.coords(t)) for t in track.trees),
        "blocked": sorted(list(track.coords(b)) for b in track.blocked if b not in building_spaces),
    }
    if track.buildings:
        out["buildings"] = [
            {"kind": b.kind, "section": b.section, "row": b.row, **({"side": b.side} if b.kind == "tavern" else {"lane": b.lane})}
            for b in track.buildings
        ]
    return out


def track_digest(track: Track) -> bytes:
    """SHA-256 of the canonical JSON of the track's description (names the exact track in a state hash)."""
    import hashlib
    import json
    return hashlib.sha256(json.dumps(track_to_dict(track), sort_keys=True, separators=(",", ":")).encode()).digest()


def track_to_wire(track: Track) -> dict[str, Any]:
    """The track as the roster carries it (protocol/SPEC.md section 11.2): ``track_to_dict`` with every
    corner's ``inner_radius`` as ``[numerator, denominator]`` (the wire has no floats)."""
    d = track_to_dict(track)
    for sec_d, sec in zip(d["sections"], track.sections, strict=True):
        if sec.kind == "corner":
            sec_d["inner_radius"] = [sec.inner_radius.numerator, sec.inner_radius.denominator]
    return d


def _thaw(x: Any) -> Any:
    """Plain dicts and lists from a decoded message's immutable maps and tuples."""
    if hasattr(x, "keys") and not isinstance(x, (str, bytes)):
        return {k: _thaw(x[k]) for k in x.keys()}
    if isinstance(x, (list, tuple)):
        return [_thaw(v) for v in x]
    return x


def track_from_wire(d: Any, where: str = "roster.track") -> Track:
    """The track a roster carries, checked like a track file (every size cap included); the inverse of
    ``track_to_wire``.  TrackError (one line) for anything else."""
    d = _thaw(d)
    if not isinstance(d, dict):
        raise TrackError(f"{where}: a track is a map")
    sections = d.get("sections")
    if isinstance(sections, list):
        if len(sections) > MAX_SECTIONS:
            raise TrackError(f"{where}.sections: at most {MAX_SECTIONS} sections, not {len(sections)}")
        for i, sec in enumerate(sections):
            if isinstance(sec, dict) and "inner_radius" in sec:
                r = sec["inner_radius"]
                if not (isinstance(r, list) and len(r) == 2 and all(type(x) is int for x in r)
                        and 1 <= r[1] <= 1000 and 0 <= r[0] <= 50 * r[1]):
                    raise TrackError(f"{where}: sections[{i}].inner_radius: expected [numerator, denominator] "
                                     f"of a number 0..50, got {r!r}")
                sec["inner_radius"] = Fraction(r[0], r[1])
    return track_from_dict(d, where=where)

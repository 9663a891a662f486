"""Pictures of finished sled races as SVG: ``snowp2p replay LOG --svg FILE`` and the end screen's ``s`` key.

Theory of operation
-------------------
Plain SVG text (no library: the pictures need only paths, circles, rects
and text, and ``xml.sax.saxutils`` escapes the names), built by pure
functions of the game (:func:`sled_svg` returns the document as a string);
``ui/svg.py`` :func:`write_svg` is the one place that writes.

Sled games: the track is laid out with its true geometry, section by
section, as a turtle walks it: a straight of ``rows`` rows is ``rows``
units long and ``lanes`` units wide; a corner turns ``angle`` degrees
around a centre ``inner_radius`` units beside its inner lane (lane 1 on the
right, TRK-2), so it is drawn with arcs.  Each space is placed at the
middle of its fraction of its lane (TRK-4).  On the track: lane lines,
section lines, a corner's red line with its speed limits (ST-L1), trees,
blocked spaces and buildings (MM-F1), the start and the finish; then each
sled's trail, the spaces it stood on turn by turn, in its colour.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

UNIT = 24.0  # pixels per lane width / row
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#bcbd22", "#9467bd", "#17becf", "#7f7f7f", "#ff7f0e")


# ================================================================ geometry
class _Pose:
    """A point on the track's centre line with a heading (radians, 0 = east, y grows downward)."""

    def __init__(self, x: float, y: float, h: float):
        self.x, self.y, self.h = x, y, h

    def left(self) -> tuple[float, float]:  # unit vector to the left of the heading
        return (math.sin(self.h), -math.cos(self.h))

    def fwd(self) -> tuple[float, float]:
        return (math.cos(self.h), math.sin(self.h))


def _lateral(lane: int, lanes: int) -> float:
    """How far lane ``lane``'s centre is to the left of the centre line (lane 1 on the right)."""
    return (lane - 0.5) - lanes / 2


class TrackGeometry:
    """Where every space of a track is, and the outline of every section, in track units."""

    def __init__(self, track):
        self.track = track
        W = track.lanes
        self.poses: list[_Pose] = []
        pose = _Pose(0.0, 0.0, -math.pi / 2)  # start heading "up" the page
        for sec in track.sections:
            self.poses.append(_Pose(pose.x, pose.y, pose.h))
            if sec.kind == "corner":
                pose = self._corner_end(pose, sec, W)
            else:
                fx, fy = pose.fwd()
                pose = _Pose(pose.x + fx * sec.rows, pose.y + fy * sec.rows, pose.h)
        self.end = pose

    @staticmethod
    def _centre(pose: _Pose, sec, W: int) -> tuple[float, float, float]:
        """(cx, cy, sign) of a corner: sign +1 turning right (clockwise on screen), -1 left."""
        lx, ly = pose.left()
        r = float(sec.inner_radius) + W / 2
        if sec.turn == "right":
            return pose.x - lx * r, pose.y - ly * r, 1.0
        return pose.x + lx * r, pose.y + ly * r, -1.0

    def _corner_end(self, pose: _Pose, sec, W: int) -> _Pose:
        cx, cy, sign = self._centre(pose, sec, W)
        a = math.radians(sec.angle) * sign
        x, y = _rotate(pose.x - cx, pose.y - cy, a)
        return _Pose(cx + x, cy + y, pose.h + a)

    def point(self, section: int, lane: int, t: float, side: float = 0.0) -> tuple[float, float]:
        """The point a fraction ``t`` along section ``section``, in lane ``lane`` (+ ``side`` lanes to the left)."""
        sec = self.track.sections[section]
        pose = self.poses[section]
        W = self.track.lanes
        u = _lateral(lane, W) + side
        lx, ly = pose.left()
        if sec.kind != "corner":
            fx, fy = pose.fwd()
            d = t * sec.rows
            return pose.x + fx * d + lx * u, pose.y + fy * d + ly * u
        cx, cy, sign = self._centre(pose, sec, W)
        sx, sy = pose.x + lx * u - cx, pose.y + ly * u - cy
        x, y = _rotate(sx, sy, math.radians(sec.angle) * sign * t)
        return cx + x, cy + y

    def space(self, sid: int) -> tuple[float, float]:
        s, lane, k = self.track.coords(sid)
        n = self.track.lane_len[s][lane - 1]
        return self.point(s, lane, (k + 0.5) / n)

    def edge_points(self, section: int, side: float, steps: int = 12) -> list[tuple[float, float]]:
        """Points along a line ``side`` lanes left of lane 1's right edge... (0 = right edge, W = left edge)."""
        sec = self.track.sections[section]
        n = steps if sec.kind == "corner" else 1
        return [self.point(section, 1, i / n, side - 0.5) for i in range(n + 1)]


def _rotate(x: float, y: float, a: float) -> tuple[float, float]:
    c, s = math.cos(a), math.sin(a)
    return x * c - y * s, x * s + y * c


# ================================================================ sled games
def sled_svg(state, trails: dict[int, list[int]] | None = None, title: str = "") -> str:
    """The finished race (or any state) as an SVG document; ``trails``: seat -> the spaces it stood on, in order."""
    track = state.track
    geo = TrackGeometry(track)
    W = track.lanes
    pts = [geo.space(sid) for sid in range(track.size)]
    for s in range(len(track.sections)):
        for side in (0, W):
            pts += geo.edge_points(s, side)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = 2.5
    x0, y0 = min(xs) - pad, min(ys) - pad - 1.5
    width = (max(xs) - x0 + pad) * UNIT
    legend_h = 22 * (len(state.public.sleds) + 4)  # places, then the key (two rows)
    height = (max(ys) - y0 + pad) * UNIT + legend_h

    def P(p):
        return f"{(p[0] - x0) * UNIT:.1f},{(p[1] - y0) * UNIT:.1f}"

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
           f'<title>{escape(title or track.name)}</title>',
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#f4f8fb"/>',
           f'<text x="8" y="18" font-size="14" font-weight="bold">{escape(title or track.name)}</text>']
    # the track band, section by section
    for s, sec in enumerate(track.sections):
        right = geo.edge_points(s, 0)
        left = geo.edge_points(s, W)
        poly = " ".join(P(p) for p in right + left[::-1])
        fill = {"start": "#e8eef5", "finish": "#e8eef5"}.get(sec.kind, "#ffffff")
        out.append(f'<polygon class="section {sec.kind}" points="{poly}" fill="{fill}" stroke="#3b6fb6" '
                   f'stroke-width="1.5"/>')
    # lane lines: arcs in corners (as many short segments as needed), straight lines elsewhere
    for s, sec in enumerate(track.sections):
        for side in range(1, W):
            line = geo.edge_points(s, side, 24)
            if sec.kind == "corner":
                cx, cy, sign = geo._centre(geo.poses[s], sec, W)
                r = math.dist(line[0], (cx, cy)) * UNIT
                large = 1 if sec.angle > 180 else 0
                sweep = 1 if sign > 0 else 0
                out.append(f'<path class="lane" d="M {P(line[0])} A {r:.1f} {r:.1f} 0 {large} {sweep} {P(line[-1])}" '
                           f'fill="none" stroke="#c5d3e3" stroke-width="1"/>')
            else:
                out.append(f'<polyline class="lane" points="{P(line[0])} {P(line[-1])}" fill="none" '
                           f'stroke="#c5d3e3" stroke-width="1"/>')
    # red lines (ST-L1): across the corner's entry, with each lane's limit
    for s, sec in enumerate(track.sections):
        if sec.kind == "corner" and sec.speed_limit is not None and track.game == "snowtails":
            a, b = geo.point(s, 1, 0, -0.5), geo.point(s, W, 0, 0.5)
            out.append(f'<line class="red-line" x1="{P(a).split(",")[0]}" y1="{P(a).split(",")[1]}" '
                       f'x2="{P(b).split(",")[0]}" y2="{P(b).split(",")[1]}" stroke="#d62728" stroke-width="3"/>')
            for lane in range(1, W + 1):
                q = geo.point(s, lane, 0.0)
                x, y = P(q).split(",")
                out.append(f'<text x="{x}" y="{float(y) - 3:.1f}" font-size="9" fill="#d62728" '
                           f'text-anchor="middle">{sec.speed_limit[lane - 1]}</text>')
    # finish line
    fs = track.finish_section
    a, b = geo.point(fs, 1, 0, -0.5), geo.point(fs, W, 0, 0.5)
    out.append(f'<polyline class="finish" points="{P(a)} {P(b)}" stroke="#111" stroke-width="4" '
               f'stroke-dasharray="4,4"/>')
    # START and FINISH written on the track (issue 23, item 8)
    mid = (W + 1) // 2
    for label, q in (("START", geo.point(0, mid, 0.5)), ("FINISH", geo.point(fs, mid, 0.5))):
        x, y = P(q).split(",")
        out.append(f'<text class="label" x="{x}" y="{float(y) + 5:.1f}" font-size="14" font-weight="bold" '
                   f'text-anchor="middle" fill="#3b6fb6" fill-opacity="0.8">{label}</text>')
    # spaces, trees, blocked spaces, buildings
    trees = set(state.public.trees)
    for sid in range(track.size):
        x, y = P(pts[sid]).split(",")
        if sid in track.blocked:
            out.append(f'<rect class="blocked" x="{float(x) - 8:.1f}" y="{float(y) - 8:.1f}" width="16" height="16" '
                       f'fill="#9c8465"/>')
        elif sid in trees:
            out.append(f'<circle class="tree" cx="{x}" cy="{y}" r="7" fill="#2e7d32"/>')
        else:
            out.append(f'<circle class="space" cx="{x}" cy="{y}" r="2" fill="#9fb3c8"/>')
    for b in track.buildings:
        lane = b.lane or (W if b.side == "left" else 1)
        q = geo.point(b.section, lane, (b.row + 1) / track.sections[b.section].rows, 0.5 if b.lane else 0)
        x, y = P(q).split(",")
        out.append(f'<text class="building" x="{x}" y="{float(y) + 4:.1f}" font-size="10" text-anchor="middle" '
                   f'fill="#5d4037" font-weight="bold">{escape(b.kind)}</text>')
    # the trails
    for seat, spaces in sorted((trails or {}).items()):
        spaces = [sid for sid in spaces if sid is not None]  # (a finished sled leaves the track, ST-E2)
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        if len(spaces) >= 2:
            path = " ".join(P(pts[sid]) for sid in spaces)
            out.append(f'<polyline class="trail" data-seat="{seat}" points="{path}" fill="none" stroke="{colour}" '
                       f'stroke-width="2.5" stroke-opacity="0.8" stroke-linejoin="round"/>')
        for i, sid in enumerate(spaces):
            x, y = P(pts[sid]).split(",")
            out.append(f'<circle class="stop" cx="{x}" cy="{y}" r="3.5" fill="{colour}"><title>turn {i + 1}</title></circle>')
    for s in state.public.sleds:
        if s.at is not None:
            x, y = P(pts[s.at]).split(",")
            out.append(f'<circle class="sled" cx="{x}" cy="{y}" r="6.5" fill="{SEAT_COLOURS[s.seat % 8]}" '
                       f'stroke="#000" stroke-width="1"/>')
    # the legend: places and points
    from . import engine as S

    y = (max(ys) - y0 + pad) * UNIT + 18
    pts_of = S.points(state) if state.is_over else {}
    places = S.final_places(state) if state.is_over else [s.seat for s in state.public.sleds]
    for i, seat in enumerate(places):
        s = state.sled(seat)
        extra = f"  {pts_of.get(seat, 0)} point{'s' if pts_of.get(seat, 0) != 1 else ''}" if pts_of else ""
        out.append(f'<rect x="8" y="{y - 10:.0f}" width="12" height="12" fill="{SEAT_COLOURS[seat % 8]}"/>')
        out.append(f'<text x="26" y="{y:.0f}" font-size="13">{i + 1}. {escape(s.name)}{escape(extra)}'
                   f'{" (eliminated)" if s.status == S.ELIMINATED else ""}</text>')
        y += 22
    out += _sled_key(track, 8, y + 4)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _sled_key(track, x: float, y: float) -> list[str]:
    """The picture's key: what each mark means (issue 23, item 8), two rows from (x, y)."""
    out = ['<g class="legend" font-size="12">']
    items = [("sled", '<circle cx="{cx}" cy="{cy}" r="6" fill="#d62728" stroke="#000" stroke-width="1"/>', "sled (its place)"),
             ("trail", '<polyline points="{l},{cy} {r},{cy}" stroke="#1f77b4" stroke-width="2.5"/>'
                       '<circle cx="{cx}" cy="{cy}" r="3.5" fill="#1f77b4"/>', "trail: where it stood each turn"),
             ("tree", '<circle cx="{cx}" cy="{cy}" r="6" fill="#2e7d32"/>', "tree"),
             ("blocked", '<rect x="{l2}" y="{t}" width="12" height="12" fill="#9c8465"/>', "blocked")]
    second = [("finish", '<polyline points="{l},{cy} {r},{cy}" stroke="#111" stroke-width="4" stroke-dasharray="4,4"/>',
               "finish line")]
    if track.game == "snowtails":
        second.append(("red", '<polyline points="{l},{cy} {r},{cy}" stroke="#d62728" stroke-width="3"/>',
                       "red line: speed limit per lane"))
    if track.buildings:
        second.append(("buildings", '', "buildings: " + ", ".join(sorted({b.kind for b in track.buildings}))))
    for row, row_items in enumerate((items, second)):
        cx = x + 8
        cy = y + row * 20
        for _, mark, words in row_items:
            out.append(mark.format(cx=f"{cx:.0f}", cy=f"{cy:.0f}", l=f"{cx - 8:.0f}", r=f"{cx + 8:.0f}",
                                   l2=f"{cx - 6:.0f}", t=f"{cy - 6:.0f}"))
            out.append(f'<text x="{cx + 14:.0f}" y="{cy + 4:.0f}">{escape(words)}</text>')
            cx += 28 + 6.5 * len(words)
    out.append("</g>")
    return out

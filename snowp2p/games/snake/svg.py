"""A picture of a finished Snake Carnival game as SVG: the final board, one square per cell, each snake
drawn through its cells in its colour, tiles' points, and the scores (pure; ``ui/svg.py`` writes).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

SNAKE_COLOURS = {"yellow": "#e6c000", "purple": "#8e44ad", "black": "#222222", "green": "#27ae60",
                 "red": "#d62728", "blue": "#1f77b4"}


def snake_svg(state, title: str = "Snake Carnival") -> str:
    """The final Snake Carnival board, each snake in its colour, with the scores."""
    from . import engine as N

    pub = state.public
    cells = pub.cells()
    through = pub.through()
    all_cells = list(cells) + [N.HOME]
    xs, ys = [c[0] for c in all_cells], [c[1] for c in all_cells]
    cx0, cx1, cy0, cy1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    C = 40.0
    legend_h = 24 * (len(pub.players) + 2)
    width = (cx1 - cx0 + 1) * C + 16
    height = (cy1 - cy0 + 1) * C + legend_h + 30

    def origin(cell):  # top-left corner of a cell (y grows north on the board, south on the page)
        return 8 + (cell[0] - cx0) * C, 30 + (cy1 - cell[1]) * C

    def mid_edge(cell, d):
        x, y = origin(cell)
        return {0: (x + C / 2, y), 1: (x + C, y + C / 2), 2: (x + C / 2, y + C), 3: (x, y + C / 2)}[d]

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
           f'<title>{escape(title)}</title>',
           f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#fbf7ef"/>',
           f'<text x="8" y="20" font-size="14" font-weight="bold">{escape(title)}</text>']
    T = state.tiles.tiles
    for cell, p in sorted(cells.items()):
        x, y = origin(cell)
        t = T[p.tile]
        out.append(f'<rect class="tile {t.kind}" x="{x:.0f}" y="{y:.0f}" width="{C:.0f}" height="{C:.0f}" '
                   f'fill="#ffffff" stroke="#bbb"/>')
        if t.shape not in ("none",):
            for lane in N.tile_edges(t.shape, p.rot):
                ends = [d for d in lane if d >= 0]
                col = SNAKE_COLOURS.get(t.colour, "#aaaaaa")
                for d in ends:
                    ex, ey = mid_edge(cell, d)
                    out.append(f'<line x1="{x + C / 2:.0f}" y1="{y + C / 2:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" '
                               f'stroke="{col}" stroke-width="3" stroke-opacity="0.4"/>')
        label = f"{t.points:+d}" if t.points and t.kind != "log" else ""
        if t.kind == "head" and p.hat >= 0:
            label = f"hat {T[p.hat].points}"
        if label:
            out.append(f'<text x="{x + 3:.0f}" y="{y + 11:.0f}" font-size="9">{escape(label)}</text>')
    hx, hy = origin(N.HOME)
    out.append(f'<rect class="home" x="{hx:.0f}" y="{hy:.0f}" width="{C:.0f}" height="{C:.0f}" fill="#f0e0c0" '
               f'stroke="#865"/>')
    for sn in pub.snakes:
        col = SNAKE_COLOURS.get(sn.colour, "#444")
        for cell, runs in through.items():
            for colour, e, x_ in runs:
                if colour != sn.colour:
                    continue
                x, y = origin(cell)
                for d in (e, x_):
                    if d >= 0:
                        ex, ey = mid_edge(cell, d)
                        out.append(f'<line class="snake" data-colour="{sn.colour}" x1="{x + C / 2:.0f}" '
                                   f'y1="{y + C / 2:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" stroke="{col}" '
                                   f'stroke-width="7" stroke-linecap="round"/>')
        ex, ey = mid_edge(N.HOME, sn.side)
        out.append(f'<line class="snake" x1="{hx + C / 2:.0f}" y1="{hy + C / 2:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" '
                   f'stroke="{col}" stroke-width="7" stroke-linecap="round"/>')
    sc = N.scores(state)
    y = 30 + (cy1 - cy0 + 1) * C + 24
    for i, seat in enumerate(N.final_places(state) if state.is_over else range(len(pub.players))):
        p = pub.players[seat]
        out.append(f'<text x="8" y="{y:.0f}" font-size="13">{i + 1}. {escape(p.name)} '
                   f'({escape("/".join(p.colours))}): {sc[seat]} point{"s" if sc[seat] != 1 else ""}</text>')
        y += 22
    out.append("</svg>")
    return "\n".join(out) + "\n"

"""Text renderers of a Snake Carnival table: the board, the hands and the scores.

Theory of operation
-------------------
Pure functions of the state returning prompt_toolkit fragments (``(style,
text)`` pairs); the ``render_*`` twins join them into plain text (tests,
dumb terminals).  Each grid cell is 5 characters wide and 3 rows high::

    +2┃K      row 0: printed points (2), north arm, kind mark (2)
    ━━┏━━      row 1: west arm, centre glyph, east arm
      ┃        row 2: south arm

Snake paths are heavy box-drawing lines in the snake's colour (yellow,
purple, black shown grey, green); logs are brown with the carried snake's
colour on their arms; a crossing log shows each lane in its snake's colour.
Marks: ``♦`` diamond, ``K`` knot, ``B`` bruise, ``L`` log, ``H`` head (``H5``:
wearing a hat of 5), ``▣`` present (+1 per side), ``✖`` trouble (its
value), ``⌂`` the home tile, ``◌`` an open end (with the snake's initial),
``·`` an empty cell.  Row and column rulers give the coordinates used at the
prompt (x grows east, y grows north).  When the board is bigger than the
window, a view of it is shown around ``centre`` (the screen pans it).
"""

from __future__ import annotations

from . import engine as S

Fragments = list[tuple[str, str]]
CW, CH = 5, 3
MARGIN = 5

SNAKE_STYLE = {"yellow": "fg:ansiyellow bold", "purple": "fg:ansimagenta bold", "black": "fg:ansibrightblack bold",
               "green": "fg:ansigreen bold"}
INITIAL = {"yellow": "Y", "purple": "P", "black": "B", "green": "G"}
ST_LOG = "fg:#af5f00 bold"
ST_DIM = "fg:ansibrightblack"
ST_PRESENT = "fg:ansicyan bold"
ST_TROUBLE = "fg:ansired bold"
ST_HOME = "bold"
ST_RULER = "fg:ansicyan"
ST_PREVIEW = "reverse"
KIND_MARK = {"diamond": "♦", "knot": "K", "bruise": "B", "log": "L", "head": "H"}
CORNER_GLYPH = {frozenset((0, 1)): "┗", frozenset((1, 2)): "┏", frozenset((2, 3)): "┓", frozenset((3, 0)): "┛",
                frozenset((0, 2)): "┃", frozenset((1, 3)): "━"}


def snake_style(colour: str) -> str:
    return SNAKE_STYLE.get(colour, "bold")


def _cell_grid(state: S.SnakeState, cell, preview_cell=None) -> list[list[tuple[str, str]]]:
    """The 3 rows of one cell, each a list of (style, text) pieces adding up to 5 characters."""
    pub = state.public
    T = state.tiles.tiles
    p = pub.cells().get(cell)
    hl = f" {ST_PREVIEW}" if cell == preview_cell else ""
    if cell == S.HOME:
        st = {d: snake_style(pub.side_colours[d]) for d in range(4)}
        return [[("", "  "), (st[0], "┃"), ("", "  ")], [(st[3], "━━"), (ST_HOME, "⌂"), (st[1], "━━")],
                [("", "  "), (st[2], "┃"), ("", "  ")]]
    if p is None:
        for sn in pub.snakes:
            if sn.active and sn.open_cell() == cell:
                sty = snake_style(sn.colour)
                return [[("", "     ")], [("", " "), (sty + hl, "◌" + INITIAL.get(sn.colour, "?")), ("", "  ")],
                        [("", "     ")]]
        return [[("", "     ")], [("", "  "), (ST_DIM + hl, "·"), ("", "  ")], [("", "     ")]]
    t = T[p.tile]
    if t.kind == "present":
        return [[("", "     ")], [(ST_PRESENT + hl, f"+{t.points}▣  ")], [("", "     ")]]
    if t.kind == "trouble":
        return [[("", "     ")], [(ST_TROUBLE + hl, f"{t.points}✖  ")], [("", "     ")]]
    runs = pub.through().get(cell, [])
    arm_style = {}
    for colour, e, x in runs:
        for d in (e, x):
            if d >= 0:
                arm_style[d] = snake_style(colour)
    lanes = S.tile_edges(t.shape, p.rot)
    for lane in lanes:
        for d in lane:
            arm_style.setdefault(d, snake_style(t.colour) if t.colour else ST_LOG)
    if t.shape == "crossing":
        glyph = "╋"
    elif t.shape == "head":
        glyph = "◉"
    else:
        glyph = CORNER_GLYPH[frozenset(lanes[0])]
    centre_style = (ST_LOG if t.kind == "log" else snake_style(t.colour)) + hl
    pts = "" if t.kind == "log" else (f"{t.points:+d}" if t.points else "")
    mark = KIND_MARK.get(t.kind, "")
    if t.kind == "head" and p.hat >= 0:
        mark = f"H{T[p.hat].points}"
    row0 = [("", f"{pts:>2}"[:2]), (arm_style.get(0, ""), "┃" if 0 in arm_style else " "), (centre_style, f"{mark:<2}"[:2])]
    row1 = [(arm_style.get(3, ""), "━━" if 3 in arm_style else "  "), (centre_style, glyph),
            (arm_style.get(1, ""), "━━" if 1 in arm_style else "  ")]
    row2 = [("", "  "), (arm_style.get(2, ""), "┃" if 2 in arm_style else " "), ("", "  ")]
    return [row0, row1, row2]


def bounds(state: S.SnakeState) -> tuple[int, int, int, int]:
    """min x, max x, min y, max y of everything worth showing (tiles, open ends, home), plus one cell."""
    cells = [p.cell for p in state.public.board] + [S.HOME]
    cells += [c for sn in state.public.snakes if sn.active and (c := sn.open_cell()) is not None]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1


def view_window(state: S.SnakeState, width: int, height: int, centre=None) -> tuple[int, int, int, int]:
    x0, x1, y0, y1 = bounds(state)
    cols = max(3, (width - MARGIN) // CW)
    rows = max(3, height // CH)
    if x1 - x0 + 1 > cols:
        cx = centre[0] if centre else (x0 + x1) // 2
        x0 = min(max(x0, cx - cols // 2), x1 - cols + 1)
        x1 = x0 + cols - 1
    if y1 - y0 + 1 > rows:
        cy = centre[1] if centre else (y0 + y1) // 2
        y0 = min(max(y0, cy - rows // 2), y1 - rows + 1)
        y1 = y0 + rows - 1
    return x0, x1, y0, y1


def board_fragments(state: S.SnakeState, width: int = 100, height: int = 45, centre=None,
                    preview: S.Place | None = None) -> Fragments:
    """The board (with ``preview`` laid, highlighted, when given) as fragments."""
    if preview is not None and state.public.phase == S.PH_PLAY:
        try:
            state = S.place_outcome(state, preview)
        except Exception:
            preview = None
    elif preview is not None:
        try:
            state = S.apply(state, preview, _NoRand())
        except Exception:
            preview = None
    x0, x1, y0, y1 = view_window(state, width, height, centre)
    out: Fragments = []
    lbounds = bounds(state)
    clipped = (x0, x1, y0, y1) != lbounds
    out.append((ST_RULER, " " * MARGIN + "".join(f"{x:^{CW}}" for x in range(x0, x1 + 1)) + "\n"))
    pc = preview.cell if preview is not None else None
    for y in range(y1, y0 - 1, -1):
        grids = [_cell_grid(state, (x, y), pc) for x in range(x0, x1 + 1)]
        for r in range(CH):
            out.append((ST_RULER, f"{y:>4} " if r == 1 else " " * MARGIN))
            for g in grids:
                out.extend(g[r])
            out.append(("", "\n"))
    if clipped:
        out.append((ST_DIM, f"(view x {x0}..{x1}, y {y0}..{y1} of x {lbounds[0]}..{lbounds[1]}, "
                            f"y {lbounds[2]}..{lbounds[3]}; `pan left/right/up/down`, `pan home`)\n"))
    return out


LEGEND = [("⌂", "home"), ("◌Y", "open end"), ("♦", "diamond"), ("K", "knot"), ("B", "bruise"), ("L", "log"),
          ("H", "head"), ("▣", "present"), ("✖", "trouble")]


def legend_fragments(width: int = 100) -> Fragments:
    """One line naming the board's marks (issue 23, item 4); the words shrink on a narrow screen."""
    out: Fragments = []
    n = 0
    for glyph, words in LEGEND:
        item = f"{glyph} {words} "
        if n + len(item) > width - 1:
            item = glyph + " "  # no room for the word
            if n + len(item) > width - 1:
                break
            out.append(("bold", item))
        else:
            out += [("bold", glyph), (ST_DIM, f" {words} ")]
        n += len(item)
    out.append(("", "\n"))
    return out


class _NoRand:
    def below(self, n):  # the last round draws nothing
        return 0


def status_fragments(state: S.SnakeState, tags: dict[int, str] | None = None) -> Fragments:
    """Every player's snakes, diamonds, score and (open) hand; the stack and the discard pile."""
    pub = state.public
    sc = S.scores(state)
    out: Fragments = []
    for p in pub.players:
        mark = "▶ " if p.seat == pub.current else "  "
        tag = (tags or {}).get(p.seat, "")
        out.append(("bold", f"{mark}{p.name}{f' ({tag})' if tag else ''}: "))
        for c in p.colours:
            out.append((snake_style(c), f"{c} "))
        out.append(("", f"· {p.diamonds}♦ · score {sc[p.seat]}\n"))
        out.append(("", "    hand: "))
        for i, t in enumerate(p.hand):
            tile = state.tiles.tiles[t]
            out.append((snake_style(tile.colour) if tile.colour else "", state.tiles.names[t]))
            out.append(("", ", " if i + 1 < len(p.hand) else ""))
        out.append(("", "\n"))
    out.append((ST_DIM, f"  stack {len(pub.stack)} · discard {len(pub.discard)} · round {pub.round}"
                        f" · phase {pub.phase}\n"))
    hint = S.end_hint(state)
    if hint:
        out.append((ST_DIM, f"  {hint}\n"))
    return out


SCORE_WORDS = {"SC-P1": "printed points", "SC-P2": "diamonds kept", "SC-P3": "presents", "SC-P4": "trouble"}


def breakdown_lines(state: S.SnakeState) -> list[str]:
    """Each player's score in words: per snake (printed points, presents, trouble) and the diamonds."""
    bd = S.score_breakdown(state)
    out = []
    for p in state.public.players:
        parts = []
        for group, rules in bd[p.seat].items():
            nz = ", ".join(f"{SCORE_WORDS.get(r, r)} {v:+d} ({r})" for r, v in rules.items() if v)
            parts.append(f"{group}: {nz or '0'}")
        out.append(f"  {p.name}: " + "; ".join(parts))
    return out


def render(fragments: Fragments) -> str:
    return "".join(t for _, t in fragments)


def render_board(state: S.SnakeState, width: int = 100, height: int = 45, centre=None, preview=None) -> str:
    return render(board_fragments(state, width, height, centre, preview))

"""Text renderers of a sled race: the board and the players' status.

Theory of operation
-------------------
Everything here is pure: a function of the game state (and of who is
looking) returning prompt_toolkit style fragments, a list of ``(style, text)``
pairs that ``FormattedText`` prints in colour; the ``render_*`` twins join
the texts into a plain string (for tests, logs and dumb terminals).

The board.  Lanes are rows: lane W at the top, lane 1 at the bottom, as the
track is seen in the direction of travel (lane W is on the left, TRK-2).
The track is unrolled from left to right, section by section.  Each
section is as many *columns* wide as its longest lane; a lane with fewer
spaces (the inner lanes of a corner) has its spaces stretched across the
columns, space ``k`` of ``n`` covering the columns of the fraction
``[k/n, (k+1)/n]`` (TRK-4), so a corner's inner lane shows visibly fewer,
longer spaces (``·───``).  Section boundaries are blue lines; a Snow Tails
corner's red line shows each lane's speed limit in red; the finish line is
a double bar.  A header row names the sections, a ruler row below gives the
section numbers (the ``[section, lane, index]`` of the event lines).

When the track is wider than ``width`` the board shows a window of it (the
lane labels stay) around the current player's sled and the previewed path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from . import engine as S
from .track import Track

Fragments = list[tuple[str, str]]

CELL = 2  # characters per column: the space's glyph and a gap
MARGIN = 4  # the lane label column, "W5 │" style: fixed when panning

# One colour per seat, as prompt_toolkit styles.
COLOURS = ("ansired", "ansiblue", "ansigreen", "ansiyellow", "ansimagenta", "ansicyan", "ansiwhite", "#ff8700")
COLOUR_NAMES = ("red", "blue", "green", "yellow", "magenta", "cyan", "white", "orange")

ST_EMPTY = "fg:ansibrightblack"
ST_TREE = "fg:ansigreen bold"
ST_BLOCKED = "fg:ansibrightblack bold"
ST_BUILDING = "fg:ansiyellow bold"
ST_TRIGGER = "fg:ansiyellow"
ST_BLUE = "fg:ansiblue"
ST_RED = "fg:ansired bold"
ST_FINISH = "fg:ansiwhite bold"
ST_LABEL = "fg:ansicyan"
ST_DIM = "fg:ansibrightblack"
ST_PATH = "bg:#303050"
ST_END = "reverse bold"

GLYPH_EMPTY = "·"
GLYPH_STRETCH = "─"
GLYPH_TREE = "♣"
GLYPH_BLOCKED = "#"
GLYPH_TRIGGER = "+"
# lower case: sled marks are capitals (a sled "B" next to the bothy was read as the building, issue 23)
BUILDING_LETTERS = {"kennels": "k", "chapel": "c", "bothy": "b", "tavern": "t"}


def seat_style(seat: int) -> str:
    return f"fg:{COLOURS[seat % len(COLOURS)]} bold"


def colour_name(seat: int) -> str:
    return COLOUR_NAMES[seat % len(COLOUR_NAMES)]


def sled_marks(state: S.GameState) -> dict[int, str]:
    """One distinct letter per seat: the name's initial, else another letter of it, else the seat number."""
    used: set[str] = set()
    out: dict[int, str] = {}
    for s in state.public.sleds:
        mark = next((ch.upper() for ch in s.name if ch.isalpha() and ch.upper() not in used), None)
        if mark is None:
            mark = next(d for d in "123456789" if d not in used)
        used.add(mark)
        out[s.seat] = mark
    return out


def sled_mark_candidate(name: str) -> str:
    """The letter a name would like as its sled mark (its first letter)."""
    return next((ch.upper() for ch in name if ch.isalpha()), "")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# ------------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    """Where each section and space of a track goes, in characters after the margin."""

    section_x: tuple[int, ...]  # first character of each section's columns
    section_cols: tuple[int, ...]  # columns of each section
    sep_width: tuple[int, ...]  # width of the separator before each section (0 for the first)
    total: int  # characters in a row

    def span(self, track: Track, sid: int) -> tuple[int, int]:
        """Characters [a, b) of a space."""
        s, lane, k = track.coords(sid)
        n = track.lane_len[s][lane - 1]
        cols = self.section_cols[s]
        a = k * cols // n
        b = (k + 1) * cols // n
        return self.section_x[s] + a * CELL, self.section_x[s] + b * CELL


def layout(track: Track) -> Layout:
    xs, cols, seps = [], [], []
    x = 0
    for s, sec in enumerate(track.sections):
        sep = 0
        if s > 0:
            sep = 1
            if sec.speed_limit is not None and track.game == S.ST:
                sep = max(len(str(v)) for v in sec.speed_limit)
        x += sep
        xs.append(x)
        c = max(track.lane_len[s])
        cols.append(c)
        seps.append(sep)
        x += c * CELL
    return Layout(tuple(xs), tuple(cols), tuple(seps), x)


def _section_label(track: Track, s: int) -> str:
    sec = track.sections[s]
    if sec.kind == "start":
        return "START"
    if sec.kind == "finish":
        return "FINISH"
    if sec.kind == "straight":
        return ""
    arrow = "↱" if sec.turn == "right" else "↰"
    text = f"{arrow}{sec.angle}°"
    if sec.tight:
        text += " tight"
    if sec.speed_limit is not None and track.game == S.ST:
        lims = set(sec.speed_limit)
        text += f" limit {sec.speed_limit[0]}" if len(lims) == 1 else f" limit {min(lims)}-{max(lims)}"
    return text


# --------------------------------------------------------------------- board
def _building_glyphs(state: S.GameState) -> tuple[dict[int, str], set[int]]:
    """Covered spaces by letter, and the trigger spaces to mark (MM-F1)."""
    track = state.track
    covered: dict[int, str] = {}
    triggers: set[int] = set()
    for b in track.buildings:
        letter = BUILDING_LETTERS[b.kind]
        if b.kind == "tavern":
            continue
        for dl in (0, 1):
            for dr in (0, 1):
                covered[track.sid(b.section, b.lane + dl, b.row + dr)] = letter
    if state.rules.mm_buildings:
        for kind, trig in track.triggers.items():
            if kind == "tavern":
                for sid in trig:
                    covered.setdefault(sid, BUILDING_LETTERS["tavern"])
            else:
                triggers |= set(trig)
    return covered, triggers


def board_fragments(
    state: S.GameState,
    width: int | None = None,
    viewer: int | None = None,
    highlight: Sequence[int] | None = None,
    pan: int = 0,
) -> Fragments:
    """The board as style fragments (see the module docstring).

    ``pan`` moves a windowed board by half windows (negative: back toward
    the start); 0 follows the sled to act.

    ``highlight`` is a previewed path: the spaces it visits in order, the
    last one being where it ends.  ``viewer`` only decides whose sled the
    window follows when nobody is to act.
    """
    track = state.track
    lay = layout(track)
    pub = state.public
    marks = sled_marks(state)
    sleds_at = {s.at: s.seat for s in pub.sleds if s.at is not None}
    covered, triggers = _building_glyphs(state)
    path = list(highlight or [])
    end = path[-1] if path else None
    visited = set(path)
    W = track.lanes

    # character rows: one per lane (lane W first), as lists of (style, char)
    rows: dict[int, list[tuple[str, str]]] = {lane: [("", " ")] * lay.total for lane in range(1, W + 1)}
    for s, sec in enumerate(track.sections):
        if s == 0:
            continue
        x = lay.section_x[s] - lay.sep_width[s]
        for lane in range(1, W + 1):
            row = rows[lane]
            if s == track.finish_section:
                row[x] = (ST_FINISH, "║")
            elif sec.speed_limit is not None and track.game == S.ST:
                txt = str(sec.speed_limit[lane - 1]).rjust(lay.sep_width[s])
                for i, ch in enumerate(txt):
                    row[x + i] = (ST_RED, ch)
            else:
                row[x] = (ST_BLUE, "│")
    for sid in range(track.size):
        s, lane, k = track.coords(sid)
        a, b = lay.span(track, sid)
        row = rows[lane]
        if sid in sleds_at:
            seat = sleds_at[sid]
            style, glyph = seat_style(seat), marks[seat]
            if seat == pub.current:
                style += " underline"
        elif sid in pub.trees:
            style, glyph = ST_TREE, GLYPH_TREE
        elif sid in covered:
            style, glyph = (ST_BUILDING, covered[sid])
        elif sid in track.blocked:
            style, glyph = ST_BLOCKED, GLYPH_BLOCKED
        elif sid in triggers:
            style, glyph = ST_TRIGGER, GLYPH_TRIGGER
        else:
            style, glyph = ST_EMPTY, GLYPH_EMPTY
        if sid == end:
            style += " " + ST_END
        elif sid in visited:
            style += " " + ST_PATH
        row[a] = (style, glyph)
        fill_style = ST_DIM + (" " + ST_PATH if sid in visited else "")
        for x in range(a + 1, b - 1):
            row[x] = (fill_style, GLYPH_STRETCH)
        if b - a > 1:
            row[b - 1] = ("", " ")

    header: list[tuple[str, str]] = [("", " ")] * lay.total
    ruler: list[tuple[str, str]] = [("", " ")] * lay.total
    labels = [_section_label(track, s) for s in range(len(track.sections))]
    for s in range(len(track.sections)):
        x0 = lay.section_x[s]
        x1 = lay.section_x[s + 1] - lay.sep_width[s + 1] if s + 1 < len(track.sections) else lay.total
        # a label may run on over the following unlabelled (straight) sections
        nxt = next((t for t in range(s + 1, len(labels)) if labels[t]), None)
        x_end = lay.section_x[nxt] - lay.sep_width[nxt] - 1 if nxt is not None else lay.total
        label = labels[s][: max(0, x_end - x0)]
        style = ST_RED if (" limit" in label) else ST_LABEL
        for i, ch in enumerate(label):
            header[x0 + i] = (style, ch)
        for i, ch in enumerate(str(s)):
            if x0 + i < x1:
                ruler[x0 + i] = (ST_DIM, ch)

    # the window
    x_from, x_to = 0, lay.total
    if width is not None and lay.total > width - MARGIN - 2:
        avail = max(8, width - MARGIN - 2)
        focus = _focus_seat(state, viewer)
        pts = []
        if focus is not None and state.sled(focus).at is not None:
            pts.append(lay.span(track, state.sled(focus).at)[0])
        pts += [lay.span(track, sid)[0] for sid in path]
        if not pts:
            pts = [0]
        lo, hi = min(pts), max(pts) + CELL
        x_from = lo - avail // 4
        if hi > x_from + avail:
            x_from = hi - avail
        x_from += pan * (avail // 2)
        x_from = max(0, min(x_from, lay.total - avail))
        x_to = x_from + avail

    out: Fragments = []
    cut_left, cut_right = x_from > 0, x_to < lay.total

    def emit(label: str, label_style: str, cells: list[tuple[str, str]]) -> None:
        out.append((label_style, label))
        out.append((ST_DIM, "◀" if cut_left else " "))
        out.extend(_merge(cells[x_from:x_to]))
        out.append((ST_DIM, "▶" if cut_right else ""))
        out.append(("", "\n"))

    emit(" " * (MARGIN - 1), "", header)
    for lane in range(W, 0, -1):
        emit(f"{lane:>2} ".ljust(MARGIN - 1), ST_LABEL, rows[lane])
    emit(" " * (MARGIN - 1), "", ruler)
    return out


def _focus_seat(state: S.GameState, viewer: int | None) -> int | None:
    cur = state.public.current
    if cur is not None and cur >= 0:
        return cur
    if viewer is not None:
        return viewer
    ranked = S.ranking(state)
    return ranked[0] if ranked else None


def _merge(cells: Iterable[tuple[str, str]]) -> Fragments:
    out: Fragments = []
    for style, ch in cells:
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + ch)
        else:
            out.append((style, ch))
    return out


def render_board(
    state: S.GameState,
    width: int | None = None,
    viewer: int | None = None,
    highlight: Sequence[int] | None = None,
) -> str:
    """The board as plain text (see :func:`board_fragments`)."""
    return to_text(board_fragments(state, width, viewer, highlight))


def to_text(fragments: Fragments) -> str:
    return "".join(t for _, t in fragments)


def legend_fragments(state: S.GameState, width: int | None = None) -> Fragments:
    """What the symbols mean (only those that can appear on this track): one line, or as many lines
    of at most ``width`` columns as it takes (an item is never cut in two)."""
    track = state.track
    parts: Fragments = [(ST_DIM, "  ")]
    used = [2]

    def item(style: str, glyph: str, text: str) -> None:
        n = len(glyph) + len(text) + 1
        if width is not None and used[0] + n > width - 1 and used[0] > 2:
            parts.append(("", "\n  "))
            used[0] = 2
        parts.append((style, glyph))
        parts.append((ST_DIM, f" {text}   "))
        used[0] += n + 3

    item(ST_EMPTY, GLYPH_EMPTY + GLYPH_STRETCH, "space (long: ─)")
    item(ST_TREE, GLYPH_TREE, "tree")
    if track.blocked - _building_covered(track):
        item(ST_BLOCKED, GLYPH_BLOCKED, "blocked")
    item(ST_BLUE, "│", "section line")
    if track.game == S.ST and any(sec.speed_limit for sec in track.sections):
        item(ST_RED, "7", "red line, speed limit")
    item(ST_FINISH, "║", "finish")
    if track.buildings:
        item(ST_BUILDING, "k c b", "kennels/chapel/bothy")
        if state.rules.mm_buildings:
            item(ST_BUILDING, "t", "tavern door")
            item(ST_TRIGGER, GLYPH_TRIGGER, "building trigger")
    parts.append(("", "\n"))
    return parts


def _building_covered(track: Track) -> set[int]:
    out = set()
    for b in track.buildings:
        if b.kind != "tavern":
            out |= {track.sid(b.section, b.lane + dl, b.row + dr) for dl in (0, 1) for dr in (0, 1)}
    return out


# -------------------------------------------------------------------- status
def status_fragments(
    state: S.GameState,
    viewer: int | None = None,
    tags: dict[int, str] | None = None,
) -> Fragments:
    """One line per player, then the viewer's own hand.

    Only the viewer's hand values are shown (``state.value`` of the viewer's
    own seat): other players' hands appear as a count.  ``tags`` adds a word
    after a name (``bot``, ``you``).
    """
    pub = state.public
    game = state.game
    marks = sled_marks(state)
    tags = tags or {}
    order = S.ranking(state)
    places = {seat: i + 1 for i, seat in enumerate(pub.places)}
    out: Fragments = []
    name_w = max(len(s.name) + (len(tags.get(s.seat, "")) + 3 if tags.get(s.seat) else 0) for s in pub.sleds)
    for s in sorted(pub.sleds, key=lambda x: (x.status == S.ELIMINATED, order.index(x.seat) if x.seat in order else 99)):
        cur = s.seat == pub.current
        out.append(("bold" if cur else "", "▶ " if cur else "  "))
        out.append((seat_style(s.seat), marks[s.seat]))
        label = s.name + (f" ({tags[s.seat]})" if tags.get(s.seat) else "")
        out.append((seat_style(s.seat) if cur else "fg:ansiwhite", f" {label.ljust(name_w)}"))
        if s.status == S.FINISHED or (pub.phase == S.PH_OVER and s.seat in places):
            pos = f"{ordinal(places[s.seat])}" if s.seat in places else "--"
        elif s.seat in order and s.status != S.ELIMINATED:
            pos = ordinal(order.index(s.seat) + 1)
        else:
            pos = "--"
        out.append(("bold", f"  {pos:>4}"))
        if s.status == S.ELIMINATED:
            out.append(("fg:ansired", "  eliminated"))
            out.append(("", "\n"))
            continue
        lv, rv = S.dog_value(state, s.seat, "left"), S.dog_value(state, s.seat, "right")
        out.append(("", f"  dogs {lv}|{rv}"))
        if game == S.ST:
            out.append(("", f"  brake {s.brake}"))
            out.append(("fg:ansired" if s.damage else "", f"  damage {s.damage}"))
        else:
            out.append(("", f"  die {s.die if s.die is not None else '-'}"))
            out.append(("fg:ansired" if s.damage else "", f"  collisions {s.damage}"))
        out.append(("", f"  hand {len(s.hand) + s.damage}"))
        out.append(("", f"  deck {len(s.deck)}"))
        status = []
        if s.status == S.FINISHED:
            status.append("finished")
        elif s.at is not None and state.track.is_finished(s.at):
            status.append("over the line")
        if s.repair:
            status.append("under repair")
        if s.at is None and s.status == S.RACING:
            status.append("not on the track yet")
        if status:
            out.append(("fg:ansigreen" if s.status == S.FINISHED else "fg:ansiyellow", "  " + ", ".join(status)))
        out.append(("", "\n"))
    if viewer is not None and 0 <= viewer < len(pub.sleds):
        out += hand_fragments(state, viewer)
    return out


def hand_fragments(state: S.GameState, viewer: int) -> Fragments:
    """The viewer's own hand, values sorted (the viewer's seat only)."""
    s = state.sled(viewer)
    values = sorted(v for v in state.hand_values(viewer) if v is not None)
    unknown = sum(1 for v in state.hand_values(viewer) if v is None)
    out: Fragments = [("bold", f"Your hand ({s.name}): ")]
    if not s.hand and not s.damage:
        out.append((ST_DIM, "no cards yet" if state.public.phase in (S.PH_TREES, S.PH_START) else "empty"))
    else:
        # the cards with their meaning (issue 23, item 1): dog cards, damage as damage, the sled they drive
        out.append(("", "dog cards " if values else ""))
        out.append(("bold fg:ansiwhite", " ".join(str(v) for v in values) or "no dog cards"))
        if unknown:
            out.append((ST_DIM, f" +{unknown} unknown"))
        if s.damage:
            word = "damage" if state.game == S.ST else "collision"
            end = "the 5th is out" if state.game == S.ST else "the 5th wrecks"
            out.append(("fg:ansired", f" · {s.damage} {word} card{'s' if s.damage != 1 else ''} ({end})"))
    if state.public.phase not in (S.PH_TREES, S.PH_START) and s.at is not None or state.game == S.MM:
        left, right = S.dog_value(state, viewer, "left"), S.dog_value(state, viewer, "right")
        if state.game == S.ST:
            speed = left + right - s.brake
            out.append((ST_DIM, f" · on the sled: dogs {left}|{right} brake {s.brake} = speed {max(speed, 0)}"))
        else:
            out.append((ST_DIM, f" · on the sled: dogs {left}|{right}" + (f", bonus die {s.die}" if s.die else "")))
    out.append(("", "\n"))
    return out


def render_status(state: S.GameState, viewer: int | None = None, tags: dict[int, str] | None = None) -> str:
    """The status as plain text (see :func:`status_fragments`)."""
    return to_text(status_fragments(state, viewer, tags))


# ------------------------------------------------------------------ previews
def path_spaces(state: S.GameState, move: S.Move) -> list[int]:
    """The spaces a move visits, in order, ending where :func:`sled.move_outcome` puts the sled.

    For the highlight of a preview; an illegal move gives what can be
    walked of it.  The last element is the end space (if the sled stays on
    the track).
    """
    track = state.track
    s = state.sled(move.seat)
    at = s.at
    if at is None:
        if move.origin is None or not (1 <= move.origin <= track.lanes):
            return []
        at = track.start_space(move.origin)
    lv = {p: v for p, _, v in move.play}
    left = lv.get("left", S.dog_value(state, move.seat, "left"))
    right = lv.get("right", S.dog_value(state, move.seat, "right"))
    _, _, direction = S.speed_and_drift(state.game, left, right, lv.get("brake", s.brake))
    others = {o.at for o in state.public.sleds if o.seat != move.seat and o.at is not None}
    out = [at]
    for ch in move.path + "F" * move.bonus:
        nxt = track.step(at, direction, ch == "D")
        if nxt < 0 or nxt in track.blocked or nxt in others:
            break
        at = nxt
        out.append(at)
    try:
        end = S.move_outcome(state, move).sled(move.seat).at
    except Exception:
        return out
    if end is None:
        return out
    if end in out:
        return out[: out.index(end) + 1]
    return out + [end]

"""The table's layout (ui/table.py): what one render shows, composed for the terminal's size.

:meth:`TableLayout.compose` gives each region (header, board, status, event log, hand, footer) its rows
so the table fits 80x24 and lays itself out again on every resize; the rules and help pages; the header,
the footer and the waiting line in words.  A mixin of :class:`~.table.Table`: it reads the table's state.
"""

from __future__ import annotations

import textwrap
import time
from dataclasses import dataclass, field

Fragments = list[tuple[str, str]]


def split_lines(fragments: Fragments) -> list[Fragments]:
    """Fragments with newlines as a list of lines (each a list of fragments)."""
    lines: list[Fragments] = [[]]
    for style, text in fragments:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                lines.append([])
            if part:
                lines[-1].append((style, part))
    if lines and not lines[-1]:
        lines.pop()
    return lines


def join_lines(lines: list[Fragments]) -> Fragments:
    out: Fragments = []
    for i, ln in enumerate(lines):
        if i:
            out.append(("", "\n"))
        out.extend(ln)
    return out


def plain_error(text: str) -> str:
    """An error line for players: the rule id after the words, not as its first word (``ST-P2: x`` → ``x (ST-P2)``)."""
    import re

    m = re.match(r"^([A-Z]{2,5}(?:-[A-Z]*\d+[a-z]?)?): (.+)$", text)
    if m is None:
        return text
    return m.group(2) if m.group(1) == "HAND" else f"{m.group(2)} ({m.group(1)})"


def plain(fragments: Fragments) -> str:
    return "".join(t for _, t in fragments)


@dataclass
class Frame:
    """What one render shows: each region's lines, sized for the terminal."""

    cols: int
    rows: int
    header: list[Fragments] = field(default_factory=list)
    board: list[Fragments] = field(default_factory=list)
    status: list[Fragments] = field(default_factory=list)
    log: list[Fragments] = field(default_factory=list)
    hand: list[Fragments] = field(default_factory=list)
    footer: list[Fragments] = field(default_factory=list)


class TableLayout:
    """The table's composing (see the module docstring); mixed into :class:`~.table.Table`."""

    # ------------------------------------------------------------- composing
    def size(self) -> tuple[int, int]:
        try:
            s = self.app.output.get_size()
            return max(20, s.columns), max(8, s.rows)
        except Exception:
            return 80, 24

    def _compose(self) -> None:
        cols, rows = self.size()
        self.frame = self.compose(cols, rows)

    def compose(self, cols: int, rows: int) -> Frame:
        """Lay the screen out for ``cols`` × ``rows``: every region gets its share of the rows."""
        f = Frame(cols, rows)
        if self.overlay is not None:
            return self._compose_page(f)
        f.header = self._header_lines(cols)
        f.footer = [self._footer(cols)]
        input_rows = 1 if self.mode == "play" else 0
        if self.mode == "lobby":
            body = self.lobby_lines() if self.lobby_lines else []
            free = rows - len(f.header) - len(f.footer)
            f.log = self._fit_log([plain(x) for x in body], cols, max(1, free), styled=body)
            return f
        state = self.state
        f.hand = [] if state is None or self.mode in ("end", "replay", "watch") else [
            ln[:1] + [(s, t[: cols]) for s, t in ln[1:]] for ln in split_lines(self.view.hand(state, self.viewer))][:1]
        status = split_lines(self.view.status(state, self._tags())) if state is not None else []
        if self.mode == "end" and self.end_info is not None:
            status = self._result_lines()
        fixed = len(f.header) + len(f.footer) + len(f.hand) + input_rows
        min_log = 3 if rows >= 20 and not getattr(self.view, "board_first", False) else 1
        room = max(0, rows - fixed - min_log)
        status = status[: max(1, room // 2)] if len(status) > room // 2 and room < len(status) + 6 else status
        board_room = max(3, min(room - len(status), int(room * (0.85 if getattr(self.view, "board_first", False)
                                                                  else 0.7))))
        preview = self.confirm[1] if self.confirm is not None else None
        if preview is None and self.asking is not None and self.buffer.text.strip() \
                and getattr(self.view, "board_first", False):
            try:  # the board follows the place being typed or picked in the menu (issue 23, item 4)
                preview = self.asking.turn.parse(self.buffer.text)
            except Exception:
                preview = None
        if state is not None:
            viewer = self.viewer if self.viewer is not None else (self.asking.seat if self.asking else None)
            board = split_lines(self.view.board(state, cols, board_room, viewer, preview, self.pan))
        else:
            board = []
        if len(board) > board_room:
            board = board[:board_room]
        f.board = board
        f.status = status
        log_rows = max(1, rows - fixed - len(board) - len(status))
        lines = self._log_texts()
        heading = {"end": "How the result was reached, and the commands:", "replay": "Events so far:"}.get(
            self.mode, "Events:")
        f.log = [[("bold", heading)]] + self._fit_log(lines, cols, log_rows - 1) if log_rows > 1 else \
            self._fit_log(lines, cols, log_rows)
        if log_rows > 1 and not lines:
            f.log.append([("class:dim", "  none yet")])
        return f

    # ------------------------------------------------------------- pages (rules, help)
    def open_page(self, which: str) -> None:
        """The rules (``rules``) or the help (``help``) over the whole table, until Esc (or q on an empty line).

        The page eats no keys: the command line stays at the bottom, and what is typed goes there
        (Enter plays it and closes the page); only Esc, q on an empty line and the scroll keys are the
        page's (issue 23, items 1 and 5)."""
        if which == "rules":
            title, lines = "Rules", (self.view.rules_lines() if self.view is not None else [])
        else:
            title, lines = "Help", self._help_lines()
        self.overlay = {"which": which, "title": title, "lines": lines, "scroll": 0}
        self.notice = ("", "")
        self.invalidate()

    def close_page(self) -> None:
        self.overlay = None
        self.invalidate()

    def _help_lines(self) -> list[str]:
        keys = ["KEYS AT THE TABLE",
                "  Tab           the choices for what you have typed (the right column says where each ends)",
                "  Enter         preview a move on the board; Enter (or y) again plays it, n takes it back",
                "  F2 or `rules` the rules of this game      F1 or `help` this page",
                "  PgUp/PgDn     scroll the events            Ctrl-←/→  pan the board",
                "  `auto`        let the computer choose this turn      `quit` leave (asks first)",
                ""]
        turn = self.asking.turn if self.asking is not None else (self.view.turn(self.state, self.viewer)
                                                                  if self.view is not None and self.state is not None
                                                                  and self.viewer is not None else None)
        syntax = []
        if turn is not None:
            try:
                syntax = turn.help_text.rstrip("\n").splitlines()
            except Exception:
                syntax = []
        return keys + syntax

    def _compose_page(self, f: Frame) -> Frame:
        cols, rows = f.cols, f.rows
        page = self.overlay
        input_rows = 1 if self.mode == "play" else 0
        f.header = [self._clip([("class:header", f" {self.title} · {page['title']} "),
                                ("", "  Esc: back to the table")], cols)]
        wrapped: list[str] = []
        for ln in page["lines"]:
            indent = " " * (len(ln) - len(ln.lstrip(" ")))
            wrapped += textwrap.wrap(ln, max(10, cols - 1), subsequent_indent=indent + "  ") or [""]
        room = max(1, rows - 1 - 1 - input_rows)
        top = max(0, min(page["scroll"], len(wrapped) - room))
        page["scroll"] = top
        shown = wrapped[top: top + room]
        f.log = [[("bold" if ln.isupper() or ln.endswith(":") and ln == ln.lstrip() else "", ln)] for ln in shown]
        more = len(wrapped) - top - room
        where = (f"lines {top + 1}-{top + len(shown)} of {len(wrapped)} · " if len(wrapped) > room else "")
        f.footer = [self._clip([("class:footer", f"{where}↑/↓ PgUp/PgDn: scroll · Esc"
                                                 f"{' or q' if not self.buffer.text else ''}: close"
                                                 + (f" · {more} more below" if more > 0 else ""))], cols)]
        return f

    def _page_scroll(self, step: int | None) -> None:
        page = self.overlay
        if page is None:
            return
        if step is None:  # to the end
            page["scroll"] = 10 ** 6
        else:
            page["scroll"] = max(0, page["scroll"] + step)
        self.invalidate()

    def _tags(self) -> dict[int, str]:
        return self.tags

    def _log_texts(self) -> list[str]:
        if self.mode == "end" and self.end_info is not None:
            return self.end_info.get("how", []) + self.end_info.get("commands", [])
        return self.events

    def _fit_log(self, lines, cols: int, rows: int, styled=None) -> list[Fragments]:
        wrapped: list[Fragments] = []
        for i, ln in enumerate(lines):
            style = "bold" if ln.startswith(("Events", "— ")) else ""
            if styled is not None:
                frag = styled[i]
                if len(plain(frag)) <= cols - 1:
                    wrapped.append(frag)
                    continue
            indent = "    " if ln.startswith("  ") else "  "
            for _j, part in enumerate(textwrap.wrap(ln, max(10, cols - 1), subsequent_indent=indent,
                                                   drop_whitespace=False, break_on_hyphens=False) or [""]):
                wrapped.append([(style, part)])
        self.log_scroll = min(self.log_scroll, max(0, len(wrapped) - rows))
        end = len(wrapped) - self.log_scroll
        shown = wrapped[max(0, end - rows): end]
        if end < len(wrapped) and shown:
            shown[-1:] = [[("class:dim", f"… {len(wrapped) - end} newer line(s): PgDn")]]
        if end - rows > 0 and shown:
            shown[:1] = [[("class:dim", f"… {end - rows + 1} older line(s): PgUp")]]
        return shown

    def _header_lines(self, cols: int) -> list[Fragments]:
        state = self.state
        first: Fragments = [("class:header", f" {self.title} ")]
        second: Fragments = []
        if self.mode == "lobby":
            first.append(("", "  lobby"))
        elif self.mode == "replay" and self.replay is not None:
            r = self.replay
            first.append(("", f"  replay · turn {r['index']} of {len(r['frames']) - 1}"
                              f" · {'playing' if r['playing'] else 'paused'} at {r['speed']:g}×"))
        elif state is not None:
            first.append(("", f"  {self.view.round_text(state)} · "))
            seat = self.view.acting(state)
            if self.mode == "end" or seat is None:
                first.append(("bold", "the game is over" if self.mode == "end" else self.view.doing(state)))
            else:
                first.append((self.view.style_of(state, seat) + " bold", self.view.seat_label(state, seat)))
                tag = self.tags.get(seat)
                first.append(("", (f" ({tag})" if tag else "") + " " + self.view.doing(state)))
        if self.mode == "play":
            if self.quitting:
                second = [("class:hint", self.quit_question)]
            elif self.confirm is not None:
                second = [("class:hint", self.confirm[0].text)]
            elif self.asking is not None:
                second = [("class:hint", "Your turn: " + self.asking.turn.hint())]
            elif self.waiting is not None:
                second = [("class:wait", self.waiting_line())]
        elif self.mode == "left":
            second = [("class:hint", "You left the table: a computer player plays your seat until the game ends.")]
        elif self.mode == "watch":
            second = [("class:hint", "Watching: every message is checked as it arrives; nobody's hand is shown.")]
        elif self.mode == "end":
            second = [("class:hint", self.end_info.get("headline", "The game is over.") if self.end_info else "")]
        elif self.mode == "replay" and self.replay is not None:
            desc = self.replay["frames"][self.replay["index"]][1]
            second = [("class:hint", desc)]
        out = [first]
        if second or self.mode != "lobby":
            out.append(second)
        return [self._clip(ln, cols) for ln in out]

    @staticmethod
    def _clip(line: Fragments, cols: int) -> Fragments:
        out: Fragments = []
        n = 0
        for style, text in line:
            if n + len(text) > cols:
                out.append((style, text[: max(0, cols - n - 1)] + "…"))
                return out
            out.append((style, text))
            n += len(text)
        return out

    def waiting_line(self) -> str:
        if self.waiting is None:
            return ""
        seat, words, since = self.waiting
        secs = int(time.monotonic() - since)
        if self.waiting_limit:
            left = max(0, int(self.waiting_limit) - secs)
            if "{left}" in words:  # the words say where the count goes
                return words.replace("{left}", str(left))
            return f"{words} — {left} s left of {self.waiting_limit:g} s"
        return f"{words} — {secs} s"

    def _footer(self, cols: int) -> Fragments:
        style, text = self.notice
        if text:
            return self._clip([(style or "class:hint", text)], cols)
        if self.mode == "play" and self.confirm is not None and self.confirm[0].why and not self.quitting:
            return self._clip([("class:footer", self.confirm[0].why)], cols)
        if self.mode == "play" and self.asking is not None and not self.confirm and not self.quitting:
            if not self.buffer.text:
                teach = getattr(self.asking.turn, "teach", None)
                line = teach() if teach is not None else ""
                if line:
                    return self._clip([("class:footer", line)], cols)
            try:
                return self._clip([("class:footer", self.asking.turn.preview(self.buffer.text))], cols)
            except Exception:
                return [("class:footer", "")]
        keys = {
            "play": "Tab: choices · F1: help · F2: rules · PgUp/PgDn: events · Ctrl-←/→: pan · quit",
            "end": ("r: play again (same players) · q: leave · s: picture (SVG) · PgUp/PgDn: scroll"
                    if self.offer_rematch else "q: leave · s: save a picture (SVG) · PgUp/PgDn: scroll · F2: rules"),
            "replay": "→/n next · ←/p back · Home first · End last · space play/pause · +/- speed · q quit",
            "lobby": ("s: start now (computer players take the free seats) · F2: rules · Ctrl-C: leave"
                      if self.on_start_now is not None else "F2: the rules while you wait · Ctrl-C: leave"),
            "left": "q: close this screen (the computer player goes on) · Ctrl-C: stop",
            "watch": "PgUp/PgDn: events · F2: rules · Ctrl-←/→: pan · Ctrl-C: stop watching",
        }[self.mode]
        return self._clip([("class:footer", keys)], cols)

    def _result_lines(self) -> list[Fragments]:
        info = self.end_info or {}
        out: list[Fragments] = [[("bold", "Final places:")]]
        for place, seat, text in info.get("rows", []):
            style = self.view.style_of(self.state, seat) if seat is not None and self.state is not None else ""
            out.append([("bold", f"  {place:>2}. "), (style, text)])
        for ln in info.get("totals", []):
            out.append([("bold", ln)])
        return out

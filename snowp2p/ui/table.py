"""The table: one full-screen prompt_toolkit Application for every game and every mode.

Theory of operation
-------------------
A :class:`Table` holds the state of the screen (the game state, the event
lines, who is waited for and since when, the open question, the mode:
``play``, ``lobby``, ``end``, ``replay``, ``left``) and a prompt_toolkit
``Application`` whose windows read that state each time they draw (style
habit 12: screens are state rendered).  Before each render the table
*composes* a frame for the terminal's current size (:meth:`compose`): how
many rows the board, the players' status, the event log, the hand, the
input line and the footer get, so it fits 80×24 and lays itself out again
on every resize.

The table knows no game by name: it asks a *view* (:mod:`.views`) for the
header, board, status, hand, event lines and result, and for the seat to
act a *turn* (parser, menu, preview, confirmation).  Drivers give it
states and event lines and ask it for actions:

* ``await table.ask(state, seat, auto)`` (on the application's event loop)
  or ``table.ask_blocking(...)`` (from a worker thread: the networked
  game's ``decide``) returns the action typed and confirmed, or raises
  :class:`~.screen.Quit` when the player leaves;
* ``table.show(state, events)``, ``table.wait_for(seat, why)`` update it;
* ``await table.end_screen(...)`` shows the result until the player
  leaves; ``replay`` and ``lobby`` modes have their own keys.

Local play runs its loop as a task of the application (:func:`run_app`);
networked play runs trio as a guest of the application's asyncio loop
(:func:`run_trio`), so the screen stays live while the network works and
the main thread still gets the terminal's resize signal.
"""

from __future__ import annotations

import asyncio
import sys
import textwrap
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import (ConditionalContainer, Float, FloatContainer, HSplit, Layout, Window)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension as D
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.styles import Style

from .views import Command, InputError
from .views import Quit

Fragments = list[tuple[str, str]]

STYLE = Style.from_dict({
    "header": "reverse bold",
    "footer": "reverse",
    "hint": "bold",
    "error": "fg:ansired bold",
    "wait": "fg:ansiyellow",
    "dim": "fg:ansibrightblack",
    "completion-menu": "bg:ansiblack fg:ansiwhite",
    "completion-menu.completion.current": "bg:ansiwhite fg:ansiblack",
    "completion-menu.meta.completion": "bg:ansibrightblack fg:ansiwhite",
})


class Interrupted(Exception):
    """Ctrl-C at the table."""


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


@dataclass
class _Ask:
    state: Any
    seat: int
    turn: Any
    auto: Callable[[], Any] | None
    future: asyncio.Future


class Table:
    """The screen (see the module docstring)."""

    last: "Table | None" = None

    def __init__(self, view, *, title: str = "", tags: dict[int, str] | None = None, viewer: int | None = None,
                 pt_input=None, pt_output=None, quit_question: str = "Leave the race? [y/N]",
                 leave_words: str = "leave the race"):
        self.view = view
        self.title = title or view.title
        self.tags = dict(tags or {})
        self.viewer = viewer  # whose hand is shown (None: nobody's)
        self.state = None
        self.events: list[str] = []
        self.mode = "play"
        self.asking: _Ask | None = None
        self.confirm = None  # (Confirm, action) waiting for y/n
        self.quitting = False  # the "leave?" question is open
        self.notice: tuple[str, str] = ("", "")  # (style, text): one line, until the next key
        self.waiting: tuple[int | None, str, float] | None = None  # (seat, words, since)
        self.waiting_key = None  # what the waiting line's clock counts from (e.g. the seat and its turn)
        self.waiting_limit: float | None = None  # seconds it counts down from (None: it counts up)
        self.pan = (0, 0)
        self.log_scroll = 0  # lines up from the newest
        self.overlay: dict | None = None  # a full-screen page over the table: the rules or the help (F2, F1)
        self.quit_question = quit_question
        self.leave_words = leave_words
        self.on_quit: Callable[[], None] | None = None  # called when the player confirms quit outside a turn
        self.on_interrupt: Callable[[], None] | None = None
        # end screen
        self.end_info: dict | None = None
        self.on_svg: Callable[[], str] | None = None
        # lobby
        self.lobby_lines: Callable[[], list[Fragments]] | None = None
        self.on_start_now: Callable[[], None] | None = None
        # replay
        self.replay: dict | None = None
        self._done: asyncio.Future | None = None
        self.frame: Frame | None = None
        self.asks = 0  # questions asked so far (tests wait for the next one)
        self.typed_ahead: list[str] = []
        self._blocking_lock = threading.Lock()
        self._waits: set = set()  # worker threads' waits for an answer (ask_blocking, confirm_blocking)
        self._closed = False
        self._yn: asyncio.Future | None = None  # an open yes/no question (yes_no)  # lines typed before the player's turn (used when it comes)
        self._build(pt_input, pt_output)
        Table.last = self  # a seam for tests that drive a whole command

    # ------------------------------------------------------------- building
    def _build(self, pt_input, pt_output) -> None:
        table = self

        class _Menu(Completer):
            def get_completions(self, document, complete_event):
                if table.asking is None or table.confirm is not None or table.quitting:
                    return
                if table.notice[0] == "class:error" and not document.text:
                    return  # an error line is being read: no menu over it (issue 23, item 4)
                text = document.text_before_cursor
                for sug in table.asking.turn.suggest(text)[:300]:
                    yield Completion(sug.text, start_position=-len(text), display=sug.display, display_meta=sug.meta)

        self.buffer = Buffer(completer=_Menu(), complete_while_typing=True, multiline=False,
                             accept_handler=self._accept)
        self.buffer.on_text_changed += lambda _: self._typed()
        has_input = Condition(lambda: self.mode == "play")
        self.input_window = Window(BufferControl(self.buffer, input_processors=[BeforeInput(self._prompt)]),
                                   height=1, dont_extend_height=True)
        self.log_window = Window(FormattedTextControl(lambda: join_lines(self.frame.log if self.frame else []),
                                                      focusable=True, show_cursor=False),
                                 height=lambda: D.exact(len(self.frame.log) if self.frame else 1), wrap_lines=False)

        def region(name):
            return Window(FormattedTextControl(lambda: join_lines(getattr(self.frame, name) if self.frame else [])),
                          height=lambda: D.exact(len(getattr(self.frame, name)) if self.frame else 0),
                          wrap_lines=False, dont_extend_height=True)

        body = HSplit([
            region("header"), region("board"), region("status"), self.log_window, region("hand"),
            ConditionalContainer(self.input_window, filter=has_input),
            region("footer"),
        ])
        root = FloatContainer(content=body, floats=[
            Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=8, scroll_offset=1))])
        kb = self._keys()
        kw = {}
        if pt_input is not None:
            kw["input"] = pt_input
        if pt_output is not None:
            kw["output"] = pt_output
        self.app = Application(layout=Layout(root, focused_element=self.input_window), key_bindings=kb, style=STYLE,
                               full_screen=True, mouse_support=False, before_render=lambda _: self._compose(),
                               after_render=lambda _: self._rendered(),
                               refresh_interval=1.0, **kw)
        self.renders = 0  # renders so far (tests wait for the next one)

    def _rendered(self) -> None:
        self.renders += 1

    def _keys(self) -> KeyBindings:
        kb = KeyBindings()
        playing = Condition(lambda: self.mode == "play")
        ending = Condition(lambda: self.mode == "end")
        replaying = Condition(lambda: self.mode == "replay")
        lobby = Condition(lambda: self.mode == "lobby")
        left = Condition(lambda: self.mode == "left")

        @kb.add("pageup")
        def _(e):
            self.log_scroll += max(1, len(self.frame.log) - 1 if self.frame else 5)

        @kb.add("pagedown")
        def _(e):
            self.log_scroll = max(0, self.log_scroll - max(1, len(self.frame.log) - 1 if self.frame else 5))

        @kb.add("c-left")
        def _(e):
            self.pan = (self.pan[0] - 1, self.pan[1])

        @kb.add("c-right")
        def _(e):
            self.pan = (self.pan[0] + 1, self.pan[1])

        @kb.add("c-up")
        def _(e):
            self.pan = (self.pan[0], self.pan[1] + 1)

        @kb.add("c-down")
        def _(e):
            self.pan = (self.pan[0], self.pan[1] - 1)

        @kb.add("c-c")
        def _(e):
            self.interrupt()

        @kb.add("c-d", filter=playing)
        def _(e):
            if not self.buffer.text:
                self._ask_quit()

        @kb.add("q", filter=ending | left)
        @kb.add("escape", filter=ending, eager=True)
        def _(e):
            self._finish(None)

        @kb.add("enter", filter=ending)
        def _(e):  # a stray Enter (typed ahead for a move) never skips the final results (issue 23, item 6)
            self.say("These are the final results: q leaves them.", "hint")

        @kb.add("s", filter=ending)
        def _(e):
            if self.on_svg is None:
                self.say("no picture for this game", "error")
                return
            try:
                self.say(f"wrote {self.on_svg()}", "hint")
            except OSError as err:
                self.say(f"could not write the picture: {err.strerror or err}", "error")

        @kb.add("s", filter=lobby)
        def _(e):
            if self.on_start_now is not None:
                self.on_start_now()

        asking_yn = Condition(lambda: self._yn is not None and not self._yn.done())

        @kb.add("y", filter=asking_yn, eager=True)
        def _(e):
            self._yn.set_result(True)

        @kb.add("n", filter=asking_yn, eager=True)
        @kb.add("enter", filter=asking_yn, eager=True)
        def _(e):
            self._yn.set_result(False)

        for key, step in (("right", 1), ("n", 1), ("left", -1), ("p", -1)):
            kb.add(key, filter=replaying)(lambda e, step=step: self._replay_step(step))

        @kb.add("home", filter=replaying)
        @kb.add("g", filter=replaying)
        def _(e):
            self._replay_goto(0)

        @kb.add("end", filter=replaying)
        @kb.add("G", filter=replaying)
        def _(e):
            self._replay_goto(len(self.replay["frames"]) - 1)

        @kb.add("space", filter=replaying)
        def _(e):
            self.replay["playing"] = not self.replay["playing"]
            if self.replay["playing"]:
                self.app.create_background_task(self._replay_play())

        @kb.add("+", filter=replaying)
        def _(e):
            self.replay["speed"] = min(16.0, self.replay["speed"] * 2)

        @kb.add("-", filter=replaying)
        def _(e):
            self.replay["speed"] = max(0.25, self.replay["speed"] / 2)

        @kb.add("q", filter=replaying)
        def _(e):
            self._finish(None)

        # the page keys last: prompt_toolkit lets the binding added last win
        paging = Condition(lambda: self.overlay is not None)
        empty_line = Condition(lambda: not self.buffer.text)

        @kb.add("f1")
        def _(e):
            self.open_page("help")

        @kb.add("f2")
        def _(e):
            self.open_page("rules")

        @kb.add("escape", filter=paging, eager=True)
        @kb.add("q", filter=paging & empty_line, eager=True)
        def _(e):
            self.close_page()  # the key is not typed (issue 23, item 5)

        def page_rows():
            return max(1, (self.frame.rows if self.frame else 24) - 4)

        kb.add("up", filter=paging)(lambda e: self._page_scroll(-1))
        kb.add("down", filter=paging)(lambda e: self._page_scroll(1))
        kb.add("pageup", filter=paging)(lambda e: self._page_scroll(-page_rows()))
        kb.add("pagedown", filter=paging)(lambda e: self._page_scroll(page_rows()))
        kb.add("home", filter=paging)(lambda e: self._page_scroll(-10 ** 6))
        kb.add("end", filter=paging)(lambda e: self._page_scroll(None))

        return kb

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
        f.hand = [] if state is None or self.mode in ("end", "replay") else [
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
            for j, part in enumerate(textwrap.wrap(ln, max(10, cols - 1), subsequent_indent=indent,
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
            "end": "q: leave · s: save a picture (SVG) · PgUp/PgDn: scroll · F2: rules",
            "replay": "→/n next · ←/p back · Home first · End last · space play/pause · +/- speed · q quit",
            "lobby": ("s: start now (computer players take the free seats) · F2: rules · Ctrl-C: leave"
                      if self.on_start_now is not None else "F2: the rules while you wait · Ctrl-C: leave"),
            "left": "q: close this screen (the computer player goes on) · Ctrl-C: stop",
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

    def _prompt(self):
        if self.quitting:
            return [("class:hint", "Leave? [y/N] ")]
        if self.confirm is not None:
            return [("class:hint", self.confirm[0].question + " ")]
        if self.asking is not None:
            st, seat = self.asking.state, self.asking.seat
            return [(self.view.style_of(st, seat), self.view.names(st)[seat]), ("bold", " › ")]
        return [("class:dim", "(not your turn) › ")]

    # ------------------------------------------------------------- input
    def say(self, text: str, style: str = "hint") -> None:
        """A one-line notice in the footer (until the next key)."""
        self.notice = (style if ":" in style or not style else f"class:{style}", text)
        if style == "error":  # the completion menu never hides an error (issue 23, item 4)
            self.buffer.cancel_completion()
        self.invalidate()

    def _typed(self) -> None:
        self.notice = ("", "")

    def _ask_quit(self) -> None:
        self.quitting = True
        self.buffer.reset()
        self.invalidate()

    def _accept(self, buf: Buffer) -> bool:
        self.notice = ("", "")
        if self.overlay is not None:
            self.close_page()  # Enter plays what was typed on the page (or just closes it)
            if not buf.text.strip():
                return False
        self._accept_text(buf.text)
        return False  # clear the line

    def _accept_text(self, text: str) -> None:
        try:
            self._handle(text)
        except InputError as e:
            self.say(plain_error(str(e)), "error")
        self.invalidate()

    def _handle(self, text: str) -> None:
        words = text.strip().lower()
        if self.quitting:
            self.quitting = False
            if words in ("y", "yes"):
                if self.asking is not None:
                    ask, self.asking = self.asking, None
                    ask.future.set_exception(Quit())
                elif self.on_quit is not None:
                    self.on_quit()
            else:
                self.say("You stay at the table.")
            return
        if self.confirm is not None:
            conf, action = self.confirm
            self.confirm = None
            yes = words in ("y", "yes", "go", "ok") or (words == "" and conf.default_yes)
            if yes and self.asking is not None:
                self._give(action)
            else:
                self.say("Not played. Type another move.")
            return
        if words in ("quit", "q", "exit"):
            self._ask_quit()
            return
        if words.startswith("pan"):
            where = words.split()[1:] or ["home"]
            d = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}.get(where[0])
            self.pan = (0, 0) if d is None else (self.pan[0] + d[0], self.pan[1] + d[1])
            return
        if words == "board":
            self.pan = (0, 0)
            self.log_scroll = 0
            return
        if words in ("rules", "rule", "r?"):
            self.open_page("rules")
            return
        if self.asking is None:
            if words in ("help", "h", "?"):
                self.open_page("help")
                return
            self.typed_ahead.append(text)
            who = self.waiting_line() or "the others"
            self.say(f"Kept for your turn: {text!r} (not your turn yet: {who})", "wait")
            return
        ask = self.asking
        action = ask.turn.parse(text)
        if isinstance(action, Command):
            if action.name == "help":
                self.open_page("help")
            elif action.name == "rules":
                self.open_page("rules")
            elif action.name == "score":
                self.events.extend(self.view.how(ask.state)[1:])
            elif action.name == "auto":
                if ask.auto is not None:
                    auto = ask.auto()
                    self.events.append(f"auto: {ask.turn.describe(auto)}")
                    self._give(auto)
            elif action.name == "quit":
                self._ask_quit()
            return
        conf = ask.turn.confirm(action)
        if conf is not None:
            self.confirm = (conf, action)
            return
        self._give(action)

    def _give(self, action) -> None:
        ask, self.asking = self.asking, None
        self.confirm = None
        if ask is not None and not ask.future.done():
            ask.future.set_result(action)

    def interrupt(self) -> None:
        if self.on_interrupt is not None:
            self.on_interrupt()
            return
        self._finish(Interrupted())

    # ------------------------------------------------------------- driving
    def invalidate(self) -> None:
        try:
            self.app.invalidate()
        except Exception:
            pass

    def show(self, state=None, events: list[str] | None = None) -> None:
        if state is not None:
            self.state = state
        if events:
            self.events.extend(events)
            self.log_scroll = 0
        self.invalidate()

    def wait_for(self, seat: int | None, words: str | None, key=None, limit: float | None = None) -> None:
        """The waiting line: ``words`` (e.g. "Waiting for Bob (human) to move"), timed from now; None clears it.

        ``key``: the clock runs on while the key stays the same, whatever the words (a seat's turn: timed
        from the start of the turn, not from the last change of wording, issue 23 item 3); ``limit``: the
        line counts down from it ("… 62 s left of 90 s") instead of counting up."""
        if words is None:
            self.waiting = None
            self.waiting_key = None
        else:
            key = (seat, words) if key is None else key
            if self.waiting is None or self.waiting_key != key:
                self.waiting = (seat, words, time.monotonic())
                self.waiting_key = key
            else:
                self.waiting = (seat, words, self.waiting[2])
            self.waiting_limit = limit
        self.invalidate()

    async def ask(self, state, seat: int, auto: Callable[[], Any] | None = None):
        """The action the seat's player types (and confirms); Quit if they leave."""
        self.state = state
        self.mode = "play"
        self.waiting = None
        self.pan = (0, 0)
        fut = asyncio.get_running_loop().create_future()
        ask = self.asking = _Ask(state, seat, self.view.turn(state, seat), auto, fut)
        self.asks += 1
        self._focus_input()
        self.notice = ("", "")
        self._replay_typed_ahead(ask)
        self.invalidate()
        try:
            return await fut
        finally:
            if self.asking is not None and self.asking.future is fut:
                self.asking = None
            self.invalidate()

    def _replay_typed_ahead(self, ask: _Ask) -> None:
        """A line typed before the turn (issue 23, item 6): only the first is used, and an action it names is
        shown on this turn's board and asked for (``Go?``) before it is played; the lines after it (a stray
        Enter among them) are dropped, never taken as the answer."""
        if not self.typed_ahead or self.asking is not ask:
            return
        text, dropped = self.typed_ahead[0], len(self.typed_ahead) - 1
        self.typed_ahead.clear()
        try:
            action = ask.turn.parse(text)
        except InputError as e:
            self.say(f"Typed before your turn: {text!r}: {e}", "error")
            return
        if isinstance(action, Command):
            self._accept_text(text)
            return
        from .views import Confirm

        conf = ask.turn.confirm(action)
        if conf is None:
            conf = Confirm(ask.turn.describe(action) or text)
        conf = Confirm("Typed before your turn: " + conf.text, question=conf.question.replace("[Y/n]", "[y/N]"),
                       default_yes=False, why=conf.why)
        self.confirm = (conf, action)
        if dropped:
            self.say(f"{dropped} more line(s) typed ahead were dropped.", "wait")

    def ask_blocking(self, state, seat: int, auto=None, loop=None):
        """:meth:`ask` from another thread (the networked game's decide); Quit once the table has closed."""
        return self._blocking(lambda: self.ask(state, seat, auto), loop)

    def _blocking(self, coro_fn, loop=None):
        """Run ``coro_fn()`` on the table's loop from a worker thread and wait for its result.

        A table that closes (:meth:`close_blocking`) cancels every such wait, and raises Quit for any
        that comes after, so no worker thread stays blocked on a run that has ended (issue 23, item 9)."""
        import concurrent.futures

        with self._blocking_lock:
            if self._closed:
                raise Quit()
            fut = asyncio.run_coroutine_threadsafe(coro_fn(), loop or self.loop)
            self._waits.add(fut)
        try:
            return fut.result()
        except concurrent.futures.CancelledError:
            raise Quit() from None
        finally:
            with self._blocking_lock:
                self._waits.discard(fut)

    def close_blocking(self) -> None:
        """The run is ending: cancel the worker threads' waits (they get Quit) and refuse new ones."""
        with self._blocking_lock:
            self._closed = True
            for fut in list(self._waits):
                fut.cancel()

    def waits_left(self) -> int:
        with self._blocking_lock:
            return len(self._waits)

    async def pause(self, text: str, lines: list[str] | None = None) -> None:
        """A screen that hides every hand and waits for Enter (hot seat: pass the keyboard); ``lines`` below."""
        viewer, self.viewer = self.viewer, None
        events = self.events
        self.events = [text] + list(lines or [])
        fut = asyncio.get_running_loop().create_future()
        from .views import Confirm

        class _PassTurn:
            help_text = ""

            def hint(self):
                return text

            def suggest(self, t):
                return []

            def preview(self, t):
                return "Enter when ready"

            def parse(self, t):
                return "ready"

            def confirm(self, a):
                return None

            def describe(self, a):
                return ""

        ask = self.asking = _Ask(self.state, -1, _PassTurn(), None, fut)
        self.asks += 1
        self._focus_input()
        while self.typed_ahead and self.asking is ask and not fut.done():
            self._accept_text(self.typed_ahead.pop(0))
        self.invalidate()
        try:
            await fut
        finally:
            self.asking = None
            self.events = events
            self.viewer = viewer

    def _focus_input(self) -> None:
        try:
            self.app.layout.focus(self.input_window)
        except ValueError:
            pass

    async def end_screen(self, info: dict) -> None:
        """The result until the player leaves (q, Enter or Esc).

        ``info``: ``headline``, ``rows`` (place, seat, text), ``totals`` (lines),
        ``how`` (lines), ``commands`` (lines)."""
        self.mode = "end"
        self.end_info = info
        self.asking = None
        self.confirm = None
        self.waiting = None
        self.log_scroll = 0
        self.app.layout.focus(self.log_window)
        await self._wait_done()

    async def _wait_done(self) -> None:
        self._done = asyncio.get_running_loop().create_future()
        self.invalidate()
        await self._done

    def _finish(self, exc) -> None:
        if self._done is not None and not self._done.done():
            if exc is None:
                self._done.set_result(None)
            else:
                self._done.set_exception(exc)
            return
        if exc is not None and self.asking is not None and not self.asking.future.done():
            self.asking.future.set_exception(exc)
            return
        if exc is not None and self.app.is_running:
            self.app.exit(exception=exc)

    # replay
    async def run_replay(self, frames: list[tuple[Any, str, list[str]]]) -> None:
        """``frames``: (state, what happened, event lines so far) per turn; the keys step through them."""
        self.mode = "replay"
        self.replay = {"frames": frames, "index": 0, "playing": False, "speed": 1.0}
        self._replay_goto(0)
        self.app.layout.focus(self.log_window)
        await self._wait_done()

    def _replay_goto(self, i: int) -> None:
        r = self.replay
        r["index"] = max(0, min(i, len(r["frames"]) - 1))
        state, _, events = r["frames"][r["index"]]
        self.state = state
        self.events = list(events)
        self.log_scroll = 0
        self.invalidate()

    def _replay_step(self, step: int) -> None:
        self.replay["playing"] = False if step < 0 else self.replay["playing"]
        self._replay_goto(self.replay["index"] + step)

    async def _replay_play(self) -> None:
        r = self.replay
        while r["playing"] and r["index"] < len(r["frames"]) - 1 and self.mode == "replay":
            await asyncio.sleep(1.0 / r["speed"])
            if r["playing"]:
                self._replay_goto(r["index"] + 1)
        r["playing"] = False
        self.invalidate()

    async def yes_no(self, lines: list[str], question: str) -> bool:
        """A screen of ``lines`` and a question answered with y or n (Enter: no)."""
        self.mode = "lobby"
        self.lobby_lines = lambda: [[("", ln)] for ln in lines] + [[("", "")], [("class:hint", question)]]
        self._yn = asyncio.get_running_loop().create_future()
        self.app.layout.focus(self.log_window)
        self.invalidate()
        try:
            return await self._yn
        finally:
            self._yn = None
            self.invalidate()

    def confirm_blocking(self, lines: list[str], question: str) -> bool:
        return self._blocking(lambda: self.yes_no(lines, question))

    # lobby
    async def lobby(self, lines: Callable[[], list[Fragments]], start_now: Callable[[], None] | None) -> None:
        self.mode = "lobby"
        self.lobby_lines = lines
        self.on_start_now = start_now
        self.app.layout.focus(self.log_window)
        self.invalidate()

    def leave_lobby(self) -> None:
        self.mode = "play"
        self._focus_input()
        self.invalidate()

    @property
    def loop(self):
        return self.app.loop


# ----------------------------------------------------------------- running
def run_app(table: Table, driver: Callable[[Table], Any]):
    """Run the table's application with ``driver(table)`` (a coroutine function) as its task; return its result.

    The application ends when the driver returns or raises (Quit, Interrupted...)."""
    result: dict = {}

    async def main():
        async def drive():
            try:
                result["value"] = await driver(table)
            except BaseException as e:  # noqa: BLE001 - given back to the caller below
                result["error"] = e
            finally:
                if table.app.is_running:
                    table.app.exit()

        try:
            await table.app.run_async(pre_run=lambda: table.app.create_background_task(drive()))
        except EOFError:  # the input was closed: as if the player left
            result.setdefault("error", Quit())
        table.close_blocking()

    _run_isolated(table, main)
    if "error" in result:
        raise result["error"]
    return result.get("value")


def _run_isolated(table: Table, main) -> None:
    """``asyncio.run(main())`` in an app session of the table's own (issue 23, item 9).

    prompt_toolkit keeps "the running application" in one process-wide session unless a run makes its own;
    two runs that overlap (a table still closing while the next opens, a series, a test harness) then
    create each other's completion and key-timeout tasks on the wrong loop ("Task … got Future … attached
    to a different loop").  ``asyncio.run`` returns only when every task of the run is done and its worker
    threads (``asyncio.to_thread``: the computer players) have ended, so nothing of this run outlives it."""
    from prompt_toolkit.application.current import create_app_session

    with create_app_session(input=table.app.input, output=table.app.output):
        asyncio.run(main())


def run_trio(table: Table, async_fn, *args, after: Callable[[Table, Any], Any] | None = None):
    """Run trio (``async_fn(*args)``) as a guest of the table's asyncio loop; then ``after(table, result)``
    (a coroutine function, e.g. the end screen).  Ctrl-C cancels trio and raises Interrupted."""
    import trio

    result: dict = {}

    async def main():
        loop = asyncio.get_running_loop()
        trio_done = loop.create_future()
        scope_box: dict = {}

        async def guest():
            with trio.CancelScope() as scope:
                scope_box["scope"] = scope
                scope_box["token"] = trio.lowlevel.current_trio_token()
                return await async_fn(*args)
            raise Interrupted()

        def done(outcome):
            if not trio_done.done():
                trio_done.set_result(outcome)

        def cancel():
            if "token" in scope_box:
                try:
                    scope_box["token"].run_sync_soon(scope_box["scope"].cancel)
                except RuntimeError:
                    pass

        async def drive():
            try:
                trio.lowlevel.start_guest_run(guest, run_sync_soon_threadsafe=loop.call_soon_threadsafe,
                                              done_callback=done, host_uses_signal_set_wakeup_fd=True)
                scope_box["started"] = True
                outcome = await trio_done
                value = outcome.unwrap()
                result["value"] = value
                if after is not None and table.app.is_running:
                    await after(table, value)
            except BaseException as e:  # noqa: BLE001
                result["error"] = e
            finally:
                if table.app.is_running:
                    table.app.exit()

        def interrupt():
            result.setdefault("interrupted", True)
            cancel()
            if table._done is not None and not table._done.done():
                table._done.set_result(None)

        table.on_interrupt = interrupt
        table.cancel_trio = cancel
        await table.app.run_async(pre_run=lambda: table.app.create_background_task(drive()))
        # The app has ended: no worker thread may stay blocked on it, and trio must finish before this
        # run returns (never a time limit: a guest left running would call into a closed loop later).
        table.close_blocking()
        while not trio_done.done() and "started" in scope_box:
            cancel()  # again each second: the guest may not have had its first tick yet
            try:
                await asyncio.wait_for(asyncio.shield(trio_done), 1.0)
            except asyncio.TimeoutError:
                pass
        while table.waits_left():  # the worker threads have left their waits (they were cancelled above)
            await asyncio.sleep(0.02)

    _run_isolated(table, main)
    if result.get("interrupted"):
        raise Interrupted()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def is_terminal(pt_output) -> bool:
    """Whether to use the table: a real terminal (or a test's VT100 output), not a pipe."""
    if pt_output is not None:
        from prompt_toolkit.output.vt100 import Vt100_Output

        return isinstance(pt_output, Vt100_Output)
    import os

    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") not in ("dumb", "")

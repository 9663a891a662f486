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
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (ConditionalContainer, Float, FloatContainer, HSplit, Layout, Window)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension as D
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.styles import Style

from .table_input import TableInput
from .table_layout import Fragments, Frame, TableLayout, join_lines, plain, plain_error, split_lines  # noqa: F401
from .table_run import Interrupted, is_terminal, run_app, run_trio  # noqa: F401  (the drivers import them here)
from .views import Command, Confirm, InputError, Quit

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


@dataclass
class _Ask:
    state: Any
    seat: int
    turn: Any
    auto: Callable[[], Any] | None
    future: asyncio.Future


class Table(TableLayout, TableInput):
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
        self.offer_rematch = False  # r at the end screen: another game with the same players (a networked game)
        self.rematch = False  # the player pressed r
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

"""The plain (line by line) renderer of the table: ``--plain``, and any output that is not a terminal.

Theory of operation
-------------------
:class:`PlainTable` answers the calls a driver makes of the full-screen :class:`~.table.Table`
(``show``, ``ask``, ``pause``, ``wait_for``, ``end_screen``) from the same :class:`~.views.View`, but
prints lines instead of drawing a screen: at a human's turn the header, the events since that seat's
last turn, the board, the players' status, the hand and what to do now; then one prompt
(prompt_toolkit, with the view's completion menu), the view's turn parsing what is typed and its
confirmation asked as a question.  So ``--plain`` shows what the table shows, one line after another,
with no game-specific screen of its own.  :func:`run_plain` runs a driver on it as :func:`.table.run_app`
runs one on the table; :class:`PlainNet` is the networked game's ``decide`` on the same renderer.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable

from .seat import SeatDriver
from .table import Interrupted, plain_error
from .views import Command, InputError, Quit, Suggestion, View


class PlainTable:
    """The table's driver calls, answered with printed lines (same View, same turns)."""

    def __init__(self, view: View | None, *, title: str = "", tags: dict[int, str] | None = None,
                 viewer: int | None = None, pt_input=None, pt_output=None, **_ignored):
        from prompt_toolkit.input import create_input
        from prompt_toolkit.output import create_output

        self.view = view
        self.title = title
        self.tags = dict(tags or {})
        self.viewer = viewer
        self.input = pt_input or create_input()
        self.output = pt_output or create_output()
        self.state = None
        self._events: list[str] = []
        self.seen: dict[int | None, int] = {}  # events printed up to here, per seat (hot seat: each its own)
        self.on_svg: Callable[[], str] | None = None
        self.on_quit: Callable[[], None] | None = None
        self._session = None
        self._lock = threading.Lock()

    @property
    def events(self) -> list[str]:
        return self._events

    @events.setter
    def events(self, lines: list[str]) -> None:
        """A new log (a series' next race): every seat reads it from its start."""
        self._events = lines
        self.seen = {}

    # ---- output
    def line(self, text: str = "", style: str = "") -> None:
        self.fragments([(style, text + "\n")])

    def fragments(self, frags) -> None:
        from prompt_toolkit import print_formatted_text
        from prompt_toolkit.formatted_text import FormattedText

        print_formatted_text(FormattedText(frags), output=self.output, end="")

    def width(self) -> int:
        try:
            return max(40, self.output.get_size().columns)
        except Exception:
            return 80

    def clear(self) -> None:
        """A blank screen and scrollback (hot seat: nobody sees another player's hand)."""
        self.output.erase_screen()
        self.output.write_raw("\x1b[3J")
        self.output.cursor_goto(0, 0)
        self.output.flush()

    def _board(self, state, seat: int | None, preview=None) -> None:
        view = self.view
        rows = 40
        try:
            rows = max(15, self.output.get_size().rows - 12)
        except Exception:
            pass
        frags = view.board(state, self.width(), rows, viewer=seat, preview=preview)
        self.fragments(frags if not frags or frags[-1][1].endswith("\n") else [*frags, ("", "\n")])

    def _table(self, state, seat: int | None) -> None:
        self._board(state, seat)
        for part in (self.view.status(state, self.tags), self.view.hand(state, seat)):
            if part:
                self.fragments(part if part[-1][1].endswith("\n") else [*part, ("", "\n")])

    # ---- what the drivers call
    def show(self, state=None, events: list[str] | None = None) -> None:
        with self._lock:
            if state is not None:
                self.state = state
            if events:
                self.events.extend(events)

    def wait_for(self, seat: int | None, words: str | None, key=None, limit: float | None = None) -> None:
        pass  # the lines are printed at the next turn; nothing moves on a printout while others think

    def invalidate(self) -> None:
        pass

    async def _prompt(self, message, turn=None) -> str:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.formatted_text import FormattedText

        if self._session is None:
            self._session = PromptSession(input=self.input, output=self.output)
        kw: dict[str, Any] = {"completer": None, "bottom_toolbar": None, "complete_while_typing": False}
        if turn is not None:
            class _Completer(Completer):
                def get_completions(self, document, complete_event):
                    text = document.text_before_cursor
                    for sug in turn.suggest(text):
                        if isinstance(sug, Suggestion):
                            yield Completion(sug.text, start_position=-len(text), display=sug.display,
                                             display_meta=sug.meta)

            def toolbar():
                from prompt_toolkit.application import get_app

                try:
                    return turn.preview(get_app().current_buffer.text)
                except Exception:
                    return ""

            kw = {"completer": _Completer(), "bottom_toolbar": toolbar, "complete_while_typing": True}
        try:
            return await self._session.prompt_async(FormattedText(message), **kw)
        except EOFError:
            raise Quit() from None

    def _news(self, seat: int | None) -> None:
        with self._lock:
            start = self.seen.get(seat, 0)
            news = self.events[start:]
            self.seen[seat] = len(self.events)
        if news:
            self.line("Since your last turn:" if start else "So far:", "bold")
            for ln in news[-12:]:
                self.line("  " + ln)

    async def ask(self, state, seat: int, auto: Callable[[], Any] | None = None):
        """The action the person at ``seat`` types and confirms; Quit when they leave."""
        view = self.view
        self.state = state
        turn = view.turn(state, seat)
        self.line()
        self.fragments([("bold", f"━━ {view.title} · {view.round_text(state)} · "),
                        (view.style_of(state, seat), view.seat_label(state, seat)),
                        ("bold", f" · {view.doing(state)} ━━\n")])
        self._news(seat)
        self._table(state, seat)
        self.line(turn.hint(), "bold")
        name = view.names(state)[seat]
        while True:
            text = await self._prompt([(view.style_of(state, seat), name), ("bold", " › ")], turn)
            words = text.strip().lower()
            if words in ("board", "pan") or words.startswith("pan "):
                self._table(state, seat)
                continue
            if words in ("rules", "rule", "r?"):
                self.line("\n".join(view.rules_lines()))
                continue
            try:
                action = turn.parse(text)
            except InputError as e:
                self.line(plain_error(str(e)), "fg:ansired")
                continue
            if isinstance(action, Command):
                if action.name == "help":
                    self.line(turn.help_text.rstrip("\n"))
                elif action.name == "rules":
                    self.line("\n".join(view.rules_lines()))
                elif action.name == "score":
                    self.line("\n".join(view.how(state)[1:]))
                elif action.name == "board" or action.name.startswith("pan"):
                    self._table(state, seat)
                elif action.name == "quit":
                    raise Quit()
                elif action.name == "auto" and auto is not None:
                    chosen = auto()
                    self.line(f"auto: {turn.describe(chosen)}", "fg:ansicyan")
                    self._done(seat)
                    return chosen
                continue
            conf = turn.confirm(action)
            if conf is not None:
                self._board(state, seat, preview=action)
                self.line(conf.text, "bold")
                if conf.why:
                    self.line(conf.why)
                answer = (await self._prompt([("bold", conf.question + " ")])).strip().lower()
                yes = answer in ("y", "yes", "go", "ok") or (answer == "" and conf.default_yes)
                if not yes:
                    self.line("Not played. Type another move.")
                    continue
            self._done(seat)
            return action

    def _done(self, seat: int) -> None:
        with self._lock:
            self.seen[seat] = len(self.events)

    async def pause(self, text: str, lines: list[str] | None = None) -> None:
        """Hot seat: a blank screen, ``text`` and ``lines``, then Enter."""
        self.clear()
        for ln in lines or []:
            self.line(ln, "bold")
        await self._prompt([("bold", text + " ")])
        self.clear()

    async def end_screen(self, info: dict) -> None:
        """The end: the events not yet printed, the final board and how the result was reached (the places
        and the commands follow in the scrollback, as after the table)."""
        seen = min((v for k, v in self.seen.items() if k is not None), default=0)
        self.line()
        self.line(info.get("headline", "The game is over.").split(".")[0] + ".", "bold")
        for ln in self.events[seen:]:
            self.line("  " + ln)
        if self.state is not None and self.view is not None:
            self._table(self.state, None)
        for ln in info.get("how", []):
            self.line(ln)
        for ln in info.get("totals", []):
            self.line(ln, "bold")


def run_plain(table: PlainTable, driver: Callable[[PlainTable], Any]):
    """Run ``driver(table)`` (a coroutine function) to its end; Quit and Interrupted reach the caller."""
    from prompt_toolkit.application.current import create_app_session

    try:
        with create_app_session(input=table.input, output=table.output):
            return asyncio.run(driver(table))
    except KeyboardInterrupt:
        raise Interrupted() from None


class PlainNet(SeatDriver):
    """A networked game's ``decide(state, seat)`` (run in a worker thread) on the plain renderer (the shared
    seat driver, ui/seat.py).

    ``on_turn`` keeps each agreed turn's event lines (from the view of the game object the session holds) for the seat's next turn; leaving hands the seat to the computer player."""

    def __init__(self, title: str, pt_input=None, pt_output=None):
        self.title = title
        self.table = PlainTable(None, title=title, pt_input=pt_input, pt_output=pt_output)
        self.screen_game = None  # the game object (ui/views.py ScreenGame), the session's
        self.left = False

    def on_turn(self, game, ev) -> None:
        if self.screen_game is None:
            self.screen_game = game.session.game
            self.table.view = self.screen_game.view()
        lines: list[str] = []
        if ev.move is not None:
            try:
                lines = self.table.view.events(*ev.move)
            except Exception:
                lines = [ev.description] if ev.description else []
        self.table.show(ev.state, lines)

    def _ask(self, state, seat: int, auto):
        return asyncio.run(self.table.ask(state, seat, auto=auto))

    def _left_the_table(self) -> None:
        # Leaving a networked game is not a move: let the computer play this seat from here on.
        self.table.line("You left the table: a computer player plays your seat from now on.")
        self.left = True

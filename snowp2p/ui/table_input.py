"""The table's input (ui/table.py): its keys, the command line, and what a typed line does.

A line typed at the table is a move for the turn asked (parsed by the game's view, confirmed when the
view asks for it), a command (``help``, ``rules``, ``auto``, ``quit``, ``board``, ``pan ...``), or typed
ahead for the player's next turn.  A mixin of :class:`~.table.Table`.
"""

from __future__ import annotations

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings

from .table_layout import plain_error
from .table_run import Interrupted
from .views import Command, InputError, Quit


class TableInput:
    """The table's keys and command line (see the module docstring); mixed into :class:`~.table.Table`."""

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
            self.say("These are the final results: q leaves them" +
                     (", r: play again with the same players." if self.offer_rematch else "."), "hint")

        @kb.add("r", filter=ending)
        def _(e):  # another game with the same players (SPEC section 10, *Rematch*); the command starts it
            if not self.offer_rematch:
                self.say("no rematch from here: start a new game with `snowp2p host`", "error")
                return
            self.rematch = True
            self._finish(None)

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

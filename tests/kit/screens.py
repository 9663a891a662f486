"""A virtual terminal (pyte) for the table screen, and a typist that drives a whole command through it.

``Term(cols, rows)`` is a prompt_toolkit VT100 output whose bytes go into a
pyte screen: ``term.text()`` is what a player would read, ``term.resize``
changes the size the application sees (as a terminal's SIGWINCH does).
``Typist`` runs a blocking command (``run_play``...) in a thread with a
pipe input and types a line each time the table asks (polling the table's
state with a generous timeout, never a fixed sleep).
"""

from __future__ import annotations

import os
import threading
import time

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from snowp2p.ui.table import Table

TIMEOUT = 120.0


class Term:
    encoding = "utf-8"

    def __init__(self, cols: int = 80, rows: int = 24):
        self.lock = threading.Lock()
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self._size = Size(rows=rows, columns=cols)
        self.output = Vt100_Output(self, lambda: self._size, enable_cpr=False)

    # the file-like side prompt_toolkit writes to
    def write(self, data: str) -> int:
        with self.lock:
            self.stream.feed(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("a virtual terminal")

    # what a player reads
    def lines(self) -> list[str]:
        with self.lock:
            return [ln.rstrip() for ln in self.screen.display]

    def text(self) -> str:
        return "\n".join(self.lines())

    def resize(self, cols: int, rows: int) -> None:
        with self.lock:
            self.screen.resize(rows, cols)
            self._size = Size(rows=rows, columns=cols)


def wait_until(pred, what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class Typist:
    """Run ``fn(pt_input, pt_output)`` in a thread on a virtual terminal; type into it."""

    alive: list["Typist"] = []  # the runs started and not yet seen ended

    def __init__(self, fn, cols: int = 80, rows: int = 24, previous_timeout: float = TIMEOUT, overlap: bool = False):
        # one table run at a time, as a player has them: the last test's run must have ended (issue 23, item 9);
        # ``overlap``: a test that runs two at once on purpose
        for old in [] if overlap else list(Typist.alive):
            old.thread.join(previous_timeout)
            assert not old.thread.is_alive(), (f"the table run started by {old.test} is still running (the first "
                                               "failure is that test's):\n" + old.term.text())
            Typist.alive.remove(old)
        self.test = os.environ.get("PYTEST_CURRENT_TEST", "?").rsplit(" ", 1)[0]
        self.term = Term(cols, rows)
        self._pipe = create_pipe_input()
        self.input = self._pipe.__enter__()
        self.result = None
        self.answered = 0  # questions answered by line()
        self.error: BaseException | None = None
        Table.last = None

        def run():
            try:
                self.result = fn(self.input, self.term.output)
            except BaseException as e:  # noqa: BLE001
                self.error = e

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        Typist.alive.append(self)

    @property
    def table(self) -> Table:
        wait_until(lambda: Table.last is not None, "the table")
        return Table.last

    def wait_ask(self, timeout: float = TIMEOUT):
        """Wait until the table asks a question not answered yet; return it (its ``state``, ``seat``)."""
        wait_until(lambda: self.finished or (Table.last is not None and Table.last.asking is not None
                                             and Table.last.asks > self.answered), "the table to ask", timeout)
        return None if self.finished else Table.last.asking

    def wait_mode(self, mode: str, timeout: float = TIMEOUT) -> None:
        wait_until(lambda: self.finished or (Table.last is not None and Table.last.mode == mode), f"mode {mode}",
                   timeout)

    def wait_text(self, text: str, timeout: float = TIMEOUT) -> str:
        wait_until(lambda: text in self.term.text(), f"{text!r} on the screen", timeout)
        return self.term.text()

    def type(self, keys: str) -> None:
        self.input.send_text(keys)

    def line(self, text: str) -> None:
        """Type a line when the table asks for it."""
        self.wait_ask()
        self.answered = Table.last.asks
        self.type(text + "\r")

    def settle(self) -> str:
        """The screen once the table has drawn everything it was told (the next render after now)."""
        t = Table.last
        if t is not None and t.app.is_running:
            n = t.renders
            t.invalidate()
            wait_until(lambda: t.renders > n or not t.app.is_running, "a render")
        return self.term.text()

    def resize(self, cols: int, rows: int) -> str:
        """The terminal resized (as SIGWINCH does): the table lays itself out again; the screen after it."""
        t = Table.last
        self.term.resize(cols, rows)
        done = threading.Event()

        def on_loop():  # prompt_toolkit's resize handler, on the table's own loop (never from this thread)
            t.app._on_resize()
            done.set()

        t.loop.call_soon_threadsafe(on_loop)
        wait_until(done.is_set, "the resize")
        return self.settle()

    def stop(self) -> None:
        """Ctrl-C, and wait for the run to end (whatever it returns or raises: the test is over)."""
        self.type("\x03")
        try:
            self.join()
        except Exception:  # noqa: BLE001 - Interrupted, or the test's own failure already reported
            pass

    @classmethod
    def end_all(cls, timeout: float = 60.0) -> None:
        """After a test: a table run it left running (it failed half-way) gets Ctrl-C and must end, so the failure
        is reported on that test, not as a timeout in every later one (the next run waits for this one)."""
        for t in list(cls.alive):
            if t.thread.is_alive():
                t.type("\x03")
                t.thread.join(timeout)
                assert not t.thread.is_alive(), f"the table run of {t.test} did not end on Ctrl-C:\n" + t.term.text()
            cls.alive.remove(t)

    @property
    def finished(self) -> bool:
        return not self.thread.is_alive()

    def join(self, timeout: float = TIMEOUT):
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the command did not end:\n" + self.term.text()
        self._pipe.__exit__(None, None, None)
        if self.error is not None:
            raise self.error
        return self.result


def move(t: Typist, text: str, answer: str = "", again: bool = False) -> None:
    """Type a move that the table previews and asks ``Go? [Y/n]`` for; answer it.
    ``again``: the same question is still open (the last answer was refused)."""
    if again:
        wait_until(lambda: Table.last.confirm is None, "the last preview to close")
        Table.last.notice = ("", "")
        t.type(text + "\r")
    else:
        t.line(text)
    wait_until(lambda: t.finished or Table.last.confirm is not None or Table.last.notice[1], f"the preview of {text!r}")
    assert Table.last.confirm is not None, Table.last.notice[1]
    t.type(answer + "\r")


def finish_with_auto(t: "Typist", timeout: float = TIMEOUT) -> None:
    """Answer `auto` until the end screen, then leave it (``timeout``: for each next question)."""
    while True:
        ask = t.wait_ask()
        if ask is None or Table.last.mode == "end":
            break
        t.line("auto")
        wait_until(lambda: t.finished or Table.last.mode == "end" or Table.last.asks > t.answered,
                   "the next question or the end", timeout=timeout)
        if Table.last.mode == "end":
            break
    t.wait_mode("end")

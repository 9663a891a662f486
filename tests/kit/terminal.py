"""A real ``snowp2p`` process at a real pseudo-terminal, its screen read back through pyte as a player reads it,
keys typed into it as a player types them."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[2]


class TerminalPeer:
    """``snowp2p ARGV`` on a pseudo-terminal of ``cols`` x ``rows``; a thread feeds its output to pyte."""

    def __init__(self, name: str, argv: list[str], cols: int = 100, rows: int = 32, env_extra: dict | None = None):
        self.name = name
        self.argv = argv
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()  # everything it wrote, for a failing test's message
        self._lock = threading.Lock()
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS=str(cols), LINES=str(rows),
                   PYTHONPATH=str(ROOT), **(env_extra or {}))
        env.pop("SNOWP2P_CHEAT", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "snowp2p", *argv], stdin=slave, stdout=slave,
                                     stderr=slave, cwd=ROOT, env=env, start_new_session=True)
        os.close(slave)
        self.master = master
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                r, _, _ = select.select([self.master], [], [], 0.2)
                if not r:
                    if self.proc.poll() is not None:
                        return
                    continue
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self.raw += chunk
                self.stream.feed(chunk)

    def text(self) -> str:
        """The screen as a player sees it now, row by row."""
        with self._lock:
            return "\n".join(self.screen.display)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_text(self, text: str, timeout: float = 180, typing: str | None = None, every: float = 1.0) -> str:
        """Until ``text`` is on the screen; meanwhile type ``typing`` every ``every`` seconds (e.g. ``auto``
        at each of a player's turns).  Returns the screen."""
        deadline = time.monotonic() + timeout
        last = 0.0
        while time.monotonic() < deadline:
            screen = self.text()
            if text in screen:
                return screen
            if self.proc.poll() is not None:
                break
            if typing is not None and time.monotonic() - last >= every:
                self.type(typing)
                last = time.monotonic()
            time.sleep(0.1)
        raise AssertionError(f"{self.name}: never saw {text!r} (exit {self.proc.poll()}); screen:\n{self.text()}\n"
                             f"--- output tail:\n{self.tail()}")

    def tail(self, n: int = 4000) -> str:
        with self._lock:
            return bytes(self.raw[-n:]).decode(errors="replace")

    def wait(self, timeout: float = 120) -> int:
        return self.proc.wait(timeout)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)
        try:
            os.close(self.master)
        except OSError:
            pass

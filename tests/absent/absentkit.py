"""Helpers for the absent-player tests: real `snowp2p host` / `join` processes over real TCP.

Each process runs in its own process group (killed by that id only), output goes to files, and no
deadline here is an assertion: they only stop a hung test.  (A uniquely named module so tests can
``import absentkit`` without clashing with other test directories' helpers.)
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
GAME_TIMEOUT = 180.0
JOIN_LINE = re.compile(r"^\s*snowp2p join (\S+):(\d+) --code (\S+)\s*$", re.M)

sys.path.insert(0, str(ROOT))

from snowp2p.protocol.log import read_log  # noqa: E402
from snowp2p.protocol.messages import decode_signed  # noqa: E402
from snowp2p.protocol.errors import ProtocolError  # noqa: E402


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    for k in list(e):
        if k.startswith("SNOWP2P_"):
            e.pop(k)
    e["SNOWP2P_DEBUG"] = "1"
    return e


def snowp2p(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "-m", "snowp2p", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env(), stdin=subprocess.DEVNULL)


class Peer:
    def __init__(self, name: str, base: Path, argv: list[str]):
        self.name = name
        self.base = base
        self.home = base / name
        self.argv = argv + ["--home", str(self.home)]
        self.popen: subprocess.Popen | None = None
        self.addr, self.port, self.code = "", 0, ""

    @property
    def out_path(self) -> Path:
        return self.base / f"{self.name}.out"

    @property
    def stdout(self) -> str:
        return self.out_path.read_text(errors="replace") if self.out_path.exists() else ""

    @property
    def stderr(self) -> str:
        p = self.base / f"{self.name}.err"
        return p.read_text(errors="replace") if p.exists() else ""

    def start(self) -> "Peer":
        with open(self.out_path, "wb") as out, open(self.base / f"{self.name}.err", "wb") as err:
            self.popen = subprocess.Popen([PY, "-m", "snowp2p", *self.argv], stdout=out, stderr=err,
                                          stdin=subprocess.DEVNULL, cwd=ROOT, env=env(), start_new_session=True)
        return self

    def describe(self) -> str:
        rc = self.popen.poll() if self.popen else None
        return (f"--- {self.name}: snowp2p {' '.join(self.argv)} (exit {rc})\n"
                f"stdout:\n{self.stdout[-2500:]}\nstderr:\n{self.stderr[-2500:]}")

    def wait_join_line(self, timeout: float = 60) -> "Peer":
        deadline = time.monotonic() + timeout
        while True:
            m = JOIN_LINE.search(self.stdout)
            if m:
                self.addr, self.port, self.code = m.group(1), int(m.group(2)), m.group(3)
                return self
            if self.popen.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"no join line\n{self.describe()}")
            time.sleep(0.05)

    def wait(self, timeout: float = GAME_TIMEOUT) -> int:
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} did not end within {timeout:.0f} s\n{self.describe()}") from None

    def kill(self) -> None:
        if self.popen is None:
            return
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.popen.wait(10)
        except subprocess.TimeoutExpired:
            pass

    def game_dir(self) -> Path:
        g = self.home / "games"
        dirs = sorted(d for d in g.iterdir() if d.is_dir()) if g.exists() else []
        assert len(dirs) == 1, f"{self.name}: expected one game dir, found {dirs}\n{self.describe()}"
        return dirs[0]

    def meta(self) -> dict:
        return json.loads((self.game_dir() / "meta.json").read_text())

    @property
    def log(self) -> Path:
        return self.game_dir() / "game.log"

    def moves_logged(self) -> int:
        """Moves in this peer's log so far (0 while it has none); tolerant of a record being written."""
        try:
            log = self.log
        except AssertionError:
            return 0
        if not log.exists():
            return 0
        try:
            records = read_log(io.BytesIO(log.read_bytes())).records
        except Exception:
            return 0
        n = 0
        for r in records:
            try:
                n += decode_signed(r).type == "move"
            except ProtocolError:
                pass
        return n


class Table:
    """Every peer of one test; whatever is left is killed at teardown."""

    def __init__(self, base: Path):
        self.base = base
        self.peers: list[Peer] = []

    def host(self, game: str, players: int, extra: list[str]) -> Peer:
        p = Peer("host", self.base, ["host", "--game", game, "--players", str(players), "--bots", "0",
                                     "--autoplay", "--port", "0", "--advertise", "127.0.0.1", "--name", "host",
                                     *extra])
        self.peers.append(p)
        return p.start().wait_join_line()

    def join(self, host: Peer, name: str, extra: list[str]) -> Peer:
        p = Peer(name, self.base, ["join", f"127.0.0.1:{host.port}", "--code", host.code, "--autoplay",
                                   "--name", name, *extra])
        self.peers.append(p)
        return p.start()

    def close(self) -> None:
        for p in self.peers:
            p.kill()


def wait_until(pred, what: str, peers, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline or any(p.popen.poll() is not None for p in peers):
            raise AssertionError(f"never: {what}\n" + "\n".join(p.describe() for p in peers))
        time.sleep(0.1)

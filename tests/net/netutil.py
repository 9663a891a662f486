"""Shared helpers for the networked tests: real `snowp2p host` / `join` processes over real TCP.

(A uniquely named module rather than conftest.py content, so test files can
import it directly: ``from netutil import ...``; tests/net/conftest.py puts
this directory on sys.path and provides the fixtures.)

Every process runs in its own session (process group), so a test can end a
host together with the computer players it spawned, by that group id only.
Output goes to files (never pipes), so a chatty peer can never block.
No assertion here is timed: the timeouts only stop a hung test.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
GAME_TIMEOUT = 240.0  # seconds a whole game may take before the test gives up (not an assertion of speed)
JOIN_LINE = re.compile(r"^\s*snowp2p join (\S+):(\d+) --code (\S+)\s*$", re.M)


def env(debug: bool = False, **extra: str) -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    for k in ("SNOWP2P_CHEAT", "SNOWP2P_HOME", "SNOWP2P_DEBUG"):
        e.pop(k, None)
    if debug:
        e["SNOWP2P_DEBUG"] = "1"  # a crash shows its traceback in the peer's stderr file
    e.update(extra)
    return e


def snowp2p(*args: str, timeout: float = 120, env_extra: dict | None = None,
            stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """Run a short snowp2p command to completion (audit, replay, id, games, bad arguments); no debug
    tracebacks, as a user would run it."""
    e = env(**(env_extra or {}))
    return subprocess.run([PY, "-m", "snowp2p", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=e, stdin=stdin)


@dataclass
class Proc:
    """A running snowp2p process with its output in files under ``dir``."""

    name: str
    argv: list[str]
    dir: Path
    home: Path
    popen: subprocess.Popen = None
    wrapper: list[str] = field(default_factory=list)
    debug: bool = True  # SNOWP2P_DEBUG=1: an unexpected crash leaves its traceback in the .err file

    @property
    def out_path(self) -> Path:
        return self.dir / f"{self.name}.out"

    @property
    def err_path(self) -> Path:
        return self.dir / f"{self.name}.err"

    @property
    def stdout(self) -> str:
        return self.out_path.read_text(errors="replace") if self.out_path.exists() else ""

    @property
    def stderr(self) -> str:
        return self.err_path.read_text(errors="replace") if self.err_path.exists() else ""

    def start(self, env_extra: dict | None = None) -> "Proc":
        self.dir.mkdir(parents=True, exist_ok=True)
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.popen = subprocess.Popen(self.wrapper + [PY, "-m", "snowp2p", *self.argv], stdout=out, stderr=err,
                                          stdin=subprocess.DEVNULL, cwd=ROOT, env=env(self.debug, **(env_extra or {})),
                                          start_new_session=True)
        return self

    def wait(self, timeout: float = GAME_TIMEOUT) -> int:
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} did not end within {timeout:.0f} s\n{self.describe()}") from None

    def kill(self) -> None:
        """End this process and the children it started (its own process group), by id."""
        if self.popen is None or self.popen.poll() is not None and not _group_alive(self.popen.pid):
            return
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.popen.wait(10)
        except subprocess.TimeoutExpired:
            pass

    def describe(self) -> str:
        return (f"--- {self.name}: {' '.join(self.argv)} (exit {self.popen.poll() if self.popen else None})\n"
                f"stdout:\n{self.stdout[-3000:]}\nstderr:\n{self.stderr[-3000:]}")

    # ---- what it left behind
    def game_dirs(self) -> list[Path]:
        g = self.home / "games"
        return sorted(d for d in g.iterdir() if d.is_dir()) if g.exists() else []

    def game_dir(self) -> Path:
        dirs = self.game_dirs()
        assert len(dirs) == 1, f"{self.name}: expected one game directory in {self.home}, found {dirs}\n{self.describe()}"
        return dirs[0]

    def meta(self) -> dict:
        return read_meta(self.game_dir())

    @property
    def log(self) -> Path:
        return self.game_dir() / "game.log"


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


class Host(Proc):
    addr: str = ""
    port: int = 0
    code: str = ""

    def wait_join_line(self, timeout: float = 60) -> "Host":
        """Wait for the printed join command and parse it (address, port, code)."""
        deadline = time.monotonic() + timeout
        while True:
            m = JOIN_LINE.search(self.stdout)
            if m:
                self.addr, self.port, self.code = m.group(1), int(m.group(2)), m.group(3)
                return self
            if self.popen.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the host printed no join line\n{self.describe()}")
            time.sleep(0.05)

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match:
        """Wait until the host's stdout matches ``pattern`` (a regex)."""
        deadline = time.monotonic() + timeout
        while True:
            m = re.search(pattern, self.stdout, re.M)
            if m:
                return m
            if self.popen.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the host's output never matched {pattern!r}\n{self.describe()}")
            time.sleep(0.05)

    # the computer players the host spawned (<home>/bots/botN)
    def bot_homes(self) -> list[Path]:
        b = self.home / "bots"
        return sorted(d for d in b.iterdir() if d.is_dir()) if b.exists() else []

    def peer_game_dirs(self) -> dict[str, Path]:
        """name -> game directory, for the host and every bot it spawned."""
        out = {self.name: self.game_dir()}
        for bh in self.bot_homes():
            dirs = sorted(d for d in (bh / "games").iterdir() if d.is_dir()) if (bh / "games").exists() else []
            errors = (bh / "errors.log").read_text(errors="replace") if (bh / "errors.log").exists() else ""
            assert len(dirs) == 1, f"bot {bh.name}: expected one game, found {dirs}; errors.log:\n{errors}"
            out[bh.name] = dirs[0]
        return out


class Peers:
    """Starts processes for one test and ends whatever is left of them at teardown."""

    def __init__(self, base: Path):
        self.base = base
        self.procs: list[Proc] = []

    def host(self, game: str = "snowtails", players: int = 2, bots: int | None = None, name: str = "host",
             extra: tuple[str, ...] = (), wrapper: list[str] | None = None, advertise: str | None = "127.0.0.1",
             port: int = 0, env_extra: dict | None = None, wait_line: bool = True) -> Host:
        home = self.base / name
        argv = ["host", "--game", game, "--players", str(players), "--autoplay", "--home", str(home),
                "--port", str(port), "--name", name]
        if bots is not None:
            argv += ["--bots", str(bots)]
        if advertise:
            argv += ["--advertise", advertise]
        argv += list(extra)
        h = Host(name, argv, self.base, home, wrapper=list(wrapper or []))
        self.procs.append(h)
        h.start(env_extra)
        if wait_line:
            h.wait_join_line()
        return h

    def join(self, host: Host | None, name: str, code: str | None = None, address: str | None = None,
             cheat: str | None = None, extra: tuple[str, ...] = (), wrapper: list[str] | None = None,
             env_extra: dict | None = None, debug: bool = True) -> Proc:
        home = self.base / name
        address = address or f"{host.addr}:{host.port}"
        code = code if code is not None else host.code
        argv = ["join", address, "--code", code, "--autoplay", "--home", str(home), "--name", name, *extra]
        p = Proc(name, argv, self.base, home, wrapper=list(wrapper or []), debug=debug)
        self.procs.append(p)
        e = dict(env_extra or {})
        if cheat:
            e["SNOWP2P_CHEAT"] = cheat
        p.start(e)
        return p

    def describe(self) -> str:
        return "\n".join(p.describe() for p in self.procs)

    def cleanup(self) -> None:
        for p in self.procs:
            p.kill()


# ------------------------------------------------------------------ results
def read_meta(game_dir: Path) -> dict:
    return json.loads((game_dir / "meta.json").read_text())


def audit(log: Path) -> subprocess.CompletedProcess:
    return snowp2p("audit", str(log))


def assert_clean_game(dirs: dict[str, Path], players: int, context: str = "") -> dict:
    """Every peer finished, every log audits OK, one final hash, the same places.  Returns one meta."""
    assert len(dirs) == players, f"expected {players} peers' games, got {sorted(dirs)}\n{context}"
    metas = {name: read_meta(d) for name, d in dirs.items()}
    for name, meta in metas.items():
        assert meta["status"] == "finished", f"{name}: status {meta['status']} ({meta.get('reason')})\n{context}"
    game_ids = {m["game_id"] for m in metas.values()}
    assert len(game_ids) == 1, f"the peers played different games: {game_ids}"
    hashes = {name: m["final_hash"] for name, m in metas.items()}
    assert len(set(hashes.values())) == 1, f"final hashes differ: {hashes}"
    assert re.fullmatch(r"[0-9a-f]{64}", next(iter(hashes.values())))
    places = {name: tuple(m["places"]) for name, m in metas.items()}
    assert len(set(places.values())) == 1, f"places differ: {places}"
    nicks = [p["nick"] for p in next(iter(metas.values()))["players"]]
    assert len(nicks) == players
    assert sorted(next(iter(places.values()))) == sorted(nicks), "the places do not list every player once"
    turns = {m["turns"] for m in metas.values()}
    assert len(turns) == 1 and next(iter(turns)) > players, f"turn counts {turns}"
    for name, d in dirs.items():
        res = audit(d / "game.log")
        assert res.returncode == 0, f"audit of {name}'s log: exit {res.returncode}\n{res.stdout}{res.stderr}"
        assert res.stdout.startswith("OK"), res.stdout
        # the audit replays the log alone: its places must be the ones the peers agreed on
        audited = re.findall(r"^\s+\d+\. (\S+)", res.stdout.split("Final places:")[1], re.M)
        assert tuple(audited) == next(iter(places.values())), f"{name}: audit places {audited} != {places[name]}"
        assert "Traceback" not in res.stderr
    return next(iter(metas.values()))

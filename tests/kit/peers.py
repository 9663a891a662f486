"""The harness of the networked tests: real `snowp2p` processes (host, join, resume) and what they leave behind.

Shared by tests/net, tests/resilience, tests/absent and tests/snakenet.  A uniquely named module
(not conftest content) so test files can import it directly: ``from kit.peers import ...``;
tests/conftest.py puts this directory on sys.path and provides the ``peers`` fixture.

Every process runs in its own session (process group), so a test can end a host together with
the computer players it spawned, by that group id only.  Output goes to files (never pipes), so
a chatty peer can never block.  No assertion here is timed: the deadlines only stop a hung test.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
GAME_TIMEOUT = 240.0  # seconds a whole game may take before the test gives up (not an assertion of speed)
JOIN_LINE = re.compile(r"^\s*(?:\S*/)?(?:snowp2p|scripts/run) join (\S+):(\d+) --code (\S+)\s*$", re.M)  # issue 23 item 7

sys.path.insert(0, str(ROOT))  # the tests read logs with this checkout's snowp2p, as the processes run it

from snowp2p.protocol.errors import ProtocolError  # noqa: E402
from snowp2p.protocol.log import read_log  # noqa: E402
from snowp2p.protocol.messages import decode_signed  # noqa: E402


def env(debug: bool = False, **extra: str) -> dict:
    """The environment of a child process: this checkout first on PYTHONPATH, no SNOWP2P_* variable of
    ours, SNOWP2P_DEBUG=1 with ``debug`` (an unexpected crash shows its traceback), then ``extra``."""
    e = {k: v for k, v in os.environ.items() if not k.startswith("SNOWP2P_")}
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    if debug:
        e["SNOWP2P_DEBUG"] = "1"
    e.update(extra)
    return e


def snowp2p(*args: str, timeout: float = 120, debug: bool = False, env_extra: dict | None = None,
            stdin=subprocess.DEVNULL) -> subprocess.CompletedProcess:
    """Run a short snowp2p command to completion (audit, replay, id, games, bad arguments); by default
    without debug tracebacks, as a user would run it."""
    return subprocess.run([PY, "-m", "snowp2p", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env(debug, **(env_extra or {})), stdin=stdin)


def wait_until(get: Callable, what: str | Callable[[], str], procs, timeout: float = 60,
               interval: float = 0.05, describe: Callable[[], str] | None = None):
    """Poll ``get()`` until it returns something true, and return that.  Fails saying "never: ``what``"
    (with ``describe()``, by default every one of ``procs`` described) as soon as one of ``procs`` has
    ended, or after ``timeout`` seconds: a deadline that only stops a hung test."""
    deadline = time.monotonic() + timeout
    while True:
        got = get()
        if got:
            return got
        if any(not p.alive for p in procs) or time.monotonic() > deadline:
            said = what() if callable(what) else what
            shown = describe() if describe else "\n".join(p.describe() for p in procs)
            raise AssertionError(f"never: {said}\n{shown}")
        time.sleep(interval)


@dataclass
class Proc:
    """A snowp2p process with its output in files under ``dir`` and its data directory ``home``."""

    name: str
    argv: list[str]
    dir: Path
    home: Path
    popen: subprocess.Popen | None = None
    wrapper: list[str] = field(default_factory=list)  # e.g. `ip netns exec NS`
    debug: bool = True  # SNOWP2P_DEBUG=1: an unexpected crash leaves its traceback in the .err file
    # a host's printed join command (wait_join_line)
    addr: str = ""
    port: int = 0
    code: str = ""

    @property
    def stem(self) -> str:
        """Its output goes to <dir>/<stem>.out and <dir>/<stem>.err."""
        return self.name

    @property
    def out_path(self) -> Path:
        return self.dir / f"{self.stem}.out"

    @property
    def err_path(self) -> Path:
        return self.dir / f"{self.stem}.err"

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

    @property
    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def wait(self, timeout: float = GAME_TIMEOUT, describe: Callable[[], str] | None = None) -> int:
        """Its exit status; if it has not ended after ``timeout`` s it is killed and the test fails, showing
        ``describe()`` (by default this process described)."""
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.name} did not end within {timeout:.0f} s\n"
                                 f"{(describe or self.describe)()}") from None

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

    def wait_join_line(self, timeout: float = 60) -> "Proc":
        """Wait for the join command a host prints and parse it (address, port, code)."""
        m = wait_until(lambda: JOIN_LINE.search(self.stdout), f"{self.name} printed a join line", [self], timeout)
        self.addr, self.port, self.code = m.group(1), int(m.group(2)), m.group(3)
        return self

    def wait_for(self, pattern: str, timeout: float = 60, describe: Callable[[], str] | None = None) -> re.Match:
        """Wait until this process's stdout matches ``pattern`` (a regex, multi-line)."""
        return wait_until(lambda: re.search(pattern, self.stdout, re.M), f"{self.name}'s output matched {pattern!r}",
                          [self], timeout, describe=describe)

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

    def logged_records(self) -> list[bytes]:
        """The records now in this process's game log ([] before it has one); safe while it appends."""
        dirs = self.game_dirs()
        return log_records(dirs[0] / "game.log") if len(dirs) == 1 else []

    def logged_messages(self) -> list:
        """The signed messages now in this process's game log (see logged_records and decode_records)."""
        return decode_records(self.logged_records())


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


class Host(Proc):
    """A `snowp2p host` process and the computer players it spawned (their homes under its home)."""

    def bot_homes(self) -> list[Path]:
        """<home>/bots/botN of every computer player the host spawned."""
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


#: the move time of the games tests host (``host --move-time``): a seat killed or frozen while it owes its move
#: is absent after it (docs/resilience.md), so the default 90 s made such a test wait 90 s; the computer
#: players (--think 0.05 or so) move in well under a second, a loaded machine's humans-by-pyte in a few
TEST_MOVE_TIME = 20


def host_argv(home: Path, game: str = "snowtails", players: int = 2, bots: int | None = None, name: str = "host",
              advertise: str | None = "127.0.0.1", port: int = 0, extra: tuple[str, ...] = (),
              announce: bool = False) -> list[str]:
    """`snowp2p host` arguments for a game the computer plays for everyone (--autoplay).  Not announced on
    the LAN unless ``announce`` (only the namespace test does: tests never send to the real network)."""
    argv = ["host", "--game", game, "--players", str(players), "--autoplay", "--home", str(home),
            "--port", str(port), "--name", name] + ([] if announce else ["--no-announce"])
    if bots is not None:
        argv += ["--bots", str(bots)]
    if advertise:
        argv += ["--advertise", advertise]
    if "--move-time" not in extra:  # (a killed mover is absent after the move time: 90 s by default)
        argv += ["--move-time", str(TEST_MOVE_TIME)]
    return argv + list(extra)


def join_argv(home: Path, address: str, code: str, name: str, extra: tuple[str, ...] = ()) -> list[str]:
    """`snowp2p join` arguments, the computer playing (--autoplay); ``address`` "" looks for the game on the LAN."""
    return ["join", *([address] if address else []), "--code", code, "--autoplay", "--home", str(home),
            "--name", name, *extra]


class Peers:
    """Starts processes for one test (output and homes under ``base``) and ends whatever is left of them
    at teardown."""

    def __init__(self, base: Path):
        self.base = base
        self.procs: list[Proc] = []

    def host(self, game: str = "snowtails", players: int = 2, bots: int | None = None, name: str = "host",
             extra: tuple[str, ...] = (), wrapper: list[str] | None = None, advertise: str | None = "127.0.0.1",
             port: int = 0, env_extra: dict | None = None, wait_line: bool = True, announce: bool = False) -> Host:
        home = self.base / name
        argv = host_argv(home, game, players, bots, name, advertise, port, extra, announce=announce)
        h = Host(name, argv, self.base, home, wrapper=list(wrapper or []))
        self.procs.append(h)
        h.start(env_extra)
        if wait_line:
            h.wait_join_line()
        return h

    def join(self, host: Proc | None, name: str, code: str | None = None, address: str | None = None,
             cheat: str | None = None, extra: tuple[str, ...] = (), wrapper: list[str] | None = None,
             env_extra: dict | None = None, debug: bool = True) -> Proc:
        home = self.base / name
        address = f"{host.addr}:{host.port}" if address is None else address  # "": found on the LAN
        code = code if code is not None else host.code
        p = Proc(name, join_argv(home, address, code, name, extra), self.base, home, wrapper=list(wrapper or []),
                 debug=debug)
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


# ------------------------------------------------------------------ logs
@contextlib.contextmanager
def prompted_joiner(tmp_path: Path, host, name: str):
    """A joiner at a real pseudo-terminal, once it shows the host's game and asks "Play this game? [y/N]":
    yields (process, the terminal's master end, what it printed so far); killed and closed afterwards."""
    master, slave = pty.openpty()
    argv = join_argv(tmp_path / name, f"{host.addr}:{host.port}", host.code, name)
    proc = subprocess.Popen([PY, "-m", "snowp2p", *argv], stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
                            env=env(), start_new_session=True)
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + 120
        while b"Play this game? [y/N]" not in seen:
            assert time.monotonic() < deadline and proc.poll() is None, seen.decode(errors="replace")
            if select.select([master], [], [], 1)[0]:
                seen += os.read(master, 4096)
        yield proc, master, seen
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def drain_pty(master: int, seen: bytes) -> bytes:
    """``seen`` and whatever the terminal's master end still holds."""
    while select.select([master], [], [], 0.5)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    return seen


def say_no(proc, master: int, seen: bytes) -> bytes:
    """Answer no at a prompted joiner's terminal: it must end with status 1; what it printed."""
    os.write(master, b"n\n")
    assert proc.wait(120) == 1
    return drain_pty(master, seen)


def log_records(log: Path) -> list[bytes]:
    """The records now in a game log ([] while it is missing or unreadable).  Safe while its peer appends
    to it: a half-written last record reads as a torn tail and is left out."""
    try:
        with open(log, "rb") as f:
            return read_log(f).records
    except (OSError, ProtocolError):
        return []


def decode_records(records: list[bytes]) -> list:
    """The signed messages of log records; a record that does not decode is left out."""
    out = []
    for r in records:
        try:
            out.append(decode_signed(r))
        except ProtocolError:
            pass
    return out


# ------------------------------------------------------------------ results
def read_meta(game_dir: Path) -> dict:
    return json.loads((game_dir / "meta.json").read_text())


def audit(log: Path, debug: bool = False) -> subprocess.CompletedProcess:
    """`snowp2p audit LOG`; by default as a user runs it (see snowp2p())."""
    return snowp2p("audit", str(log), debug=debug)


def assert_same_finish(metas: dict[str, dict], context: str = "") -> tuple[str, ...]:
    """Every peer (name -> its meta.json) finished the same game, with one final state hash and the same
    places.  Returns the places."""
    for name, meta in metas.items():
        assert meta["status"] == "finished", f"{name}: status {meta['status']} ({meta.get('reason')})\n{context}"
    game_ids = {m["game_id"] for m in metas.values()}
    assert len(game_ids) == 1, f"the peers played different games: {game_ids}"
    hashes = {name: m["final_hash"] for name, m in metas.items()}
    assert len(set(hashes.values())) == 1, f"final hashes differ: {hashes}\n{context}"
    assert re.fullmatch(r"[0-9a-f]{64}", next(iter(hashes.values())))
    places = {name: tuple(m["places"]) for name, m in metas.items()}
    assert len(set(places.values())) == 1, f"places differ: {places}"
    return next(iter(places.values()))


def assert_clean_game(dirs: dict[str, Path], players: int, context: str = "") -> dict:
    """Every peer finished, every log audits OK, one final hash, the same places.  Returns one meta."""
    assert len(dirs) == players, f"expected {players} peers' games, got {sorted(dirs)}\n{context}"
    metas = {name: read_meta(d) for name, d in dirs.items()}
    places = assert_same_finish(metas, context)
    nicks = [p["nick"] for p in next(iter(metas.values()))["players"]]
    assert len(nicks) == players
    assert sorted(places) == sorted(nicks), "the places do not list every player once"
    turns = {m["turns"] for m in metas.values()}
    assert len(turns) == 1 and next(iter(turns)) > players, f"turn counts {turns}"
    for name, d in dirs.items():
        res = audit(d / "game.log")
        assert res.returncode == 0, f"audit of {name}'s log: exit {res.returncode}\n{res.stdout}{res.stderr}"
        assert res.stdout.startswith("OK"), res.stdout
        # the audit replays the log alone: its places must be the ones the peers agreed on
        audited = re.findall(r"^\s+\d+\. (\S+)", res.stdout.split("Final places:")[1], re.M)
        assert tuple(audited) == places, f"{name}: audit places {audited} != {places}"
        assert "Traceback" not in res.stderr
    return next(iter(metas.values()))

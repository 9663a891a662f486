"""Helpers for the resilience tests: real `snowp2p` peers as processes we start (and can kill) ourselves.

Every peer (host *and* joiners) is started here, each in its own process
group, so a test knows every PID and can ``kill -9`` exactly one of them.
Output goes to files, never pipes.  Nothing here is a timed assertion: the
deadlines only stop a hung test, and they are generous.

A uniquely named module (not conftest content) so tests can ``import resilutil``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
GAME_TIMEOUT = 300.0  # a whole game may take this long before the test gives up (not a speed assertion)
JOIN_LINE = re.compile(r"^\s*snowp2p join (\S+):(\d+) --code (\S+)\s*$", re.M)

sys.path.insert(0, str(ROOT))

from snowp2p.protocol.errors import ProtocolError  # noqa: E402
from snowp2p.protocol.log import encode_record, read_log  # noqa: E402
from snowp2p.protocol.messages import decode_signed  # noqa: E402


def env(**extra: str) -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    for k in ("SNOWP2P_CHEAT", "SNOWP2P_HOME", "SNOWP2P_DEBUG", "SNOWP2P_HOSTILE_AT", "SNOWP2P_HOSTILE_SEED"):
        e.pop(k, None)
    e["SNOWP2P_DEBUG"] = "1"  # an unexpected crash leaves its traceback in the .err file
    e.update(extra)
    return e


def snowp2p(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "-m", "snowp2p", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env(), stdin=subprocess.DEVNULL)


@dataclass
class Peer:
    """One snowp2p process (host, join or resume) of one player, with its home directory."""

    name: str
    home: Path
    dir: Path
    runs: int = 0
    popen: subprocess.Popen | None = None
    argv: list[str] = field(default_factory=list)
    addr: str = ""
    port: int = 0
    code: str = ""

    @property
    def out_path(self) -> Path:
        return self.dir / f"{self.name}.{self.runs}.out"

    @property
    def err_path(self) -> Path:
        return self.dir / f"{self.name}.{self.runs}.err"

    @property
    def stdout(self) -> str:
        return self.out_path.read_text(errors="replace") if self.out_path.exists() else ""

    @property
    def stderr(self) -> str:
        return self.err_path.read_text(errors="replace") if self.err_path.exists() else ""

    def all_output(self) -> str:
        """stdout of every run of this player (the first process, then each resume)."""
        return "".join((self.dir / f"{self.name}.{i}.out").read_text(errors="replace")
                       for i in range(1, self.runs + 1) if (self.dir / f"{self.name}.{i}.out").exists())

    def start(self, argv: list[str], env_extra: dict | None = None) -> "Peer":
        assert self.popen is None or self.popen.poll() is not None, f"{self.name} is still running"
        self.runs += 1
        self.argv = argv
        self.dir.mkdir(parents=True, exist_ok=True)
        with open(self.out_path, "wb") as out, open(self.err_path, "wb") as err:
            self.popen = subprocess.Popen([PY, "-m", "snowp2p", *argv], stdout=out, stderr=err,
                                          stdin=subprocess.DEVNULL, cwd=ROOT, env=env(**(env_extra or {})),
                                          start_new_session=True)
        return self

    @property
    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill9(self) -> None:
        """kill -9 this process (by its id; it started no children: --bots 0) and reap it."""
        if self.popen is not None and self.popen.poll() is None:
            os.kill(self.popen.pid, signal.SIGKILL)
            self.popen.wait(30)

    def cleanup(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            try:
                os.killpg(self.popen.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                self.popen.wait(10)
            except subprocess.TimeoutExpired:
                pass

    def wait(self, timeout: float = GAME_TIMEOUT, context: str = "") -> int:
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.name} did not end within {timeout:.0f} s\n{context or self.describe()}") \
                from None

    def describe(self) -> str:
        rc = self.popen.poll() if self.popen else None
        return (f"--- {self.name} run {self.runs}: {' '.join(self.argv)} (exit {rc})\n"
                f"stdout (all runs, tail):\n{self.all_output()[-2500:]}\nstderr:\n{self.stderr[-2500:]}")

    # ---- what it left behind
    def game_dir(self) -> Path:
        g = self.home / "games"
        dirs = sorted(d for d in g.iterdir() if d.is_dir()) if g.exists() else []
        assert len(dirs) == 1, f"{self.name}: expected one game directory, found {dirs}"
        return dirs[0]

    @property
    def log(self) -> Path:
        return self.game_dir() / "game.log"

    def log_records(self) -> int:
        """Records now in this peer's log (0 before it exists); safe while the peer appends."""
        g = self.home / "games"
        if not g.exists():
            return 0
        for d in g.iterdir():
            p = d / "game.log"
            if p.exists():
                with open(p, "rb") as f:
                    try:
                        return len(read_log(f).records)
                    except ProtocolError:
                        return 0
        return 0

    def meta(self) -> dict:
        return json.loads((self.game_dir() / "meta.json").read_text())


class Game:
    """The peers of one test game; ``cleanup`` ends whatever is still running."""

    def __init__(self, base: Path, players: int, think: float = 0.1, game: str = "snowtails"):
        self.base = base
        self.n = players
        self.think = think
        self.kind = game
        self.peers: list[Peer] = []

    def peer(self, name: str) -> Peer:
        p = Peer(name, self.base / name, self.base / "out")
        self.peers.append(p)
        return p

    @property
    def host(self) -> Peer:
        return self.peers[0]

    def start_host(self, env_extra: dict | None = None) -> Peer:
        h = self.peer("host")
        h.start(["host", "--game", self.kind, "--players", str(self.n), "--bots", "0", "--autoplay",
                 "--home", str(h.home), "--port", "0", "--advertise", "127.0.0.1", "--name", "host",
                 "--think", str(self.think)], env_extra)
        deadline = time.monotonic() + 60
        while True:
            m = JOIN_LINE.search(h.stdout)
            if m:
                h.addr, h.port, h.code = m.group(1), int(m.group(2)), m.group(3)
                return h
            if not h.alive or time.monotonic() > deadline:
                raise AssertionError(f"the host printed no join line\n{h.describe()}")
            time.sleep(0.05)

    def start_joiner(self, name: str, env_extra: dict | None = None, address: str | None = None,
                     think: float | None = None) -> Peer:
        p = self.peer(name)
        h = self.host
        p.start(["join", address or f"{h.addr}:{h.port}", "--code", h.code, "--autoplay",
                 "--think", str(self.think if think is None else think), "--home", str(p.home), "--name", name],
                env_extra)
        return p

    def start_all(self, joiner_env: dict | None = None) -> None:
        """The host and n-1 joiners (joined one after another, so seat k is joiner jk)."""
        self.start_host()
        for i in range(1, self.n):
            self.start_joiner(f"j{i}", (joiner_env or {}).get(f"j{i}"))
            self.wait_output(self.host, rf"lobby: j{i}\b")

    def resume(self, p: Peer, env_extra: dict | None = None) -> Peer:
        return p.start(["resume", "--autoplay", "--think", str(self.think), "--home", str(p.home)], env_extra)

    def wait_output(self, p: Peer, pattern: str, timeout: float = 120) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            m = re.search(pattern, p.stdout, re.M)
            if m:
                return m
            if not p.alive or time.monotonic() > deadline:
                raise AssertionError(f"{p.name}'s output never matched {pattern!r}\n{self.describe()}")
            time.sleep(0.05)

    def wait_records(self, p: Peer, k: int, timeout: float = 180) -> int:
        """Wait until ``p``'s log holds at least ``k`` records; returns how many it holds."""
        deadline = time.monotonic() + timeout
        while True:
            got = p.log_records()
            if got >= k:
                return got
            if not p.alive or time.monotonic() > deadline:
                raise AssertionError(f"{p.name}'s log never reached {k} records (has {got})\n{self.describe()}")
            time.sleep(0.02)

    def wait_all(self, timeout: float = GAME_TIMEOUT) -> dict[str, int]:
        deadline = time.monotonic() + timeout
        rcs = {}
        for p in self.peers:
            rcs[p.name] = p.wait(max(deadline - time.monotonic(), 1), self.describe())
        return rcs

    def describe(self) -> str:
        return "\n".join(p.describe() for p in self.peers)

    def cleanup(self) -> None:
        for p in self.peers:
            p.cleanup()


# ------------------------------------------------------------------ checks
def message_counts(log: Path) -> tuple[Counter, dict[int, list[int]]]:
    """Counter of (sender, seq) over every record of a log, and each sender's seqs in log order."""
    with open(log, "rb") as f:
        contents = read_log(f)
    assert not contents.torn, f"{log}: ends in a torn record"
    counts: Counter = Counter()
    order: dict[int, list[int]] = {}
    for rec in contents.records:
        m = decode_signed(rec)
        counts[(m.sender, m.seq)] += 1
        order.setdefault(m.sender, []).append(m.seq)
    return counts, order


def assert_no_loss_or_duplicate(logs: dict[str, Path], n: int) -> None:
    """In every log each (sender, seq) appears exactly once, each sender's messages arrive in seq order with no
    gap (nothing lost), and every log holds each seat's messages at least up to its final openings."""
    finals = {}
    for name, log in logs.items():
        counts, order = message_counts(log)
        dups = {k: c for k, c in counts.items() if c != 1}
        assert not dups, f"{name}'s log holds duplicated messages (sender, seq): count {dups}"
        assert sorted(order) == list(range(n)), f"{name}'s log lacks messages of some seats: {sorted(order)}"
        for sender, seqs in order.items():
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), \
                f"{name}'s log: seat {sender}'s messages are not contiguous/in order: {seqs}"
            # the host's roster is its seq 0; every other seat's chain starts at seq 0 too
            assert seqs[0] == 0, f"{name}'s log: seat {sender}'s first message is seq {seqs[0]}"
        finals[name] = {s: len(q) for s, q in order.items()}
    # the logs may differ only in trailing byes (a peer stops waiting for the last byes after 3 s)
    for s in range(n):
        lens = {name: f[s] for name, f in finals.items()}
        assert max(lens.values()) - min(lens.values()) <= 1, f"seat {s}'s message counts differ between logs: {lens}"


def audit_ok(log: Path) -> tuple[bool, str]:
    r = snowp2p("audit", str(log))
    return (r.returncode == 0 and r.stdout.startswith("OK") and "Traceback" not in r.stderr), r.stdout + r.stderr


def assert_clean_finish(game: Game, context: str = "") -> dict:
    """Every peer finished, every log audits OK, one final hash, and no message lost or duplicated."""
    context = context or game.describe()
    metas = {p.name: p.meta() for p in game.peers}
    for name, meta in metas.items():
        assert meta["status"] == "finished", f"{name}: status {meta['status']} ({meta.get('reason')})\n{context}"
    assert len({m["game_id"] for m in metas.values()}) == 1
    hashes = {name: m["final_hash"] for name, m in metas.items()}
    assert len(set(hashes.values())) == 1, f"final hashes differ: {hashes}\n{context}"
    assert re.fullmatch(r"[0-9a-f]{64}", next(iter(hashes.values())))
    places = {name: tuple(m["places"]) for name, m in metas.items()}
    assert len(set(places.values())) == 1, f"places differ: {places}"
    for p in game.peers:
        ok, out = audit_ok(p.log)
        assert ok, f"audit of {p.name}'s log failed:\n{out}\n{context}"
    assert_no_loss_or_duplicate({p.name: p.log for p in game.peers}, game.n)
    return next(iter(metas.values()))


def tear_log(log: Path) -> bytes:
    """Append half of a (valid) record to a log, as a crash in the middle of an append leaves it."""
    with open(log, "rb") as f:
        last = read_log(f).records[-1]
    rec = encode_record(last)
    half = rec[: len(rec) // 2]
    with open(log, "ab") as f:
        f.write(half)
    return half

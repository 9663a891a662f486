"""What the resilience tests add to the shared harness (tests/kit/peers.py): games whose every peer we start.

Every peer (host *and* joiners) is started here with ``--bots 0``, each in its own process group,
so a test knows every PID and can ``kill -9`` exactly one of them and ``resume`` it; each run of a
peer writes its own output files.  Nothing here is a timed assertion: the deadlines only stop a
hung test, and they are generous.

A uniquely named module (not conftest content) so tests can ``import kit.resilience``.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from kit.peers import Proc, assert_same_finish, audit, host_argv, join_argv, wait_until

from snowp2p.protocol.log import encode_record, read_log
from snowp2p.protocol.messages import decode_signed

GAME_TIMEOUT = 300.0  # a whole game (with kills and resumes) may take this long before the test gives up


@dataclass
class Peer(Proc):
    """One player's snowp2p processes (host or join, then each resume), one run at a time, with its home
    directory; run N writes <name>.N.out and <name>.N.err."""

    runs: int = 0

    @property
    def stem(self) -> str:
        return f"{self.name}.{self.runs}"

    def all_output(self) -> str:
        """stdout of every run of this player (the first process, then each resume)."""
        return "".join((self.dir / f"{self.name}.{i}.out").read_text(errors="replace")
                       for i in range(1, self.runs + 1) if (self.dir / f"{self.name}.{i}.out").exists())

    def start(self, env_extra: dict | None = None) -> "Peer":
        """A new run of this player with ``argv``."""
        assert not self.alive, f"{self.name} is still running"
        self.runs += 1
        return super().start(env_extra)

    def kill9(self) -> None:
        """kill -9 this process (by its id; it started no children: --bots 0) and reap it."""
        if self.alive:
            os.kill(self.popen.pid, signal.SIGKILL)
            self.popen.wait(30)

    def describe(self) -> str:
        rc = self.popen.poll() if self.popen else None
        return (f"--- {self.name} run {self.runs}: {' '.join(self.argv)} (exit {rc})\n"
                f"stdout (all runs, tail):\n{self.all_output()[-2500:]}\nstderr:\n{self.stderr[-2500:]}")


class Game:
    """The peers of one test game; ``cleanup`` ends whatever is still running."""

    def __init__(self, base: Path, players: int, think: float = 0.1, game: str = "snowtails"):
        self.base = base
        self.n = players
        self.think = think
        self.kind = game
        self.peers: list[Peer] = []

    def peer(self, name: str) -> Peer:
        p = Peer(name, [], self.base / "out", self.base / name)
        self.peers.append(p)
        return p

    @property
    def host(self) -> Peer:
        return self.peers[0]

    def start_host(self, env_extra: dict | None = None) -> Peer:
        h = self.peer("host")
        h.argv = host_argv(h.home, self.kind, self.n, bots=0, extra=("--think", str(self.think)))
        h.start(env_extra)
        h.wait_join_line()
        return h

    def start_joiner(self, name: str, env_extra: dict | None = None, address: str | None = None,
                     think: float | None = None) -> Peer:
        p = self.peer(name)
        h = self.host
        p.argv = join_argv(p.home, address or f"{h.addr}:{h.port}", h.code, name,
                           ("--think", str(self.think if think is None else think)))
        p.start(env_extra)
        return p

    def start_all(self, joiner_env: dict | None = None) -> None:
        """The host and n-1 joiners (joined one after another, so seat k is joiner jk)."""
        self.start_host()
        for i in range(1, self.n):
            self.start_joiner(f"j{i}", (joiner_env or {}).get(f"j{i}"))
            self.wait_output(self.host, rf"lobby: j{i}\b")

    def resume(self, p: Peer, env_extra: dict | None = None) -> Peer:
        p.argv = ["resume", "--autoplay", "--think", str(self.think), "--home", str(p.home)]
        return p.start(env_extra)

    def wait_output(self, p: Peer, pattern: str, timeout: float = 120):
        return p.wait_for(pattern, timeout, self.describe)

    def wait_records(self, p: Peer, k: int, timeout: float = 180) -> int:
        """Wait until ``p``'s log holds at least ``k`` records; returns how many it holds."""
        def enough() -> int:
            got = len(p.logged_records())
            return got if got >= k else 0

        return wait_until(enough, lambda: f"{p.name}'s log reached {k} records (it holds {len(p.logged_records())})",
                          [p], timeout, interval=0.02, describe=self.describe)

    def wait_all(self, timeout: float = GAME_TIMEOUT) -> dict[str, int]:
        deadline = time.monotonic() + timeout
        return {p.name: p.wait(max(deadline - time.monotonic(), 1), self.describe) for p in self.peers}

    def describe(self) -> str:
        return "\n".join(p.describe() for p in self.peers)

    def cleanup(self) -> None:
        for p in self.peers:
            p.kill()


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
    r = audit(log, debug=True)
    return (r.returncode == 0 and r.stdout.startswith("OK") and "Traceback" not in r.stderr), r.stdout + r.stderr


def assert_clean_finish(game: Game, context: str = "") -> dict:
    """Every peer finished, every log audits OK, one final hash, and no message lost or duplicated."""
    context = context or game.describe()
    metas = {p.name: p.meta() for p in game.peers}
    assert_same_finish(metas, context)
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

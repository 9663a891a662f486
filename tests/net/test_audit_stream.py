"""`snowp2p audit` streams (issue 24 item 3): memory does not grow with the log, and a crafted log made of
one valid record repeated is a violation that names the duplicate (it used to take 918 MB and say OK).

The crafted log is 400 MB (``SNOWP2P_BIG_AUDIT_MB`` to change it); the audit runs as its own process and
its peak resident memory is read from the kernel's accounting of that one child (``os.wait4``).
"""

from __future__ import annotations

import itertools
import os
import subprocess

import pytest

from kit.peers import PY, ROOT, env
from snowp2p import verify_pool
from snowp2p.protocol.log import MAGIC, encode_record
from snowp2p.protocol.messages import decode_signed
from test_audit_threads import play

#: the stated bound (docs/design-p2p.md, "The audit"): peak resident memory of `snowp2p audit` on any log
AUDIT_RSS_BOUND_MB = 150
BIG_MB = int(os.environ.get("SNOWP2P_BIG_AUDIT_MB", "400"))


@pytest.fixture(scope="module")
def game():
    return play(3, 11)


def crafted(path, roster: bytes, record: bytes, megabytes: int) -> int:
    """roster, then ``record`` over and over until the file holds ``megabytes`` MB; returns its size."""
    one = encode_record(record)
    block = one * max(1, (8 << 20) // len(one))
    with open(path, "wb") as f:
        f.write(MAGIC + encode_record(roster))
        while f.tell() < megabytes << 20:
            f.write(block)
        return f.tell()


#: runs `snowp2p audit` in this process and, at exit, writes the process's own peak resident memory
#: (``VmHWM``, kilobytes) to the file named first.  ``ru_maxrss`` from ``wait4`` is no measure: the kernel
#: carries the *parent's* peak across fork and exec, so a child of a 300 MB pytest "peaked" at 300 MB (CI).
MEASURED = """
import atexit, runpy, sys
out = sys.argv.pop(1)
def hwm():
    with open("/proc/self/status") as f:
        kb = next(line.split()[1] for line in f if line.startswith("VmHWM:"))
    with open(out, "w") as f:
        f.write(kb)
atexit.register(hwm)
sys.argv[0] = "snowp2p"
runpy.run_module("snowp2p", run_name="__main__", alter_sys=True)
"""


def audit_rss(path) -> tuple[int, str, float]:
    """(exit status, output, peak resident MB) of `snowp2p audit path`, measured by the audit process itself."""
    peak = f"{path}.hwm"
    p = subprocess.run([PY, "-c", MEASURED, peak, "audit", str(path)], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, cwd=ROOT, env=env())
    with open(peak) as f:
        return p.returncode, p.stdout.decode(), int(f.read()) / 1024


def test_the_measure_is_of_the_audit_alone_not_of_a_big_parent(tmp_path, game):
    """CI's full run had grown pytest to 310 MB, and wait4 reported that as the audit's peak."""
    records, _ = game
    path = tmp_path / "game.log"
    with open(path, "wb") as f:
        f.write(MAGIC + b"".join(encode_record(r) for r in records))
    ballast = bytearray(300 << 20)  # the parent's pages, touched so that they are resident
    for i in range(0, len(ballast), 4096):
        ballast[i] = 1
    rc, out, rss = audit_rss(path)
    del ballast
    assert rc == 0 and out.startswith("OK"), out
    assert rss < AUDIT_RSS_BOUND_MB, rss


def test_a_400_mb_log_of_one_record_repeated_is_a_named_duplicate_in_bounded_memory(tmp_path, game):
    records, _ = game
    rec = records[1]
    m = decode_signed(rec)
    path = tmp_path / "repeated.log"
    size = crafted(path, records[0], rec, BIG_MB)
    assert size >= BIG_MB << 20
    rc, out, rss = audit_rss(path)
    assert rc == 1, out
    assert out.startswith(f"VIOLATION: message 2: a duplicated record: seat {m.sender} (p{m.sender} ["), out
    assert f"'s {m.type} seq {m.seq} is already in the log" in out, out
    assert rss < AUDIT_RSS_BOUND_MB, f"peak {rss:.0f} MB auditing a {size >> 20} MB log"
    print(f"audit of a {size >> 20} MB crafted log: peak RSS {rss:.0f} MB")


def test_a_whole_game_audits_in_bounded_memory_too(tmp_path, game):
    records, _ = game
    path = tmp_path / "game.log"
    with open(path, "wb") as f:
        f.write(MAGIC + b"".join(encode_record(r) for r in records))
    rc, out, rss = audit_rss(path)
    assert rc == 0 and out.startswith("OK"), out
    assert rss < AUDIT_RSS_BOUND_MB, rss


def test_the_verify_pool_reads_a_bounded_way_ahead_of_the_replay(game):
    records, ids = game
    pulled = [0]

    def endless():
        for r in itertools.cycle(records[1:]):
            pulled[0] += len(r)
            yield r

    keys = {i: ident.public_key for i, ident in enumerate(ids)}
    with verify_pool.VerifyPool(endless(), keys, threads=4) as pool:
        for i, _rec, _key in pool:
            if i == 50:
                break
    assert pulled[0] <= verify_pool.AHEAD_BYTES + 2 * verify_pool.CHUNK_BYTES, pulled[0]

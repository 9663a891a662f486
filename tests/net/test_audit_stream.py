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

from peerkit import PY, ROOT, env
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


def audit_rss(path) -> tuple[int, str, float]:
    """(exit status, output, peak resident MB) of `snowp2p audit path` run as a child of its own."""
    p = subprocess.Popen([PY, "-m", "snowp2p", "audit", str(path)], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, cwd=ROOT, env=env())
    out = p.stdout.read().decode()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, out, usage.ru_maxrss / 1024  # (Linux: kilobytes)


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
        for i, rec, key in pool:
            if i == 50:
                break
    assert pulled[0] <= verify_pool.AHEAD_BYTES + 2 * verify_pool.CHUNK_BYTES, pulled[0]

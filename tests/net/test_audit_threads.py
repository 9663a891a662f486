"""`snowp2p audit` verifies signatures in threads ahead of the replay (snowp2p/verify_pool.py): the
verdict must be exactly the sequential one (``SNOWP2P_AUDIT_THREADS=1``), the same first violation,
for logs with bad signatures anywhere (inside a chunk, at a chunk's edge, several of them, signed
with another seat's key).

The log is a real 5-player Mush! Mush! game played by computer players over in-memory delivery (the
network is not the point), written with the log writer the peers use; the tampered records have their
CRC recomputed, so only the signatures can catch them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.fuzz import examples, mutate
from kit.table import Table
from kit.peers import snowp2p as run_cli
from snowp2p import verify_pool
from snowp2p.games.sled.bot import choose_action
from snowp2p.replay import replay_log
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.errors import ProtocolError, SignatureError
from snowp2p.protocol.log import LogWriter
from snowp2p.protocol.messages import decode_signed, encode_signed
from snowp2p.core.drbg import Rand, derive

N = 5


def play(n: int, seed: int, game: str = "mush") -> tuple[list[bytes], list[Identity]]:
    """Seat 0's log records of an n-player game of computer players, and every seat's identity."""
    t = Table(game, n, ids=[Identity.from_seed(derive(b"audit test id", seed, i)) for i in range(n)],
              secrets=[derive(b"audit test secret", seed, i) for i in range(n)],
              game_id=derive(b"audit test game", seed), nicks=[f"p{i}" for i in range(n)], port=0, port_step=0,
              choose=lambda seat, state, turn: choose_action(state, Rand(derive(b"audit test bot", seed, turn))))
    t.play()
    assert t.s[0].done
    return t.records(0), t.ids


@pytest.fixture(scope="module")
def game():
    return play(N, 3)


def write(path: Path, records: list[bytes]) -> Path:
    with open(path, "wb") as f:
        w = LogWriter(f)
        for r in records:
            w.append(r)
    return path


def bad_signature(record: bytes) -> bytes:
    d = bytearray(record)
    d[-10] ^= 0x40  # inside the 64-byte signature, the payload's last field
    return bytes(d)


def resigned(record: bytes, identity: Identity) -> bytes:
    """The same envelope (same sender seat) with a valid signature by someone else's key."""
    return encode_signed(identity, decode_signed(record).envelope)


def verdicts(path: Path) -> tuple[str | None, str | None]:
    seq = replay_log(str(path), threads=1)
    par = replay_log(str(path), threads=4)
    assert [(t.turn, t.state_hash) for t in par.turns] == [(t.turn, t.state_hash) for t in seq.turns]
    assert par.messages == seq.messages
    return seq.violation, par.violation


def test_a_clean_log_audits_the_same_in_threads(tmp_path, game):
    records, _ = game
    assert len(records) > 8 * verify_pool.CHUNK, len(records)  # several chunks
    seq, par = verdicts(write(tmp_path / "clean.log", records))
    assert seq is None and par is None


@pytest.mark.parametrize("where", ["first", "chunk edge", "after a chunk edge", "middle", "last"])
def test_one_bad_signature_is_the_same_first_violation(tmp_path, game, where):
    records, _ = game
    c = verify_pool.CHUNK  # (the replay's records: all but the roster)
    i = {"first": 1, "chunk edge": c, "after a chunk edge": c + 1, "middle": len(records) // 2,
         "last": len(records) - 1}[where]
    tampered = records[:i] + [bad_signature(records[i])] + records[i + 1:]
    seq, par = verdicts(write(tmp_path / "bad.log", tampered))
    assert seq is not None and re.match(rf"message {i}\b", seq) and "bad signature" in seq, seq
    assert par == seq


def test_of_several_bad_signatures_the_first_is_reported(tmp_path, game):
    records, _ = game
    tampered = list(records)
    for i in (len(records) - 5, len(records) // 2, len(records) // 3 + 1):
        tampered[i] = bad_signature(records[i])
    seq, par = verdicts(write(tmp_path / "bad3.log", tampered))
    assert seq is not None and re.match(rf"message {len(records) // 3 + 1}\b", seq), seq
    assert par == seq


def test_a_message_signed_with_another_seats_key_is_the_same_violation(tmp_path, game):
    records, ids = game
    i = next(k for k in range(len(records) // 2, len(records)) if decode_signed(records[k]).sender == 2)
    tampered = list(records)
    tampered[i] = resigned(records[i], ids[3])  # a valid signature, but not seat 2's
    seq, par = verdicts(write(tmp_path / "resigned.log", tampered))
    assert seq is not None and re.match(rf"message {i}\b", seq) and "bad signature" in seq, seq
    assert par == seq


def test_a_verified_message_still_checks_any_other_key(game):
    records, ids = game
    m = decode_signed(records[5])
    v = verify_pool.message(records[5], ids[m.sender].public_key)  # (as the pool hands it over)
    v.verify(ids[m.sender].public_key)
    with pytest.raises(SignatureError):
        v.verify(ids[(m.sender + 1) % N].public_key)


def test_the_cli_prints_the_same_with_one_thread_or_many(tmp_path, game):
    records, _ = game
    i = len(records) // 2
    path = write(tmp_path / "cli.log", records[:i] + [bad_signature(records[i])] + records[i + 1:])
    one = run_cli("audit", str(path), env_extra={"SNOWP2P_AUDIT_THREADS": "1"})
    many = run_cli("audit", str(path), env_extra={"SNOWP2P_AUDIT_THREADS": "3"})
    assert one.returncode == many.returncode == 1, (one.stdout, one.stderr)
    assert re.match(rf"VIOLATION: message {i}\b", one.stdout), one.stdout
    assert many.stdout == one.stdout and "Traceback" not in many.stderr


def test_the_threads_read_every_real_record_as_the_decoder_does(game):
    """The threads read a record's envelope, signature and sender off their places (issue 22: no parse per
    record); on every record of a real game that is exactly what decode_signed reads, so every record is
    verified ahead, under its sender's key."""
    records, ids = game
    keys = {i: ids[i].public_key for i in range(N)}
    for rec in records[1:]:
        m = decode_signed(rec)
        assert verify_pool._parts(rec) == (m.envelope_bytes, m.signature, m.sender)
    assert verify_pool._verify_chunk(records[1:], keys) == [keys[decode_signed(r).sender] for r in records[1:]]


@examples(300)
@given(st.data())
def test_a_key_is_only_remembered_for_the_bytes_it_was_checked_on(game, data):
    """Whatever the record's bytes, where the threads read parts out of it and the decoder accepts it, the
    parts are the decoder's: the key the threads found is never pinned on other bytes than it checked."""
    records, _ = game
    rec, _ = mutate(data, data.draw(st.sampled_from(records[1:])))
    parts = verify_pool._parts(rec)
    try:
        m = decode_signed(rec)
    except ProtocolError:
        return
    assert parts is None or parts == (m.envelope_bytes, m.signature, m.sender)


def test_the_switch_interval_is_short_while_the_pool_runs_and_restored_after(game):
    """While threads verify ahead, the GIL is handed over every 0.2 ms (a verifying thread waits no longer for
    it with its core idle); afterwards the interpreter's own interval is back, whatever happened inside."""
    import sys

    records, ids = game
    before = sys.getswitchinterval()
    keys = {i: ids[i].public_key for i in range(N)}
    with verify_pool.VerifyPool(iter(records[1:]), keys, 2) as pool:
        assert sys.getswitchinterval() <= verify_pool.SWITCH_INTERVAL
        assert sum(1 for _, _, key in pool if key is not None) == len(records) - 1
    assert sys.getswitchinterval() == before
    with pytest.raises(RuntimeError), verify_pool.VerifyPool(iter(records[1:]), keys, 2):
        raise RuntimeError("stopped inside")
    assert sys.getswitchinterval() == before
    with verify_pool.VerifyPool(iter(records[1:]), keys, 1):
        assert sys.getswitchinterval() == before  # (no threads: nothing changed)

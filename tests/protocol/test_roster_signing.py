"""Every seat signs the roster (G2; issue 10 item 2 and attack 8).

A seat's ``commit_chain`` carries the roster's digest: it is that seat's signature on the roster (keys,
seats, rules, track), and nothing a seat sends counts before it.  A log in which a seat never signed
proves no result for that seat: ``audit`` says so, naming the seat.
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from kit.peers import PY, ROOT, audit, env
from snowp2p.games import find_game
from snowp2p.protocol.crypto import Identity, fingerprint
from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import (
    HOST_SEAT, ZERO_HASH, Absent, CommitChain, Envelope, Seat, decode_signed, encode_signed,
)
from snowp2p.protocol.roster import roster_body
from snowp2p.protocol.session import Halted
from kit.sessions import session_for
from kit.table import KINDS

FORGER = Path(__file__).with_name("forger.py")


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


IDS = [Identity.from_seed(fixed(f"signing test identity {i}")) for i in range(2)]


def roster(kind: str, game_id: bytes = fixed("signing game")):
    """A two-seat roster of the registered game ``kind`` (its default table and rules)."""
    g = find_game(kind)
    seats = tuple(Seat(f"p{i}", IDS[i].public_key, "127.0.0.1", 47700 + i) for i in range(2))
    body = roster_body(g, g.load_table(None), g.default_rules(), seats)
    return decode_signed(encode_signed(IDS[0], Envelope(game_id, HOST_SEAT, 0, ZERO_HASH, body)))


@pytest.mark.parametrize("kind", KINDS)
def test_every_seat_signs_the_roster_in_its_first_message(kind):
    r = roster(kind)
    host = session_for(r, None, 0, IDS[0], fixed("s0"))
    joiner = session_for(r, None, 1, IDS[1], fixed("s1"))
    assert host.unsigned() == joiner.unsigned() == [1]  # the roster itself is the host's signature
    first = decode_signed(joiner.start().send[0])
    assert first.seq == 0 and isinstance(first.body, CommitChain) and first.body.roster == r.digest
    host.receive(first.payload, 1)
    assert host.unsigned() == []


@pytest.mark.parametrize("kind", KINDS)
def test_a_commit_chain_for_another_roster_is_an_offence(kind):
    r, other = roster(kind), roster(kind, fixed("another game"))
    host = session_for(r, None, 0, IDS[0], fixed("s0"))
    body = CommitChain(fixed("tip"), 4096, other.digest)
    bad = encode_signed(IDS[1], Envelope(r.envelope.game, 1, 0, ZERO_HASH, body))
    with pytest.raises(Halted, match="signed another roster"):
        host.receive(bad, 1)
    assert host.halted.seat == 1


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_counts_before_a_seat_signed_the_roster(kind):
    r = roster(kind)
    host = session_for(r, None, 0, IDS[0], fixed("s0"))
    early = encode_signed(IDS[1], Envelope(r.envelope.game, 1, 0, ZERO_HASH, Absent(0, 0, 0)))
    with pytest.raises(Halted, match=r"sent a absent before signing the roster"):
        host.receive(early, 1)


@pytest.mark.parametrize("game", KINDS)
def test_a_forged_game_fails_the_audit_naming_the_unsigned_seat(tmp_path, game):
    """Attack 8 with a real forger process (tests/protocol/forger.py): a log listing a real player's key,
    voting that player out before the start and winning against the computer player in its seat.  The
    log is otherwise a complete, consistent game (an observer replays it to the end without a fault), but
    the victim never signed: `audit` fails and names it."""
    victim = Identity.from_seed(fixed("the victim"))
    log = tmp_path / "forged.log"
    made = subprocess.run([PY, str(FORGER), str(log), victim.public_key.hex(), game], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, env=env())
    assert made.returncode == 0, made.stdout + made.stderr
    with open(log, "rb") as f:
        records = read_log(f).records
    obs = session_for(decode_signed(records[0]))
    for rec in records[1:]:
        obs.receive(rec)
    # the game plays to its end (since G10 the computer-played seat is ranked like any other, so the
    # forger may not even win: a vote never pays)...
    assert obs.done and obs.halted is None and sorted(obs.places()) == list(range(obs.n))
    assert obs.unsigned() == [1]  # ...a game its opponent never signed
    res = audit(log)
    assert res.returncode == 1, res.stdout + res.stderr
    assert res.stdout.strip() == (f"VIOLATION: seat 1 (victim [{fingerprint(victim.public_key)}]) never signed the "
                                  "roster (no commit_chain of theirs is in this log): the log proves no result "
                                  "for that seat")

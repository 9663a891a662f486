"""G11 in the audit (issue 18, case 12): a log that holds the agreed last turn (every seat's ack of the same
final state) but not the others' final card openings proves the places; the audit says OK, names whose last
openings are missing, and gives the places the whole log gives.  A log that lacks an ack of the last turn
proves nothing and stays "not finished"."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
from test_audit_threads import play  # noqa: E402

from snowp2p.replay import replay_log  # noqa: E402
from snowp2p.protocol.log import MAGIC, encode_record  # noqa: E402
from snowp2p.protocol.messages import decode_signed  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return play(3, 5)


def write(path: Path, records: list[bytes]) -> str:
    path.write_bytes(MAGIC + b"".join(encode_record(r) for r in records))
    return str(path)


def test_the_agreed_last_turn_without_the_others_final_openings_proves_the_places(tmp_path, game):
    records, _ = game
    whole = replay_log(write(tmp_path / "whole.log", records))
    assert whole.violation is None and whole.session.done and not whole.unopened
    # the resumed seat 0 of case 12: it never got seats 1 and 2's final openings
    kept = [r for r in records if not (decode_signed(r).type == "final_open" and decode_signed(r).sender != 0)]
    assert len(kept) < len(records)
    res = replay_log(write(tmp_path / "agreed.log", kept))
    assert res.violation is None, res.violation
    assert not res.session.done and res.unopened == [1, 2]
    assert res.session.places() == whole.session.places()


def test_without_every_ack_of_the_last_turn_the_game_is_not_finished(tmp_path, game):
    records, _ = game
    msgs = [decode_signed(r) for r in records]
    last_ack = max(i for i, m in enumerate(msgs) if m.type == "ack" and m.sender == 2)
    kept = [r for i, (r, m) in enumerate(zip(records, msgs, strict=True))
            if i != last_ack and not (m.type == "final_open" and m.sender != 0)]
    res = replay_log(write(tmp_path / "short.log", kept))
    assert res.violation is not None and "not finished" in res.violation, res.violation

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from snowp2p.protocol.errors import LogError
from snowp2p.protocol.log import MAGIC, LogWriter, encode_record, read_log

RECORDS = [b"first record", b"\x00" * 100, b"third"]


def written(records=RECORDS) -> bytes:
    f = io.BytesIO()
    w = LogWriter(f)
    for r in records:
        w.append(r)
    return f.getvalue()


def test_round_trip():
    data = written()
    assert data.startswith(MAGIC)
    contents = read_log(io.BytesIO(data))
    assert contents.records == RECORDS
    assert not contents.torn and contents.valid_length == len(data)


def test_empty_log():
    assert read_log(io.BytesIO(b"")) == ([], False, 0)
    assert read_log(io.BytesIO(written([]))) == ([], False, len(MAGIC))


def test_every_truncation_is_a_torn_tail_keeping_complete_records():
    data = written()
    ends = [len(MAGIC)]
    for r in RECORDS:
        ends.append(ends[-1] + len(encode_record(r)))
    for cut in range(len(data)):
        contents = read_log(io.BytesIO(data[:cut]))
        complete = [e for e in ends if e <= cut]
        expected_n = max(len(complete) - 1, 0)
        assert contents.records == RECORDS[:expected_n], cut
        assert contents.torn == (cut not in ends and cut != 0), cut
        assert contents.valid_length == (complete[-1] if complete else 0)


def test_damaged_last_record_is_torn():
    data = bytearray(written())
    data[-6] ^= 0xFF
    contents = read_log(io.BytesIO(bytes(data)))
    assert contents.records == RECORDS[:2] and contents.torn


def test_damaged_middle_record_is_an_error_naming_it():
    data = bytearray(written())
    offset = len(MAGIC) + len(encode_record(RECORDS[0]))
    data[offset + 10] ^= 0xFF
    with pytest.raises(LogError, match=f"record 1 at byte offset {offset}"):
        read_log(io.BytesIO(bytes(data)))


def test_bad_magic():
    with pytest.raises(LogError, match="magic"):
        read_log(io.BytesIO(b"NOTALOG!" + encode_record(b"x")))
    with pytest.raises(LogError, match="magic"):
        read_log(io.BytesIO(b"XY"))


def test_append_to_existing_file_after_cutting_torn_tail(tmp_path):
    path = tmp_path / "game.log"
    with open(path, "ab") as f:
        w = LogWriter(f, fsync=True)
        w.append(b"one")
        w.append(b"two")
    with open(path, "ab") as f:
        f.write(encode_record(b"three")[:5])  # crash mid-append
    with open(path, "rb") as f:
        contents = read_log(f)
    assert contents.records == [b"one", b"two"] and contents.torn
    with open(path, "r+b") as f:
        f.truncate(contents.valid_length)
    with open(path, "ab") as f:
        LogWriter(f).append(b"three")  # no second magic
    with open(path, "rb") as f:
        assert read_log(f) == ([b"one", b"two", b"three"], False, path.stat().st_size)


def test_record_size_limits():
    with pytest.raises(ValueError):
        encode_record(b"")


@given(st.lists(st.binary(min_size=1, max_size=50), max_size=6), st.binary(max_size=20))
def test_appended_garbage_never_loses_good_records(records, garbage):
    data = written(records) + garbage
    try:
        contents = read_log(io.BytesIO(data))
    except LogError:
        return  # garbage that parses as a damaged non-final record
    assert contents.records[: len(records)] == records

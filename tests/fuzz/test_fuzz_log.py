"""Fuzzing the log reader (`read_log`): what `resume` and `audit` trust after a crash or a damaged disk.

tests/protocol/test_protocol_log.py covers truncation at every offset and
garbage appended after good records; here: arbitrary files, edits anywhere
in a real game's log, and the resume rule (cut at ``valid_length``, append).
"""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from kit.fuzz import VECTOR_LOG, examples, mutate
from snowp2p.protocol.errors import LogError
from snowp2p.protocol.framing import MAX_FRAME
from snowp2p.protocol.log import MAGIC, LogWriter, encode_record, read_log

REAL = VECTOR_LOG.read_bytes()
REAL_RECORDS = read_log(io.BytesIO(REAL)).records
# byte offset where each record of the real log ends
ENDS = []
_pos = len(MAGIC)
for _r in REAL_RECORDS:
    _pos += len(encode_record(_r))
    ENDS.append(_pos)


def check_contents(blob: bytes):
    """read_log either refuses the file (LogError only) or returns records that are exactly what the file's
    valid prefix encodes; the torn flag says whether anything follows that prefix."""
    try:
        contents = read_log(io.BytesIO(blob))
    except LogError as e:
        assert str(e)  # one line for the user
        return None
    assert 0 <= contents.valid_length <= len(blob)
    assert contents.torn == (contents.valid_length < len(blob))
    for rec in contents.records:
        assert 1 <= len(rec) <= MAX_FRAME
    if contents.valid_length:
        assert blob[:contents.valid_length] == MAGIC + b"".join(encode_record(r) for r in contents.records)
        again = read_log(io.BytesIO(blob[:contents.valid_length]))  # what resume leaves after cutting
        assert again.records == contents.records and not again.torn
    else:
        assert contents.records == [] and MAGIC.startswith(blob[:len(MAGIC)])
    return contents


@examples(300)
@given(st.binary(max_size=400))
def test_arbitrary_files_only_raise_log_error(blob):
    check_contents(blob)


@examples(300)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_after_the_magic(tail):
    check_contents(MAGIC + tail)


@examples(300)
@given(st.data())
def test_edits_to_a_real_log_never_lose_records_before_them(data):
    blob, first = mutate(data, REAL)
    contents = check_contents(blob)
    if contents is None:
        return  # a record damaged in the middle of the file: refused, naming it (LogError)
    intact = sum(1 for end in ENDS if end <= first)  # records wholly before the first edit
    assert contents.records[:intact] == REAL_RECORDS[:intact]


@examples(200)
@given(st.data(), st.lists(st.binary(min_size=1, max_size=64), min_size=1, max_size=3))
def test_resume_rule_cut_then_append_gives_a_clean_log(data, new):
    """What `resume` does with a torn log: truncate at valid_length, then append; the result reads back as
    the kept records plus the new ones, not torn."""
    cut = data.draw(st.integers(0, len(REAL)))
    torn = REAL[:cut] + data.draw(st.binary(max_size=12))  # a crash mid-append, with whatever bytes
    contents = check_contents(torn)
    if contents is None:
        return
    f = io.BytesIO(torn)
    f.truncate(contents.valid_length)
    f.seek(0, io.SEEK_END)
    w = LogWriter(f)
    for rec in new:
        w.append(rec)
    after = read_log(f)
    assert not after.torn
    assert after.records == contents.records + new

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_helpers import GAME, IDS, fixed

from snowp2p.protocol.errors import JoinCodeError
from snowp2p.protocol.joincode import (
    WORDS,
    JoinTranscript,
    check_tag,
    derive_code_key,
    make_code,
    normalize,
)


def test_word_list():
    assert len(WORDS) == len(set(WORDS)) == 256
    assert all(re.fullmatch(r"[a-z]{2,8}", w) for w in WORDS)


@given(st.binary(min_size=16, max_size=32))
def test_make_code_shape_and_determinism(rand_bytes):
    code = make_code(rand_bytes)
    number, w1, w2 = code.split("-")
    assert 1 <= int(number) <= 999 and w1 in WORDS and w2 in WORDS
    assert code == make_code(rand_bytes) == normalize(code)


def test_make_code_needs_enough_randomness():
    with pytest.raises(ValueError):
        make_code(b"short")


@pytest.mark.parametrize(
    "typed", ["417-husky-tundra", " 417 Husky TUNDRA ", "0417_husky--tundra", "417.husky.tundra\n"]
)
def test_normalize(typed):
    assert normalize(typed) == "417-husky-tundra"


@pytest.mark.parametrize(
    "typed, text",
    [("husky-tundra", "number-word-word"), ("0-husky-tundra", "1..999"), ("1000-husky-tundra", "1..999"),
     ("4-husky-tundar", "'tundar'"), ("4-husky-tundra-sled", "number-word-word"), ("٤-husky-tundra", "number")],
)
def test_normalize_rejects(typed, text):
    with pytest.raises(ValueError, match=re.escape(text)):
        normalize(typed)


TRANSCRIPT = JoinTranscript(GAME, IDS[0].public_key, fixed("hn"), IDS[1].public_key, fixed("jn"))
CODE = "417-husky-tundra"


def test_handshake_with_the_right_code():
    host_key = derive_code_key(CODE, GAME)
    joiner_key = derive_code_key(" 417 HUSKY tundra", GAME)
    assert host_key == joiner_key
    check_tag(TRANSCRIPT.joiner_tag(host_key), TRANSCRIPT.joiner_tag(joiner_key), "joiner")
    check_tag(TRANSCRIPT.host_tag(joiner_key), TRANSCRIPT.host_tag(host_key), "host")


def test_wrong_code_or_other_game_is_refused():
    key = derive_code_key(CODE, GAME)
    wrong = derive_code_key("418-husky-tundra", GAME)
    with pytest.raises(JoinCodeError, match="joiner does not know"):
        check_tag(TRANSCRIPT.joiner_tag(key), TRANSCRIPT.joiner_tag(wrong), "joiner")
    assert derive_code_key(CODE, fixed("other game")) != key


def test_tags_bind_every_field_and_the_role():
    key = derive_code_key(CODE, GAME)
    base = TRANSCRIPT.joiner_tag(key)
    assert TRANSCRIPT.host_tag(key) != base  # no reflection
    fields = ["game_id", "host_pubkey", "host_nonce", "joiner_pubkey", "joiner_nonce"]
    for name in fields:
        values = {f: getattr(TRANSCRIPT, f) for f in fields}
        values[name] = fixed("changed " + name)
        assert JoinTranscript(**values).joiner_tag(key) != base, name


def test_transcript_checks_sizes():
    with pytest.raises(ValueError):
        JoinTranscript(GAME[:5], IDS[0].public_key, fixed("a"), IDS[1].public_key, fixed("b"))

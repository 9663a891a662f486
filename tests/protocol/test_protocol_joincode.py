import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_helpers import GAME, IDS, fixed

from snowp2p.protocol.errors import JoinCodeError
from snowp2p.protocol.joincode import (
    WORDS,
    JoinTranscript,
    PakeSide,
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


SEEDS = (fixed("host seed"), fixed("joiner seed"))


def exchange(host_code: str, joiner_code: str, transcript=TRANSCRIPT, seeds=SEEDS):
    """One SPAKE2 run as the lobby does it: challenge carries the host's message, join the joiner's and its tag."""
    host = PakeSide("host", host_code, transcript, seeds[0])
    joiner = PakeSide("joiner", joiner_code, transcript, seeds[1])
    joiner.finish(host.message)
    join_tag = joiner.my_tag()
    host.finish(joiner.message)
    return host, joiner, join_tag


def test_handshake_with_the_right_code():
    host, joiner, join_tag = exchange(CODE, " 417 HUSKY tundra")
    host.check(join_tag)
    joiner.check(host.my_tag())
    assert host.key == joiner.key and len(host.key) == 32


def test_wrong_code_is_refused_by_the_host_and_a_wrong_host_by_the_joiner():
    host, joiner, join_tag = exchange(CODE, "418-husky-tundra")
    with pytest.raises(JoinCodeError, match="joiner does not know"):
        host.check(join_tag)
    with pytest.raises(JoinCodeError, match="host does not know"):
        joiner.check(host.my_tag())


def test_the_exchange_binds_the_game_and_both_keys():
    """idA/idB carry the game and both keys: a joiner that ran the exchange for another game or host key
    (e.g. a man in the middle relaying between two lobbies) does not agree on the key."""
    for name in ("game_id", "host_pubkey", "joiner_pubkey"):
        fields = {f: getattr(TRANSCRIPT, f) for f in ("game_id", "host_pubkey", "host_nonce", "joiner_pubkey",
                                                      "joiner_nonce")}
        fields[name] = fixed("changed " + name)
        host = PakeSide("host", CODE, TRANSCRIPT, fixed("h"))
        joiner = PakeSide("joiner", CODE, JoinTranscript(**fields), fixed("j"))
        assert joiner.finish(host.message) != host.finish(joiner.message), name


def test_tags_bind_every_field_and_the_role():
    host, joiner, _ = exchange(CODE, CODE)
    key, a, b = host.key, joiner.message, host.message
    base = TRANSCRIPT.tag(key, "joiner", a, b)
    assert TRANSCRIPT.tag(key, "host", a, b) != base  # no reflection
    assert TRANSCRIPT.tag(key, "joiner", b, a) != base
    fields = ["game_id", "host_pubkey", "host_nonce", "joiner_pubkey", "joiner_nonce"]
    for name in fields:
        values = {f: getattr(TRANSCRIPT, f) for f in fields}
        values[name] = fixed("changed " + name)
        assert JoinTranscript(**values).tag(key, "joiner", a, b) != base, name


def test_a_malformed_exchange_message_is_a_join_code_error():
    for bad in (b"", b"A" * 33, b"B" + bytes(32), b"C" + bytes(32), bytes(100)):
        side = PakeSide("host", CODE, TRANSCRIPT, fixed("h"))
        with pytest.raises(JoinCodeError):
            side.finish(bad)


def offline_check(recorded_join_msg: bytes, recorded_host_msg: bytes, recorded_tag: bytes, guess: str,
                  host_seed: bytes) -> bool:
    """What an eavesdropper can compute for one guess from a recorded handshake: play the host's side with
    the guess (it can not know the host's secret scalar, so it supplies its own seed), finish with the
    recorded joiner message, and compare the joiner's confirmation."""
    side = PakeSide("host", guess, TRANSCRIPT, host_seed)
    key = side.finish(recorded_join_msg)
    return TRANSCRIPT.tag(key, "joiner", recorded_join_msg, recorded_host_msg) == recorded_tag


def test_a_recorded_handshake_gives_no_offline_check_of_a_guess():
    """G8: the transcript alone can not tell the right code from a wrong one.  The same computation *with*
    the host's secret seed does tell them apart: so the check is real, and what stops it is the secret."""
    host_seed = fixed("the host's secret seed")
    host, joiner, join_tag = exchange(CODE, CODE, seeds=(host_seed, fixed("joiner seed")))
    guesses = [CODE, "418-husky-tundra", "417-husky-sled", "1-husky-husky"]
    for attacker_seed in (fixed("attacker 1"), fixed("attacker 2")):
        verdicts = [offline_check(joiner.message, host.message, join_tag, g, attacker_seed) for g in guesses]
        assert verdicts == [False] * len(guesses)  # the right code looks exactly like the wrong ones
    with_secret = [offline_check(joiner.message, host.message, join_tag, g, host_seed) for g in guesses]
    assert with_secret == [True, False, False, False]


def test_a_fake_host_gets_one_guess_per_handshake():
    """A fake host runs the exchange with one guess; the joiner's confirmation then matches only that guess."""
    joiner = PakeSide("joiner", CODE, TRANSCRIPT, fixed("joiner seed"))
    fake = PakeSide("host", "418-husky-tundra", TRANSCRIPT, fixed("fake host seed"))
    joiner.finish(fake.message)
    tag = joiner.my_tag()
    # every other guess, tried against the recorded joiner message with the fake host's own secret: no match,
    # the right code included
    for g in (CODE, "419-husky-tundra"):
        assert not offline_check(joiner.message, fake.message, tag, g, fixed("fake host seed"))


def test_transcript_checks_sizes():
    with pytest.raises(ValueError):
        JoinTranscript(GAME[:5], IDS[0].public_key, fixed("a"), IDS[1].public_key, fixed("b"))

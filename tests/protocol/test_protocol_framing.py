import pytest
from hypothesis import given
from hypothesis import strategies as st

from snowp2p.protocol.errors import FrameError
from snowp2p.protocol.framing import MAX_FRAME, FrameDecoder, encode_frame


def test_encode_frame():
    assert encode_frame(b"abc") == b"\x00\x00\x00\x03abc"
    with pytest.raises(ValueError):
        encode_frame(b"")
    with pytest.raises(ValueError):
        encode_frame(b"x" * (MAX_FRAME + 1))
    assert len(encode_frame(b"x" * MAX_FRAME)) == MAX_FRAME + 4


def test_decoder_byte_by_byte_and_batched():
    stream = encode_frame(b"one") + encode_frame(b"two!") + encode_frame(b"3")
    dec = FrameDecoder()
    got = []
    for i in range(len(stream)):
        got += dec.feed(stream[i : i + 1])
    assert got == [b"one", b"two!", b"3"]
    assert dec.at_boundary()
    assert FrameDecoder().feed(stream) == [b"one", b"two!", b"3"]


def test_partial_frame_is_held():
    dec = FrameDecoder()
    assert dec.feed(b"\x00\x00\x00\x05ab") == []
    assert not dec.at_boundary()
    assert dec.feed(b"cde") == [b"abcde"]


def test_oversize_is_refused_at_the_header_before_buffering():
    dec = FrameDecoder()
    header = (MAX_FRAME + 1).to_bytes(4, "big")
    with pytest.raises(FrameError, match="exceeds"):
        dec.feed(header)
    assert dec.buffered == 0
    with pytest.raises(FrameError, match="already failed"):
        dec.feed(b"more")


def test_empty_frame_is_refused():
    with pytest.raises(FrameError, match="empty"):
        FrameDecoder().feed(b"\x00\x00\x00\x00")


def test_frames_before_a_bad_header_are_kept():
    dec = FrameDecoder()
    with pytest.raises(FrameError) as info:
        dec.feed(encode_frame(b"good") + b"\xff\xff\xff\xff" + b"junk")
    assert info.value.frames == [b"good"]


def test_custom_limit():
    dec = FrameDecoder(max_frame=4)
    assert dec.feed(encode_frame(b"abcd")) == [b"abcd"]
    with pytest.raises(FrameError):
        dec.feed(encode_frame(b"abcde"))


@given(st.lists(st.binary(min_size=1, max_size=300), max_size=8), st.data())
def test_any_chunking_round_trips(payloads, data):
    stream = b"".join(encode_frame(p) for p in payloads)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    dec = FrameDecoder()
    got = []
    last = 0
    for cut in [*cuts, len(stream)]:
        got += dec.feed(stream[last:cut])
        last = cut
    assert got == payloads
    assert dec.at_boundary()


@given(st.lists(st.binary(max_size=80), max_size=6))
def test_arbitrary_bytes_only_raise_frame_error(chunks):
    dec = FrameDecoder(max_frame=64)
    try:
        for chunk in chunks:
            for payload in dec.feed(chunk):
                assert 1 <= len(payload) <= 64
    except FrameError:
        pass
    assert dec.buffered <= 64

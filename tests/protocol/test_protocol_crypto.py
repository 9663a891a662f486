import re

import pytest

from snowp2p.protocol.crypto import Identity, encode_parts, fingerprint, h, verify
from snowp2p.protocol.errors import SignatureError

SEED = bytes(range(32))


def test_identity_is_deterministic_and_round_trips():
    a = Identity.from_seed(SEED)
    b = Identity.from_bytes(a.to_bytes())
    assert a.to_bytes() == SEED
    assert a.public_key == b.public_key and len(a.public_key) == 32
    assert a == b and hash(a) == hash(b)
    assert Identity.from_seed(bytes(32)).public_key != a.public_key


def test_identity_rejects_bad_seed():
    with pytest.raises(ValueError):
        Identity.from_seed(b"short")


def test_repr_does_not_leak_the_seed():
    ident = Identity.from_seed(SEED)
    assert SEED.hex() not in repr(ident)
    assert ident.fingerprint in repr(ident)


def test_fingerprint_format():
    ident = Identity.from_seed(SEED)
    assert re.fullmatch(r"[0-9a-f]{4}(-[0-9a-f]{4}){3}", ident.fingerprint)
    assert ident.fingerprint == fingerprint(ident.public_key)


def test_sign_and_verify():
    ident = Identity.from_seed(SEED)
    sig = ident.sign(b"hello")
    assert len(sig) == 64
    assert sig == ident.sign(b"hello")  # Ed25519 is deterministic
    verify(ident.public_key, b"hello", sig)


@pytest.mark.parametrize(
    "key_change, msg, sig_change",
    [
        (None, b"hellO", None),
        (None, b"hello", 0),
        (None, b"hello", 63),
        ("other", b"hello", None),
    ],
)
def test_verify_rejects_tampering(key_change, msg, sig_change):
    ident = Identity.from_seed(SEED)
    sig = bytearray(ident.sign(b"hello"))
    if sig_change is not None:
        sig[sig_change] ^= 1
    key = Identity.from_seed(bytes(32)).public_key if key_change else ident.public_key
    with pytest.raises(SignatureError):
        verify(key, msg, bytes(sig))


@pytest.mark.parametrize("key, sig", [(b"x" * 31, b"s" * 64), (b"x" * 32, b"s" * 63), (b"\xff" * 32, b"\x00" * 64)])
def test_verify_malformed_inputs_raise_signature_error(key, sig):
    with pytest.raises(SignatureError):
        verify(key, b"m", sig)


def test_h_is_unambiguous_and_domain_separated():
    assert h("t", b"ab", b"c") != h("t", b"a", b"bc")
    assert h("t", b"abc") != h("u", b"abc")
    assert h("t") != h("t", b"")
    assert h("t", 1) == h("t", (1).to_bytes(8, "big"))
    assert h("t", "é") == h("t", "é".encode())
    assert encode_parts(b"ab", 1) == b"\0\0\0\x02ab" + b"\0\0\0\x08" + (1).to_bytes(8, "big")


@pytest.mark.parametrize("bad", [True, -1, 2**64, 1.0, None])
def test_h_rejects_bad_parts(bad):
    with pytest.raises((TypeError, ValueError)):
        h("t", bad)


# ---- the fast path of h (issue 14): the same bytes as the plain construction of SPEC section 2
import hashlib  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _reference_h(tag, *parts):
    """SHA-256 over u32be(len) || bytes for the tag and each part, written out here from the spec."""
    out = b""
    for p in (tag, *parts):
        if isinstance(p, str):
            data = p.encode("utf-8")
        elif isinstance(p, int):
            data = p.to_bytes(8, "big")
        else:
            data = bytes(p)
        out += len(data).to_bytes(4, "big") + data
    return hashlib.sha256(out).digest()


_PART = st.one_of(st.binary(max_size=80), st.integers(0, 2**64 - 1), st.text(max_size=20))


@given(tag=st.one_of(st.sampled_from(["snowp2p/chain/v1", "snowp2p/msg/v1", "snowp2p/event/v1"]), st.text(max_size=30)),
       parts=st.lists(_PART, max_size=6))
def test_h_fast_path_equals_the_reference_construction(tag, parts):
    assert h(tag, *parts) == _reference_h(tag, *parts)
    assert h(tag, *parts) == h(tag, *parts)  # the per-tag prefix is copied, never consumed


def test_h_still_refuses_what_encode_parts_refuses():
    with pytest.raises(TypeError):
        h("t", True)
    with pytest.raises(ValueError):
        h("t", -1)
    with pytest.raises(ValueError):
        h("t", 2**64)
    with pytest.raises(TypeError):
        h("t", 1.5)
    assert h("t", bytearray(b"ab"), memoryview(b"c")) == _reference_h("t", b"ab", b"c")

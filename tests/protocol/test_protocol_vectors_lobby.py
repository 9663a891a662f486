"""The vectors for everything outside the rules engines (issue 24): a whole lobby exchange, a mesh link,
one message of each kind outside a turn; and SPAKE2 recomputed from SPEC section 10's text alone (an
Ed25519 written here from RFC 8032, HKDF and SHA-256), so the SPEC, not the spake2 package, is what the
vectors pin."""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from snowp2p.protocol.crypto import Identity, fingerprint
from snowp2p.protocol.framing import FrameDecoder, encode_frame
from snowp2p.protocol.messages import UNSEATED
from snowp2p.protocol.joincode import WORDS, normalize
from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol import session  # noqa: F401  (registers evidence and link)

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors"
SPEC = Path(__file__).resolve().parents[2] / "protocol" / "SPEC.md"


def load(name):
    return json.loads((VECTORS / name).read_text())


# --- Ed25519 group arithmetic (RFC 8032), for SPEC section 10's SPAKE2 ------------------------------
Q = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, Q - 2, Q) % Q
I = pow(2, (Q - 1) // 4, Q)


def xrecover(y):
    xx = (y * y - 1) * pow(D * y * y + 1, Q - 2, Q)
    x = pow(xx, (Q + 3) // 8, Q)
    if (x * x - xx) % Q:
        x = x * I % Q
    return Q - x if x % 2 else x


def on_curve(x, y):
    return (-x * x + y * y - 1 - D * x * x * y * y) % Q == 0


def add(p1, p2):
    (x1, y1), (x2, y2) = p1, p2
    t = D * x1 * x2 * y1 * y2 % Q
    return ((x1 * y2 + x2 * y1) * pow(1 + t, Q - 2, Q) % Q, (y1 * y2 + x1 * x2) * pow(1 - t, Q - 2, Q) % Q)


def mul(n, p):
    r, n = (0, 1), n
    while n:
        if n & 1:
            r = add(r, p)
        p, n = add(p, p), n >> 1
    return r


def enc(p):
    x, y = p
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def dec(b):
    v = int.from_bytes(b, "little")
    y = v & ((1 << 255) - 1)
    x = xrecover(y)
    if (x & 1) != (v >> 255):
        x = Q - x
    assert on_curve(x, y)
    return x, y


B = (xrecover(4 * pow(5, Q - 2, Q) % Q), 4 * pow(5, Q - 2, Q) % Q)


def hkdf(ikm, info, n=48):
    return HKDF(algorithm=hashes.SHA256(), length=n, salt=b"", info=info).derive(ikm)


def arbitrary_element(seed: bytes):
    y = int.from_bytes(hkdf(seed, b"SPAKE2 arbitrary element"), "big") % Q
    while True:
        x = xrecover(y)
        if on_curve(x, y):
            p8 = mul(8, (x, y))
            if p8 != (0, 1):
                return p8
        y = (y + 1) % Q


def lp(*parts):
    out = b""
    for p in parts:
        b = p.encode() if isinstance(p, str) else p
        out += len(b).to_bytes(4, "big") + b
    return out


def spec_spake2(code, game, host_pub, joiner_pub, joiner_seed, host_seed):
    """SPEC section 10, step by step: (M, N, w, x, y, msgA, msgB, Z, K)."""
    M, N = arbitrary_element(b"M"), arbitrary_element(b"N")
    pw = normalize(code).encode("ascii")
    w = int.from_bytes(hkdf(pw, b"SPAKE2 pw"), "big") % L
    scalar = lambda seed: int.from_bytes(  # noqa: E731
        hashlib.shake_256(lp("snowp2p/join-pake-seed/v2", seed)).digest(64), "big") % L
    x, y = scalar(joiner_seed), scalar(host_seed)
    X, Y = add(mul(x, B), mul(w, M)), add(mul(y, B), mul(w, N))
    Z = mul(x, add(Y, mul(L - w, N)))
    assert Z == mul(y, add(X, mul(L - w, M)))
    id_a = lp("snowp2p/join-pake/v2", "joiner", game, joiner_pub, host_pub)
    id_b = lp("snowp2p/join-pake/v2", "host", game, host_pub, joiner_pub)
    sha = lambda b: hashlib.sha256(b).digest()  # noqa: E731
    K = sha(sha(pw) + sha(id_a) + sha(id_b) + enc(X) + enc(Y) + enc(Z))
    return M, N, w, x, y, b"A" + enc(X), b"B" + enc(Y), Z, K


def spec_tag(K, role, game, host_pub, host_nonce, joiner_pub, joiner_nonce, msg_a, msg_b):
    return hmac.new(K, lp("snowp2p/join/v2", role, game, host_pub, host_nonce, joiner_pub, joiner_nonce, msg_a,
                          msg_b), hashlib.sha256).digest()


def check_entry(e, public_key: bytes):
    payload = bytes.fromhex(e["payload"])
    assert encode_frame(payload).hex() == e["frame"]
    assert FrameDecoder().feed(bytes.fromhex(e["frame"])) == [payload]
    msg = decode_signed(payload)
    assert (msg.type, msg.sender, msg.seq, msg.envelope.game.hex(), msg.envelope.prev.hex()) == \
        (e["type"], e["sender"], e["seq"], e["game"], e["prev"])
    assert msg.digest.hex() == e["digest"]
    msg.verify(public_key)
    return msg


def test_the_spec_word_list_is_the_implementations():
    text = SPEC.read_text()
    block = text[text.index("```\n  0: ") + 4:]
    block = block[:block.index("```")]
    words = [w for line in block.splitlines() for w in line.split(":", 1)[1].split()]
    assert tuple(words) == WORDS


def test_spake2_from_the_spec_text_gives_the_joincode_vector():
    v = load("joincode.json")
    M, N, w, x, y, msg_a, msg_b, Z, K = spec_spake2(
        v["code"], bytes.fromhex(v["game_id"]), bytes.fromhex(v["host_pubkey"]), bytes.fromhex(v["joiner_pubkey"]),
        bytes.fromhex(v["joiner_seed"]), bytes.fromhex(v["host_seed"]))
    assert enc(M).hex() == v["M"] and enc(N).hex() == v["N"]
    assert (w, x, y) == (int(v["password_scalar"], 16), int(v["joiner_scalar"], 16), int(v["host_scalar"], 16))
    assert msg_a.hex() == v["joiner_message"] and msg_b.hex() == v["host_message"]
    assert enc(Z).hex() == v["Z"] and K.hex() == v["key"]
    text = SPEC.read_text()
    assert f"M = {v['M']}" in text and f"N = {v['N']}" in text


def test_the_lobby_exchange_vector():
    v = load("lobby.json")
    host, joiner = Identity.from_seed(bytes.fromhex(v["host_seed"])), Identity.from_seed(bytes.fromhex(v["joiner_seed"]))
    hello, challenge, join, welcome, offer, answer, roster = v["exchange"]
    h = check_entry(hello, joiner.public_key)
    c = check_entry(challenge, host.public_key)
    j = check_entry(join, joiner.public_key)
    wl = check_entry(welcome, host.public_key)
    o = check_entry(offer, host.public_key)
    a = check_entry(answer, joiner.public_key)
    r = check_entry(roster, host.public_key)
    # the offer is the game the roster carries (SPEC section 10 step 5); the joiner accepts it (issue 23)
    assert (o.body.kind, o.body.track, o.body.settings, o.body.players) == (
        r.body.kind, r.body.track, r.body.settings, len(r.body.seats))
    assert a.body.accept == 1 and a.envelope.sender == UNSEATED
    assert h.envelope.game == bytes(32) and c.body.pubkey == host.public_key
    game = c.envelope.game
    *_, msg_a, msg_b, _, K = spec_spake2(v["code"], game, host.public_key, joiner.public_key,
                                         bytes.fromhex(v["joiner_pake_seed"]), bytes.fromhex(v["host_pake_seed"]))
    assert c.body.pake == msg_b and j.body.pake == msg_a and K.hex() == v["key"]
    args = (game, host.public_key, c.body.nonce, joiner.public_key, h.body.nonce, msg_a, msg_b)
    assert j.body.tag == spec_tag(K, "joiner", *args) and wl.body.tag == spec_tag(K, "host", *args)
    assert wl.body.seat == 1 and r.body.seats[1].pubkey == joiner.public_key and r.body.seats[0].pubkey == host.public_key
    # the stranger's wrong code: its tag is not the one the right code gives; the host refuses
    s = v["wrong_code"]
    stranger = Identity.from_seed(bytes.fromhex(s["stranger_seed"]))
    sh, sc, sj, refuse = s["exchange"]
    check_entry(sh, stranger.public_key), check_entry(sc, host.public_key)
    assert check_entry(sj, stranger.public_key).body.pake[:1] == b"A"
    assert check_entry(refuse, host.public_key).body.reason == "wrong join code"


def test_the_link_vector():
    from snowp2p.protocol.crypto import h as tagged

    v = load("link.json")
    hh = bytes.fromhex(v["handshake_hash"])
    nd, na = tagged("snowp2p/link-binding/v2", "dialer", hh), tagged("snowp2p/link-binding/v2", "acceptor", hh)
    assert (nd.hex(), na.hex()) == (v["dialer_nonce"], v["acceptor_nonce"])
    dialer = Identity.from_seed(bytes.fromhex(v["links"][0]["signer_seed"]))
    dialed = Identity.from_seed(bytes.fromhex(v["links"][1]["signer_seed"]))
    l1, l2, l3 = (check_entry(e, k.public_key) for e, k in zip(v["links"], (dialer, dialed, dialer), strict=True))
    assert (l1.body.seat, l1.body.nonce, l1.body.echo) == (2, nd, bytes(32))
    assert (l2.body.seat, l2.body.nonce, l2.body.echo) == (1, na, nd)
    assert (l3.body.seat, l3.body.nonce, l3.body.echo) == (2, nd, na)
    for e in v["links"]:  # each rides in one channel record: u32be(len) || ciphertext (16-byte tag)
        rec = bytes.fromhex(e["record"])
        assert int.from_bytes(rec[:4], "big") == len(rec) - 4 == len(bytes.fromhex(e["frame"])) + 16


@pytest.mark.parametrize("kind", ["evidence", "absent", "vote", "bye"])
def test_one_vector_of_each_message_kind(kind):
    v = load("kinds.json")
    entries = {e["type"]: e for e in v["messages"]}
    msg = check_entry(entries[kind], bytes.fromhex(v["signer_public_key"]))
    if kind == "evidence":
        a, b = (decode_signed(f) for f in msg.body.frames)
        a.verify(bytes.fromhex(v["seat1_public_key"]))
        assert (a.sender, a.seq) == (b.sender, b.seq) and a.payload != b.payload  # proof of equivocation
    chain = v["messages"]
    assert all(chain[k + 1]["prev"] == chain[k]["digest"] for k in range(len(chain) - 1))
    assert fingerprint(bytes.fromhex(v["signer_public_key"]))

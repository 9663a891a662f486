"""protocol/vectors/watch.json (SPEC section 17): a spectator's admission, checked from the vector's bytes as
another implementation would: the watch's digest is the Noise prologue's binding, the channel's acceptor
nonce is the challenge's nonce, the SPAKE2 of section 10 gives both sides the key and both tags check, every
record decrypts to its frame, and a wrong code's tag fails.  (make_vectors.py --check, run by
test_protocol_vectors.py, pins the bytes themselves.)"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from snowp2p.net import secure
from snowp2p.protocol.crypto import encode_parts
from snowp2p.protocol.errors import JoinCodeError
from snowp2p.protocol.joincode import JoinTranscript, PakeSide
from snowp2p.protocol.messages import decode_signed

V = json.loads((Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "watch.json").read_text())


def msg(entry):
    return decode_signed(bytes.fromhex(entry["payload"]))


def test_watch_vector_admission():
    watch = msg(V["watch"])
    watch.verify(watch.body.pubkey)
    assert watch.type == "watch" and watch.envelope.game == bytes(32)
    assert watch.digest.hex() == V["watch_digest"]
    assert encode_parts(secure.WATCH_LABEL, watch.digest).hex() == V["prologue"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = secure._noise(True, watch.digest, bytes.fromhex(V["dialer_ephemeral"]), secure.WATCH_LABEL)
        a = secure._noise(False, watch.digest, bytes.fromhex(V["acceptor_ephemeral"]), secure.WATCH_LABEL)
    assert d.write_message().hex() == V["message1"]
    a.read_message(bytes.fromhex(V["message1"]))
    assert a.write_message().hex() == V["message2"]
    d.read_message(bytes.fromhex(V["message2"]))
    hh = bytes(d.get_handshake_hash())
    assert hh.hex() == V["handshake_hash"]
    nd, na = secure._nonces(hh)
    assert (nd.hex(), na.hex()) == (V["dialer_nonce"], V["acceptor_nonce"])
    steps = V["in_channel"]
    for e in steps:  # each record opens, with the receiver's channel, to its frame
        rec = bytes.fromhex(e["record"])
        dst = d if e["from"] == "host" else a
        assert dst.decrypt(rec[4:]) == bytes.fromhex(e["frame"])
    ch, join, ok, roster, seen = (msg(e) for e in steps)
    assert [m.type for m in (ch, join, ok, roster, seen)] == ["challenge", "join", "watching", "roster", "seen"]
    ch.verify(ch.body.pubkey)
    assert ch.body.nonce == na  # bound to this channel
    game = ch.envelope.game
    t = JoinTranscript(game, ch.body.pubkey, na, watch.body.pubkey, watch.body.nonce)
    spec = PakeSide("joiner", V["code"], t, bytes.fromhex(V["spectator_pake_seed"]))
    host = PakeSide("host", V["code"], t, bytes.fromhex(V["host_pake_seed"]))
    assert spec.message == join.body.pake and host.message == ch.body.pake
    assert spec.finish(ch.body.pake).hex() == V["key"] == host.finish(join.body.pake).hex()
    host.check(join.body.tag)
    spec.check(ok.body.tag)
    roster.verify(ch.body.pubkey)
    assert seen.body.count == 1
    audience = msg(V["audience"])
    audience.verify(ch.body.pubkey)
    assert audience.type == "audience" and audience.body.count == 1 and audience.envelope.game == game


def test_watch_vector_wrong_code_is_refused():
    w = V["wrong_code"]
    watch = msg(V["watch"])
    ch, join, refuse = (msg(e) for e in w["exchange"])
    t = JoinTranscript(ch.envelope.game, ch.body.pubkey, ch.body.nonce, watch.body.pubkey, watch.body.nonce)
    host = PakeSide("host", V["code"], t, bytes.fromhex(w["host_pake_seed"]))
    host.finish(join.body.pake)
    with pytest.raises(JoinCodeError):
        host.check(join.body.tag)
    assert refuse.body.reason == "wrong join code"

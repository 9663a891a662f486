"""The implementation reproduces protocol/vectors/*.json exactly, and the
key algorithms match an independent re-implementation written from SPEC.md
using hashlib only (so the vectors pin the spec, not just the code)."""

import hashlib
import hmac
import io
import json
from pathlib import Path

import pytest

from snowp2p.protocol.crypto import Identity, fingerprint, h, verify
from snowp2p.protocol.framing import FrameDecoder, encode_frame
from snowp2p.protocol.joincode import JoinTranscript, PakeSide, make_code, pake_ids
from snowp2p.protocol.log import LogWriter, read_log
from snowp2p.protocol.messages import BODY_TYPES, Envelope, decode_signed, encode_signed
from snowp2p.protocol.randomness import Rand, chain_reveal, event_randomness, make_hash_chain
from snowp2p.protocol.slots import check_opening, commit_slot, layout_commitments, layout_deck

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors"


def load(name):
    return json.loads((VECTORS / name).read_text())


def unhex(x):
    return bytes.fromhex(x)


def from_json(obj):
    if isinstance(obj, dict):
        if set(obj) == {"hex"}:
            return unhex(obj["hex"])
        return {k: from_json(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [from_json(x) for x in obj]
    return obj


# --- independent implementations, from the SPEC text only ---------------------------


def spec_parts(*parts):
    out = b""
    for p in parts:
        b = p.encode() if isinstance(p, str) else p.to_bytes(8, "big") if isinstance(p, int) else p
        out += len(b).to_bytes(4, "big") + b
    return out


def spec_h(tag, *parts):
    return hashlib.sha256(spec_parts(tag, *parts)).digest()


class SpecRand:
    def __init__(self, seed):
        self.seed, self.stream = seed, b""
        self.counter = 0

    def u64(self):
        if not self.stream:
            self.stream = spec_h("snowp2p/rand/v1", self.seed, self.counter)
            self.counter += 1
        w, self.stream = self.stream[:8], self.stream[8:]
        return int.from_bytes(w, "big")

    def below(self, n):
        limit = 2**64 - 2**64 % n
        while (x := self.u64()) >= limit:
            pass
        return x % n


# --- vectors -----------------------------------------------------------------------


def test_vector_files_are_up_to_date():
    import runpy

    module = runpy.run_path(str(VECTORS / "make_vectors.py"), run_name="vectors")
    assert module["main"](["--check"]) == 0


def test_identity_vectors():
    for v in load("identity.json")["identities"]:
        ident = Identity.from_seed(unhex(v["seed"]))
        assert ident.public_key.hex() == v["public_key"]
        assert ident.fingerprint == v["fingerprint"] == fingerprint(ident.public_key)
        assert ident.sign(unhex(v["message"])).hex() == v["signature"]
        verify(ident.public_key, unhex(v["message"]), unhex(v["signature"]))


def test_hash_vectors():
    for v in load("hash.json")["hashes"]:
        parts = [unhex(p["bytes"]) if "bytes" in p else p.get("int", p.get("str")) for p in v["parts"]]
        assert h(v["tag"], *parts).hex() == v["digest"] == spec_h(v["tag"], *parts).hex()


@pytest.mark.parametrize("index", range(3))
def test_message_vectors(index):
    v = load("message.json")["messages"][index]
    body = BODY_TYPES[v["type"]](**from_json(v["body"]))
    env = Envelope(unhex(v["game"]), v["sender"], v["seq"], unhex(v["prev"]), body)
    ident = Identity.from_seed(unhex(v["signer_seed"]))
    payload = encode_signed(ident, env)
    assert payload.hex() == v["payload"]
    assert encode_frame(payload).hex() == v["frame"]
    assert FrameDecoder().feed(unhex(v["frame"])) == [payload]
    msg = decode_signed(unhex(v["payload"]))
    assert msg.envelope == env
    assert msg.envelope_bytes.hex() == v["envelope_bytes"]
    assert msg.signature.hex() == v["signature"]
    assert msg.digest.hex() == v["digest"] == spec_h("snowp2p/msg/v1", msg.envelope_bytes).hex()
    msg.verify(ident.public_key)


def test_message_vectors_are_chained():
    a, b, _ = load("message.json")["messages"]
    assert b["prev"] == a["digest"] and b["seq"] == a["seq"] + 1


def test_hash_chain_vectors():
    v = load("hash_chain.json")
    game, seed = unhex(v["game_id"]), unhex(v["seed"])
    links = make_hash_chain(seed, v["n"], game_id=game, seat=v["seat"])
    assert [x.hex() for x in links] == v["links"]
    assert links[-1].hex() == v["tip"]
    assert [chain_reveal(links, e).hex() for e in range(v["n"])] == v["reveals"]
    x = seed
    for _ in range(v["n"]):
        x = spec_h("snowp2p/chain/v1", game, v["seat"], x)
    assert x.hex() == v["tip"]


def test_event_randomness_vectors():
    v = load("event_randomness.json")
    reveals = {int(k): unhex(x) for k, x in v["reveals"].items()}
    assert event_randomness(v["event"], reveals).hex() == v["randomness"]
    parts = [v["event"]]
    for seat in sorted(reveals):
        parts += [seat, reveals[seat]]
    assert spec_h("snowp2p/event/v1", *parts).hex() == v["randomness"]


def test_rand_vectors():
    v = load("rand.json")
    seed = unhex(v["seed"])
    r, s = Rand(seed), SpecRand(seed)
    assert [str(r.next_u64()) for _ in v["u64"]] == v["u64"] == [str(s.u64()) for _ in v["u64"]]
    r, s = Rand(seed), SpecRand(seed)
    assert [r.below(6) for _ in range(20)] == v["below_6"] == [s.below(6) for _ in range(20)]
    r, s = Rand(seed), SpecRand(seed)
    big = 2**63 + 1
    assert [str(r.below(big)) for _ in range(10)] == v["below_2_63_plus_1"]
    assert [str(s.below(big)) for _ in range(10)] == v["below_2_63_plus_1"]
    assert Rand(seed).shuffled(list(range(20))) == v["shuffle_0_19"]
    s, items = SpecRand(seed), list(range(20))
    for i in range(19, 0, -1):
        j = s.below(i + 1)
        items[i], items[j] = items[j], items[i]
    assert items == v["shuffle_0_19"]
    r = Rand(seed)
    assert [str(r.below(int(n))) for n in v["below_mixed"]["n"]] == v["below_mixed"]["values"]
    derived = Rand(seed).derive(v["derive_label"]).next_u64()
    assert str(derived) == v["derive_first_u64"]
    assert str(SpecRand(spec_h("snowp2p/rand-derive/v1", seed, v["derive_label"])).u64()) == v["derive_first_u64"]


def test_slot_vectors():
    v = load("slots.json")
    game = unhex(v["game_id"])
    s = v["single"]
    c = commit_slot(game, s["player"], s["generation"], s["slot"], s["value"], unhex(s["salt"]))
    assert c.hex() == s["commitment"]
    spec_c = spec_h("snowp2p/slot/v1", game, s["player"], s["generation"], s["slot"], s["value"], unhex(s["salt"]))
    assert spec_c == c
    check_opening(c, game, s["player"], s["generation"], s["slot"], s["value"], unhex(s["salt"]))
    lay = v["layout"]
    layout = layout_deck(lay["values"], unhex(lay["secret"]))
    assert [{"slot": x.slot, "value": x.value, "salt": x.salt.hex()} for x in layout] == lay["slots"]
    commits = layout_commitments(game, lay["player"], lay["generation"], layout)
    assert [x.hex() for x in commits] == lay["commitments"]


def test_joincode_vectors():
    v = load("joincode.json")
    assert make_code(unhex(v["rand_bytes"])) == v["code"]
    t = JoinTranscript(*(unhex(v[k]) for k in ("game_id", "host_pubkey", "host_nonce", "joiner_pubkey", "joiner_nonce")))
    id_a, id_b = pake_ids(t.game_id, t.host_pubkey, t.joiner_pubkey)
    assert (id_a.hex(), id_b.hex()) == (v["idA"], v["idB"])
    assert id_a == spec_parts("snowp2p/join-pake/v2", "joiner", t.game_id, t.joiner_pubkey, t.host_pubkey)
    host = PakeSide("host", v["code"], t, unhex(v["host_seed"]))
    joiner = PakeSide("joiner", v["code"], t, unhex(v["joiner_seed"]))
    assert (host.message.hex(), joiner.message.hex()) == (v["host_message"], v["joiner_message"])
    assert joiner.finish(host.message).hex() == host.finish(joiner.message).hex() == v["key"]
    assert joiner.my_tag().hex() == v["joiner_tag"] and host.my_tag().hex() == v["host_tag"]
    # the tag as SPEC section 10 writes it, from the key and the messages alone
    spec_tag = hmac.new(unhex(v["key"]), spec_parts("snowp2p/join/v2", "joiner", t.game_id, t.host_pubkey, t.host_nonce,
                        t.joiner_pubkey, t.joiner_nonce, joiner.message, host.message), hashlib.sha256).hexdigest()
    assert spec_tag == v["joiner_tag"]


def test_channel_vectors():
    from snowp2p.net.secure import channel_vector

    v = load("channel.json")
    got = channel_vector(unhex(v["game_id"]), unhex(v["dialer_ephemeral"]), unhex(v["acceptor_ephemeral"]),
                         (unhex(v["plaintext_dialer_to_acceptor"]), unhex(v["plaintext_acceptor_to_dialer"])))
    assert {k: x.hex() for k, x in got.items()} == {k: v[k] for k in got}
    hh = unhex(v["handshake_hash"])
    assert v["dialer_nonce"] == spec_h("snowp2p/link-binding/v2", "dialer", hh).hex()


def test_log_vectors():
    v = load("log.json")
    records = [unhex(r) for r in v["records"]]
    f = io.BytesIO()
    w = LogWriter(f)
    for r in records:
        w.append(r)
    assert f.getvalue().hex() == v["file"]
    assert read_log(io.BytesIO(unhex(v["file"]))).records == records

"""Generate the protocol test vectors (deterministic: every input is fixed).

    python protocol/vectors/make_vectors.py           # (re)write the *.json files
    python protocol/vectors/make_vectors.py --check   # exit 1 if any file differs

JSON conventions: byte strings are lowercase hex strings; inside message
bodies (where strings also occur) bytes are written ``{"hex": "..."}``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from snowp2p.games import find_game  # noqa: E402
from snowp2p.protocol.crypto import Identity, h  # noqa: E402
from snowp2p.protocol.framing import encode_frame  # noqa: E402
from snowp2p.protocol.errors import JoinCodeError  # noqa: E402
from snowp2p.protocol.joincode import JoinTranscript, PakeSide, make_code, pake_ids, rematch_code  # noqa: E402
from snowp2p.protocol.roster import roster_body  # noqa: E402
from snowp2p.protocol.session import Evidence, Link  # noqa: E402
from snowp2p.games.sled.config import SledRules  # noqa: E402
from snowp2p.games.sled.track import find_track  # noqa: E402
from snowp2p.net.secure import channel_vector  # noqa: E402
from snowp2p.protocol.log import MAGIC, encode_record  # noqa: E402
from snowp2p.protocol.messages import (  # noqa: E402
    HOST_SEAT,
    UNSEATED,
    ZERO_HASH,
    Absent,
    Bye,
    Challenge,
    Hello,
    Join,
    Refuse,
    Offer,
    Answer,
    Vote,
    Welcome,
    CommitChain,
    Envelope,
    Move,
    Opening,
    Roster,
    Seat,
    to_wire,
    decode_signed,
    encode_signed,
)
from snowp2p.protocol.randomness import (  # noqa: E402
    Rand,
    chain_reveal,
    event_randomness,
    make_hash_chain,
)
from snowp2p.protocol.slots import commit_slot, layout_commitments, layout_deck  # noqa: E402


def fixed(label: str) -> bytes:
    """A fixed 32-byte input: SHA-256 of a label."""
    return hashlib.sha256(label.encode()).digest()


def to_json(obj: Any) -> Any:
    """Body wire form -> JSON (bytes as {"hex": ...})."""
    if isinstance(obj, bytes):
        return {"hex": obj.hex()}
    if isinstance(obj, dict):
        return {k: to_json(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [to_json(x) for x in obj]
    return obj


GAME_ID = fixed("vector game id")


def identity_vectors() -> dict:
    out = []
    for i in range(2):
        seed = fixed(f"vector identity {i}")
        ident = Identity.from_seed(seed)
        msg = b"snowp2p test message"
        out.append({
            "seed": seed.hex(),
            "public_key": ident.public_key.hex(),
            "fingerprint": ident.fingerprint,
            "message": msg.hex(),
            "signature": ident.sign(msg).hex(),
        })
    return {"identities": out}


def hash_vectors() -> dict:
    cases = [
        ("snowp2p/test/v1", []),
        ("snowp2p/test/v1", [{"bytes": ""}, {"bytes": "00ff"}]),
        ("snowp2p/test/v1", [{"int": 0}, {"int": 2**64 - 1}, {"str": "husky"}]),
    ]
    out = []
    for tag, parts in cases:
        py = [bytes.fromhex(p["bytes"]) if "bytes" in p else p.get("int", p.get("str")) for p in parts]
        out.append({"tag": tag, "parts": parts, "digest": h(tag, *py).hex()})
    return {"hashes": out}


def message_vectors() -> dict:
    host = Identity.from_seed(fixed("vector identity 0"))
    guest = Identity.from_seed(fixed("vector identity 1"))
    roster = Roster(
        kind="snowtails",
        track={"name": "Tundra Loop", "lanes": 5},
        settings={"laps": 2, "advanced": False},
        seats=(
            Seat("Ann", host.public_key, "192.168.1.5", 4567),
            Seat("Bo", guest.public_key, "192.168.1.6", 4567),
        ),
    )
    envs = [(host, Envelope(GAME_ID, 0, 0, ZERO_HASH, roster))]
    first = decode_signed(encode_signed(host, envs[0][1]))
    envs.append((host, Envelope(GAME_ID, 0, 1, first.digest, CommitChain(fixed("tip"), 64, first.digest))))
    move = Move(
        turn=3,
        action={"card": 2, "lane": "left", "cards": [1, 4]},
        openings=(Opening(0, 7, 4, fixed("salt")),),
        preimage=fixed("preimage of event 3"),
        state=fixed("state after turn 2"),
        sections={"board": fixed("board"), "move": fixed("move 2"), "seat.0": fixed("seat 0"),
                  "seat.1": fixed("seat 1"), "turn": fixed("turn")},
    )
    envs.append((guest, Envelope(GAME_ID, 1, 0, ZERO_HASH, move)))
    return {"messages": [signed_entry(ident, env) for ident, env in envs]}


def signed_entry(ident: Identity, env: Envelope) -> dict:
    """One signed message as the vectors give it: envelope fields, body, bytes, payload, frame, digest."""
    payload = encode_signed(ident, env)
    msg = decode_signed(payload)
    return {
        "signer_seed": ident.to_bytes().hex(),
        "game": env.game.hex(),
        "sender": env.sender,
        "seq": env.seq,
        "prev": env.prev.hex(),
        "type": env.type,
        "body": to_json(to_wire(env.body)),
        "envelope_bytes": msg.envelope_bytes.hex(),
        "signature": msg.signature.hex(),
        "payload": payload.hex(),
        "frame": encode_frame(payload).hex(),
        "digest": msg.digest.hex(),
    }


def chain_vectors() -> dict:
    seed = fixed("vector chain seed")
    links = make_hash_chain(seed, 8, game_id=GAME_ID, seat=2)
    return {
        "game_id": GAME_ID.hex(),
        "seat": 2,
        "seed": seed.hex(),
        "n": 8,
        "links": [x.hex() for x in links],
        "tip": links[-1].hex(),
        "reveals": [chain_reveal(links, e).hex() for e in range(8)],
    }


def event_vectors() -> dict:
    reveals = {3: fixed("reveal 3"), 0: fixed("reveal 0"), 1: fixed("reveal 1")}
    return {
        "event": 5,
        "reveals": {str(k): v.hex() for k, v in reveals.items()},
        "randomness": event_randomness(5, reveals).hex(),
    }


def rand_vectors() -> dict:
    seed = fixed("vector rand seed")
    r = Rand(seed)
    u64 = [r.next_u64() for _ in range(6)]
    r = Rand(seed)
    below6 = [r.below(6) for _ in range(20)]
    r = Rand(seed)
    below_big = [str(r.below(2**63 + 1)) for _ in range(10)]
    r = Rand(seed)
    shuffle = r.shuffled(list(range(20)))
    mixed = Rand(seed)
    mixed_out = [mixed.below(n) for n in (1, 2, 3, 52, 1000, 2**32, 2**64)]
    return {
        "seed": seed.hex(),
        "u64": [str(x) for x in u64],
        "below_6": below6,
        "below_2_63_plus_1": below_big,
        "shuffle_0_19": shuffle,
        "below_mixed": {"n": ["1", "2", "3", "52", "1000", str(2**32), str(2**64)],
                        "values": [str(x) for x in mixed_out]},
        "derive_label": "deck",
        "derive_first_u64": str(Rand(seed).derive("deck").next_u64()),
    }


def slot_vectors() -> dict:
    salt = fixed("vector slot salt")
    secret = fixed("vector layout secret")
    values = [1, 1, 2, 2, 3, 4, 5, 5]
    layout = layout_deck(values, secret)
    return {
        "game_id": GAME_ID.hex(),
        "single": {
            "player": 1, "generation": 0, "slot": 7, "value": 4, "salt": salt.hex(),
            "commitment": commit_slot(GAME_ID, 1, 0, 7, 4, salt).hex(),
        },
        "layout": {
            "player": 1, "generation": 2, "values": values, "secret": secret.hex(),
            "slots": [{"slot": s.slot, "value": s.value, "salt": s.salt.hex()} for s in layout],
            "commitments": [c.hex() for c in layout_commitments(GAME_ID, 1, 2, layout)],
        },
    }


def joincode_vectors() -> dict:
    rand_bytes = fixed("vector code bytes")
    code = make_code(rand_bytes)
    t = JoinTranscript(
        GAME_ID,
        Identity.from_seed(fixed("vector identity 0")).public_key,
        fixed("host nonce"),
        Identity.from_seed(fixed("vector identity 1")).public_key,
        fixed("joiner nonce"),
    )
    # SPAKE2 is randomized: the vector fixes each side's seed (PakeSide's entropy), so every byte is fixed
    host = PakeSide("host", code, t, fixed("vector host pake seed"))
    joiner = PakeSide("joiner", code, t, fixed("vector joiner pake seed"))
    key = joiner.finish(host.message)
    assert host.finish(joiner.message) == key
    id_a, id_b = pake_ids(t.game_id, t.host_pubkey, t.joiner_pubkey)
    return {
        **spake2_internals(code, joiner, host),
        "rand_bytes": rand_bytes.hex(),
        "code": code,
        "game_id": GAME_ID.hex(),
        "host_pubkey": t.host_pubkey.hex(),
        "host_nonce": t.host_nonce.hex(),
        "joiner_pubkey": t.joiner_pubkey.hex(),
        "joiner_nonce": t.joiner_nonce.hex(),
        "idA": id_a.hex(),
        "idB": id_b.hex(),
        "host_seed": fixed("vector host pake seed").hex(),
        "joiner_seed": fixed("vector joiner pake seed").hex(),
        "host_message": host.message.hex(),
        "joiner_message": joiner.message.hex(),
        "key": key.hex(),
        "joiner_tag": joiner.my_tag().hex(),
        "host_tag": host.my_tag().hex(),
    }


def _scalar(n: int) -> str:
    return n.to_bytes(32, "big").hex()


def spake2_internals(code: str, joiner: PakeSide, host: PakeSide) -> dict:
    """What SPEC section 10 computes, from the spake2 package's own objects: M, N, the password scalar,
    both secret scalars (32-byte big-endian), the shared point Z."""
    from spake2.parameters.ed25519 import ParamsEd25519 as P

    a, b = joiner._spake, host._spake
    z = P.group.bytes_to_element(b.outbound_message).add(P.N.scalarmult(-a.pw_scalar)).scalarmult(a.xy_scalar)
    z2 = P.group.bytes_to_element(a.outbound_message).add(P.M.scalarmult(-b.pw_scalar)).scalarmult(b.xy_scalar)
    assert z.to_bytes() == z2.to_bytes()
    return {"M": P.M.to_bytes().hex(), "N": P.N.to_bytes().hex(), "password": code,
            "password_scalar": _scalar(a.pw_scalar), "joiner_scalar": _scalar(a.xy_scalar),
            "host_scalar": _scalar(b.xy_scalar), "Z": z.to_bytes().hex()}


def wrong_code(code: str, t: JoinTranscript, host_seed: str, joiner_seed: str) -> tuple[str, PakeSide, PakeSide]:
    """A joiner (or spectator) with another code than the host's: the code it used and both finished sides
    (the host's check of its tag fails)."""
    wrong = "1-husky-husky" if code != "1-husky-husky" else "2-husky-husky"
    h2 = PakeSide("host", code, t, fixed(host_seed))
    s2 = PakeSide("joiner", wrong, t, fixed(joiner_seed))
    s2.finish(h2.message)
    h2.finish(s2.message)
    try:
        h2.check(s2.my_tag())
        raise AssertionError("a wrong code passed")
    except JoinCodeError:
        pass
    return wrong, h2, s2


def lobby_vectors() -> dict:
    """A whole lobby exchange (SPEC section 10) between fixed identities, and a wrong code's refusal."""
    host = Identity.from_seed(fixed("vector identity 0"))
    joiner = Identity.from_seed(fixed("vector identity 1"))
    stranger = Identity.from_seed(fixed("vector identity 2"))
    code = make_code(fixed("vector lobby code bytes"))
    host_nonce, joiner_nonce = fixed("vector lobby host nonce"), fixed("vector lobby joiner nonce")
    hello = Envelope(ZERO_HASH, UNSEATED, 0, ZERO_HASH, Hello("Bo", joiner.public_key, joiner_nonce, 47471))
    t = JoinTranscript(GAME_ID, host.public_key, host_nonce, joiner.public_key, joiner_nonce)
    hside = PakeSide("host", code, t, fixed("vector lobby host pake seed"))
    jside = PakeSide("joiner", code, t, fixed("vector lobby joiner pake seed"))
    challenge = Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Challenge(host.public_key, host_nonce, "mush",
                                                                     hside.message))
    jside.finish(hside.message)
    join = Envelope(GAME_ID, UNSEATED, 0, ZERO_HASH, Join(jside.message, jside.my_tag()))
    hside.finish(jside.message)
    hside.check(jside.my_tag())
    welcome = Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Welcome(1, hside.my_tag()))
    jside.check(hside.my_tag())
    body = roster_body(find_game("mush"), find_track("village", "mush"), SledRules(game="mush"),
                       (Seat("Ann", host.public_key, "192.168.1.5", 47470),
                        Seat("Bo", joiner.public_key, "192.168.1.6", 47471)))
    roster = Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, body)
    # after the welcome, the host offers the game (the seats so far) and the joiner accepts it (issue 23)
    offer = Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Offer(body.kind, body.track, body.settings, body.seats, 2))
    answer = Envelope(GAME_ID, UNSEATED, 0, ZERO_HASH, Answer(1))
    # a stranger with another code: its join is refused
    s_nonce = fixed("vector lobby stranger nonce")
    t2 = JoinTranscript(GAME_ID, host.public_key, fixed("vector lobby host nonce 2"), stranger.public_key, s_nonce)
    wrong, h2, s2 = wrong_code(code, t2, "vector lobby host pake seed 2", "vector lobby stranger pake seed")
    return {
        "code": code, "code_rand_bytes": fixed("vector lobby code bytes").hex(),
        "host_seed": fixed("vector identity 0").hex(), "joiner_seed": fixed("vector identity 1").hex(),
        "host_pake_seed": fixed("vector lobby host pake seed").hex(),
        "joiner_pake_seed": fixed("vector lobby joiner pake seed").hex(),
        "spake2": spake2_internals(code, jside, hside), "key": jside.key.hex(),
        "exchange": [signed_entry(joiner, hello), signed_entry(host, challenge), signed_entry(joiner, join),
                     signed_entry(host, welcome), signed_entry(host, offer), signed_entry(joiner, answer),
                     signed_entry(host, roster)],
        "wrong_code": {
            "code_used": wrong, "stranger_seed": fixed("vector identity 2").hex(),
            "host_pake_seed": fixed("vector lobby host pake seed 2").hex(),
            "stranger_pake_seed": fixed("vector lobby stranger pake seed").hex(),
            "exchange": [
                signed_entry(stranger, Envelope(ZERO_HASH, UNSEATED, 0, ZERO_HASH,
                                                Hello("Eve", stranger.public_key, s_nonce, 47472))),
                signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH,
                                            Challenge(host.public_key, t2.host_nonce, "mush", h2.message))),
                signed_entry(stranger, Envelope(GAME_ID, UNSEATED, 0, ZERO_HASH, Join(s2.message, s2.my_tag()))),
                signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Refuse("wrong join code"))),
            ],
        },
    }


def link_vectors() -> dict:
    """A mesh link (SPEC section 11.1): seat 2 dials seat 1; the Noise handshake, then three link frames."""
    dialer = Identity.from_seed(fixed("vector identity 2"))
    dialed = Identity.from_seed(fixed("vector identity 1"))
    de, ae = fixed("vector link dialer ephemeral"), fixed("vector link acceptor ephemeral")
    first = channel_vector(GAME_ID, de, ae, (b"x", b"y"))
    nd, na = first["dialer_nonce"], first["acceptor_nonce"]
    links = [(dialer, Envelope(GAME_ID, 2, 0, ZERO_HASH, Link(2, 5, nd, ZERO_HASH))),
             (dialed, Envelope(GAME_ID, 1, 0, ZERO_HASH, Link(1, 7, na, nd))),
             (dialer, Envelope(GAME_ID, 2, 0, ZERO_HASH, Link(2, 5, nd, na)))]
    entries = [signed_entry(i, e) for i, e in links]
    frames = [bytes.fromhex(e["frame"]) for e in entries]
    v = channel_vector(GAME_ID, de, ae, (frames[0], frames[1]), more=(frames[2],))
    assert v["handshake_hash"] == first["handshake_hash"]
    records = [v["record_dialer_to_acceptor"], v["record_acceptor_to_dialer"], v["more"][0]]
    for e, r in zip(entries, records, strict=True):
        e["record"] = r.hex()
    return {"game_id": GAME_ID.hex(), "dialer_seat": 2, "dialed_seat": 1,
            "dialer_ephemeral": de.hex(), "acceptor_ephemeral": ae.hex(),
            "prologue": v["prologue"].hex(), "message1": v["message1"].hex(), "message2": v["message2"].hex(),
            "handshake_hash": v["handshake_hash"].hex(), "dialer_nonce": nd.hex(), "acceptor_nonce": na.hex(),
            "links": entries}


def watch_vectors() -> dict:
    """A spectator's admission and first records (SPEC section 17): the plain watch, the Noise handshake (its
    prologue binds the watch), then inside the channel the challenge (nonce = the acceptor's channel nonce),
    join, watching, the host's record 0 (its roster), the spectator's seen, and the host's audience note on a
    mesh link; and a wrong code's refusal inside the channel."""
    from snowp2p.net import secure
    from snowp2p.protocol.messages import Audience, Seen, Watch, Watching, decode_signed

    host = Identity.from_seed(fixed("vector identity 0"))
    spec = Identity.from_seed(fixed("vector identity 3"))
    code = make_code(fixed("vector lobby code bytes"))
    s_nonce = fixed("vector watch spectator nonce")
    watch = signed_entry(spec, Envelope(ZERO_HASH, UNSEATED, 0, ZERO_HASH, Watch("Cy", spec.public_key, s_nonce)))
    bound = decode_signed(bytes.fromhex(watch["payload"])).digest
    de, ae = fixed("vector watch dialer ephemeral"), fixed("vector watch acceptor ephemeral")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = secure._noise(True, bound, de, secure.WATCH_LABEL)
        a = secure._noise(False, bound, ae, secure.WATCH_LABEL)
    m1 = d.write_message()
    a.read_message(m1)
    m2 = a.write_message()
    d.read_message(m2)
    hh = bytes(d.get_handshake_hash())
    nd, na = secure._nonces(hh)
    t = JoinTranscript(GAME_ID, host.public_key, na, spec.public_key, s_nonce)
    hside = PakeSide("host", code, t, fixed("vector watch host pake seed"))
    sside = PakeSide("joiner", code, t, fixed("vector watch spectator pake seed"))
    sside.finish(hside.message)
    hside.finish(sside.message)
    hside.check(sside.my_tag())
    sside.check(hside.my_tag())
    body = roster_body(find_game("mush"), find_track("village", "mush"), SledRules(game="mush"),
                       (Seat("Ann", host.public_key, "192.168.1.5", 47470),
                        Seat("Bo", Identity.from_seed(fixed("vector identity 1")).public_key, "192.168.1.6", 47471)))
    steps = [
        ("host", signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH,
                                             Challenge(host.public_key, na, "mush", hside.message)))),
        ("spectator", signed_entry(spec, Envelope(GAME_ID, UNSEATED, 0, ZERO_HASH, Join(sside.message, sside.my_tag())))),
        ("host", signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Watching(hside.my_tag())))),
        ("host", signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, body))),
        ("spectator", signed_entry(spec, Envelope(GAME_ID, UNSEATED, 0, ZERO_HASH, Seen(1)))),
    ]
    for who, e in steps:
        e["from"] = who
        src, dst = (a, d) if who == "host" else (d, a)
        ct = src.encrypt(bytes.fromhex(e["frame"]))
        assert dst.decrypt(ct) == bytes.fromhex(e["frame"])
        e["record"] = (len(ct).to_bytes(4, "big") + ct).hex()
    # a spectator with another code: the host refuses it inside the channel
    t2 = JoinTranscript(GAME_ID, host.public_key, fixed("vector watch acceptor nonce 2"), spec.public_key, s_nonce)
    wrong, h2, s2 = wrong_code(code, t2, "vector watch host pake seed 2", "vector watch spectator pake seed 2")
    return {
        "code": code, "host_seed": fixed("vector identity 0").hex(), "spectator_seed": fixed("vector identity 3").hex(),
        "watch": watch, "watch_digest": bound.hex(),
        "dialer_ephemeral": de.hex(), "acceptor_ephemeral": ae.hex(),
        "prologue": encode_parts_hex(secure.WATCH_LABEL, bound), "message1": m1.hex(), "message2": m2.hex(),
        "handshake_hash": hh.hex(), "dialer_nonce": nd.hex(), "acceptor_nonce": na.hex(),
        "host_pake_seed": fixed("vector watch host pake seed").hex(),
        "spectator_pake_seed": fixed("vector watch spectator pake seed").hex(), "key": sside.key.hex(),
        "in_channel": [e for _, e in steps],
        "audience": signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Audience(1))),
        "wrong_code": {
            "code_used": wrong, "acceptor_nonce": t2.host_nonce.hex(),
            "host_pake_seed": fixed("vector watch host pake seed 2").hex(),
            "spectator_pake_seed": fixed("vector watch spectator pake seed 2").hex(),
            "exchange": [
                signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH,
                                            Challenge(host.public_key, t2.host_nonce, "mush", h2.message))),
                signed_entry(spec, Envelope(GAME_ID, UNSEATED, 0, ZERO_HASH, Join(s2.message, s2.my_tag()))),
                signed_entry(host, Envelope(GAME_ID, HOST_SEAT, 0, ZERO_HASH, Refuse("wrong join code"))),
            ],
        },
    }


def encode_parts_hex(*parts) -> str:
    from snowp2p.protocol.crypto import encode_parts

    return encode_parts(*parts).hex()


def kinds_vectors() -> dict:
    """One signed example of each message kind outside a turn (evidence, absent, vote, bye): seat 0's
    messages seq 5.. of a game, chained; the evidence holds two of seat 1's (a move and a reveal)."""
    seat0 = Identity.from_seed(fixed("vector identity 0"))
    seat1 = Identity.from_seed(fixed("vector identity 1"))
    m1 = encode_signed(seat1, Envelope(GAME_ID, 1, 3, fixed("vector seat 1 seq 2"),
                                       Move(turn=2, action={"lane": 1}, openings=(), preimage=fixed("pre 2"),
                                            state=fixed("state 1"), sections={"board": fixed("board 1")})))
    m2 = encode_signed(seat1, Envelope(GAME_ID, 1, 3, fixed("vector seat 1 seq 2"),
                                       Move(turn=2, action={"lane": 2}, openings=(), preimage=fixed("pre 2"),
                                            state=fixed("state 1"), sections={"board": fixed("board 1")})))
    bodies = [Evidence((m1, m2)), Absent(1, 4, 3), Vote(1, "bot", 3), Bye("game over")]
    out, prev = [], fixed("vector seat 0 seq 4")
    for k, body in enumerate(bodies):
        env = Envelope(GAME_ID, 0, 5 + k, prev, body)
        e = signed_entry(seat0, env)
        prev = bytes.fromhex(e["digest"])
        out.append(e)
    return {"signer_public_key": seat0.public_key.hex(), "seat1_public_key": seat1.public_key.hex(),
            "messages": out}


def channel_vectors() -> dict:
    v = channel_vector(GAME_ID, fixed("vector dialer ephemeral"), fixed("vector acceptor ephemeral"),
                       (encode_frame(b"a frame from the dialer"), encode_frame(b"a frame from the acceptor")))
    return {"game_id": GAME_ID.hex(), "dialer_ephemeral": fixed("vector dialer ephemeral").hex(),
            "acceptor_ephemeral": fixed("vector acceptor ephemeral").hex(),
            "plaintext_dialer_to_acceptor": encode_frame(b"a frame from the dialer").hex(),
            "plaintext_acceptor_to_dialer": encode_frame(b"a frame from the acceptor").hex(),
            **{k: x.hex() for k, x in v.items()}}


def log_vectors() -> dict:
    records = [b"first", bytes(range(10))]
    return {
        "records": [r.hex() for r in records],
        "file": (MAGIC + b"".join(encode_record(r) for r in records)).hex(),
    }


def match_vectors() -> dict:
    """A match (SPEC section 17): the rosters of race 1 and race 2 of a fixed 2-seat Snow Tails series on
    first-race, s-bends, with their ``settings.match`` maps, and each seat's ``commit_chain`` signing race 1's
    roster (the signature on the whole match: tracks, order, rules, seats)."""
    from snowp2p.games import find_game
    from snowp2p.protocol.match import Prev, first_race
    from snowp2p.protocol.roster import roster_body
    from snowp2p.games.sled.config import SledRules
    from snowp2p.games.sled.track import find_track, track_digest

    host = Identity.from_seed(fixed("vector identity 0"))
    joiner = Identity.from_seed(fixed("vector identity 1"))
    game = find_game("snowtails")
    tracks = [find_track(n, "snowtails") for n in ("first-race", "s-bends")]
    rules = SledRules(game="snowtails")
    seats = (Seat("Al", host.public_key, "10.0.0.1", 47470), Seat("Bo", joiner.public_key, "10.0.0.2", 47471))
    m0 = first_race(fixed("vector match id"), game, [(t.name, track_digest(t)) for t in tracks])
    m1 = m0.next(Prev(fixed("vector game id race 1"), 42, fixed("vector race 1 final state")))
    out: dict = {"tracks": [{"name": t.name, "digest": track_digest(t).hex()} for t in tracks]}
    for i, (m, gid) in enumerate(((m0, fixed("vector game id race 1")), (m1, fixed("vector game id race 2")))):
        b = roster_body(game, tracks[i], rules, seats)
        b = Roster(b.kind, b.track, {**b.settings, "match": m.to_wire()}, b.seats)
        roster = signed_entry(host, Envelope(gid, HOST_SEAT, 0, ZERO_HASH, b))
        entry = {"match": to_json(m.to_wire()), "roster_payload": roster["payload"], "roster_digest": roster["digest"]}
        digest = bytes.fromhex(roster["digest"])
        cc = Envelope(gid, 1, 0, ZERO_HASH, CommitChain(fixed(f"vector match tip {i}"), 4096, digest))
        entry["joiner_commit_chain"] = signed_entry(joiner, cc)["payload"]
        out[f"race{i + 1}"] = entry
    return out


def match_carry_vectors() -> dict:
    """SPEC section 16.5: race 2's ``settings.match`` map of a fixed 2-seat Mush! Mush! tournament, carrying
    each seat's cards (generation, slot, the commitment published in race 1 under race 1's game id), its
    roster signed by the host, and one carried card's opening (what a move of race 2 sends for it)."""
    from snowp2p.protocol.match import Carried, Prev, first_race
    from snowp2p.protocol.hidden import slot_salt
    from snowp2p.games.sled.track import track_digest

    host = Identity.from_seed(fixed("vector identity 0"))
    joiner = Identity.from_seed(fixed("vector identity 1"))
    game = find_game("mush")
    tracks = [find_track(n, "mush") for n in ("mush-first-race", "canyon", "hairpin")]
    seats = (Seat("Al", host.public_key, "10.0.0.1", 47470), Seat("Bo", joiner.public_key, "10.0.0.2", 47471))
    race1 = fixed("vector tournament game id race 1")
    secrets = [fixed(f"vector tournament secret {i}") for i in range(2)]
    carried = {0: [(0, 3, 7), (0, 11, 2), (1, 0, 4)], 1: [(0, 5, 1), (2, 1, 6)]}  # (generation, slot, value)
    carry = [[Carried(g, i, commit_slot(race1, seat, g, i, v, slot_salt(secrets[seat], g, i))) for g, i, v in cs]
             for seat, cs in carried.items()]
    m0 = first_race(fixed("vector tournament match id"), game, [(t.name, track_digest(t)) for t in tracks])
    m1 = m0.next(Prev(race1, 77, fixed("vector tournament race 1 final state")), carry)
    b = roster_body(game, tracks[1], SledRules(game="mush"), seats)
    b = Roster(b.kind, b.track, {**b.settings, "match": m1.to_wire()}, b.seats)
    roster = signed_entry(host, Envelope(fixed("vector tournament game id race 2"), HOST_SEAT, 0, ZERO_HASH, b))
    g, i, v = carried[1][1]
    return {"match": to_json(m1.to_wire()), "roster_payload": roster["payload"], "roster_digest": roster["digest"],
            "opening": {"seat": 1, "generation": g, "slot": i, "value": v, "salt": slot_salt(secrets[1], g, i).hex(),
                        "prev_game": race1.hex()}}


def rematch_vectors() -> dict:
    """SPEC section 10, *Rematch*: the next game's code from the last game's code and id."""
    code = make_code(fixed("vector code bytes"))
    return {"code": code, "game_id": GAME_ID.hex(), "typed": code.upper().replace("-", " "),
            "rematch_code": rematch_code(code, GAME_ID)}


VECTORS = {
    "identity.json": identity_vectors,
    "hash.json": hash_vectors,
    "message.json": message_vectors,
    "hash_chain.json": chain_vectors,
    "event_randomness.json": event_vectors,
    "rand.json": rand_vectors,
    "slots.json": slot_vectors,
    "joincode.json": joincode_vectors,
    "channel.json": channel_vectors,
    "log.json": log_vectors,
    "lobby.json": lobby_vectors,
    "link.json": link_vectors,
    "kinds.json": kinds_vectors,
    "match.json": match_vectors,
    "rematch.json": rematch_vectors,
    "match_carry.json": match_carry_vectors,
    "watch.json": watch_vectors,
}


def render(make: Any) -> str:
    return json.dumps(make(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    status = 0
    for name, make in VECTORS.items():
        path = HERE / name
        text = render(make)
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{name}: differs from the implementation")
                status = 1
        else:
            path.write_text(text)
            print(f"wrote {path.relative_to(HERE.parent.parent)}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

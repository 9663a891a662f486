import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit.table import KINDS, Table
from protocol_helpers import GAME, IDS, fixed, make_roster

from snowp2p.protocol.errors import DecodeError, ProtocolError, SignatureError
from snowp2p.protocol.session import Evidence, Link
from snowp2p.protocol.watch_messages import Audience, Seen, Watch, Watching
from snowp2p.protocol.messages import (
    BODY_TYPES,
    PROTOCOL_VERSION,
    MAX_SEATS,
    UNSEATED,
    ZERO_HASH,
    Absent,
    Ack,
    Bye,
    Challenge,
    CommitChain,
    Envelope,
    FinalOpen,
    FrozenDict,
    Hello,
    Join,
    Move,
    Opening,
    Refuse,
    Offer,
    Answer,
    Reveal,
    SlotCommit,
    Vote,
    Welcome,
    decode_signed,
    encode_envelope,
    encode_signed,
    pack_canonical,
    verify,
)

B = fixed("b")
OPEN = Opening(generation=0, slot=3, value=5, salt=B)

# (sender, body) for one valid example of every message type.
EXAMPLES = [
    (UNSEATED, Hello("Ann", IDS[1].public_key, B)),
    (0, Challenge(IDS[0].public_key, B, "snowtails", b"B" + B)),
    (UNSEATED, Join(b"A" + B, B)),
    (0, Welcome(1, B)),
    (0, Refuse("the game is full")),
    (0, make_roster()),
    (0, Offer(make_roster().kind, make_roster().track, make_roster().settings, make_roster().seats[:1], 2)),
    (UNSEATED, Answer(0)),
    (1, CommitChain(B, 100, B)),
    (1, SlotCommit(1, 0, (B, fixed("c")))),
    (1, Move(7, {"card": 3, "lane": "inside", "path": [1, 2], "boost": True}, (OPEN,))),
    (1, Reveal(4, B)),
    (1, Ack(7, B)),
    (1, Ack(7, B, {"track": B, "hands": fixed("h")})),
    (1, FinalOpen((OPEN, Opening(1, 0, 2, B)))),
    (1, Absent(2, 9)),
    (1, Vote(2, "bot")),
    (1, Bye("")),
    (1, Evidence((b"\x92\xc4\x01x",))),
    (1, Link(1, 12)),
    (UNSEATED, Hello("Ann", IDS[1].public_key, B, 47470)),
    # a spectator's (SPEC 17)
    (UNSEATED, Watch("Cy", IDS[1].public_key, B)),
    (0, Watching(B)),
    (UNSEATED, Seen(3)),
    (0, Audience(1)),
]


def test_every_registered_type_has_an_example():
    assert {body.TYPE for _, body in EXAMPLES} == set(BODY_TYPES)


def _sign(sender, body, seq=0, prev=ZERO_HASH):
    ident = IDS[1] if sender == UNSEATED else IDS[sender]
    return encode_signed(ident, Envelope(GAME, sender, seq, prev, body))


@pytest.mark.parametrize("sender, body", EXAMPLES, ids=lambda x: getattr(x, "TYPE", str(x)))
def test_round_trip(sender, body):
    payload = _sign(sender, body)
    msg = decode_signed(payload)
    assert msg.body == body
    assert msg.type == body.TYPE
    assert msg.payload == payload
    assert encode_envelope(msg.envelope) == msg.envelope_bytes
    assert encode_signed(IDS[1] if sender == UNSEATED else IDS[sender], msg.envelope) == payload
    verify(msg, IDS[1].public_key if sender == UNSEATED else IDS[sender].public_key)


def test_bodies_are_immutable_and_hashable():
    move = Move(1, {"a": [1, {"b": 2}]}, [OPEN])
    assert isinstance(move.action, FrozenDict)
    assert move.action["a"] == (1, FrozenDict({"b": 2}))
    assert isinstance(move.openings, tuple)
    with pytest.raises(AttributeError):
        move.turn = 2  # type: ignore[misc]
    assert hash(move) == hash(Move(1, {"a": [1, {"b": 2}]}, [OPEN]))


@pytest.mark.parametrize(
    "build, field",
    [
        (lambda: Reveal(-1, B), "Reveal.event"),
        (lambda: Reveal(1, b"short"), "Reveal.preimage"),
        (lambda: Move(1, {"x": 1.5}, ()), "Move.action.x"),
        (lambda: Move(1, {"x": None}, ()), "Move.action.x"),
        (lambda: Move(1, {"x": 2**64}, ()), "Move.action.x"),
        (lambda: Move(1, {}, (OPEN, OPEN)), "Move.openings[1]"),
        (lambda: Hello("", IDS[0].public_key, B), "Hello.nick"),
        (lambda: Hello("evil\x1b[2J", IDS[0].public_key, B), "Hello.nick"),
        (lambda: Vote(1, "maybe"), "Vote.choice"),
        (lambda: CommitChain(B, 0, B), "CommitChain.length"),
        (lambda: CommitChain(B, 1, b"short"), "CommitChain.roster"),
        (lambda: Welcome(0, B), "Welcome.seat"),
    ],
)
def test_invalid_bodies_cannot_be_built(build, field):
    with pytest.raises(ValueError, match=field.replace("[", r"\[").replace("]", r"\]")):
        build()


def test_roster_refuses_duplicate_keys():
    roster = make_roster(2)
    with pytest.raises(ValueError, match="duplicate public key"):
        type(roster)(roster.kind, roster.track, roster.settings, (roster.seats[0], roster.seats[0]))


@pytest.mark.parametrize(
    "sender, seq, prev, body, game",
    [
        (1, 0, ZERO_HASH, Hello("a", B, B), GAME),  # hello from a seat
        (UNSEATED, 0, ZERO_HASH, Reveal(0, B), GAME),  # game message unseated
        (2, 0, ZERO_HASH, Challenge(B, B, "x", b"B" + B), GAME),  # challenge not from host
        (MAX_SEATS, 0, ZERO_HASH, Reveal(0, B), GAME),
        (1, 0, B, Reveal(0, B), GAME),  # seq 0 with a prev
        (UNSEATED, 1, B, Join(b"A" + B, B), GAME),  # lobby message with a seq
        (1, 0, ZERO_HASH, Reveal(0, B), ZERO_HASH),  # zero game id outside hello
        (2, 0, ZERO_HASH, SlotCommit(1, 0, (B,)), GAME),  # deck of another player
        (1, 2**32, B, Reveal(0, B), GAME),
    ],
)
def test_envelope_rules(sender, seq, prev, body, game):
    with pytest.raises(ValueError):
        Envelope(game, sender, seq, prev, body)


def test_hello_may_carry_zero_game():
    Envelope(ZERO_HASH, UNSEATED, 0, ZERO_HASH, Hello("a", B, B))


# --- decoding hostile payloads --------------------------------------------------


def _raw_payload(env_list, sig=b"\x00" * 64):
    return msgpack.packb([msgpack.packb(env_list, use_bin_type=True), sig], use_bin_type=True)


def _env(body, kind="reveal", **over):
    fields = {"v": PROTOCOL_VERSION, "game": GAME, "sender": 1, "seq": 0, "prev": ZERO_HASH, "type": kind, "body": body}
    fields.update(over)
    return list(fields.values())


GOOD_REVEAL = {"event": 1, "preimage": B}


@pytest.mark.parametrize(
    "env, field, text",
    [
        (_env({"event": 1}), "body.preimage", "missing"),
        (_env({**GOOD_REVEAL, "extra": 1}), "body.extra", "unknown field"),
        (_env({"event": "1", "preimage": B}), "body.event", "expected an integer"),
        (_env({"event": 1, "preimage": B[:31]}), "body.preimage", "32 bytes"),
        (_env({"event": 1, "preimage": B.hex()}), "body.preimage", "binary"),
        (_env(GOOD_REVEAL, kind="teleport"), "envelope.type", "unknown message type"),
        (_env(GOOD_REVEAL, v=1), "envelope.v", "unsupported protocol version 1"),
        (_env(GOOD_REVEAL, v=PROTOCOL_VERSION - 1), "envelope.v", f"unsupported protocol version {PROTOCOL_VERSION - 1}"),
        (_env(GOOD_REVEAL, v=PROTOCOL_VERSION + 1), "envelope.v", f"unsupported protocol version {PROTOCOL_VERSION + 1}"),
        (_env(GOOD_REVEAL, game=GAME[:16]), "envelope.game", "32 bytes"),
        (_env(GOOD_REVEAL, sender=-1), "envelope.sender", "out of range"),
        (_env(GOOD_REVEAL, seq=1.0), "envelope.seq", "float"),
        (_env(GOOD_REVEAL)[:6], "envelope", "7 fields"),
        (_env({"turn": 1, "action": {"a": None}, "openings": []}, kind="move"), "body.action.a", "nil"),
        (_env({"turn": 1, "action": [], "openings": []}, kind="move"), "body.action", "map"),
        (
            _env({"turn": 1, "action": {}, "openings": [{"generation": 0, "slot": 600, "value": 1, "salt": B}]}, kind="move"),
            "body.openings[0].slot",
            "out of range",
        ),
        # containers are first checked without paths (issue 14); a bad item still names its field exactly
        (_env({"turn": 1, "state": B, "sections": {"board": B, "Bad": B}}, kind="ack"), "body.sections.<key>",
         "identifier"),
        (_env({"turn": 1, "state": B, "sections": {"board": B, "move": B[:5]}}, kind="ack"), "body.sections.move",
         "32 bytes"),
        (_env({"player": 1, "generation": 0, "commitments": [B, B, B, b"x"]}, kind="slot_commit"),
         "body.commitments[3]", "32 bytes"),
        (_env({"turn": 1, "action": {"play": [[1, 2], [3, None]]}, "openings": []}, kind="move"),
         "body.action.play[1][1]", "nil"),
        (_env({"turn": 1, "action": {"k": {"ok": 1, "": 2}}, "openings": []}, kind="move"), "body.action.k.<key>",
         "empty"),
    ],
)
def test_decode_names_the_bad_field(env, field, text):
    with pytest.raises(DecodeError) as info:
        decode_signed(_raw_payload(env))
    assert info.value.field == field
    assert text in str(info.value)


def test_non_canonical_encodings_are_refused():
    good = decode_signed(_sign(1, Reveal(1, B)))
    # unsorted body keys
    env = msgpack.packb([PROTOCOL_VERSION, GAME, 1, 0, ZERO_HASH, "reveal", {"preimage": B, "event": 1}], use_bin_type=True)
    with pytest.raises(DecodeError, match="canonical"):
        decode_signed(msgpack.packb([env, good.signature], use_bin_type=True))
    # non-minimal integer (uint16 for the value 1)
    bad = good.envelope_bytes.replace(b"\xa5event\x01", b"\xa5event\xcd\x00\x01")
    assert bad != good.envelope_bytes
    with pytest.raises(DecodeError, match="canonical"):
        decode_signed(msgpack.packb([bad, good.signature], use_bin_type=True))
    # str8 header for a short outer... bin16 header for the signature
    payload = good.payload.replace(b"\xc4\x40", b"\xc5\x00\x40")
    with pytest.raises(DecodeError, match="canonical"):
        decode_signed(payload)


def test_duplicate_map_keys_are_refused():
    # {"event": 1, "event": 1, "preimage": B} packed by hand
    body = b"\x83" + b"\xa5event\x01" * 2 + b"\xa8preimage\xc4\x20" + B
    env = b"\x97" + bytes([PROTOCOL_VERSION]) + b"\xc4\x20" + GAME + b"\x01\x00\xc4\x20" + ZERO_HASH + b"\xa6reveal" + body
    with pytest.raises(DecodeError):
        decode_signed(msgpack.packb([env, b"\x00" * 64], use_bin_type=True))


@pytest.mark.parametrize("payload", [b"", b"\xc1", b"\x92", b"\x91\x01", b"\x92\xc4\x00\xc4\x00", b"\xdd\xff\xff\xff\xff"])
def test_garbage_is_a_decode_error(payload):
    with pytest.raises(DecodeError):
        decode_signed(payload)


def test_deep_nesting_is_refused():
    deep: object = 1
    for _ in range(20):
        deep = [deep]
    with pytest.raises(DecodeError, match="nested deeper"):
        decode_signed(_raw_payload(_env({"turn": 1, "action": {"a": deep}, "openings": []}, kind="move")))


def test_signature_is_checked_against_the_given_key():
    msg = decode_signed(_sign(1, Reveal(1, B)))
    msg.verify(IDS[1].public_key)
    with pytest.raises(SignatureError):
        msg.verify(IDS[2].public_key)


@pytest.mark.parametrize("sender, body", EXAMPLES, ids=lambda x: getattr(x, "TYPE", str(x)))
def test_tampering_with_any_byte_is_detected(sender, body):
    payload = _sign(sender, body)
    key = (IDS[1] if sender == UNSEATED else IDS[sender]).public_key
    for i in range(len(payload)):
        for flip in (0x01, 0x80):
            bad = bytearray(payload)
            bad[i] ^= flip
            try:
                decode_signed(bytes(bad)).verify(key)
            except ProtocolError:
                continue
            pytest.fail(f"flipping byte {i} by {flip:#x} went unnoticed")


# --- properties ------------------------------------------------------------------

VALID_PAYLOADS = [_sign(s, b) for s, b in EXAMPLES]


@given(st.binary(max_size=300))
def test_arbitrary_bytes_only_raise_protocol_errors(data):
    try:
        msg = decode_signed(data)
    except ProtocolError:
        return
    assert pack_canonical([msg.envelope_bytes, msg.signature]) == data


@given(st.sampled_from(VALID_PAYLOADS), st.data())
def test_mutated_payloads_never_crash_and_accepted_ones_re_encode(payload, data):
    bad = bytearray(payload)
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        pos = data.draw(st.integers(0, max(len(bad) - 1, 0)))
        if op == "flip" and bad:
            bad[pos] = data.draw(st.integers(0, 255))
        elif op == "cut":
            del bad[pos : pos + data.draw(st.integers(1, 8))]
        else:
            bad[pos:pos] = data.draw(st.binary(min_size=1, max_size=4))
    try:
        msg = decode_signed(bytes(bad))
    except ProtocolError:
        return
    assert encode_envelope(msg.envelope) == msg.envelope_bytes
    assert pack_canonical([msg.envelope_bytes, msg.signature]) == bytes(bad)


wire_values = st.recursive(
    st.one_of(
        st.booleans(),
        st.integers(-(2**63), 2**64 - 1),
        st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=20),
        st.binary(max_size=20),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1, max_size=8), inner, max_size=4),
    ),
    max_leaves=12,
)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1, max_size=8), wire_values, max_size=5))
def test_any_valid_action_round_trips(action):
    body = Move(1, action, ())
    msg = decode_signed(_sign(1, body))
    assert msg.body == body
    assert dict(msg.body.action).keys() == action.keys()


@given(st.dictionaries(st.text(max_size=6), st.none() | st.floats() | st.integers(-(2**63), 2**64 - 1), max_size=3))
def test_untrusted_raw_bodies_never_crash(raw_body):
    try:
        decode_signed(_raw_payload(_env(raw_body, kind="move")))
    except ProtocolError:
        pass


@pytest.mark.parametrize("game", KINDS)
def test_the_sessions_own_reveals_decode_to_what_it_built(game):
    """Session._reveal builds its reveal (with its ack) without the constructor's schema check, on the hot path:
    every one it signs in a whole game must decode, strictly, to the very body it built (SPEC 4-6)."""

    class Strict(Table):
        seen = 0

        def sent(self, seat, payloads):
            for p in payloads:
                m = decode_signed(p)  # strict: canonical, every field checked
                if m.type == "reveal" and m.body.event > 0:
                    mine = self.s[seat].chain.history(seat)[m.seq].body
                    assert m.body == type(m.body)(mine.event, mine.preimage, mine.state, dict(mine.sections))
                    self.seen += 1
            super().sent(seat, payloads)

    t = Strict(game, 3, "own reveal").play()
    assert all(s.done for s in t.s) and t.seen > 20

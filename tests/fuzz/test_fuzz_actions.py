"""Fuzzing the action maps of move messages (`action_from_wire`): the last untrusted input before the engine.

A move's ``action`` is a free-form value-map (decode_signed checks only its
shape); the game's ``action_from_wire`` must turn any such map into an
action or a ``DecodeError`` naming the field, never anything else, and what
it accepts must survive ``action_to_wire`` -> ``action_from_wire`` unchanged.
The maps are fed exactly as a peer receives them: inside a signed move,
through decode_signed.
"""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from kit.fuzz import examples, junk, values
from snowp2p.games.sled import wire as S
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.errors import DecodeError, ProtocolError
from snowp2p.protocol.messages import Envelope, Move, decode_signed, encode_signed, pack_canonical
from snowp2p.games.snake import wire as snake_wire
from snowp2p.games.sled import engine as sled

ID = Identity.from_seed(bytes(32))
GAME = b"\x05" * 32

SLED_KEYS = ["kind", "play", "path", "bonus", "origin", "discard", "chapel", "kennels", "position"]
SNAKE_KEYS = ["type", "tile", "x", "y", "rot"]

card = st.integers(-2, 70) | st.integers(-(2**63), 2**64 - 1)
sled_field = {
    "kind": st.sampled_from(["move", "refill", "start"]) | junk,
    "play": st.lists(st.tuples(st.sampled_from(sled.POSITIONS) | junk, card, st.integers(-1, 7)).map(list),
                     max_size=4) | junk,
    "path": st.text(alphabet="FDX", max_size=22) | junk,
    "bonus": st.integers(-1, 22) | junk,
    "origin": st.integers(0, 8) | junk,
    "discard": st.lists(st.tuples(card, st.integers(-1, 7)).map(list), max_size=22) | junk,
    "chapel": st.booleans() | junk,
    "kennels": st.booleans() | junk,
    "position": st.integers(0, 8) | junk,
}
snake_field = {
    "type": st.sampled_from(["place", "pass"]) | junk,
    "tile": st.integers(-1, 1001) | junk,
    "x": st.integers(-4100, 4100) | junk,
    "y": st.integers(-4100, 4100) | junk,
    "rot": st.integers(-1, 4) | junk,
}


SLED_KINDS = {"move": ["play", "path", "bonus", "origin"], "refill": ["discard", "chapel", "kennels"],
              "start": ["position"]}
SNAKE_KINDS = {"place": ["tile", "x", "y", "rot"], "pass": []}
extra_key = st.text(st.characters(min_codepoint=0x61, max_codepoint=0x7A), min_size=1, max_size=8)


def maps(kinds, kind_key, all_keys, field):
    """Action maps: a kind and mostly its own fields, sometimes a foreign or unknown key, a missing kind, or
    values of the wrong shape."""
    @st.composite
    def build(draw):
        kind = draw(st.sampled_from(sorted(kinds)))
        keys = draw(st.lists(st.sampled_from(kinds[kind]), unique=True)) if kinds[kind] else []
        if draw(st.integers(0, 4)) == 0:
            keys.append(draw(st.sampled_from(all_keys) | extra_key))
        d = {k: draw(field.get(k, junk)) for k in keys if k != kind_key}
        if draw(st.integers(0, 7)):
            d[kind_key] = kind if draw(st.integers(0, 5)) else draw(field[kind_key])
        return d

    return build()


def as_received(action: dict):
    """The action map as a peer gets it: signed in a move, decoded by decode_signed."""
    try:
        payload = encode_signed(ID, Envelope(GAME, 1, 3, b"\x02" * 32, Move(5, action, ())))
    except (ValueError, TypeError):
        return None  # not a valid value-map: decode_signed would refuse the frame before any game code
    return decode_signed(payload).body.action


@examples(300)
@given(maps(SLED_KINDS, "kind", SLED_KEYS, sled_field), st.integers(0, 7))
def test_sled_action_from_wire_only_raises_decode_error(action, seat):
    received = as_received(action)
    assume(received is not None)
    try:
        a = S.sled_action_from_wire(received, seat)
    except DecodeError as e:
        assert e.field.startswith("action"), e
        return
    assert isinstance(a, (sled.Move, sled.Refill, sled.ChooseStart)) and a.seat == seat
    wire = S.sled_action_to_wire(a)
    pack_canonical(wire)  # sendable
    assert S.sled_action_from_wire(as_received(wire), seat) == a


@examples(200)
@given(maps(SNAKE_KINDS, "type", SNAKE_KEYS, snake_field), st.integers(0, 7))
def test_snake_action_from_wire_only_raises_decode_error(action, seat):
    received = as_received(action)
    assume(received is not None)
    try:
        a = snake_wire.action_from_wire(dict(received), seat)  # as protocol/games.py SnakeGame calls it
    except DecodeError as e:
        assert e.field.startswith("action"), e
        return
    wire = snake_wire.action_to_wire(a)
    assert snake_wire.action_from_wire(dict(as_received(wire)), seat) == a


@examples(200)
@given(values, st.integers(0, 7))
def test_any_value_as_an_action_never_crashes(value, seat):
    """Not even a map: both games refuse it with a DecodeError (values as decode_signed would deliver them)."""
    received = as_received({"a": value})
    assume(received is not None)
    inner = received["a"]
    for parse in (S.sled_action_from_wire, lambda d, s: snake_wire.action_from_wire(d, s)):
        try:
            parse(inner, seat)
        except ProtocolError:
            pass

"""Shared settings and inputs for the fuzz tests (Hypothesis).

Every property runs a bounded number of examples in CI (``examples(n)``);
set ``SNOWP2P_HYPOTHESIS_SCALE`` (a multiplier, e.g. 50) to run more.
A uniquely named module so the tests can ``import kit.fuzz``.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
VECTOR_LOG = ROOT / "protocol" / "vectors" / "game.log"
SCALE = float(os.environ.get("SNOWP2P_HYPOTHESIS_SCALE", "1") or 1)


def examples(n: int = 200) -> settings:
    return settings(max_examples=max(1, int(n * SCALE)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def mutate(data, blob: bytes) -> tuple[bytes, int]:
    """1-4 random edits (overwrite, delete, insert) of ``blob``; returns the result and the first offset touched."""
    bad = bytearray(blob)
    first = len(bad)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        op = data.draw(st.sampled_from(["flip", "cut", "insert"]), label="op")
        pos = data.draw(st.integers(0, max(len(bad) - 1, 0)), label="pos")
        first = min(first, pos)
        if op == "flip" and bad:
            bad[pos] ^= data.draw(st.integers(1, 255), label="xor")
        elif op == "cut":
            del bad[pos:pos + data.draw(st.integers(1, 16), label="len")]
        else:
            bad[pos:pos] = data.draw(st.binary(min_size=1, max_size=16), label="ins")
    return bytes(bad), first


# msgpack-able values of every kind a peer could send (nil and floats included: they must be refused)
scalars = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=False), st.integers(-(2**63), 2**64 - 1),
    st.integers(0, 40), st.text(max_size=24), st.binary(max_size=40), st.binary(min_size=32, max_size=32),
    st.sampled_from(["move", "refill", "start", "left", "right", "brake", "FD", "place", "pass", "bot", "end"]),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)), max_leaves=16)
#: a cheaper mix for one field among many, of values a value-map may carry (no nil, no floats): a scalar or
#: a short flat list
printable = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=24)
wire_scalars = st.one_of(
    st.booleans(), st.integers(-(2**63), 2**64 - 1), st.integers(-2, 40), printable,
    st.binary(max_size=40), st.sampled_from(["move", "refill", "start", "left", "right", "brake", "FD", "place"]))
junk = st.one_of(wire_scalars, st.lists(wire_scalars, max_size=3))

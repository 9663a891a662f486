"""The wire form of Snake Carnival actions (protocol/SPEC.md section 11.8).

``{"type": "pass"}`` or ``{"type": "place", "tile": 0..999, "x": -4096..4096, "y": -4096..4096, "rot": 0..3}``;
:func:`action_from_wire` is strict (no missing or extra key) and raises ``DecodeError(message, field)``.
"""

from __future__ import annotations

from typing import Any

from ...protocol.errors import DecodeError
from .engine import Action, Pass, Place


def action_to_wire(action: Action) -> dict:
    if isinstance(action, Pass):
        return {"type": "pass"}
    if isinstance(action, Place):
        return {"type": "place", "tile": action.tile, "x": action.x, "y": action.y, "rot": action.rot}
    raise TypeError(f"not a Snake Carnival action: {action!r}")


COORD_LIMIT = 4096
TILE_LIMIT = 1000


def action_from_wire(d: Any, seat: int) -> Action:
    """Strict decoding of a wire action; DecodeError(message, field) on bad input."""
    if not isinstance(d, dict):
        raise DecodeError("an action is a map", "action")
    for k in d:
        if not isinstance(k, str):
            raise DecodeError("keys are strings", "action")
    kind = d.get("type")
    if not isinstance(kind, str):
        raise DecodeError("missing or not a string", "action.type")
    if kind == "pass":
        if set(d) != {"type"}:
            raise DecodeError(f"unexpected field {sorted(set(d) - {'type'})[0]!r}", "action")
        return Pass(seat)
    if kind != "place":
        raise DecodeError(f"unknown action type {kind!r}", "action.type")
    want = {"type", "tile", "x", "y", "rot"}
    if set(d) != want:
        extra = sorted(set(d) - want)
        missing = sorted(want - set(d))
        raise DecodeError("unexpected field" if extra else "missing", f"action.{(extra or missing)[0]}")
    vals = {}
    for k, lo, hi in (("tile", 0, TILE_LIMIT - 1), ("x", -COORD_LIMIT, COORD_LIMIT), ("y", -COORD_LIMIT, COORD_LIMIT),
                      ("rot", 0, 3)):
        v = d[k]
        if type(v) is not int:
            raise DecodeError(f"expected an integer, got {type(v).__name__}", f"action.{k}")
        if not lo <= v <= hi:
            raise DecodeError(f"{v} out of range {lo}..{hi}", f"action.{k}")
        vals[k] = v
    return Place(seat, vals["tile"], vals["x"], vals["y"], vals["rot"])

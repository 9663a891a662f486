"""The wire form of the sled games' actions (protocol/SPEC.md section 11.8).

:func:`sled_action_to_wire` gives the action map of ``move.action``; :func:`sled_action_from_wire` parses
one strictly (``DecodeError`` naming the field).  A tree's space travels as ``[section, lane, index]``
(TRK-4), so both take the track.
"""

from __future__ import annotations

from typing import Any

from ...protocol.errors import DecodeError
from . import engine as sled
from .track import Track, TrackError


def sled_action_to_wire(action: sled.Action, track: Track | None = None) -> dict:
    """The wire map of an action (a tree's space travels as [section, lane, index]: it needs the track)."""
    if isinstance(action, sled.Move):
        d: dict[str, Any] = {"kind": "move", "play": [[p, c, v] for p, c, v in action.play],
                             "path": action.path, "bonus": action.bonus}
        if action.origin is not None:
            d["origin"] = action.origin
        return d
    if isinstance(action, sled.Refill):
        return {"kind": "refill", "discard": [[c, v] for c, v in action.discard],
                "chapel": action.chapel, "kennels": action.kennels}
    if isinstance(action, sled.ChooseStart):
        return {"kind": "start", "position": action.position}
    if isinstance(action, sled.PlaceTree) and track is not None:
        return {"kind": "tree", "space": list(track.coords(action.space))}
    raise TypeError(f"not an action: {action!r}")


def _int(x: Any, path: str, lo: int = 0, hi: int = 1 << 16) -> int:
    if type(x) is not int or not (lo <= x <= hi):
        raise DecodeError(f"expected an integer {lo}..{hi}", path)
    return x


def sled_action_from_wire(d: Any, seat: int, track: Track | None = None) -> sled.Action:
    """Strictly parse an action map (DecodeError naming the field).  A tree's space needs the track."""
    if not hasattr(d, "get"):
        raise DecodeError("expected a map", "action")
    kind = d.get("kind")
    allowed = {"move": {"kind", "play", "path", "bonus", "origin"}, "refill": {"kind", "discard", "chapel", "kennels"},
               "start": {"kind", "position"}, "tree": {"kind", "space"}}
    if not isinstance(kind, str) or kind not in allowed:
        raise DecodeError("kind must be move, refill, start or tree", "action.kind")
    for k in d:
        if k not in allowed[kind]:
            raise DecodeError("unknown field", f"action.{k}")
    if kind == "start":
        return sled.ChooseStart(seat, _int(d.get("position"), "action.position", 1, 7))
    if kind == "tree":
        where = d.get("space")
        if not isinstance(where, (list, tuple)) or len(where) != 3:
            raise DecodeError("expected [section, lane, index]", "action.space")
        section, lane, index = (_int(x, f"action.space[{i}]") for i, x in enumerate(where))
        if track is None:
            raise DecodeError("a tree's space needs the track", "action.space")
        try:
            return sled.PlaceTree(seat, track.sid(section, lane, index))
        except TrackError as e:
            raise DecodeError(str(e), "action.space") from None
    if kind == "refill":
        disc = d.get("discard", ())
        if not isinstance(disc, (list, tuple)) or len(disc) > 20:
            raise DecodeError("expected a list of [card, value]", "action.discard")
        out = []
        for i, cv in enumerate(disc):
            if not isinstance(cv, (list, tuple)) or len(cv) != 2:
                raise DecodeError("expected [card, value]", f"action.discard[{i}]")
            out.append((_int(cv[0], f"action.discard[{i}][0]"), _int(cv[1], f"action.discard[{i}][1]", 0, 5)))
        for k in ("chapel", "kennels"):
            if type(d.get(k, False)) is not bool:
                raise DecodeError("expected true or false", f"action.{k}")
        return sled.Refill(seat, tuple(out), d.get("chapel", False), d.get("kennels", False))
    play = d.get("play", ())
    if not isinstance(play, (list, tuple)) or len(play) > 3:
        raise DecodeError("expected a list of [position, card, value]", "action.play")
    out3 = []
    for i, pcv in enumerate(play):
        if not isinstance(pcv, (list, tuple)) or len(pcv) != 3 or pcv[0] not in sled.POSITIONS:
            raise DecodeError("expected [left|right|brake, card, value]", f"action.play[{i}]")
        out3.append((pcv[0], _int(pcv[1], f"action.play[{i}][1]"), _int(pcv[2], f"action.play[{i}][2]", 0, 5)))
    path = d.get("path", "")
    if not isinstance(path, str) or len(path) > 20 or any(ch not in "FD" for ch in path):
        raise DecodeError("expected a string of F and D", "action.path")
    bonus = _int(d.get("bonus", 0), "action.bonus", 0, 20)
    origin = d.get("origin")
    if origin is not None:
        origin = _int(origin, "action.origin", 1, 7)
    return sled.Move(seat, tuple(out3), path, bonus, origin)

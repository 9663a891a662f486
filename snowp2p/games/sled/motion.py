"""A sled's movement, step by step: the track's hazards along a path (TRK-10..12; ST-C1..C3, ST-L1/L2, ST-R5;
MM-C1..C4, MM-C6).

:func:`_walk` changes the movement record (:class:`_Motion`) and the working copy of one ``apply``
(working.py); rules.py's ``_apply_move`` checks the move, walks it and writes the result back.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .state import MM, ST
from .track import EDGE, Track
from .working import _W


@dataclass(slots=True)
class _Motion:
    """Working record of one movement (path + bonus)."""

    at: int
    damage: int
    trees: frozenset
    events: list
    stopped: str = ""  # "", "edge", "sled", "out" (eliminated / wrecked)
    edge_step: int = 0  # the step that met the edge or an obstacle (ST-C2), even when it eliminated (ST-R5)


def _walk(w: _W, m: _Motion, steps: str, direction: int, others: dict, limit_speed: int) -> None:
    """Resolve steps one by one (TRK-12), recording hazards (ST-C*, ST-L*, MM-C*).

    Most walks meet no hazard at all: those take their end from :func:`_clear_route`.
    """
    if m.stopped:
        return
    track, game = w.track, w.game
    route = _clear_route(track, m.at, steps, direction)
    if route is not None and route[1].isdisjoint(others) and route[1].isdisjoint(m.trees):
        m.at = route[0]  # no hazard on the way: the common case
        return
    start = at = m.at
    forward, drift = track.forward, track.drift_to[1 if direction > 0 else 0]  # TRK-8, TRK-9
    blocked, red_line, coords, trees = track.blocked, track.red_line, track.coords_of, m.trees
    for i, ch in enumerate(steps):
        target = drift[at] if ch == "D" else forward[at]
        if target == EDGE or target in blocked:
            # ST-C2 / MM-C1: stay in the space before the contact, take one card
            m.stopped, m.edge_step = "edge", i + 1
            m.events.append("edge")
            _take_damage(w, m, 1, track.is_finished(start) or track.is_finished(at))
            return
        if target in others:
            m.stopped = "sled"  # ST-C1 / MM-C2: stay in the space before
            m.events.append(f"hit {w.sled(others[target]).name}")
            return
        prev = at
        m.at = at = target
        if red_line[target] >= 0 and game == ST and coords[prev][0] < coords[target][0]:
            over = limit_speed - red_line[target]  # ST-L1/L2
            if over > 0:
                m.events.append(f"speed limit {red_line[target]}: {over} damage")
                _take_damage(w, m, over, False)
                if m.stopped:
                    return
        if target in trees:
            m.trees = trees = trees - {target}  # ST-C3 / MM-C3: the tree is removed, one card, keep moving
            m.events.append("tree")
            _take_damage(w, m, 1, game == MM and track.is_finished(target))
            if m.stopped:
                return


@lru_cache(maxsize=8192)
def _clear_route(track: Track, at: int, steps: str, direction: int) -> tuple[int, frozenset[int]] | None:
    """Where ``steps`` from ``at`` end and the spaces they enter, if none of them is a fixed hazard
    (the edge or a blocked space, TRK-10; a red line, ST-L2); otherwise None.

    A pure function of the track, memoised: with no sled or tree on the way either, :func:`_walk`
    needs nothing else.
    """
    forward, drift = track.forward, track.drift_to[1 if direction > 0 else 0]
    blocked, red_line = track.blocked, track.red_line
    entered = []
    for ch in steps:
        at = drift[at] if ch == "D" else forward[at]
        if at == EDGE or at in blocked or red_line[at] >= 0:
            return None
        entered.append(at)
    return at, frozenset(entered)


def _take_damage(w: _W, m: _Motion, count: int, past_finish: bool) -> None:
    rules, game = w.rules, w.game
    if game == MM and past_finish:
        return  # MM-C6: after crossing the finish line no collision cards
    for _ in range(count):
        m.damage += 1
        if game == ST and m.damage >= rules.st_elimination_damage and not w.track.is_finished(m.at):
            m.stopped = "out"  # ST-R5 Decision: at that moment, even mid-path (published: never past the line)
            m.events.append("eliminated")
            return
        if game == MM and m.damage >= rules.mm_collision_limit:
            m.stopped = "out"  # MM-C4: the turn ends at once
            m.events.append("wrecked")
            return


def _describe(w: _W, name: str, m: _Motion) -> str:
    where = "off the track" if m.stopped == "out" and w.game == ST else w.track.labels[m.at]
    extra = f" ({', '.join(m.events)})" if m.events else ""
    return f"{name} moved to {where}{extra}"

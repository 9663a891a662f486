"""The sled games' pictures: each sled's trail, for the end screen and the SVG of a race."""

from __future__ import annotations


def record_trails(trails: dict[int, list[int]], state) -> None:
    """Add each sled's space in ``state`` to its trail (seat -> the spaces it stood on, turn by turn)."""
    for s in getattr(state.public, "sleds", ()):
        if s.at is not None and (not trails.get(s.seat) or trails[s.seat][-1] != s.at):
            trails.setdefault(s.seat, []).append(s.at)

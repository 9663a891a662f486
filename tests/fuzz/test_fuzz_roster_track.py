"""A hostile roster's track: whatever a host puts there, building it raises TrackError (one line) or
gives a track within the caps -- never another exception (G9).  Seeded random mutations of the shipped
tracks' wire form (values replaced by other types, huge numbers, nested junk, keys dropped)."""

from __future__ import annotations

import copy
import random

from snowp2p.games.sled.track import MAX_SPACES, TrackError, shipped_tracks, track_from_wire, track_to_wire

JUNK = [None, True, -1, 0, 1, 2, 7, 200, 201, 10**9, -10**9, 2**63, "", "x", "left", "right", "corner", "start",
        "finish", "straight", "kennels", "tavern", [], [1], [1, 2], [1, 2, 3], [0, 0, 0], [[1, 1, 1]], {}, {"kind": "start"},
        [1, 0], [0, 1], [101, 2], [3, 1000], [-1, 2], 0.5, b"\x00"]


def _paths(x, prefix=()):
    yield prefix
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, prefix + (i,))


def _mutate(w, rng: random.Random):
    w = copy.deepcopy(w)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(w) if p]
        path = rng.choice(paths)
        parent = w
        for k in path[:-1]:
            parent = parent[k]
        op = rng.random()
        if op < 0.15 and isinstance(parent, dict):
            del parent[path[-1]]
        elif op < 0.25 and isinstance(parent, list):
            parent.append(copy.deepcopy(rng.choice(JUNK)))
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))
    return w


def test_mutated_tracks_give_a_track_or_one_line():
    rng = random.Random(20261126)
    wires = [track_to_wire(t) for t in shipped_tracks().values()]
    built = refused = 0
    for _ in range(3000):
        w = _mutate(rng.choice(wires), rng)
        try:
            t = track_from_wire(w)
        except TrackError as e:
            assert "\n" not in str(e)
            refused += 1
        else:
            assert t.size <= MAX_SPACES
            built += 1
    assert refused > 1000 and built > 10  # both paths were exercised

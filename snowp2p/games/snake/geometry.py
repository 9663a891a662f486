"""The geometry of Snake Carnival: cells, directions and the lanes of a turned tile (SC-K2, SC-L2).

Geometry.  The board is an unbounded grid of cells ``(x, y)``, x growing
east, y growing north; the home tile is at ``(0, 0)`` (SC-K2).  Edges and
directions are numbered ``N=0, E=1, S=2, W=3`` (clockwise); the home's side
``i`` is its edge ``i``.  A tile's rotation ``r`` (0..3) turns it ``r``
quarter turns clockwise from its canonical form: a straight joins N-S, a
corner N-E, a head has its one edge N, a crossing log joins N-S and E-W.
"""

from __future__ import annotations

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
DELTA = ((0, 1), (1, 0), (0, -1), (-1, 0))
HOME = (0, 0)


def opposite(d: int) -> int:
    return (d + 2) % 4


def step(cell: tuple[int, int], d: int) -> tuple[int, int]:
    return cell[0] + DELTA[d][0], cell[1] + DELTA[d][1]


def direction(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The direction from cell ``a`` to its neighbour ``b``."""
    return DELTA.index((b[0] - a[0], b[1] - a[1]))


def tile_edges(shape: str, rot: int) -> tuple[tuple[int, ...], ...]:
    """The lanes of a tile: tuples of the edges each lane joins."""
    r = rot % 4
    if shape == "straight":
        return ((r % 2, r % 2 + 2),)
    if shape == "corner":
        return ((r, (r + 1) % 4),)
    if shape == "crossing":
        return ((0, 2), (1, 3))
    if shape == "head":
        return ((r,),)
    return ()


def rotation_for(shape: str, entry: int, exit_: int) -> int:
    """The canonical rotation of a ``shape`` tile joining ``entry`` to ``exit_`` (-1: impossible)."""
    if shape == "straight":
        return entry % 2 if exit_ == opposite(entry) else -1
    if shape == "crossing":
        return 0 if exit_ == opposite(entry) else -1
    if shape == "corner":
        if exit_ == (entry + 1) % 4:
            return entry
        if exit_ == (entry + 3) % 4:
            return exit_
        return -1
    if shape == "head":
        return entry if exit_ == -1 else -1
    return -1


def exits_for(shape: str, entry: int) -> tuple[int, ...]:
    if shape in ("straight", "crossing"):
        return (opposite(entry),)
    if shape == "corner":
        return ((entry + 3) % 4, (entry + 1) % 4)
    return ()


def canonical_rot(shape: str, rot: int) -> int:
    if shape == "straight":
        return rot % 2
    if shape in ("crossing", "none"):
        return 0
    return rot % 4


def _neighbours(cell):
    return [step(cell, d) for d in range(4)]


def fmt_cell(cell) -> str:
    return f"{cell[0]},{cell[1]}"

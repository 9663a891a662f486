"""The scores of Snake Carnival (SC-P1..P5), computed from the board as it lies (also mid-game)."""

from __future__ import annotations

from .geometry import _neighbours
from .state import SnakeState

# ===================================================================== scoring
def score_breakdown(state: SnakeState) -> dict[int, dict[str, dict[str, int]]]:
    """Per seat: ``{snake colour: {"SC-P1": .., "SC-P3": .., "SC-P4": ..}, "diamonds": {"SC-P2": .., "SC-P4": ..}}``.

    A seat's score is the sum of all its numbers.  Computed from the board as it lies (also mid-game).
    """
    pub = state.public
    T = state.tiles.tiles
    cells = pub.cells()
    through = pub.through()
    out: dict[int, dict[str, dict[str, int]]] = {}
    for p in pub.players:
        d: dict[str, dict[str, int]] = {c: {"SC-P1": 0, "SC-P3": 0, "SC-P4": 0} for c in p.colours}
        d["diamonds"] = {"SC-P2": 0, "SC-P4": 0}
        out[p.seat] = d
    owner = {sn.colour: sn.owner for sn in pub.snakes}
    # SC-P1: printed points of the snake's tiles (logs 0) and its hat
    for sn in pub.snakes:
        if sn.owner < 0:
            continue
        pts = 0
        for cell in set(sn.path):
            pl = cells[cell]
            t = T[pl.tile]
            if t.kind != "log":
                pts += t.points
            if pl.hat >= 0:
                pts += T[pl.hat].points
        out[sn.owner][sn.colour]["SC-P1"] += pts
    returned: dict[int, set] = {}
    for pl in pub.board:
        t = T[pl.tile]
        if t.kind == "present":  # SC-P3
            sides = [cells.get(c) for c in _neighbours(pl.cell)]
            if any(s is not None and T[s.tile].kind == "log" for s in sides):
                continue  # a log touches it: nobody scores it
            for c in _neighbours(pl.cell):
                for colour in {r[0] for r in through.get(c, [])}:
                    if owner.get(colour, -1) >= 0:
                        out[owner[colour]][colour]["SC-P3"] += t.points
        elif t.kind == "trouble":  # SC-P4
            v = -t.points
            for c in _neighbours(pl.cell):
                nb = cells.get(c)
                if nb is None or c not in through:
                    continue
                nt = T[nb.tile]
                if nt.kind == "log":
                    continue  # Decision: a log "saves from all problems"
                if nt.kind == "diamond":
                    out[nb.placer]["diamonds"]["SC-P4"] += v
                    returned.setdefault(nb.placer, set()).add(nb.cell)
                    continue
                for colour in {r[0] for r in through[c]}:
                    if owner.get(colour, -1) >= 0:
                        out[owner[colour]][colour]["SC-P4"] -= v
    for p in pub.players:  # SC-P2 (a diamond tile touching a trouble returns its diamond: SC-P4)
        kept = max(0, p.diamonds - len(returned.get(p.seat, ())))
        out[p.seat]["diamonds"]["SC-P2"] = state.rules.diamond_points * kept
    return out


def scores(state: SnakeState) -> dict[int, int]:
    return {seat: sum(v for g in d.values() for v in g.values()) for seat, d in score_breakdown(state).items()}


def held_diamonds(state: SnakeState) -> dict[int, int]:
    bd = score_breakdown(state)
    dp = state.rules.diamond_points or 1
    return {s: bd[s]["diamonds"]["SC-P2"] // dp for s in bd}


def snake_length(state: SnakeState, seat: int) -> int:
    return sum(len(set(sn.path)) for sn in state.public.snakes if sn.owner == seat)


def final_places(state: SnakeState) -> list[int]:
    """SC-P5: highest total first; Decision: ties to more diamonds, then the longer snakes, then the lower seat."""
    sc = scores(state)
    dm = held_diamonds(state)
    return sorted(sc, key=lambda s: (-sc[s], -dm[s], -snake_length(state, s), s))

"""The end of a game of Snake Carnival: when the last round is due (SC-E1) and who lays a head or a hat in it
(SC-E2)."""

from __future__ import annotations

from dataclasses import replace

from .legal import _hat_actions, _head_actions
from .state import PH_HATS, PH_HEADS, PH_OVER, SnakeState, _pub
from .tiles import BODY_KINDS, Tile

def grows(tile: Tile) -> bool:
    return tile.kind in BODY_KINDS or tile.kind == "log"


def last_round_reason(state: SnakeState) -> str | None:
    """Why the last round is due after this play-phase state (None: it is not).  SC-E1: "no-growth" (the
    seed's rule: no tile that grows a snake left in the stack, the discard pile or any hand), "stalled"
    (Decision: ``stall_rounds`` whole rounds, once the stack has run out, in which nobody could lay a tile
    on an empty cell), "max-rounds" (the last resort)."""
    pub = state.public
    T = state.tiles.tiles
    rest = list(pub.stack) + list(pub.discard) + [t for p in pub.players for t in p.hand]
    if not any(grows(T[t]) for t in rest):
        return "no-growth"
    if state.rules.stall_rounds and pub.idle >= state.rules.stall_rounds * len(pub.players):
        return "stalled"
    if pub.round > state.rules.max_rounds:
        return "max-rounds"
    return None


def _last_round_due(state: SnakeState) -> bool:
    return last_round_reason(state) is not None


def _advance_last_round(state: SnakeState, seat: int) -> SnakeState:
    """SC-E2: the next player, from ``seat`` on round the table, who can lay a head (in the ``heads`` phase)
    or a hat (``hats``), one a turn; when nobody can, hats begin from the first seat; then the game is over."""
    pub = state.public
    n = len(pub.players)
    phase = pub.phase
    while phase != PH_OVER:
        for i in range(n):
            s = (seat + i) % n
            probe = replace(state, public=_pub(pub, phase=phase, current=s))
            if _head_actions(probe, s) if phase == PH_HEADS else _hat_actions(probe, s):
                return probe
        phase, seat = (PH_HATS if phase == PH_HEADS else PH_OVER), 0
    return replace(state, public=_pub(pub, phase=PH_OVER, current=-1))

"""Snake Carnival in words: one line for an action (event logs, previews) and for how near the end is."""

from __future__ import annotations

from .geometry import fmt_cell
from .state import PH_PLAY, Action, Pass, SnakeState

LAST_ROUND_WHY = {
    "no-growth": "no tile that grows a snake is left to lay",
    "stalled": "two whole rounds in which nobody could lay a tile on an empty cell, the stack run out",
    "max-rounds": "the round limit",
}


def end_hint(state: SnakeState) -> str:
    """One line on how near the end of SC-E1 the play phase is (for the screen); "" when nothing to say."""
    pub = state.public
    if pub.phase != PH_PLAY:
        return ""
    n = len(pub.players)
    empty = not pub.stack and not pub.discard
    if state.rules.stall_rounds and (empty or (pub.stack_out and pub.idle)):
        return (f"{'nothing left to draw' if empty else 'the stack has run out'}: {pub.idle} of "
                f"{state.rules.stall_rounds * n} turns in a row in which nobody could lay a tile on an empty cell "
                f"start the last round (SC-E1)")
    if not pub.stack:
        return f"the stack is empty: the discard pile ({len(pub.discard)}) is shuffled into a new one (SC-T3)"
    return ""


def describe(state: SnakeState, action: Action) -> str:
    """One line telling what an action does (for event logs and previews)."""
    name = state.public.players[action.seat].name
    if isinstance(action, Pass):
        if not state.public.stack and not state.public.discard:
            return f"{name} passes, with nothing left to draw (SC-T2, SC-E1)"
        return f"{name} passes and draws (SC-T2)"
    tname = state.tiles.names[action.tile]
    occ = state.public.cells().get(action.cell)
    if occ is not None and state.tiles.tiles[action.tile].kind == "hat":
        return f"{name} puts {tname} on the head at {fmt_cell(action.cell)}"
    if occ is not None:
        return f"{name} replaces {state.tiles.names[occ.tile]} at {fmt_cell(action.cell)} with {tname}"
    return f"{name} lays {tname} at {fmt_cell(action.cell)} rot {action.rot}"

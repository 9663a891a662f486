"""What a human types at Snake Carnival's turn prompt: parsing, completion, previews, and an action in words.

Input syntax (docs/snake-carnival.md): ``TILE @X,Y rR`` lays a tile, e.g. ``yellow corner @0,1 r1`` or
``crossing log @0,2``; ``pass`` (only when nothing can be laid), ``auto`` (the computer player's choice),
``board``, ``pan left|right|up|down|home``, ``score``, ``help``, ``quit``.  Pure functions of
``(state, seat, text)``.
"""

from __future__ import annotations

from . import engine as S
from ...core.errors import RulesError
from ...ui.views import InputError  # noqa: F401  (the table's one error class for a bad line)
from . import board as B
from .tiles import norm_name

HELP = """Lay a tile:  TILE @X,Y rR     e.g.  yellow corner @0,1 r1    crossing log @0,2    hat +5 @0,3
             (x grows east, y grows north; r = quarter turns clockwise; Tab lists the legal placements)
Other:       pass   auto   board   pan left|right|up|down|home   score   help   quit
"""


def format_place(state: S.SnakeState, a: S.Action) -> str:
    if isinstance(a, S.Pass):
        return "pass"
    rot = "" if state.tiles.tiles[a.tile].shape in ("none", "crossing") else f" r{a.rot}"
    return f"{state.tiles.names[a.tile]} @{a.x},{a.y}{rot}"


def parse_input(state: S.SnakeState, seat: int, text: str):
    """An action, or a command string ('auto', 'board', 'help', 'quit', 'score', 'pan ...'); InputError if neither."""
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in ("auto", "board", "help", "?", "quit", "exit", "score") or low.startswith("pan"):
        if low.startswith("pan") and low.split()[1:] not in (["left"], ["right"], ["up"], ["down"], ["home"]):
            raise InputError("pan left, pan right, pan up, pan down or pan home")
        return "help" if low == "?" else ("quit" if low == "exit" else low)
    if low == "pass":
        return S.Pass(seat)
    if "@" not in t:
        raise InputError(f"{t!r}: type TILE @X,Y rR (e.g. yellow corner @0,1 r1), or help")
    name, _, rest = t.partition("@")
    parts = rest.split()
    try:
        x, y = (int(v) for v in parts[0].split(","))
        rot = int(parts[1].lstrip("rR")) if len(parts) > 1 else 0
    except (ValueError, IndexError):
        raise InputError(f"{rest!r}: expected X,Y and an optional rR (e.g. @0,1 r1)") from None
    if len(parts) > 2 or not 0 <= rot <= 3:
        raise InputError("the rotation is r0 to r3")
    ids = [i for i in state.public.players[seat].hand if norm_name(state.tiles.names[i]) == norm_name(name)]
    if not ids:
        raise InputError(f"you hold no {name.strip()!r}")
    return S.Place(seat, ids[0], x, y, rot)


def suggestions(state: S.SnakeState, seat: int, text: str) -> list[str]:
    acts = S.legal_actions(state) if state.public.current == seat else []
    out = [format_place(state, a) for a in acts]
    low = " ".join(text.lower().split())
    return [s for s in out if s.lower().startswith(low)][:200]


def preview_text(state: S.SnakeState, seat: int, text: str) -> str:
    try:
        a = parse_input(state, seat, text)
    except InputError:
        return ""
    if not isinstance(a, (S.Place, S.Pass)):
        return ""
    try:
        S.apply(state, a, B._NoRand()) if state.public.phase != S.PH_PLAY else (
            S.place_outcome(state, a) if isinstance(a, S.Place) and S.placement_error(state, a) is None else None)
        if isinstance(a, S.Place) and state.public.phase == S.PH_PLAY:
            err = S.placement_error(state, a)
            if err is not None:
                return f"illegal: {err}"
            after = S.place_outcome(state, a)
        elif isinstance(a, S.Place):
            after = S.apply(state, a, B._NoRand())
        elif not state.public.stack and not state.public.discard:
            return "pass (nothing left to draw: two whole rounds in which nobody can lay a tile on an empty cell end the game, SC-E1)"
        else:
            return "pass and draw"
    except RulesError as e:
        return f"illegal: {e}"
    before, now = S.scores(state)[seat], S.scores(after)[seat]
    return f"{S.describe(state, a)}  (your score {before} → {now})"

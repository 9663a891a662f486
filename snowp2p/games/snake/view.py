"""What the table screen asks of Snake Carnival (the view, ``ui/views.py`` ``View``).

Everything here is a pure function of game states: no I/O, no clock.
"""

from __future__ import annotations

from . import engine as N
from ...core.drbg import Rand
from ...core.errors import RulesError
from ...ui.views import Command, Confirm, Fragments, InputError, Suggestion, plural
from . import board as SB
from . import movetext as P
from .rules_page import SNAKE as RULES_PAGE


class SnakeTurn:
    def __init__(self, state, seat: int):
        self.state = state
        self.seat = seat

    def teach(self) -> str:
        return "Try: Tab for every tile and place that fits · F2: rules · F1: help"

    def hint(self) -> str:
        if not N.legal_actions(self.state) or all(isinstance(a, N.Pass) for a in N.legal_actions(self.state)):
            return "nothing can be laid: type `pass` (you draw a tile)"
        return "lay a tile: TILE @X,Y rR (e.g. `yellow corner @0,1 r1`); Tab lists the legal placements"

    def suggest(self, text: str) -> list[Suggestion]:
        out = [Suggestion(s, s, "") for s in P.suggestions(self.state, self.seat, text)]
        low = text.strip().lower()
        out += [Suggestion(c, c, m) for c, m in (("auto", "let the computer choose"), ("help", "the syntax"),
                                                   ("score", "the score in detail"), ("quit", "leave the game"))
                if c.startswith(low)]
        return out

    def preview(self, text: str) -> str:
        if not text.strip():
            return self.hint()
        try:
            a = P.parse_input(self.state, self.seat, text)
        except P.InputError as e:
            return f"… {e}"
        if isinstance(a, str):
            return {"auto": "let the computer choose for you", "help": "show the input syntax", "quit": "leave the game",
                    "score": "show the score in detail", "board": "centre the board"}.get(a, a)
        return P.preview_text(self.state, self.seat, text) + "   (Enter to preview)"

    def parse(self, text: str):
        try:
            a = P.parse_input(self.state, self.seat, text)
        except P.InputError as e:
            raise InputError(str(e)) from None
        if isinstance(a, str):
            return Command(a)
        try:
            N.apply(self.state, a, Rand(b"snowp2p/ui/check"))
        except RulesError as e:
            raise InputError(str(e)) from None
        return a

    def confirm(self, action) -> Confirm | None:
        if isinstance(action, N.Place):
            return Confirm(P.preview_text(self.state, self.seat, P.format_place(self.state, action)))
        return None

    def describe(self, action) -> str:
        return P.format_place(self.state, action)

    @property
    def help_text(self) -> str:
        return P.HELP


class SnakeView:
    """The table's questions answered for Snake Carnival."""

    def __init__(self, kind: str = "snake", title: str = "Snake Carnival"):
        self.N = N
        self.kind = kind
        self.title = title

    def names(self, state) -> list[str]:
        return [p.name for p in state.public.players]

    def acting(self, state) -> int | None:
        cur = state.public.current
        return None if state.is_over or cur is None or cur < 0 else cur

    def seat_style(self, seat: int) -> str:
        return SB.snake_style(SNAKE_SEAT_COLOURS[seat % len(SNAKE_SEAT_COLOURS)])

    def style_of(self, state, seat: int) -> str:
        return SB.snake_style(state.public.players[seat].colours[0])

    def seat_label(self, state, seat: int) -> str:
        p = state.public.players[seat]
        return f"{p.name} ({'/'.join(p.colours)})"

    def round_text(self, state) -> str:
        return f"round {state.public.round}"

    def doing(self, state) -> str:
        N = self.N
        return {N.PH_PLAY: "lays a tile", N.PH_HEADS: "lays a head (last round)", N.PH_HATS: "lays a hat (last round)",
                N.PH_OVER: "the game is over"}.get(state.public.phase, state.public.phase)

    def board(self, state, width: int, height: int, viewer=None, preview=None, pan: tuple[int, int] = (0, 0)) -> Fragments:
        h = max(3, height - 3)  # the ruler above, the "view x .." line and the legend below
        # follow the seat to act: the middle of its snakes' open ends (or of the board)
        seat = self.acting(state)
        ends = [c for sn in state.public.snakes if sn.owner == seat and sn.active and (c := sn.open_cell()) is not None]
        if isinstance(preview, self.N.Place):
            ends = [preview.cell]
        x0, x1, y0, y1 = SB.view_window(state, width, h, None)
        cx, cy = ((sum(c[0] for c in ends) // len(ends), sum(c[1] for c in ends) // len(ends)) if ends
                  else ((x0 + x1) // 2, (y0 + y1) // 2))
        centre = (cx + pan[0] * max(1, (x1 - x0) // 2), cy + pan[1] * max(1, (y1 - y0) // 2))
        out = SB.board_fragments(state, width, h, centre, preview if isinstance(preview, self.N.Place) else None)
        return out + SB.legend_fragments(width)

    board_first = True  # the board gets the rows the event log would (Snake Carnival's cells are 3 rows high)

    def status(self, state, tags: dict[int, str]) -> Fragments:
        return SB.status_fragments(state, tags)

    def hand(self, state, viewer: int | None) -> Fragments:
        return []  # hands are open (in the status lines)

    def turn(self, state, seat: int) -> SnakeTurn:
        return SnakeTurn(state, seat)

    def events(self, before, action, after) -> list[str]:
        N = self.N
        lines = [N.describe(before, action)]
        if before.public.phase == N.PH_PLAY and after.public.phase != N.PH_PLAY:
            lines.append(f"— {last_round_words(N, after)} —")
        return lines

    def result(self, state):
        N = self.N
        sc = N.scores(state)
        return [(str(i + 1), seat, f"{state.public.players[seat].name:<16}  {plural(sc[seat], 'point')}")
                for i, seat in enumerate(N.final_places(state))]

    def how(self, state) -> list[str]:
        return [f"The game ended: {last_round_words(self.N, state)}.", "Points in detail:"] + SB.breakdown_lines(state)

    def rules_lines(self) -> list[str]:
        return RULES_PAGE.rstrip("\n").splitlines()

    def settings_lines(self, table, rules) -> list[str]:
        return ["Tiles: the standard set"]


def last_round_words(N, state) -> str:
    """Why Snake Carnival's last round began (SC-E1), and what it is (SC-E2), in words."""
    why = N.LAST_ROUND_WHY.get(N.last_round_reason(state) or "", "")
    return f"the last round began (SC-E1{': ' + why if why else ''}); heads, then hats, one a turn (SC-E2)"


SNAKE_SEAT_COLOURS = ("red", "blue", "green", "yellow")

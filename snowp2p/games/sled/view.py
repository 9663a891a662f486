"""What the table screen asks of Snow Tails and Mush! Mush! (the view, ``ui/views.py`` ``View``), and the
sleds' pictures: each sled's trail, for the end screen and the SVG of a race.

Everything here is a pure function of game states: no I/O, no clock.
"""

from __future__ import annotations

from . import engine as S
from .config import SledRules
from ...ui.views import Confirm, Fragments, InputError, Suggestion, plural
from . import board as B
from .movetext import (HELP, TurnHelper, _hint, best_bonus, bonus_typed, format_action, outcome_text, parse_input,
                       why_text)
from .rules_page import RULES


def record_trails(trails: dict[int, list[int]], state) -> None:
    """Add each sled's space in ``state`` to its trail (seat -> the spaces it stood on, turn by turn)."""
    for s in getattr(state.public, "sleds", ()):
        if s.at is not None and (not trails.get(s.seat) or trails[s.seat][-1] != s.at):
            trails.setdefault(s.seat, []).append(s.at)


class SledTurn:
    """One seat's turn at a sled game: parse, menu, preview, confirmation."""

    def __init__(self, state: S.GameState, seat: int):
        self.state = state
        self.seat = seat
        self.helper = TurnHelper(state, seat)

    def hint(self) -> str:
        """What to do now, in words (the header's second line)."""
        st = self.state
        if st.public.phase == S.PH_REFILL and st.public.refill is not None:
            return refill_hint(st)
        if st.public.phase == S.PH_MOVE and st.game == S.MM and st.sled(self.seat).at is None:
            lanes = st.track.lanes
            return f"first turn: cards, @N (your start lane, 1-{lanes}), path: e.g. `L3 @2 FDF`"
        if st.public.phase == S.PH_MOVE:
            return "cards and path, e.g. `L4 R4 FFDD` (Tab: choices · `help` · `auto`)"
        return _hint(st)

    def suggest(self, text: str) -> list[Suggestion]:
        return self.helper.suggest(text)

    def teach(self) -> str:
        """What to try next, for a newcomer (the footer while the command line is empty)."""
        st, seat = self.state, self.seat
        keys = " · F2: rules · F1: help"
        ph = st.public.phase
        if ph == S.PH_START:
            return "Try: Tab for the start positions (4 and 5 draw extra cards)" + keys
        if ph == S.PH_TREES:
            return "Try: Tab for the free spaces (a tree damages who hits it)" + keys
        if ph == S.PH_REFILL:
            return "Try: Tab; discard cards you won't want (you draw to 5)" + keys
        if ph != S.PH_MOVE:
            return ""
        values = [v for v in st.hand_values(seat) if v is not None]
        pairs = sorted({v for v in values if values.count(v) > 1}, reverse=True)
        if st.game == S.MM and st.sled(seat).at is None:
            return "Try: a card and a start lane, e.g. `L3 @2`, then Tab" + keys
        if pairs and not st.sled(seat).first_turn:
            v = pairs[0]
            return f"Try: `L{v} R{v}` (equal dogs earn a bonus), then Tab" + keys
        return "Try: Tab for cards and paths; Enter previews the move" + keys

    def preview(self, text: str) -> str:
        if text.strip():
            try:
                a = self.parse(text)
            except InputError:
                a = None
            if isinstance(a, S.Move):
                return (f"{format_action(a)}  {self.helper.outcome(a)}  · "
                        f"{why_text(self.state, a, bonus_typed(text))}   (Enter: preview)")
        return self.helper.preview(text)

    def parse(self, text: str):
        """The action typed; a move typed without a bonus gets the best bonus that costs nothing (issue 23,
        item 2: the balance bonus, ST-B1, and the bonus die, MM-B4, are never given away silently)."""
        a = parse_input(self.state, self.seat, text)
        self.typed_bonus = bonus_typed(text)
        if isinstance(a, S.Move) and not a.bonus and not self.typed_bonus:
            offered, _, _ = best_bonus(self.state, a)
            if offered:
                a = S.Move(a.seat, a.play, a.path, offered, a.origin)
        return a

    typed_bonus = True

    def confirm(self, action) -> Confirm | None:
        if isinstance(action, S.Move):
            return Confirm(f"{format_action(action)}  {outcome_text(self.state, action)}",
                           why="why: " + why_text(self.state, action, self.typed_bonus))
        if isinstance(action, S.Refill):
            left = unused_at_refill(self.state, action)
            if left:
                return Confirm(f"{format_action(action)}: {left}", question="Go anyway? [y/N]", default_yes=False)
        return None

    def describe(self, action) -> str:
        if isinstance(action, S.Move):
            return f"{format_action(action)}  {outcome_text(self.state, action)}"
        return format_action(action, self.state.track)

    help_text = HELP


def unused_at_refill(state: S.GameState, action: S.Refill) -> str:
    """What a refill leaves unused that the player may have missed (the chapel, the kennels), or ""."""
    need = state.public.refill
    if need is None:
        return ""
    s = state.sled(action.seat)
    left = []
    if need.chapel and not action.chapel and s.damage:
        left.append(f"the chapel is left unused (`chapel` throws away your {plural(s.damage, 'collision card')})")
    if need.kennels and not action.kennels:
        left.append("the kennels are left unused (`kennels` adds a 5 to your deck)")
    return "; ".join(left)


def refill_hint(state: S.GameState) -> str:
    need = state.public.refill
    assert need is not None
    bits = []
    if need.wreck:
        bits.append("your sled is wrecked: the whole hand goes, 5 new cards (MM-C4)")
    elif need.max_discard:
        n = need.max_discard
        if need.min_discard == need.max_discard:
            bits.append(f"refill: discard {plural(n, 'dog card')}, e.g. `discard 2`" if n == 1 else
                        f"refill: discard {plural(n, 'dog card')}, e.g. `discard 2 3`")
        else:
            bits.append(f"refill: discard up to {plural(n, 'dog card')} (`discard 2 3`) or `keep`")
    else:
        bits.append("refill: `keep` (nothing to discard)")
    if not need.draw and not need.wreck:
        bits.append("no draw this time: you hit a sled (ST-C1)")
    extra = [x for x, ok in (("chapel", need.chapel), ("kennels", need.kennels)) if ok]
    if extra:
        bits.append("you may also use the " + " and the ".join(extra) + " (e.g. `keep " + extra[0] + "`)")
    return "; ".join(bits)


class SledView:
    """The table's questions answered for Snow Tails and Mush! Mush!."""

    def __init__(self, kind: str, title: str):
        self.kind = kind
        self.title = title

    # ---- who and what
    def names(self, state) -> list[str]:
        return [s.name for s in state.public.sleds]

    def acting(self, state) -> int | None:
        cur = state.public.current
        return None if state.is_over or cur is None or cur < 0 else cur

    def seat_style(self, seat: int) -> str:
        return B.seat_style(seat)

    def style_of(self, state, seat: int) -> str:
        return B.seat_style(seat)

    def seat_label(self, state, seat: int) -> str:
        return f"{B.sled_marks(state)[seat]} {state.sled(seat).name} ({B.colour_name(seat)})"

    def round_text(self, state) -> str:
        return f"round {state.public.round}"

    def doing(self, state) -> str:
        return {S.PH_TREES: "places a tree", S.PH_START: "chooses a start position", S.PH_MOVE: "plays cards and moves",
                S.PH_REFILL: "refills", S.PH_OVER: "the race is over"}[state.public.phase]

    # ---- drawing
    def board(self, state, width: int, height: int, viewer=None, preview=None, pan: tuple[int, int] = (0, 0)) -> Fragments:
        hl = B.path_spaces(state, preview) if isinstance(preview, S.Move) else None
        if isinstance(preview, S.PlaceTree):
            hl = [preview.space]
        return B.board_fragments(state, width, viewer=viewer, highlight=hl, pan=pan[0]) + B.legend_fragments(state, width)

    def status(self, state, tags: dict[int, str]) -> Fragments:
        return B.status_fragments(state, viewer=None, tags=tags)

    def hand(self, state, viewer: int | None) -> Fragments:
        if viewer is None:
            return []
        return B.hand_fragments(state, viewer)

    # ---- turns and events
    def turn(self, state, seat: int) -> SledTurn:
        return SledTurn(state, seat)

    def events(self, before, action, after) -> list[str]:
        return sled_event_lines(before, action, after)

    def result(self, state) -> list[tuple[str, int | None, str]]:
        """(place, seat, text) rows, best first: ``("1", 2, "Ada  9 points")``."""
        pts = S.points(state)
        rows = []
        places = S.final_places(state)
        for i, seat in enumerate(places):
            s = state.sled(seat)
            place = "-" if s.status == S.ELIMINATED else str(i + 1)
            what = "eliminated, " if s.status == S.ELIMINATED else ""
            rows.append((place, seat, f"{s.name:<16}  {what}{plural(pts[seat], 'point')}"))
        for s in state.public.sleds:
            if s.seat not in places:
                rows.append(("-", s.seat, f"{s.name:<16}  no place"))
        return rows

    def how(self, state) -> list[str]:
        """How the result was reached, in words."""
        pub = state.public
        out = []
        finished = [state.sled(s).name for s in pub.places]
        if state.game == S.MM:
            out.append("The race ended at the end of the round in which a sled crossed the finish line (MM-E1); "
                       "places by distance past the line, then by start order.")
        else:
            out.append("Sleds place in the order they cross the finish line (ST-E1).")
        if pub.eliminated:
            out.append("Eliminated: " + ", ".join(state.sled(s).name for s in pub.eliminated)
                       + " (too much damage, ST-R5).")
        if finished:
            out.append("Crossed the line: " + ", ".join(finished) + ".")
        return out

    def rules_lines(self) -> list[str]:
        return RULES[self.kind].rstrip("\n").splitlines()

    def settings_lines(self, tr, rules) -> list[str]:
        """The track (name, size) and the rules that differ from the defaults, in words."""
        out = [f"Track {tr.name}: {len(tr.sections)} sections, {tr.lanes} lanes, {len(tr.trees)} trees"
               + (f" — {tr.description}" if tr.description else "")]
        mine, default = rules.to_dict(), SledRules(game=self.kind).to_dict()
        diff = [f"{k} = {v}" for k, v in mine.items() if default.get(k) != v]
        out.append("Rules: " + (", ".join(diff) if diff else "the standard rules"))
        return out


def sled_event_lines(before: S.GameState, action, after: S.GameState) -> list[str]:
    """The event lines of one action, in words, with its consequences (public information only)."""
    lines: list[str] = []
    seat = getattr(action, "seat", 0)
    name = before.sled(seat).name
    if isinstance(action, S.ChooseStart):
        lines.append(f"{name} takes start position {action.position}")
    elif isinstance(action, S.PlaceTree):
        lines.append(after.public.last_event or f"{name} places a tree at {before.track.labels[action.space]}")
    elif isinstance(action, S.Move):
        cards = " ".join(f"{B_POS[p]}{v}" for p, _, v in action.play) or "no card"
        ev = after.public.last_event
        lines.append(f"{ev}  [played {cards}" + (f", path {action.path}" if action.path else "")
                     + (f", bonus +{action.bonus}" if action.bonus else "") + "]")
        sb, sa = before.sled(seat), after.sled(seat)
        if sa.damage > sb.damage:
            word = "damage" if before.game == S.ST else "collision"
            lines.append(f"  → {name} takes {plural(sa.damage - sb.damage, word + ' card')} "
                         f"(now {sa.damage}; a damage card takes a place in the hand)")
        gone = before.public.trees - after.public.trees
        for t in sorted(gone):
            lines.append(f"  → the tree at {before.track.labels[t]} is knocked down and removed")
        if before.game == S.MM:
            lines += _die_lines(before, after, seat, action)
        need = after.public.refill
        if need is not None and need.seat == seat and not need.draw and not need.wreck:
            lines.append(f"  → {name} hit a sled: no card drawn at this refill (ST-C1)")
        for other_b, other_a in zip(before.public.sleds, after.public.sleds, strict=True):
            if other_a.seat != seat and other_a.damage > other_b.damage:
                lines.append(f"  → {other_a.name} is hit: {plural(other_a.damage - other_b.damage, 'damage card')}")
    elif isinstance(action, S.Refill):
        bits = []
        if action.discard:
            bits.append("discards " + " ".join(str(v) for _, v in action.discard))
        if action.chapel:
            bits.append("prays at the chapel (collision cards gone)")
        if action.kennels:
            bits.append("adds a 5 from the kennels")
        sb, sa = before.sled(seat), after.sled(seat)
        drawn = sa.hand_count() - (sb.hand_count() - len(action.discard) - (sb.damage if action.chapel else 0))
        need = before.public.refill
        if need is not None and need.wreck:
            bits.append("is wrecked: a whole new hand of 5, under repair (MM-C4)")
        elif need is not None and not need.draw:
            bits.append("draws no card (hit a sled this turn, ST-C1)")
        elif drawn > 0:
            bits.append(f"draws {plural(drawn, 'card')}")
        if bits:
            lines.append(f"{name} " + ", ".join(bits))
        if before.game == S.MM and _tavern_raised(before, after, seat):
            lines.append(f"  → the tavern raises {name}'s bonus die to {after.sled(seat).die} (MM-F5)")
    finished = [s.seat for s in after.public.sleds
                if s.status == S.FINISHED and before.sled(s.seat).status != S.FINISHED]
    for seat_ in sorted(finished, key=after.public.places.index):  # in place order (ST-E1)
        lines.append(f"{after.sled(seat_).name} finishes")
    for s_before, s_after in zip(before.public.sleds, after.public.sleds, strict=True):
        if s_before.status != s_after.status and s_after.status == S.ELIMINATED:
            lines.append(f"{s_after.name} is eliminated")
        if not s_before.repair and s_after.repair:
            lines.append(f"{s_after.name} is wrecked: under repair")
    if after.public.round != before.public.round and not after.is_over:
        lines.append(f"— round {after.public.round} —")
    return lines


B_POS = {"left": "L", "right": "R", "brake": "B"}


def _tavern_raised(before: S.GameState, after: S.GameState, seat: int) -> bool:
    """Did this action finish ``seat``'s refill on a tavern trigger space (MM-F5: the refill raised the die)?"""
    refill_done = not (after.public.phase == S.PH_REFILL and after.public.refill.seat == seat)
    return refill_done and before.rules.mm_buildings and after.sled(seat).at in before.track.triggers.get("tavern", ())


def _die_lines(before: S.GameState, after: S.GameState, seat: int, move: S.Move) -> list[str]:
    """A Mush! Mush! move's bonus die, in words: spent on a bonus (MM-B4), down after hitting a sled (MM-C2),
    raised by the tavern at the refill (MM-F5); each told as what it is."""
    name, sb, sa = before.sled(seat).name, before.sled(seat), after.sled(seat)
    tavern = _tavern_raised(before, after, seat)
    out = []
    if move.bonus:
        out.append(f"  → {name} spends the bonus die on {move.bonus} step{'s' if move.bonus != 1 else ''} (MM-B4)")
    elif "hit " in (after.public.last_event or "") and (sb.die is not None or sa.die is not None):
        if tavern:
            out.append(f"  → {name}'s bonus die goes down by 1 (MM-C2)")
        elif sa.die is None:
            out.append(f"  → {name}'s bonus die goes down to 0 and is removed (MM-C2)")
        else:
            out.append(f"  → {name}'s bonus die goes down to {sa.die} (MM-C2)")
    if tavern:
        out.append(f"  → the tavern raises {name}'s bonus die to {sa.die} (MM-F5)")
    return out

"""What a human types at the turn prompt: parsing, completion and previews.

Theory of operation
-------------------
All pure functions of ``(state, seat, text)``: :func:`parse_input` turns a
line into an engine action (``Move``, ``Refill``, ``ChooseStart``, ``PlaceTree``) or a
:class:`Command` (``auto``, ``help``, ``quit``, ``board``), and checks the
action with the engine, so an illegal line becomes one :class:`InputError`
whose message starts with the rule broken (``ST-P2: ...``).
:class:`TurnHelper` lists the completions (whole lines, with the outcome of
each candidate path as the menu's meta text) and the one-line preview the
prompt shows while typing.

The syntax (docs/user-guide.md, "The input syntax")::

    L4 R4 FFDD +2          cards, path, bonus
    4 left right FFDD      the same cards, another way (also 4LR, LR4)
    B2 FF                  a card on the brake (Snow Tails)
    L3 @2 FDF              Mush! Mush! first turn: start from lane 2
    discard 2 3            refill: discard dog cards by value (also d 2 3)
    keep / chapel / kennels
    start 3                Snow Tails: take start position 3
    tree 2 3 5             before the race (extra trees): a tree on section 2, lane 3, space 5
    auto, help, quit, board
"""

from __future__ import annotations

import re

from . import engine as S
from ...core.drbg import Rand
from ...core.errors import IllegalMove
from ...ui.views import Command, InputError, Suggestion  # noqa: F401  (the types the table asks)

COMMANDS = {
    "auto": "auto", "a": "auto",
    "help": "help", "h": "help", "?": "help",
    "quit": "quit", "q": "quit", "exit": "quit",
    "board": "board",
}

POS_LETTER = {"left": "L", "right": "R", "brake": "B"}
LETTER_POS = {"L": "left", "R": "right", "B": "brake"}
POS_WORDS = {"left": "left", "l": "left", "right": "right", "r": "right", "brake": "brake", "b": "brake"}


# ------------------------------------------------------------------- parsing
def parse_input(state: S.GameState, seat: int, text: str, *, check: bool = True) -> S.Action | Command:
    """Parse one line typed by ``seat``.  Raises InputError (one line).

    With ``check`` the action is also checked with the engine, so what
    comes back is legal now.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise InputError(_hint(state))
    cmd = COMMANDS.get(words[0].lower())
    if cmd is not None:
        if len(words) > 1:
            raise InputError(f"{words[0]!r} takes nothing after it")
        return Command(cmd)
    phase = state.public.phase
    if phase == S.PH_OVER:
        raise InputError("the race is over")
    if seat != state.public.current:
        raise InputError(f"it is {state.sled(state.public.current).name}'s turn")
    if phase == S.PH_TREES:
        action: S.Action = _parse_tree(state, seat, words)
    elif phase == S.PH_START:
        action = _parse_start(seat, words)
    elif phase == S.PH_REFILL:
        action = _parse_refill(state, seat, words)
    else:
        action = _parse_move(state, seat, words)
    if check:
        check_action(state, action)
    return action


def check_action(state: S.GameState, action: S.Action) -> None:
    """Raise InputError ``"RULE: message"`` if the engine refuses ``action``."""
    try:
        if isinstance(action, S.Move):
            S.move_outcome(state, action)
        else:
            S.apply(state, action, Rand(b"snowp2p/ui/check"))
    except IllegalMove as e:
        raise InputError(f"{e.rule}: {e.message}") from None


def _hint(state: S.GameState) -> str:
    phase = state.public.phase
    if phase == S.PH_TREES:
        return ("type where your tree goes as section, lane and space, e.g. `tree 1 2 3` "
                "(any free space between the start and the finish), or `auto`")
    if phase == S.PH_START:
        free = [a.position for a in S.legal_actions(state)]
        return (f"type a free start position ({', '.join(map(str, free))}), e.g. `start {free[0]}`, or `auto`"
                if free else "type a start position, or `auto`")
    if phase == S.PH_REFILL:
        return "type the cards to discard, e.g. `discard 2 3`, or `auto`"
    return "type your cards and path, e.g. `L4 R4 FFDD`, or `auto` (`help` for the syntax)"


def _int(word: str, what: str) -> int:
    if not word.isdigit():
        raise InputError(f"{what}: expected a number, not {word!r}")
    return int(word)


def _parse_start(seat: int, words: list[str]) -> S.ChooseStart:
    w = [x.lower() for x in words]
    if w[0] in ("start", "position", "pos", "lane"):
        w = w[1:]
    if len(w) != 1:
        raise InputError("type `start N` with N a free start position")
    return S.ChooseStart(seat, _int(w[0].lstrip("@"), "start position"))


def _parse_tree(state: S.GameState, seat: int, words: list[str]) -> S.PlaceTree:
    w = [x.lower() for x in words]
    if w[0] in ("tree", "t"):
        w = w[1:]
    w = " ".join(w).strip("[]").replace("[", " ").replace("]", " ").split()
    if len(w) != 3:
        raise InputError("type `tree SECTION LANE SPACE`, e.g. `tree 1 2 3`")
    section, lane, index = (_int(x, what) for x, what in zip(w, ("section", "lane", "space"), strict=False))
    try:
        return S.PlaceTree(seat, state.track.sid(section, lane, index))
    except ValueError as e:  # TrackError: no such space
        raise InputError(f"{'ST-S1' if state.game == S.ST else 'MM-S1'}: {e}") from None


def _parse_refill(state: S.GameState, seat: int, words: list[str]) -> S.Refill:
    values: list[int] = []
    chapel = kennels = False
    for word in words:
        w = word.lower()
        if w in ("d", "discard", "keep", "none", "-", "ok", "done"):
            continue
        if w == "chapel":
            chapel = True
        elif w in ("kennels", "kennel"):
            kennels = True
        elif w.isdigit():
            if len(w) > 1:  # "99" is no card: values are single digits, and "23" is too easily a typo
                raise InputError(f"{w!r}: card values are single digits; type each card apart, e.g. `discard 2 3`")
            values.append(int(w))
        else:
            extra = ", `chapel` or `kennels`" if state.game == S.MM else " or `keep`"
            raise InputError(f"don't understand {word!r}: at the refill type `discard 2 3`"
                             + (", `keep`" if state.game == S.MM else "") + extra)
    cards = _cards_for(state, seat, values)
    return S.Refill(seat, tuple((c, v) for c, v in zip(cards, values, strict=False)), chapel, kennels)


def _cards_for(state: S.GameState, seat: int, values: list[int]) -> list[int]:
    """Card ids of the seat's hand holding ``values`` (one card per value)."""
    hand = list(state.sled(seat).hand)
    out = []
    for v in values:
        c = next((c for c in hand if state.value(seat, c) == v), None)
        if c is None:
            have = " ".join(str(x) for x in sorted(x for x in state.hand_values(seat) if x is not None)) or "no dog cards"
            raise InputError(f"HAND: no{' more' if out and v in values[: len(out)] else ''} card {v} in your hand (hand: {have})")
        hand.remove(c)
        out.append(c)
    return out


_CARD_A = re.compile(r"^([lrb]+)(\d)$")  # L4, LR4
_CARD_B = re.compile(r"^(\d)([lrb]+)$")  # 4L, 4LR
_PATH = re.compile(r"^[fd]+$")
_BONUS = re.compile(r"^\+(\d*)$")
_ORIGIN = re.compile(r"^@(\d+)$")


def _parse_move(state: S.GameState, seat: int, words: list[str]) -> S.Move:
    placed: list[tuple[str, int]] = []  # (position, value)
    path: str | None = None
    bonus: int | None = None  # None: not given; -1: "all of it"
    origin: int | None = None
    nothing = False
    pending: int | None = None  # "4 left right": the value waiting for its positions
    pending_used = False
    i = 0
    while i < len(words):
        w = words[i].lower()
        nxt = words[i + 1].lower() if i + 1 < len(words) else None
        if pending is not None and (w in POS_WORDS or re.fullmatch(r"[lrb]+", w)):
            for p in ([POS_WORDS[w]] if w in POS_WORDS else [LETTER_POS[ch.upper()] for ch in w]):
                placed.append((p, pending))
            pending_used = True
            i += 1
            continue
        if pending is not None and not pending_used:
            raise InputError(f"say where the {pending} goes, e.g. `{pending} left right`")
        pending = None
        if m := (_CARD_A.match(w) or _CARD_B.match(w)):
            letters, value = (m.group(1), m.group(2)) if m.re is _CARD_A else (m.group(2), m.group(1))
            placed.extend((LETTER_POS[ch.upper()], int(value)) for ch in letters)
        elif w.isdigit() and len(w) == 1 and path is None:
            pending, pending_used = int(w), False
        elif _PATH.match(w):
            if path is not None:
                raise InputError("give the path once (F forward, D drift)")
            path = w.upper()
        elif m := _BONUS.match(w):
            bonus = int(m.group(1)) if m.group(1) else -1
        elif w == "bonus":
            if nxt is not None and nxt.isdigit():
                bonus, i = int(nxt), i + 1
            else:
                bonus = -1
        elif m := _ORIGIN.match(w):
            origin = int(m.group(1))
        elif w in ("from", "origin") and nxt is not None:
            origin, i = _int(nxt.lstrip("@"), "start lane"), i + 1
        elif w in ("-", "none", "nothing"):
            nothing = True
        else:
            raise InputError(f"don't understand {words[i]!r}: type `help` for the syntax")
        i += 1
    if pending is not None and not pending_used:
        raise InputError(f"say where the {pending} goes, e.g. `{pending} left right`")
    if nothing and placed:
        raise InputError("`none` plays no card: do not name cards with it")
    seen_pos = [p for p, _ in placed]
    dup = next((p for p in seen_pos if seen_pos.count(p) > 1), None)
    if dup is not None:
        rule = "ST-P3" if state.game == S.ST else "MM-P1"
        v = next(v for p, v in placed if p == dup)
        raise InputError(f"{rule}: one card on each dog (and on the brake) a turn: "
                         f"`L{v} R{v}` puts a {v} on each dog, not two on the {dup} dog")
    order = {p: k for k, p in enumerate(S.POSITIONS)}
    placed.sort(key=lambda pv: order.get(pv[0], 9))
    cards = _cards_for(state, seat, [v for _, v in placed])
    play = tuple((p, c, v) for (p, v), c in zip(placed, cards, strict=False))
    if origin is None and state.game == S.MM and state.sled(seat).at is None and play:
        lanes = state.track.lanes
        raise InputError(f"MM-O1: on your first turn say which lane you start from with @N (1-{lanes}), "
                         f"e.g. `{format_play(play)} @2{' ' + path if path else ''}`")
    if path is None:
        path = _only_path(state, seat, play)
    mv = S.Move(seat, play, path, 0, origin)
    if bonus == -1:
        return _with_full_bonus(state, mv)
    return S.Move(seat, play, path, bonus or 0, origin)


def speed_of(state: S.GameState, seat: int, play) -> tuple[int, int, int]:
    """(speed, drift, direction) after playing ``play`` (ST-M1/M2, MM-M1)."""
    s = state.sled(seat)
    lv = {p: v for p, _, v in play}
    left = lv.get("left", S.dog_value(state, seat, "left"))
    right = lv.get("right", S.dog_value(state, seat, "right"))
    return S.speed_and_drift(state.game, left, right, lv.get("brake", s.brake))


def drift_words(drift: int, direction: int) -> str:
    if drift <= 0:
        return "no drift"
    return f"drift {drift} {'left (up)' if direction > 0 else 'right (down)'}"


def _only_path(state: S.GameState, seat: int, play) -> str:
    if len({v for _, _, v in play}) > 1:
        return ""  # the engine will name ST-P2 / MM-P1
    speed, drift, direction = speed_of(state, seat, play)
    options = S.paths(speed, drift)
    if len(options) == 1:
        return options[0]
    same = _same_end(state, seat, play, options)
    if same is not None:
        return same
    d = min(drift, speed)
    raise InputError(f"TRK-11: add a path of {speed} steps with {d} D (drift {'left' if direction > 0 else 'right'}), "
                     f"e.g. {options[0]} or {options[-1]}")


def _same_end(state: S.GameState, seat: int, play, options: list[str]) -> str | None:
    """The first path when every path of ``options`` is legal and ends alike (same space, damage, trees)."""
    if state.game == S.MM and state.sled(seat).at is None:
        return None
    ends = set()
    for p in options:
        try:
            after = S.move_outcome(state, S.Move(seat, play, p, 0, None))
        except IllegalMove:
            return None
        s = after.sled(seat)
        ends.add((s.at, s.damage, s.status, after.public.trees))
        if len(ends) > 1:
            return None
    return options[0]


def _with_full_bonus(state: S.GameState, mv: S.Move) -> S.Move:
    for b in range(8, 0, -1):
        cand = S.Move(mv.seat, mv.play, mv.path, b, mv.origin)
        try:
            S.move_outcome(state, cand)
            return cand
        except IllegalMove:
            continue
    rule = "ST-B1" if state.game == S.ST else "MM-B4"
    raise InputError(f"{rule}: no bonus can be taken with this move")


# ---------------------------------------------------------------- formatting
def format_play(play) -> str:
    if not play:
        return "none"
    return " ".join(f"{POS_LETTER[p]}{v}" for p, _, v in play)


def format_action(action: S.Action, track=None) -> str:
    """The canonical line for an action (what the completion inserts; parse_input reads it back).
    A tree's line names its space, which needs the track."""
    if isinstance(action, S.ChooseStart):
        return f"start {action.position}"
    if isinstance(action, S.PlaceTree):
        return "tree " + " ".join(map(str, track.coords(action.space)))
    if isinstance(action, S.Refill):
        parts = (["discard"] + [str(v) for _, v in action.discard]) if action.discard else ["keep"]
        if action.chapel:
            parts.append("chapel")
        if action.kennels:
            parts.append("kennels")
        return " ".join(parts)
    parts = [format_play(action.play)]
    if action.origin is not None:
        parts.append(f"@{action.origin}")
    if action.path:
        parts.append(action.path)
    if action.bonus:
        parts.append(f"+{action.bonus}")
    return " ".join(parts)


def outcome_text(state: S.GameState, move: S.Move) -> str:
    """Where a move ends and what happens on the way, e.g. ``→ [3, 2, 1] (tree) · 2nd``."""
    try:
        after = S.move_outcome(state, move)
    except IllegalMove as e:
        return f"illegal: {e.rule}"
    ev = after.public.last_event
    where = ev.split(" moved to ", 1)[1] if " moved to " in ev else ev
    s = after.sled(move.seat)
    text = f"→ {where}"
    if s.at is not None and s.status != S.ELIMINATED:
        ranked = S.ranking(after)
        if move.seat in ranked:
            text += f" · {ranked.index(move.seat) + 1}{_suffix(ranked.index(move.seat) + 1)}"
    return text


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# --------------------------------------------------------------- completion
class TurnHelper:
    """Completions and previews for one player's turn (memoises the engine's answers for one state)."""

    def __init__(self, state: S.GameState, seat: int):
        self.state = state
        self.seat = seat
        self._outcomes: dict[S.Move, str] = {}
        self._plays: list | None = None

    def outcome(self, move: S.Move) -> str:
        if move not in self._outcomes:
            self._outcomes[move] = outcome_text(self.state, move)
        return self._outcomes[move]

    def plays(self) -> list:
        if self._plays is None:
            try:
                self._plays = S.play_options(self.state, self.seat)
            except ValueError:
                self._plays = []
        return self._plays

    def suggest(self, text: str) -> list[Suggestion]:
        """Whole-line completions for what has been typed so far (prefix match, case-insensitive)."""
        state, seat = self.state, self.seat
        if state.public.current != seat:
            return []
        typed = " ".join(text.upper().split()) + (" " if text.endswith(" ") and text.strip() else "")
        out: list[Suggestion] = []
        phase = state.public.phase
        if phase == S.PH_TREES:
            for a in S.legal_actions(state):
                line = format_action(a, state.track)
                out.append(Suggestion(line, line, f"a {state.track.sections[state.track.coords(a.space)[0]].kind}"))
        elif phase == S.PH_START:
            for a in S.legal_actions(state):
                extra = dict(state.rules.st_extra_cards).get(a.position, 0)
                meta = f"lane {a.position}" + (f", draw {extra} extra card{'s' if extra > 1 else ''}" if extra else "")
                out.append(Suggestion(format_action(a), format_action(a), meta))
        elif phase == S.PH_REFILL:
            for r in S.refill_options(state):
                gone = [v for _, v in r.discard]
                keep = sorted(v for v in state.hand_values(seat) if v is not None)
                for v in gone:
                    keep.remove(v)
                meta = "keep " + (" ".join(map(str, keep)) or "nothing")
                out.append(Suggestion(format_action(r), format_action(r), meta))
        elif phase == S.PH_MOVE:
            out = self._suggest_move(typed)
        out += [Suggestion(c, c, m) for c, m in (("auto", "let the computer choose"), ("help", "the syntax"),
                                                   ("quit", "leave the race"))]
        return [s for s in out if s.text.upper().startswith(typed)]

    def _suggest_move(self, typed: str) -> list[Suggestion]:
        state, seat = self.state, self.seat
        out: list[Suggestion] = []
        first = state.game == S.MM and state.sled(seat).at is None
        # the menu lists the plays that move fastest first (a newcomer's first Tab is a sensible choice,
        # issue 23): by speed, then balanced dogs (the bonus), then less drift
        def rank(play):
            speed, drift, _ = speed_of(state, seat, play)
            return (-max(speed, 0), min(drift, max(speed, 0)), format_play(play))

        for play in sorted(self.plays(), key=rank):
            p = format_play(play) if play else "none"
            speed, drift, direction = speed_of(state, seat, play)
            if not (p.upper().startswith(typed) or typed.startswith(p.upper() + " ") or typed == p.upper()):
                continue
            moving = f"speed {max(speed, 0)}, {drift_words(min(drift, max(speed, 0)), direction)}"
            if not play or speed <= 0:
                mv = S.Move(seat, play, "", 0, None)
                moving += "  " + self.outcome(mv) if not first else ""
            out.append(Suggestion(p, p, moving))
            if not (typed.startswith(p.upper() + " ") or typed == p.upper()):
                continue
            origins = list(range(1, state.track.lanes + 1)) if first else [None]
            for origin in origins:
                head = p + (f" @{origin}" if origin is not None else "")
                if origin is not None:
                    out.append(Suggestion(head, f"@{origin}", f"start from lane {origin}"))
                    if not typed.startswith(head.upper()):
                        continue
                for path in S.paths(speed, drift):
                    line = head + (f" {path}" if path else "")
                    if not (line.upper().startswith(typed) or typed.startswith(line.upper())):
                        continue
                    mv = S.Move(seat, play, path, 0, origin)
                    if path:
                        meta = self.outcome(mv)
                        if meta.startswith("illegal"):
                            continue  # the menu offers only legal choices
                        out.append(Suggestion(line, path, meta))
                    if typed.startswith(line.upper() + " ") or typed == line.upper():
                        for b in range(1, 8):
                            bm = S.Move(seat, play, path, b, origin)
                            meta = self.outcome(bm)
                            if meta.startswith("illegal"):
                                continue
                            out.append(Suggestion(f"{line} +{b}", f"+{b}", meta))
        return out

    def preview(self, text: str) -> str:
        """One line for the bottom toolbar: what the typed line would do, or what is wrong with it."""
        if not text.strip():
            return _hint(self.state)
        try:
            a = parse_input(self.state, self.seat, text)
        except InputError as e:
            return f"… {e}"
        if isinstance(a, Command):
            return {"auto": "let the computer choose for you", "help": "show the input syntax",
                    "quit": "leave the race", "board": "show the board again"}[a.name]
        if isinstance(a, S.Move):
            return f"{format_action(a)}  {self.outcome(a)}   (Enter to preview)"
        return f"{format_action(a, self.state.track)}   (Enter to confirm)"


HELP = """\
How to type your turn (case does not matter):
  Cards   L4 = a 4 on the left dog, R4 = on the right dog, B4 = on the brake (Snow Tails).
          All cards of a turn have the same value: `L4 R4`, `L3 B3`. Also `4 left right`, `4LR`, `LR4`.
          `none` when you hold no dog card.
  Path    one letter per point of speed: F = forward, D = drift (toward the stronger dog).
          `L5 R3 FFDDF`. Leave it out when there is only one possible path.
  Bonus   `+` takes the whole bonus, `+2` two bonus steps (Mush! Mush!: up to the die).
  Start   Mush! Mush! first turn: `@3` starts from lane 3: `L3 @3 FDF`.
          Snow Tails start positions: `start 2`.
  Trees   before the race, when the game has extra trees: `tree 2 3 5` puts one on section 2,
          lane 3, space 5 (the numbers under and left of the board; spaces count from 0).
  Refill  `discard 2 5` (by value; `d 2 5`), `keep`, and at a building `chapel` / `kennels`.
  Other   `auto` lets the computer choose, `board` shows the board again, `quit` leaves.
  Tab or typing shows the choices; the menu's right column tells where each path ends.
"""


# ------------------------------------------------------------ teaching: the bonus and the "why"
_BONUS_TYPED = re.compile(r"(^|\s)(\+\d*|bonus)(\s|$)", re.IGNORECASE)


def bonus_typed(text: str) -> bool:
    """Whether a typed move line says something about the bonus (``+``, ``+2``, ``+0``, ``bonus``)."""
    return bool(_BONUS_TYPED.search(text))


def _costs(state: S.GameState, after: S.GameState, seat: int) -> tuple[int, bool, bool]:
    """What a move costs the mover: (damage cards taken, eliminated, draw lost at the refill)."""
    s0, s1 = state.sled(seat), after.sled(seat)
    need = after.public.refill
    no_draw = need is not None and need.seat == seat and not need.draw
    if state.game == S.ST and "(hit " in (after.public.last_event or ""):
        no_draw = True  # ST-C1 (the refill may already be done when there was nothing to choose)
    return s1.damage - s0.damage, s1.status == S.ELIMINATED, no_draw


def best_bonus(state: S.GameState, mv: S.Move) -> tuple[int, int, str]:
    """The bonus to offer with ``mv`` (a move typed without one): (offered, largest legal, why not more).

    The offer is the largest bonus that costs nothing more than the move without it (no more damage, no
    elimination, the refill's draw kept: ST-B1, ST-L1, MM-B4); ``why`` says what a larger one would cost."""
    try:
        base = _costs(state, S.move_outcome(state, S.Move(mv.seat, mv.play, mv.path, 0, mv.origin)), mv.seat)
    except IllegalMove:
        return 0, 0, ""
    offered, largest, why = 0, 0, ""
    for b in range(8, 0, -1):
        try:
            after = S.move_outcome(state, S.Move(mv.seat, mv.play, mv.path, b, mv.origin))
        except IllegalMove:
            continue
        largest = max(largest, b)
        dmg, out, no_draw = _costs(state, after, mv.seat)
        if out and not base[1]:
            why = why or f"+{b} would eliminate you"
        elif dmg > base[0]:
            why = why or f"+{b} would cost {dmg - base[0]} damage"
        elif no_draw and not base[2]:
            why = why or f"+{b} would hit a sled (no draw)"
        else:
            offered = b
            break
    return offered, largest, why


def why_text(state: S.GameState, mv: S.Move, typed_bonus: bool = True) -> str:
    """One line: why the move does what it does (speed from the cards, drift, the bonus taken or left)."""
    seat = mv.seat
    s = state.sled(seat)
    lv = {p: v for p, _, v in mv.play}
    left = lv.get("left", S.dog_value(state, seat, "left"))
    right = lv.get("right", S.dog_value(state, seat, "right"))
    speed, drift, direction = speed_of(state, seat, mv.play)
    bits = []
    if state.game == S.ST:
        brake = lv.get("brake", s.brake)
        bits.append(f"speed {max(speed, 0)} = dogs {left}+{right} − brake {brake}"
                    + (": the brake holds the sled, it does not move" if speed <= 0 else ""))
    else:
        bits.append(f"speed {max(speed, 0)} = dogs {left}+{right}")
    # the bonus
    plain = S.Move(seat, mv.play, mv.path, 0, mv.origin)
    offered, largest, cost = best_bonus(state, plain)
    if mv.bonus:
        what = "balance bonus" if state.game == S.ST else "bonus die"
        bits.append(f"{what} +{mv.bonus} taken" + ("" if typed_bonus else " (+0: leave it)"))
    elif largest:
        if offered:
            bits.append(f"bonus +{offered} LEFT UNUSED (add + to take it)")
        else:
            bits.append(f"bonus left: {cost}")
    elif state.game == S.ST and speed >= 1 and left != right and not s.first_turn:
        bits.append("dogs unequal: no bonus")
    elif state.game == S.MM and s.first_turn:
        bits.append("first turn: no bonus")
    # a card of the same value left in the hand while a dog is free
    if len(mv.play) == 1 and state.game == S.MM:
        (pos, card, v), = mv.play
        same = [c for c in s.hand if c != card and state.value(seat, c) == v]
        if same:
            other = "right" if pos == "left" else "left"
            bits.append(f"your other {v} could go on the {other} dog")
    try:
        after = S.move_outcome(state, mv)
        dmg, out, no_draw = _costs(state, after, seat)
        if out:
            bits.append("ELIMINATED (a 5th damage card)")
        elif dmg:
            bits.append(f"{dmg} {'damage' if state.game == S.ST else 'collision'} card{'s' if dmg > 1 else ''}")
        if no_draw:
            bits.append("hits a sled: no cards drawn")
    except IllegalMove:
        pass
    if speed > 0:
        bits.append(f"drift {min(drift, speed)} toward the {'left' if direction > 0 else 'right'} dog"
                    if drift else "no drift")
    return "; ".join(bits)

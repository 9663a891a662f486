"""``snowp2p play --game snake``: Snake Carnival on one terminal (computer players and hot seat).

Theory of operation
-------------------
:func:`run_snake_play` checks the arguments (one-line errors, exit status
2), deals (``Rand(derive(seed, "setup"))``) and loops: whoever is to act
(``public.current``) is asked for an action -- a human through a
prompt_toolkit prompt, a computer player through
``snowp2p.bots.choose_snake_action`` -- and the engine applies it with
``Rand(derive(seed, k))`` for action number ``k`` (so a seed replays a game).
All hands are open in Snake Carnival, so hot seat needs no hiding.

Input syntax (docs/snake-carnival.md): ``TILE @X,Y rR`` lays a tile, e.g.
``yellow corner @0,1 r1`` or ``crossing log @0,2``; ``pass`` (only when
nothing can be laid), ``auto`` (the computer player's choice), ``board``,
``pan left|right|up|down|home``, ``score``, ``help``, ``quit``.  Tab
completes the legal placements; the bottom toolbar previews the one typed.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field

from ..rules import snake as S
from ..rules.drbg import Rand, derive
from ..rules.errors import RulesError
from . import snake_board as B
from .screen import PromptScreen, Quit

BOT_NAMES = ("Anaconda", "Boa", "Cobra", "Dugite", "Eryx", "Fer", "Gecko")
MAX_NAME = 16
HELP = """Lay a tile:  TILE @X,Y rR     e.g.  yellow corner @0,1 r1    crossing log @0,2    hat +5 @0,3
             (x grows east, y grows north; r = quarter turns clockwise; Tab lists the legal placements)
Other:       pass   auto   board   pan left|right|up|down|home   score   help   quit
"""


from .local import PlayError, seat_counts  # one error class for a bad `play` argument, whichever game


class InputError(Exception):
    pass


_Quit = Quit  # the player left (typed quit, or closed the input)


@dataclass
class SnakeSetup:
    names: list[str]
    human: list[bool]
    seed: int
    rules: S.SnakeRules
    tiles: S.TileSet
    interactive: bool
    recorder: object = None  # plays the game by the seats' sessions and logs it (ui/logged.py), or None


def configure(args: argparse.Namespace) -> SnakeSetup:
    humans, bots = seat_counts(args)
    if args.non_interactive:
        bots, humans = bots + humans, 0
    total = humans + bots
    if not 2 <= total <= 4:
        raise PlayError(f"Snake Carnival takes 2 to 4 players, not {total}")
    names = ["_".join(n.split()) for n in (getattr(args, "name", None) or [])]  # (a roster nickname: no spaces)
    if len(names) > max(humans, 0) and not args.non_interactive:
        raise PlayError(f"--name given {len(names)} times for {humans} human players")
    for n in names:
        if not n or len(n) > MAX_NAME or not n.isprintable():
            raise PlayError(f"--name {n!r}: a name is 1 to {MAX_NAME} printable characters")
    if len({n.lower() for n in names}) != len(names):
        raise PlayError("--name: two players with the same name")
    while len(names) < humans:
        names.append("Player" if humans == 1 else f"Player{len(names) + 1}")
    for b in BOT_NAMES:
        if len(names) >= total:
            break
        if b.lower() not in {n.lower() for n in names}:
            names.append(b)
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise PlayError(f"--seed must be 0 to 2^63-1, not {args.seed}")
    tiles = S.load_tiles(getattr(args, "tiles", None))
    rules = S.SnakeRules(two_snakes_each=not getattr(args, "one_snake_each", False))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(8), "big") >> 1
    interactive = not args.non_interactive and humans > 0
    return SnakeSetup(names[:total], [i < humans for i in range(total)], seed, rules, tiles, interactive)


def _bot():
    try:
        from ..bots import choose_snake_action

        return choose_snake_action
    except ImportError:  # pragma: no cover
        return lambda st, r: S.legal_actions(st)[r.below(len(S.legal_actions(st)))]


@dataclass
class SnakeGame:
    setup: SnakeSetup
    state: S.SnakeState | None = None
    k: int = 0
    events: list[str] = field(default_factory=list)
    play: object = None  # the seats' sessions (ui/logged.py): the game is played, and logged, by the protocol
    unlogged: str = ""

    def __post_init__(self):
        self.seed_bytes = derive(b"snowp2p/local/snake", str(self.setup.seed))
        st = self.setup
        if st.recorder is not None:
            self.play, self.unlogged = st.recorder.sessions("snake", st.tiles, st.rules, st.names, st.human,
                                                            self.seed_bytes)
        self.state = self.play.state() if self.play is not None else S.new_game(self.setup.names, Rand(derive(self.seed_bytes, "setup")), self.setup.rules,
                                self.setup.tiles)
        self.bot = _bot()

    def bot_action(self) -> S.Action:
        return self.bot(self.state, Rand(derive(self.seed_bytes, "bot", self.k)))

    def apply(self, action: S.Action) -> str:
        line = S.describe(self.state, action)
        before = self.state.public.phase
        if self.play is not None:
            self.play.submit(action)
            self.state = self.play.state()
        else:
            self.state = S.apply(self.state, action, Rand(derive(self.seed_bytes, self.k)))
        self.k += 1
        self.events.append(line)
        if self.state.public.phase != before and before == S.PH_PLAY:
            why = S.LAST_ROUND_WHY.get(S.last_round_reason(self.state) or "", "")
            self.events.append(f"— the last round (SC-E1{': ' + why if why else ''}): heads, then hats (SC-E2) —")
        return line

    def result_lines(self) -> list[str]:
        st = self.state
        sc = S.scores(st)
        out = ["Final places:"]
        for i, seat in enumerate(S.final_places(st)):
            out.append(f"  {i + 1}. {st.public.players[seat].name:<{MAX_NAME}} {sc[seat]} points")
        out.append("Score breakdown (per snake, per rule):")
        out.extend(B.breakdown_lines(st))
        out.append(f"Seed {self.setup.seed} (replay this game with --seed {self.setup.seed})")
        return out


# ------------------------------------------------------------------ input
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
    ids = [i for i in state.public.players[seat].hand if S._norm_name(state.tiles.names[i]) == S._norm_name(name)]
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


# ------------------------------------------------------------------ running
def run_snake_play(args: argparse.Namespace, *, pt_input=None, pt_output=None, recorder=None) -> int:
    try:
        setup = configure(args)
    except (PlayError, S.TileError) as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    setup.recorder = recorder  # (ui/local.py run_play)
    if setup.interactive and pt_input is None and not sys.stdin.isatty():
        print("snowp2p play: standard input is not a terminal; use --non-interactive for computer players only",
              file=sys.stderr)
        return 2
    g = None
    try:
        g = SnakeGame(setup)
        if not setup.interactive:
            print(f"Snake Carnival: {', '.join(setup.names)}")
            while not g.state.is_over:
                print(g.apply(g.bot_action()))
            print(B.render_board(g.state, 120, 60))
            for ln in g.result_lines():
                print(ln)
            return 0
        from .local import replay_hint, use_table

        if use_table(args, pt_output):
            from .svg import snake_svg_of
            from .tableplay import default_svg_path, run_local_table, snake_game

            return run_local_table("snake", snake_game(g), setup.seed, replay_hint(args), pt_input, pt_output,
                                   svg=lambda st, _trails: snake_svg_of(st, default_svg_path("snake", setup.seed)))
        return _Screen(g, pt_input, pt_output).run()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except RulesError as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # never a traceback
        if os.environ.get("SNOWP2P_DEBUG"):
            raise
        print(f"snowp2p play: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 3
    finally:
        if g is not None and setup.recorder is not None:
            setup.recorder.finish(g, pt_output)


class _Screen(PromptScreen):
    def __init__(self, g: SnakeGame, pt_input=None, pt_output=None):
        super().__init__(pt_input, pt_output)
        self.g = g
        self.centre: tuple[int, int] | None = None
        self.seen = 0

    def size(self) -> tuple[int, int]:
        try:
            s = self.output.get_size()
            return max(40, s.columns), max(15, s.rows - 12)
        except Exception:
            return 100, 40

    def table(self, preview=None) -> None:
        w, h = self.size()
        self.show(B.board_fragments(self.g.state, w, h, self.centre, preview))
        tags = {i: ("bot" if not hu else "") for i, hu in enumerate(self.g.setup.human)}
        self.show(B.status_fragments(self.g.state, tags))


    def run(self) -> int:
        g = self.g
        self.show([("bold", "Snake Carnival: " + ", ".join(
            f"{n}{'' if h else ' (bot)'}" for n, h in zip(g.setup.names, g.setup.human)) + "\n")])
        try:
            while not g.state.is_over:
                seat = g.state.public.current
                if g.setup.human[seat]:
                    g.apply(self.turn(seat))
                else:
                    g.apply(g.bot_action())
        except _Quit:
            self.show([("bold", "You left the game.\n")])
            self.show([("", f"Seed {g.setup.seed}\n")])
            return 0
        for ln in g.events[self.seen:]:
            self.show([("", "  " + ln + "\n")])
        self.table()
        for ln in g.result_lines():
            self.show([("bold", ln + "\n")])
        return 0

    def turn(self, seat: int) -> S.Action:
        from prompt_toolkit.completion import Completer, Completion

        g = self.g
        st = g.state
        for ln in g.events[self.seen:][-12:]:
            self.show([("", "  " + ln + "\n")])
        self.seen = len(g.events)
        p = st.public.players[seat]
        self.show([("bold", f"\n━━ Round {st.public.round} · "), (B.snake_style(p.colours[0]), p.name),
                   ("bold", f" ({'/'.join(p.colours)}) · {st.public.phase} ━━\n")])
        self.table()

        class _C(Completer):
            def get_completions(self, document, complete_event):
                text = document.text_before_cursor
                for s in suggestions(st, seat, text):
                    yield Completion(s, start_position=-len(text))

        def toolbar():
            from prompt_toolkit.application import get_app

            try:
                return preview_text(st, seat, get_app().current_buffer.text)
            except Exception:
                return ""

        while True:
            text = self.ask([(B.snake_style(p.colours[0]), p.name), ("bold", " › ")], completer=_C(),
                            complete_while_typing=True, bottom_toolbar=toolbar)
            try:
                a = parse_input(st, seat, text)
            except InputError as e:
                self.show([("fg:ansired", f"{e}\n")])
                continue
            if isinstance(a, str):
                if a == "quit":
                    raise _Quit()
                if a == "help":
                    self.show([("", HELP)])
                elif a == "board":
                    self.table()
                elif a == "score":
                    self.show([("", "\n".join(B.breakdown_lines(st)) + "\n")])
                elif a.startswith("pan"):
                    self.pan(a.split()[1])
                    self.table()
                elif a == "auto":
                    act = g.bot_action()
                    self.show([("fg:ansicyan", f"auto: {format_place(st, act)}\n")])
                    return act
                continue
            try:
                S.apply(st, a, Rand(b"snowp2p/ui/check"))
            except RulesError as e:
                self.show([("fg:ansired", f"{e}\n")])
                continue
            if isinstance(a, S.Place):
                w, h = self.size()
                self.show(B.board_fragments(st, w, h, self.centre, a))
                self.show([("bold", preview_text(st, seat, text) + "\n")])
                if self.ask([("bold", "Go? [Y/n] ")]).strip().lower() not in ("", "y", "yes", "go", "ok"):
                    self.show([("", "Not played.\n")])
                    continue
            return a

    def pan(self, where: str) -> None:
        w, h = self.size()
        x0, x1, y0, y1 = B.view_window(self.g.state, w, h, self.centre)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        step_x, step_y = max(1, (x1 - x0) // 2), max(1, (y1 - y0) // 2)
        self.centre = {"left": (cx - step_x, cy), "right": (cx + step_x, cy), "up": (cx, cy + step_y),
                       "down": (cx, cy - step_y)}.get(where)

"""``snowp2p play --game snake``: Snake Carnival on one terminal (computer players and hot seat).

Theory of operation
-------------------
:func:`run_snake_play` checks the arguments (one-line errors, exit status
2), deals (``Rand(derive(seed, "setup"))``) and hands the game to the
table's driver (``ui/tableplay.py``: the table or its plain lines): whoever
is to act is asked for an action -- a human through the game's view (the
input syntax is :mod:`.movetext`), a computer player through
``games/snake/bot.py`` ``choose_snake_action`` -- and the engine applies it with
``Rand(derive(seed, k))`` for action number ``k`` (so a seed replays a game).
All hands are open in Snake Carnival; hot seat still passes the keyboard, as
the table does for every game.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field

from . import engine as S
from . import tiles as T
from ...core.drbg import Rand, derive
from ...core.errors import RulesError
from ...ui.playargs import PlayError, check_names_and_seed, guarded, no_terminal, seat_counts
from . import board as B

BOT_NAMES = ("Anaconda", "Boa", "Cobra", "Dugite", "Eryx", "Fer", "Gecko")
MAX_NAME = 16


@dataclass
class SnakeSetup:
    names: list[str]
    human: list[bool]
    seed: int
    rules: S.SnakeRules
    tiles: S.TileSet
    interactive: bool
    recorder: object = None  # plays the game by the seats' sessions and logs it (commands/locallog.py), or None


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
    check_names_and_seed(names, args.seed)
    while len(names) < humans:
        names.append("Player" if humans == 1 else f"Player{len(names) + 1}")
    for b in BOT_NAMES:
        if len(names) >= total:
            break
        if b.lower() not in {n.lower() for n in names}:
            names.append(b)
    tiles = T.load_tiles(getattr(args, "tiles", None))
    rules = S.SnakeRules(two_snakes_each=not getattr(args, "one_snake_each", False))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(8), "big") >> 1
    interactive = not args.non_interactive and humans > 0
    return SnakeSetup(names[:total], [i < humans for i in range(total)], seed, rules, tiles, interactive)


def _bot():
    try:
        from .bot import choose_snake_action

        return choose_snake_action
    except ImportError:  # pragma: no cover
        return lambda st, r: S.legal_actions(st)[r.below(len(S.legal_actions(st)))]


@dataclass
class SnakeGame:
    setup: SnakeSetup
    state: S.SnakeState | None = None
    k: int = 0
    events: list[str] = field(default_factory=list)
    play: object = None  # the seats' sessions (commands/locallog.py): the game is played, and logged, by the protocol
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


def snake_game(g: SnakeGame):
    """A game behind the calls the table's driver needs (ui/tableplay.py LocalGame)."""
    from ...ui.tableplay import LocalGame

    def bot(state):
        return g.bot_action()

    return LocalGame("snake", g.setup.names, g.setup.human, lambda: g.state, bot, g.apply)


# ------------------------------------------------------------------ running
def run_snake_play(game, args: argparse.Namespace, *, pt_input=None, pt_output=None, recorder=None) -> int:
    if getattr(args, "series", None) is not None:
        print("snowp2p play: --series is for Snow Tails and Mush! Mush!", file=sys.stderr)
        return 2
    try:
        setup = configure(args)
    except (PlayError, T.TileError) as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    setup.recorder = recorder  # (commands/locallog.py: the game played by the seats' sessions and logged)
    if no_terminal(setup.interactive, pt_input, "use --non-interactive for computer players only"):
        return 2

    games: list[SnakeGame] = []

    def body() -> int:
        g = SnakeGame(setup)
        games.append(g)
        if not setup.interactive:
            print(f"Snake Carnival: {', '.join(setup.names)}")
            while not g.state.is_over:
                print(g.apply(g.bot_action()))
            print(B.render_board(g.state, 120, 60))
            for ln in g.result_lines():
                print(ln)
            return 0
        from ...ui.tableplay import play_local

        return play_local(game, snake_game(g), setup.seed, args, pt_input, pt_output, "Snake Carnival")

    try:
        return guarded(body, (RulesError,))
    finally:
        if games and recorder is not None:  # (its log saved, or why not: the recorder says so)
            recorder.finish(games[0], pt_output)

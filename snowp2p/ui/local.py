"""``snowp2p play``: a race on one terminal, against computer players or hot seat.

Theory of operation
-------------------
:func:`run_play` checks the arguments (one-line errors, exit status 2),
sets up the race and runs the loop: whoever is to act (``public.current``)
is asked for an action, a human through a prompt_toolkit prompt (see
:mod:`.commands` for the syntax and completion), a computer player through
``snowp2p.bots.choose_action``; the engine applies it.

Randomness: one game seed (``--seed``, or 63 bits from ``os.urandom``
printed at the end so the race can be replayed).  The setup draws from
``Rand(derive(seed_bytes, "setup"))``; action number ``k`` is applied with
``Rand(derive(seed_bytes, k))`` and a computer player choosing it gets
``Rand(derive(seed_bytes, "bot", k))``.  Each seat's layout secret is
``derive(seed_bytes, "secret", seat)``.  So the same seed and the same
inputs replay the same race.

Hot seat (``--humans`` > 1): the screen is cleared as soon as a human's
turn ends, and before the next human's turn a "pass the keyboard" screen
waits for Enter, so nobody sees another player's hand.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from typing import Callable

from ..rules import sled as S
from ..games.sled.options import sled_rules
from ..rules.config import PLAYER_COUNTS, SledRules
from ..rules.drbg import Rand, derive
from ..rules.errors import RulesError
from ..rules.track import Track, TrackError, find_track
from . import board as B
from .screen import PromptScreen, Quit
from .commands import HELP, Command, InputError, TurnHelper, format_action, outcome_text, parse_input

DEFAULT_TRACK = {"snowtails": "first-race", "mush": "mush-first-race"}
GAME_TITLE = {"snowtails": "Snow Tails", "mush": "Mush! Mush!"}
BOT_NAMES = ("Aurora", "Balto", "Comet", "Dasher", "Echo", "Frost", "Glacier", "Husky", "Ivy", "Juno",
             "Kodiak", "Luna", "Mika", "Nanook", "Orca", "Pepper", "Quill", "Rusty", "Storm", "Togo",
             "Ursa", "Vixen", "Willow", "Yukon", "Zephyr")
MAX_NAME = 16


class PlayError(Exception):
    """A bad ``play`` argument: one line, exit status 2."""


_Quit = Quit  # the player left (typed quit, or closed the input)


@dataclass
class Setup:
    game: str
    track: Track
    rules: SledRules
    names: list[str]
    human: list[bool]
    seed: int
    interactive: bool
    series: list[Track] = field(default_factory=list)  # --series: the tracks, in race order (ST-E4, MM-T1)
    recorder: object = None  # plays each race by the seats' sessions and logs it (ui/logged.py's Recorder), or None


# ------------------------------------------------------------------ arguments
def seat_counts(args: argparse.Namespace) -> tuple[int, int]:
    """(humans, computer players) from ``--humans``/``--bots``: 1 human + 3 bots by default, 4 bots
    when nobody plays; PlayError (one line) for a negative count.  Both games' ``play`` use it.
    ``--bots N`` is always N computer players: with ``--non-interactive`` there is no human unless
    ``--humans`` is given (those seats are then played by the computer too)."""
    humans = args.humans
    if humans is None:
        humans = 0 if args.non_interactive else 1
    if humans < 0:
        raise PlayError(f"--humans must be 0 or more, not {humans}")
    if args.bots is not None and args.bots < 0:
        raise PlayError(f"--bots must be 0 or more, not {args.bots}")
    bots = args.bots if args.bots is not None else (3 if humans <= 1 else max(0, 4 - humans))
    if args.non_interactive and args.bots is None and humans == 0:
        bots = 4
    return humans, bots


def configure(args: argparse.Namespace) -> Setup:
    """Check the ``play`` arguments; PlayError / TrackError with one line when wrong."""
    game = args.game
    lo, hi = PLAYER_COUNTS[game]
    title = GAME_TITLE[game]
    humans, bots = seat_counts(args)
    total = humans + bots
    if not (lo <= total <= hi):
        raise PlayError(f"{title} takes {lo} to {hi} players, not {total} ({humans} human{'s' if humans != 1 else ''} "
                        f"+ {bots} computer)")
    names_given = [n.strip() for n in (args.name or [])]
    if len(names_given) > max(humans, 1 if args.non_interactive else humans):
        raise PlayError(f"--name given {len(names_given)} times for {humans} human player{'s' if humans != 1 else ''}")
    for n in names_given:
        if not n or len(n) > MAX_NAME or not n.isprintable():
            raise PlayError(f"--name {n!r}: a name is 1 to {MAX_NAME} printable characters")
    if len({n.lower() for n in names_given}) != len(names_given):
        raise PlayError("--name: two players with the same name")
    if args.seed is not None and not (0 <= args.seed < 2**63):
        raise PlayError(f"--seed must be 0 to 2^63-1, not {args.seed}")
    series = _series_tracks(args, game)
    track = series[0] if series else find_track(args.track or DEFAULT_TRACK[game], game)
    for t in series or [track]:
        if total > t.lanes and game == "snowtails":
            raise PlayError(f"track {t.name!r} has {t.lanes} start positions, not enough for {total} players")

    names: list[str] = ["_".join(n.split()) for n in names_given]  # (a roster nickname has no spaces)
    if not args.non_interactive:
        while len(names) < humans:
            names.append("Player" if humans == 1 else f"Player{len(names) + 1}")
    used = {B.sled_mark_candidate(n) for n in names}
    for name in BOT_NAMES:
        if len(names) >= total:
            break
        if name[0] not in used and name.lower() not in {n.lower() for n in names}:
            names.append(name)
            used.add(name[0])
    while len(names) < total:
        names.append(f"Bot{len(names) + 1}")
    try:
        rules = sled_rules(game, args, series or [track])
    except ValueError as e:
        raise PlayError(str(e)) from None
    interactive = not args.non_interactive and humans > 0
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(8), "big") >> 1
    return Setup(game, track, rules, names, [interactive and i < humans for i in range(total)], seed, interactive,
                 series)


def _series_tracks(args: argparse.Namespace, game: str) -> list[Track]:
    """``--series a,b,c``: the tracks of a Snow Tails series (ST-E4, 2 or more) or a tournament (MM-T1, exactly 3)."""
    spec = getattr(args, "series", None)
    if spec is None:
        return []
    if args.track is not None:
        raise PlayError("--track and --series can not be used together")
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if game == "mush" and len(names) != 3:
        raise PlayError(f"--series: a Mush! Mush! tournament is 3 races on 3 tracks (MM-T1), not {len(names)}")
    if game == "snowtails" and len(names) < 2:
        raise PlayError(f"--series: a Snow Tails series is 2 or more tracks (ST-E4), not {len(names)}")
    try:
        return [find_track(n, game) for n in names]
    except TrackError as e:
        raise PlayError("--series: " + str(e).removeprefix("--track: ")) from None


# ------------------------------------------------------------------ the bots
def load_bot() -> tuple[Callable[[S.GameState, Rand], S.Action], bool]:
    """``snowp2p.bots.choose_action``, or a random legal action if the bots package does not provide it yet."""
    try:
        from ..bots import choose_action  # type: ignore[attr-defined]

        return choose_action, True
    except ImportError:
        return random_action, False


def random_action(state: S.GameState, rand: Rand) -> S.Action:
    actions = S.legal_actions(state)
    return actions[rand.below(len(actions))]


# ------------------------------------------------------------------ the race
@dataclass
class Race:
    setup: Setup
    seed_bytes: bytes = b""
    state: S.GameState | None = None
    k: int = 0  # actions applied
    events: list[str] = field(default_factory=list)
    bot: Callable = random_action
    bot_fallbacks: int = 0
    race_index: int = 0  # in a series: 0 for the first race
    play: object = None  # the seats' sessions (ui/logged.py): the race is played, and logged, by the protocol
    unlogged: str = ""  # why a race is played without sessions (a setting the protocol can not carry)
    saved: str = ""  # once its log is saved: the line that says where

    def __post_init__(self) -> None:
        st = self.setup
        self.seed_bytes = race_seed_bytes(st.seed, self.race_index)
        if self.state is None and st.recorder is not None:
            self.play, self.unlogged = st.recorder.sessions(st.game, st.track, st.rules, st.names, st.human,
                                                            self.seed_bytes)
            if self.play is not None:
                self.state = self.play.state()
        if self.state is None:  # a series passes the race's initial state in
            secrets = [derive(self.seed_bytes, "secret", i) for i in range(len(st.names))]
            self.state = S.new_game(st.game, st.track, st.names, Rand(derive(self.seed_bytes, "setup")), secrets,
                                    st.rules)
        self.bot, _ = load_bot()

    def look(self, seat: int) -> S.GameState:
        """A human's turn: the race as ``seat`` knows it (its own hand) is shown from now on."""
        if self.play is not None:
            self.state = self.play.look(seat)
        return self.state

    def bot_action(self, state: S.GameState) -> S.Action:
        if self.play is not None:  # the computer player of the seat to move knows that seat's hand only
            state = self.play.state(self.play.to_move)
        rand = Rand(derive(self.seed_bytes, "bot", self.k))
        try:
            action = self.bot(state, rand)
            if self.bot is not random_action:
                S.apply(state, action, Rand(b"snowp2p/ui/check"))
            return action
        except (RulesError, ValueError, TypeError, IndexError, AttributeError):
            self.bot_fallbacks += 1  # a bot in the making must not end the race
            return random_action(state, Rand(derive(self.seed_bytes, "bot", self.k)))

    def apply(self, action: S.Action) -> list[str]:
        """Apply an action; return the event lines it makes (public information only, with its consequences)."""
        from .views import sled_event_lines

        before = self.state
        assert before is not None
        if self.play is not None:
            self.play.submit(action)
            after = self.play.state()
            if self.play.over:  # the race is over: its log is saved at once (a series goes on)
                self.saved = self.setup.recorder.save(self.play)
        else:
            after = S.apply(before, action, Rand(derive(self.seed_bytes, self.k)))
        self.k += 1
        self.state = after
        lines = sled_event_lines(before, action, after)
        self.events.extend(lines)
        return lines

    def result_lines(self) -> list[str]:
        state = self.state
        assert state is not None
        pts = S.points(state)
        out = ["Final places:"]
        places = S.final_places(state)
        for i, seat in enumerate(places):
            s = state.sled(seat)
            if s.status == S.ELIMINATED:
                out.append(f"   -  {s.name:<{MAX_NAME}}  eliminated, {pts[seat]} points")
            else:
                out.append(f"  {i + 1:>2}. {s.name:<{MAX_NAME}}  {pts[seat]} point{'s' if pts[seat] != 1 else ''}")
        for s in state.public.sleds:
            if s.seat not in places:
                out.append(f"   -  {s.name:<{MAX_NAME}}  no place")
        return out

    def seed_line(self) -> str:
        return f"Seed {self.setup.seed} (replay this race with --seed {self.setup.seed})"


def run_play(args: argparse.Namespace, *, pt_input=None, pt_output=None, recorder=None) -> int:
    """The ``play`` command.  Exit status: 0 done (or quit), 2 bad arguments, 130 interrupted, 3 internal error.

    ``pt_input``/``pt_output`` replace the terminal (tests: prompt_toolkit's
    pipe input and a plain-text output).  ``recorder`` (ui/logged.py, which the ``play`` command passes:
    ``snowp2p.ui.logged.run_play``) plays the game by the seats' sessions and logs it; None: the engine alone.
    """
    if getattr(args, "game", None) == "snake" and getattr(args, "series", None) is not None:
        print("snowp2p play: --series is for Snow Tails and Mush! Mush!", file=sys.stderr)
        return 2
    if getattr(args, "game", None) == "snake":  # Snake Carnival has its own screen
        from .snake_play import run_snake_play

        return run_snake_play(args, pt_input=pt_input, pt_output=pt_output, recorder=recorder)
    try:
        setup = configure(args)
    except (PlayError, TrackError) as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    setup.recorder = recorder
    if setup.interactive and pt_input is None and not sys.stdin.isatty():
        print("snowp2p play: standard input is not a terminal; use --non-interactive for a race of computer players",
              file=sys.stderr)
        return 2
    race = None
    try:
        if setup.series:
            return _run_series(setup, pt_input, pt_output, use_table(args, pt_output))
        race = Race(setup)
        if not setup.interactive:
            return _run_batch(race)
        if use_table(args, pt_output):
            from .tableplay import run_local_table, sled_game
            from .svg import sled_svg_of

            return run_local_table(setup.game, sled_game(race), setup.seed, replay_hint(args), pt_input, pt_output,
                                   svg=lambda st, trails: sled_svg_of(st, default_svg_path(setup.game, setup.seed), trails))
        return _Screen(race, pt_input, pt_output).run()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        if race is not None:
            print(race.seed_line(), file=sys.stderr)
        return 130
    except (RulesError, TrackError) as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # never a traceback
        if os.environ.get("SNOWP2P_DEBUG"):  # developers: see the traceback
            raise
        print(f"snowp2p play: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 3
    finally:
        if race is not None and recorder is not None:
            recorder.finish(race, pt_output)


def use_table(args: argparse.Namespace, pt_output) -> bool:
    """The full-screen table on a terminal; today's line prompts with --plain or when the output is not a terminal."""
    from .table import is_terminal

    return not getattr(args, "plain", False) and is_terminal(pt_output)


def replay_hint(args: argparse.Namespace) -> str:
    """The ``play`` arguments as typed (without --seed), for the printed replay command."""
    argv = sys.argv[1:]
    if not argv or argv[0] != "play":
        track = getattr(args, "track", None)
        return f"--track {track} " if track else ""
    out, skip = [], False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a == "--seed":
            skip = True
            continue
        if a.startswith("--seed=") or a == "--game" or (out and out[-1] == "--game"):
            if a == "--game":
                out.append(a)
            elif out and out[-1] == "--game":
                out.pop()
            continue
        out.append(a)
    import shlex

    return "".join(shlex.quote(a) + " " for a in out)


def replay_hint_series(setup: Setup) -> str:
    return f"--series {','.join(t.name for t in setup.series)} "


def default_svg_path(kind: str, seed: int) -> str:
    return os.path.abspath(f"snowp2p-{kind}-{seed}.svg")


def _run_batch(race: Race) -> int:
    """--non-interactive: every seat a computer player; one line per event, then the places."""
    setup = race.setup
    print(f"{GAME_TITLE[setup.game]} on {setup.track.name}: {', '.join(setup.names)}")
    _, real = load_bot()
    if not real:
        print("note: snowp2p.bots is not available; computer players choose random legal actions", file=sys.stderr)
    state = race.state
    assert state is not None
    while not race.state.is_over:
        action = race.bot_action(race.state)
        for line in race.apply(action):
            print(line)
    for line in race.result_lines():
        print(line)
    print(race.seed_line())
    return 0


# ------------------------------------------------------------ a series
def race_seed_bytes(seed: int, race_index: int = 0) -> bytes:
    """The seed bytes of a race: a series' first race is the same race as a single race with the same seed."""
    b = derive(b"snowp2p/local", str(seed))
    return b if race_index == 0 else derive(b, "race", race_index)


def series_record(setup: Setup):
    """The pure record of a ``--series`` (snowp2p.rules.series): a Snow Tails Series or a Mush! Mush! Tournament."""
    from ..rules.series import Series, Tournament

    cls = Tournament if setup.game == "mush" else Series
    return cls(tuple(setup.series), tuple(setup.names), setup.rules)


def next_series_race(setup: Setup, record, previous: S.GameState | None) -> Race:
    """The next race of a series: fresh for Snow Tails and the first race, carried over for a tournament (MM-T2)."""
    from dataclasses import replace

    i = record.race_index
    if setup.game != "mush" and setup.recorder is not None:  # a fresh race (ST-E4): played by sessions, logged
        return Race(replace(setup, track=record.next_track), race_index=i)
    seed_bytes = race_seed_bytes(setup.seed, i)
    rand = Rand(derive(seed_bytes, "setup"))
    secrets = [derive(seed_bytes, "secret", k) for k in range(len(setup.names))]
    if setup.game == "mush":
        state = record.start_race(rand, secrets, previous)
    else:
        state = record.start_race(rand, secrets)
    return Race(replace(setup, track=record.next_track), state=state, race_index=i)


def series_title(setup: Setup) -> str:
    kind = "tournament" if setup.game == "mush" else "series"
    return f"{GAME_TITLE[setup.game]} {kind}: {', '.join(t.name for t in setup.series)}"


def standings_lines(record, heading: str) -> list[str]:
    """The running totals, best first (ties broken by the last race, ST-E4 / MM-T4), with each race's points."""
    totals = record.totals()
    out = [heading]
    for rank, seat in enumerate(record.standings()):
        per_race = " + ".join(str(r.points[seat]) for r in record.results)
        out.append(f"  {rank + 1:>2}. {record.names[seat]:<{MAX_NAME}}  {totals[seat]:>3} point{'s' if totals[seat] != 1 else ' '}  ({per_race})")
    return out


def _series_seed_line(setup: Setup) -> str:
    return f"Seed {setup.seed} (replay this {'tournament' if setup.game == 'mush' else 'series'} with --seed {setup.seed})"


def _start_line(race: Race) -> str:
    state = race.state
    order = sorted(state.public.sleds, key=lambda s: s.start)
    if state.game == "mush":
        return "Start order: " + ", ".join(f"{s.name} (die {s.die})" for s in order)
    return ""


def _run_series(setup: Setup, pt_input=None, pt_output=None, table: bool = False) -> int:
    record = series_record(setup)
    if not setup.interactive:
        return _run_series_batch(setup, record)
    if table:
        from .tableplay import run_series_table

        return run_series_table(setup, record, pt_input, pt_output)
    return _run_series_screen(setup, record, pt_input, pt_output)


def _run_series_batch(setup: Setup, record) -> int:
    """--non-interactive --series: each race as in _run_batch, its places and the running totals; then the standings."""
    print(f"{series_title(setup)}: {', '.join(setup.names)}")
    _, real = load_bot()
    if not real:
        print("note: snowp2p.bots is not available; computer players choose random legal actions", file=sys.stderr)
    previous = None
    n = len(record.tracks)
    logs: list[str] = []  # each race's log (a Snow Tails series; ui/logged.py)
    while not record.is_over:
        race = next_series_race(setup, record, previous)
        print(f"== Race {record.race_index + 1} of {n}: {race.setup.track.name} ==")
        if _start_line(race):
            print(_start_line(race))
        while not race.state.is_over:
            for line in race.apply(race.bot_action(race.state)):
                print(line)
        for line in race.result_lines():
            print(line)
        record = record.record(race.state)
        previous = race.state
        logs += [race.saved] if race.saved else []
        if not record.is_over:
            for line in standings_lines(record, f"Totals after race {record.race_index} of {n}:"):
                print(line)
    for line in standings_lines(record, "Final standings:"):
        print(line)
    print(_series_seed_line(setup))
    for line in logs:
        print(line)
    return 0


def _run_series_screen(setup: Setup, record, pt_input=None, pt_output=None) -> int:
    """Interactive --series: one _Screen per race on the same terminal, the totals between races."""
    previous = None
    screen = None
    n = len(record.tracks)
    while not record.is_over:
        race = next_series_race(setup, record, previous)
        screen = _Screen(race, screen.input if screen else pt_input, screen.output if screen else pt_output)
        screen.line(f"{series_title(setup)} — race {record.race_index + 1} of {n}", "bold")
        if _start_line(race):
            screen.line(_start_line(race))
        rc = screen.run()
        if not race.state.is_over:  # the player left
            return rc
        record = record.record(race.state)
        previous = race.state
        if record.is_over:
            break
        for ln in standings_lines(record, f"Totals after race {record.race_index} of {n}:"):
            screen.line(ln, "bold")
        try:
            screen.ask([("bold", "Press Enter for the next race. ")])
        except _Quit:
            screen.line("You left the series.", "bold")
            screen.line(_series_seed_line(setup))
            return 0
    assert screen is not None
    for ln in standings_lines(record, "Final standings:"):
        screen.line(ln, "bold")
    screen.line(_series_seed_line(setup))
    return 0


# ------------------------------------------------------------ the terminal
class _Screen(PromptScreen):
    """The interactive game: prompt_toolkit prompts and coloured output."""

    def __init__(self, race: Race, pt_input=None, pt_output=None):
        super().__init__(pt_input, pt_output)
        self.race = race
        self.humans = [i for i, h in enumerate(race.setup.human) if h]
        self.hot_seat = len(self.humans) > 1
        self.tags = {i: ("bot" if not h else ("you" if not self.hot_seat else "")) for i, h in enumerate(race.setup.human)}
        self.seen = {i: 0 for i in self.humans}  # events seen by each human
        self.last_human: int | None = None

    # ---- output
    def line(self, text: str, style: str = "") -> None:
        self.show([(style, text + "\n")])

    def width(self) -> int:
        try:
            return max(40, self.output.get_size().columns)
        except Exception:
            return 80

    def clear(self) -> None:
        self.output.erase_screen()
        self.output.write_raw("\x1b[3J")  # the scrollback too (hot seat privacy)
        self.output.cursor_goto(0, 0)
        self.output.flush()

    # ---- the loop
    def run(self) -> int:
        race = self.race
        setup = race.setup
        self.line(f"{GAME_TITLE[setup.game]} on {setup.track.name}"
                  + (f" — {setup.track.description}" if setup.track.description else ""), "bold")
        self.line("Players: " + ", ".join(f"{n}{' (bot)' if not h else ''}" for n, h in zip(setup.names, setup.human)))
        _, real = load_bot()
        if not real:
            self.line("(computer players choose random legal actions: snowp2p.bots is not available)", "fg:ansiyellow")
        try:
            while not race.state.is_over:
                state = race.state
                seat = state.public.current
                if setup.human[seat]:
                    action = self.human_turn(seat)
                    lines = race.apply(action)
                    if race.state.public.current != seat or race.state.is_over:
                        self.end_of_human_turn(seat)
                    else:
                        for ln in lines:
                            self.line("  " + ln, "fg:ansibrightblack")
                else:
                    race.apply(race.bot_action(state))  # shown at the next human turn ("Since your last turn")
        except _Quit:
            self.line("You left the race.", "bold")
            self.line(race.seed_line())
            return 0
        self.line("")
        self.line("The race is over.", "bold")
        seen = min(self.seen.values(), default=0)
        for ln in race.events[seen:]:
            self.line("  " + ln)
        self.show(B.board_fragments(race.state, self.width()))
        for ln in race.result_lines():
            self.line(ln, "bold")
        self.line(race.seed_line())
        return 0

    def end_of_human_turn(self, seat: int) -> None:
        self.seen[seat] = len(self.race.events)
        if self.hot_seat:
            self.clear()
            self.line(f"{self.race.state.sled(seat).name}'s turn is over.", "bold")

    def pass_keyboard(self, seat: int) -> None:
        s = self.race.state.sled(seat)
        self.clear()
        self.ask([("bold", "Pass the keyboard to "), (B.seat_style(seat), s.name),
                  ("bold", f" ({B.colour_name(seat)}). {s.name}, press Enter when ready. ")])
        self.clear()

    def header(self, seat: int) -> None:
        state = self.race.state
        s = state.sled(seat)
        mark = B.sled_marks(state)[seat]
        what = {S.PH_TREES: "place a tree", S.PH_START: "choose your start position", S.PH_MOVE: "play cards and move",
                S.PH_REFILL: "refill your hand"}[state.public.phase]
        self.show([("", "\n"), ("bold", f"━━ Round {state.public.round} · "), (B.seat_style(seat), f"{mark} {s.name}"),
                   ("bold", f" ({B.colour_name(seat)}) · {what} ━━\n")])

    def show_table(self, seat: int, highlight=None) -> None:
        state = self.race.state
        self.show(B.board_fragments(state, self.width(), viewer=seat, highlight=highlight))
        self.show(B.legend_fragments(state))
        self.show(B.status_fragments(state, viewer=seat, tags=self.tags))

    def human_turn(self, seat: int) -> S.Action:
        from prompt_toolkit.completion import Completer, Completion

        race = self.race
        state = race.look(seat)
        if self.hot_seat and self.last_human != seat:
            self.pass_keyboard(seat)
        self.last_human = seat
        news = race.events[self.seen.get(seat, 0):]
        self.header(seat)
        if news and state.public.phase != S.PH_REFILL:
            self.line("Since your last turn:" if self.seen.get(seat) else "So far:", "bold")
            for ln in news[-12:]:
                self.line("  " + ln)
        self.seen[seat] = len(race.events)
        if state.public.phase == S.PH_REFILL:
            need = state.public.refill
            if need is not None:
                word = "discard" if need.min_discard == need.max_discard else "discard up to"
                extra = [x for x, ok in (("chapel", need.chapel), ("kennels", need.kennels)) if ok]
                self.line(f"Refill: {word} {need.max_discard} dog card(s)" if need.max_discard else "Refill",
                          "bold")
                if extra:
                    self.line("You may also use: " + ", ".join(extra) + "  (type e.g. `keep chapel`)")
        self.show_table(seat)
        helper = TurnHelper(state, seat)

        class _Completer(Completer):
            def get_completions(self, document, complete_event):
                text = document.text_before_cursor
                for sug in helper.suggest(text):
                    yield Completion(sug.text, start_position=-len(text), display=sug.display, display_meta=sug.meta)

        def toolbar():
            from prompt_toolkit.application import get_app

            try:
                return helper.preview(get_app().current_buffer.text)
            except Exception:
                return ""

        prompt = [(B.seat_style(seat), state.sled(seat).name), ("bold", " › ")]
        while True:
            text = self.ask(prompt, completer=_Completer(), complete_while_typing=True, bottom_toolbar=toolbar)
            try:
                action = parse_input(state, seat, text)
            except InputError as e:
                self.line(str(e), "fg:ansired")
                continue
            if isinstance(action, Command):
                if action.name == "help":
                    self.show([("", HELP)])
                    continue
                if action.name == "board":
                    self.show_table(seat)
                    continue
                if action.name == "quit":
                    raise _Quit()
                auto = race.bot_action(state)
                self.line(f"auto: {format_action(auto, state.track)}"
                          + (f"  {outcome_text(state, auto)}" if isinstance(auto, S.Move) else ""), "fg:ansicyan")
                return auto
            if isinstance(action, S.Move):
                self.show(B.board_fragments(state, self.width(), viewer=seat, highlight=B.path_spaces(state, action)))
                self.line(f"{format_action(action)}  {outcome_text(state, action)}", "bold")
                answer = self.ask([("bold", "Go? [Y/n] ")]).strip().lower()
                if answer not in ("", "y", "yes", "go", "ok"):
                    self.line("Not played. Type another move.")
                    continue
            return action

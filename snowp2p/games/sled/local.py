"""``snowp2p play`` for Snow Tails and Mush! Mush!: a race (or a series) on one terminal, against computer
players or hot seat (the game object's ``local_play``).

Theory of operation
-------------------
:func:`run_play` checks the arguments (one-line errors, exit status 2),
sets up the race and hands it to the table's driver (``ui/tableplay.py``,
the full-screen table or its plain lines): whoever is to act is asked for
an action, a human through the game's view (see :mod:`.movetext` for the
syntax and completion), a computer player through
``bot.py`` ``choose_action``; the engine applies it.

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

from . import engine as S
from .config import PLAYER_COUNTS, SledRules
from ...core.drbg import Rand, derive
from ...core.errors import RulesError
from .track import Track, TrackError, find_track
from ...ui.playargs import PlayError, check_names_and_seed, guarded, no_terminal, seat_counts, use_table
from . import board as B
from .options import sled_rules

DEFAULT_TRACK = {"snowtails": "first-race", "mush": "mush-first-race"}
GAME_TITLE = {"snowtails": "Snow Tails", "mush": "Mush! Mush!"}
BOT_NAMES = ("Aurora", "Balto", "Comet", "Dasher", "Echo", "Frost", "Glacier", "Husky", "Ivy", "Juno",
             "Kodiak", "Luna", "Mika", "Nanook", "Orca", "Pepper", "Quill", "Rusty", "Storm", "Togo",
             "Ursa", "Vixen", "Willow", "Yukon", "Zephyr")
MAX_NAME = 16


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
    recorder: object = None  # plays each race by the seats' sessions and logs it (commands/locallog.py's Recorder), or None


# ------------------------------------------------------------------ arguments
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
    check_names_and_seed(names_given, args.seed)
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
    """The computer player (``bot.py`` ``choose_action``), or a random legal action if it can not be imported."""
    try:
        from .bot import choose_action

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
    play: object = None  # the seats' sessions (commands/locallog.py): the race is played, and logged, by the protocol
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
        from .view import sled_event_lines

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


def run_play(game, args: argparse.Namespace, *, pt_input=None, pt_output=None, recorder=None) -> int:
    """The ``play`` command.  Exit status: 0 done (or quit), 2 bad arguments, 130 interrupted, 3 internal error.

    ``pt_input``/``pt_output`` replace the terminal (tests: prompt_toolkit's
    pipe input and a plain-text output).  ``recorder`` (commands/locallog.py, which the ``play`` command passes)
    plays the game by the seats' sessions and logs it; None: the engine alone.
    """
    try:
        setup = configure(args)
    except (PlayError, TrackError) as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    setup.recorder = recorder
    if no_terminal(setup.interactive, pt_input, "use --non-interactive for a race of computer players"):
        return 2
    races: list[Race] = []

    def body() -> int:
        if setup.series:
            return _run_series(game, setup, pt_input, pt_output, use_table(args, pt_output))
        races.append(Race(setup))
        if not setup.interactive:
            return _run_batch(races[0])
        from ...ui.tableplay import play_local

        return play_local(game, sled_game(races[0]), setup.seed, args, pt_input, pt_output, setup.track.name)

    try:
        return guarded(body, (RulesError, TrackError), lambda: [r.seed_line() for r in races])
    finally:
        if races and recorder is not None:  # (its log saved, or why not: the recorder says so)
            recorder.finish(races[0], pt_output)


def replay_hint_series(setup: Setup) -> str:
    return f"--series {','.join(t.name for t in setup.series)} "


def _run_batch(race: Race) -> int:
    """--non-interactive: every seat a computer player; one line per event, then the places."""
    setup = race.setup
    print(f"{GAME_TITLE[setup.game]} on {setup.track.name}: {', '.join(setup.names)}")
    _, real = load_bot()
    if not real:
        print("note: the computer player is not available; computer players choose random legal actions", file=sys.stderr)
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
    """The pure record of a ``--series`` (series.py): a Snow Tails Series or a Mush! Mush! Tournament."""
    from .series import Series, Tournament

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


def _run_series(game, setup: Setup, pt_input=None, pt_output=None, table: bool = False) -> int:
    record = series_record(setup)
    if not setup.interactive:
        return _run_series_batch(setup, record)
    return run_series_table(game, setup, record, pt_input, pt_output, plain=not table)


def _run_series_batch(setup: Setup, record) -> int:
    """--non-interactive --series: each race as in _run_batch, its places and the running totals; then the standings."""
    print(f"{series_title(setup)}: {', '.join(setup.names)}")
    _, real = load_bot()
    if not real:
        print("note: the computer player is not available; computer players choose random legal actions", file=sys.stderr)
    previous = None
    n = len(record.tracks)
    logs: list[str] = []  # each race's log (a Snow Tails series; commands/locallog.py)
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


def sled_game(race):
    """A race behind the calls the table's driver needs (ui/tableplay.py LocalGame)."""
    from ...ui.tableplay import LocalGame

    return LocalGame(race.setup.game, race.setup.names, race.setup.human, lambda: race.state,
                     race.bot_action, race.apply, race.look)


def run_series_table(game, setup, record, pt_input=None, pt_output=None, plain: bool = False) -> int:
    """A Snow Tails series or a Mush! Mush! tournament on one table: each race, the totals between races
    (Enter for the next), and the end screen with the final standings."""
    from ...ui.tableplay import Interrupted, Quit, drive, end_info, open_table, program, tags_for, write_after

    view = game.view()
    table, run = open_table(view, plain, title=series_title(setup), tags=tags_for(setup.human, sum(setup.human) > 1),
                            pt_input=pt_input, pt_output=pt_output)
    n = len(record.tracks)
    seed_cmd = [_series_seed_line(setup) + ":",
                f"  {program()} play --game {setup.game} {replay_hint_series(setup)}--seed {setup.seed}"]
    box: dict = {"record": record}

    async def main(t):
        previous = None
        rec = box["record"]
        last = None
        while not rec.is_over:
            race = next_series_race(setup, rec, previous)
            t.events = [f"— race {rec.race_index + 1} of {n}: {race.setup.track.name} —"]
            if _start_line(race):
                t.events.append(_start_line(race))
            game = sled_game(race)
            await drive(t, game)
            box.setdefault("logs", []).extend([race.saved] if race.saved else [])  # (each race's log: locallog)
            rec = box["record"] = rec.record(race.state)
            previous = last = race.state
            if not rec.is_over:
                await t.pause(f"Race {rec.race_index} of {n} is over. Press Enter for the next race.",
                              standings_lines(rec, f"Totals after race {rec.race_index} of {n}:"))
        totals = standings_lines(rec, "Final standings:")
        await t.end_screen(end_info(view, last, seed_cmd, totals,
                                    headline=f"The {'tournament' if setup.game == 'mush' else 'series'} is over."))

    try:
        run(table, main)
    except Quit:
        write_after(pt_output, "You left the series.\n" + "\n".join(seed_cmd) + "\n")
        return 0
    except Interrupted:
        write_after(pt_output, "interrupted\n" + "\n".join(seed_cmd) + "\n")
        return 130
    write_after(pt_output, "\n".join(standings_lines(box["record"], "Final standings:")) + "\n"
                + "\n".join(seed_cmd + box.get("logs", [])) + "\n")
    return 0

"""Local play (``snowp2p play``) on the table screen, for all three games.

Theory of operation
-------------------
A *local game* (:class:`LocalGame`) wraps what ``ui/local.py`` (the sled
games' ``Race``) or ``ui/snake_play.py`` (``SnakeGame``) already do --
the seeded randomness, the engine calls, the computer players -- behind
four calls the driver needs: ``state``, ``human(seat)``, ``bot(state)``
and ``apply(action)``.  :func:`drive` is the loop: the seat to act is
asked through the table (a human) or its computer player runs in a worker
thread (so the screen stays live); each action's event lines come from
the game's view, the same lines networked play shows.  At the end the
table shows the end screen; after it closes, the result is printed to the
terminal's scrollback as well.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any, Callable

from ..program import program  # noqa: F401 - re-exported for the screens
from .screen import Quit
from .table import Interrupted, Table, run_app
from .views import view_for
from ..games.sled.view import record_trails  # noqa: F401 - re-exported (netscreen, netplay)


class LocalGame:
    """One local game behind the calls the table's driver needs."""

    def __init__(self, kind: str, names: list[str], human: list[bool], state_of: Callable[[], Any],
                 bot: Callable[[Any], Any], apply: Callable[[Any], None],
                 look: Callable[[int], Any] | None = None):
        self.kind = kind
        self.names = names
        self.human = human
        self._state_of = state_of
        self.bot = bot
        self._apply = apply
        self._look = look
        self.trails: dict[int, list[int]] = {}  # sled games: seat -> the spaces it stood on, turn by turn

    @property
    def state(self):
        return self._state_of()

    def apply(self, action) -> None:
        self._apply(action)

    def look(self, seat: int):
        """The game as ``seat`` knows it (a local game played by sessions: that seat's own hand)."""
        return self._look(seat) if self._look is not None else self.state


def sled_game(race) -> LocalGame:
    return LocalGame(race.setup.game, race.setup.names, race.setup.human, lambda: race.state,
                     race.bot_action, race.apply, race.look)


def snake_game(g) -> LocalGame:
    def bot(state):
        return g.bot_action()

    return LocalGame("snake", g.setup.names, g.setup.human, lambda: g.state, bot, g.apply)


def tags_for(human: list[bool], hot_seat: bool) -> dict[int, str]:
    return {i: ("computer" if not h else ("" if hot_seat else "you")) for i, h in enumerate(human)}


async def drive(table: Table, game: LocalGame) -> bool:
    """Play ``game`` to its end on ``table``.  True when it ended, False when the player left (Quit)."""
    view = table.view
    humans = [i for i, h in enumerate(game.human) if h]
    hot_seat = len(humans) > 1
    last_human: int | None = None
    table.viewer = humans[0] if len(humans) == 1 else None
    table.show(game.state)
    while not game.state.is_over:
        state = game.state
        seat = view.acting(state)
        name = view.names(state)[seat]
        if game.human[seat]:
            if hot_seat and last_human != seat:
                table.viewer = None
                await table.pause(f"Pass the keyboard to {name}. {name}, press Enter when ready.")
                table.viewer = seat
            last_human = seat
            state = game.look(seat)  # (the game as this seat knows it: its own hand)
            action = await table.ask(state, seat, auto=lambda st=state: game.bot(st))
        else:
            table.wait_for(seat, f"{name} (computer) is choosing")
            action = await asyncio.to_thread(game.bot, state)
            table.wait_for(None, None)
        before = game.state
        game.apply(action)
        record_trails(game.trails, game.state)
        table.show(game.state, view.events(before, action, game.state))
    return True


def end_info(view, state, commands: list[str], totals: list[str] | None = None, headline: str | None = None) -> dict:
    return {"headline": headline or f"The game is over. Final places below; PgUp/PgDn for how it was reached.",
            "rows": view.result(state), "totals": totals or [], "how": view.how(state), "commands": commands}


def result_text(view, state, commands: list[str], totals: list[str] | None = None) -> str:
    """The end screen's result as plain lines for the scrollback (after the table closes)."""
    out = ["Final places:"]
    for place, _, text in view.result(state):
        out.append(f"  {place:>2}. {text}")
    out += totals or []
    out += commands
    return "\n".join(out) + "\n"


def write_after(pt_output, text: str) -> None:
    if pt_output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        pt_output.write_raw(text.replace("\n", "\r\n"))
        pt_output.flush()


def replay_command(kind: str, argv_hint: str, seed: int) -> str:
    return f"Replay this game: {program()} play --game {kind} {argv_hint}--seed {seed}".replace("  ", " ")


def run_local_table(kind: str, game: LocalGame, seed: int, argv_hint: str, pt_input=None, pt_output=None,
                    svg: Callable[[Any, dict], str] | None = None) -> int:
    """One local game on the table, its end screen, then the result in the scrollback."""
    view = view_for(kind)
    table = Table(view, tags=tags_for(game.human, sum(game.human) > 1), pt_input=pt_input, pt_output=pt_output)
    commands = [f"Seed {seed} (replay this {'race' if kind != 'snake' else 'game'} with --seed {seed}):",
                f"  {program()} play --game {kind} {argv_hint}--seed {seed}"]
    outcome: dict = {}

    async def main(t: Table):
        ended = await drive(t, game)
        outcome["ended"] = ended
        if svg is not None:
            t.on_svg = lambda: svg(game.state, game.trails)
        await t.end_screen(end_info(view, game.state, commands))

    try:
        run_app(table, main)
    except Quit:
        write_after(pt_output, f"You left the {'game' if kind == 'snake' else 'race'}.\n"
                               + "\n".join(commands) + "\n")
        return 0
    except Interrupted:
        write_after(pt_output, "interrupted\n" + "\n".join(commands) + "\n")
        return 130
    write_after(pt_output, result_text(view, game.state, commands))
    return 0


def default_svg_path(kind: str, seed: int) -> str:
    return os.path.abspath(f"snowp2p-{kind}-{seed}.svg")


def run_series_table(setup, record, pt_input=None, pt_output=None) -> int:
    """A Snow Tails series or a Mush! Mush! tournament on one table: each race, the totals between races
    (Enter for the next), and the end screen with the final standings."""
    from . import local as L

    view = view_for(setup.game)
    table = Table(view, title=L.series_title(setup), tags=tags_for(setup.human, sum(setup.human) > 1),
                  pt_input=pt_input, pt_output=pt_output)
    n = len(record.tracks)
    seed_cmd = [L._series_seed_line(setup) + ":",
                f"  {program()} play --game {setup.game} {L.replay_hint_series(setup)}--seed {setup.seed}"]
    box: dict = {"record": record}

    async def main(t: Table):
        previous = None
        rec = box["record"]
        last = None
        while not rec.is_over:
            race = L.next_series_race(setup, rec, previous)
            t.events = [f"— race {rec.race_index + 1} of {n}: {race.setup.track.name} —"]
            if L._start_line(race):
                t.events.append(L._start_line(race))
            game = sled_game(race)
            await drive(t, game)
            box.setdefault("logs", []).extend([race.saved] if race.saved else [])  # (each race's log: ui/logged.py)
            rec = box["record"] = rec.record(race.state)
            previous = last = race.state
            if not rec.is_over:
                await t.pause(f"Race {rec.race_index} of {n} is over. Press Enter for the next race.",
                              L.standings_lines(rec, f"Totals after race {rec.race_index} of {n}:"))
        totals = L.standings_lines(rec, "Final standings:")
        await t.end_screen(end_info(view, last, seed_cmd, totals,
                                    headline=f"The {'tournament' if setup.game == 'mush' else 'series'} is over."))

    try:
        run_app(table, main)
    except Quit:
        write_after(pt_output, "You left the series.\n" + "\n".join(seed_cmd) + "\n")
        return 0
    except Interrupted:
        write_after(pt_output, "interrupted\n" + "\n".join(seed_cmd) + "\n")
        return 130
    write_after(pt_output, "\n".join(L.standings_lines(box["record"], "Final standings:")) + "\n"
                + "\n".join(seed_cmd + box.get("logs", [])) + "\n")
    return 0

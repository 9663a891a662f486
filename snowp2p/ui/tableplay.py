"""Local play (``snowp2p play``) on the table screen (or its plain lines), for every game.

Theory of operation
-------------------
A *local game* (:class:`LocalGame`) wraps what each game's local set-up
(``games/*/local.py``) does -- the seeded randomness, the engine calls,
the computer players -- behind four calls the driver needs: ``state``, ``human(seat)``, ``bot(state)``
and ``apply(action)``.  :func:`drive` is the loop: the seat to act is
asked through the table (a human) or its computer player runs in a worker
thread (so the screen stays live); each action's event lines come from
the game's view, the same lines networked play shows.  At the end the
table shows the end screen; after it closes, the result is printed to the
terminal's scrollback as well.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable

from ..program import program  # noqa: F401 - re-exported for the screens
from .views import Quit
from .table import Interrupted, Table, run_app
from .views import ScreenGame


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
        self.states: list = []  # every state after the first, turn by turn (the picture: Game.svg)

    @property
    def state(self):
        return self._state_of()

    def apply(self, action) -> None:
        self._apply(action)

    def look(self, seat: int):
        """The game as ``seat`` knows it (a local game played by sessions: that seat's own hand)."""
        return self._look(seat) if self._look is not None else self.state


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
        game.states.append(game.state)
        table.show(game.state, view.events(before, action, game.state))
    return True


def end_info(view, state, commands: list[str], totals: list[str] | None = None, headline: str | None = None) -> dict:
    return {"headline": headline or "The game is over. Final places below; PgUp/PgDn for how it was reached.",
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


def open_table(view, plain: bool, **kw):
    """(table, run): the full-screen table and :func:`.table.run_app`, or with ``plain`` the line renderer
    of the same view and :func:`.plain.run_plain` (``--plain``, or an output that is not a terminal)."""
    if plain:
        from .plain import PlainTable, run_plain

        return PlainTable(view, **kw), run_plain
    return Table(view, **kw), run_app


def run_local_table(screen: ScreenGame, game: LocalGame, seed: int, argv_hint: str, pt_input=None, pt_output=None,
                    svg: Callable[[list], str] | None = None, plain: bool = False) -> int:
    """One local game on the table (or its plain lines), its end screen, then the result in the scrollback."""
    view, kind = screen.view(), screen.kind
    table, run = open_table(view, plain, tags=tags_for(game.human, sum(game.human) > 1), pt_input=pt_input,
                            pt_output=pt_output)
    commands = [f"Seed {seed} (replay this {screen.word} with --seed {seed}):",
                f"  {program()} play --game {kind} {argv_hint}--seed {seed}"]
    outcome: dict = {}

    async def main(t: Table):
        ended = await drive(t, game)
        outcome["ended"] = ended
        if svg is not None:
            t.on_svg = lambda: svg(game.states or [game.state])
        await t.end_screen(end_info(view, game.state, commands))

    try:
        run(table, main)
    except Quit:
        write_after(pt_output, f"You left the {screen.word}.\n"
                               + "\n".join(commands) + "\n")
        return 0
    except Interrupted:
        write_after(pt_output, "interrupted\n" + "\n".join(commands) + "\n")
        return 130
    write_after(pt_output, result_text(view, game.state, commands))
    return 0


def play_local(game: ScreenGame, local: LocalGame, seed: int, args, pt_input=None, pt_output=None,
               picture_title: str = "") -> int:
    """A game's interactive ``play``: on the table (its plain lines with ``--plain`` or no terminal), the
    picture (``s`` on the end screen) written next to where the program runs."""
    from .playargs import default_svg_path, replay_hint, use_table
    from .svg import write_svg

    return run_local_table(game, local, seed, replay_hint(args), pt_input, pt_output,
                           svg=lambda states: write_svg(default_svg_path(game.kind, seed),
                                                        game.svg(states, picture_title or game.title), fresh=True),
                           plain=not use_table(args, pt_output))

"""The terminal for a networked game: the local seat's turns reuse local play's prompt.

``NetScreen.decide(state, seat)`` blocks (the trio shell runs it in a
thread) and returns the action the person typed; ``on_turn`` prints what
the others did as each turn becomes final.
"""

from __future__ import annotations

import os
import threading
from types import SimpleNamespace

from ..rules import sled as S
from ..rules.drbg import Rand
from . import local


class NetScreen:
    def __init__(self, title: str):
        self.title = title
        self.events: list[str] = []
        self._screen = None
        self._lock = threading.Lock()

    def _race(self, state: S.GameState, seat: int):
        names = [s.name for s in state.public.sleds]
        setup = SimpleNamespace(game=state.game, track=state.track, rules=state.rules, names=names,
                                human=[i == seat for i in range(len(names))], seed=0, interactive=True)
        bot, _ = local.load_bot()
        race = SimpleNamespace(setup=setup, state=state, events=self.events,
                               bot_action=lambda st: bot(st, Rand(os.urandom(32))))
        return race

    def decide(self, state, seat: int):
        if not isinstance(state, S.GameState):
            return self._decide_snake(state, seat)
        with self._lock:
            race = self._race(state, seat)
            if self._screen is None:
                self._screen = local._Screen(race)
            else:
                self._screen.race = race
            try:
                return self._screen.human_turn(seat)
            except local._Quit:
                # Leaving a networked game is not a move: let the computer play this seat from here on.
                self._screen.line("You left the table: a computer player plays your seat from now on.")
                self.decide = lambda st, se: race.bot_action(st)  # type: ignore[method-assign]
                return race.bot_action(state)

    def on_turn(self, game, ev) -> None:
        last = game.session.last_description
        if ev.turn > 0 and last:
            self.events.append(last)

    def _decide_snake(self, state, seat: int):
        from . import snake_play

        with self._lock:
            bot = snake_play._bot()
            names = [p.name for p in state.public.players] if hasattr(state.public, "players") else []
            setup = SimpleNamespace(human=[i == seat for i in range(len(names))], names=names)
            g = SimpleNamespace(state=state, events=self.events, setup=setup,
                                bot_action=lambda: bot(state, Rand(os.urandom(32))))
            if self._screen is None or not isinstance(self._screen, snake_play._Screen):
                self._screen = snake_play._Screen(g)
            else:
                self._screen.g = g
            try:
                return self._screen.turn(seat)
            except snake_play._Quit:
                self.decide = lambda st, se: bot(st, Rand(os.urandom(32)))  # type: ignore[method-assign]
                return g.bot_action()

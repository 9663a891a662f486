"""The sled games' matches as the network plays them (protocol/SPEC.md section 16): the game object's
``match`` (:class:`SledMatch`), what protocol/match.py and commands/match.py ask instead of naming a game.

The rules of a match have one home, :mod:`snowp2p.games.sled.series` (ST-E4; MM-T1..MM-T4), shared with local
play (local.py): :meth:`SledMatch.record` builds its ``Series`` or ``Tournament`` from the races' final
states, and the standings are local play's ``standings_lines``.
"""

from __future__ import annotations

from typing import Sequence

from . import series
from .engine import MM, ST

MAX_RACES = 16  # a Snow Tails series on the network: 2..16 tracks (the roster's match map, SPEC 16.1)


class SledMatch:
    """A Snow Tails series (ST-E4) or a Mush! Mush! tournament (MM-T1..MM-T4)."""

    def __init__(self, kind: str):
        self.game = kind
        self.kind = "tournament" if kind == MM else "series"  # the roster's ``match.kind``
        self.rule = "MM-T4" if kind == MM else "ST-E4"  # who wins
        self.carries = kind == MM  # MM-T2: hands and decks go on to the next race (SPEC 16.5: ``match.carry``)

    def count_problem(self, n: int) -> str | None:
        """Why ``n`` tracks can not make a match (ST-E4: 2 or more; MM-T1: exactly 3), or None."""
        if self.game == MM and n != series.MM_RACES:
            return f"a Mush! Mush! tournament is {series.MM_RACES} races on {series.MM_RACES} tracks (MM-T1), not {n}"
        if self.game == ST and not 2 <= n <= MAX_RACES:
            return f"a Snow Tails series is 2 to {MAX_RACES} tracks (ST-E4), not {n}"
        return None

    # ------------------------------------------------------------ carried cards (MM-T2, SPEC 16.5)
    def next_race(self, prev, track, rand):
        """The next race's initial state from the last race's final state (MM-T2, MM-T3): ``next_race_state``."""
        return series.next_race_state(prev, track, rand)

    def new_generations(self, prev, seat: int):
        """What ``seat`` commits in the next race's setup: (generation, its values in slot order)."""
        return series.new_generations(prev, seat)

    def laid_out(self, prev, seat: int):
        """The generations ``seat`` lays out for the next race, each with the old card ids it holds (public)."""
        return series.laid_out(prev, seat)

    def record(self, names: Sequence[str], rules, finals: Sequence):
        """The record of the races played so far (``finals``: each race's final state, in order), every result
        added: ``totals()`` and ``standings()`` (ST-E4, MM-T4)."""
        from dataclasses import replace

        tracks = tuple(s.track for s in finals)
        if self.game == MM:  # (exactly 3 tracks, MM-T1: the races not played yet are stood in by the last one)
            rec = series.Tournament(tracks + (tracks[-1],) * (series.MM_RACES - len(tracks)), tuple(names), rules)
        else:
            rec = series.Series(tracks, tuple(names), rules)
        for s in finals:
            rec = rec.record(s)
        return rec if self.game == MM else replace(rec, tracks=tracks)

    def totals_lines(self, record, heading: str) -> list[str]:
        from .local import standings_lines

        return standings_lines(record, heading)

    def next_start_line(self, last_state, names: Sequence[str]) -> str:
        """How the next race's start order is set: MM-T3 (the reverse of the last finish, the bonus die by
        start order, MM-S6), or ST-S2 (chosen at the start)."""
        if self.game == MM:
            order = list(reversed(series.finish_order(last_state)))
            dice = last_state.rules.mm_die_by_order
            return "Start order (MM-T3): " + ", ".join(f"{names[s]} (die {dice[k]})" for k, s in enumerate(order))
        return "Start positions: chosen at the start, from a player drawn at random (ST-S2)."

"""Finished sled states and stand-in sessions for the match tests (pure: the engine and random legal moves)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.games.sled.track import find_track

ST_RULES = SledRules(game="snowtails")


def over(state, places):
    """``state`` declared over with these places (the fields a series reads)."""
    pub = replace(state.public, phase=sled.PH_OVER, current=-1, order=(), places=tuple(places), eliminated=())
    return replace(state, public=pub)


def st_final(track: str, names, places, tag: str = "t"):
    n = len(names)
    s = sled.new_game(sled.ST, find_track(track, "snowtails"), list(names), Rand(derive(b"tests/match", tag)),
                      [derive(b"tests/match/secret", tag, i) for i in range(n)], ST_RULES)
    return over(s, places)


def session(state, names, kind: str = "snowtails"):
    """What commands/match.py reads of a finished race's session."""
    from snowp2p.games import find_game

    return SimpleNamespace(kind=kind, game=find_game(kind), nicks=list(names), rules=state.rules, state=state)

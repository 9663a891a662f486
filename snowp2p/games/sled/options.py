"""The sled races' rule options, shared by `play` (local) and `host` (networked): one definition."""

from __future__ import annotations

import argparse
from typing import Iterable

from .config import SledRules, check_extra_trees
from .track import Track


def add_sled_play_options(p: argparse.ArgumentParser) -> None:
    """``play`` only: a whole match on this terminal (a networked one is issue 21's)."""
    p.add_argument("--series", default=None, metavar="TRACK,TRACK,...",
                   help="a series of races (Snow Tails, ST-E4) or a tournament of exactly 3 (Mush! Mush!, MM-T1); "
                        "not with --track")


def add_sled_rule_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--start-positions", choices=["choose", "random"], default="choose",
                   help="Snow Tails: players choose start positions (default) or draw them (ST-S2 option)")
    p.add_argument("--no-trees", action="store_true", help="race without the track's trees (ST-S1 option)")
    p.add_argument("--extra-trees", type=int, default=0, metavar="N",
                   help="the players place N more trees, one at a time, before the race (ST-S1, MM-S1 option)")
    p.add_argument("--no-buildings", action="store_true", help="Mush! Mush!: ignore the track's buildings")


def sled_rules(game: str, args: argparse.Namespace, tracks: Iterable[Track]) -> SledRules | None:
    """The rules those options ask for, on every track of the game (None for a game that is not a sled
    race, which must not be given them).  ValueError: one line, what is wrong."""
    if game not in ("snowtails", "mush"):
        if args.no_trees or args.extra_trees or args.no_buildings:
            raise ValueError("--no-trees, --extra-trees and --no-buildings are sled-race options")
        return None
    if args.no_buildings and game != "mush":
        raise ValueError("--no-buildings is a Mush! Mush! option")
    for t in tracks:
        why = check_extra_trees(args.extra_trees, 0 if args.no_trees else len(t.trees))
        if why:
            raise ValueError(f"--extra-trees: {why}")
    return SledRules(game=game, st_start_positions=args.start_positions, trees="none" if args.no_trees else "track",
                     extra_trees=args.extra_trees, mm_buildings=not args.no_buildings)

"""What every game's ``play`` shares: the seat counts, the one error class, the replay hint, the choice
between the table and the plain lines (``snowp2p play``; each game's local set-up is in its folder).
"""

from __future__ import annotations

import argparse
import os
import sys


class PlayError(Exception):
    """A bad ``play`` argument: one line, exit status 2."""


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


def default_svg_path(kind: str, seed: int) -> str:
    return os.path.abspath(f"snowp2p-{kind}-{seed}.svg")

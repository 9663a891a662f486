"""What every game's ``play`` shares: the seat counts, the one error class, the replay hint, the choice
between the table and the plain lines (``snowp2p play``; each game's local set-up is in its folder).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable


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


MAX_NAME = 16  # a player's name, in characters


def check_names_and_seed(names: list[str], seed: int | None) -> None:
    """``--name`` (1 to 16 printable characters, no two the same) and ``--seed`` (0 to 2^63-1): PlayError."""
    for n in names:
        if not n or len(n) > MAX_NAME or not n.isprintable():
            raise PlayError(f"--name {n!r}: a name is 1 to {MAX_NAME} printable characters")
    if len({n.lower() for n in names}) != len(names):
        raise PlayError("--name: two players with the same name")
    if seed is not None and not (0 <= seed < 2**63):
        raise PlayError(f"--seed must be 0 to 2^63-1, not {seed}")


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


def no_terminal(interactive: bool, pt_input, words: str) -> bool:
    """An interactive game with no terminal to ask (and no test input): say so in one line (``words``: what
    to do instead)."""
    if interactive and pt_input is None and not sys.stdin.isatty():
        print(f"snowp2p play: standard input is not a terminal; {words}", file=sys.stderr)
        return True
    return False


def guarded(body: Callable[[], int], errors: tuple, interrupted: Callable[[], list[str]] = list) -> int:
    """Every game's ``play`` after its set-up: ``body()``'s status, or one line and a status, never a
    traceback (130 interrupted, then ``interrupted()``'s lines; 2 for ``errors``; 3 an internal error)."""
    try:
        return body()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        for line in interrupted():
            print(line, file=sys.stderr)
        return 130
    except errors as e:
        print(f"snowp2p play: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # never a traceback
        if os.environ.get("SNOWP2P_DEBUG"):  # developers: see the traceback
            raise
        print(f"snowp2p play: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 3

"""The command line: parse arguments, call one function per command.

One dispatcher maps every error class to a one-line message and an exit
status (2 for bad input), so no command ever ends in a traceback.
"""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .home import HomeError
from .netplay import CommandError


class UsageError(Exception):
    """A bad command-line argument (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2 (argparse's own usage text is noise here)
        if "unrecognized arguments: --players" in message:
            message += " (play counts its seats with --humans and --bots; `host --players N` is for networked games)"
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    from .games import add_game_options, kinds

    p = _Parser(prog="snowp2p", description="Snow Tails, Mush! Mush! and Snake Carnival in your terminal, peer to peer.")
    p.add_argument("--version", action="version", version=f"snowp2p {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    play = sub.add_parser("play", help="play a race on this terminal (against computer players, or hot seat)")
    play.add_argument("--game", default=kinds()[0], choices=kinds(), help=f"which game (default {kinds()[0]})")
    play.add_argument("--track", default=None, help="a shipped track name or a .toml track file (default: the game's first race)")
    play.add_argument("--series", default=None, metavar="TRACK,TRACK,...",
                      help="a series of races (Snow Tails, ST-E4) or a tournament of exactly 3 (Mush! Mush!, MM-T1); "
                           "not with --track")
    play.add_argument("--bots", type=int, default=None,
                      help="number of computer players (default: 3 with one human, 4 with --non-interactive)")
    play.add_argument("--humans", type=int, default=None,
                      help="human players taking turns on this terminal (hot seat; default 1, 0 with --non-interactive)")
    play.add_argument("--name", action="append", default=None, help="a human player's name (repeat for hot seat)")
    play.add_argument("--seed", type=int, default=None, help="seed the game's randomness (replays exactly)")
    play.add_argument("--non-interactive", action="store_true", help="all computer players; print the result")
    play.add_argument("--plain", action="store_true",
                      help="line-by-line prompts instead of the full-screen table (also when output is not a terminal)")
    add_game_options(play)
    play.add_argument("--tiles", default=None, metavar="FILE",
                      help="Snake Carnival: a tile table (.toml) instead of the shipped one")
    play.add_argument("--one-snake-each", action="store_true",
                      help="Snake Carnival with two players: one snake each (SC-K3 option)")

    sc = sub.add_parser("scenario", help="run rules-conformance scenarios")
    sc.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")

    tr = sub.add_parser("tracks", help="list the shipped tracks")
    tr.add_argument("--game", choices=["snowtails", "mush"], default=None)

    from .netplay import add_parsers

    add_parsers(sub, _Parser)
    return p


def _leaf(e: BaseException) -> BaseException:
    """The one real error inside (nested) single-exception groups from trio nurseries."""
    while isinstance(e, BaseExceptionGroup) and len(e.exceptions) == 1:
        e = e.exceptions[0]
    return e


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        try:
            return _main(argv)
        except BaseExceptionGroup as g:
            raise _leaf(g) from None
    except BaseException as e:
        return _report(e)


def _main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        build_parser().print_help()
        return 2
    return _dispatch(args)


def _report(e: BaseException) -> int:
    """One line for every error, mapped to an exit status; never a traceback (SNOWP2P_DEBUG=1 shows it)."""
    import os

    from .rules.errors import RulesError
    from .rules.track import TrackError

    expected = (UsageError, KeyboardInterrupt, CommandError, HomeError, TrackError, RulesError)
    if os.environ.get("SNOWP2P_DEBUG") and not isinstance(e, expected):  # only the unexpected: a bug
        import traceback

        traceback.print_exception(e)
    if isinstance(e, BrokenPipeError):  # e.g. `snowp2p audit LOG | head -1`
        return 1
    if isinstance(e, UsageError):
        print(str(e), file=sys.stderr)
        return 2
    if isinstance(e, CommandError):
        print(f"snowp2p: {e}", file=sys.stderr)
        return e.code
    if isinstance(e, (HomeError, TrackError, RulesError)):
        print(f"snowp2p: {e}", file=sys.stderr)
        return 2
    if isinstance(e, KeyboardInterrupt):
        print("interrupted", file=sys.stderr)
        return 130
    if isinstance(e, SystemExit):
        return e.code if isinstance(e.code, int) else 0
    if isinstance(e, OSError):
        print(f"snowp2p: {e.strerror or e}: {getattr(e, 'filename', '') or ''}".rstrip(": "), file=sys.stderr)
        return 2
    print(f"snowp2p: internal error: {type(e).__name__}: {e}", file=sys.stderr)
    return 3


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "scenario":
        from . import scenario

        return scenario.main(args.paths)
    if args.command == "tracks":
        from .rules.track import shipped_tracks

        for name, t in shipped_tracks(args.game).items():
            print(f"{t.game:9}  {name:20}  {t.description}")
        return 0
    from .netplay import COMMANDS

    if args.command in COMMANDS:
        return COMMANDS[args.command](args)
    if args.command == "play":
        return run_play(args)
    raise UsageError(f"snowp2p: unknown command {args.command!r}")


def run_play(args, *, pt_input=None, pt_output=None) -> int:
    """``snowp2p play``: the game's own local set-up on the table (``pt_input``/``pt_output`` replace the
    terminal: tests give a pipe input and a plain-text or VT100 output)."""
    from .games import find_game

    return find_game(args.game).local_play(args, pt_input=pt_input, pt_output=pt_output)


if __name__ == "__main__":
    sys.exit(main())

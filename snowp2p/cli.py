"""The command line: the parser, and the one error dispatcher.

Each command is a module of ``snowp2p/commands/``, imported only when it runs (``commands.run``).  One
dispatcher (``_report``) maps every error class to a one-line message and an exit status (2 for bad
input), so no command ever ends in a traceback.
"""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .home import HomeError
from .errors import CommandError


class UsageError(Exception):
    """A bad command-line argument (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2 (argparse's own usage text is noise here)
        if "unrecognized arguments: --players" in message:
            message += " (play counts its seats with --humans and --bots; `host --players N` is for networked games)"
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    from .games import GAMES, add_game_options, add_play_options, kinds, track_kinds

    titles = [g.title for g in GAMES.values()]
    p = _Parser(prog="snowp2p", description=f"{', '.join(titles[:-1])} and {titles[-1]} in your terminal, peer to peer.")
    p.add_argument("--version", action="version", version=f"snowp2p {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    play = sub.add_parser("play", help="play a race on this terminal (against computer players, or hot seat)")
    play.add_argument("--game", default=kinds()[0], choices=kinds(), help=f"which game (default {kinds()[0]})")
    play.add_argument("--track", default=None, help="a shipped track name or a .toml track file (default: the game's first race)")
    play.add_argument("--bots", type=int, default=None,
                      help="number of computer players (default: 3 with one human, 4 with --non-interactive)")
    play.add_argument("--humans", type=int, default=None,
                      help="human players taking turns on this terminal (hot seat; default 1, 0 with --non-interactive)")
    play.add_argument("--name", action="append", default=None, help="a human player's name (repeat for hot seat)")
    play.add_argument("--seed", type=int, default=None, help="seed the game's randomness (replays exactly)")
    play.add_argument("--non-interactive", action="store_true", help="all computer players; print the result")
    play.add_argument("--home", default=None, help="data directory where the game's log is saved (see `games`); "
                      "default $SNOWP2P_HOME or ~/.local/share/snowp2p")
    play.add_argument("--plain", action="store_true",
                      help="line-by-line prompts instead of the full-screen table (also when output is not a terminal)")
    add_game_options(play)
    add_play_options(play)

    sc = sub.add_parser("scenario", help="run rules-conformance scenarios")
    sc.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")

    tr = sub.add_parser("tracks", help="list the shipped tracks")
    tr.add_argument("--game", choices=track_kinds(), default=None)

    _add_network_parsers(sub)
    return p


def _seconds(text: str, lo: float, hi: float, whole: bool) -> float:
    """A number of seconds from ``lo`` to ``hi`` (``whole``: an integer), or one clear line saying what is wrong."""
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {'whole ' if whole else ''}seconds, got {text!r}") from None
    if not lo <= value <= hi:
        raise argparse.ArgumentTypeError(f"expected {lo} to {hi} seconds, got {value if whole else text}")
    return value


def _answer_time(text: str) -> float:
    """``--answer-time``: 1 to 3600 seconds."""
    return _seconds(text, 1, 3600, whole=False)


def _move_time(text: str) -> int:
    """``--move-time``: whole seconds within the range a roster may carry."""
    from .protocol.roster import MOVE_TIME_RANGE

    return int(_seconds(text, *MOVE_TIME_RANGE, whole=True))


def _add_network_parsers(sub) -> None:
    """The networked commands and the ones about saved games (commands/host.py, join.py, ...)."""
    from .games import add_game_options, kinds
    from .net.lobby import ACCEPT_TIMEOUT, DEFAULT_PORT
    from .protocol.absence import DEFAULT_MOVE_TIME

    def common(p):
        p.add_argument("--home", default=None, help="data directory (identity, logs); default $SNOWP2P_HOME "
                                                    "or ~/.local/share/snowp2p")
        p.add_argument("--name", default=None, help="your nickname")

    def seat_options(p):
        p.add_argument("--autoplay", action="store_true", help="a computer player plays your seat")
        p.add_argument("--think", type=float, default=0.0, help=argparse.SUPPRESS)  # autoplay: seconds per move
        p.add_argument("--quiet", action="store_true", help="print nothing but errors")
        p.add_argument("--plain", action="store_true", help="line-by-line prompts instead of the full-screen table")

    def between(p):
        p.add_argument("--between", type=float, default=30.0, metavar="S",
                       help="in a series: seconds the standings show between races unless you are ready sooner "
                            "(default 30)")

    def reach(p, address_help: str):
        """Where the game is: the host's address (or the LAN) and the join code (``join`` and ``watch``)."""
        p.add_argument("address", metavar="HOST[:PORT]", nargs="?", default=None, help=address_help)
        p.add_argument("--code", default=None, help="the join code the host printed")
        p.add_argument("--browse", type=float, default=3.0, metavar="S", help="seconds to look for games on the LAN "
                                                                             "when no address is given (default 3)")

    def absence(p):
        p.add_argument("--absent-after", type=float, default=20.0, metavar="S",
                       help="declare a player absent after S seconds without a link (default 20)")
        p.add_argument("--vote-after", type=float, default=40.0, metavar="S",
                       help="vote on an absent player after S seconds of pause (default 40)")
        p.add_argument("--vote", choices=["bot", "end"], default="bot",
                       help="your vote on an absent player: a computer player takes the seat (default), or end")

    p = sub.add_parser("id", help="show your nickname and key fingerprint")
    common(p)

    p = sub.add_parser("host", help="host a networked game (others join it)")
    common(p)
    absence(p)
    p.add_argument("--game", default=kinds()[0], choices=kinds())
    p.add_argument("--track", default=None, help="a shipped track name, or a track file of your own (PATH.toml; "
                                                 "every joiner gets it in the roster); default: the game's first race")
    p.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    p.add_argument("--series", default=None, metavar="A,B,...",
                   help="a match: a series of races on these tracks, points added up (ST-E4; see the user guide)")
    between(p)
    p.add_argument("--move-time", type=_move_time, default=DEFAULT_MOVE_TIME, metavar="S",
                   help=f"seconds each player has for a move, shown to every joiner; a player who has not moved "
                        f"by then counts as absent (default {DEFAULT_MOVE_TIME})")
    p.add_argument("--answer-time", type=_answer_time, default=ACCEPT_TIMEOUT, metavar="S",
                   help=f"seconds a joiner has to accept or decline the game's settings; its seat is free again "
                        f"after that (default {ACCEPT_TIMEOUT:g})")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port to listen on (default {DEFAULT_PORT})")
    p.add_argument("--bots", type=int, default=None,
                   help="computer players to start at once as peers (default: wait --wait seconds for people, "
                        "then fill the free seats with computer players)")
    p.add_argument("--wait", type=float, default=20.0, help="seconds to wait for people before filling seats (default 20)")
    p.add_argument("--advertise", default=None, help="the address to print in the join command (default: this "
                                                     "machine's LAN address)")
    p.add_argument("--no-announce", action="store_true",
                   help="do not announce the game on the LAN (mDNS); the others then type the join line")
    add_game_options(p)
    seat_options(p)

    p = sub.add_parser("join", help="join a networked game")
    common(p)
    absence(p)
    reach(p, "the host's address (default: look for games on the LAN)")
    p.add_argument("--game", dest="kind", default=None, choices=kinds(),
                   help="with no address: only try the announced games of this kind")
    p.add_argument("--yes", action="store_true", help="accept the host's track and settings without asking (they "
                                                      "are still shown)")
    between(p)
    seat_options(p)

    p = sub.add_parser("watch", help="watch a networked game live, checking every move (a spectator)")
    common(p)
    reach(p, "the host's address, as in the join line (default: look for games on the LAN)")
    p.add_argument("--no-board", action="store_true", help="print each turn without the board")
    p.add_argument("--log", default=None, metavar="FILE", help="save what the host sends (its game log) to FILE, "
                                                              "a new file, for `audit` later")
    p.add_argument("--width", type=int, default=None, help="board width in columns")
    p.add_argument("--quiet", action="store_true", help="print only the verdict")
    p.add_argument("--plain", action="store_true", help="print each turn as lines instead of the full-screen table")
    p.add_argument("--next", action="store_true", help="then watch the host's next game too (a rematch), and so on")

    p = sub.add_parser("find", help="list the games announced on the LAN")
    p.add_argument("--browse", type=float, default=3.0, metavar="S", help="seconds to listen (default 3)")

    p = sub.add_parser("resume", help="rejoin a game after a crash or a lost connection")
    common(p)
    absence(p)
    p.add_argument("game", nargs="?", default=None, help="game id (prefix) or log path; default: the newest unfinished game")
    between(p)
    seat_options(p)

    p = sub.add_parser("games", help="list saved games")
    common(p)

    p = sub.add_parser("audit", help="check a finished game's log (several logs of one game: compare them)")
    p.add_argument("log", metavar="LOGFILE", help="a game's log")
    p.add_argument("more", nargs="*", metavar="LOGFILE",
                   help="other players' logs of the same game: compare them (where they part, and why)")

    p = sub.add_parser("replay", help="show a logged game turn by turn")
    p.add_argument("log", metavar="LOGFILE")
    p.add_argument("--delay", type=float, default=0.0, help="seconds to pause after each turn")
    p.add_argument("--width", type=int, default=None, help="board width in columns (--plain)")
    p.add_argument("--plain", action="store_true",
                   help="print every turn's board (the default when the output is not a terminal)")
    p.add_argument("--svg", default=None, metavar="FILE", help="write a picture of the game (SVG) to FILE and stop "
                                                               "(a new file: an existing one is kept)")
    p.add_argument("--force", action="store_true", help="with --svg: replace FILE if it exists (a link there is "
                                                        "replaced, never followed)")


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

    from .core.errors import RulesError, TableError

    expected = (UsageError, KeyboardInterrupt, CommandError, HomeError, TableError, RulesError)
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
    if isinstance(e, (HomeError, TableError, RulesError)):
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
    from .commands import COMMANDS, run

    if args.command not in COMMANDS:
        raise UsageError(f"snowp2p: unknown command {args.command!r}")
    return run(args.command, args)


if __name__ == "__main__":
    sys.exit(main())

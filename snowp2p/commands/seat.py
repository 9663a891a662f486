"""Playing a seat of a networked game (``host``, ``join``, ``resume``): the session handed its game, the
peer (net/peer.py), who decides its moves (the person here, on the table screen or the line screen, or the
computer player: ``--autoplay``) and what it prints.  The commands are the one layer that wires a game to
net/ and ui/."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import trio

from ..errors import CommandError
from ..home import Home
from ..protocol.errors import DecodeError
from ..protocol.session import Session, TurnApplied
from ..games import PRELOAD as GAME_PRELOAD, PRELOAD_SCREEN as GAME_PRELOAD_SCREEN, roster_game, title_of
from ..net.peer import NetGame
from .common import open_identity, program, say_factory


def _bot_decider(game):
    """The game's computer player with fresh randomness: ``decide(state, seat)`` (ui/seat.py)."""
    from ..ui.seat import computer_move

    def decide(state, seat):
        return computer_move(game, state)

    return decide


def make_screen(args):
    """The table screen for the person at this terminal (None: --autoplay, --plain, or not a terminal)."""
    if args.autoplay or getattr(args, "plain", False):
        return None
    from ..ui.table import is_terminal

    out = getattr(args, "pt_output", None)
    if not is_terminal(out):
        return None
    from ..ui.netscreen import NetTable

    return NetTable(args.command, getattr(args, "pt_input", None), out)


def on_table(args, async_fn, *fn_args) -> int:
    """Run a networked command on the table screen (trio as the guest of its loop); its ending in words."""
    from ..ui.table import Interrupted, run_trio

    screen = args._screen

    async def after(table, rc):
        s = screen.session
        if s is not None and screen.game is not None and s.done and not screen.left:
            # r: another game with the same players (host and join only: commands/rematch.py)
            table.offer_rematch = getattr(args, "_rematchable", False)
            await table.end_screen(screen.end_info())

    try:
        rc = run_trio(screen.table, async_fn, *fn_args, after=after)
    except Interrupted:
        s = screen.session
        if s is None:
            print("interrupted (before the game began)", file=sys.stderr)
            return 130
        home = f" --home {args.home}" if args.home else ""
        gid = s.game_id.hex()[:16]
        if screen.left:
            return _hand_seat_to_computer(args, gid)
        print(f"Interrupted. Your seat waits for you (the others pause the game, then vote after a while).\n"
              f"Come back with:  {program()} resume {gid}{home}", file=sys.stderr)
        return 130
    s = screen.session
    if screen.left and screen.game is not None and getattr(screen.game, "left", False):
        print("You left the game. The other players' computers play your seat to the end; their screens say that "
              "you left.")
        return rc
    if s is not None and screen.game is not None and s.done:
        from ..ui.tableplay import result_text

        info = screen.end_info()
        print(result_text(screen.table.view, s.state, info["commands"]) if s.state is not None
              else "\n".join(info["how"] + info["commands"]))
    return rc


def _hand_seat_to_computer(args, gid: str) -> int:
    """`quit` confirmed in a networked game: a computer player resumes this seat, in its own process, to the end."""
    cmd = [sys.executable, "-m", "snowp2p", "resume", gid, "--autoplay", "--quiet",
           "--absent-after", str(args.absent_after), "--vote-after", str(args.vote_after), "--vote", args.vote]
    if args.home:
        cmd += ["--home", args.home]
    home, _, _ = open_identity(args)
    errors = home.path / "takeover-errors.log"
    with open(errors, "ab") as err:
        child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                 start_new_session=True)
    home_opt = f" --home {args.home}" if args.home else ""
    print(f"You left the game. A computer player (process {child.pid}) plays your seat to the end.\n"
          f"See the result later with:  {program()} games{home_opt}")
    return 0


def _decider(args, game):
    """(decide, human, screen) for this seat: the computer (--autoplay) or the person at the terminal."""
    screen = getattr(args, "_screen", None)
    if screen is not None:
        return screen.decide, True, screen
    if args.autoplay:
        bot = _bot_decider(game)
        delay = getattr(args, "think", 0.0) or 0.0
        if delay > 0:
            def slow(state, seat):
                time.sleep(delay)
                return bot(state, seat)

            return slow, True, None  # runs in a thread, like a person
        return bot, False, None
    decide, screen = _human_decide_factory(title_of(args.game_kind))
    return decide, True, screen


def _human_decide_factory(game_title: str):
    """A blocking decide(state, seat) that asks the person at this terminal (run in a thread)."""
    from ..ui.plain import PlainNet as NetScreen

    screen = NetScreen(game_title)
    return screen.decide, screen


def say_for(args):
    screen = getattr(args, "_screen", None)
    return screen.say if screen is not None else say_factory(args.quiet)


async def play_seat(args, home, ident, roster, me, conns, listeners, say, watch=None) -> int:
    """Play seat ``me`` of the game ``roster`` names (the host's, or a joiner's once it accepted).  ``watch``:
    (join code, the lobby's turnstile) to feed spectators with (the host's: net/spectators.py)."""
    try:
        g = roster_game(roster.body.kind)  # the game object the session is handed
        Session(roster, game=g)  # the roster's track and settings, checked before anything is saved or sent
    except DecodeError as e:
        raise CommandError(f"can not play this game: {e}", 1) from None
    secret = os.urandom(32)
    home.save_secret(roster.envelope.game, secret)
    session = Session(roster, None, me, ident, secret, game=g)
    cheat = os.environ.get("SNOWP2P_CHEAT")
    game = make_game(args, session, home, ident, say, cheating=bool(cheat))
    if cheat:
        from ..net.cheats import Cheat

        game.start_cheating(Cheat(cheat))
    if isinstance(getattr(args, "_races", None), list):  # a match keeps each race's game (commands/match.py)
        args._races.append(game)
    game.conns = dict(conns)
    game.listeners = list(listeners or [])
    if watch is not None:
        home.save_code(roster.envelope.game, watch[0])  # (kept as the secret is: spectators after `resume`)
        feed_spectators(game, ident, *watch, say)
    preload(not args.autoplay)
    say("The race begins.")
    return await run_game(args, game)


def feed_spectators(game, ident, code: str, turnstile, say) -> None:
    """The host's ``game`` feeds spectators who prove ``code`` (net/spectators.py, SPEC 17); ``turnstile``: the
    lobby's (one budget of guesses), or None (a resumed game: a turnstile of its own)."""
    from ..net.spectators import Spectators

    if turnstile is None:
        from ..net.guard import GuessLimiter, Turnstile

        turnstile = Turnstile(GuessLimiter())
    from .match import earlier_logs

    s = game.session
    earlier = list(earlier_logs(game.home, s).values())  # a match's earlier races: a late spectator checks them too
    game.spectators = Spectators(ident, s.game_id, s.kind, code, turnstile, game.log_path, say, earlier)
    game.spectators.changed = game.audience_changed  # every table shows how many watch


async def run_game(args, game) -> int:
    """NetGame.run, with the table screen kept up to date when there is one, and the spectators fed (for at
    most ``spectators.DRAIN`` s after the end: they are never waited on longer)."""
    sp = game.spectators
    if sp is None:
        return await _run_game(args, game)
    async with trio.open_nursery() as n:
        sp.nursery = n
        rc = await _run_game(args, game)
        await sp.drain()
        n.cancel_scope.cancel()
    return rc


async def _run_game(args, game) -> int:
    screen = getattr(args, "_screen", None)
    if screen is None:
        return await game.run()
    screen.attach(game)
    async with trio.open_nursery() as n:
        n.start_soon(screen.watch)
        rc = await game.run()
        n.cancel_scope.cancel()
    return rc


#: what a game may import while it runs (computer players, the games' engines, the screens)
PRELOAD = (*GAME_PRELOAD, "snowp2p.core.drbg", "snowp2p.scenario", "snowp2p.net.cheats", "snowp2p.net.hostile")
PRELOAD_SCREEN = (*GAME_PRELOAD_SCREEN, "snowp2p.ui.netscreen", "snowp2p.ui.table", "snowp2p.ui.views",
                  "snowp2p.ui.tableplay", "snowp2p.ui.svg", "snowp2p.program")


def preload(human: bool) -> None:
    """Import now what the game may need later: an import needs file descriptors, and a flood of strangers'
    connections may have taken them all by then (G9: the game goes on)."""
    import importlib

    for name in PRELOAD + (PRELOAD_SCREEN if human else ()):
        importlib.import_module(name)


def make_game(args, session: Session, home: Home, ident, say, cheating: bool = False) -> NetGame:
    """This peer's game: who decides its moves (the person here, or --autoplay) and what it prints; a
    test's misbehaving peer (``cheating``) is a ``CheatingGame`` (net/cheats.py)."""
    args.game_kind = session.kind
    decide, human, screen = _decider(args, session.game)
    cls = NetGame
    if cheating:
        from ..net.cheats import CheatingGame as cls
    game = cls(session, home, ident, decide, say, human=human, absent_after=args.absent_after,
               vote_after=args.vote_after, vote=args.vote)
    if screen is not None:
        game.on_turn = screen.on_turn
    elif not args.quiet:
        game.on_turn = _print_turn
    return game


def _print_turn(game: NetGame, ev: TurnApplied) -> None:
    if ev.turn > 0 and ev.description:
        print(f"  turn {ev.turn}: {ev.description}", flush=True)

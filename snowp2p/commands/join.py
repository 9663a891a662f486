"""``snowp2p join [HOST[:PORT]] --code CODE``: join a networked game (with no address: one announced on
the LAN); the player confirms the host's offer (the roster summary) before anything is signed."""

from __future__ import annotations

import sys

import trio

from ..errors import CommandError
from ..protocol import joincode
from ..protocol.errors import DecodeError, ProtocolError
from ..protocol.roster import roster_summary, summary_lines
from ..games import roster_game, title_of
from ..net.lobby import DEFAULT_PORT, NetError, join_announced, join_lobby
from . import rematch
from .common import ask, check_interactive, open_identity, retry_for
from .seat import make_screen, on_table, play_seat, say_for


def parse_hostport(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, DEFAULT_PORT
    if not port.isdigit() or not (1 <= int(port) <= 65535):
        raise CommandError(f"join: {text!r} is not HOST[:PORT] (the port is a number 1-65535)")
    if not host.strip("[]"):
        raise CommandError(f"join: {text!r} is not HOST[:PORT] (the host's address is missing)")
    return host.strip("[]"), int(port)


def ask_code(args, command: str) -> str:
    """``--code``, or typed at the terminal; checked (a mistyped code is bad input, exit 2, found before any
    connection).  As typed: the lobby normalises it."""
    code = args.code
    if not code:
        if not sys.stdin.isatty():
            raise CommandError(f"{command}: give the join code with --code (standard input is not a terminal)")
        code = input("Join code (as the host printed it, e.g. 4-husky-tundra): ").strip()
    try:
        joincode.normalize(code)
    except ValueError as e:
        raise CommandError(f"--code: {e}") from None
    return code


def browse_lan(args, command: str) -> list:
    """The games announced on the LAN (``--browse`` seconds), for ``join`` or ``watch`` with no address."""
    from ..net.discovery import browse

    if not args.quiet:
        print(f"Looking for games on the LAN ({args.browse:g} s)...", flush=True)
    try:
        return trio.run(browse, args.browse)
    except Exception as e:
        raise CommandError(f"{command}: can not look for games on the LAN ({type(e).__name__}: {e}); "
                           f"give the host's address: snowp2p {command} HOST[:PORT] --code CODE", 1) from None


def _announced_games(args) -> list:
    """No address given: the games announced on the LAN with a free seat (of ``--game``'s kind if given),
    in the order to try them (discovery.arrange)."""
    ads = browse_lan(args, "join")
    kind = getattr(args, "kind", None)
    open_ads = [a for a in ads if a.free > 0 and (kind is None or a.kind == kind)]
    if not open_ads:
        what = f"no {title_of(kind)} game" if kind else "no game"
        raise CommandError(f"join: {what} found on the LAN; give the host's address: "
                           "snowp2p join HOST[:PORT] --code CODE", 1)
    if not args.quiet:
        print(f"Trying the join code with {len(open_ads)} announced game(s)...", flush=True)
    return open_ads


def run(args) -> int:
    check_interactive(args)
    target = parse_hostport(args.address) if args.address else None
    code = ask_code(args, "join")
    if target is None:
        target = _announced_games(args)
    args._rematchable = True  # the table's end screen offers r: another game with the same players
    while True:
        args._screen = make_screen(args)
        if args._screen is None:
            return trio.run(_join_main, args, target, code)
        args._screen.joining(f"{target[0]}:{target[1]}" if isinstance(target, tuple) else "announced on the LAN")
        rc = on_table(args, _join_main, args, target, code)
        if rc != 0 or not rematch.wanted(args):
            return rc
        args._rematch = again = rematch.after(*args._played)  # (SPEC section 10, *Rematch*)
        target, code = again.host, again.code


async def _join_rematch(args, ident, nick, say):
    """The last game's host's next lobby: dialled until it opens (its player may still be reading the results),
    for ``REMATCH_WAIT`` seconds; only a host with the last game's key is played with."""
    from ..net.lobby import FakeAnnouncement

    again = args._rematch
    host, port = again.host
    say(f"Waiting for the host to open the next game at {host}:{port} (Ctrl-C leaves)...")

    async def attempt():
        try:
            return await join_lobby(host, port, again.code, ident, nick, say, title_of=title_of,
                                    expect_fp=again.host_fp)
        except FakeAnnouncement:
            raise CommandError(f"join: the program at {host}:{port} is not the last game's host "
                               f"[{again.host_fp}]; not played with", 1) from None

    # (not open yet, or still closing the last game: tried again every second)
    res, _ = await retry_for(attempt, rematch.REMATCH_WAIT, 1.0, (NetError,))
    if res is None:
        raise CommandError(f"join: the host did not open another game within {rematch.REMATCH_WAIT:g} s", 1)
    return res


async def _join_main(args, target, code) -> int:
    home, ident, nick = open_identity(args)
    say = say_for(args)
    try:
        if getattr(args, "_rematch", None) is not None:
            res = await _join_rematch(args, ident, nick, say)
        elif isinstance(target, tuple):
            res = await join_lobby(target[0], target[1], code, ident, nick, say, title_of=title_of)
        else:
            res = await join_announced(target, code, ident, nick, say, title_of=title_of)
    except NetError as e:
        raise CommandError(str(e), 1) from None
    except ProtocolError as e:
        raise CommandError(f"the host sent a bad message: {e}", 1) from None
    from ..net.lobby import accept_offer, decline_offer

    try:  # the player accepts or declines the offered game before the roster exists (SPEC section 10)
        await _confirm(args, res.offer, say)
    except BaseException:
        await decline_offer(res, ident)  # the host frees the seat at once and goes on without this player
        raise
    if getattr(args, "_screen", None) is not None:
        args._screen.accepted(res.offer.body)
    try:
        res = await accept_offer(res, ident, say)
    except NetError as e:
        raise CommandError(str(e), 1) from None
    except ProtocolError as e:
        raise CommandError(f"the host sent a bad message: {e}", 1) from None
    args._played = (joincode.normalize(code), res.roster)  # what a rematch starts from (commands/rematch.py)
    args._races = []
    from ..protocol.match import match_of

    game = roster_game(res.roster.body.kind)
    if match_of(res.roster.body, game) is not None:  # what `resume` needs to go on with the match after this race
        from .match import save_race

        args._rematchable = False  # (no rematch of a match yet: SPEC 16)
        seat0 = res.roster.body.seats[0]
        save_race(home, res.roster, code, target=target if isinstance(target, tuple) else (seat0.addr, seat0.port))
    rc = await play_seat(args, home, ident, res.roster, res.seat, {0: res.conn}, res.listeners, say)
    if match_of(res.roster.body, game) is not None:  # a race of a match: the races after it (commands/match.py)
        from .match import join_rest

        rc = await join_rest(args, home, ident, nick, say, target if isinstance(target, tuple) else None, code, rc)
    return rc


async def _confirm(args, offer, say) -> None:
    """Show the joiner the game it is about to sign (G3): the track's name and size and every setting that
    differs from the defaults, as the host's offer tells them; then it confirms, or passes --yes.  Without
    a terminal and without --yes a game on a shipped track with the default settings goes ahead, anything
    else is refused (never a hang: docs/user-guide.md).  The roster must then carry this very game."""
    import dataclasses

    try:
        summary = roster_summary(offer.body, roster_game(offer.body.kind))
    except DecodeError as e:
        raise CommandError(f"join: the host's game is refused: {e}", 1) from None
    again = getattr(args, "_rematch", None)
    if again is not None and again.same_game(offer.body):
        say("The same game again: you said yes with r.")  # (anything else is asked as in a first lobby)
        return
    open_seats = offer.body.players - len(offer.body.seats)
    summary = dataclasses.replace(summary, players=summary.players + ("(open seat)",) * open_seats)
    screen = getattr(args, "_screen", None)
    if screen is not None and not args.yes:  # the table shows the roster, fingerprints and settings, and asks
        from ..protocol.crypto import fingerprint

        lines = summary_lines(summary) + ["", "At the table:"] + [
            f"  seat {i}: {s.nick:<16} [{fingerprint(s.pubkey)}]" + ("  (host)" if i == 0 else "")
            for i, s in enumerate(offer.body.seats)] + [
            f"  seat {i}: (open)" for i in range(len(offer.body.seats), offer.body.players)] + [
            "", "Check the fingerprints with their players before you play."]
        if not await trio.to_thread.run_sync(screen.confirm_blocking, lines, "Play this game? [y/N]",
                                             abandon_on_cancel=True):
            raise CommandError("join: you declined the game; nothing was signed or sent", 1)
        return
    for line in summary_lines(summary):
        say(line)
    if args.yes:
        return
    if not sys.stdin.isatty():
        if summary.unusual:
            raise CommandError("join: the host changed settings or races a track of its own (shown above); "
                               "add --yes to accept them (standard input is not a terminal)", 1)
        return
    answer = await trio.to_thread.run_sync(ask, "Play this game? [y/N] ")
    if answer.strip().lower() not in ("y", "yes"):
        raise CommandError("join: you declined the game; nothing was signed or sent", 1)

"""``snowp2p resume [GAME]``: rejoin a game after a crash or a lost connection, from this peer's own log."""

from __future__ import annotations

from pathlib import Path

import trio

from ..errors import CommandError
from ..home import Home
from ..protocol.errors import LogError, ProtocolError
from ..protocol.log import read_log
from ..protocol.messages import decode_signed
from ..protocol.session import Halted, Session
from ..games import roster_game, title_of
from .common import check_interactive, listen_again, open_identity
from .seat import make_game, make_screen, on_table, run_game, say_for


def _find_game(home: Home, which: str | None) -> Path:
    """The game directory to resume: by id prefix, by log path, or the newest unfinished game."""
    if which:
        p = Path(which)
        if p.is_file():
            return p.parent
        if p.is_dir() and (p / "game.log").exists():
            return p
        for d, _ in home.games():
            if d.name.startswith(which.lower()):
                return d
        raise CommandError(f"resume: no saved game {which!r} (see `snowp2p games`)", 1)
    for d, meta in home.games():
        if meta.get("status") == "playing":
            return d
    raise CommandError("resume: no unfinished game to resume (see `snowp2p games`)", 1)


def run(args) -> int:
    check_interactive(args)
    args._screen = make_screen(args)
    if args._screen is not None:
        return on_table(args, _resume_main, args)
    return trio.run(_resume_main, args)


def _read_and_mend(log: Path):
    """This peer's log, its torn last record (a crash during the last append) cut cleanly; run in a thread."""
    with open(log, "r+b") as f:
        contents = read_log(f)
        if contents.torn:
            f.truncate(contents.valid_length)
    return contents


async def _resume_main(args) -> int:
    home, ident, nick = open_identity(args)
    say = say_for(args)
    d = _find_game(home, args.game)
    from .locallog import resume_refusal

    if resume_refusal(d):
        raise CommandError(resume_refusal(d), 1)
    log = d / "game.log"
    try:
        contents = await trio.to_thread.run_sync(_read_and_mend, log)
    except (OSError, LogError) as e:
        raise CommandError(f"resume: can not read {log}: {e}", 1) from None
    if contents.torn:
        say(f"cut a torn last record from {log}")
    records = contents.records
    try:
        roster = decode_signed(records[0])
        seats = roster.body.seats
        me = next(i for i, st in enumerate(seats) if st.pubkey == ident.public_key)
    except (ProtocolError, IndexError, StopIteration, AttributeError):
        raise CommandError(f"resume: {log} is not a game this identity plays in", 1) from None
    secret = home.load_secret(roster.envelope.game)
    if secret is None:
        raise CommandError(f"resume: the game's secret is missing from {d}", 1)
    from ..protocol.match import match_of

    g = roster_game(roster.body.kind)
    carry = None
    try:
        m = match_of(roster.body, g)
    except ProtocolError:
        m = None
    if m is not None and m.race > 0 and getattr(g.match, "carries", False):
        # a later race of a match that carries cards starts from the race before it (SPEC 16.5): this peer's own
        # earlier races, read back from its logs (commands/match.py)
        from .matchlogs import earlier_races

        args._earlier = earlier_races(home, ident, m, d)
        carry = args._earlier[-1].session.carry_out()
    try:
        session, missing = Session.from_log(records, None, me, ident, secret, game=g, carried_from=carry)
    except Halted as h:
        raise CommandError(f"resume: the log holds a violation: {h.reason}", 1) from None
    except ProtocolError as e:
        raise CommandError(f"resume: can not replay {log}: {e}", 1) from None
    if session.done:  # (defect B) still pass on what the others may lack, for a bounded time, then exit
        say("This game is already over here: " + "; ".join(session.outcome()) +
            "; passing on to the others what they may still lack...")
    listeners = await listen_again(seats[me].port)
    if listeners is None:
        say(f"can not listen on port {seats[me].port} again (another program holds it); "
            "dialling the higher seats instead")
    game = make_game(args, session, home, ident, say)
    game.dial_up = listeners is None
    if session.done:
        game.linger = max(10.0, args.absent_after + 5)
    elif session.over and not session.abandoned:
        # the last turn is agreed here, only final openings are missing: the result is already final (G11);
        # the others that are still there hand over what this log lacks, else it ends with those places
        say("The last turn of this game is agreed here; waiting for the others' last card openings...")
        game.agreed_end_after = max(10.0, args.absent_after + 5)
    game.grace = args.absent_after + 5.0  # the others redial at least every 2 s; then the link handshake
    for p in missing:
        game._log.append(p)
    game.listeners = listeners or []
    code = home.load_code(roster.envelope.game) if me == 0 else None
    if code is not None and not session.done:  # the host feeds spectators again (SPEC 17)
        from .seat import feed_spectators

        feed_spectators(game, ident, code, None, say)
    say(f"Resuming {title_of(roster.body.kind)} game {roster.envelope.game.hex()[:16]} as seat {me} "
        f"at turn {session.turn}; reconnecting to the others...")
    rc = await run_game(args, game)
    if match_of(roster.body, session.game) is not None:  # a race of a match: the match goes on (commands/match.py)
        from .match import resume_rest

        rc = await resume_rest(args, home, ident, nick, say, game, rc)
    return rc

"""``snowp2p watch [HOST[:PORT]] --code CODE``: follow a networked game live, as a spectator, checking it.

A spectator is a live auditor: it proves the join code to the host (net/watcher.py; SPEC section 17), then
receives the host's log record by record and runs each through the audit's own replay
(``replay.LiveAudit``: every signature, chain link, reveal, card opening, move and state hash), showing the
public table after each turn (the game's own board, as ``replay --plain`` does: nobody's hand, since the
records carry hidden cards only as commitments until they are played).  At the end it prints its verdict:
the very lines ``snowp2p audit`` prints for the host's log.  It takes no seat and signs nothing the game
depends on.  With no address it tries the games announced on the LAN, as ``join`` does.
"""

from __future__ import annotations

import sys
import time

import trio

from ..errors import CommandError
from ..protocol import joincode
from ..protocol.errors import ProtocolError
from ..protocol.messages import decode_signed
from ..protocol.session import TurnApplied
from .common import open_identity, retry_for
from .join import ask_code, browse_lan, parse_hostport


def run(args) -> int:
    code = joincode.normalize(ask_code(args, "watch"))
    targets = [parse_hostport(args.address) + (None,)] if args.address else _announced(args)
    from ..ui.table import is_terminal

    args._again = False
    args._races = []  # a match's races checked so far: (MatchInfo, observer session, label)
    args._expect = None  # (match id, race) the next game must be (a match's next race)
    while True:
        args._watched = None
        args._race = None
        try:
            if args.plain or args.quiet or not is_terminal(getattr(args, "pt_output", None)):
                rc = trio.run(_watch_main, args, targets, code, None)
            else:
                rc = _on_table(args, targets, code)
        except CommandError as e:
            if not args._races:
                raise
            # the match stopped before its last race (a player did not come back: SPEC 16.3), or its next
            # race could not be checked: the races checked so far still have their verdict
            print(f"watch: {e}", file=sys.stderr, flush=True)
            _match_verdict(args, 0)
            return e.code if isinstance(getattr(e, "code", None), int) else 1
        nxt = _next_race(args, rc)
        if nxt is not None:  # a match (SPEC 16): its next race, on the same port with the same code
            _, host_fp, host, port = args._watched
            targets = [(host, port, host_fp)]
            args._again = SERIES_WAIT
            if not args.quiet:
                print(f"Waiting for race {nxt.race + 1} of {nxt.races} (on {nxt.tracks[nxt.race][0]}), for up to "
                      f"{SERIES_WAIT:g} s...", flush=True)
            continue
        rc = _match_verdict(args, rc)
        if not args.next or args._watched is None:
            return rc
        # --next: the host's rematch of this game (SPEC section 10, *Rematch*): its code is known to whoever
        # knew this game's code and id; the same host (its key), at the same address
        game_id, host_fp, host, port = args._watched
        code = joincode.rematch_code(code, game_id)
        targets = [(host, port, host_fp)]
        args._again = NEXT_WAIT
        args._races, args._expect, args._carry = [], None, None
        if not args.quiet:
            print(f"Waiting for the host's next game (a rematch), for up to {NEXT_WAIT:g} s...", flush=True)


#: seconds ``watch --next`` waits for the host to open its rematch
NEXT_WAIT = 120.0
#: seconds a spectator of a match waits for the host to open the next race (the host waits up to two minutes,
#: or its --wait, for every player to come back, after its players' --between)
SERIES_WAIT = 300.0


def _next_race(args, rc: int):
    """After a race of a match that this spectator checked to its end (OK, with a result), the next race's
    match map, to follow it; None otherwise (a single game, the last race, a violation, no result)."""
    from ..protocol.match import race_end, taken_over

    race = args._race
    if race is None or rc != 0 or args._watched is None:
        return None
    m, obs, _label = race
    args._races.append(race)
    end = race_end(obs)
    if m.last or end is None or taken_over(obs):  # (a seat voted out: the match stops there, SPEC 16.3)
        return None
    nxt = m.next(end, obs.next_carry())
    args._expect = (m.id, nxt.race)
    args._carry = obs.carry_out()  # (a match that carries cards: the next race starts from this one, SPEC 16.5)
    return nxt


def _match_verdict(args, rc: int) -> int:
    """The match's totals and winner, as ``audit`` of the races' logs prints them (audit_match.py), once the
    spectator has checked the races of a match: the last, or the last the host played."""
    from ..audit_match import match_report

    races, args._races, args._expect = args._races, [], None
    if not races or rc != 0:  # (a race with a violation: its own verdict says so)
        return rc
    try:
        mrc, lines = match_report(races)
    except CommandError as e:
        mrc, lines = 1, [str(e)]
    print("\n".join(["Match verdict:", *lines]), flush=True)
    return rc or mrc


def _on_table(args, targets, code) -> int:
    """The public table, live (ui/watchtable.py); the verdict on its end screen, then in the scrollback."""
    from ..ui.table import Interrupted, run_trio
    from ..ui.tableplay import write_after
    from ..ui.watchtable import WatchTable

    screen = WatchTable(getattr(args, "pt_input", None), getattr(args, "pt_output", None))
    try:
        rc = run_trio(screen.table, _watch_main, args, targets, code, screen, after=screen.end)
    except Interrupted:
        print("stopped watching (interrupted)", file=sys.stderr)
        return 130
    write_after(getattr(args, "pt_output", None), "\n".join(screen.verdict) + "\n")
    return rc


def _announced(args) -> list[tuple[str, int, str]]:
    """No address: every game announced on the LAN (full or not: a game being played is full), to try."""
    ads = browse_lan(args, "watch")
    if not ads:
        raise CommandError("watch: no game found on the LAN; give the host's address: "
                           "snowp2p watch HOST[:PORT] --code CODE", 1)
    return [(a.addr, a.port, a.fingerprint) for a in ads]


async def _admitted(targets, code, ident, nick, say):
    from ..net.lobby import NetError
    from ..net.watcher import admitted

    if len(targets) == 1:
        host, port, fp = targets[0]
        return await admitted(host, port, code, ident, nick, say, fp)
    failed = []
    for host, port, fp in targets:  # (one at a time: each try costs the host one guess of its budget)
        try:
            with trio.fail_after(30):
                return await admitted(host, port, code, ident, nick, say, fp)
        except (NetError, trio.TooSlowError) as e:
            failed.append(f"{host}:{port}: {e}")
    raise NetError(f"none of the {len(targets)} game(s) announced on the LAN proved this join code"
                   + (f"; {'; '.join(failed[:3])}" if failed else ""))


async def _next_game(targets, code, ident, nick, say, wait: float = NEXT_WAIT):
    """``_admitted``, tried again every second for ``wait`` s (the host's next game is not open yet)."""
    from ..net.lobby import NetError

    got, last = await retry_for(lambda: _admitted(targets, code, ident, nick, say), wait, 1.0, (NetError,))
    if got is None:
        raise NetError(f"the host opened no next game within {wait:g} s ({last})")
    return got


async def _watch_main(args, targets, code, screen=None) -> int:
    from ..net.lobby import NetError
    from ..net.watcher import follow
    from ..protocol.hidden import NeedsEarlierRaces
    from ..replay import LiveAudit
    from .audit import verdict_lines

    home, ident, nick = open_identity(args)
    quiet = args.quiet
    say = screen.say if screen is not None else (lambda line: None) if quiet else (lambda line: print(line, flush=True))
    try:
        if args._again:  # the host may still be on its end screen (or its standings): try again for a while
            conn, ch = await _next_game(targets, code, ident, nick, say, args._again)
        else:
            conn, ch = await _admitted(targets, code, ident, nick, say)
    except NetError as e:
        raise CommandError(str(e), 1) from None
    live: list[LiveAudit] = []

    def show(obs, ev: TurnApplied) -> None:
        if screen is not None:
            screen.on_turn(obs, ev)
            return
        if quiet or ev.state is None:
            return
        st = ev.state
        print(f"\n── turn {ev.turn} · round {getattr(st.public, 'round', '?')} ──")
        if ev.description:
            print(ev.description)
        if not args.no_board:
            print(obs.game.board_text(st, args.width))
        sys.stdout.flush()

    current = ch.envelope.game  # the game the host plays now; a match's earlier races come before it

    def begin(rec: bytes) -> bool:
        """A log's record 0: the game being played, or an earlier race of its match (checked, not shown)."""
        try:
            head = decode_signed(rec)
        except ProtocolError as e:
            raise CommandError(f"the host's feed holds a record that is not a signed message: {e}", 1) from None
        now = head.envelope.game == current
        try:
            a = LiveAudit(rec, show if now else None, carried_from=_carry_for(args, head))
        except NeedsEarlierRaces as e:
            raise CommandError(f"can not check this game: {e}", 1) from None
        except ProtocolError as e:
            raise CommandError(f"the host's first record is not a signed roster: {e}", 1) from None
        obs = a.session
        if obs is not None and obs.keys[0] != ch.body.pubkey:
            raise CommandError("the host's feed is not its own game (its roster is signed by another key)", 1)
        live.append(a)
        if obs is None or not now:
            return a.res.violation is None
        from ..protocol.crypto import fingerprint

        args._watched = (obs.game_id, fingerprint(ch.body.pubkey), *_peer(conn))
        _check_expected(args, obs)
        if screen is not None:
            screen.start(obs)
        say(f"Watching {obs.game.title} on {obs.game.table_name(obs.track)}, game {obs.game_id.hex()[:16]}:")
        for i in range(obs.n):
            say(f"  seat {i}: {obs.nicks[i]} [{obs.fingerprint(i)}]")
        return a.res.violation is None

    def on_record(rec: bytes) -> bool:
        if not live:
            return begin(rec)
        a = live[-1]
        if a.feed(rec) or a.next is None:
            return a.res.violation is None and a.next is None
        if a.session is None or a.session.game_id == current:  # (the game being played is fed last)
            raise CommandError("the host's feed goes on with another game's log after the game it plays", 1)
        if not _earlier_race(args, a.finish(), say):
            return False
        return begin(a.next)

    if args.log:  # the spectator's own copy of the host's log: `audit` checks it again later
        from ..protocol.log import LogWriter

        saved = args.__dict__.setdefault("_saved", {})  # game id -> its file, every game saved so far
        writers: list = []  # [(game id, LogWriter)] of this feed: a match's earlier races, then this game
        check = on_record

        def writer_for(rec: bytes):
            try:
                gid = decode_signed(rec).envelope.game
            except ProtocolError:
                gid = None  # (a broken record goes in the log it came in: its audit names it)
            if writers and (gid is None or gid == writers[-1][0]):
                return writers[-1][1]
            if gid in saved:  # (already saved: an earlier race fed again when the next race began)
                writers.append((gid, None))
                return None
            n = len(saved) + 1
            path = args.log if n == 1 else f"{args.log}.{n}"  # (a match, --next: one file a game)
            try:
                out = open(path, "xb")  # noqa: ASYNC230 (a local file, written a record at a time)
            except OSError as e:
                raise CommandError(f"--log {path}: can not create it: {e.strerror or e}") from None
            saved[gid] = path
            writers.append((gid, LogWriter(out)))
            return writers[-1][1]

        def on_record(rec: bytes) -> bool:  # noqa: F811 (the same, saving each record first)
            w = writer_for(rec)
            if w is not None:
                w.append(rec)
            return check(rec)
    t0 = time.perf_counter()
    why = await follow(conn, ch, ident, on_record)
    if not live:
        raise CommandError(f"watch: the host sent nothing to watch ({why})", 1)
    if live[-1].session is None or live[-1].session.game_id != current:
        raise CommandError(f"watch: the feed ended before the game being played began ({why})", 1)
    res = live[-1].finish()
    say(f"(the feed ended: {why})")
    if res.violation and res.violation.startswith("the game is not finished"):
        out = [f"INCOMPLETE: the feed ended before the game did ({why}); every message received was checked "
               f"and is sound, up to turn {max(res.session.final_turn, 0)}."]
    else:
        out = ["Spectator's verdict:"] + verdict_lines(res)
        if res.session is not None and not res.violation:
            out.append(f"Checked {res.messages} messages live in {time.perf_counter() - t0:.2f} s.")
    if screen is not None:
        screen.verdict = out
    else:
        print("\n".join(out), flush=True)
    _a_race(args, res)
    return 1 if res.violation else 0


def _check_expected(args, obs) -> None:
    """The next race of a match this spectator follows must be that race of that match (else it stops)."""
    from ..protocol.match import match_of

    if args._expect is None:
        return
    m = match_of(obs.roster.body, obs.game)
    if m is None or (m.id, m.race) != args._expect:
        raise CommandError(f"the host's next game is not race {args._expect[1] + 1} of the match watched", 1)


def _a_race(args, res) -> None:
    """A game checked to its end, OK with a result, that is a race of a match: kept for the match's verdict."""
    from ..protocol.match import match_of

    obs = res.session
    if res.violation or obs is None or getattr(res, "stops_early", None):
        return
    m = match_of(obs.roster.body, obs.game)
    if m is not None:
        args._race = (m, obs, f"game {obs.game_id.hex()[:16]}")


def _carry_for(args, roster):
    """What the race ``roster`` (a signed roster) starts from, when it is a later race of a match that carries
    cards (SPEC 16.5) and this spectator checked the race before it: that race's ``carry_out()``; else None."""
    from ..games import roster_game
    from ..protocol.match import match_of

    carry = getattr(args, "_carry", None)
    try:
        m = match_of(roster.body, roster_game(roster.body.kind))
    except (ProtocolError, ValueError, KeyError, AttributeError):
        return None
    if carry is None or m is None or m.prev is None or carry.game != m.prev.game:
        return None
    return carry


def _earlier_race(args, res, say) -> bool:
    """An earlier race of the match, fed whole before the race being played (a spectator that came in late,
    SPEC 17): checked as ``audit`` checks its log; kept for the match's verdict unless this spectator already
    checked it live.  False (with the verdict shown) when it does not audit."""
    from ..protocol.match import match_of
    from .audit import verdict_lines

    obs = res.session
    m = None if obs is None else match_of(obs.roster.body, obs.game)
    label = "an earlier race" if m is None else f"race {m.race + 1}"
    if res.violation or obs is None or m is None or getattr(res, "stops_early", None):
        why = "it is not a race of a match with a result" if not res.violation else "its log does not audit"
        say(f"The host's log of {label} fed before this race: {why}")
        for line in verdict_lines(res):
            say(line)
        return False
    if all(o.game_id != obs.game_id for _, o, _ in args._races):
        args._races.append((m, obs, f"game {obs.game_id.hex()[:16]}"))
    args._carry = obs.carry_out()  # (a match that carries cards: the next race starts from this one, SPEC 16.5)
    say(f"Checked the host's log of {label} of {m.races} ({m.tracks[m.race][0]}, game {obs.game_id.hex()[:16]}): "
        f"OK, {res.messages} messages")
    return True


def _peer(conn) -> tuple[str, int]:
    """The host's address and port, as this connection reached them."""
    sock = conn.stream.raw.socket
    host, port = sock.getpeername()[:2]
    return host, port

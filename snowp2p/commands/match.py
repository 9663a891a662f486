"""A match over the network (``host --series A,B,C``): the races after the first, for the host and for every
joiner, and the standings between races (protocol/SPEC.md section 16).

Each race is an ordinary game (``play_seat``), with ``settings.match`` in its roster (protocol/match.py).
When a race ends, every peer works out the result and the running totals from its own final state with the
rules' one home for matches (the game's series rules, through ``match.record_of``), shows the standings, waits for
its player (a key, or the countdown ``--between``; a computer player at once), then: the host opens the next
race's lobby on the same port with the same code, every seat reserved for its key; a joiner joins it again
and accepts the offer only if it continues the match it holds (``match.check_next``).
"""

from __future__ import annotations

import math
import os
import sys
import time

import trio

from ..errors import CommandError
from ..protocol.match import (MatchError, MatchInfo, check_next, count_problem, first_race, match_of, race_end,
                              record_of, taken_over, takeover_line)
from .common import listen_again
from .matchlogs import earlier_races

#: seconds a joiner keeps trying to reach the host's next lobby (the host may still be showing its standings)
REJOIN_FOR = 120.0
#: seconds the host waits for every seat to come back to the next race (at least; ``--wait`` if longer)
COME_BACK = 120.0


# ------------------------------------------------------------------ arguments
def series_tracks(args, game) -> list | None:
    """``host --series A,B,C``: the tracks of the match (the game's ``match``: ST-E4, MM-T1), or None without
    ``--series``.  Bad input is one line (CommandError, exit 2)."""
    spec = getattr(args, "series", None)
    if spec is None:
        return None
    if game.match is None:
        raise CommandError(f"--series: {game.title} has no series")
    if args.track is not None:
        raise CommandError("--track and --series can not be used together")
    names = [n.strip() for n in spec.split(",") if n.strip()]
    why = count_problem(game, len(names))
    if why:
        raise CommandError(f"--series: {why}")
    from ..core.errors import TableError

    try:
        tracks = [game.load_table(n) for n in names]
    except TableError as e:
        raise CommandError("--series: " + str(e).removeprefix("--track: ")) from None
    return tracks


def new_match(game, tracks) -> MatchInfo:
    """Race 0's match map: a fresh match id, every track by name and digest."""
    return first_race(os.urandom(32), game, [(game.table_name(t), game.table_digest(t)) for t in tracks])


# ------------------------------------------------------------------ saved with each race
MATCH_FILE = "match.json"


def save_race(home, roster, code: str, target=None, tracks=None, game=None) -> None:
    """What this peer needs to go on with the match after `resume`ing this race (in the race's private game
    directory, next to its secret): the join code, the host's address (a joiner), every track (the host)."""
    import json

    info = {"code": code}
    if target is not None:
        info["host"] = [target[0], target[1]]
    if tracks is not None:
        info["tracks"] = [game.table_to_wire(t) for t in tracks]
    home.write_private(roster.envelope.game, MATCH_FILE, json.dumps(info).encode())  # (the code: a secret)


# ------------------------------------------------------------------ results
def match_record(sessions):
    """The match's record (the game's ``match.record`` over its series rules) from the races' sessions, in order."""
    first = sessions[0]
    return record_of(first.game, first.nicks, first.rules, [s.state for s in sessions])


def _result_line(rec, names) -> str:
    r = rec.results[-1]
    return "Result: " + "  ".join(f"{k + 1}. {names[seat]} {r.points[seat]}" for k, seat in enumerate(r.places))


def standings_lines(sessions, m: MatchInfo, stopped: bool = False) -> list[str]:
    """What every table shows between races and at the end (SPEC 16.3): the race result, the running totals
    (ST-E4 / MM-T4: ties to the better place in the last race), the next track and the next start order.
    Every line fits 80 columns.  ``stopped``: the match ends here before its last race (no next race)."""
    rec = match_record(sessions)
    mg = sessions[0].game.match
    totals_lines = mg.totals_lines
    names = sessions[0].nicks
    n = m.races
    what = "tournament" if m.kind == "tournament" else "series"
    out = [f"Race {m.race + 1} of {n} ({m.tracks[m.race][0]}) is over.", _result_line(rec, names), ""]
    if m.last:
        out += totals_lines(rec, f"Final standings of the {what}:")
        winner = rec.standings()[0]
        out += ["", f"{names[winner]} wins the {what} ({mg.rule}: the highest total;",
                "ties go to the better place in the last race)."]
        return out
    out += totals_lines(rec, f"Totals after race {m.race + 1} of {n}:")
    if stopped:
        return out
    out += ["", f"Next: race {m.race + 2} of {n} on {m.tracks[m.race + 1][0]}."]
    out.append(mg.next_start_line(sessions[-1].state, names))  # MM-T3 / ST-S2
    return out


def audit_hint(games) -> str:
    from .common import program

    return f"Audit the whole match: {program()} audit " + " ".join(str(g.log_path) for g in games)


# ------------------------------------------------------------------ readiness
async def ready(args, lines: list[str], say) -> None:
    """Show the standings and wait for this seat's player: a key on the table (or Enter on a terminal), or the
    countdown ``--between``; a computer player (--autoplay) is ready at once."""
    between = float(getattr(args, "between", 30.0) or 0.0)
    screen = getattr(args, "_screen", None)
    if screen is not None:
        await screen.standings(lines, between)
        return
    if not getattr(args, "quiet", False):
        for line in lines:
            print(line, flush=True)
    if args.autoplay or between <= 0 or not sys.stdin.isatty():
        return
    print(f"Press Enter when you are ready for the next race (it starts in {between:g} s anyway).", flush=True)
    with trio.move_on_after(between):
        await trio.to_thread.run_sync(sys.stdin.readline, abandon_on_cancel=True)


async def _after_race(args, games, game, say, rc: int):
    """A race of the match has ended (``games[-1]``): the next race's match map and the standings to show
    before it, or the exit status when the match is over (its final standings shown) or stops."""
    s = games[-1].session
    m = match_of(s.roster.body, game)
    end = race_end(s)
    if getattr(games[-1], "left", False):  # this player quit the race (bye{left}): the match ends for it (SPEC 16.3)
        return _stop(f"you left race {m.race + 1}", say)
    if end is None:
        return _stop(f"race {m.race + 1} ended without a result", say) if rc == 0 else rc
    stops = not m.last and bool(taken_over(s))  # a seat voted out: the match ends with this race (SPEC 16.3)
    lines = standings_lines([x.session for x in games], m, stopped=stops)
    if not m.last and not stops:
        # (a match that carries cards, MM-T2: the next race carries this seat's own race end, SPEC 16.5)
        return m.next(end, s.next_carry()), lines
    if getattr(args, "_screen", None) is None:
        await ready(args, lines, say)
    else:
        args._screen.final_lines = lines  # on the table: part of the end screen (NetTable.end_info)
    if stops:
        say(audit_hint(games))
        return _stop(takeover_line(s, m.race), say)
    return _finish(args, games, say)


def _finish(args, games, say) -> int:
    """The match is over: its standings were shown; say how to audit it."""
    say(audit_hint(games))
    return 0


def _stop(why: str, say) -> int:
    say(f"The match stops: {why}")
    return 1


# ------------------------------------------------------------------ the host
async def host_rest(args, home, ident, nick, say, game, rules, tracks, code: str, port: int, computer_keys,
                    rc: int) -> int:
    """The races after the first, for the host (seat 0); ``args._races``: the games played so far."""
    from ..net.conn import ConnectionClosed
    from ..net.guard import accept_loop
    from ..net.lobby import HostConfig
    from ..protocol.errors import ProtocolError
    from ..protocol.messages import decode_signed
    from .seat import play_seat

    games = args._races
    first = games[0].session.roster.body
    while True:
        after = await _after_race(args, games, game, say, rc)
        if isinstance(after, int):
            return after
        nxt, lines = after
        track = tracks[nxt.race]
        cfg = HostConfig(game, track, len(first.seats), rules, port, move_time=_plain_settings(first)["move_time"],
                         answer_time=getattr(args, "answer_time", None) or 120.0, extra={"match": nxt.to_wire()})
        lobby = reserved_lobby(cfg, ident, nick, say, code, first.seats, computer_keys)
        listeners = await listen_again(port, within=10)
        if listeners is None:
            return _stop(f"can not listen on port {port} for the next race", say)
        come_back = max(COME_BACK, float(getattr(args, "wait", 0) or 0))
        async with trio.open_nursery() as n:
            for listener in listeners:
                n.start_soon(accept_loop, listener, lobby.handle, n, lobby.gate)
            await ready(args, lines, say)
            say(f"Waiting for every player to come back for race {nxt.race + 1} of {nxt.races}...")
            with trio.move_on_after(come_back):
                while True:
                    await lobby.full.wait()
                    await trio.sleep(0.5)
                    if not lobby.vacate_dead() and lobby.full.is_set():  # (a seat that left: reserved again)
                        break
            full = lobby.full.is_set()
            n.cancel_scope.cancel()
        if not full:
            away = ", ".join(j.nick for j in lobby.seats[1:] if j is not None and (j.conn is None or not j.accepted))
            for listener in listeners:
                await listener.aclose()
            for j in lobby.seats[1:]:
                if j is not None and j.conn is not None:
                    await j.conn.aclose()
            return _stop(f"{away or 'a player'} did not come back within {come_back:g} s; the standings after "
                         f"race {nxt.race} are final", say)
        payload = lobby.roster()
        roster = decode_signed(payload)
        try:
            check_next(game, first, nxt, roster.body, game.table_digest(track))
        except MatchError as e:  # (our own roster: a bug, not an attack)
            return _stop(str(e), say)
        conns = {i: j.conn for i, j in enumerate(lobby.seats) if j.conn is not None}
        for i, conn in list(conns.items()):
            try:
                await conn.send(payload)
            except (ConnectionClosed, ProtocolError):
                del conns[i]
        say(f"Race {nxt.race + 1} of {nxt.races}: {track.name}.")
        save_race(home, roster, code, tracks=tracks, game=game)
        rc = await play_seat(args, home, ident, roster, 0, conns, listeners, say,
                             watch=(code, lobby.turnstile))  # every race feeds spectators (SPEC 17)


def _plain_settings(body) -> dict:
    from ..protocol.match import _plain

    return _plain(body.settings)


def reserved_lobby(cfg, ident, nick: str, say, code: str, seats, computer_keys=()):
    """The next race's lobby (SPEC 16.3): the same join code, and every seat but the host's reserved for the key
    it had: that key proves the code and takes its own seat back; any other key is refused (the game is full)."""
    from ..net.lobby import Joined, Lobby

    def reserve(lobby) -> None:
        while len(lobby.seats) < len(seats):
            lobby.seats.append(None)
        for i, seat in enumerate(seats):
            if i > 0 and lobby.seats[i] is None:
                lobby.seats[i] = Joined(seat.nick, seat.pubkey, "", 0, None, accepted=False, deadline=math.inf)

    class Reserved(Lobby):
        def _vacate(self, seat: int) -> None:  # a seat whose player declined or left stays reserved for its key
            super()._vacate(seat)
            reserve(self)

    lobby = Reserved(cfg, ident, nick, say, code=code)
    lobby.computer_keys = set(computer_keys)
    lobby.seats = [Joined(nick, ident.public_key, "", cfg.port, None)]
    reserve(lobby)
    return lobby


# ------------------------------------------------------------------ a joiner
async def join_rest(args, home, ident, nick, say, target, code: str, rc: int) -> int:
    """The races after the first, for a joiner; ``target``: the host's (address, port), or None (the roster's)."""
    from ..games import roster_game, title_of
    from ..net.lobby import NetError, accept_offer, decline_offer, join_lobby
    from ..protocol.errors import ProtocolError
    from ..protocol.roster import table_from_roster
    from .seat import play_seat

    games = args._races
    first = games[0].session.roster.body
    if target is None:
        target = (first.seats[0].addr, first.seats[0].port)
    g = roster_game(first.kind)
    while True:
        after = await _after_race(args, games, g, say, rc)
        if isinstance(after, int):
            return after
        nxt, lines = after
        await ready(args, lines, say)
        deadline = time.monotonic() + REJOIN_FOR
        while True:
            try:
                res = await join_lobby(target[0], target[1], code, ident, nick, lambda line: None, title_of=title_of)
                break
            except (NetError, ProtocolError) as e:
                if time.monotonic() > deadline:
                    return _stop(f"can not join race {nxt.race + 1} at {target[0]}:{target[1]}: {e}", say)
                await trio.sleep(0.5)
        try:
            check_next(g, first, nxt, res.offer.body, g.table_digest(table_from_roster(res.offer.body, g)), full=False)
        except (MatchError, ProtocolError) as e:
            await decline_offer(res, ident)
            return _stop(f"the host's next race is refused: {e}", say)
        try:
            res = await accept_offer(res, ident, lambda line: None)
            check_next(g, first, nxt, res.roster.body, g.table_digest(table_from_roster(res.roster.body, g)))
        except (NetError, ProtocolError, MatchError) as e:
            return _stop(f"race {nxt.race + 1}: {e}", say)
        say(f"Race {nxt.race + 1} of {nxt.races}: {nxt.tracks[nxt.race][0]}.")
        save_race(home, res.roster, code, target=target)
        rc = await play_seat(args, home, ident, res.roster, res.seat, {0: res.conn}, res.listeners, say)


# ------------------------------------------------------------------ after a resumed race
async def resume_rest(args, home, ident, nick, say, game, rc: int) -> int:
    """A race of a match resumed with `snowp2p resume` (``game``: its NetGame, played to its end): the races
    before it are read back from this peer's own logs of the match (audited as they are read), then the
    match goes on as if nothing had happened: the host hosts the next race, a joiner joins it."""
    import json

    s = game.session
    m = match_of(s.roster.body, s.game)
    d = home.game_dir(s.game_id)
    try:
        info = json.loads((d / MATCH_FILE).read_text())
    except (OSError, ValueError):
        return _stop("this race's match file is missing: the match can not go on from here", say)
    earlier = getattr(args, "_earlier", None)
    if earlier is None:
        try:
            earlier = earlier_races(home, ident, m, d)
        except CommandError as e:
            return _stop(str(e), say)
    args._races = list(earlier) + [game]
    code = info["code"]
    if s.me == 0:
        try:
            tracks = [s.game.table_from_wire(t) for t in info.get("tracks", [])]
        except Exception:  # (a damaged match file: one line)
            tracks = []
        if len(tracks) != m.races:
            return _stop("this race's match file lacks the tracks", say)
        first = args._races[0].session
        port = s.seats[0].port
        return await host_rest(args, home, ident, nick, say, s.game, first.rules, tracks, code, port, set(), rc)
    host = info.get("host") or [s.seats[0].addr, s.seats[0].port]
    return await join_rest(args, home, ident, nick, say, (host[0], int(host[1])), code, rc)

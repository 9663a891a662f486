"""``snowp2p host``: host a networked game.  The game object (``--game``, from the registry) gives the
table, the rules from the options and the player counts; the lobby (net/lobby.py) is handed it, computer
players are started as peers for the free seats, and the game is played as seat 0 (seat.py)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import trio

from ..errors import CommandError
from ..home import Home, HomeError
from ..protocol.crypto import fingerprint
from ..protocol.errors import DecodeError, ProtocolError
from ..protocol.messages import decode_signed
from ..games import find_game
from ..net.conn import ConnectionClosed
from ..net.lobby import HostConfig, Lobby
from ..net.guard import accept_loop
from . import rematch
from .common import check_interactive, friend_program, lan_address, listen_again, open_identity
from .seat import make_screen, on_table, play_seat, say_for


LOBBY_SETTLE = 0.5  # seconds between the last seat taken and the check that every joiner is still there


def run(args) -> int:
    game = find_game(args.game)  # (argparse checked the name)
    lo, hi = game.players
    if not (lo <= args.players <= hi):
        raise CommandError(f"--players: {game.title} takes {lo} to {hi} players, not {args.players}")
    if args.bots is not None and not (0 <= args.bots <= args.players - 1):
        raise CommandError(f"--bots: between 0 and {args.players - 1} (the other seats), not {args.bots}")
    if not (0 <= args.port <= 65535):
        raise CommandError(f"--port: {args.port} is not a TCP port")
    if args.wait < 0:
        raise CommandError("--wait: seconds must not be negative")
    check_interactive(args)
    # the table (a track: a shipped name or a .toml file of the host's own; or a tile set) a *host* plays on; a
    # joiner, `resume` and `audit` never look a track up: they use the one the roster carries (protocol/roster.py)
    from .match import new_match, series_tracks

    tracks = series_tracks(args, game)  # --series: a match (protocol/SPEC.md section 16); bad input: one line
    track = tracks[0] if tracks else game.load_table(args.track or game.default_table)  # TrackError: one line, exit 2
    args._tracks = tracks
    try:
        rules = game.rules_from_args(args, tracks or [track])
    except ValueError as e:
        raise CommandError(str(e)) from None
    why = rules.network_refusal() if hasattr(rules, "network_refusal") else None
    if why:
        raise CommandError(why)
    for t in tracks or [track]:
        _check_roster(args, game, t, rules)
    args._match = new_match(game, tracks) if tracks else None
    # the table's end screen offers r: another game with the same players (not after a match: SPEC 16)
    args._rematchable = args._match is None
    while True:
        args._screen = make_screen(args)
        if args._screen is None:
            return trio.run(_host_main, args, game, track, rules)
        rc = on_table(args, _host_main, args, game, track, rules)
        if rc != 0 or not rematch.wanted(args):
            return rc
        args._rematch = rematch.after(*args._played)  # (SPEC section 10, *Rematch*)
        args.wait = max(args.wait, rematch.HOST_WAIT)  # the others may still be reading their results


def _check_roster(args, game, track, rules) -> None:
    """Build, sign and read back the roster this game will have (with stand-in seats) before anyone joins,
    exactly as a joiner will: a track or rules the roster can not carry are refused now, in one line."""
    from ..protocol.crypto import Identity
    from ..protocol.messages import HOST_SEAT, ZERO_HASH, Envelope, Seat, encode_signed
    from ..protocol.roster import roster_body, roster_summary

    me = Identity.from_seed(bytes(32))
    seats = [Seat(f"p{i}", bytes([i]) * 32, "127.0.0.1", 1) for i in range(args.players)]
    try:
        body = roster_body(game, track, rules, seats)
        roster_summary(decode_signed(encode_signed(me, Envelope(b"\x01" * 32, HOST_SEAT, 0, ZERO_HASH, body))).body, game)
    except (ValueError, DecodeError) as e:
        raise CommandError(f"--track: the game's roster can not carry this track or these rules: {e}") from None


async def _host_main(args, game, track, rules) -> int:
    home, ident, nick = open_identity(args)
    say = say_for(args)
    screen = getattr(args, "_screen", None)
    match = getattr(args, "_match", None)
    cfg = HostConfig(game, track, args.players, rules, args.port, move_time=args.move_time,
                     answer_time=args.answer_time, extra={"match": match.to_wire()} if match else None)
    again = getattr(args, "_rematch", None)
    if again is not None:  # the same players again: the same port, a code only they know, only their keys
        cfg.port = again.host[1]
        lobby = Lobby(cfg, ident, nick, say, code=again.code, admit=again.players)
    else:
        lobby = Lobby(cfg, ident, nick, say)
    if os.environ.get("SNOWP2P_CHEAT", "").startswith("roster-"):  # tests only: the offer lies as the roster will
        from ..net.cheats import hostile_roster

        lobby.lie = lambda payload: hostile_roster(os.environ["SNOWP2P_CHEAT"], ident, payload)
    if again is not None:
        listeners = await listen_again(cfg.port, within=10)
        if listeners is None:
            raise CommandError(f"can not open the next game on port {cfg.port} again: another program holds it; "
                               f"host a new game (`{friend_program()} host`)", 1)
    else:
        try:
            listeners = await trio.open_tcp_listeners(args.port)
        except OSError as e:
            raise CommandError(f"--port {args.port}: can not listen: {e.strerror or e}", 1) from None
    port = listeners[0].socket.getsockname()[1]
    lobby.seats[0].port = port  # the roster tells the others where to reach the host again
    addr = args.advertise or lan_address()
    say(f"Hosting {game.title} on {game.table_name(track)} for {args.players} players "
        f"as {nick} [{ident.fingerprint}].")
    if again is not None:
        say(f"Another game with the same players: they press r at their end screen (or join with the line "
            f"below); after {args.wait:g} s computer players take the seats of those who do not come.")
    say("The others join with:")
    say(f"    {friend_program()} join {addr}:{port} --code {lobby.code}")
    bot_home = home.path / "bots"
    announcer = None
    if not args.no_announce:
        announcer = _announcer(args, game, lobby, nick, ident, addr, port, track, say)
    async with trio.open_nursery() as outer:
        def spawn(n: int) -> None:
            spawn.last = time.monotonic()
            for _ in range(n):
                if not spawn.count:
                    spawn.base = len(lobby.seats)  # bot names (and homes) follow the seats; never reused
                i = spawn.base + spawn.count
                spawn.count += 1
                bhome = bot_home / f"bot{i}"
                try:  # its key, made now: the roster tells the others this seat is a computer player
                    lobby.computer_keys.add(Home.open(str(bhome)).identity().public_key)
                except HomeError:
                    pass
                cmd = [sys.executable, "-m", "snowp2p", "join", f"127.0.0.1:{port}", "--code", lobby.code,
                       "--autoplay", "--quiet", "--yes", "--home", str(bhome), "--name", f"bot{i}"]
                outer.start_soon(child, cmd, bhome / "errors.log", i)

        async def child(cmd, errors, i: int) -> None:
            spawn.running.add(i)
            try:
                await _run_child(cmd, errors, screen is not None)
            finally:
                spawn.running.discard(i)

        def top_up() -> None:
            """After the countdown: a seat freed by a joiner who declined or left (issue 23) gets a computer
            player, unless one is already on its way (its process runs but has no seat yet)."""
            seated = sum(1 for s in lobby.seats if s is not None and s.pubkey in lobby.computer_keys)
            free = args.players - lobby.taken() - max(0, len(spawn.running) - seated)
            if free > 0 and time.monotonic() >= spawn.last + 5:  # (a child that failed to start: not at once)
                say(f"Starting {free} computer player(s) as peers on this machine...")
                spawn(free)
        spawn.count = 0
        spawn.running = set()
        spawn.last = 0.0
        async with trio.open_nursery() as lobby_nursery:
            for listener in listeners:
                lobby_nursery.start_soon(accept_loop, listener, lobby.handle, outer, lobby.gate)
            lobby_nursery.start_soon(lobby.status)
            if announcer is not None:
                lobby_nursery.start_soon(_announce, announcer, lobby, say)
            if args.bots:
                say(f"Starting {args.bots} computer player(s) as peers on this machine...")
                spawn(args.bots)
            elif args.bots is None:
                free = args.players - 1
                start_now = trio.Event()
                if screen is not None:
                    token = trio.lowlevel.current_trio_token()
                    screen.lobby(lobby, args.players, time.monotonic() + args.wait,
                                 lambda: token.run_sync_soon(start_now.set),
                                 f"{friend_program()} join {addr}:{port} --code {lobby.code}")
                    lobby.changed = screen.table.invalidate
                say(f"Waiting {args.wait:g} s for players to join; then computer players take the free seats.")
                with trio.move_on_after(args.wait):
                    await _first_of(lobby.full, start_now)  # (lobby.full is replaced only once it is set)
                free = args.players - lobby.taken()
                if free > 0:
                    say(f"Starting {free} computer player(s) as peers on this machine...")
                    spawn(free)
            while True:
                while not lobby.full.is_set():
                    if args.bots is None:
                        top_up()
                    await trio.sleep(0.2)
                # a joiner that hangs up right after its welcome (issue 10, attack 9) shows within this
                # time on any LAN; its seat is then given back and the lobby waits again
                await trio.sleep(LOBBY_SETTLE)
                gone = lobby.vacate_dead()
                if not gone and lobby.full.is_set():
                    break
                if gone and args.bots is None:  # as at first: wait for people, then fill the free seats
                    with trio.move_on_after(args.wait):
                        await lobby.full.wait()
                    free = args.players - lobby.taken()
                    if free > 0:
                        say(f"Starting {free} computer player(s) as peers on this machine...")
                        spawn(free)
            lobby_nursery.cancel_scope.cancel()
        if announcer is not None:  # the game stays announced, full (joiners pass it over), for `watch --code`
            with trio.move_on_after(2):
                try:
                    await announcer.update(taken=lobby.taken())
                except Exception:
                    pass
        roster_payload = lobby.roster()
        cheat = os.environ.get("SNOWP2P_CHEAT", "")
        if cheat.startswith("roster-"):  # tests only: a host that lies in its roster (net/cheats.py)
            from ..net.cheats import hostile_roster

            roster_payload = hostile_roster(cheat, ident, roster_payload)
        conns = {i: j.conn for i, j in enumerate(lobby.seats) if j.conn is not None}
        for i, conn in list(conns.items()):
            try:
                await conn.send(roster_payload)
            except ConnectionClosed:
                # it left after the last check: the game waits for it like any absent seat, and a seat that
                # never signs the roster gets no result (G2)
                say(f"{lobby.seats[i].nick} left before the game started; the game waits for it")
                del conns[i]
        try:
            roster = decode_signed(roster_payload)
        except ProtocolError as e:
            raise CommandError(f"can not play this game: {e}", 1) from None
        say("All seats are taken:")
        for i, s in enumerate(roster.body.seats):
            say(f"  seat {i}: {s.nick} [{fingerprint(s.pubkey)}]" + ("  (you)" if i == 0 else ""))
        args._played = (lobby.code, roster)  # what a rematch starts from (commands/rematch.py)
        args._races = []
        if match is not None:  # what `resume` needs to go on with the match after this race
            from .match import save_race

            save_race(home, roster, lobby.code, tracks=args._tracks, game=game)
        try:
            result = await play_seat(args, home, ident, roster, 0, conns, listeners, say,
                                     watch=(lobby.code, lobby.turnstile))  # spectators: `watch` (net/spectators.py)
            if match is not None:  # the races after the first (commands/match.py)
                from .match import host_rest

                result = await host_rest(args, home, ident, nick, say, game, rules, args._tracks, lobby.code, port,
                                         lobby.computer_keys, result)
        finally:
            if announcer is not None:
                with trio.CancelScope(shield=True), trio.move_on_after(3):
                    await announcer.stop()  # the game is over: no more announcements
        # the computer players' processes (and any lobby task left) get 15 s to end, then are cancelled
        outer.cancel_scope.deadline = trio.current_time() + 15
    return result


def _announcer(args, game, lobby, nick, ident, addr: str, port: int, track, say):
    """The LAN announcement of this lobby (discovery.py), or None (with one line) where it can not be made."""
    from ..net.discovery import Announcer, ad_properties

    try:
        socket.inet_aton(addr)
    except OSError:
        say(f"(not announced on the LAN: {addr!r} is not an IPv4 address; the others type the join line)")
        return None
    props = ad_properties(game.kind, game.table_name(track), lobby.taken(), args.players, nick, ident.fingerprint)
    return Announcer(f"{nick} {ident.fingerprint}", addr, port, props)


async def _announce(announcer, lobby, say) -> None:
    """Announce until cancelled (the lobby closes), keeping the seats count up to date."""
    try:
        await announcer.start()
    except Exception as e:  # no multicast-capable interface, ...: the join line still works
        say(f"(not announced on the LAN: {type(e).__name__}: {e})")
        return
    say("Announced on the LAN: the others can also join with: snowp2p join --code CODE (no address)")
    taken = lobby.taken()
    while True:
        await trio.sleep(0.5)
        if lobby.taken() != taken:
            taken = lobby.taken()
            try:
                await announcer.update(taken=taken)
            except Exception:
                pass


async def _first_of(*events: trio.Event) -> None:
    """Return as soon as one of ``events`` is set."""
    async with trio.open_nursery() as n:
        async def wait(ev: trio.Event) -> None:
            await ev.wait()
            n.cancel_scope.cancel()

        for ev in events:
            n.start_soon(wait, ev)


async def _run_child(cmd: list[str], errors: Path, detached: bool = False) -> None:
    """A computer player: this program as its own process and peer; its errors go to ``errors``.

    ``detached`` (the host at the table screen): the child outlives this process, so that when the
    host's person leaves (`quit`: a computer player resumes the host's seat) or is interrupted (to
    `resume` later) the computer players stay at the table."""
    env = dict(os.environ)
    env.pop("SNOWP2P_CHEAT", None)
    errors.parent.mkdir(parents=True, exist_ok=True)
    async with await trio.open_file(errors, "ab") as err:
        try:
            if detached:
                proc = await trio.to_thread.run_sync(_start_detached, cmd, err.wrapped, env)
                await trio.to_thread.run_sync(proc.wait, abandon_on_cancel=True)
                return
            await trio.run_process(cmd, check=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=err.wrapped, env=env)
        except OSError:
            pass


def _start_detached(cmd: list[str], err, env: dict) -> subprocess.Popen:
    """The child in a session of its own (it outlives this process); run in a thread (it blocks)."""
    return subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err, env=env,
                            start_new_session=True)

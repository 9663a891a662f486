"""The networked commands: id, host, join, games, audit, replay (thin shells around net/ and protocol/)."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import trio

from .errors import CommandError
from .home import Home, HomeError
from .replay import replay_log
from .protocol import joincode
from .protocol.crypto import fingerprint
from .protocol.errors import DecodeError, LogError, ProtocolError
from .protocol.log import read_log
from .protocol.messages import decode_signed
from .protocol.roster import roster_summary, summary_lines
from .protocol.absence import DEFAULT_MOVE_TIME
from .protocol.session import GameOver, Halted, Session, TurnApplied
from .games import GAMES, PRELOAD as GAME_PRELOAD, PRELOAD_SCREEN as GAME_PRELOAD_SCREEN, add_game_options, find_game, kinds
from .rules.drbg import Rand
from .net.conn import ConnectionClosed
from .net.game import DEFAULT_PORT, GAME_TITLES, game_points, table_name, HostConfig, Lobby, NetError, NetGame, join_announced, join_lobby
from .net.guard import accept_loop

LOBBY_SETTLE = 0.5  # seconds between the last seat taken and the check that every joiner is still there
DEFAULT_TRACKS = {kind: g.default_table for kind, g in GAMES.items()}
PLAYERS = {kind: g.players for kind, g in GAMES.items()}


def load_table(kind: str, name: str):
    """The table (a track: a shipped name or a .toml file of the host's own; or a tile set) a *host* plays
    on, from the command line.  A joiner, ``resume`` and ``audit`` never look a track up: they use the one
    the roster carries (protocol/roster.py)."""
    return find_game(kind).load_table(name)


def game_rules(kind: str, args, table):
    try:
        return find_game(kind).rules_from_args(args, [table])
    except ValueError as e:
        raise CommandError(str(e)) from None


# ------------------------------------------------------------------ helpers
def _say_factory(quiet: bool):
    if quiet:
        return lambda line: None

    def say(line: str) -> None:
        print(line, flush=True)

    return say


def lan_address() -> str:
    """This machine's LAN address as others would type it (best effort, no traffic sent)."""
    try:
        out = subprocess.run(["ip", "-4", "-o", "addr", "show", "scope", "global"], capture_output=True,
                             text=True, timeout=2).stdout
        for line in out.splitlines():
            parts = line.split()
            if "inet" in parts:
                return parts[parts.index("inet") + 1].split("/")[0]
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127."):
                return addr
    except OSError:
        pass
    return "127.0.0.1"


def parse_hostport(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, DEFAULT_PORT
    if not port.isdigit() or not (1 <= int(port) <= 65535):
        raise CommandError(f"join: {text!r} is not HOST[:PORT] (the port is a number 1-65535)")
    if not host.strip("[]"):
        raise CommandError(f"join: {text!r} is not HOST[:PORT] (the host's address is missing)")
    return host.strip("[]"), int(port)


def _bot_decide(state, seat):
    from .bots import choose_action

    return choose_action(state, Rand(os.urandom(32)))


def _make_screen(args):
    """The table screen for the person at this terminal (None: --autoplay, --plain, or not a terminal)."""
    if args.autoplay or getattr(args, "plain", False):
        return None
    from .ui.table import is_terminal

    out = getattr(args, "pt_output", None)
    if not is_terminal(out):
        return None
    from .ui.netscreen import NetTable

    return NetTable(args.command, getattr(args, "pt_input", None), out)


def _on_table(args, async_fn, *fn_args) -> int:
    """Run a networked command on the table screen (trio as the guest of its loop); its ending in words."""
    from .ui.table import Interrupted, run_trio

    screen = args._screen

    async def after(table, rc):
        s = screen.session
        if s is not None and screen.game is not None and s.done and not screen.left:
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
              f"Come back with:  {_program()} resume {gid}{home}", file=sys.stderr)
        return 130
    s = screen.session
    if screen.left and screen.game is not None and getattr(screen.game, "left", False):
        print("You left the game. The other players' computers play your seat to the end; their screens say that "
              "you left.")
        return rc
    if s is not None and screen.game is not None and s.done:
        from .ui.tableplay import result_text

        info = screen.end_info()
        print(result_text(screen.table.view, s.state, info["commands"]) if s.state is not None
              else "\n".join(info["how"] + info["commands"]))
    return rc


def friend_program() -> str:
    from .program import friend_program as f

    return f()


def _program() -> str:
    from .ui.tableplay import program

    return program()


def _hand_seat_to_computer(args, gid: str) -> int:
    """`quit` confirmed in a networked game: a computer player resumes this seat, in its own process, to the end."""
    cmd = [sys.executable, "-m", "snowp2p", "resume", gid, "--autoplay", "--quiet",
           "--absent-after", str(args.absent_after), "--vote-after", str(args.vote_after), "--vote", args.vote]
    if args.home:
        cmd += ["--home", args.home]
    home, _, _ = _identity(args)
    errors = home.path / "takeover-errors.log"
    with open(errors, "ab") as err:
        child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                 start_new_session=True)
    home_opt = f" --home {args.home}" if args.home else ""
    print(f"You left the game. A computer player (process {child.pid}) plays your seat to the end.\n"
          f"See the result later with:  {_program()} games{home_opt}")
    return 0


def _decider(args):
    """(decide, human, screen) for this seat: the computer (--autoplay) or the person at the terminal."""
    screen = getattr(args, "_screen", None)
    if screen is not None:
        return screen.decide, True, screen
    if args.autoplay:
        delay = getattr(args, "think", 0.0) or 0.0
        if delay > 0:
            def slow(state, seat):
                time.sleep(delay)
                return _bot_decide(state, seat)

            return slow, True, None  # runs in a thread, like a person
        return _bot_decide, False, None
    decide, screen = _human_decide_factory(GAME_TITLES[args.game_kind])
    return decide, True, screen


def _human_decide_factory(game_title: str):
    """A blocking decide(state, seat) that asks the person at this terminal (run in a thread)."""
    from .ui.netscreen import NetScreen

    screen = NetScreen(game_title)
    return screen.decide, screen


def _say_for(args):
    screen = getattr(args, "_screen", None)
    return screen.say if screen is not None else _say_factory(args.quiet)


def _check_interactive(args) -> None:
    if not args.autoplay and not sys.stdin.isatty() and getattr(args, "pt_input", None) is None:
        raise CommandError(f"{args.command}: standard input is not a terminal; add --autoplay to let the "
                           "computer play this seat")


def _identity(args):
    home = Home.open(args.home)
    return home, home.identity(), home.nickname(args.name)


# -------------------------------------------------------------------- id
def run_id(args) -> int:
    home, ident, nick = _identity(args)
    print(f"nickname:    {nick}")
    print(f"fingerprint: {ident.fingerprint}")
    print(f"key file:    {home.path / 'identity.key'}")
    return 0


# ------------------------------------------------------------------ host
def run_host(args) -> int:
    lo, hi = PLAYERS[args.game]
    if not (lo <= args.players <= hi):
        raise CommandError(f"--players: {GAME_TITLES[args.game]} takes {lo} to {hi} players, not {args.players}")
    if args.bots is not None and not (0 <= args.bots <= args.players - 1):
        raise CommandError(f"--bots: between 0 and {args.players - 1} (the other seats), not {args.bots}")
    if not (0 <= args.port <= 65535):
        raise CommandError(f"--port: {args.port} is not a TCP port")
    if args.wait < 0:
        raise CommandError("--wait: seconds must not be negative")
    _check_interactive(args)
    track = load_table(args.game, args.track or DEFAULT_TRACKS[args.game])  # TrackError: one line, exit 2
    rules = game_rules(args.game, args, track)
    why = rules.network_refusal() if hasattr(rules, "network_refusal") else None
    if why:
        raise CommandError(why)
    _check_roster(args, track, rules)
    args._screen = _make_screen(args)
    if args._screen is not None:
        return _on_table(args, _host_main, args, track, rules)
    return trio.run(_host_main, args, track, rules)


def _check_roster(args, track, rules) -> None:
    """Build, sign and read back the roster this game will have (with stand-in seats) before anyone joins,
    exactly as a joiner will: a track or rules the roster can not carry are refused now, in one line."""
    from .protocol.crypto import Identity
    from .protocol.messages import HOST_SEAT, ZERO_HASH, Envelope, Seat, encode_signed
    from .protocol.roster import roster_body, roster_summary

    me = Identity.from_seed(bytes(32))
    seats = [Seat(f"p{i}", bytes([i]) * 32, "127.0.0.1", 1) for i in range(args.players)]
    try:
        body = roster_body(args.game, track, rules, seats)
        roster_summary(decode_signed(encode_signed(me, Envelope(b"\x01" * 32, HOST_SEAT, 0, ZERO_HASH, body))).body)
    except (ValueError, DecodeError) as e:
        raise CommandError(f"--track: the game's roster can not carry this track or these rules: {e}") from None


async def _host_main(args, track, rules) -> int:
    home, ident, nick = _identity(args)
    say = _say_for(args)
    screen = getattr(args, "_screen", None)
    cfg = HostConfig(args.game, track, args.players, rules, args.port, move_time=args.move_time)
    lobby = Lobby(cfg, ident, nick, say)
    if os.environ.get("SNOWP2P_CHEAT", "").startswith("roster-"):  # tests only: the offer lies as the roster will
        from .net.cheats import hostile_roster

        lobby.lie = lambda payload: hostile_roster(os.environ["SNOWP2P_CHEAT"], ident, payload)
    try:
        listeners = await trio.open_tcp_listeners(args.port)
    except OSError as e:
        raise CommandError(f"--port {args.port}: can not listen: {e.strerror or e}", 1) from None
    port = listeners[0].socket.getsockname()[1]
    lobby.seats[0].port = port  # the roster tells the others where to reach the host again
    addr = args.advertise or lan_address()
    say(f"Hosting {GAME_TITLES[args.game]} on {table_name(track)} for {args.players} players "
        f"as {nick} [{ident.fingerprint}].")
    say("The others join with:")
    say(f"    {friend_program()} join {addr}:{port} --code {lobby.code}")
    bot_home = home.path / "bots"
    announcer = None
    if not args.no_announce:
        announcer = _announcer(args, lobby, nick, ident, addr, port, track, say)
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
                    while not lobby.full.is_set() and not start_now.is_set():
                        await trio.sleep(0.1)
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
        if announcer is not None:
            await announcer.stop()  # the lobby is closed: no more announcements
        roster_payload = lobby.roster()
        cheat = os.environ.get("SNOWP2P_CHEAT", "")
        if cheat.startswith("roster-"):  # tests only: a host that lies in its roster (net/cheats.py)
            from .net.cheats import hostile_roster

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
        result = await _play(args, home, ident, roster, 0, conns, listeners, say)
        with trio.move_on_after(15):
            await _children_done(outer)
        outer.cancel_scope.cancel()
    return result


def _announcer(args, lobby, nick, ident, addr: str, port: int, track, say):
    """The LAN announcement of this lobby (discovery.py), or None (with one line) where it can not be made."""
    from .net.discovery import Announcer, ad_properties

    try:
        socket.inet_aton(addr)
    except OSError:
        say(f"(not announced on the LAN: {addr!r} is not an IPv4 address; the others type the join line)")
        return None
    props = ad_properties(args.game, table_name(track), lobby.taken(), args.players, nick, ident.fingerprint)
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


async def _children_done(nursery) -> None:
    while nursery.child_tasks:
        await trio.sleep(0.05)


async def _run_child(cmd: list[str], errors: Path, detached: bool = False) -> None:
    """A computer player: this program as its own process and peer; its errors go to ``errors``.

    ``detached`` (the host at the table screen): the child outlives this process, so that when the
    host's person leaves (`quit`: a computer player resumes the host's seat) or is interrupted (to
    `resume` later) the computer players stay at the table."""
    env = dict(os.environ)
    env.pop("SNOWP2P_CHEAT", None)
    errors.parent.mkdir(parents=True, exist_ok=True)
    with open(errors, "ab") as err:
        try:
            if detached:
                proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                        env=env, start_new_session=True)
                await trio.to_thread.run_sync(proc.wait, abandon_on_cancel=True)
                return
            await trio.run_process(cmd, check=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=err, env=env)
        except OSError:
            pass


async def _play(args, home, ident, roster, me, conns, listeners, say) -> int:
    from .protocol.session import Session

    try:
        Session(roster)  # the roster's track and settings, checked before anything is saved or sent
    except DecodeError as e:
        raise CommandError(f"can not play this game: {e}", 1) from None
    secret = os.urandom(32)
    home.save_secret(roster.envelope.game, secret)
    session = Session(roster, None, me, ident, secret)
    cheat = os.environ.get("SNOWP2P_CHEAT")
    game = _make_game(args, session, home, ident, say, cheating=bool(cheat))
    if cheat:
        from .net.cheats import Cheat

        game.start_cheating(Cheat(cheat))
    game.conns = dict(conns)
    game.listeners = list(listeners or [])
    _preload(not args.autoplay)
    say("The race begins.")
    return await _run_game(args, game)


async def _run_game(args, game) -> int:
    """NetGame.run, with the table screen kept up to date when there is one."""
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
PRELOAD = (*GAME_PRELOAD, "snowp2p.rules.drbg", "snowp2p.scenario", "snowp2p.net.cheats", "snowp2p.net.hostile")
PRELOAD_SCREEN = (*GAME_PRELOAD_SCREEN, "snowp2p.ui.netscreen", "snowp2p.ui.table", "snowp2p.ui.views", "snowp2p.ui.tableplay", "snowp2p.ui.svg", "snowp2p.program")


def _preload(human: bool) -> None:
    """Import now what the game may need later: an import needs file descriptors, and a flood of strangers'
    connections may have taken them all by then (G9: the game goes on)."""
    import importlib

    for name in PRELOAD + (PRELOAD_SCREEN if human else ()):
        importlib.import_module(name)


def _make_game(args, session: Session, home: Home, ident, say, cheating: bool = False) -> NetGame:
    """This peer's game: who decides its moves (the person here, or --autoplay) and what it prints; a
    test's misbehaving peer (``cheating``) is a ``CheatingGame`` (net/cheats.py)."""
    args.game_kind = session.kind
    decide, human, screen = _decider(args)
    cls = NetGame
    if cheating:
        from .net.cheats import CheatingGame as cls
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


# ------------------------------------------------------------------ join
def _announced_games(args) -> list:
    """No address given: the games announced on the LAN with a free seat (of ``--game``'s kind if given),
    in the order to try them (discovery.arrange)."""
    from .net.discovery import browse

    if not args.quiet:
        print(f"Looking for games on the LAN ({args.browse:g} s)...", flush=True)
    try:
        ads = trio.run(browse, args.browse)
    except Exception as e:
        raise CommandError(f"join: can not look for games on the LAN ({type(e).__name__}: {e}); "
                           "give the host's address: snowp2p join HOST[:PORT] --code CODE", 1) from None
    kind = getattr(args, "kind", None)
    open_ads = [a for a in ads if a.free > 0 and (kind is None or a.kind == kind)]
    if not open_ads:
        what = f"no {GAME_TITLES[kind]} game" if kind else "no game"
        raise CommandError(f"join: {what} found on the LAN; give the host's address: "
                           "snowp2p join HOST[:PORT] --code CODE", 1)
    if not args.quiet:
        print(f"Trying the join code with {len(open_ads)} announced game(s)...", flush=True)
    return open_ads


def _ad_line(a) -> str:
    line = (f"{GAME_TITLES.get(a.kind, a.kind)} on {a.track}, host {a.host_nick} [{a.fingerprint}], "
            f"{a.taken}/{a.seats} seats taken, at {a.addr}:{a.port}")
    return line


async def _find_checks(ads) -> dict:
    """For each announcement that shares its fingerprint with another (at most one is that host): the key
    its host signs its challenge with (a hello, no code given), or why there is none."""
    from .net.game import challenge_key

    out: dict = {}
    limiter = trio.CapacityLimiter(32)

    async def one(a):
        async with limiter:
            out[(a.addr, a.port)] = await challenge_key(a.addr, a.port, timeout=5.0)

    async with trio.open_nursery() as n:
        for a in ads:
            if a.dup:
                n.start_soon(one, a)
    return out


def run_find(args) -> int:
    from .net.discovery import browse

    ads = trio.run(browse, args.browse)
    if not ads:
        print("no game found on the LAN")
        return 0
    checks = trio.run(_find_checks, ads) if any(a.dup for a in ads) else {}
    for a in ads:
        line = _ad_line(a)
        if a.dup:
            key = checks.get((a.addr, a.port))
            if isinstance(key, bytes) and fingerprint(key) != a.fingerprint:
                line = f"FAKE: {line} (its host proves the key [{fingerprint(key)}], not the one it announces)"
            elif isinstance(key, bytes):
                line += (f"  [DUPLICATE: {a.dup + 1} games announce this fingerprint; at most one is that host: "
                         "`join --code` joins the one that proves your code]")
            else:
                line = f"FAKE?: {line} (no signed answer: {key})"
        print(line)
    return 0


def run_join(args) -> int:
    _check_interactive(args)
    target = parse_hostport(args.address) if args.address else None
    code = args.code
    if not code:
        if not sys.stdin.isatty():
            raise CommandError("join: give the join code with --code (standard input is not a terminal)")
        code = input("Join code (as the host printed it, e.g. 4-husky-tundra): ").strip()
    try:
        joincode.normalize(code)  # a mistyped code is bad input (exit 2), found before any connection
    except ValueError as e:
        raise CommandError(f"--code: {e}") from None
    if target is None:
        target = _announced_games(args)
    args._screen = _make_screen(args)
    if args._screen is not None:
        args._screen.joining(f"{target[0]}:{target[1]}" if isinstance(target, tuple) else "announced on the LAN")
        return _on_table(args, _join_main, args, target, code)
    return trio.run(_join_main, args, target, code)


async def _join_main(args, target, code) -> int:
    home, ident, nick = _identity(args)
    say = _say_for(args)
    try:
        if isinstance(target, tuple):
            res = await join_lobby(target[0], target[1], code, ident, nick, say)
        else:
            res = await join_announced(target, code, ident, nick, say)
    except NetError as e:
        raise CommandError(str(e), 1) from None
    except ProtocolError as e:
        raise CommandError(f"the host sent a bad message: {e}", 1) from None
    from .net.game import accept_offer, decline_offer

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
    return await _play(args, home, ident, res.roster, res.seat, {0: res.conn}, res.listeners, say)


async def _confirm(args, offer, say) -> None:
    """Show the joiner the game it is about to sign (G3): the track's name and size and every setting that
    differs from the defaults, as the host's offer tells them; then it confirms, or passes --yes.  Without
    a terminal and without --yes a game on a shipped track with the default settings goes ahead, anything
    else is refused (never a hang: docs/user-guide.md).  The roster must then carry this very game."""
    import dataclasses

    try:
        summary = roster_summary(offer.body)
    except DecodeError as e:
        raise CommandError(f"join: the host's game is refused: {e}", 1) from None
    open_seats = offer.body.players - len(offer.body.seats)
    summary = dataclasses.replace(summary, players=summary.players + ("(open seat)",) * open_seats)
    screen = getattr(args, "_screen", None)
    if screen is not None and not args.yes:  # the table shows the roster, fingerprints and settings, and asks
        from .protocol.crypto import fingerprint

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
    answer = await trio.to_thread.run_sync(_ask, "Play this game? [y/N] ")
    if answer.strip().lower() not in ("y", "yes"):
        raise CommandError("join: you declined the game; nothing was signed or sent", 1)


def _move_time(text: str) -> int:
    """``--move-time``: whole seconds within the range a roster may carry (one clear line otherwise)."""
    from .protocol.roster import MOVE_TIME_RANGE

    lo, hi = MOVE_TIME_RANGE
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected whole seconds, got {text!r}") from None
    if not lo <= value <= hi:
        raise argparse.ArgumentTypeError(f"expected {lo} to {hi} seconds, got {value}")
    return value


def _ask(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return ""


# ---------------------------------------------------------------- resume
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


def run_resume(args) -> int:
    _check_interactive(args)
    args._screen = _make_screen(args)
    if args._screen is not None:
        return _on_table(args, _resume_main, args)
    return trio.run(_resume_main, args)


async def _resume_main(args) -> int:
    home, ident, nick = _identity(args)
    say = _say_for(args)
    d = _find_game(home, args.game)
    log = d / "game.log"
    try:
        with open(log, "r+b") as f:
            contents = read_log(f)
            if contents.torn:
                f.truncate(contents.valid_length)  # a crash during the last append: cut it cleanly
                say(f"cut a torn last record from {log}")
    except (OSError, LogError) as e:
        raise CommandError(f"resume: can not read {log}: {e}", 1) from None
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
    try:
        session, missing = Session.from_log(records, None, me, ident, secret)
    except Halted as h:
        raise CommandError(f"resume: the log holds a violation: {h.reason}", 1) from None
    except ProtocolError as e:
        raise CommandError(f"resume: can not replay {log}: {e}", 1) from None
    if session.done:  # (defect B) still pass on what the others may lack, for a bounded time, then exit
        say("This game is already over here: " + "; ".join(session.outcome()) +
            "; passing on to the others what they may still lack...")
    try:
        listeners = await trio.open_tcp_listeners(seats[me].port)
    except OSError as e:
        raise CommandError(f"resume: can not listen on port {seats[me].port} again: {e.strerror or e}", 1) from None
    game = _make_game(args, session, home, ident, say)
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
    game.listeners = listeners
    say(f"Resuming {GAME_TITLES[roster.body.kind]} game {roster.envelope.game.hex()[:16]} as seat {me} "
        f"at turn {session.turn}; reconnecting to the others...")
    return await _run_game(args, game)


# ----------------------------------------------------------------- games
def run_games(args) -> int:
    home = Home.open(args.home)
    games = home.games()
    if not games:
        print(f"no saved games in {home.path / 'games'}")
        return 0
    prog = _program()
    home_opt = f" --home {args.home}" if getattr(args, "home", None) else ""
    for d, meta in games:
        players = ", ".join(p.get("nick", "?") for p in meta.get("players", []))
        print(f"{meta.get('started', '?'):19}  {GAME_TITLES.get(meta.get('game'), meta.get('game', '?')):11}  "
              f"{meta.get('track', '?'):16}  {players}")
        for line in game_story(d, meta, prog, home_opt):
            print(f"{'':19}  {line}")
    return 0


def game_story(d: Path, meta: dict, prog: str, home_opt: str = "") -> list[str]:
    """What became of a saved game, in words, and the exact command that goes on from there (issue 23, item 5)."""
    status = meta.get("status", "?")
    log = meta.get("log", str(d / "game.log"))
    gid = str(meta.get("game_id", d.name))[:16]
    if status == "finished":
        places = meta.get("places") or []
        if meta.get("abandoned"):
            head = "abandoned by a vote: no places, no points"
        elif places:
            head = f"finished: {places[0]} won" + (f" (then {', '.join(places[1:])})" if len(places) > 1 else "")
        else:
            head = "finished"
        return [head, f"replay: {prog} replay {log}", f"audit:  {prog} audit {log}"]
    if status == "playing":
        return ["not finished (its program stopped, or is still running): to come back to it,",
                f"resume: {prog} resume {gid}{home_opt}"]
    if status == "stopped":
        return [f"stopped: {meta.get('reason', 'no reason given')}", f"log: {log}"]
    return [f"{status}", f"log: {log}"]


# ----------------------------------------------------------------- audit
def run_audit(args) -> int:
    if getattr(args, "more", None):  # several logs of one game, side by side (G12)
        from .audit_logs import run_audit_logs

        return run_audit_logs([args.log, *args.more])
    t0 = time.perf_counter()
    res = replay_log(args.log)
    dt = time.perf_counter() - t0
    obs = res.session
    if res.violation:
        print(f"VIOLATION: {res.violation}")
        return 1
    assert obs is not None
    if res.stops_early:
        print(f"OK (no result): {res.stops_early}")
        print(f"{GAME_TITLES[obs.kind]} on {table_name(obs.track)}, game {obs.game_id.hex()[:16]}")
        return 0
    print("OK")
    print(f"{GAME_TITLES[obs.kind]} on {table_name(obs.track)}, game {obs.game_id.hex()[:16]}")
    print("Players:")
    for i in range(obs.n):
        print(f"  seat {i}: {obs.nicks[i]} [{obs.fingerprint(i)}]")
    if obs.abandoned:
        print("Final places: none (the game was abandoned by a vote: a vote never pays)")
    else:
        print("Final places:")
    pts = game_points(obs)
    for k, seat in enumerate(obs.places()):
        print(f"  {k + 1}. {obs.nicks[seat]}" + (f"  {pts[seat]} point{'' if pts[seat] == 1 else 's'}" if pts else ""))
    breakdown = find_game(obs.kind).breakdown_lines(obs.state) if obs.state is not None else []
    if breakdown:
        print("Score breakdown:")
        for line in breakdown:
            print(f"  {line}")
    for seat in obs.unsigned():  # only in a game that ended before it began (else it is a violation)
        print(f"Seat {seat} ({obs.name(seat)}) never signed the roster: the log proves no result for that seat.")
    for seat, (choice, kept, turn) in sorted(obs.gone.items()):
        what = ("a computer player played the seat from then on" if choice == "bot"
                else "the game was abandoned there, with no places")
        hidden = "; its hidden cards up to then could not be opened and checked" if obs.g.hidden else ""
        print(f"Seat {seat} ({obs.nicks[seat]}) stopped answering and was voted out at turn {turn}: {what}{hidden}.")
    if res.unopened:
        who = ", ".join(f"seat {i} ({obs.nicks[i]})" for i in res.unopened)
        print(f"Every seat signed the same last turn, so these places are final; the last card openings of {who} "
              "are not in this log (they left first): the cards never played were not checked.")
    print("Result: " + "; ".join(obs.outcome()))
    moves = obs.counts.get("move", 0)
    print(f"Checked {res.messages} messages ({moves} moves, {max(obs.final_turn, 0)} turns) in {dt:.2f} s: "
          "every signature, hash link, reveal, card opening, move and state hash, and each deck's composition.")
    return 0


def run_replay(args) -> int:
    """``replay LOG``: the table stepping turn by turn (keys), ``--plain`` (or not a terminal) the printout,
    ``--svg FILE`` a picture of the game."""
    from .ui.table import is_terminal

    if getattr(args, "svg", None):
        return _replay_svg(args)
    if getattr(args, "plain", False) or args.delay or not is_terminal(getattr(args, "pt_output", None)):
        return _replay_plain(args)
    return _replay_table(args)


def _replay_frames(path: str):
    """(AuditResult, frames): frames are (state, what happened, event lines so far) after each turn."""
    from .ui.views import view_for

    frames: list = []
    events: list[str] = []
    view: list = []

    def collect(obs, ev: TurnApplied) -> None:
        if not view:
            view.append(view_for(obs.kind))
        if ev.state is None:
            return
        lines = []
        if ev.move is not None:
            try:
                lines = view[0].events(*ev.move)
            except Exception:
                lines = [ev.description]
        events.extend(lines)
        frames.append((ev.state, lines[0] if lines else "The start", list(events)))

    res = replay_log(path, collect)
    return res, frames


def _audited_frames(path: str):
    """The replayed log's observer session and frames, or None after printing its violation."""
    res, frames = _replay_frames(path)
    if res.violation:
        print(f"VIOLATION: {res.violation}")
        return None
    return res.session, frames


def _replay_table(args) -> int:
    from .ui.table import Table, run_app
    from .ui.views import GAME_TITLE, view_for

    got = _audited_frames(args.log)
    if got is None:
        return 1
    obs, frames = got
    if not frames:
        print("This game ended before it began: nothing to replay.")
        return 0
    view = view_for(obs.kind)
    computers = set(obs.roster.body.settings.get("computer_seats", ()) or ())
    tags = {i: ("computer" if i in computers else "human") for i in range(obs.n)}
    last_state, last_what, last_events = frames[-1]
    if last_state.is_over:
        ends = [f"Final places: " + ", ".join(f"{p}. {text.split('  ')[0].strip()}" for p, _, text in
                                               view.result(last_state))]
        frames[-1] = (last_state, last_what, last_events + ends)
    table = Table(view, title=f"{GAME_TITLE[obs.kind]} on {table_name(obs.track)}", tags=tags,
                  pt_input=getattr(args, "pt_input", None), pt_output=getattr(args, "pt_output", None))
    from .ui.table import Interrupted

    try:
        run_app(table, lambda t: t.run_replay(frames))
    except Interrupted:
        return 130
    return 0


def _replay_svg(args) -> int:
    from .ui.svg import write_svg

    if os.path.lexists(args.svg) and not args.force:  # (said before the replay; the write checks again)
        raise CommandError(f"--svg {args.svg}: the file exists (a file, a directory or a link): give another "
                           "name, or --force to replace it")
    got = _audited_frames(args.log)
    if got is None:
        return 1
    obs, frames = got
    if not frames:
        raise CommandError(f"{args.log}: the game ended before it began: nothing to draw")
    title = f"{GAME_TITLES[obs.kind]} on {table_name(obs.track)}, game {obs.game_id.hex()[:16]}"
    text = find_game(obs.kind).svg([st for st, _, _ in frames], title)
    try:
        path = write_svg(args.svg, text, force=args.force)
    except FileExistsError:
        raise CommandError(f"--svg {args.svg}: the file exists (a file, a directory or a link): give another "
                           "name, or --force to replace it") from None
    except OSError as e:
        raise CommandError(f"--svg {args.svg}: can not write: {e.strerror or e}") from None
    print(f"wrote {path}")
    return 0


def _replay_plain(args) -> int:
    delay = args.delay

    def show(obs, ev: TurnApplied) -> None:
        st = ev.state
        print(f"\n── turn {ev.turn} · round {getattr(st.public, 'round', '?')} ──")
        if ev.description:
            print(ev.description)
        print(find_game(obs.kind).board_text(st, args.width))
        if delay:
            time.sleep(delay)

    res = replay_log(args.log, show)
    if res.violation:
        print(f"VIOLATION: {res.violation}")
        return 1
    obs = res.session
    print("\nFinal places: " + (", ".join(obs.nicks[s] for s in obs.places()) or "none (the game ended before it began)"))
    return 0


# ------------------------------------------------------------------ parser
def add_parsers(sub, parser_class) -> None:
    def common(p):
        p.add_argument("--home", default=None, help="data directory (identity, logs); default $SNOWP2P_HOME "
                                                    "or ~/.local/share/snowp2p")
        p.add_argument("--name", default=None, help="your nickname")

    def seat_options(p):
        p.add_argument("--autoplay", action="store_true", help="a computer player plays your seat")
        p.add_argument("--think", type=float, default=0.0, help=argparse.SUPPRESS)  # autoplay: seconds per move
        p.add_argument("--quiet", action="store_true", help="print nothing but errors")
        p.add_argument("--plain", action="store_true", help="line-by-line prompts instead of the full-screen table")

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
    p.add_argument("--move-time", type=_move_time, default=DEFAULT_MOVE_TIME, metavar="S",
                   help=f"seconds each player has for a move, shown to every joiner; a player who has not moved "
                        f"by then counts as absent (default {DEFAULT_MOVE_TIME})")
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
    p.add_argument("address", metavar="HOST[:PORT]", nargs="?", default=None,
                   help="the host's address (default: look for games on the LAN)")
    p.add_argument("--code", default=None, help="the join code the host printed")
    p.add_argument("--browse", type=float, default=3.0, metavar="S", help="seconds to look for games on the LAN "
                                                                         "when no address is given (default 3)")
    p.add_argument("--game", dest="kind", default=None, choices=kinds(),
                   help="with no address: only try the announced games of this kind")
    p.add_argument("--yes", action="store_true", help="accept the host's track and settings without asking (they "
                                                      "are still shown)")
    seat_options(p)

    p = sub.add_parser("find", help="list the games announced on the LAN")
    p.add_argument("--browse", type=float, default=3.0, metavar="S", help="seconds to listen (default 3)")

    p = sub.add_parser("resume", help="rejoin a game after a crash or a lost connection")
    common(p)
    absence(p)
    p.add_argument("game", nargs="?", default=None, help="game id (prefix) or log path; default: the newest unfinished game")
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


COMMANDS = {"id": run_id, "host": run_host, "join": run_join, "find": run_find, "resume": run_resume, "games": run_games,
            "audit": run_audit, "replay": run_replay}

"""Issue 21, item 4: a rematch.  At the end screen every player may press ``r``; the host's program opens the next
game's lobby on the same port with a code only the last game's players can work out (protocol/SPEC.md section
10, *Rematch*), a joiner's program dials that host again and takes its seat without typing the join line."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import trio

from kit.terminal import TerminalPeer
from kit.peers import audit, decode_records, log_records, read_meta

from snowp2p.cli import build_parser
from snowp2p.games import find_game
from snowp2p.net.lobby import HostConfig, Lobby, NetError, join_lobby
from snowp2p.net.guard import accept_loop
from snowp2p.protocol import joincode
from snowp2p.protocol.crypto import Identity

TRACK = Path(__file__).resolve().parents[1] / "resilience" / "tracks" / "short-snowtails.toml"


def test_the_rematch_code_is_the_last_games_own():
    """Only who knew the last code can work out the next one; every game gives another one."""
    code = joincode.make_code(bytes(16))
    a, b = joincode.rematch_code(code, b"\x01" * 32), joincode.rematch_code(code, b"\x02" * 32)
    assert joincode.normalize(a) == a and a != code and a != b
    assert joincode.rematch_code(code.upper().replace("-", " "), b"\x01" * 32) == a  # the code as typed
    assert joincode.rematch_code(joincode.make_code(b"\x07" * 16), b"\x01" * 32) != a


async def test_a_rematch_lobby_seats_only_the_last_games_players():
    """Someone who has the code but did not play the last game is refused (one line), a player of it is seated."""
    game = find_game("snowtails")
    track = game.load_table(game.default_table)
    host, player, stranger = (Identity.from_seed(bytes([i]) * 32) for i in (1, 2, 3))
    code = joincode.rematch_code(joincode.make_code(bytes(16)), b"\x05" * 32)
    rules = game.rules_from_args(build_parser().parse_args(["host", "--game", "snowtails"]), [track])
    lobby = Lobby(HostConfig(game, track, 3, rules, 0), host, "host", lambda s: None,
                  code=code, admit=frozenset({host.public_key, player.public_key}))
    lines: list[str] = []
    async with trio.open_nursery() as n:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        port = listeners[0].socket.getsockname()[1]
        n.start_soon(accept_loop, listeners[0], lobby.handle, n, lobby.gate)
        with pytest.raises(NetError) as refused:
            await join_lobby("127.0.0.1", port, code, stranger, "stranger", lines.append, title_of=str)
        assert "rematch" in str(refused.value) and "last game's players" in str(refused.value)
        res = await join_lobby("127.0.0.1", port, code, player, "player", lines.append, title_of=str,
                               expect_fp=host.fingerprint)
        assert res.seat == 1 and res.offer is not None
        await res.conn.aclose()
        for listener in res.listeners:
            await listener.aclose()
        n.cancel_scope.cancel()


def _finish_race(*peers: TerminalPeer, timeout: float = 300) -> None:
    """Type `auto` at every player's turns (all at once, as people at their own terminals) until each end screen
    offers the rematch."""
    deadline = time.monotonic() + timeout
    waiting = list(peers)
    while waiting:
        for p in list(waiting):
            screen = p.text()
            if "the game is over" in screen:
                # (the footer names the keys; an Enter typed for a move just before the end shows them as a notice)
                assert "r: play again" in screen, screen
                waiting.remove(p)
            elif p.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{p.name}: no end screen (exit {p.proc.poll()}):\n{p.text()}\n{p.tail()}")
            elif "Your turn" in screen:
                p.type("auto\r")
        time.sleep(1.0)


def test_a_rematch_of_two_real_peers_from_the_end_screens_keys(tmp_path):
    """Two people at real terminals play a race, both press r at the end screen, and the next game starts
    with no join line typed: a new game id, the same two keys, both logs of both games audit clean."""
    host = TerminalPeer("host", ["host", "--game", "snowtails", "--players", "2", "--bots", "0", "--port", "0",
                                 "--no-announce", "--advertise", "127.0.0.1", "--home", str(tmp_path / "host"),
                                 "--name", "Ada", "--track", str(TRACK), "--move-time", "30"])
    joiner = None
    try:
        m = re.search(r"join (\S+):(\d+) --code (\S+)", host.wait_text("--code", timeout=60))
        assert m, host.text()
        addr, port, code = m.group(1), m.group(2), m.group(3)
        joiner = TerminalPeer("j1", ["join", f"{addr}:{port}", "--code", code, "--yes", "--home",
                                     str(tmp_path / "j1"), "--name", "Bo"])
        _finish_race(host, joiner)
        screens = {p.name: p.text() for p in (host, joiner)}
        joiner.type("r")
        host.type("r")
        # the host's next lobby (same port, a new code), the joiner seated in it without a question
        host.wait_text("Another game with the same players", timeout=60)
        joiner.wait_text("The same game again: you said yes with r", timeout=120)
        _finish_race(host, joiner)
        for p in (host, joiner):
            p.type("q")
        assert host.wait(120) == 0, host.tail()
        assert joiner.wait(120) == 0, joiner.tail()
    finally:
        host.close()
        if joiner is not None:
            joiner.close()
    assert all("r: play again" in s for s in screens.values()), screens
    games = {}
    for name in ("host", "j1"):
        dirs = sorted((tmp_path / name / "games").iterdir())
        assert len(dirs) == 2, (name, dirs)
        games[name] = dirs
        for d in dirs:
            meta = read_meta(d)
            assert meta["status"] == "finished", (name, meta)
            res = audit(d / "game.log")
            assert res.returncode == 0 and res.stdout.startswith("OK"), res.stdout + res.stderr
    rosters = [decode_records(log_records(d / "game.log"))[0] for d in games["host"]]
    assert rosters[0].envelope.game != rosters[1].envelope.game
    keys = [[s.pubkey for s in r.body.seats] for r in rosters]
    assert keys[0] == keys[1]
    assert rosters[0].body.track == rosters[1].body.track and rosters[0].body.settings == rosters[1].body.settings
    assert {d.name for d in games["host"]} == {d.name for d in games["j1"]}
    assert re.search(r"[0-9a-f]{16}", games["host"][0].name)


def test_the_rematch_vector():
    """protocol/vectors/rematch.json, read as another implementation would: the code as typed gives the same."""
    import json

    v = json.loads((Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "rematch.json").read_text())
    gid = bytes.fromhex(v["game_id"])
    assert joincode.rematch_code(v["code"], gid) == v["rematch_code"] == joincode.rematch_code(v["typed"], gid)

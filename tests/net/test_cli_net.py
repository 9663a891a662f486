"""The networked commands from the outside: id, games, replay, and bad arguments (one line, exit 2)."""

from __future__ import annotations

import hashlib
import re
import stat

import pytest

from kit.peers import Peers, read_meta
from kit.peers import snowp2p as run_cli
from snowp2p.protocol.crypto import Identity


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished 2-player Mush! Mush! game: the host's home, game directory and meta."""
    base = tmp_path_factory.mktemp("cli-game")
    peers = Peers(base)
    try:
        host = peers.host(game="mush", players=2, bots=1, name="hoster")
        assert host.wait() == 0, peers.describe()
        return host.home, host.game_dir(), read_meta(host.game_dir())
    finally:
        peers.cleanup()


def test_id_creates_a_private_key_and_keeps_it(tmp_path):
    home = tmp_path / "me"
    first = run_cli("id", "--home", str(home), "--name", "Kari")
    assert first.returncode == 0, first.stderr
    key = home / "identity.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    m = re.search(r"^fingerprint:\s+([0-9a-f]{4}(?:-[0-9a-f]{4}){3})$", first.stdout, re.M)
    assert m, first.stdout
    assert re.search(r"^nickname:\s+Kari$", first.stdout, re.M)
    # the printed fingerprint is the key's (SPEC section 2: first 8 bytes of SHA-256(public key))
    ident = Identity.from_bytes(bytes.fromhex(key.read_text().strip()))
    fp = hashlib.sha256(ident.public_key).hexdigest()[:16]
    assert m.group(1) == "-".join(fp[i:i + 4] for i in range(0, 16, 4))
    content = key.read_bytes()

    second = run_cli("id", "--home", str(home))
    assert second.returncode == 0, second.stderr
    assert m.group(1) in second.stdout and "Kari" in second.stdout  # same key, nickname remembered
    assert key.read_bytes() == content
    assert stat.S_IMODE(key.stat().st_mode) == 0o600

    other = run_cli("id", "--home", str(tmp_path / "someone-else"))
    assert other.returncode == 0 and m.group(1) not in other.stdout


def test_id_refuses_a_damaged_key_file(tmp_path):
    home = tmp_path / "me"
    home.mkdir()
    (home / "identity.key").write_text("not a key\n")
    res = run_cli("id", "--home", str(home))
    assert res.returncode == 2
    assert len(res.stderr.strip().splitlines()) == 1 and "identity.key" in res.stderr
    assert "Traceback" not in res.stderr


def test_games_lists_a_finished_game(finished, tmp_path):
    home, game_dir, meta = finished
    res = run_cli("games", "--home", str(home))
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "Mush! Mush!" in out and meta["track"] in out and "finished" in out
    assert "hoster" in out and "bot1" in out
    # issue 23, item 5: the story (who won) and the commands that go on from there, as typed
    assert re.search(rf"finished: {re.escape(meta['places'][0])} won \(then ", out), out
    assert re.search(rf"replay: \S+ replay {re.escape(str(game_dir / 'game.log'))}", out), out
    assert re.search(rf"audit: +\S+ audit {re.escape(str(game_dir / 'game.log'))}", out), out
    empty = run_cli("games", "--home", str(tmp_path / "nobody"))
    assert empty.returncode == 0 and "no saved games" in empty.stdout


def test_games_gives_the_exact_resume_command_of_an_unfinished_game(finished, tmp_path):
    """A game whose program crashed stays `playing` in its meta: `games` says how to come back to it."""
    import json
    import shlex

    home, game_dir, meta = finished
    crashed = dict(meta, status="playing")
    crashed.pop("places", None)
    (game_dir / "meta.json").write_text(json.dumps(crashed))
    out = run_cli("games", "--home", str(home)).stdout
    assert "not finished" in out and "won" not in out
    cmd = re.search(r"resume: (.+)$", out, re.M).group(1)
    words = shlex.split(cmd)
    assert words[1:3] == ["resume", meta["game_id"][:16]] and words[3:] == ["--home", str(home)], cmd


def test_replay_shows_the_turns_and_the_final_places(finished):
    _, game_dir, meta = finished
    res = run_cli("replay", str(game_dir / "game.log"), "--width", "100")
    assert res.returncode == 0, res.stdout + res.stderr
    turns = [int(t) for t in re.findall(r"── turn (\d+) ", res.stdout)]
    assert turns == list(range(turns[0], meta["turns"] + 1)) and turns[0] <= 1, turns
    m = re.search(r"^Final places: (.+)$", res.stdout, re.M)
    assert m and m.group(1).split(", ") == meta["places"], (m and m.group(1), meta["places"])


def test_replay_of_a_damaged_log_says_so(finished, tmp_path):
    _, game_dir, _ = finished
    blob = (game_dir / "game.log").read_bytes()
    torn = tmp_path / "torn.log"
    torn.write_bytes(blob[:-3])
    res = run_cli("replay", str(torn))
    assert res.returncode == 1 and "VIOLATION" in res.stdout and "torn" in res.stdout
    junk = tmp_path / "junk.log"
    junk.write_text("hello\n")
    res = run_cli("replay", str(junk))
    assert res.returncode == 2 and "not a snowp2p log" in res.stderr and "Traceback" not in res.stderr


BAD_ARGS = [
    (["host", "--players", "9"], "--players"),
    (["host", "--game", "mush", "--players", "9"], "--players"),
    (["host", "--game", "snowtails", "--players", "6"], "--players"),
    (["host", "--game", "mush", "--players", "1"], "--players"),
    (["host", "--players", "3", "--bots", "3"], "--bots"),
    (["host", "--players", "3", "--bots", "-1"], "--bots"),
    (["host", "--players", "two"], "--players"),
    (["host", "--port", "70000"], "--port"),
    (["host", "--wait", "-1"], "--wait"),
    (["host", "--extra-trees", "99"], "--extra-trees"),
    (["host", "--game", "snake", "--extra-trees", "2"], "sled-race options"),
    (["host", "--no-buildings"], "Mush! Mush! option"),
    (["host", "--game", "chess"], "--game"),
    (["join", "10.0.0.1:port", "--code", "4-husky-tundra"], "HOST[:PORT]"),
    (["join", "10.0.0.1:70000", "--code", "4-husky-tundra"], "HOST[:PORT]"),
    (["join", "10.0.0.1:0", "--code", "4-husky-tundra"], "HOST[:PORT]"),
    (["join", ":47470", "--code", "4-husky-tundra"], "HOST[:PORT]"),
    (["join", "127.0.0.1:47470"], "--code"),  # no --code and standard input is not a terminal
    (["join", "127.0.0.1:47470", "--code", "banana"], "--code"),
    (["join", "127.0.0.1:47470", "--code", "1000-husky-tundra"], "--code"),
    (["audit"], "LOGFILE"),
    (["replay"], "LOGFILE"),
]


@pytest.mark.parametrize("argv,words", BAD_ARGS, ids=[" ".join(a) for a, _ in BAD_ARGS])
def test_bad_arguments_give_one_line_and_exit_2(tmp_path, argv, words):
    extra = ["--home", str(tmp_path / "h")] if argv[0] in ("host", "join") and len(argv) > 1 else []
    auto = ["--autoplay"] if argv[0] in ("host", "join") and len(argv) > 1 else []
    res = run_cli(*argv, *extra, *auto, timeout=60)
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert "Traceback" not in res.stderr and words in lines[0], lines[0]
    assert res.stdout == ""
    assert not (tmp_path / "h" / "games").exists() or not any((tmp_path / "h" / "games").iterdir())


@pytest.mark.parametrize("cmd", ["host", "join"])
def test_without_autoplay_and_no_terminal_is_a_clear_error(tmp_path, cmd):
    argv = ["host", "--players", "2"] if cmd == "host" else ["join", "127.0.0.1:47470", "--code", "4-husky-tundra"]
    res = run_cli(*argv, "--home", str(tmp_path / "h"), timeout=60)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "--autoplay" in lines[0] and "terminal" in lines[0], res.stderr


def test_join_to_nobody_fails_with_one_line(tmp_path):
    """Nothing listens on the port: exit 1 (not bad input), one line naming the address."""
    import socket

    with socket.socket() as s:  # a port that was free a moment ago, and nobody listens on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    res = run_cli("join", f"127.0.0.1:{port}", "--code", "4-husky-tundra", "--autoplay", "--home",
                  str(tmp_path / "h"), timeout=60)
    assert res.returncode == 1, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0] and "Traceback" not in res.stderr

"""A host races a track file of its own; every joiner gets the track in the roster, is shown it (and
the settings that differ from the defaults) and confirms, or passes --yes (issue 10 items 6 and 7)."""

from __future__ import annotations

import re
import subprocess

from kit.peers import PY, ROOT, assert_clean_game, env, prompted_joiner, say_no

MY_TRACK = '''name = "my-loop"
game = "snowtails"
description = "A track of my own"
lanes = 5

[[sections]]
kind = "start"
rows = 1

[[sections]]
kind = "straight"
rows = 7

[[sections]]
kind = "corner"
turn = "right"
angle = 90
inner_radius = 2.5

[[sections]]
kind = "straight"
rows = 5

[[sections]]
kind = "finish"
rows = 4
'''


def my_track(tmp_path):
    p = tmp_path / "my-loop.toml"
    p.write_text(MY_TRACK)
    return p


def test_every_joiner_races_the_hosts_own_track(peers, tmp_path):
    """`host --track FILE.toml` with changed settings: a person joining with --yes and a computer player
    the host spawned (which passes --yes) both get the track from the roster -- no joiner has the file --
    and see it and the settings before the race; the game is played to the end and every log audits
    clean, naming the track."""
    path = my_track(tmp_path)
    host = peers.host(players=3, bots=1, extra=("--track", str(path), "--start-positions", "random"))
    joiner = peers.join(host, "j1", extra=("--yes",))
    for p in (host, joiner):
        assert p.wait() == 0, peers.describe()
    out = joiner.stdout
    assert re.search(r"^Snow Tails on the track 'my-loop' \(\d+ spaces in 5 sections; the host's own track, not one "
                     r"this program ships\), 3 players: host, ", out, re.M), out
    assert "  st_start_positions = 'random'   (default 'choose')" in out
    dirs = host.peer_game_dirs()
    dirs["j1"] = joiner.game_dir()
    assert_clean_game(dirs, 3, peers.describe())
    res = subprocess.run([PY, "-m", "snowp2p", "audit", str(joiner.log)], capture_output=True, text=True, cwd=ROOT,
                         env=env(), timeout=120)
    assert "Snow Tails on my-loop" in res.stdout, res.stdout


def test_without_a_terminal_and_without_yes_an_unusual_game_is_refused(peers, tmp_path):
    """No terminal to ask, no --yes: a game on the host's own track is refused in one line, at once (never a
    hang); nothing is signed or saved."""
    host = peers.host(players=2, bots=0, extra=("--track", str(my_track(tmp_path))))
    joiner = peers.join(host, "j1", debug=False)
    assert joiner.wait(timeout=120) == 1, peers.describe()
    err = joiner.stderr.strip()
    assert err == ("snowp2p: join: the host changed settings or races a track of its own (shown above); add --yes "
                   "to accept them (standard input is not a terminal)"), err
    assert "the host's own track" in joiner.stdout
    assert not joiner.game_dirs()


def test_a_joiner_at_a_terminal_is_asked_and_may_decline(peers, tmp_path):
    """At a terminal (a real pseudo-terminal), the joiner is shown the game and asked; answering no leaves
    the game unsigned, with one line."""
    host = peers.host(players=2, bots=0, extra=("--start-positions", "random"))
    with prompted_joiner(tmp_path, host, "j1") as (proc, master, seen):
        assert b"st_start_positions = 'random'" in seen
        seen = say_no(proc, master, seen)
    assert b"join: you declined the game; nothing was signed or sent" in seen, seen.decode(errors="replace")
    assert not (tmp_path / "j1" / "games").exists() or not any((tmp_path / "j1" / "games").iterdir())

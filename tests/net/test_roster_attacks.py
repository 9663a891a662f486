"""Issue 10, the roster half: attacks 6-9 by real misbehaving processes, and what honest peers do.

* Attack 9 (welcome race): a code holder proves the code and resets the connection at once
  (tests/net/rawjoin.py, a real process: SO_LINGER 0).  The host must not build a roster with a
  seat nobody holds any more (or with one seat), nor crash: the seat is free again and the next
  joiner takes it.
* Attack 6 (the roster's track is opened as a local path): a real hostile host
  (SNOWP2P_CHEAT=roster-...) names its track after a FIFO, /dev/zero, /dev/stdin or a relative
  path, or sends a name where the track belongs; a joiner never opens anything (the track travels
  in the roster), and `audit` of a crafted log neither.
* Attack 7 (host-chosen rules never checked): deck_draw = "top", mm_deck = [], mm_die_by_order = []
  from a real hostile host: the joiner refuses with one line; `audit` of such a log says one line.
* Attack 8 (a forged game audits OK): tests/protocol/test_roster_signing.py.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from kit.peers import PY, ROOT, assert_clean_game, audit, env, wait_until

RAWJOIN = Path(__file__).with_name("rawjoin.py")


def rawjoin(host, mode: str) -> subprocess.CompletedProcess:
    return subprocess.run([PY, str(RAWJOIN), host.addr, str(host.port), host.code, mode], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env=env())


# ------------------------------------------------------------------ attack 9
@pytest.mark.parametrize("mode", ["join", "welcome"])
def test_welcome_race_a_reset_joiner_frees_its_seat(peers, mode):
    """Two code holders reset the connection right after proving the code; then a real joiner comes.  The
    host neither crashes nor starts with a dead or missing seat: the real joiner gets seat 1, the game is
    played to the end by two seats and both logs audit clean."""
    host = peers.host(players=2, bots=0)
    for k in range(1, 3):
        r = rawjoin(host, mode)
        assert r.returncode == 0, r.stdout + r.stderr + host.describe()
        # the host gives the seat back (at once if the welcome could not be sent, else once it sees the reset)
        wait_until(lambda k=k: len(re.findall(r"^lobby: (racer .* left before (the game started|accepting the settings); seat 1 is free again|"
                                          r"a joiner from .* was dropped)", host.stdout, re.M)) >= k,
                   "the host gave seat 1 back", [host])
    assert "All seats are taken" not in host.stdout
    joiner = peers.join(host, "j1")
    assert host.wait() == 0, peers.describe()
    assert joiner.wait() == 0, peers.describe()
    assert "Traceback" not in host.stderr + joiner.stderr
    meta = assert_clean_game({"host": host.game_dir(), "j1": joiner.game_dir()}, 2, peers.describe())
    assert [p["nick"] for p in meta["players"]] == ["host", "j1"]


# ------------------------------------------------------------------ attack 6
@pytest.fixture
def fifo():
    """A FIFO with a short path (a track name is at most 64 characters): opening it for reading blocks until
    a writer comes, so a peer that opened a track's name as a file would hang there."""
    d = Path(tempfile.mkdtemp(prefix="r6"))
    p = d / "fifo"
    os.mkfifo(p)
    yield str(p)
    p.unlink()
    d.rmdir()


@pytest.mark.parametrize("name", ["FIFO", "/dev/zero", "../../../../dev/stdin"])
def test_a_track_named_like_a_path_is_never_opened(peers, fifo, name):
    """A real hostile host names its (otherwise valid) track after a FIFO, /dev/zero or a relative path to
    /dev/stdin.  The joiner races the track the roster carries, shows the name as a name, and never opens
    it: the game is played to the end and both logs audit clean (the audit opens nothing either)."""
    name = fifo if name == "FIFO" else name
    host = peers.host(players=2, bots=0, env_extra={"SNOWP2P_CHEAT": f"roster-name={name}"})
    joiner = peers.join(host, "j1", extra=("--yes",))
    assert host.wait() == 0, peers.describe()
    assert joiner.wait() == 0, peers.describe()
    assert f"the track {name!r}" in joiner.stdout, joiner.stdout
    assert_clean_game({"host": host.game_dir(), "j1": joiner.game_dir()}, 2, peers.describe())


def test_a_track_name_instead_of_a_track_is_refused_in_one_line(peers):
    """A real hostile host sends a name where the track belongs (protocol 1's form, e.g. '/dev/zero'): the
    joiner refuses the roster in one line, at once."""
    host = peers.host(players=2, bots=0, env_extra={"SNOWP2P_CHEAT": "roster-track=/dev/zero"})
    joiner = peers.join(host, "j1", extra=("--yes",), debug=False)  # as a user runs it: no traceback
    assert joiner.wait(timeout=120) == 1, peers.describe()
    err = joiner.stderr.strip()
    assert err.count("\n") == 0 and "body.track" in err and "expected a map" in err, err
    assert "Traceback" not in err


def test_a_track_over_the_size_caps_is_refused_in_one_line(peers):
    host = peers.host(players=2, bots=0, env_extra={"SNOWP2P_CHEAT": "roster-huge"})
    joiner = peers.join(host, "j1", extra=("--yes",), debug=False)  # as a user runs it: no traceback
    assert joiner.wait(timeout=120) == 1, peers.describe()
    err = joiner.stderr.strip()
    assert err.count("\n") == 0 and re.search(r"refused: track: .*spaces; at most 2500", err), err


def test_a_roster_for_another_game_than_announced_is_refused(peers):
    host = peers.host(players=2, bots=0, env_extra={"SNOWP2P_CHEAT": "roster-kind=mush"})
    joiner = peers.join(host, "j1", extra=("--yes",), debug=False)
    assert joiner.wait(timeout=120) == 1, peers.describe()
    err = joiner.stderr.strip()
    assert err == "snowp2p: the host announced Snow Tails but its offer is for Mush! Mush!", err  # (offer: issue 23)


# ------------------------------------------------------------------ attack 7
@pytest.mark.parametrize("game, field, value, says", [
    ("snowtails", "deck_draw", '"top"', "deck_draw = 'top' is refused in networked games"),
    ("mush", "deck_draw", '"top"', "deck_draw = 'top' is refused in networked games"),
    ("mush", "mm_deck", "[]", "rules field mm_deck"),
    ("mush", "mm_die_by_order", "[]", "rules field mm_die_by_order"),
    ("snowtails", "st_deck", "[]", "rules field st_deck"),
    ("snowtails", "st_points", "[]", "rules field st_points"),
    ("mush", "hand_size", "0", "rules field hand_size"),
    ("snake", "hand_size", "0", "hand_size 1..10"),
    ("snake", "two_snakes_each", "1", "rules field 'two_snakes_each': expected bool"),
])
def test_hostile_rules_are_refused_by_the_joiner_in_one_line(peers, game, field, value, says):
    """A real hostile host signs rules that make no game, or that let a player foresee its draws (G3/G4):
    the joiner refuses in one line (even with --yes) and never signs the roster."""
    host = peers.host(game=game, players=2, bots=0, env_extra={"SNOWP2P_CHEAT": f"roster-rules={field}={value}"})
    joiner = peers.join(host, "j1", extra=("--yes",), debug=False)  # as a user runs it: no traceback
    assert joiner.wait(timeout=120) == 1, peers.describe()
    err = joiner.stderr.strip()
    assert err.count("\n") == 0 and "the host's game is refused" in err and says in err, err
    assert "Traceback" not in err
    assert not joiner.game_dirs(), "the joiner saved a game it refused"


def test_audit_of_a_crafted_log_says_one_line(tmp_path):
    """`audit` of logs whose roster is hostile (a track name instead of the track, a huge track, mm_deck=[],
    mm_die_by_order=[], deck_draw=top): one line each, exit 1 or 2, never a traceback, never a hang."""
    from snowp2p.games import find_game
    from snowp2p.net.cheats import hostile_roster
    from snowp2p.protocol.crypto import Identity
    from snowp2p.protocol.log import LogWriter
    from snowp2p.protocol.messages import HOST_SEAT, ZERO_HASH, Envelope, Seat, encode_signed
    from snowp2p.protocol.roster import roster_body
    from snowp2p.games.sled.config import SledRules
    from snowp2p.games.sled.track import find_track

    ids = [Identity.from_seed(bytes([i + 1]) * 32) for i in range(2)]
    seats = [Seat(f"p{i}", ids[i].public_key, "127.0.0.1", 47000 + i) for i in range(2)]
    track = find_track("mush-first-race", "mush")
    honest = encode_signed(ids[0], Envelope(b"g" * 32, HOST_SEAT, 0, ZERO_HASH,
                                            roster_body(find_game("mush"), track, SledRules(game="mush"), seats)))
    for k, (mode, says) in enumerate([("roster-track=/dev/zero", "record 0 is not a signed roster: body.track"),
                       ("roster-huge", "the roster is refused: track:"),
                       ("roster-rules=mm_deck=[]", "the roster is refused: settings.rules: rules field mm_deck"),
                       ("roster-rules=mm_die_by_order=[]", "rules field mm_die_by_order"),
                       ("roster-rules=deck_draw=\"top\"", "deck_draw = 'top' is refused")]):
        log = tmp_path / f"crafted{k}.log"
        with open(log, "wb") as f:
            LogWriter(f).append(hostile_roster(mode, ids[0], honest))
        res = audit(log)
        out = (res.stdout + res.stderr).strip()
        assert res.returncode in (1, 2) and out.count("\n") == 0 and says in out, (mode, out)
        assert "Traceback" not in out and "internal error" not in out


def test_welcome_race_with_computer_players_filling_the_seats(peers):
    """Without --bots the host fills the free seats with computer players after --wait: a seat a code holder
    gave back by resetting is filled too, and the game is played to the end by the host and a computer
    player (whatever the timing of the reset against the wait)."""
    host = peers.host(players=2, extra=("--wait", "3"))
    r = rawjoin(host, "welcome")
    assert r.returncode == 0, r.stdout + r.stderr + host.describe()
    assert host.wait() == 0, peers.describe()
    assert re.search(r"^lobby: (racer .* left before (the game started|accepting the settings); seat 1 is free "
                     r"again|a joiner from .* was dropped)", host.stdout, re.M), host.stdout
    meta = assert_clean_game(host.peer_game_dirs(), 2, peers.describe())
    assert "racer" not in [p["nick"] for p in meta["players"]]

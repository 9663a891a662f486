"""Issue 10, attacks 1-5: a real modified client (SNOWP2P_CHEAT, snowp2p/net/cheats.py) against honest peers.

Each attack once worked against an honest peer.  Now each is refused at the first offending message
(or, for a vote, it never pays, G10), costs the honest peers bounded disk and time, names the right
seat (never an honest one, G5), and every honest peer's log audits with the true outcome.
"""

from __future__ import annotations

import json
import re

import pytest

from peerkit import audit, read_meta, wait_until

# what the honest peers may store because of one attacker: far below the 100-200 MB
LOG_CAP = 2 << 20


def _stop_line(p) -> str:
    return next((ln for ln in p.stdout.splitlines() if "GAME STOPPED" in ln), "")


@pytest.mark.parametrize("mode,words", [
    ("big-evidence", "sent evidence nobody asked for"),  # attack 2
    ("absent-flood", "declared itself (or no seat) absent"),  # attack 3
    ("absent-repeat", "absent again without holding more of its messages"),  # attack 3, about another seat
    ("junk-evidence", "sent evidence nobody asked for"),  # attack 4
])
def test_floods_are_refused_at_the_first_message_and_name_the_sender(peers, mode, words):
    host = peers.host(game="snowtails", players=3, bots=0, name="honesthost")
    honest = peers.join(host, "honestjoiner")
    host.wait_for(r"lobby: honestjoiner")  # the attacker takes the last seat (2)
    cheater = peers.join(host, "cheater", cheat=mode)
    for p in (host, honest):
        assert p.wait() == 1, f"{p.name} should stop the game (exit 1)\n{peers.describe()}"
    cheater.wait()
    for p in (host, honest):
        line = _stop_line(p)
        assert "cheating detected: seat 2 (cheater)" in line and words in line, f"{p.name}: {line}\n{p.describe()}"
        assert "Traceback" not in p.stderr, p.stderr
        off = json.loads((p.game_dir() / "offence.json").read_text())
        assert off["seat"] == 2 and off["proof"], off
        # bounded cost: the flood stopped at its first message (no relay loop, no megabytes kept)
        assert p.log.stat().st_size < LOG_CAP, p.log.stat().st_size
        assert p.stdout.count("\n") < 200, "an endless loop of output"
        res = audit(p.log)
        first = res.stdout.strip().splitlines()[0]
        assert res.returncode == 1 and first.startswith("VIOLATION: message ") and "seat 2 (cheater)" in first, \
            res.stdout + res.stderr
        assert words in first


def test_setup_equivocation_blames_the_equivocator_never_an_honest_peer(peers):
    """Attack 5: the attacker commits its deck differently to the seat below it than to the other seat.
    Each honest peer's ack shows the attacker's chain (its reveal digest) differs; both send their copies
    of its messages, and the two signed versions prove the equivocation of the attacker."""
    host = peers.host(game="snowtails", players=3, bots=0, name="honesthost")
    honest = peers.join(host, "honestjoiner")
    host.wait_for(r"lobby: honestjoiner")
    cheater = peers.join(host, "cheater", cheat="setup-fork")
    for p in (host, honest):
        assert p.wait() == 1, f"{p.name} should stop the game (exit 1)\n{peers.describe()}"
    cheater.wait()
    for p in (host, honest):
        line = _stop_line(p)
        assert "seat 0" not in line and "seat 1" not in line, f"{p.name} blames an honest seat: {line}"
        assert "cheating detected: seat 2 (cheater)" in line, f"{p.name}: {line}\n{peers.describe()}"
        d = p.game_dir()
        if (d / "desync.json").exists():  # a desync may be reported, but it names nobody
            assert "disagrees" not in read_meta(d)["reason"]
        res = audit(p.log)
        first = res.stdout.strip().splitlines()[0]
        assert res.returncode == 1 and "seat 2 (cheater)" in first, res.stdout + res.stderr
        assert "seat 0" not in first and "seat 1" not in first


def _audit_result(p) -> str:
    res = audit(p.log)
    assert res.returncode == 0, f"{p.name}'s log does not audit:\n{res.stdout}{res.stderr}"
    return res.stdout


@pytest.mark.parametrize("mode", ["vote-out", pytest.param("vote-out-bot", marks=pytest.mark.xfail(
    strict=False, reason="issue 18 case 2 (core; it fails in some runs only): after refusing the vote the victim "
                         "still checks the voter's acks, which count a computer player in the victim's seat: 'the "
                         "peers' states differ'"))])
def test_a_vote_out_of_a_playing_seat_is_refused_and_never_pays(peers, mode):
    """Attack 1 (issue 10; issue 18, case 2): in a 2-player game the attacker declares the (connected, playing)
    host absent and votes to end the game (or for a computer player).  The victim's own messages show it was
    answering: it refuses the vote, treats the voter as leaving, and plays on to the end against a computer
    player in the voter's seat (G10): a played-out result with places, its log auditing clean, that names
    the voter and never the victim.  The voter's own game ends as it chose, on its own word alone."""
    host = peers.host(game="snowtails", players=2, bots=0, name="victim", extra=("--think", "0.1"))
    cheater = peers.join(host, "cheater", cheat=mode, extra=("--think", "0.1"))
    assert cheater.wait() == 0, cheater.describe()
    assert host.wait() == 0, host.describe()
    meta = host.meta()
    assert sorted(meta["places"]) == ["cheater", "victim"] and not meta.get("abandoned"), meta
    out = _audit_result(host)
    assert out.startswith("OK\n"), out
    result = next(ln for ln in out.splitlines() if ln.startswith("Result: "))
    assert re.search(r"seat 1 \(cheater\) played by a computer from turn \d+", result), out
    assert not re.search(r"seat 0 \(victim\) (stopped answering|played by a computer)", result), out
    _audit_result(cheater)  # (its own log audits, with the result it chose)


def test_a_log_that_can_not_be_written_stops_the_peer_with_one_line(peers):
    """G7/G9: a failed log append (here the file-size limit, as a full disk does) halts the peer cleanly with
    one line, never a loop or a traceback; the other player goes on (the peer is absent) and finishes."""
    opts = ("--absent-after", "1", "--vote-after", "1", "--think", "0.05")
    host = peers.host(game="snowtails", players=2, bots=0, extra=opts)
    full = peers.join(host, "full", extra=opts, wrapper=["prlimit", "--fsize=12000", "--"])
    assert full.wait() == 1, full.describe()
    assert re.search(r"^GAME STOPPED: can not write the game log .*game\.log: ", full.stdout, re.M), full.describe()
    assert "Traceback" not in full.stderr, full.stderr
    assert full.stdout.count("GAME STOPPED") == 1 and full.stdout.count("\n") < 100, full.describe()
    assert full.log.stat().st_size <= 12000
    assert host.wait() == 0, host.describe()
    assert "full [" in host.stdout and "was voted out" in host.stdout, host.describe()


def test_a_seat_lying_about_its_count_of_an_absent_seat_does_not_freeze_the_game(peers):
    """Gap 1 (trust2): when a seat is killed, the attacker claims in its ``absent`` and ``vote`` to hold 5
    more of that seat's messages than it does, and relays nothing.  The honest peer could neither vote
    (someone held more) nor decide (the relay never came): the game froze for good (G7).  Now the seat
    that owes the relay is waited on like any automatic message: it is declared absent and voted on too,
    so the game ends; every honest log audits with that outcome and names no honest seat."""
    fast = ("--absent-after", "1", "--vote-after", "1", "--think", "0.05")
    host = peers.host(game="snowtails", players=3, bots=0, name="honesthost", extra=fast)
    victim = peers.join(host, "victim", extra=fast)
    host.wait_for(r"lobby: victim")
    cheater = peers.join(host, "cheater", cheat="lying-count", extra=fast)
    host.wait_for(r"The race begins", timeout=120)
    def played() -> bool:
        try:
            return len(victim.logged_records()) >= 30
        except (OSError, AssertionError, ValueError):  # (no game directory yet)
            return False

    wait_until(played, "the victim plays a few turns", [host, victim], timeout=180)
    victim.kill()  # kill -9 (its process group)
    assert host.wait(240) == 0, f"the honest host should finish the game\n{peers.describe()}"
    cheater.kill()
    out = host.stdout
    assert re.search(r"victim \[[0-9a-f-]+\] was voted out at turn \d+", out), host.describe()
    assert re.search(r"cheater \[[0-9a-f-]+\] was voted out at turn \d+", out), host.describe()
    assert "cheating detected" not in out
    res = _audit_result(host)
    assert re.search(r"^Result: played out, with a computer player in a seat", res, re.M), res
    assert "seat 0 (honesthost)" not in res.split("Result:", 1)[1].split("voted by", 1)[0], res

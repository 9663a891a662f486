"""A real cheater in a 3-peer game: the same program with one honest step replaced (SNOWP2P_CHEAT).

Every honest peer must stop the game naming the cheater and the offence, keep the
signed proof (offence.json, or desync.json for a wrong state hash, next to the log),
mark the game stopped in meta.json, and its log must fail the audit at that offence.
All three peers are started by the test (the host with --bots 0 waits for them), so
every honest peer's own output can be checked.
"""

from __future__ import annotations

import json
import re

import pytest

from kit.peers import audit, read_meta

# mode -> (words an honest peer's offence must contain, a regex for the audit's VIOLATION line)
MODES = {
    "unheld": ("not in its hand", r"not in its hand"),
    "bad-opening": ("does not match its commitment", r"does not match its commitment"),
    "equivocate": ("equivocation", r"equivocation"),
    "wrong-key": ("bad signature", r"bad signature"),
    "bad-hash": (None, r"states differ after turn \d+ \(seat {seat} disagrees"),
}


# every mode in Snow Tails; in Mush! Mush! the modes whose cheat depends on the game's cards and moves
# (the others are the same code path in both games, and the suite must stay short)
CASES = [(mode, "snowtails") for mode in MODES] + [("unheld", "mush"), ("equivocate", "mush")]


@pytest.mark.parametrize("mode,game", CASES)
def test_cheater_is_caught_by_every_honest_peer(peers, mode, game):
    host = peers.host(game=game, players=3, bots=0, name="honesthost")
    honest = peers.join(host, "honestjoiner")
    host.wait_for(r"lobby: honestjoiner")  # the cheater takes the last seat
    cheater = peers.join(host, "cheater", cheat=mode)

    words, violation = MODES[mode]
    for p in (host, honest):
        assert p.wait() == 1, f"{p.name} should stop the game (exit 1)\n{peers.describe()}"
    cheater.wait()  # it must end too (the honest peers left), whatever its status
    cheat_seat = next(i for i, pl in enumerate(read_meta(host.game_dir())["players"]) if pl["nick"] == "cheater")
    assert cheat_seat == 2

    def check_honest(p) -> None:
        out, d = p.stdout, p.game_dir()
        meta = read_meta(d)
        assert meta["status"] == "stopped", f"{p.name}: {meta}\n{peers.describe()}"
        assert "GAME STOPPED" in out, peers.describe()
        assert "Traceback" not in p.stderr, p.stderr
        stop_line = next(ln for ln in out.splitlines() if "GAME STOPPED" in ln)
        # the bad-hash cheater rewrites its signed acks after its own chain hashed them, so its next message's
        # ``prev`` no longer matches what it sent: a peer that gets that message before it can compare every ack of
        # the turn (the order depends on the load; seen beside a CPU hog) stops on the broken chain instead, which
        # names the same seat with its own signatures as proof
        chain_break = mode == "bad-hash" and "prev does not match" in stop_line
        if chain_break:
            assert f"cheating detected: seat {cheat_seat} (cheater)" in stop_line, stop_line
            off = json.loads((d / "offence.json").read_text())
            assert off["seat"] == cheat_seat and off["proof"], off
        elif mode == "bad-hash":
            # a wrong state hash is a desync: every honest peer names the one seat that disagrees
            assert re.search(rf"states differ after turn \d+ \(seat {cheat_seat} disagrees with everyone else\)",
                             stop_line), stop_line
            assert f"seat {cheat_seat} disagrees" in meta["reason"]
            report = json.loads((d / "desync.json").read_text())
            assert report["turn"] >= 2 and report["game"] == meta["game_id"]
            cheat_hash = [h for name, h in report["hashes"].items() if name.startswith("cheater ")]
            assert cheat_hash and cheat_hash[0]["state"] == "00" * 32, report["hashes"]
            assert not (d / "offence.json").exists()
        else:
            assert "cheating detected" in stop_line and f"seat {cheat_seat} (cheater)" in stop_line, stop_line
            assert words in stop_line, stop_line
            assert meta["reason"].startswith(f"seat {cheat_seat} (cheater): ") and words in meta["reason"], meta
            off = json.loads((d / "offence.json").read_text())
            assert off["seat"] == cheat_seat and off["nick"] == "cheater" and words in off["offence"], off
            assert off["proof"], "the offence must come with the signed frames that prove it"
            if mode == "equivocate":
                assert len(off["proof"]) == 2 and off["proof"][0] != off["proof"][1]
            assert not (d / "desync.json").exists()
        # the saved log proves it to anyone: the audit stops at the offence
        res = audit(d / "game.log")
        assert res.returncode == 1, f"{p.name}: audit exit {res.returncode}: {res.stdout}{res.stderr}"
        line = res.stdout.strip().splitlines()[0]
        assert line.startswith("VIOLATION: message "), line
        if chain_break:
            assert f"seat {cheat_seat} (cheater)" in line and "prev does not match" in line, line
        else:
            assert re.search(violation.format(seat=cheat_seat), line), line
        if mode != "bad-hash":
            assert f"seat {cheat_seat} (cheater)" in line, line


    # the seat below the cheater got the twin move in 'equivocate' (see cheats.py): it must always catch it
    check_honest(host)
    check_honest(honest)

    # the cheater is told it was caught, and does not hang on
    assert "GAME STOPPED" in cheater.stdout, cheater.describe()

"""Online guesses of the join code are limited (G8, guard.GuessLimiter), against a real guessing process.

tests/net/guesser.py runs whole, well-formed SPAKE2 handshakes with a wrong code from chosen loopback
source addresses (127.0.0.0/8 is all this machine).  An address that got the code wrong a few times is
answered slowly: while its next hello waits, a fresh address gets through a whole handshake first (the
host's back-off by then is 8 s, a margin, not a measured time).  After 40 wrong codes in all the host
retires the code and prints a new join line, in a few status lines rather than one per attempt.  A
player who joined before keeps its seat, the old code is refused, and a real player gets in with the new
code; the game is played to the end and audits clean.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from peerkit import JOIN_LINE, PY, ROOT, assert_clean_game, env

GUESSER = Path(__file__).with_name("guesser.py")


def other_code(code: str) -> str:
    n, w1, w2 = code.split("-")
    return f"{int(n) % 999 + 1}-{w1}-{w2}"


def guesser(*args: str) -> list[dict]:
    out = subprocess.run([PY, str(GUESSER), *args], capture_output=True, text=True, timeout=600, cwd=ROOT,
                         env=env())
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def test_a_guessing_flood_is_slowed_and_the_code_retired_while_the_players_get_in(peers):
    host = peers.host(players=3, bots=0)
    first = peers.join(host, "first")
    host.wait_for(r"^lobby: first \[")
    target = f"{host.addr}:{host.port}"
    wrong = other_code(host.code)

    # slowed: after a few wrong codes an address waits, and a fresh one is answered first
    lines = guesser("--target", target, "--code", wrong, "--probe", "127.0.0.50", "--fresh", "127.0.0.51")
    assert all(x["result"] == "wrong join code" for x in lines if "result" in x), lines
    assert lines[-1] == {"probe": "fresh first"}, lines
    host.wait_for(r"^lobby: \d+ wrong join code\(s\) from \d+ address\(es\).*answered slowly")

    # the flood: 12 more addresses, 3 wrong codes each, in parallel: the code is retired
    lines = guesser("--target", target, "--code", wrong, *[a for i in range(2, 14) for a in ("--from", f"127.0.0.{i}")])
    assert len(lines) == 36 and all(x["result"] == "wrong join code" for x in lines), lines
    host.wait_for(r"^lobby: too many wrong join codes: that code is retired")
    codes = [m.group(3) for m in JOIN_LINE.finditer(host.stdout)]
    assert len(codes) == 2 and codes[0] == host.code and codes[1] != host.code, host.stdout
    # one status line now and then, not one per attempt
    assert host.stdout.count("wrong join code") <= 12, host.stdout

    # the old code is refused now; a real player gets in with the new one; the first player kept its seat
    late = peers.join(host, "late", code=host.code, debug=False)
    assert late.popen.wait(120) == 1 and "wrong join code" in late.stderr, late.describe()
    second = peers.join(host, "second", code=codes[1])
    for p in (host, first, second):
        assert p.popen.wait(300) == 0, peers.describe()
    meta = assert_clean_game({p.name: p.game_dir() for p in (host, first, second)}, 3, peers.describe())
    assert sorted(p["nick"] for p in meta["players"]) == ["first", "host", "second"]

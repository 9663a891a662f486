"""Online guesses of the join code are rationed for the whole lobby (G8, guard.Turnstile), against a real
guessing process from 100 loopback source addresses (127.0.0.0/8 is all this machine).

Issue 24: a flood of wrong codes could retire the code on demand and keep the invited players out, and
the guess rate grew with the number of addresses.  Now every challenge (one online guess, SPAKE2) takes a
token of one bucket for the whole lobby: at most ATTEMPT_BURST at once and ATTEMPTS_PER_SECOND after that,
whatever the number of addresses; and the hello from the address that has sent the fewest goes first, so
players who type the printed code get in during the flood.  The code is never retired.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from kit.peers import JOIN_LINE, PY, ROOT, assert_clean_game, env, wait_until

from snowp2p.net.guard import ATTEMPT_BURST, ATTEMPTS_PER_SECOND

GUESSER = Path(__file__).with_name("guesser.py")


def other_code(code: str) -> str:
    n, w1, w2 = code.split("-")
    return f"{int(n) % 999 + 1}-{w1}-{w2}"


def guesser(*args: str) -> list[dict]:
    out = subprocess.run([PY, str(GUESSER), *args], capture_output=True, text=True, timeout=600, cwd=ROOT,
                         env=env())
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def test_a_flood_from_100_addresses_gets_a_bounded_rate_and_the_players_with_the_code_get_in(peers, tmp_path):
    host = peers.host(players=3, bots=0)
    target = f"{host.addr}:{host.port}"
    stop = tmp_path / "stop-flood"
    out = tmp_path / "flood.out"
    sources = [a for i in range(2, 102) for a in ("--from", f"127.0.0.{i}")]
    with open(out, "w") as f:
        flood = subprocess.Popen([PY, str(GUESSER), "--target", target, "--code", other_code(host.code), "--flood",
                                  *sources, "--until", str(stop)], stdout=f, stderr=subprocess.PIPE, cwd=ROOT,
                                 env=env(), text=True)
    try:
        # every guessing address is on its second try (none ranks with a newcomer any more) and the host
        # says plainly that someone is guessing
        wait_until(lambda: '"round": 2' in out.read_text(), "the flood's second round", [host], timeout=180)
        host.wait_for(r"^lobby: .*someone is guessing the code", timeout=120)
        first = peers.join(host, "first")
        second = peers.join(host, "second")
        host.wait_for(r"^lobby: second \[", timeout=120)
        host.wait_for(r"^lobby: first \[", timeout=120)
    finally:
        stop.touch()
        _, err = flood.communicate(timeout=300)
    assert flood.returncode == 0 and "Traceback" not in err, err
    lines = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    t0 = lines[0]["start"]
    end = lines[-1]
    challenges = end["challenges"]
    assert challenges and end["results"].get("wrong join code", 0) > 10, end["results"]
    # the bound (G8, docs/design-p2p.md): every challenge was sent between the flood's start and the last
    # one's arrival, and the bucket gives at most burst + rate * elapsed in any stretch of time
    elapsed = max(challenges) - t0
    assert len(challenges) <= ATTEMPT_BURST + ATTEMPTS_PER_SECOND * elapsed + 1, (len(challenges), elapsed)
    print(f"flood from 100 addresses: {len(challenges)} challenges in {elapsed:.0f} s "
          f"({len(challenges) / elapsed:.2f}/s); results {end['results']}")
    # the code was never retired: one join line
    assert len(JOIN_LINE.findall(host.stdout)) == 1, host.stdout
    for p in (host, first, second):
        assert p.popen.wait(300) == 0, peers.describe()
    meta = assert_clean_game({p.name: p.game_dir() for p in (host, first, second)}, 3, peers.describe())
    assert sorted(p["nick"] for p in meta["players"]) == ["first", "host", "second"]

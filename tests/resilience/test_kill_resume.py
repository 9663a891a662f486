"""G7 (nothing is lost): `kill -9` one peer of a running 5-peer game, then `snowp2p resume` it.

Every peer is a real process we started (the host with ``--bots 0`` and four
``join`` processes), so we know each PID.  The kill moment comes from the
seed: wait until the victim's own log holds K records (K from the seed),
then SIGKILL it; the others keep running (the game waits for the missing
seat), the victim resumes from its log after a seeded pause, and the game
must finish with

* every log auditing OK on its own, one final state hash, the same places;
* no message lost or duplicated in any log: each (sender, seq) once, each
  sender's chain complete and in order (kit.resilience.assert_no_loss_or_duplicate).

The torn-log cases append half a record to the victim's log before the
resume (a crash in the middle of an append): `resume` must cut it, and the
resumed log must still audit clean (an uncut half record would leave a
corrupt record in the middle of the log, which the audit refuses).
"""

from __future__ import annotations

import random
import re
import time

import pytest

from kit.resilience import assert_clean_finish, read_log, tear_log



@pytest.mark.parametrize("case", [
    pytest.param(("joiner", False, 1), id="joiner-seed1"),
    pytest.param(("joiner", True, 2), id="joiner-torn-seed2"),
    pytest.param(("host", False, 3), id="host-seed3"),
    pytest.param(("host", True, 4), id="host-torn-seed4"),
])
def test_kill_one_peer_and_resume(games, case):
    who, torn, seed = case
    rng = random.Random(seed)
    victim_seat = 0 if who == "host" else rng.randrange(1, 5)
    # records in the victim's log (a game has ~250: one message a seat a turn, protocol 5): setup .. late game
    kill_at = rng.randint(5, 200)
    pause = rng.uniform(0.3, 2.5)  # seconds the victim stays dead (the redial backoff tops out at 2 s)

    g = games(5)
    g.start_all()
    victim = g.peers[victim_seat]
    others = [p for p in g.peers if p is not victim]
    got = g.wait_records(victim, kill_at)
    victim.kill9()
    ctx = f"seed {seed}: killed {victim.name} (seat {victim_seat}) at {got} records, down {pause:.1f} s"

    time.sleep(pause)
    # the others keep running: nobody exits or gives up while a seat is missing
    for p in others:
        assert p.alive, f"{p.name} ended while {victim.name} was down ({ctx})\n{g.describe()}"
        assert p.meta()["status"] == "playing", f"{p.name}: {p.meta()}"
    with open(victim.log, "rb") as f:
        before = read_log(f)
    if torn:
        half = tear_log(victim.log)
        assert len(half) > 4

    g.resume(victim)
    rcs = g.wait_all()
    assert all(rc == 0 for rc in rcs.values()), f"exit codes {rcs} ({ctx})\n{g.describe()}"
    out = victim.stdout
    assert re.search(rf"Resuming Snow Tails game [0-9a-f]{{16}} as seat {victim_seat} at turn \d+", out), out
    assert ("cut a torn last record" in out) == torn, out
    assert "The game is over" in out or "The race is over" in out, out
    for p in g.peers:
        assert "Traceback" not in p.stderr, f"{p.name}: {p.stderr}"
    # the peers linked to the victim noticed it go (one line, no crash); those that were still dialling it
    # when it died (a kill during setup) may not have
    noticed = [p.name for p in others if f"lost the connection to {victim.name} [" in p.stdout]
    assert noticed, f"no peer noticed {victim.name} go ({ctx})\n{g.describe()}"
    assert_clean_finish(g, f"{ctx}\n{g.describe()}")
    # the resumed log kept everything it held before the kill, byte for byte, as its prefix
    with open(victim.log, "rb") as f:
        after = read_log(f)
    assert after.records[: len(before.records)] == before.records

"""G12 with real peers: two `snowp2p` processes on loopback; the joiner is frozen (SIGSTOP) long enough for the host
to declare it absent and vote it out (short `--absent-after 3 --vote-after 4`); the host plays on against a
computer player and finishes; then the joiner wakes (SIGCONT) and ends as it will.  `snowp2p audit A.log B.log`,
run as a user runs it, names the decisions on each side, and the host's result says it rests on its word alone.
"""

from __future__ import annotations

import os
import re
import signal
import time

from kit.peers import snowp2p, wait_until
from snowp2p.protocol.messages import decode_signed
from kit.sessions import session_for

TIMES = ("--absent-after", "3", "--vote-after", "4")


def absents(proc, voter: int, seat: int) -> list:
    return [m for m in proc.logged_messages() if m.type == "absent" and m.sender == voter and m.body.seat == seat]


def host_to_move(host) -> bool:
    """The host's log, replayed: the game waits for the host's own move (mid-game)."""
    records = host.logged_records()
    if not records:
        return False
    obs = session_for(decode_signed(records[0]))
    try:
        for rec in records[1:]:
            msg = obs.check(rec)
            if msg is not None:
                obs.handle(msg)
    except Exception:
        return False
    return (obs.turn >= 3 and obs.waiting_for_move() and obs.state.public.current == 0
            and obs.state.public.phase != "over")


def test_frozen_joiner_voted_out_audit_of_both_logs_names_the_decisions(peers):
    # the host thinks 2 s before each of its moves, the joiner hardly at all; the joiner is frozen while the
    # host thinks, so that the host, once it has moved, waits for the joiner's automatic messages (a seat that
    # is to move may think: frozen then, it would be waited for longer)
    host = peers.host(players=2, bots=0, name="alice", extra=TIMES + ("--think", "2.0"))
    bob = peers.join(host, "bob", extra=TIMES + ("--think", "0.05"))
    pid = bob.popen.pid
    declared = False
    try:
        while not declared:
            wait_until(lambda: host_to_move(host), "the host's turn to move", [host, bob], timeout=120)
            os.kill(pid, signal.SIGSTOP)
            deadline = time.monotonic() + 30  # (not an assertion: a freeze that missed is tried again)
            while time.monotonic() < deadline and not absents(host, 0, 1) and host.alive:
                time.sleep(0.1)
            declared = bool(absents(host, 0, 1))
            if not declared:
                os.kill(pid, signal.SIGCONT)
        # the host votes the joiner out, plays on alone against a computer player, and finishes
        assert host.wait() == 0, peers.describe()
    finally:
        os.kill(pid, signal.SIGCONT)
    bob.wait()
    out = host.stdout
    assert re.search(r"^Result: played out, with a computer player in a seat; seat 1 \(bob\) played by a computer "
                     r"from turn \d+ \(voted by seat 0 \(alice\)\); this rests on the word of seat 0 \(alice\) "
                     r"alone$", out, re.M), out

    a, b = host.log, bob.log
    res = snowp2p("audit", str(a), str(b))
    text = res.stdout
    assert res.stderr == "" and "Traceback" not in text, res.stderr
    assert text.startswith(f"Log 1: {a} (seat 0 (alice)'s log)\n  OK\n"), text
    assert "; this rests on the word of seat 0 (alice) alone" in text
    log1, log2 = text.split("  log 1:\n")[1].split("  log 2:")
    have = absents(host, 0, 1)[0].body.have
    assert re.search(rf"^    seat 0 \(alice\) declared seat 1 \(bob\) absent at turn \d+( \(it owed [^)]*\))?, holding {have} of its "
                     r"messages", log1, re.M), text
    assert "    seat 0 (alice) voted for a computer player in seat 1 (bob)" in log1, text
    assert re.search(r"decided: seat 1 \(bob\) voted out by seat 0 \(alice\) alone, at \d+ of its messages: a computer "
                     r"player takes the seat; taken over at turn \d+", log1), text
    # (issue 18 case 9, fixed: a voted-out peer woken from a freeze no longer signs on after its own bye)
    assert "EQUIVOCATION" not in text  # honest peers: nobody's signatures contradict
    verdict2 = re.search(r"^Log 2: .*\n  (.*)$", text, re.M).group(1)
    results = re.findall(r"^  Result: (.*)$", text, re.M)
    if absents(bob, 1, 0):  # the joiner woke and voted the host out before it heard of the vote on itself
        assert "    seat 1 (bob) declared seat 0 (alice) absent" in log2, text
    if verdict2.startswith("OK (no result)"):  # it learnt it was voted out and stopped: no result of its own
        assert "this is the log of seat 1 (bob), which the others voted out" in verdict2, text
        assert "    seat 0 (alice) declared seat 1 (bob) absent" in log2, text  # it holds the host's decisions too
    else:
        assert verdict2 == "OK", text
    if len(set(results)) > 1:  # two results: the audit says they differ, and why
        assert res.returncode == 1 and text.rstrip().splitlines()[-1].startswith("DIFFER: no seat signed"), text
    else:  # one result (or none on the joiner's side): the two logs are parts of one story
        assert not absents(bob, 1, 0)
        assert res.returncode == 0 and text.rstrip().splitlines()[-1].startswith("AGREE"), text

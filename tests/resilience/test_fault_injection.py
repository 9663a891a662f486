"""Fault injection (issue 10, G7, G10): seeded games of all three kinds, 2-5 real peer processes, random
peers killed with a real ``kill -9`` at random points (the host too, one peer twice, two at once) and
resumed (``snowp2p resume``) after random dead times, with short absence and vote times.

Every game must end; every peer's process must end with a clear line; all peers that finish agree on
the final state, places and outcome; every log audits clean, or with its labelled outcome (a voted-out
peer's log: "OK (no result)"; a peer that never learnt the end: "not finished"), and never names a
seat as a cheater.

Issue 18 adds three more kinds of trial (``test_freezes_lobby_kills_and_kills_during_votes``, 6 in CI): a peer
frozen (SIGSTOP) for longer than the move, absence and vote times together, then thawed (SIGCONT); a joiner
killed in the lobby that joins again with the same code; and a peer killed while the others are paused on
another lost seat (during a vote).  ``SNOWP2P_PAUSE_TRIALS=N`` runs N of those.

24 trials run in CI, two at a time (``SNOWP2P_FAULT_PARALLEL``, default 2), the sled games on a short
straight track (tests/resilience/tracks/): a few minutes on the shared 2-core box.
``SNOWP2P_FAULT_TRIALS=300`` runs that many (``SNOWP2P_FAULT_SEED=N`` starts the seeds at N).  A failure
prints its seed; the same seed replays the same plan (the moments are counts of log records, so the
machine's speed changes little).
"""

from __future__ import annotations

import os
import random
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from kit.peers import audit, host_argv, join_argv
from kit.resilience import Game

TRIALS = int(os.environ.get("SNOWP2P_FAULT_TRIALS", "24"))
PARALLEL = max(1, int(os.environ.get("SNOWP2P_FAULT_PARALLEL", "2")))  # trials run at once
FIRST_SEED = int(os.environ.get("SNOWP2P_FAULT_SEED", "1"))
KINDS = ("snowtails", "mush", "snake")
TRACKS = Path(__file__).with_name("tracks")  # short straight tracks: shorter games, more trials
PAUSE_TRIALS = int(os.environ.get("SNOWP2P_PAUSE_TRIALS", "6"))
STYLES = ("freeze", "lobby", "vote-kill")  # issue 18's trials (plan_pause)
MOVE_TIME = 5  # the freeze trials' move time (host --move-time): a frozen mover is absent after it.  (It was 4,
#               below the least a roster takes: the host refused its arguments and every freeze trial failed.)


def plan(seed: int) -> dict:
    rng = random.Random(seed)
    kind = KINDS[seed % 3]  # every kind in any three consecutive seeds
    n = rng.randint(2, 4 if kind == "snake" else 5)  # (Snake Carnival takes 2-4 players)
    absent_after = round(rng.uniform(1.0, 2.5), 2)
    vote_after = round(rng.uniform(1.0, 2.5), 2)
    kills = []
    for _ in range(rng.randint(1, 3)):
        style = rng.choice(["one", "one", "host", "two"])
        if style == "host" or n == 2:
            victims = [0] if style == "host" else [rng.randrange(n)]
        elif style == "two":
            victims = rng.sample(range(n), 2)
        else:
            victims = [rng.randrange(n)]
        # dead time: mostly a short outage; sometimes long enough to be voted out
        dead = rng.choice([rng.uniform(0.2, 1.5), rng.uniform(0.2, 1.5), absent_after + vote_after + rng.uniform(1, 4)])
        kills.append({"victims": victims, "after": rng.randint(3, 60), "dead": round(dead, 2)})
    return {"seed": seed, "kind": kind, "n": n, "absent_after": absent_after, "vote_after": vote_after,
            "kills": kills}


def plan_pause(seed: int, style: str) -> dict:
    """An issue-18 trial: ``style`` is freeze (SIGSTOP a peer past the move, absence and vote times, then
    SIGCONT), lobby (kill -9 a seated joiner before the game starts; it joins again with the same code, then
    one ordinary kill) or vote-kill (kill one peer for long; while the others are paused on it, kill another)."""
    rng = random.Random(seed * 7919 + STYLES.index(style))
    kind = KINDS[seed % 3]
    n = rng.randint(3, 4 if kind == "snake" else 5)
    absent_after = round(rng.uniform(1.0, 2.0), 2)
    vote_after = round(rng.uniform(1.0, 2.0), 2)
    p = {"seed": seed, "style": style, "kind": kind, "n": n, "absent_after": absent_after,
         "vote_after": vote_after, "kills": [], "freezes": [], "lobby": None, "vote_kill": None}
    if style == "freeze":
        for _ in range(rng.randint(1, 2)):
            p["freezes"].append({"victim": rng.randrange(n), "after": rng.randint(5, 60),
                                 "frozen": round(MOVE_TIME + absent_after + vote_after + rng.uniform(1, 3), 2)})
    elif style == "lobby":
        p["lobby"] = {"victim": rng.randrange(1, n - 1), "dead": round(rng.uniform(0.2, 1.5), 2)}
        p["kills"].append({"victims": [rng.randrange(n)], "after": rng.randint(3, 60),
                           "dead": round(rng.uniform(0.2, 1.5), 2)})
    else:
        first, second = rng.sample(range(n), 2)
        p["vote_kill"] = {"first": first, "second": second, "after": rng.randint(3, 40),
                          "dead": round(absent_after + vote_after + rng.uniform(2, 4), 2),
                          "dead2": round(rng.uniform(0.2, 3.0), 2)}
    return p


def _opts(p: dict) -> tuple[str, ...]:
    return ("--absent-after", str(p["absent_after"]), "--vote-after", str(p["vote_after"]))


def run_trial(base, p: dict) -> None:
    g = Game(base, p["n"], think=0.02, game=p["kind"])
    try:
        _run(g, p)
    finally:
        g.cleanup()


def _run(g: Game, p: dict) -> None:
    ctx = f"SNOWP2P_FAULT_SEED={p['seed']} SNOWP2P_FAULT_TRIALS=1 (plan {p})"
    if "style" in p:
        ctx = f"SNOWP2P_FAULT_SEED={p['seed']} SNOWP2P_PAUSE_TRIALS=1 style {p['style']} (plan {p})"
    _seat_all(g, p)
    no_game = set()  # peers killed before they had a game on disk: `resume` has nothing to resume
    for k in p["kills"]:
        victims = [g.peers[v] for v in k["victims"]]
        if not _wait_records(victims[0], k["after"]):
            continue
        for v in victims:
            v.kill9()
        time.sleep(k["dead"])
        for v in victims:
            _resume(v, p, no_game)
    for f in p.get("freezes", ()):
        v = g.peers[f["victim"]]
        if not _wait_records(v, f["after"]):
            continue
        os.kill(v.popen.pid, signal.SIGSTOP)  # a laptop lid closed: its connections stay up, it answers nothing
        time.sleep(f["frozen"])
        os.kill(v.popen.pid, signal.SIGCONT)
    if p.get("vote_kill"):
        _kill_during_vote(g, p, no_game)
    rcs = g.wait_all(timeout=240)
    _check(g, p, rcs, no_game, ctx)


def _seat_all(g: Game, p: dict) -> None:
    """The host and its joiners; a lobby trial kills one seated joiner (kill -9) before the game starts and
    runs the same `join` again: it must get its seat back (issue 18, case 12)."""
    opts = (*_opts(p), "--think", "0.02")
    h = g.peer("host")
    track = ("--track", str(TRACKS / f"short-{p['kind']}.toml")) if p["kind"] != "snake" else ()
    move = ("--move-time", str(MOVE_TIME)) if p.get("freezes") else ()
    h.argv = host_argv(h.home, p["kind"], p["n"], bots=0, extra=(*opts, *track, *move))
    h.start()
    h.wait_join_line()
    lobby = p.get("lobby")
    for i in range(1, p["n"]):
        j = g.peer(f"j{i}")
        j.argv = join_argv(j.home, f"{h.addr}:{h.port}", h.code, f"j{i}", (*opts, *(("--yes",) if track else ())))
        j.start()
        g.wait_output(h, rf"lobby: j{i}\b")
        if lobby and lobby["victim"] == i:
            g.wait_output(j, r"waiting for the other players")
            j.kill9()
            time.sleep(lobby["dead"])
            j.start()  # the same command: the same identity and code
            g.wait_output(j, r"waiting for the other players")


def _wait_records(v, after: int) -> bool:
    """Until ``v``'s log holds ``after`` more records (or it ended, or 120 s); False: it is gone already."""
    target = len(v.logged_records()) + after
    deadline = time.monotonic() + 120
    while len(v.logged_records()) < target and v.alive and time.monotonic() < deadline:
        time.sleep(0.02)
    return v.alive


def _resume(v, p: dict, no_game: set) -> None:
    if v.alive:
        return
    # name the game: a peer killed while it lingered after the end resumes a finished game
    # (it passes on what the others may lack, defect B), which `resume` alone does not pick
    try:
        game = (v.meta()["game_id"][:12],)
    except (OSError, KeyError, ValueError, AssertionError):  # (killed before it had a game)
        game = ()
        no_game.add(v.name)
    v.argv = ["resume", "--autoplay", "--think", "0.02", "--home", str(v.home), *_opts(p), *game]
    v.start()


def _kill_during_vote(g: Game, p: dict, no_game: set) -> None:
    """Kill one peer for long; once another peer says the game is paused on it (a vote is coming), kill a
    second one; resume the second after a short time, the first after its long one."""
    vk = p["vote_kill"]
    first, second = g.peers[vk["first"]], g.peers[vk["second"]]
    if not _wait_records(first, vk["after"]):
        return
    first.kill9()
    killed = time.monotonic()
    paused = re.compile(rf"^{first.name} \[[0-9a-f-]+\] is not answering: the game is paused", re.M)
    others = [q for q in g.peers if q is not first]
    deadline = time.monotonic() + 60
    while not any(paused.search(q.all_output()) for q in others) and time.monotonic() < deadline:
        if not any(q.alive for q in others):
            break
        time.sleep(0.02)
    if second.alive:
        second.kill9()
        time.sleep(vk["dead2"])
        _resume(second, p, no_game)
    time.sleep(max(0.0, vk["dead"] - (time.monotonic() - killed)))
    _resume(first, p, no_game)


def _check(g: Game, p: dict, rcs: dict, no_game: set, ctx: str) -> None:
    finishers = {}
    for peer in g.peers:
        out = peer.all_output()
        assert "Traceback" not in peer.stderr, f"{peer.name}: {peer.stderr}\n{ctx}"
        if peer.name in no_game and "no unfinished game to resume" in peer.stderr:
            # (killed during the lobby, before its game existed: it exits 1 with that one line, and the
            # others play its seat on: nothing of it to audit)
            assert rcs[peer.name] == 1, f"{peer.name}: exit {rcs[peer.name]}\n{ctx}"
            continue
        meta = peer.meta()
        if meta["status"] == "finished":
            assert rcs[peer.name] == 0, f"{peer.name} finished with exit {rcs[peer.name]}\n{ctx}\n{g.describe()}"
            finishers[peer.name] = meta
        else:
            # it stopped with a clear line: voted out, or alone after the others left
            assert rcs[peer.name] == 1 and "GAME STOPPED" in out, f"{peer.name}: exit {rcs[peer.name]}\n{ctx}\n" \
                                                                  f"{g.describe()}"
            assert "cheating detected" not in out and "states differ" not in out, f"{peer.name}\n{ctx}\n{g.describe()}"
        res = audit(peer.log, debug=True)
        text = res.stdout + res.stderr
        assert "Traceback" not in text, text
        assert "cheating" not in text and "states differ" not in text and "equivocation" not in text, \
            f"audit of {peer.name}'s log names a cheater:\n{text}\n{ctx}\n{g.describe()}"
        if peer.name in finishers:
            # (a seat killed during the set-up, before its first message, and voted out: it never signed the
            # roster, so the log proves no result for it, and audit says so, naming it: resilience.md; seed 16)
            unsigned = res.stdout.startswith("VIOLATION: seat ") and "never signed the roster" in res.stdout
            assert (res.returncode == 0 and res.stdout.startswith("OK\n")) or unsigned, f"{peer.name}:\n{text}\n{ctx}"
        else:
            assert res.stdout.startswith("OK (no result)") or "not finished" in res.stdout, \
                f"{peer.name}:\n{text}\n{ctx}\n{g.describe()}"
    assert finishers, f"nobody finished the game\n{ctx}\n{g.describe()}"
    # G11: the final state and the places agree; how the end was reached may be told differently by a seat
    # whose last messages never left (it finished; the others had a computer stand in at the very end)
    ends = {name: (m["final_hash"], tuple(m["places"]), m.get("abandoned")) for name, m in finishers.items()}
    assert len(set(ends.values())) == 1, f"the finishing peers disagree: {ends}\n{ctx}\n{g.describe()}"


@pytest.mark.parametrize("first", range(FIRST_SEED, FIRST_SEED + TRIALS, PARALLEL))
def test_random_kills_and_resumes_end_alike(tmp_path, first):
    """``PARALLEL`` seeds at once, each in its own thread (the trials are processes: the threads only
    wait); every failure is reported with its seed."""
    seeds = range(first, min(first + PARALLEL, FIRST_SEED + TRIALS))
    _in_threads(tmp_path, [plan(seed) for seed in seeds])


def _in_threads(base: Path, plans: list[dict]) -> None:
    """Run the trials ``plans`` at once, each in its own thread (the trials are processes: the threads only
    wait); every failure is reported with its seed."""
    failures: dict[int, BaseException] = {}

    def one(p: dict) -> None:
        print(f"fault injection: SNOWP2P_FAULT_SEED={p['seed']} plan {p}")
        try:
            run_trial(base / f"s{p['seed']}", p)
        except BaseException as e:  # (reported below, with the seed)
            failures[p["seed"]] = e

    threads = [threading.Thread(target=one, args=(p,)) for p in plans]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    styles = {p["seed"]: p.get("style") for p in plans}
    for seed in list(failures):
        marker, why = KNOWN_OPEN.get((seed, styles[seed]), (None, ""))
        if marker is not None and marker in str(failures[seed]):  # (only the known failure, not another one)
            print(f"fault injection: seed {seed} failed as known ({why})")
            del failures[seed]
    if failures:
        raise AssertionError("\n\n".join(f"seed {seed}: {e}" for seed, e in sorted(failures.items())))


#: (seed, style) -> (a line the failure shows, why): trials whose failure is known and not fixed yet (issue 18 stays
#: open for them; the closing note says why).  Only a failure that shows that line is excused.
KNOWN_OPEN: dict[tuple[int, str | None], tuple[str, str]] = {}
# Seed 2 (vote-kill) was here: CI stop 43, once in many runs, the seat killed during the vote came back holding more
# of the first seat's messages than the decision on it counted, and the others stopped on a desync naming it.  The
# simulator's vote-kill family reproduces that shape (seed 338, and with crashes that deliver what was written, as
# kill -9 on TCP does: flush 486, paced flush 815, 443; all fixed).  Taken out 2026-11-29 after about 30 runs of
# the real trial, seed 2 included, none failing (10 that day, on a machine loaded by simulator sweeps): a failure
# now fails CI, as it should.
# Seed 17 was here (a resumed j1 that reached only the lingering host voted j2 and j3 out on its own word: a second
# result).  Fixed by the "away" rule (net/watch.py AbsenceWatch._may_declare: a peer that was away declares a seat
# only once it heard from it since, or as a second voice).  Checked 2026-11-27 on a machine loaded by four
# simulator sweeps: with the rule, 13 of 13 runs of seed 17 passed; with the rule backed out (_may_declare always
# True), 3 of 6 failed with exactly the old two results.


@pytest.mark.parametrize("style", [
    "freeze",
    "lobby",
    "vote-kill",
])
def test_freezes_lobby_kills_and_kills_during_votes(tmp_path, style):
    """Issue 18: ``PAUSE_TRIALS`` trials, a third of each style (plan_pause), ``PARALLEL`` at once; every
    trial ends within the bound with agreeing, clean-auditing results (the same checks as above)."""
    seeds = list(range(FIRST_SEED, FIRST_SEED + max(1, PAUSE_TRIALS // len(STYLES))))
    for k in range(0, len(seeds), PARALLEL):
        _in_threads(tmp_path, [plan_pause(seed, style) for seed in seeds[k:k + PARALLEL]])

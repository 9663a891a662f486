"""Absent players over real TCP (G1, G7): a 4-peer game, one peer's process killed for good mid-game.

The others notice (no link while the game waits on that seat), declare it absent after
``--absent-after`` s, pause, vote after ``--vote-after`` s and then either go on with a computer
player in that seat (``--vote bot``) or end the game where it stands (``--vote end``).  Every
survivor must finish with exit status 0, the same final state hash, and a log that audits OK and
names the voted-out seat.  The host is a peer like any other: killing it must not stop the game.
"""

from __future__ import annotations

import re

from kit.peers import Peers, audit, wait_until

FAST = ["--absent-after", "1", "--vote-after", "1"]
THINK = ["--think", "0.2"]  # autoplay slowed down so the kill lands mid-game
KILL_AFTER_MOVES = 6  # moves in the victim's log before it is killed


def moves_logged(p) -> int:
    """Moves in a peer's log so far (0 while it has none); tolerant of a record being written."""
    return sum(m.type == "move" for m in p.logged_messages())


def play_and_kill(peers: Peers, game: str, vote: str, victim: str):
    opts = (*FAST, "--vote", vote, *THINK)
    host = peers.host(game=game, players=4, bots=0, extra=opts)
    joiners = [peers.join(host, f"j{i}", extra=opts) for i in (1, 2, 3)]
    everyone = [host, *joiners]
    dead = {p.name: p for p in everyone}[victim]
    survivors = [p for p in everyone if p is not dead]
    wait_until(lambda: moves_logged(dead) >= KILL_AFTER_MOVES, f"{victim} logged {KILL_AFTER_MOVES} moves",
               everyone, timeout=90, interval=0.1)
    meta = dead.meta()
    seat, status = meta["seat"], meta["status"]
    assert status == "playing", f"the game was not in progress when {victim} was killed: {meta}"
    nick = meta["players"][seat]["nick"]
    assert nick == victim
    dead.kill()  # kill -9, for good: it never comes back
    for p in survivors:
        rc = p.wait()
        assert rc == 0, f"{p.name} exited {rc}\n{p.describe()}"
    return dead, seat, nick, survivors


def check_survivors(dead, seat: int, nick: str, survivors, choice: str) -> None:
    what = "a computer player plays that seat." if choice == "bot" else "the game is abandoned (no places)."
    turns, hashes = set(), set()
    for p in survivors:
        out = p.stdout
        pause = re.search(rf"^{re.escape(nick)} \[[^\]]*\] is not answering: the game is paused", out, re.M)
        assert pause, f"{p.name} never said the game paused on {nick}\n{p.describe()}"
        paused = pause.start()
        # (on a loaded machine a live seat may be slow past the absence time too: it is paused on, and comes back)
        for other in set(re.findall(r"^(\S+) \[[^\]]*\] is not answering: the game is paused", out, re.M)) - {nick}:
            assert re.search(rf"^{re.escape(other)} \[[^\]]*\] is back: the game goes on", out, re.M), (
                f"{p.name}: the pause on live {other} never ended\n{out}")
        m = re.search(r"^(.*) was voted out at turn (\d+) \(voted by ([^)]*)\): (.*)$", out, re.M)
        assert m, f"{p.name} never reported the vote\n{p.describe()}"
        assert nick in m.group(1) and m.group(4).strip() == what, m.group(0)
        assert sorted(m.group(3).split(", ")) == sorted(q.name for q in survivors), m.group(0)
        assert m.start() > paused, f"{p.name}: voted out before the pause"
        turns.add(int(m.group(2)))
        printed = [int(x) for x in re.findall(r"^  turn (\d+):", out, re.M)]
        assert len(printed) == len(set(printed)), f"{p.name}: a turn line repeats (after the vote?)"
        meta = p.meta()
        assert meta["status"] == "finished", meta
        if choice == "bot":  # G10: ranked like any other seat
            assert sorted(meta["places"]) == sorted(x["nick"] for x in meta["players"])
        else:  # G10: abandoned, no places
            assert meta["places"] == [] and meta["abandoned"], meta
        hashes.add(meta["final_hash"])
        a = audit(p.log, debug=True)
        assert a.returncode == 0 and a.stdout.startswith("OK"), f"{p.name}'s log does not audit:\n{a.stdout}{a.stderr}"
        line = re.search(rf"^Seat {seat} \({re.escape(nick)}\) stopped answering and was voted out at turn (\d+): (.*)$",
                         a.stdout, re.M)
        assert line, f"the audit of {p.name}'s log does not name seat {seat} ({nick}):\n{a.stdout}"
        assert int(line.group(1)) in turns
        expect = "a computer player played the seat" if choice == "bot" else "the game was abandoned there"
        assert line.group(2).startswith(expect), line.group(0)
        places = a.stdout.split("Final places:")[1].strip().splitlines()
        places = [ln.strip().split(". ", 1)[1].split()[0] for ln in places if re.match(r"\s*\d+\. ", ln)]
        assert places == meta["places"], f"audit places: {places}"
        if choice == "bot":
            assert re.search(rf"^Result: played out, with a computer player in a seat; seat {seat} \({nick}\) played "
                             rf"by a computer from turn {line.group(1)} \(voted by ", a.stdout, re.M), a.stdout
        else:
            assert re.search(r"^Result: abandoned at turn", a.stdout, re.M), a.stdout
    assert len(turns) == 1, f"survivors disagree on the turn of the vote: {turns}"
    assert len(hashes) == 1, f"survivors disagree on the final state: {hashes}"


def test_joiner_killed_vote_bot_snowtails(peers):
    dead, seat, nick, survivors = play_and_kill(peers, "snowtails", "bot", "j2")
    check_survivors(dead, seat, nick, survivors, "bot")
    # a computer player went on in that seat: the game lasted past the vote
    meta = survivors[0].meta()
    vote_turn = int(re.search(r"was voted out at turn (\d+)", survivors[0].stdout).group(1))
    assert meta["turns"] > vote_turn, (meta["turns"], vote_turn)


def test_joiner_killed_vote_end_mush(peers):
    dead, seat, nick, survivors = play_and_kill(peers, "mush", "end", "j1")
    check_survivors(dead, seat, nick, survivors, "end")
    vote_turn = int(re.search(r"was voted out at turn (\d+)", survivors[0].stdout).group(1))
    for p in survivors:
        assert p.meta()["turns"] <= vote_turn, "the game went on after a vote to end it"
        assert "The game was abandoned" in p.stdout and "No places" in p.stdout


def test_host_killed_joiners_finish(peers):
    """G1: if the host's process is killed mid-game, the others continue to the end."""
    dead, seat, nick, survivors = play_and_kill(peers, "snowtails", "bot", "host")
    assert seat == 0
    check_survivors(dead, seat, nick, survivors, "bot")

"""A player lost before the race is set up (G7): seat 2 sends nothing after the lobby.

The others wait on it, declare it absent, pause and vote, exactly as mid-game; then
* "bot": the game is set up without it (its deck dealt face up to a computer player that every peer
  runs alike) and played to the end, every peer and an observer of the log agreeing; as the seat never
  signed the roster, the log proves no result for it and `audit` says so (G2);
* "end": the game ends before it began, with no places, on every peer and in the audit.
In memory (the FIFO tables of test_absent_unit.py: every run is the same run), and once over real TCP
between processes with a real modified client.
"""

from __future__ import annotations

import re

import pytest

from kit.peers import audit
from test_absent_unit import ABSENT, Table, replay_log
from kit.table import KINDS
from snowp2p.games import find_game


def silent_from_the_start(game: str, choice: str) -> Table:
    t = Table(game)
    t.dead.add(ABSENT)  # its process died right after the lobby: none of its setup messages exist
    t.start()
    t.run()
    for i in (0, 1):
        assert t.s[i].state is None and t.s[i].waiting_on() == {ABSENT}
        t.out(i, t.s[i].declare_absent(ABSENT))
    t.run()
    for i in (0, 1):
        assert t.s[i].paused_on(ABSENT)
        t.out(i, t.s[i].cast_vote(ABSENT, choice))
    t.run()
    return t


@pytest.mark.parametrize("game", KINDS)
def test_voted_out_before_the_start_a_computer_player_takes_the_seat(game):
    t = silent_from_the_start(game, "bot")
    s0, s1 = t.s[0], t.s[1]
    for s in (s0, s1):
        assert s.halted is None and s.done, f"seat {s.me}: turn {s.turn}, halted {s.halted}"
        assert s.gone == {ABSENT: ("bot", 0, 0)} and s.bot_seats == {ABSENT}
    assert s0.final_turn == s1.final_turn > 3
    assert s0.my_hash[s0.final_turn] == s1.my_hash[s1.final_turn]
    assert s0.bot_moves and s0.bot_moves == s1.bot_moves  # the computer player really played the seat
    if find_game(game).hidden is not None:  # (Snake Carnival's hands are open from the start)
        # its cards were dealt face up: every peer knows every card of that seat
        assert all(v is not None for v in s0.state.hand_values(ABSENT))
    # G10: the computer-played seat is ranked like any other
    assert t.over[0] == t.over[1] == tuple(s0.g.final_places(s0.state)) and sorted(t.over[0]) == [0, 1, 2]
    obs = replay_log(t)
    assert obs.done and obs.my_hash[obs.final_turn] == s0.my_hash[s0.final_turn]
    assert obs.places() == list(t.over[0])
    assert obs.unsigned() == [ABSENT]  # it never signed the roster: the log proves no result for it (G2)


@pytest.mark.parametrize("game", KINDS)
def test_voted_out_before_the_start_the_game_can_end_there(game, tmp_path):
    t = silent_from_the_start(game, "end")
    for s in t.s[:2]:
        assert s.halted is None and s.done and s.state is None
        assert s.places() == [] and s.abandoned
    assert t.over[0] == t.over[1] == ()
    obs = replay_log(t)
    assert obs.done and obs.places() == [] and obs.unsigned() == [ABSENT]
    # no result for anyone: the audit is OK, and names the seat that never signed the roster (G2)
    log = tmp_path / "game.log"
    log.write_bytes(t.buf.getvalue())
    a = audit(log)
    assert a.returncode == 0 and a.stdout.startswith("OK"), a.stdout + a.stderr
    assert re.search(r"^Seat 2 \(cyd \[[0-9a-f-]+\]\) never signed the roster: the log proves no result for that "
                     r"seat\.$", a.stdout, re.M), a.stdout


def test_a_peer_silent_from_the_start_over_real_tcp(peers):
    """The same over real TCP between processes: a joiner that joins and then never sends a game message
    (SNOWP2P_CHEAT=mute: a real modified client) is declared absent during the set-up, voted out, and a
    computer player races in its seat; the others finish.  The seat never signed the roster, so their logs
    prove no result for it: the audit says so, naming it (G2)."""
    opts = ("--absent-after", "1", "--vote-after", "1", "--vote", "bot")
    host = peers.host(game="snowtails", players=3, bots=0, extra=opts)
    honest = peers.join(host, "j1", extra=opts)
    host.wait_for(r"lobby: j1")  # the mute joiner takes the last seat (2)
    mute = peers.join(host, "mute", cheat="mute", extra=opts)
    for p in (host, honest):
        assert p.wait() == 0, p.describe()
    # (the mute client's own session believes it answered all along: its frames never left it, so where a
    # vote on it rests on one seat's word it may refuse it and play on alone; a cheat's own view proves nothing)
    mute.kill()
    hashes = set()
    for p in (host, honest):
        assert re.search(r"mute \[[0-9a-f-]+\] was voted out at turn 0 \(voted by [^)]*\): "
                         r"a computer player plays that seat\.",
                         p.stdout), p.describe()
        assert re.search(r"^mute \[[0-9a-f-]+\] never signed the roster: this game proves no result for that seat",
                         p.stdout, re.M), p.stdout
        meta = p.meta()
        assert meta["status"] == "finished" and meta["turns"] > 3
        assert sorted(meta["places"]) == sorted(x["nick"] for x in meta["players"])  # ranked like any other (G10)
        assert any("played by a computer from turn 0" in ln for ln in meta["outcome"])
        hashes.add(meta["final_hash"])
        # mute never signed the roster (G2): the log proves no result for it, and the audit says so
        a = audit(p.log, debug=True)
        assert a.returncode == 1, a.stdout + a.stderr
        assert re.fullmatch(r"VIOLATION: seat [12] \(mute \[[0-9a-f-]+\]\) never signed the roster \(.*\): the log "
                            r"proves no result for that seat\n", a.stdout), a.stdout
    assert len(hashes) == 1

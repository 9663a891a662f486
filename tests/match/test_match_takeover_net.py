"""A seat voted out during a race of a match (protocol/SPEC.md 11.9 and 16.3; issue 21: "absence and votes as in
a race" over the whole match), with real processes on loopback: a joiner killed -9 in race 1 and never resumed;
the others vote it out (the default ``--vote bot``), a computer player finishes race 1 in its seat, and the match
stops after that race for every peer alike (SPEC 16.3, *A seat voted out*), every log and the match audit clean."""

from __future__ import annotations

import re

import pytest

from kit.match import race_logs, race_records, standings
from kit.peers import snowp2p, wait_until

FAST = ("--absent-after", "1", "--vote-after", "1", "--between", "0")


def _kill_in_race_1(peers, game: str, tracks: str, players: int, records: int):
    # (--move-time 5: a lone survivor of two seats gives up after 2 x (absent + vote) + 15 s without a link, SPEC
    # 11.9 *Bounded*, so its vote must not wait for the usual 20 s move time of the tests)
    h = peers.host(game, players=players, bots=0, extra=("--series", tracks, "--move-time", "5") + FAST)
    joiners = [peers.join(h, name, extra=FAST + ("--think", "0.15") * (name == "amy"))
               for name in ("amy", "bob")[:players - 1]]
    everyone = [h, *joiners]
    dead = joiners[0]
    wait_until(lambda: race_records(dead.home, 0) >= records, "race 1 under way", everyone, timeout=240)
    dead.kill()  # kill -9, for good
    return dead, [p for p in everyone if p is not dead]


@pytest.mark.parametrize("game,tracks,players,records", [
    ("mush", "fjord,mush-first-race,village", 3, 20),
    ("snowtails", "first-race,s-bends", 2, 12),
])
def test_a_seat_voted_out_in_race_1_ends_the_match_after_race_1(peers, game, tracks, players, records):
    dead, survivors = _kill_in_race_1(peers, game, tracks, players, records)
    reports = {}
    for p in survivors:
        assert p.wait() == 1, p.describe()  # (the match stopped before its last race: as any match that stops)
        out = p.stdout + p.stderr
        assert "Traceback" not in out, p.describe()
        assert re.search(r"^amy \[[-0-9a-f]+\] was voted out at turn \d+ .*: a computer player plays that seat", p.stdout,
                         re.M), p.describe()
        stop = [ln for ln in p.stdout.splitlines() if ln.startswith("The match stops:")]
        assert len(stop) == 1 and "voted out" in stop[0] and "after race 1" in stop[0], p.describe()
        assert "Race 2 of" not in p.stdout and "Next: race 2" not in p.stdout, "a race 2 after a takeover"
        assert "Totals after race 1 of" in p.stdout, p.describe()
        logs = race_logs(p.home)
        assert len(logs) == 1, logs
        one = snowp2p("audit", str(logs[0]))
        assert one.returncode == 0 and one.stdout.startswith("OK"), one.stdout + one.stderr
        assert "was voted out" in one.stdout, one.stdout
        assert "a seat was voted out, so the match stopped after it" in one.stdout, one.stdout
        r = snowp2p("audit", *map(str, logs))
        assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr
        reports[p.name] = standings(r.stdout)
    assert len(set(reports.values())) == 1, reports


def test_a_player_who_quits_race_1_of_a_series_ends_the_match_after_race_1(peers):
    """``bye{left}`` (SPEC 11.9 *Bye*) in race 1: the seat is taken over at once, the race finishes, the match stops
    after it on every peer alike, and the quitter is told, in one line, that it left (no race 2 to wait for)."""
    h = peers.host("snowtails", players=2, bots=0, extra=("--series", "first-race,s-bends") + FAST)
    q = peers.join(h, "amy", extra=FAST, cheat="quit")
    assert h.wait() == 1, h.describe()
    assert q.wait() == 1, q.describe()
    for p in (h, q):
        assert "Traceback" not in p.stdout + p.stderr, p.describe()
        assert "Race 2 of" not in p.stdout and "Next: race 2" not in p.stdout, p.describe()
    stop = [ln for ln in h.stdout.splitlines() if ln.startswith("The match stops:")]
    assert len(stop) == 1 and "amy was voted out in race 1" in stop[0], h.describe()
    assert "You left the game" in q.stdout and "The match stops: you left race 1" in q.stdout, q.describe()
    logs = race_logs(h.home)
    assert len(logs) == 1
    one = snowp2p("audit", str(logs[0]))
    assert one.returncode == 0 and "the match stopped after it" in one.stdout, one.stdout

"""A match over the network with real processes on loopback (issue 21 items 1-3; protocol/SPEC.md 16):
every race a game of its own, tied by the match id and the last agreed state; the standings between races;
every peer's logs audited as a match, with the same totals and winner (ST-E4)."""

from __future__ import annotations

import pytest

from kit.match import kill_in_race_2_and_resume, race_logs, standings
from kit.peers import log_records, snowp2p

from snowp2p.games import find_game
from snowp2p.protocol.match import match_of

ST = find_game("snowtails")
from snowp2p.protocol.messages import decode_signed


def test_a_two_peer_snow_tails_series_over_three_tracks(peers):
    tracks = "first-race,s-bends,forest"
    h = peers.host("snowtails", players=2, bots=0, extra=("--series", tracks, "--between", "0"))
    j = peers.join(h, "joe", extra=("--between", "0"))
    assert j.wait() == 0, j.describe()
    assert h.wait() == 0, h.describe()
    reports = {}
    for who in (h, j):
        logs = race_logs(who.home)
        assert len(logs) == 3, (who.name, logs)
        ms = [match_of(decode_signed(log_records(p)[0]).body, ST) for p in logs]
        assert [m.race for m in ms] == [0, 1, 2] and len({m.id for m in ms}) == 1
        assert [m.tracks[m.race][0] for m in ms] == tracks.split(",")
        r = snowp2p("audit", *map(str, logs))
        assert r.returncode == 0, r.stdout + r.stderr
        assert r.stdout.startswith("OK\n") and "Winner: " in r.stdout, r.stdout
        reports[who.name] = standings(r.stdout)
        # each race's log is a game of its own: the single-log audit, replay and its picture work on it
        for k, p in enumerate(logs):
            one = snowp2p("audit", str(p))
            assert one.returncode == 0 and one.stdout.startswith("OK"), one.stdout
            svg = who.home / f"race{k + 1}.svg"
            pic = snowp2p("replay", str(p), "--svg", str(svg))
            assert pic.returncode == 0 and svg.read_text().lstrip().startswith("<"), pic.stdout + pic.stderr
    assert reports["host"] == reports["joe"], reports
    assert reports["host"].count("  race ") == 3
    # the standings were shown between the races, and the match's end names the winner on both sides
    for who in (h, j):
        assert "Totals after race 1 of 3:" in who.stdout and "Totals after race 2 of 3:" in who.stdout
        assert "Next: race 3 of 3 on forest." in who.stdout
        assert "wins the series (ST-E4" in who.stdout
        assert "Audit the whole match:" in who.stdout


def test_races_of_two_matches_are_not_one_match(peers):
    """The audit of a match refuses races that do not chain: race 2 of another match after this race 1."""
    a = peers.host("snowtails", players=2, bots=1, name="h1", extra=("--series", "first-race,s-bends", "--between", "0"))
    b = peers.host("snowtails", players=2, bots=1, name="h2", extra=("--series", "first-race,s-bends", "--between", "0"))
    assert a.wait() == 0, a.describe()
    assert b.wait() == 0, b.describe()
    la, lb = race_logs(a.home), race_logs(b.home)
    assert snowp2p("audit", str(la[0]), str(la[1])).returncode == 0
    r = snowp2p("audit", str(la[0]), str(lb[1]))
    assert r.returncode != 0 and "different matches" in (r.stdout + r.stderr), r.stdout + r.stderr
    r = snowp2p("audit", str(lb[1]))  # a race alone is still a game of its own
    assert r.returncode == 0 and r.stdout.startswith("OK")


@pytest.mark.parametrize("victim", ["joiner", "host"])
def test_a_peer_killed_in_the_middle_of_the_second_race_resumes_and_the_series_finishes(peers, victim):
    """G7 across a match: kill -9 a peer in race 2 of 3; `snowp2p resume` finishes race 2 from its log, reads
    the races before it back from its own logs, and goes on to race 3 (the host hosting it, a joiner joining
    it); every peer's logs audit as one match with the same totals and winner."""
    think = ("--think", "0.15")
    h = peers.host("snowtails", players=2, bots=0,
                   extra=("--series", "first-race,s-bends,forest", "--between", "0") + (think if victim == "host" else ()))
    j = peers.join(h, "joe", extra=("--between", "0") + (think if victim == "joiner" else ()))
    dead = h if victim == "host" else j
    r = kill_in_race_2_and_resume(peers, dead, (h, j), 12)
    alive = j if victim == "host" else h
    assert r.wait() == 0, r.describe()
    assert alive.wait() == 0, alive.describe()
    assert "Resuming Snow Tails game" in r.stdout and "wins the series (ST-E4" in r.stdout, r.stdout
    reports = {}
    for who in (h, j):
        logs = race_logs(who.home)
        assert len(logs) == 3, (who.name, logs)
        a = snowp2p("audit", *map(str, logs))
        assert a.returncode == 0, a.stdout + a.stderr
        reports[who.name] = standings(a.stdout)
    assert reports["host"] == reports["joe"], reports

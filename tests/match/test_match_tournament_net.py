"""A Mush! Mush! tournament over the network with real processes on loopback (issue 21; protocol/SPEC.md 16.5,
MM-T1..MM-T4): three peers, three tracks, computer players, played to the end; every peer's logs audit as one
tournament with the same totals and winner (MM-T4); the carried hands never appear in any frame before they are
played; a peer killed -9 in the middle of race 2 resumes and the tournament finishes."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.match import kill_in_race_2_and_resume, race_logs, standings
from kit.peers import log_records, snowp2p

from snowp2p.games import find_game
from snowp2p.protocol.match import match_of
from snowp2p.protocol.messages import decode_signed

MM = find_game("mush")
TRACKS = "fjord,mush-first-race,village"


def _audit_all(peers_, n_races: int = 3) -> dict:
    reports = {}
    for who in peers_:
        logs = race_logs(who.home)
        assert len(logs) == n_races, (who.name, logs)
        ms = [match_of(decode_signed(log_records(p)[0]).body, MM) for p in logs]
        assert [m.race for m in ms] == list(range(n_races)) and len({m.id for m in ms}) == 1
        assert all((m.carry is None) == (m.race == 0) for m in ms), "races 2 and 3 carry the hands (SPEC 16.5)"
        r = snowp2p("audit", *map(str, logs))
        assert r.returncode == 0, r.stdout + r.stderr
        assert r.stdout.startswith("OK\n") and "Winner: " in r.stdout and "MM-T4" in r.stdout, r.stdout
        reports[who.name] = standings(r.stdout)
    return reports


def _opened(log: Path) -> list[tuple[int, int, str, tuple[int, int]]]:
    """(record index, sender, message type, (generation, slot)) of every opening in a log."""
    out = []
    for i, rec in enumerate(log_records(log)):
        msg = decode_signed(rec)
        for op in getattr(msg.body, "openings", ()) or ():
            out.append((i, msg.sender, msg.type, (op.generation, op.slot)))
    return out


def test_a_three_peer_mush_tournament_on_three_tracks(peers):
    h = peers.host("mush", players=3, bots=0, extra=("--series", TRACKS, "--between", "0"))
    a = peers.join(h, "amy", extra=("--between", "0"))
    b = peers.join(h, "bob", extra=("--between", "0"))
    for p in (a, b, h):
        assert p.wait() == 0, p.describe()
    reports = _audit_all((h, a, b))
    assert reports["host"] == reports["amy"] == reports["bob"], reports
    assert reports["host"].count("  race ") == 3
    for who in (h, a, b):
        assert "Totals after race 1 of 3:" in who.stdout and "Start order (MM-T3):" in who.stdout, who.stdout
        assert "wins the tournament (MM-T4" in who.stdout
    # each race's log audits and replays on its own from a player's home (a later race from the races beside it)
    logs = race_logs(a.home)
    for k, p in enumerate(logs):
        one = snowp2p("audit", str(p))
        assert one.returncode == 0 and one.stdout.startswith("OK"), one.stdout + one.stderr
        svg = a.home / f"race{k + 1}.svg"
        pic = snowp2p("replay", str(p), "--svg", str(svg))
        assert pic.returncode == 0 and svg.read_text().lstrip().startswith("<"), pic.stdout + pic.stderr
    alone = a.home.parent / "alone" / "x"
    alone.mkdir(parents=True)
    (alone / "game.log").write_bytes(logs[2].read_bytes())
    r = snowp2p("audit", str(alone / "game.log"))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "races before it" in r.stderr, r.stderr
    # G4 across races, read from the frames every seat received: a slot carried out of race k (named in race k+1's
    # roster, `carry`) is opened by no frame of race k, and in race k+1 only by its owner's move that plays it
    # (or, in the last race, by the final openings)
    for who in (h, a, b):
        logs = race_logs(who.home)
        for k in (1, 2):
            m = match_of(decode_signed(log_records(logs[k])[0]).body, MM)
            carried = {(seat, c.generation, c.slot) for seat, cs in enumerate(m.carry) for c in cs}
            assert carried
            before = {(s, *gs) for _, s, _, gs in _opened(logs[k - 1])}
            assert not before & carried, "a carried card was opened in the race it was carried out of"
            for _, s, typ, gs in _opened(logs[k]):
                if (s, *gs) in carried:
                    assert typ == "move" or (typ == "final_open" and k == 2), (k, s, typ, gs)


@pytest.mark.parametrize("victim", ["joiner", "host"])
def test_a_peer_killed_in_race_2_of_a_tournament_resumes_and_the_tournament_finishes(peers, victim):
    """G7 across a tournament: `resume` rebuilds races 1 and 2 from this peer's own logs (race 2 starts from its
    race 1, SPEC 16.5), finishes race 2 and goes on to race 3; every peer's logs audit as one tournament."""
    think = ("--think", "0.15")
    h = peers.host("mush", players=3, bots=0,
                   extra=("--series", TRACKS, "--between", "0") + (think if victim == "host" else ()))
    a = peers.join(h, "amy", extra=("--between", "0") + (think if victim == "joiner" else ()))
    b = peers.join(h, "bob", extra=("--between", "0"))
    dead = h if victim == "host" else a
    r = kill_in_race_2_and_resume(peers, dead, (h, a, b), 20)
    assert r.wait() == 0, r.describe()
    for p in (h, a, b):
        if p is not dead:
            assert p.wait() == 0, p.describe()
    assert "Resuming Mush! Mush! game" in r.stdout and "wins the tournament (MM-T4" in r.stdout, r.stdout
    reports = _audit_all((h, a, b))
    assert reports["host"] == reports["amy"] == reports["bob"], reports


def _spectator(peers, h, name: str):
    """A `snowp2p watch` process (no board) on the host ``h``'s join line, started."""
    from kit.peers import Proc

    spec = Proc(name, ["watch", f"{h.addr}:{h.port}", "--code", h.code, "--home", str(peers.base / name),
                       "--name", name, "--no-board"], peers.base, peers.base / name)
    peers.procs.append(spec)
    return spec.start()


def _same_as_audit(match_part: str, h) -> None:
    """A spectator's match verdict is `audit`'s of the host's race logs (but the timing lines)."""
    whole = snowp2p("audit", *map(str, race_logs(h.home)))
    keep = lambda t: [ln for ln in t.splitlines() if ln.strip() and not ln.startswith("Checked ")]  # noqa: E731
    assert whole.returncode == 0 and keep(match_part) == keep(whole.stdout), (match_part, whole.stdout)


def test_a_spectator_follows_a_whole_tournament_and_its_match_verdict_is_the_audits(peers):
    """SPEC 17 over a tournament: the spectator checks race 2 and 3 from its own check of the race before (what it
    carried, SPEC 16.5), never seeing a carried card, and its match verdict is `audit`'s of the host's logs."""
    h = peers.host("mush", players=2, bots=1, extra=("--series", TRACKS, "--between", "0", "--think", "0.2"))
    spec = _spectator(peers, h, "spec")
    assert h.wait() == 0, h.describe()
    assert spec.wait() == 0, spec.describe()
    assert "Traceback" not in spec.stderr, spec.stderr
    races, match_part = spec.stdout.split("Match verdict:")
    verdicts = races.split("Spectator's verdict:")[1:]
    assert len(verdicts) == 3 and all(v.strip().startswith("OK") for v in verdicts), spec.stdout
    _same_as_audit(match_part, h)


def test_a_spectator_that_comes_in_during_race_3_checks_the_whole_tournament(peers):
    """A late spectator (SPEC 17, *A match*) is fed the host's logs of races 1 and 2 first: it checks race 2 from
    its check of race 1 and race 3 from race 2 (the carried cards, SPEC 16.5), and its match verdict is `audit`'s."""
    h = peers.host("mush", players=2, bots=1, extra=("--series", TRACKS, "--between", "0", "--think", "0.3"))
    h.wait_for(r"^Race 3 of 3", timeout=300, describe=peers.describe)
    spec = _spectator(peers, h, "late")
    assert h.wait() == 0, h.describe()
    assert spec.wait() == 0, spec.describe()
    out = spec.stdout
    assert "Checked the host's log of race 1 of 3" in out and "Checked the host's log of race 2 of 3" in out, out
    _, match_part = out.split("Match verdict:")
    _same_as_audit(match_part, h)

"""Bad `host --series` arguments: one clear line, exit 2, no traceback (ST-E4: 2 or more tracks; MM-T1:
exactly 3)."""

from __future__ import annotations

import pytest

from kit.peers import snowp2p


@pytest.mark.parametrize("game, series, says", [
    ("snowtails", "first-race", "a Snow Tails series is 2 to 16 tracks (ST-E4), not 1"),
    ("mush", "village,fjord", "a Mush! Mush! tournament is 3 races on 3 tracks (MM-T1), not 2"),
    ("snowtails", "first-race,no-such-track", "no-such-track"),
    ("snowtails", "first-race,village", "village"),  # a Mush! Mush! track in a Snow Tails series
    ("snake", "a,b", "has no series"),
])
def test_bad_series_is_one_line(tmp_path, game, series, says):
    r = snowp2p("host", "--game", game, "--series", series, "--players", "2", "--bots", "1", "--autoplay",
                "--no-announce", "--port", "0", "--home", str(tmp_path / "h"))
    assert r.returncode == 2, r.stdout + r.stderr
    err = r.stderr.strip().splitlines()
    assert len(err) == 1 and says in err[0], r.stderr
    assert "Traceback" not in r.stderr and not r.stdout


def test_series_and_track_together_is_one_line(tmp_path):
    r = snowp2p("host", "--series", "first-race,s-bends", "--track", "forest", "--autoplay", "--no-announce",
                "--home", str(tmp_path / "h"))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "--series" in r.stderr

"""Spectators (issue 21 item 5; protocol/SPEC.md section 17): `snowp2p watch` follows a real game of real
processes on loopback, checks it as it goes with the audit's own replay, and ends with the audit's verdict;
a spectator that stops reading is dropped and costs the game nothing; a spectator learns nothing a player
does not (no hidden card); a cheating peer is named by the spectator.
"""

from __future__ import annotations

import subprocess

from kit.peers import PY, ROOT, Proc, audit, decode_records, env, log_records, snowp2p, wait_until


def spectator(peers, host, name: str = "spec", extra: tuple[str, ...] = ()) -> Proc:
    """A `snowp2p watch` process on ``host``'s join line, saving what it receives to <base>/<name>.log."""
    p = Proc(name, ["watch", f"{host.addr}:{host.port}", "--code", host.code, "--home", str(peers.base / name),
                    "--name", name, "--no-board", "--log", str(peers.base / f"{name}.log"), *extra],
             peers.base, peers.base / name)
    peers.procs.append(p)
    return p.start()


def verdict(text: str) -> list[str]:
    """The verdict lines of an audit or a spectator (without the spectator's heading and the timing line)."""
    lines = text.splitlines()
    if "Spectator's verdict:" in lines:
        lines = lines[lines.index("Spectator's verdict:") + 1:]
    return [ln for ln in lines if ln.strip() and not ln.startswith("Checked ")]


def test_spectator_follows_a_game_and_its_verdict_is_the_audits(peers):
    host = peers.host(game="mush", players=2, bots=1, name="host", extra=("--think", "0.5"))
    spec = spectator(peers, host)
    assert host.wait() == 0, peers.describe()
    assert spec.wait() == 0, peers.describe()
    assert "Traceback" not in spec.stderr, spec.stderr
    host_audit = audit(host.log)
    assert host_audit.returncode == 0, host_audit.stdout
    assert verdict(spec.stdout) == verdict(host_audit.stdout), peers.describe()
    assert verdict(spec.stdout)[0] == "OK"
    assert "turn 1" in spec.stdout  # it followed the game turn by turn
    assert "spectator spec [" in host.stdout and "is watching" in host.stdout
    # what it saved is the host's whole log: audited again, the same verdict
    again = audit(peers.base / "spec.log")
    assert again.returncode == 0 and verdict(again.stdout) == verdict(host_audit.stdout), again.stdout


def test_spectator_sees_no_hidden_card(peers):
    """The frames a spectator receives are the players' public messages: every one of them is also in the
    other player's log (the spectator learns nothing that the opponent does not), and until the final
    openings a card is opened only by the move that plays or discards it (G4)."""
    host = peers.host(game="snowtails", players=2, bots=1, name="host", extra=("--think", "0.5"))
    spec = spectator(peers, host)
    assert host.wait() == 0, peers.describe()
    assert spec.wait() == 0, peers.describe()
    got = log_records(peers.base / "spec.log")
    assert len(got) > 10
    bot_dir = host.peer_game_dirs()["bot1"]
    bot_log = set(log_records(bot_dir / "game.log"))
    assert set(got) <= bot_log, "the spectator received a frame the other player never saw"
    opened = played = 0
    for m in decode_records(got):
        if m.type == "final_open":
            break
        if m.type == "move":
            action = m.body.action
            opened += len(m.body.openings)
            played += len(action.get("play", ())) + len(action.get("discard", ()))
            # the opened cards are the ones this very move plays or discards (a card of the first deck
            # generation is its slot: SPEC 11.4)
            cards = {item[1] for item in action.get("play", ())} | {item[0] for item in action.get("discard", ())}
            assert len(cards) == len(m.body.openings), (action, m.body.openings)
            assert all(o.slot in cards for o in m.body.openings if o.generation == 0), (action, m.body.openings)
        assert m.type not in ("slot_commit",) or all(len(c) == 32 for c in m.body.commitments)
    assert opened == played > 0, (opened, played)


def test_a_spectator_that_stops_reading_is_dropped_and_the_game_finishes(peers):
    host = peers.host(game="mush", players=2, bots=1, name="host", extra=("--think", "0.5"),
                      env_extra={"SNOWP2P_SPECTATOR_BEHIND": "4096"})
    out = peers.base / "deaf.out"
    with open(out, "wb") as f:
        deaf = subprocess.Popen([PY, str(ROOT / "tests" / "net" / "deafwatcher.py"), host.addr, str(host.port),
                                 host.code], stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, env=env(),
                                start_new_session=True)
    try:
        wait_until(lambda: "admitted" in out.read_text(), "the deaf spectator was admitted", [host], timeout=120,
                   describe=lambda: out.read_text() + peers.describe())
        assert host.wait() == 0, peers.describe()
        assert deaf.poll() is None, "the deaf spectator is still connected, not reading, when the game ends"
    finally:
        deaf.kill()
        deaf.wait(10)
    assert "spectator deaf [" in host.stdout and "dropped: it fell more than 4 KiB behind" in host.stdout, \
        host.stdout
    assert audit(host.log).returncode == 0
    assert "The game is over" in host.stdout


def test_a_cheating_peer_is_named_by_the_spectator(peers):
    host = peers.host(game="snowtails", players=3, bots=0, name="honesthost")
    spec = spectator(peers, host)
    honest = peers.join(host, "honestjoiner")
    host.wait_for(r"lobby: honestjoiner")
    spec.wait_for(r"has not started yet")  # it waits at the door, and comes in as the game begins
    cheater = peers.join(host, "cheater", cheat="unheld", extra=("--think", "1"))
    assert host.wait() == 1, peers.describe()
    assert spec.wait() == 1, peers.describe()
    honest.wait()
    cheater.wait()
    assert "watching: 1 spectator" in honest.stdout, honest.stdout  # the host told the other players
    v = verdict(spec.stdout)
    assert v[0].startswith("VIOLATION:") and "cheater" in v[0] and "seat 2" in v[0], spec.stdout
    assert v == verdict(audit(host.log).stdout), peers.describe()


def test_the_players_tables_show_the_spectators(peers):
    """The host at a real terminal (pyte): once a spectator is in, its table's title says `watching: 1`; the
    joiner (another process) is told by the host's audience note."""
    import re

    from kit.terminal import TerminalPeer

    host = TerminalPeer("host", ["host", "--game", "snowtails", "--players", "2", "--bots", "0", "--port", "0",
                                 "--home", str(peers.base / "host"), "--name", "Ada", "--advertise", "127.0.0.1",
                                 "--no-announce", "--wait", "300"])
    try:
        host.wait_text("--code ", timeout=120)
        m = re.search(r"join (127\.0\.0\.1):(\d+) --code (\S+)", host.text())
        host.addr, host.port, host.code = m.group(1), int(m.group(2)), m.group(3)
        joiner = peers.join(host, "bo", extra=("--yes",))  # (a computer player in its own process)
        host.wait_text("Your hand", timeout=120)  # the game is on; Ada thinks
        spec = spectator(peers, host)
        host.wait_text("watching: 1", timeout=120, typing="auto\r", every=3.0)
        wait_until(lambda: "watching: 1 spectator" in joiner.stdout, "the joiner told of the spectator", [joiner],
                   timeout=120)
        spec.kill()
    finally:
        host.close()


def test_a_spectator_at_a_terminal_sees_the_public_table_live(peers, tmp_path):
    """``watch`` at a terminal (pyte): the players' table of the game (its board, players and events), titled
    ``watching``, with nobody's hand; at the end the verdict on its end screen, the audit's."""
    import re
    from kit.screens import Typist, wait_until as wait_screen

    from snowp2p.cli import build_parser
    from snowp2p.commands.watch import run as run_watch

    host = peers.host(game="mush", players=2, bots=1, name="host", extra=("--think", "0.5"))
    args = build_parser().parse_args(["watch", f"{host.addr}:{host.port}", "--code", host.code, "--home",
                                      str(tmp_path / "spec"), "--name", "spec"])

    def fn(i, o):
        args.pt_input, args.pt_output = i, o
        return run_watch(args)

    t = Typist(fn, 100, 30)
    screen = t.wait_text("· watching", timeout=120)
    wait_screen(lambda: re.search(r"(host|bot1) moved to", t.term.text()), "a move on the spectator's table", 120)
    screen = t.term.text()
    assert "Mush! Mush! on mush-first-race · watching" in screen, screen
    assert "Your hand" not in screen and "Your turn" not in screen, screen
    screen = t.wait_text("spectator's verdict", timeout=240)
    wait_screen(lambda: "Result: played out" in "\n".join(t.table.end_info["how"]), "the verdict on the end screen")
    t.type("q")
    assert t.join() == 0
    assert host.wait() == 0, peers.describe()
    how = [ln for ln in t.table.end_info["how"] if not ln.startswith("Checked ")]
    assert verdict("\n".join(how)) == verdict(audit(host.log).stdout)


def test_watch_next_follows_the_hosts_rematch(peers):
    """``watch --next``: the spectator of a game follows the host's rematch too (its code is worked out from
    the game's code and id, SPEC §10 *Rematch*), with a verdict for each game, each the audit's."""
    import re
    import time

    from kit.terminal import TerminalPeer

    host = TerminalPeer("host", ["host", "--game", "snowtails", "--players", "2", "--bots", "1", "--port", "0",
                                 "--home", str(peers.base / "host"), "--name", "Ada", "--advertise", "127.0.0.1",
                                 "--no-announce"])
    try:
        host.wait_text("--code ", timeout=120)
        m = re.search(r"join (127\.0\.0\.1):(\d+) --code (\d+-[a-z]+-[a-z]+)", host.tail(20000))
        host.addr, host.port, host.code = m.group(1), int(m.group(2)), m.group(3)
        spec = spectator(peers, host, extra=("--next", "--plain"))
        spec.wait_for(r"^Watching ", timeout=120)
        for n in (1, 2):
            deadline = time.monotonic() + 300
            while "the game is over" not in host.text():  # Ada lets the computer choose each of her turns
                assert host.proc.poll() is None and time.monotonic() < deadline, host.text() + host.tail()
                if "Your turn" in host.text():
                    host.type("auto\r")
                time.sleep(1.0)
            spec.wait_for(r"Spectator's verdict:" + r"[\s\S]*Spectator's verdict:" * (n - 1), timeout=120)
            host.type("r" if n == 1 else "q")
            if n == 1:  # (the next game's table replaces the end screen)
                deadline = time.monotonic() + 120
                while "the game is over" in host.text():
                    assert host.proc.poll() is None and time.monotonic() < deadline, host.text() + host.tail()
                    time.sleep(0.5)
        assert host.wait(120) == 0
        spec.kill()  # (it waits for a third game)
    finally:
        host.close()
    verdicts = spec.stdout.split("Spectator's verdict:")[1:]
    assert len(verdicts) == 2, spec.stdout
    logs = sorted((peers.base / "host" / "games").glob("*/game.log"), key=lambda p: p.stat().st_mtime)
    assert len(logs) == 2
    for v, log in zip(verdicts, logs, strict=True):
        assert verdict("Spectator's verdict:\n" + v.split("\nWaiting for the host's next game")[0]) == \
            verdict(audit(log).stdout)


def _race_logs(home):
    """A peer's race logs of a match, in race order."""
    from snowp2p.games import roster_game
    from snowp2p.protocol.match import match_of

    def race(p):
        r = decode_records(log_records(p)[:1])[0]
        return match_of(r.body, roster_game(r.body.kind)).race

    return sorted((home / "games").glob("*/game.log"), key=race)


def _series_watched(peers, host, spec) -> tuple[list, str]:
    """A two-race series and its spectator, both to the end: the host's race logs and what the spectator printed."""
    assert host.wait() == 0, peers.describe()
    assert spec.wait() == 0, peers.describe()
    assert "Traceback" not in spec.stderr, spec.stderr
    logs = _race_logs(host.home)
    assert len(logs) == 2, logs
    return logs, spec.stdout


def test_a_spectator_follows_a_whole_series_race_by_race_and_its_verdicts_are_the_audits(peers):
    """A Snow Tails series over the network (ST-E4, SPEC 16): the host feeds spectators in every race, and
    ``watch`` follows the match to its end: one verdict per race, each the audit's of the host's log of that
    race, then the match's totals and winner exactly as ``audit`` of the host's race logs prints them."""
    host = peers.host(game="snowtails", players=2, bots=1, name="host",
                      extra=("--series", "first-race,s-bends", "--between", "0", "--think", "0.3"))
    spec = spectator(peers, host)
    logs, out = _series_watched(peers, host, spec)
    assert "Waiting for race 2 of 2 (on s-bends)" in out, out
    races, match_part = out.split("Match verdict:")
    verdicts = races.split("Spectator's verdict:")[1:]
    assert len(verdicts) == 2, out
    for v, log in zip(verdicts, logs, strict=True):
        assert verdict("Spectator's verdict:\n" + v.split("\nWaiting for race")[0]) == verdict(audit(log).stdout)
    whole = snowp2p("audit", *map(str, logs))
    assert whole.returncode == 0, whole.stdout
    assert verdict(match_part) == verdict(whole.stdout), (match_part, whole.stdout)
    assert "Winner: " in match_part and "race 2 on s-bends" in match_part
    # the host fed it in both races, and what it kept of each race is that race's whole log
    assert host.stdout.count("spectator spec [") >= 2 and host.stdout.count("is watching") == 2, host.stdout
    assert log_records(peers.base / "spec.log") == log_records(logs[0])
    assert log_records(peers.base / "spec.log.2") == log_records(logs[1])
    import os
    import stat

    for log in logs:  # the join code, kept for `resume` (and its spectators), is as private as the secret
        for name in ("joincode", "match.json", "secret"):
            assert stat.S_IMODE(os.stat(log.parent / name).st_mode) == 0o600, (log.parent, name)
        assert (log.parent / "joincode").read_text().strip() == host.code


def test_a_spectator_that_comes_in_after_race_1_checks_the_whole_series(peers):
    """A spectator that comes in while race 2 is played (SPEC 17, *A match*): the host feeds it its log of
    race 1 first, whole, then race 2's; the spectator checks race 1 as `audit` does and its match verdict is
    `audit`'s of the host's two logs (ST-E4: totals and winner), not "a race is missing"."""
    host = peers.host(game="snowtails", players=2, bots=1, name="host",
                      extra=("--series", "first-race,s-bends", "--between", "0", "--think", "0.5"))
    host.wait_for(r"^Race 2 of 2", timeout=240, describe=peers.describe)
    spec = spectator(peers, host, name="late")
    logs, out = _series_watched(peers, host, spec)
    assert "Checked the host's log of race 1 of 2 (first-race" in out, out
    assert out.count("Spectator's verdict:") == 1, out  # race 2: the one it watched
    races, match_part = out.split("Match verdict:")
    v = races.split("Spectator's verdict:")[1]
    assert verdict("Spectator's verdict:\n" + v) == verdict(audit(logs[1]).stdout)
    whole = snowp2p("audit", *map(str, logs))
    assert whole.returncode == 0, whole.stdout
    assert verdict(match_part) == verdict(whole.stdout), (match_part, whole.stdout)
    assert "Winner: " in match_part and "race 1 on first-race" in match_part, match_part
    # what it kept: one file a race, each that race's whole log (each audits alone, and as a match)
    assert log_records(peers.base / "late.log") == log_records(logs[0])
    assert log_records(peers.base / "late.log.2") == log_records(logs[1])
    again = snowp2p("audit", str(peers.base / "late.log"), str(peers.base / "late.log.2"))
    assert again.returncode == 0 and verdict(again.stdout) == verdict(whole.stdout), again.stdout


def test_a_host_killed_and_resumed_feeds_a_spectator_to_the_end(peers):
    """G7 and SPEC 17: the host is killed -9 in the middle of a game; `resume` finds the join code it kept
    (as private as the game's secret: mode 0600) and feeds spectators again; a spectator that comes in after
    the resume follows the game to its end, with the audit's verdict."""
    import os
    import stat
    import time

    host = peers.host(game="snowtails", players=2, bots=0, name="host", extra=("--think", "0.3"))
    joe = peers.join(host, "joe", extra=("--think", "0.3"))
    wait_until(lambda: host.game_dirs() and (host.game_dirs()[0] / "game.log").exists()
               and len(log_records(host.game_dirs()[0] / "game.log")) >= 12, "the game under way", [host, joe],
               timeout=240)
    d = host.game_dir()
    code_file = d / "joincode"
    assert code_file.read_text().strip() == host.code
    assert stat.S_IMODE(os.stat(code_file).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(d / "secret").st_mode) == 0o600
    host.kill()
    time.sleep(0.5)
    again = Proc("host-resumed", ["resume", "--autoplay", "--home", str(host.home), "--think", "0.3"],
                 peers.base, host.home)
    peers.procs.append(again)
    again.start()
    again.wait_for(r"^Resuming ", timeout=120)
    spec = spectator(peers, host)
    assert again.wait() == 0, peers.describe()
    assert spec.wait() == 0, peers.describe()
    assert joe.wait() == 0, peers.describe()
    assert "spectator spec [" in again.stdout and "is watching" in again.stdout, again.stdout
    host_audit = audit(host.log)
    assert host_audit.returncode == 0, host_audit.stdout
    assert verdict(spec.stdout) == verdict(host_audit.stdout), peers.describe()
    assert verdict(spec.stdout)[0] == "OK"


HOSTILE = {  # mode of tests/net/hostilewatcher.py: what the host says when it drops it
    "liar": "it says it has 5000 records, but was sent",
    "forged": "dropped: ",
    "elsewhere": "it sent a seen of another game",
    "huge": "dropped: ",
}


def test_spectators_that_send_a_bad_or_oversized_seen_are_dropped_and_the_game_goes_on(peers):
    """G9, SPEC 17: real spectator processes that, once in, acknowledge more records than they were sent, sign
    their `seen` with another key, send a `seen` of another game, or send a frame far longer than any frame
    may be, are each dropped at once (told why, their connection closed); the game goes on to its end, and an
    honest spectator watching alongside them gets the whole game with the audit's verdict."""
    host = peers.host(game="mush", players=2, bots=1, name="host", extra=("--think", "0.5"))
    procs = {}
    try:
        for mode in HOSTILE:
            out = peers.base / f"{mode}.out"
            with open(out, "wb") as f:
                procs[mode] = (subprocess.Popen([PY, str(ROOT / "tests" / "net" / "hostilewatcher.py"), host.addr,
                                                 str(host.port), host.code, mode], stdout=f, stderr=subprocess.STDOUT,
                                                cwd=ROOT, env=env(), start_new_session=True), out)
        spec = spectator(peers, host)
        for mode, (p, out) in procs.items():
            wait_until(lambda out=out: "closed:" in out.read_text(), f"the {mode} spectator was dropped", [host],
                       timeout=180, describe=lambda out=out: out.read_text() + peers.describe())
            assert p.wait(60) == 0, out.read_text()
        assert host.wait() == 0, peers.describe()
        assert spec.wait() == 0, peers.describe()
    finally:
        for p, _ in procs.values():
            if p.poll() is None:
                p.kill()
                p.wait(10)
    for mode, said in HOSTILE.items():
        lines = [ln for ln in host.stdout.splitlines() if ln.startswith(f"spectator {mode} [")]
        assert any("dropped: " in ln and said in ln for ln in lines), (mode, host.stdout)
        if mode != "huge":  # told why (after a broken frame the host's connection can only close)
            assert "closed: dropped: " in procs[mode][1].read_text(), procs[mode][1].read_text()
    assert "Traceback" not in host.stderr, host.stderr
    host_audit = audit(host.log)
    assert host_audit.returncode == 0, host_audit.stdout
    assert verdict(spec.stdout) == verdict(host_audit.stdout), peers.describe()
    assert log_records(peers.base / "spec.log") == log_records(host.log)

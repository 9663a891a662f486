"""Several logs of one game audited together (G12, protocol/SPEC.md 12.1): real sessions in memory write the
logs (a 2-seat partition in which each side votes the other out; a seat that signs two moves with one seq;
a clean game), then ``protocol.forks`` compares them, and ``snowp2p audit A.log B.log`` (a real process) says
what a user reads."""

from __future__ import annotations

import re

import pytest

from kit.forks import Table, equivocated, partitioned_pair
from kit.table import KINDS
from kit.peers import snowp2p
from snowp2p.protocol.forks import compare, payload_at, result_of, scan, sole_voter
from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol.session import TurnFinal
from kit.sessions import session_for


def replayed(records: list[bytes]):
    """The single-log audit's observer over ``records`` and its agreed turns (the checks of replay.replay_log)."""
    obs = session_for(decode_signed(records[0]))
    turns = []
    for rec in records[1:]:
        msg = obs.check(rec)
        if msg is not None:
            turns += [ev for ev in obs.handle(msg).events if isinstance(ev, TurnFinal)]
    return obs, turns


def compared(*logs: list[bytes]):
    results = []
    for records in logs:
        obs, turns = replayed(records)
        results.append(result_of(obs, "ok" if obs.done else "violation", "", turns))
    return compare([scan(r) for r in logs], results, obs.nicks), results


@pytest.fixture(scope="module", params=KINDS)
def partition(request):
    return partitioned_pair(game=request.param)


def test_partition_each_side_votes_the_other_out_decisions_named(partition):
    """G12, SPEC 11.9 "Two seats": each side's vote, in its own log only, puts it where it is."""
    t = partition
    c, results = compared(t.records(0), t.records(1))
    assert c.equivocations == [] and not c.agree and c.results_differ
    (d0, lack0), (v0, lackv0) = c.decisions[0]
    assert (d0.type, d0.sender, d0.seat, lack0) == ("absent", 0, 1, [1])
    assert (v0.type, v0.sender, v0.seat, v0.choice, lackv0) == ("vote", 0, 1, "bot", [1])
    (d1, lack1), (v1, _) = c.decisions[1]
    assert (d1.sender, d1.seat, lack1, v1.choice) == (1, 0, [0], "bot")
    # the facts each vote was taken on: the count held, below what the other log shows the seat had sent
    assert d0.have == t.s[0].decided[1][1] < c.seats[1].counts[1]
    assert d1.have == t.s[1].decided[0][1] < c.seats[0].counts[0]
    assert results[0].gone[1][0] == "bot" and results[1].gone[0][0] == "bot"
    assert (results[0].sole, results[1].sole) == (0, 1)  # two seats: each result rests on one seat's word
    # the logs agree up to the cut: each seat's chain is common up to what both held
    assert c.seats[0].common == d1.have and c.seats[1].common == d0.have
    assert c.first_difference is not None and c.last_common_turn < c.first_difference
    assert c.first_difference <= max(results[0].gone[1][2], results[1].gone[0][2])


def test_partition_cli_names_each_sides_decisions(partition, tmp_path):
    t = partition
    a, b = t.write(0, tmp_path / "A.log"), t.write(1, tmp_path / "B.log")
    res = snowp2p("audit", str(a), str(b))
    out = res.stdout
    assert res.returncode == 1, out + res.stderr
    assert res.stderr == ""
    turn0, turn1 = t.s[0].gone[1][2], t.s[1].gone[0][2]
    assert f"Log 1: {a} (seat 0 (ann)'s log)\n  OK\n" in out and f"Log 2: {b} (seat 1 (ben)'s log)\n  OK\n" in out
    assert (f"seat 1 (ben) played by a computer from turn {turn0} (voted by seat 0 (ann)); this rests on the "
            "word of seat 0 (ann) alone") in out
    assert "; this rests on the word of seat 1 (ben) alone" in out
    log1, log2 = out.split("  log 1:\n")[1].split("  log 2:\n")
    assert re.search(rf"seat 0 \(ann\) declared seat 1 \(ben\) absent at turn \d+( \(it owed its \w+\))?, holding {t.s[0].decided[1][1]} of its "
                     r"messages \(log 2 holds \d+: the next, its message \d+, is its .*\) — not in log 2", log1), log1
    assert "seat 0 (ann) voted for a computer player in seat 1 (ben)" in log1
    assert "decided: seat 1 (ben) voted out by seat 0 (ann) alone" in log1 and f"taken over at turn {turn0}" in log1
    assert "seat 1 (ben) declared seat 0 (ann) absent" in log2 and "— not in log 1" in log2
    assert "seat 1 (ben) voted for a computer player in seat 0 (ann)" in log2
    assert "decided: seat 0 (ann) voted out by seat 1 (ben) alone" in log2 and f"taken over at turn {turn1}" in log2
    assert "EQUIVOCATION" not in out
    assert re.search(r"^First difference: the agreed states are the same up to turn \d+; from turn \d+ on they differ\.$",
                     out, re.M), out
    assert out.rstrip().splitlines()[-1].startswith("DIFFER: no seat signed two contradicting messages")
    # one log alone: today's audit, with the one-seat word said on its Result line
    one = snowp2p("audit", str(a))
    assert one.returncode == 0 and one.stdout.startswith("OK\n")
    assert re.search(r"^Result: played out, with a computer player in a seat; .*; this rests on the word of "
                     r"seat 0 \(ann\) alone$", one.stdout, re.M), one.stdout


@pytest.fixture(scope="module")
def equivocation():
    return equivocated()


def test_equivocating_seat_named_with_both_payloads(equivocation):
    t, original, forged = equivocation
    c, _ = compared(t.records(0), t.records(1))
    assert len(c.equivocations) == 1
    e = c.equivocations[0]
    m = decode_signed(original)
    assert (e.seat, e.seq) == (2, m.seq)
    proofs = {payload_at(t.records(li), held.where) for li, held in (e.a, e.b)}
    assert proofs == {original, forged}
    for p in proofs:  # each is validly signed by the equivocating seat: anyone can check the proof
        decode_signed(p).verify(t.s[0].keys[2])
    assert not c.agree


def test_equivocation_cli_proof(equivocation, tmp_path):
    t, original, forged = equivocation
    a, b = t.write(0, tmp_path / "A.log"), t.write(1, tmp_path / "B.log")
    res = snowp2p("audit", str(a), str(b))
    out = res.stdout
    assert res.returncode == 1, out + res.stderr
    seq = decode_signed(original).seq
    turn = decode_signed(original).body.turn
    assert (f"EQUIVOCATION: seat 2 (cyd) signed two different messages as its message {seq}: move of turn {turn} "
            f"(log 1, record") in out, out
    proofs = re.findall(r"^  proof \(log (\d), record \d+\): ([0-9a-f]+)$", out, re.M)
    assert {(int(li), bytes.fromhex(hx)) for li, hx in proofs} == {(1, original), (2, forged)}
    assert out.rstrip().splitlines()[-1].startswith("DIFFER: seat 2 (cyd) signed contradicting messages")
    # neither log alone shows anything wrong but that the game stopped
    assert "VIOLATION: the game is not finished in this log" in out


def clean_game(n: int = 3) -> Table:
    t = Table(n, label="clean")
    t.start()
    t.run()
    assert all(s.done for s in t.s)
    return t


def test_logs_of_one_clean_game_agree(tmp_path):
    t = clean_game()
    paths = [t.write(i, tmp_path / f"{i}.log") for i in range(3)]
    c, results = compared(*(t.records(i) for i in range(3)))
    assert c.agree and not c.equivocations and c.first_difference is None
    res = snowp2p("audit", *map(str, paths))
    assert res.returncode == 0, res.stdout + res.stderr
    assert "every log holds the same" in res.stdout
    assert "rests on the word" not in res.stdout  # played out: every seat signed it
    assert res.stdout.rstrip().splitlines()[-1] == \
        "AGREE: no seat's messages contradict, and every log with a result has the same one."
    assert "  log 1: none\n" in res.stdout


def test_voted_out_by_two_seats_agree_but_the_lost_seats_log_is_not_clean(tmp_path):
    """3 seats, seat 2 falls silent; seats 0 and 1 vote it out together: their logs agree (and the result does
    not rest on one seat's word); seat 2's own log stops early: no contradiction, but it does not audit clean."""
    t = Table(3, label="third")
    t.start()
    t.run(until=lambda: all(s.final_turn >= 4 for s in t.s))
    t.cut |= {frozenset((0, 2)), frozenset((1, 2))}
    t.run()
    for v in (0, 1):
        t.out(v, t.s[v].declare_absent(2))
    t.run()
    for v in (0, 1):
        t.out(v, t.s[v].cast_vote(2, "bot"))
    t.run()
    assert t.s[0].done and t.s[1].done and sole_voter(t.s[0]) is None
    paths = [t.write(i, tmp_path / f"{i}.log") for i in range(3)]
    res = snowp2p("audit", str(paths[0]), str(paths[1]))
    assert res.returncode == 0, res.stdout + res.stderr
    assert "voted out by seat 0 (ann), seat 1 (ben), at" in res.stdout
    assert "rests on the word" not in res.stdout
    assert res.stdout.rstrip().splitlines()[-1].startswith("AGREE")
    res = snowp2p("audit", *map(str, paths))
    assert res.returncode == 1
    assert "Log 3: " in res.stdout and "VIOLATION: the game is not finished in this log" in res.stdout
    assert res.stdout.rstrip().splitlines()[-1] == "DIFFER: no log contradicts another, but log 3 does not audit clean (above)."


def test_bad_input_one_line_each(partition, equivocation, tmp_path):
    a = partition.write(0, tmp_path / "A.log")
    b = partition.write(1, tmp_path / "B.log")
    other = equivocation[0].write(0, tmp_path / "other.log")
    res = snowp2p("audit", str(a), str(tmp_path / "missing.log"))
    assert (res.returncode, res.stdout, res.stderr) == (2, "", f"snowp2p: {tmp_path / 'missing.log'}: no such file\n")
    res = snowp2p("audit", str(a), str(other))
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.count("\n") == 1 and re.fullmatch(
        rf"snowp2p: {re.escape(str(other))} is a log of another game \(game [0-9a-f]{{16}}\) than {re.escape(str(a))} "
        r"\(game [0-9a-f]{16}\): only logs of one game can be compared\n", res.stderr), res.stderr
    junk = tmp_path / "junk.log"
    junk.write_bytes(b"not a log at all")
    res = snowp2p("audit", str(a), str(junk))
    assert (res.returncode, res.stdout) == (2, "") and res.stderr == f"snowp2p: {junk}: not a snowp2p log file (bad magic)\n"
    # a torn log: its verdict says so in one line, and what it holds is still compared
    torn = tmp_path / "torn.log"
    torn.write_bytes(b.read_bytes()[:-7])
    res = snowp2p("audit", str(a), str(torn))
    assert res.returncode == 1 and "Traceback" not in res.stderr and res.stderr == ""
    assert re.search(r"^Log 2: .*torn\.log \(seat 1 \(ben\)'s log\)\n  VIOLATION: the log ends in a torn record after message \d+ \(offset \d+\)$",
                     res.stdout, re.M), res.stdout
    assert "seat 1 (ben) declared seat 0 (ann) absent" in res.stdout


def test_host_signing_two_rosters_for_one_game_is_its_equivocation(tmp_path):
    """Two logs whose rosters differ but carry one game id, both signed by the host: seat 0 equivocated (its
    message 0 is the roster)."""
    from snowp2p.protocol.messages import Envelope, encode_signed

    t = clean_game(2)
    recs = t.records(0)
    roster = decode_signed(recs[0])
    from dataclasses import replace

    body = replace(roster.body, seats=(roster.body.seats[0], replace(roster.body.seats[1], nick="mallory")))
    forged = encode_signed(t.ids[0], Envelope(roster.envelope.game, 0, 0, roster.envelope.prev, body))
    a = t.write(0, tmp_path / "A.log")
    b = tmp_path / "B.log"
    from snowp2p.protocol.log import LogWriter

    with open(b, "wb") as f:
        LogWriter(f).append(forged)
    res = snowp2p("audit", str(a), str(b))
    assert res.returncode == 1, res.stdout + res.stderr
    assert "EQUIVOCATION: seat 0 (ann) signed two different messages as its message 0: roster" in res.stdout


def test_two_messages_of_one_seq_in_one_log(partition, tmp_path):
    """A seat that signed on after its own last message with a seq it had used (issue 18 case 9: a move after its
    bye) contradicts itself within one log: named with both payloads, as in that log."""
    from snowp2p.protocol.log import LogWriter
    from snowp2p.protocol.messages import Bye, Envelope, encode_signed

    t = partition
    recs = t.records(1)
    last = decode_signed(recs[-1])
    assert last.sender == 1
    again = encode_signed(t.ids[1], Envelope(last.envelope.game, 1, last.seq, last.envelope.prev, Bye("voted out")))
    b = tmp_path / "B.log"
    with open(b, "wb") as f:
        log = LogWriter(f)
        for r in recs + [again]:
            log.append(r)
    a = t.write(0, tmp_path / "A.log")
    res = snowp2p("audit", str(a), str(b))
    assert res.returncode == 1
    assert re.search(rf"^EQUIVOCATION: seat 1 \(ben\) signed two different messages as its message {last.seq}: .* \(log 2, "
                     rf"record {len(recs) - 1}\) and bye \(voted out\) \(log 2, record {len(recs)}\)\. Its own signatures "
                     r"contradict each other \(both are in log 2, which its single audit reports too\)\.$",
                     res.stdout, re.M), res.stdout
    assert f"  proof (log 2, record {len(recs)}): {again.hex()}" in res.stdout


def test_results_that_differ_only_in_how_they_were_reached():
    """Two finished logs with the same agreed states but different outcomes (what a rewrite after the end would
    give, G11) differ, with no first differing turn; the same results agree."""
    from snowp2p.protocol.forks import LogResult

    t = clean_game(2)
    chains = [scan(t.records(i)) for i in range(2)]
    turns = dict(t.finals[0])
    last = max(turns)

    def result(outcome, places=(0, 1)):
        return LogResult("ok", "OK", done=True, places=places, outcome=outcome, final_turn=last, turns=turns)

    c = compare(chains, [result(("played out",)), result(("played out",))], ["ann", "ben"])
    assert c.agree and not c.results_differ
    c = compare(chains, [result(("played out",)), result(("abandoned at turn 9: …",), ())], ["ann", "ben"])
    assert not c.agree and c.results_differ and c.first_difference is None and c.last_common_turn == last

"""``snowp2p audit A.log B.log ...``: several logs of one game audited together (G12).

The thin shell around :mod:`snowp2p.protocol.forks`: each log gets the single-log audit
(``replay.replay_log``, its verdict printed as one line), then the logs are compared: each seat's signed
messages, where the logs part, the seat whose own signatures contradict each other (with both payloads as
proof), or else each log's absences and votes, the decided votes and their takeover turns, each result and
the first turn whose agreed state differs.  Exit status 0 when the logs agree, 1 when they differ or a log
holds a violation, 2 for input that is not logs of one game (one line, via ``CommandError``).
"""

from __future__ import annotations

from .protocol.errors import LogError, ProtocolError
from .protocol.log import read_log
from .protocol.forks import Chains, Comparison, LogResult, NotOneGame, compare, one_game, payload_at, result_of, scan


def _records(path: str) -> list[bytes]:
    """The log's records (a torn tail left out).  Called after its single-log audit, which has refused with one
    line what is not a readable log."""
    from .errors import CommandError

    try:
        with open(path, "rb") as f:
            return read_log(f).records
    except (OSError, LogError) as e:
        raise CommandError(f"{path}: can not be compared: {getattr(e, 'strerror', None) or e}") from None


def _chains(path: str) -> Chains:
    from .errors import CommandError

    try:
        return scan(_records(path))
    except ProtocolError as e:  # (the single-log audit has checked record 0 already)
        raise CommandError(f"{path}: record 0 is not a signed roster: {e}") from None


def _verdict(path: str) -> tuple[LogResult, object]:
    """The single-log audit of ``path``: its result (for the comparison) and the observer session."""
    from .replay import replay_log

    res = replay_log(path)
    obs = res.session
    if res.violation:
        return result_of(obs, "violation", f"VIOLATION: {res.violation}", res.turns), obs
    if res.stops_early:
        return result_of(obs, "no result", f"OK (no result): {res.stops_early}", res.turns), obs
    return result_of(obs, "ok", "OK", res.turns), obs


def _places(obs, r: LogResult) -> str:
    if not r.has_result:
        return "no result"
    if r.abandoned:
        return "no places (abandoned by a vote)"
    return ", ".join(f"{k + 1}. {obs.nicks[s]}" for k, s in enumerate(r.places))


def _result_line(obs, r: LogResult) -> str:
    return "; ".join(r.outcome)  # (it says so when a decision rests on one seat's word: Session.outcome)


def _logs(idx: list[int]) -> str:
    names = [f"log {i + 1}" for i in idx]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


#: what a declarer held the absent seat to (``absent.owed``, protocol 6), in words
OWED = {"setup": "it owed its set-up", "move": "it owed its move", "reveal": "it owed its reveal",
        "ack": "it owed its acknowledgement", "final": "it owed its final openings", "relay": "it owed a relay",
        "declare": "it owed its declaration of an absence", "vote": "it owed its vote",
        "left": "it left: its own vote on a seat that was answering"}


def _decision_lines(c: Comparison, chains: list[Chains], li: int) -> list[str]:
    out = []
    for d, lacking in c.decisions[li]:
        if d.type == "absent":
            text = f"{c.who(d.sender)} declared {c.who(d.seat)} absent at turn {d.turn}"
            if d.owed:
                text += f" ({OWED.get(d.owed, f'it owed: {d.owed}')})"
        else:
            what = "a computer player in" if d.choice == "bot" else "ending the game over"
            text = f"{c.who(d.sender)} voted for {what} {c.who(d.seat)}"
        text += f", holding {d.have} of its messages"
        more = [f"log {j + 1} holds {chains[j].count(d.seat)}: the next, its message {d.have}, is its "
                f"{chains[j].held[d.seat][d.have].what}" for j in range(len(chains))
                if j != li and chains[j].count(d.seat) > d.have]
        if more:
            text += f" ({'; '.join(more)})"
        if lacking:
            text += f" — not in {_logs(lacking)}"
        out.append(text)
    return out


def _decided_lines(c: Comparison, r: LogResult) -> list[str]:
    out = []
    for seat, (choice, have, voters) in sorted(r.decided.items()):
        by = ", ".join(c.who(v) for v in voters) + (" alone" if len(voters) == 1 else "")
        what = "a computer player takes the seat" if choice == "bot" else "the game ends, with no places"
        line = f"decided: {c.who(seat)} voted out by {by}, at {have} of its messages: {what}"
        if seat in r.gone:
            line += f"; taken over at turn {r.gone[seat][2]}"
        else:
            line += "; never taken over (the game did not need its messages again)"
        out.append(line)
    return out


def run_audit_logs(paths: list[str]) -> int:
    """Audit the logs ``paths`` (two or more) one by one, then together.  See the module doc."""
    from .errors import CommandError

    results, obs = [], None
    for p in paths:  # every file is read, and refused with one line if it is not a log, before anything is printed
        r, o = _verdict(p)  # (one replayed session at a time: only its result is kept)
        if o is None:
            raise CommandError(f"{p}: {r.line.removeprefix('VIOLATION: ')}: it can not be compared")
        results.append(r)
        obs = obs or o
    chains = [_chains(p) for p in paths]
    try:
        one_game(chains, paths)
    except NotOneGame as e:
        raise CommandError(str(e)) from None
    for i, (p, r) in enumerate(zip(paths, results, strict=True)):
        owner = chains[i].owner
        print(f"Log {i + 1}: {p}" + (f" (seat {owner} ({obs.nicks[owner]})'s log)" if owner is not None else ""))
        print(f"  {r.line}")
        if r.has_result:
            print(f"  Result: {_result_line(obs, r)}")
            print(f"  Final places: {_places(obs, r)}")
    c = compare(chains, results, obs.nicks)
    title = f"{obs.game.title} on {obs.game.table_name(obs.track)}, game {obs.game_id.hex()[:16]}"
    print(f"\nComparing {len(paths)} logs of {title}")
    _print_chains(c)
    _print_equivocations(c, paths)
    print("Decisions (absences and votes) in each log:")
    for i in range(len(paths)):
        lines = _decision_lines(c, chains, i) + _decided_lines(c, results[i])
        print(f"  log {i + 1}:" + ("" if lines else " none"))
        for ln in lines:
            print(f"    {ln}")
    if c.first_difference is not None:
        before = (f"the agreed states are the same up to turn {c.last_common_turn}; "
                  if c.last_common_turn >= 0 else "")
        print(f"First difference: {before}from turn {c.first_difference} on they differ.")
    elif c.results_differ:
        print(f"First difference: none in the agreed states (the logs agree on every turn up to turn "
              f"{c.last_common_turn}); the results differ in how they were reached (the decisions above).")
    print(_conclusion(c, results))
    return 0 if c.agree else 1


def _print_chains(c: Comparison) -> None:
    print("Each seat's signed messages:")
    for sv in c.seats:
        counts = sv.counts
        if len(set(counts)) == 1 and sv.common == counts[0]:
            print(f"  {c.who(sv.seat)}: every log holds the same {sv.common}")
        else:
            held = ", ".join(f"log {i + 1} holds {k}" for i, k in enumerate(counts))
            print(f"  {c.who(sv.seat)}: the logs agree on its first {sv.common}; {held}")
    if c.partings:
        print("Where they part (each log's first message that another log lacks):")
        for pt in c.partings:
            also = f" ({_logs(pt.other)} {'holds' if len(pt.other) == 1 else 'hold'} another)" if pt.other else ""
            print(f"  log {pt.log + 1}, record {pt.record}: {c.who(pt.seat)}'s {pt.what} (its message {pt.seq}),"
                  f" not in {_logs(pt.lacking)}{also}")


def _print_equivocations(c: Comparison, paths: list[str]) -> None:
    for e in c.equivocations:
        (la, ha), (lb, hb) = e.a, e.b
        told = (": it told different players different things" if la != lb
                else f" (both are in log {la + 1}, which its single audit reports too)")
        print(f"EQUIVOCATION: {c.who(e.seat)} signed two different messages as its message {e.seq}: "
              f"{ha.what} (log {la + 1}, record {ha.where.record}) and {hb.what} (log {lb + 1}, record "
              f"{hb.where.record}). Its own signatures contradict each other{told}.")
        for li, held in ((la, ha), (lb, hb)):
            recs = _records(paths[li])  # (read again: only the proof's payloads are needed, at the end)
            print(f"  proof (log {li + 1}, record {held.where.record}): {payload_at(recs, held.where).hex()}")


def _conclusion(c: Comparison, results: list[LogResult]) -> str:
    if c.equivocations:
        who = sorted({e.seat for e in c.equivocations})
        return (f"DIFFER: {', '.join(c.who(s) for s in who)} signed contradicting messages (the proof is above); "
                "every other difference follows from that.")
    if c.agree:
        have = [r for r in results if r.has_result]
        return "AGREE: no seat's messages contradict, and " + (
            "every log with a result has the same one." if have else "no log claims a result.")
    if c.results_differ or c.first_difference is not None:
        return ("DIFFER: no seat signed two contradicting messages; each log's result follows from the decisions "
                "in that log (above), taken on what its owner held: the other side never received them.")
    bad = [i for i, r in enumerate(results) if r.verdict == "violation"]
    return f"DIFFER: no log contradicts another, but {_logs(bad)} does not audit clean (above)."

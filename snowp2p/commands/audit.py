"""``snowp2p audit LOG [LOG...]``: check a game's log (the pure replay: snowp2p/replay.py); several logs of
one game are compared (audit_logs.py)."""

from __future__ import annotations

import time

from ..replay import replay_log
from ..net.peer import game_points


def run(args) -> int:
    if getattr(args, "more", None):
        from ..audit_match import is_match, run_audit_match

        if is_match([args.log, *args.more]):  # the races of a match (protocol/SPEC.md 16.4)
            return run_audit_match([args.log, *args.more])
        # several logs of one game, side by side (G12)
        from ..audit_logs import run_audit_logs

        return run_audit_logs([args.log, *args.more])
    from ..audit_match import carry_before

    carry = carry_before(args.log)  # (a later race of a tournament: from the races before it, beside it)
    t0 = time.perf_counter()
    res = replay_log(args.log, carried_from=carry)
    dt = time.perf_counter() - t0
    for line in verdict_lines(res):
        print(line)
    if res.violation:
        return 1
    if res.stops_early:
        return 0
    obs = res.session
    moves = obs.counts.get("move", 0)
    print(f"Checked {res.messages} messages ({moves} moves, {max(obs.final_turn, 0)} turns) in {dt:.2f} s: "
          "every signature, hash link, reveal, card opening, move and state hash, and each deck's composition.")
    return 0


def verdict_lines(res) -> list[str]:
    """What the audit of a log says (``replay.AuditResult``), but for its timing line: ``audit`` prints it,
    and so does ``watch`` (a spectator is a live auditor: its verdict is these very lines)."""
    obs = res.session
    if res.violation:
        return [f"VIOLATION: {res.violation}"]
    assert obs is not None
    title = f"{obs.game.title} on {obs.game.table_name(obs.track)}, game {obs.game_id.hex()[:16]}"
    if res.stops_early:
        return [f"OK (no result): {res.stops_early}", title]
    out = ["OK", title, "Players:"]
    for i in range(obs.n):
        out.append(f"  seat {i}: {obs.nicks[i]} [{obs.fingerprint(i)}]")
    if obs.abandoned:
        out.append("Final places: none (the game was abandoned by a vote: a vote never pays)")
    else:
        out.append("Final places:")
    pts = game_points(obs)
    for k, seat in enumerate(obs.places()):
        out.append(f"  {k + 1}. {obs.nicks[seat]}" + (f"  {pts[seat]} point{'' if pts[seat] == 1 else 's'}" if pts else ""))
    breakdown = obs.game.breakdown_lines(obs.state) if obs.state is not None else []
    if breakdown:
        out.append("Score breakdown:")
        out.extend(f"  {line}" for line in breakdown)
    for seat in obs.unsigned():  # only in a game that ended before it began (else it is a violation)
        out.append(f"Seat {seat} ({obs.name(seat)}) never signed the roster: the log proves no result for that seat.")
    for seat, (choice, _kept, turn) in sorted(obs.gone.items()):
        what = ("a computer player played the seat from then on" if choice == "bot"
                else "the game was abandoned there, with no places")
        hidden = "; its hidden cards up to then could not be opened and checked" if obs.g.hidden else ""
        out.append(f"Seat {seat} ({obs.nicks[seat]}) stopped answering and was voted out at turn {turn}: {what}{hidden}.")
    if res.unopened:
        who = ", ".join(f"seat {i} ({obs.nicks[i]})" for i in res.unopened)
        out.append(f"Every seat signed the same last turn, so these places are final; the last card openings of {who} "
                   "are not in this log (they left first): the cards never played were not checked.")
    out.append("Result: " + "; ".join(obs.outcome()))
    from ..protocol.match import match_of, taken_over

    m = match_of(obs.roster.body, obs.game)
    if m is not None and not m.last and taken_over(obs):  # SPEC 16.3: the match stops after this race
        out.append(f"Race {m.race + 1} of {m.races} of a match: a seat was voted out, so the match stopped after it "
                   "(no later race can follow).")
    return out

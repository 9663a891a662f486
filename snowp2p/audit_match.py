"""``snowp2p audit RACE1.log RACE2.log ...``: the logs of the races of one match audited as a match
(protocol/SPEC.md section 16.4).

Each log gets the single-log audit (``replay.replay_log``) and must be OK; the races must be one match's
(the same ``settings.match`` id), each race once, starting with the first; each later race's roster must
continue race 0's (``match.check_next``: the same tracks, rules, seats) and name, as ``prev``, the game id,
last agreed turn and state hash this audit itself computed for the race before.  Then the totals are
recomputed from each race's final state with the rules (the game's ``match.record``, over its series rules) and the
winner named by ST-E4 / MM-T4.  Exit 0 when all holds, 1 otherwise (one line naming the race).
"""

from __future__ import annotations

from .errors import CommandError


def is_match(paths: list[str]) -> bool:
    """Are these the logs of races of a match (each roster has a match map; not all one game)?  Anything else
    (logs of one game, unreadable logs) is left to the usual audit."""
    from .commands.matchlogs import match_in_log, roster_in_log

    if not all(match_in_log(p) is not None for p in paths):
        return False
    return len({roster_in_log(p).envelope.game for p in paths}) > 1  # (one race's logs: compared, G12)


def carry_before(path: str):
    """The state a later race of a match that carries cards (MM-T2) starts from, for `audit` or `replay` of its log
    alone (SPEC 16.5): the races before it are found beside it (the other game directories of the same home, a
    player's own logs of the match), each checked in turn; None for any other log.  CommandError (one line) if
    one is missing or does not check."""
    from pathlib import Path

    from .commands.matchlogs import logs_before, match_in_log, roster_in_log
    from .games import roster_game
    from .replay import replay_log

    m = match_in_log(path)
    if m is None or m.race == 0:
        return None
    roster = roster_in_log(path)
    if not getattr(roster_game(roster.body.kind).match, "carries", False):
        return None
    here = Path(path).resolve()
    found = logs_before(here.parent.parent, m, here)
    if sorted(found) != list(range(m.race)):
        raise CommandError(f"{path} is race {m.race + 1} of a tournament: it is checked from the races before it, "
                           "which are not beside it; give them: snowp2p audit RACE1.log RACE2.log ...")
    carry = None
    for k in range(m.race):
        res = replay_log(str(found[k]), carried_from=carry)
        carry = res.session.carry_out() if res.session is not None and not res.violation else None
        if carry is None:
            raise CommandError(f"race {k + 1} of this tournament ({found[k]}) does not check with a result: "
                               f"{res.violation or 'no result'}")
    return carry


def run_audit_match(paths: list[str]) -> int:
    from .commands.matchlogs import match_in_log
    from .protocol.match import match_of
    from .replay import replay_log

    races = []
    carry = None
    # in race order: a later race of a match that carries cards (MM-T2) is checked from the race before it, its
    # observer's end (``carry_out``: the carried slots and every value opened so far, SPEC 16.5)
    for m, p in sorted(((match_in_log(p), p) for p in paths), key=lambda x: x[0].race):
        follows = races and races[-1][0].race == m.race - 1
        res = replay_log(p, carried_from=carry if follows else None)
        if res.violation:
            print(f"VIOLATION in {p}: {res.violation}")
            return 1
        obs = res.session
        if res.stops_early:
            print(f"{p}: no result ({res.stops_early}): a match needs every race's result")
            return 1
        races.append((match_of(obs.roster.body, obs.game), obs, p))
        carry = obs.carry_out()
    rc, lines = match_report(races)
    print("\n".join(lines))
    return rc


def match_report(races) -> tuple[int, list[str]]:
    """The match's verdict from its races, each ``(MatchInfo, observer session, name)`` of a race whose own audit
    is OK and has a result: (exit status, the lines ``audit`` prints).  A spectator of a match (``watch``,
    commands/watch.py) gives the races it checked live, so its lines are the audit's."""
    from .protocol.match import MatchError, check_next, check_track, race_end, record_of, taken_over, takeover_line

    ids = {m.id for m, _, _ in races}
    if len(ids) != 1:
        raise CommandError("these logs are races of different matches (their match ids differ)")
    races = sorted(races, key=lambda x: x[0].race)
    got = [m.race for m, _, _ in races]
    if got != list(range(len(races))):
        dup = sorted({r for r in got if got.count(r) > 1})
        what = f"race {dup[0] + 1} twice" if dup else f"races {', '.join(str(r + 1) for r in got)} (one is missing)"
        return 1, [f"NOT A MATCH: the logs hold {what}; give one player's logs, one for each race"]
    m0, obs0, _ = races[0]
    first = obs0.roster.body
    k = 0
    try:
        check_track(m0, obs0.game.table_digest(obs0.track))
        for k in range(1, len(races)):
            mk_1, obs_1, _ = races[k - 1]
            end = race_end(obs_1)
            if end is None:
                return 1, [f"MATCH VIOLATION: race {k} has no result, yet race {k + 1} follows it"]
            if taken_over(obs_1):  # (SPEC 16.3: a race with a seat voted out is the match's last)
                return 1, [f"MATCH VIOLATION: race {k + 1} follows race {k}, in which "
                           f"{takeover_line(obs_1, k - 1).split(' (')[0]}: the match stopped there"]
            m, obs, _ = races[k]
            check_next(obs0.game, first, mk_1.next(end, obs_1.next_carry()), obs.roster.body,
                       obs.game.table_digest(obs.track))
    except MatchError as e:
        return 1, [f"MATCH VIOLATION: race {k + 1}: {e}"]
    last_m, last_obs, _ = races[-1]
    if race_end(last_obs) is None:
        return 1, [f"MATCH VIOLATION: race {last_m.race + 1} has no result"]
    what = "tournament" if m0.kind == "tournament" else "series"
    rec = record_of(obs0.game, obs0.nicks, obs0.rules, [o.state for _, o, _ in races])
    standings_lines = obs0.game.match.totals_lines
    out = ["OK", f"{obs0.game.title} {what} of {m0.races} races, match {m0.id.hex()[:16]}:"]
    for (m, obs, _p), r in zip(races, rec.results, strict=True):
        places = ", ".join(f"{k + 1}. {obs.nicks[s]} {r.points[s]}" for k, s in enumerate(r.places))
        out.append(f"  race {m.race + 1} on {m.tracks[m.race][0]} (game {obs.game_id.hex()[:16]}): {places}")
    over = len(races) == m0.races
    stopped = not over and taken_over(last_obs)
    if stopped:
        out.append(f"The match stopped: {takeover_line(last_obs, len(races) - 1)} (SPEC 16.3).")
    out += standings_lines(rec, "Final standings:" if over else
                           f"Standings after race {len(races)} of {m0.races} (the match stopped there):" if stopped
                           else f"Standings after race {len(races)} of {m0.races} (the other races are not in "
                           "these logs):")
    if over:
        rule = obs0.game.match.rule
        out.append(f"Winner: {obs0.nicks[rec.standings()[0]]} ({rule}: the highest total; ties go to the better "
                   "place in the last race)")
    out.append("Checked every race's log, each race's roster against the first (tracks, rules, seats), each race's "
               "link to the last agreed state of the race before, and the totals.")
    return 0, out

"""A peer's own races of a match, read back (protocol/SPEC.md section 16): the logs of a match's earlier races in
this peer's home, the sessions rebuilt from them, and the state a later race of a match that carries cards starts
from (SPEC 16.5).  Used by commands/match.py (the races after the first, `resume`) and commands/seat.py (each race's
session, a late spectator's earlier races); it imports neither.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import CommandError
from ..protocol.match import MatchInfo, match_of


# ------------------------------------------------------------------ a race that starts from the race before
def carried_start(args, g, roster, secret: bytes):
    """The carried-from state and the secret for this peer's session of ``roster``'s race (SPEC 16.5): a later
    race of a match that carries cards (MM-T2) starts from this peer's own session of the race before
    (``carry_out``) and keeps race 0's secret (its slots' salts, generation by generation); any other race
    starts afresh with ``secret``.  ``args._races``: the games of the match played so far."""
    m = match_of(roster.body, g)
    if m is None or m.race == 0 or not getattr(g.match, "carries", False):
        return None, secret
    races = getattr(args, "_races", None) or []
    if len(races) < m.race:
        raise CommandError(f"race {m.race + 1} of the match starts from the race before it, which this peer "
                           "did not play", 1)
    prev = races[m.race - 1].session
    carry = prev.carry_out()
    if carry is None:
        raise CommandError(f"race {m.race} of the match carries nothing on (it has no result)", 1)
    return carry, prev.secret


def earlier_races(home, ident, m: MatchInfo, here) -> list:
    """This peer's own sessions of the races of match ``m`` before race ``m.race``, rebuilt from its logs (each
    replayed as when it was played, every check again, and started from the race before: SPEC 16.5), in race
    order, each as ``.session`` and ``.log_path``.  CommandError (one line) if one is missing or does not
    check."""
    from types import SimpleNamespace

    from ..games import roster_game
    from ..protocol.errors import LogError, ProtocolError
    from ..protocol.log import read_log
    from ..protocol.messages import decode_signed
    from ..protocol.session import Halted, Session

    found = logs_before(home.path / "games", m, Path(here) / "game.log")
    if sorted(found) != list(range(m.race)):
        raise CommandError("this peer's logs of the earlier races of the match are not all here", 1)
    out, carry = [], None
    for k in range(m.race):
        log = found[k]
        try:
            with open(log, "rb") as f:
                records = read_log(f).records
            roster = decode_signed(records[0])
            g = roster_game(roster.body.kind)
            me = next(i for i, st in enumerate(roster.body.seats) if st.pubkey == ident.public_key)
            secret = home.load_secret(roster.envelope.game)
            if secret is None:
                raise CommandError(f"race {k + 1}'s secret is missing from {log.parent}", 1)
            s, _ = Session.from_log(records, None, me, ident, secret, game=g, carried_from=carry)
        except Halted as h:
            raise CommandError(f"this peer's log of race {k + 1} holds a violation: {h.reason}", 1) from None
        except (OSError, LogError, ProtocolError, StopIteration) as e:
            raise CommandError(f"this peer's log of race {k + 1} can not be read back: {e}", 1) from None
        if not s.done or s.halted is not None:
            raise CommandError(f"this peer's log of race {k + 1} does not end with a result", 1)
        carry = s.carry_out()
        out.append(SimpleNamespace(session=s, log_path=log))
    return out



def roster_in_log(path: str):
    """The signed roster a log starts with, or None (not a readable log)."""
    from ..protocol.errors import LogError, ProtocolError
    from ..protocol.log import LogReader
    from ..protocol.messages import Roster, decode_signed

    try:
        with open(path, "rb") as f:
            first = next(iter(LogReader(f)), None)  # (record 0 only: a log can be any size)
        if first is None:
            return None
        roster = decode_signed(first)
    except (OSError, LogError, ProtocolError):
        return None
    return roster if isinstance(roster.body, Roster) else None


def match_in_log(path: str) -> MatchInfo | None:
    """The match map of a log's roster, or None (a single race, or not a readable log of a known game)."""
    from ..games import roster_game
    from ..protocol.errors import ProtocolError

    r = roster_in_log(path)
    if r is None:
        return None
    try:
        return match_of(r.body, roster_game(r.body.kind))
    except (ProtocolError, ValueError, KeyError):
        return None


def earlier_logs(home, session) -> dict[int, Path]:
    """This peer's logs of the races before ``session``'s in its match, by race index (none for a single game or
    the first race); not read beyond their match map (a caller that needs them sound audits them)."""
    m = match_of(session.roster.body, session.game)
    if m is None or m.race == 0:
        return {}
    return logs_before(home.path / "games", m, home.game_dir(session.game_id) / "game.log")


def logs_before(games: Path, m: MatchInfo, this_log: Path) -> dict[int, Path]:
    """The logs of match ``m``'s races before race ``m.race`` among the game directories in ``games`` (a home's,
    or the directory beside a log given to `audit`), but ``this_log`` itself, by race index."""
    this = Path(this_log).resolve()
    found: dict[int, Path] = {}
    for log in Path(games).glob("*/game.log"):
        if log.resolve() == this or not log.is_file():
            continue
        om = match_in_log(str(log))
        if om is not None and om.id == m.id and om.race < m.race:
            found[om.race] = log
    return dict(sorted(found.items()))

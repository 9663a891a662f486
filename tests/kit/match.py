"""Finished sled states and stand-in sessions for the match tests (pure: the engine and random legal moves)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.games.sled.track import find_track

ST_RULES = SledRules(game="snowtails")


def over(state, places):
    """``state`` declared over with these places (the fields a series reads)."""
    pub = replace(state.public, phase=sled.PH_OVER, current=-1, order=(), places=tuple(places), eliminated=())
    return replace(state, public=pub)


def st_final(track: str, names, places, tag: str = "t"):
    n = len(names)
    s = sled.new_game(sled.ST, find_track(track, "snowtails"), list(names), Rand(derive(b"tests/match", tag)),
                      [derive(b"tests/match/secret", tag, i) for i in range(n)], ST_RULES)
    return over(s, places)


def session(state, names, kind: str = "snowtails"):
    """What commands/match.py reads of a finished race's session."""
    from snowp2p.games import find_game

    return SimpleNamespace(kind=kind, game=find_game(kind), nicks=list(names), rules=state.rules, state=state)


# ------------------------------------------------------------------ a peer's race logs (real processes)
def _race_of(log) -> int:
    from kit.peers import log_records
    from snowp2p.games import roster_game
    from snowp2p.protocol.match import match_of
    from snowp2p.protocol.messages import decode_signed

    r = decode_signed(log_records(log)[0])
    return match_of(r.body, roster_game(r.body.kind)).race


def race_logs(home) -> list:
    """A peer's race logs of a match, in race order (by the match map of each log's roster)."""
    logs = [d / "game.log" for d in (home / "games").iterdir() if (d / "game.log").is_file()]
    return sorted(logs, key=_race_of)


def standings(out: str) -> str:
    """The part of `audit`'s match report every peer must agree on: from the races to the winner."""
    keep = [ln for ln in out.splitlines() if ln.startswith(("  race ", "Final standings", "   ", "Winner:"))]
    return "\n".join(ln.split(" (game ")[0] + (")" if "(game " in ln else "") for ln in keep)


def race_records(home, race: int) -> int:
    """How many records this peer's log of race ``race`` (0-based) holds (0: none yet)."""
    from kit.peers import log_records

    logs = [d / "game.log" for d in (home / "games").iterdir()] if (home / "games").exists() else []
    for p in logs:
        try:
            if _race_of(p) == race:
                return len(log_records(p))
        except Exception:  # (a log being written)
            pass
    return 0


def kill_in_race_2_and_resume(peers, dead, everyone, records: int):
    """kill -9 ``dead`` once its log of race 2 holds ``records`` records, then `snowp2p resume` it (the computer
    playing, no wait between races): the resumed process, started."""
    import time

    from kit.peers import Proc, wait_until

    wait_until(lambda: race_records(dead.home, 1) >= records, "race 2 under way", list(everyone), timeout=240)
    dead.kill()
    time.sleep(0.5)  # (the port is free again: resume listens on it)
    r = Proc(f"{dead.name}-resumed", ["resume", "--autoplay", "--home", str(dead.home), "--between", "0"],
             dead.dir, dead.home)
    peers.procs.append(r)
    return r.start()

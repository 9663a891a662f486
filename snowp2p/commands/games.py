"""``snowp2p games``: the saved games, what became of each and the command that goes on from there."""

from __future__ import annotations

from pathlib import Path

from ..home import Home
from ..games import title_of
from .common import program


def run(args) -> int:
    home = Home.open(args.home)
    games = home.games()
    if not games:
        print(f"no saved games in {home.path / 'games'}")
        return 0
    prog = program()
    home_opt = f" --home {args.home}" if getattr(args, "home", None) else ""
    for d, meta in games:
        players = ", ".join(p.get("nick", "?") for p in meta.get("players", []))
        print(f"{meta.get('started', '?'):19}  {title_of(meta.get('game', '?')):11}  "
              f"{meta.get('track', '?'):16}  {players}")
        for line in game_story(d, meta, prog, home_opt):
            print(f"{'':19}  {line}")
    return 0


def game_story(d: Path, meta: dict, prog: str, home_opt: str = "") -> list[str]:
    """What became of a saved game, in words, and the exact command that goes on from there (issue 23, item 5)."""
    status = meta.get("status", "?")
    log = meta.get("log", str(d / "game.log"))
    gid = str(meta.get("game_id", d.name))[:16]
    if meta.get("local"):  # played with `snowp2p play` (commands/locallog.py)
        from .locallog import local_story

        return local_story(meta, log, prog)
    if status == "finished":
        places = meta.get("places") or []
        if meta.get("abandoned"):
            head = "abandoned by a vote: no places, no points"
        elif places:
            head = f"finished: {places[0]} won" + (f" (then {', '.join(places[1:])})" if len(places) > 1 else "")
        else:
            head = "finished"
        return [head, f"replay: {prog} replay {log}", f"audit:  {prog} audit {log}"]
    if status == "playing":
        return ["not finished (its program stopped, or is still running): to come back to it,",
                f"resume: {prog} resume {gid}{home_opt}"]
    if status == "stopped":
        return [f"stopped: {meta.get('reason', 'no reason given')}", f"log: {log}"]
    return [f"{status}", f"log: {log}"]

"""A local game (``snowp2p play``) played by the protocol's sessions, and its log saved like a networked one.

Theory of operation
-------------------
:class:`SessionPlay` seats every player of a local game at a
:class:`~snowp2p.protocol.localtable.LocalTable`: each seat its own Ed25519
key and 32-byte secret, derived from the game's seed bytes (so ``--seed``
replays the game exactly, and a seeded game's log proves nothing about
fairness: the seed gives away every secret).  The UI plays the game those
sessions agree on: :meth:`SessionPlay.state` is the game as one seat knows
it (its own hand; the others' hidden cards stay face down), the computer
player of a seat chooses from that seat's state, and :meth:`SessionPlay.submit`
plays the move of the seat whose turn it is.

When the game ends (or the player leaves it), :func:`save_local_game` writes
seat 0's log to ``games/<id>/game.log`` of the data directory and a
``meta.json`` marked ``"local": true`` (home.py), so ``snowp2p games`` lists
it with its result, and ``replay``, ``audit`` and ``replay --svg`` read it
like any other game.  A local game can not be resumed (``resume`` says so).

The ``play`` command (commands/play.py) hands the game object's ``local_play``
a :class:`Recorder`, so the play screens (games/*/local.py, which the games'
views reach) import no protocol module (no import circle: tests/games/test_layout.py).

A game the protocol can not carry (a house rule refused in networked games,
e.g. ``deck_draw = "top"``) is played as before, unlogged: :func:`session_play`
returns None with the reason.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from ..protocol.crypto import Identity
from ..protocol.localtable import LocalTable, local_roster
from ..core.drbg import derive

LOCAL_LABEL = "local"  # what `snowp2p games` calls a game played with `snowp2p play`


def nick_of(name: str) -> str:
    """A player's name as a roster nickname (no spaces: SPEC's nickname rule): ``Player 2`` -> ``Player_2``."""
    return "_".join(name.split())


class SessionPlay:
    """A local game's seats at one in-memory table of sessions; ``human[i]``: seat ``i`` is played by a person."""

    def __init__(self, kind: str, table: Any, rules: Any, names: Sequence[str], human: Sequence[bool],
                 seed_bytes: bytes):
        self.kind = kind
        n = len(names)
        ids = [Identity.from_seed(derive(seed_bytes, "identity", i)) for i in range(n)]
        secrets = [derive(seed_bytes, "secret", i) for i in range(n)]
        computers = [i for i in range(n) if not human[i]]
        from ..games import find_game

        game = find_game(kind)
        self.roster = local_roster(game, table, rules, [nick_of(x) for x in names], ids,
                                   derive(seed_bytes, "game id", kind), computers)
        self.table = LocalTable(self.roster, ids, secrets, game=game).start()
        self.human = list(human)
        humans = [i for i, h in enumerate(human) if h]
        self.viewer = humans[0] if humans else 0  # whose view the UI shows: the last human asked to move

    # ---- the game
    @property
    def session(self):
        """Seat 0's session (the log's owner)."""
        return self.table.s[0]

    @property
    def to_move(self) -> int | None:
        return self.table.to_move

    def state(self, seat: int | None = None) -> Any:
        """The game as ``seat`` knows it (default: the viewer's)."""
        return self.table.state(self.viewer if seat is None else seat)

    def look(self, seat: int) -> Any:
        """A human's turn: the UI shows ``seat``'s view from now on."""
        self.viewer = seat
        return self.state(seat)

    def submit(self, action: Any) -> None:
        self.table.submit(action)

    @property
    def over(self) -> bool:
        return self.table.done

    # ---- the record
    def meta(self, status: str) -> dict:
        """``meta.json`` (home.py) for seat 0's log, without the shell's fields (log path, time)."""
        s = self.session
        meta = {"game": s.kind, "track": s.game.table_name(s.track), "game_id": s.game_id.hex(),
                "players": [{"nick": nk, "fingerprint": s.fingerprint(i)} for i, nk in enumerate(s.nicks)],
                "seat": 0, "status": status, LOCAL_LABEL: True}
        if status == "finished":
            meta.update(places=[s.nicks[p] for p in s.places()], outcome=s.outcome(), abandoned=False,
                        final_hash=s.my_hash[s.final_turn].hex() if s.final_turn >= 0 else "",
                        turns=max(s.final_turn, 0))
        return meta


def session_play(kind: str, table: Any, rules: Any, names: Sequence[str], human: Sequence[bool],
                 seed_bytes: bytes) -> tuple[SessionPlay | None, str]:
    """The sessions of a local game, or (None, why) when the protocol can not carry its settings."""
    from ..games import find_game
    from ..protocol.errors import ProtocolError

    g = find_game(kind)
    if g.settings_extra(g.table_from_wire(g.table_to_wire(table))) != g.settings_extra(table):
        return None, "a networked game could not carry this table (a tile set of your own)"
    try:
        return SessionPlay(kind, table, rules, names, human, seed_bytes), ""
    except (ProtocolError, ValueError) as e:
        return None, str(e)


# ---------------------------------------------------------------- the shell: writing the log
def save_local_game(play: SessionPlay, home_opt: str | None) -> str:
    """Write seat 0's log and ``meta.json`` to the data directory; the line to show the player."""
    from ..home import Home, HomeError

    status = "finished" if play.over else "left"
    try:
        home = Home.open(home_opt)
        gid = play.session.game_id
        d = home.game_dir(gid)
        log = d / "game.log"
        tmp = d / "game.log.tmp"
        tmp.write_bytes(play.table.log_bytes(0))
        tmp.replace(log)
        home.write_meta(gid, {**play.meta(status), "log": str(log), "started": time.strftime("%Y-%m-%d %H:%M:%S")})
    except (HomeError, OSError) as e:
        return f"note: the game log was not saved: {e}"
    return f"Game log: {log} (see `snowp2p games`; `snowp2p audit` checks it)"


def log_local_game(game, home_opt: str | None, pt_output=None) -> None:
    """After a local game (finished or left; ``game`` has ``play``, ``unlogged`` and ``saved``): save it unless
    it is saved already, and say where; or say why it is not logged."""
    import sys

    if game.play is None:
        if game.unlogged:
            print(f"note: this game is not logged: {game.unlogged}", file=sys.stderr)
        return
    line = getattr(game, "saved", "") or save_local_game(game.play, home_opt)
    if pt_output is None:
        print(line)
    else:
        pt_output.write_raw(line + "\r\n")
        pt_output.flush()


# ---------------------------------------------------------------- `games` and `resume` (commands/)
def local_story(meta: dict, log: str, prog: str) -> list[str]:
    """What `snowp2p games` says of a local game: labelled local, its result and winner, replay and audit."""
    places = meta.get("places") or []
    if meta.get("status") == "finished":
        head = (f"local game, finished: {places[0]} won" + (f" (then {', '.join(places[1:])})" if len(places) > 1 else "")
                if places else "local game, finished")
    else:  # (its audit says it is not finished: nothing to check it against)
        return ["local game, left before its end (a local game can not be resumed)", f"replay: {prog} replay {log}"]
    return [head, f"replay: {prog} replay {log}", f"audit:  {prog} audit {log}"]


def resume_refusal(d) -> str | None:
    """`resume` of a local game: the one line that says it can not be (None: not a local game)."""
    import json

    try:
        meta = json.loads((d / "meta.json").read_text())
    except (OSError, ValueError):
        return None
    if not meta.get(LOCAL_LABEL):
        return None
    return (f"resume: game {d.name} was played with `snowp2p play` on one terminal: a local game can not be "
            f"resumed (replay it: snowp2p replay {d / 'game.log'})")


# ---------------------------------------------------------------- the `play` command
class Recorder:
    """What the local play screens call to play a local game by the sessions and log it."""

    def __init__(self, home_opt: str | None):
        self.home_opt = home_opt

    def sessions(self, kind: str, table: Any, rules: Any, names: Sequence[str], human: Sequence[bool],
                 seed_bytes: bytes) -> tuple[SessionPlay | None, str]:
        return session_play(kind, table, rules, names, human, seed_bytes)

    def save(self, play: SessionPlay) -> str:
        return save_local_game(play, self.home_opt)

    def finish(self, game, pt_output=None) -> None:
        log_local_game(game, self.home_opt, pt_output)

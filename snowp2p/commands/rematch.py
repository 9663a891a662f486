"""Another game with the same players (issue 21, item 4; protocol/SPEC.md section 10, *Rematch*).

At the end screen of a networked game every player may press ``r``.  The host's program then opens a new
lobby on the same port, with a code every player of the last game can work out and nobody else
(:func:`~snowp2p.protocol.joincode.rematch_code`), which seats only the last game's players (and computer
players the host starts).  A joiner's program dials the last game's host with that code, checks that the
host is the same key, and takes its seat without asking again when the game offered is the same one.  The
new game is a game like any other: new id, new randomness, a roster every seat signs.  A player who does not
press ``r`` simply leaves; after the lobby's countdown a computer player takes the seat, as in any lobby.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import joincode
from ..protocol.crypto import fingerprint

#: seconds a joiner waits for the host to open the next game (the host's player may read the results first)
REMATCH_WAIT = 300.0
#: seconds the host's next lobby waits for the last game's players before computer players take their seats
#: (at least: the host's --wait if longer; the host's "s: start now" key starts it at once)
HOST_WAIT = 120.0


@dataclass(frozen=True)
class Rematch:
    """What the next game of the same players needs, from the game just played."""

    code: str  # the next game's join code
    players: frozenset  # the last game's seat keys: the only ones the next lobby seats
    host: tuple[str, int]  # the last host's address and port (its lobby listens there again)
    host_fp: str  # the last host's fingerprint: a joiner plays on only with that key
    roster: object  # the last game's roster body (kind, track, settings, seats)

    def same_game(self, offer) -> bool:
        """Whether ``offer`` (an ``Offer`` body) is the last game again: same game, table, settings and number
        of seats (the players pressed ``r`` for that; anything else is asked as in a first lobby)."""
        last = self.roster
        return (offer.kind == last.kind and offer.track == last.track
                and _rules(offer.settings) == _rules(last.settings) and offer.players == len(last.seats))


def _rules(settings) -> dict:
    """The settings but the roster's labels of computer seats (for screens only; the offer has none yet)."""
    return {k: v for k, v in dict(settings).items() if k != "computer_seats"}


def after(code: str, roster) -> Rematch:
    """The rematch of the game ``roster`` (a signed roster) played with join code ``code``."""
    body = roster.body
    host = body.seats[0]
    return Rematch(joincode.rematch_code(code, roster.envelope.game), frozenset(s.pubkey for s in body.seats),
                   (host.addr, host.port), fingerprint(host.pubkey), body)


def wanted(args) -> bool:
    """The player pressed ``r`` at the end screen."""
    screen = getattr(args, "_screen", None)
    return screen is not None and getattr(screen.table, "rematch", False) and getattr(args, "_played", None)

"""Rematch (issue 21 item 4): at a networked game's end screen, ``r`` plays another game with the same people.

No new message: a rematch is a new game (new id, new randomness, every seat signs the new roster) in a new
lobby of the same host, at the same address and port, with **the same join code**, the same track and
settings and the same number of seats.  The host's ``r`` opens that lobby at once, starts again the
computer players it had started itself, and waits (``--wait``) for the people; a joiner's ``r`` joins it
again by itself (it knows the address and the code), and accepts the offer without asking when it is the
game it just played (the player said yes with ``r``; any other offer is shown and asked as usual).  Anyone
who declines (``q``) simply leaves: after the wait, a computer player takes the free seat, as in any lobby.
``host.run`` and ``join.run`` loop while the player asks for another game.
"""

from __future__ import annotations

import trio

#: seconds a joiner that asked for a rematch waits for the host to open the next game
JOIN_WAIT = 120.0
RETRY = 1.0


def wants_rematch(args) -> bool:
    """Did the player press ``r`` at the end screen of the game just played?"""
    screen = getattr(args, "_screen", None)
    return screen is not None and getattr(screen.table, "rematch", False)


def plain_settings(settings) -> dict:
    return {k: v for k, v in dict(settings).items() if k != "computer_seats"}  # (labels for screens only)


def same_game(offer, previous) -> bool:
    """Is ``offer`` (an Offer body) the game ``previous`` (the last one's) again: kind, track, rules, seats?"""
    return (previous is not None and offer.kind == previous.kind and offer.track == previous.track
            and plain_settings(offer.settings) == plain_settings(previous.settings)
            and offer.players == previous.players)


async def join_again(join, say):
    """``join()`` (a lobby join), tried again every ``RETRY`` s for ``JOIN_WAIT`` s while the host has not
    opened the next game yet (it is still on its end screen)."""
    from ..net.lobby import NetError

    said = False
    with trio.move_on_after(JOIN_WAIT):
        while True:
            try:
                return await join()
            except NetError as e:
                last = e
                if not said:
                    say("waiting for the host to open the next game (it presses r too)...")
                    said = True
            await trio.sleep(RETRY)
    raise NetError(f"the host did not open another game within {JOIN_WAIT:g} s ({last})")

"""Turn order and the end of a round (ST-O1/O2, ST-E1/E2, MM-O1/O2, MM-E1/E2, MM-C4/C5).

Each function changes the working copy of one ``apply`` (working.py) in place.
"""

from __future__ import annotations

from .race import _leader, racing_seats, ranking
from .state import FINISHED, PH_MOVE, PH_OVER, RACING, ST
from .working import _W


def _two_player_wreck(w: _W, seat: int) -> None:
    """MM-C5 Decision: with two players, a fifth collision card ends the race; that player is second."""
    pub = w.public
    pub.phase, pub.current, pub.places, pub.refill, pub.turn = PH_OVER, -1, (1 - seat, seat), None, pub.turn + 1


# ---------------------------------------------------------------- turn order
def _end_turn(w: _W) -> None:
    pub = w.public
    pub.turn, pub.phase, pub.refill = pub.turn + 1, PH_MOVE, None
    if w.game == ST:
        _next_snowtails(w)
    else:
        _next_mush(w)


def _next_snowtails(w: _W) -> None:
    pub = w.public
    sleds = pub.sleds
    order = tuple([i for i in pub.order[1:] if sleds[i].status == RACING])
    if order:
        pub.order, pub.current = order, order[0]
        return
    # end of the round (ST-E1): every sled over the line finishes, placed by race position
    crossed = [s.seat for s in sleds if s.status == RACING and s.at is not None and w.track.is_finished(s.at)]
    places = pub.places + tuple(ranking(w, crossed))
    for i in crossed:
        s = w.edit(i)
        s.status = FINISHED
        s.at = None  # ST-E2 Decision: lifted off the track, no longer an obstacle
    racing = racing_seats(w)
    rnd = pub.round + 1
    if not racing or rnd > w.rules.max_rounds:
        places = places + tuple(ranking(w, racing))  # max_rounds Decision
        pub.places, pub.phase, pub.current, pub.order, pub.round = places, PH_OVER, -1, (), rnd
        return
    order = tuple(ranking(w, racing))  # ST-O2
    pub.places, pub.order, pub.current, pub.round = places, order, order[0], rnd


def _next_mush(w: _W) -> None:
    pub = w.public
    if not pub.crossed:
        line = w.track.base[-1][0]  # the first space id past the finish line (track.is_finished)
        for s in pub.sleds:
            if s.at is not None and s.at >= line:
                pub.crossed = True
                break
    acted = pub.current
    waiting = [i for i in pub.order if i != acted]
    rnd = pub.round
    while True:
        if not waiting:
            # end of the round
            if pub.crossed or rnd >= w.rules.max_rounds:
                pub.places = tuple(ranking(w))  # MM-E1/E2 (and the max_rounds Decision)
                pub.phase, pub.current, pub.order, pub.round = PH_OVER, -1, (), rnd + 1
                return
            rnd += 1
            waiting = list(range(len(pub.sleds)))
        if rnd == 1:
            nxt = waiting[0]  # MM-O1: first round in start order
        else:
            nxt = _leader(w, waiting)  # MM-O2 Decision: best race position among those still to act
        if pub.sleds[nxt].repair:
            last = ranking(w)[-1]
            if last != nxt:
                waiting.remove(nxt)  # MM-C4: under repair, does nothing
                continue
            w.edit(nxt).repair = False  # last: plays normally again
        pub.order, pub.current, pub.round = tuple(waiting), nxt, rnd
        return

"""Race positions and results: dog values and speed (ST-M1/M2, MM-M1), the ranking (TRK-15..17), the race
position of the bonus (ST-B1, MM-B2), places and points (ST-E1/E3, MM-E2).

Read-only: every function takes a :class:`~.state.GameState` or the working copy of an ``apply`` (working.py),
which reads the same.
"""

from __future__ import annotations

from typing import Iterable

from .state import ELIMINATED, FINISHED, RACING, ST, GameState


def dog_value(state: GameState, seat: int, side: str) -> int:
    s = state.sled(seat)
    stack = s.left if side == "left" else s.right
    if not stack:  # ST-S3: no card played yet counts 3 (an empty MM dog: the start value)
        return state.rules.st_start_dog if state.game == ST else state.rules.mm_start_dog
    return s.values[stack[-1]]


def speed_and_drift(game: str, left: int, right: int, brake: int) -> tuple[int, int, int]:
    """(speed, drift, direction): ST-M1/M2, MM-M1.  Direction +1 is toward lane W (left dog stronger)."""
    speed = left + right - (brake if game == ST else 0)
    drift = abs(left - right)
    direction = 1 if left > right else -1
    return speed, drift, direction


def ranking(state: GameState, seats: Iterable[int] | None = None) -> list[int]:
    """Race position, leader first (TRK-15, TRK-16/MM-G2, TRK-17).

    Decision: a sled not on the track (Mush! Mush! before its first move)
    ranks behind every sled on the track, in start order.  A finished Snow
    Tails sled, lifted off the track at the end of its round (ST-E2
    Decision), ranks ahead of every sled still racing, in the order of its
    place (ST-E1).
    """
    track = state.track
    pub = state.public
    sleds = pub.sleds
    if seats is None:
        seats = [s.seat for s in sleds if s.status != ELIMINATED]
    finished = [i for i in pub.places if i in seats and sleds[i].status == FINISHED]
    placed = [i for i in seats if sleds[i].at is not None and sleds[i].status != FINISHED]
    unplaced = sorted((i for i in seats if sleds[i].at is None and sleds[i].status != FINISHED),
                      key=lambda i: sleds[i].start)
    placed.sort(key=lambda i: track.rank[sleds[i].at], reverse=True)
    return finished + placed + unplaced


def _leader(state: GameState, seats: list[int]) -> int:
    """``ranking(state, seats)[0]`` without sorting them all."""
    sleds, key = state.public.sleds, state.track.rank
    best, best_key = -1, None
    for i in seats:
        at = sleds[i].at
        if at is not None and (best_key is None or key[at] > best_key):  # the first of equals, as the stable sort
            best, best_key = i, key[at]
    if best_key is not None:
        return best
    return min(seats, key=lambda i: sleds[i].start)


def racing_seats(state: GameState) -> list[int]:
    return [s.seat for s in state.public.sleds if s.status == RACING]


def race_position(state: GameState, seat: int) -> int:
    """1-based race position among the sleds still racing (ST-B1 Decision; MM-B2).

    ``ranking(state, racing_seats(state)).index(seat) + 1``, counted without sorting: the racing
    sleds ahead, and those level with it but earlier in seat order (the sort is stable).
    """
    sleds = state.public.sleds
    me = sleds[seat]
    if me.status != RACING:
        raise ValueError(f"{seat} is not in list")  # as list.index
    ahead = 0
    if me.at is not None:
        key = state.track.rank
        mine = key[me.at]
        for s in sleds:
            if s.status == RACING and s.at is not None:
                k = key[s.at]
                if k > mine or (k == mine and s.seat < seat):
                    ahead += 1
    else:  # not on the track: behind every sled on it, then in start order (ranking's Decision)
        for s in sleds:
            if s.status == RACING and (s.at is not None or s.start < me.start
                                       or (s.start == me.start and s.seat < seat)):
                ahead += 1
    return ahead + 1


def standings(state: GameState) -> list[int]:
    """Places as they stand: finishers, then sleds still racing by race position, then the eliminated."""
    pub = state.public
    # (a Mush! Mush! sled that crossed keeps its racing status: each seat once, its place first)
    still = [seat for seat in racing_seats(state) if seat not in pub.places]
    return list(pub.places) + ranking(state, still) + list(reversed(pub.eliminated))


def final_places(state: GameState) -> list[int]:
    """Seats in final order: finishers, then eliminated sleds, latest first (ST-E3, MM-E2)."""
    pub = state.public
    return list(pub.places) + list(reversed(pub.eliminated))


def points(state: GameState) -> dict[int, int]:
    """ST-E3 points by seat (Mush! Mush! single race: 0; tournaments use MM-T1)."""
    table = state.rules.st_points if state.game == ST else (10, 7, 5, 4, 3, 2, 1, 0)
    out = {i: 0 for i in range(len(state.public.sleds))}
    for place, seat in enumerate(state.public.places):
        out[seat] = table[place] if place < len(table) else 0
    return out

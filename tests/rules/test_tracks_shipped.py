"""TRK-19: every shipped track is checked (rules/track.md).

For EVERY track file in snowp2p/games/sled/tracks/: each corner's space counts match
the TRK-3 formula (recomputed here with math, independently of the model),
every space that is not blocked can be reached by forward and drift steps
from the start spaces, and computer players can race it to the finish.
Also the catalogue itself: at least 4 tracks per game (MM-K4: the board
holds 8), each with a name and a one-line description.
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction

import pytest

from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled.track import EDGE, TRACK_DIR, find_track, load_track_file, shipped_tracks

try:  # the real computer player (games/sled/bot.py)
    from snowp2p.games.sled.bot import choose_action
except ImportError:  # pragma: no cover - only while the bot is being written
    choose_action = None

TRACKS = shipped_tracks()
NAMES = sorted(TRACKS)


def _greedy(state, rand):
    """Fallback driver (used only if the computer player is unavailable): the legal action whose outcome
    ranks furthest along (TRK-15), avoiding damage."""
    actions = sled.legal_actions(state)
    if state.public.phase != "move":
        return actions[0]
    before = state.sled(state.public.current).damage

    def score(mv):
        me = sled.move_outcome(state, mv).sled(mv.seat)
        if me.at is None:
            return (-99, ())
        return (before - me.damage, state.track.rank_key[me.at])

    return max(actions, key=score)


DRIVER = choose_action or _greedy


# ------------------------------------------------------------- catalogue
def test_trk19_at_least_four_tracks_per_game_named_and_described():
    """TRK-18/TRK-19, ST-K1, MM-K4: >= 4 Snow Tails and >= 4 Mush! Mush! tracks (the board holds 8), each
    with a name (= the file stem used on the command line) and a one-line description."""
    st = [n for n in NAMES if TRACKS[n].game == "snowtails"]
    mm = [n for n in NAMES if TRACKS[n].game == "mush"]
    assert len(st) >= 4 and len(mm) >= 4
    assert {"first-race", "s-bends", "forest", "long-haul"} <= set(st)
    assert {"mush-first-race", "hairpin", "canyon", "village"} <= set(mm)
    for n in NAMES:
        t = TRACKS[n]
        assert t.name == n
        assert t.description and "\n" not in t.description and len(t.description) <= 100
        assert find_track(n, t.game).name == n
    # MM-K4: at least two tracks with tight corners, at least two laid out for buildings
    assert sum(any(s.tight for s in TRACKS[n].sections) for n in mm) >= 2
    assert sum(bool(TRACKS[n].buildings) for n in mm) >= 2
    # the command line's defaults exist (docs/tracks.md)
    assert TRACKS["first-race"].game == "snowtails" and TRACKS["mush-first-race"].game == "mush"


def test_trk19_track_files_are_all_loaded():
    """TRK-18: every .toml file in the tracks folder is a shipped track (none silently skipped)."""
    files = sorted(p.stem for p in TRACK_DIR.glob("*.toml"))
    assert files == NAMES
    for p in TRACK_DIR.glob("*.toml"):
        assert load_track_file(p).name == p.stem


# --------------------------------------------------------------- per track
def trk3_counts(angle: int, turn: str, radius: Fraction, lanes: int) -> tuple[int, ...]:
    """TRK-3, recomputed independently: lane i from the inside has r = radius + i + 0.5,
    n = max(1, floor(angle * pi / 180 * r + 0.5)); the inner lane is lane 1 in a right turn."""
    by_inside = [max(1, math.floor(angle * math.pi / 180 * (float(radius) + i + 0.5) + 0.5))
                 for i in range(lanes)]
    return tuple(by_inside) if turn == "right" else tuple(reversed(by_inside))


@pytest.mark.parametrize("name", NAMES)
def test_trk19_trk3_corner_space_counts(name):
    """TRK-19/TRK-3: each corner's space counts match the formula; straights have `rows` per lane."""
    t = TRACKS[name]
    corners = 0
    for s, sec in enumerate(t.sections):
        if sec.kind == "corner":
            corners += 1
            assert t.lane_len[s] == trk3_counts(sec.angle, sec.turn, sec.inner_radius, t.lanes), (s, sec)
            inner = 0 if sec.turn == "right" else t.lanes - 1
            assert t.lane_len[s][inner] == min(t.lane_len[s])
        else:
            assert t.lane_len[s] == (sec.rows,) * t.lanes
    assert corners >= 1


@pytest.mark.parametrize("name", NAMES)
def test_trk19_every_space_is_reachable(name):
    """TRK-19: every space that is not blocked is reachable from the start spaces by forward (TRK-8) and
    drift (TRK-9) steps that never enter a blocked space (TRK-6); and the finish can be reached."""
    t = TRACKS[name]
    starts = [t.start_space(p) for p in range(1, t.lanes + 1)]
    assert not set(starts) & t.blocked
    seen = set(starts)
    todo = deque(starts)
    while todo:
        at = todo.popleft()
        for nxt in (t.forward[at], t.drift_to[0][at], t.drift_to[1][at]):
            if nxt != EDGE and nxt not in t.blocked and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    unreachable = sorted(t.coords(i) for i in range(t.size) if i not in seen and i not in t.blocked)
    assert unreachable == []
    assert any(t.is_finished(i) for i in seen)


@pytest.mark.parametrize("name", NAMES)
def test_trk19_layout_follows_the_rules(name):
    """TRK-3, TRK-7, ST-K1, MM-S1, MM-F1/F1b, MM-G1: the shape the rules ask of a shipped track."""
    t = TRACKS[name]
    start, finish = t.sections[0], t.sections[-1]
    assert start.kind == "start" and start.rows == 1  # the start row; nothing behind it to be unreachable
    assert finish.kind == "finish" and finish.rows >= 3  # room for the finished sleds
    corners = [sec for sec in t.sections if sec.kind == "corner"]
    if t.game == "snowtails":
        assert t.lanes == 5
        assert corners[0].turn == "right"  # lane 1 is the inside of the first corner (TRK-3, ST-S2)
        for sec in corners:  # every corner has its red line (TRK-7)
            assert sec.speed_limit is not None and len(sec.speed_limit) == 5
            assert all(4 <= x <= 10 for x in sec.speed_limit)
        assert not t.buildings
    else:
        assert 4 <= t.lanes <= 7
        for sec in corners:
            if sec.tight:  # MM-G1: hairpins
                assert sec.angle >= 150 and sec.inner_radius <= 1
    assert not t.trees & t.blocked
    # trees stand on straights, never two adjacent (MM-S1 first-race advice, kept on every track)
    trees = [t.coords(x) for x in t.trees]
    for s, _lane, _k in trees:
        assert t.sections[s].kind in ("straight", "finish")
    for a in trees:
        for b in trees:
            if a < b and a[0] == b[0]:
                assert abs(a[1] - b[1]) > 1 or abs(a[2] - b[2]) > 1, (a, b)
    # MM-F1/F1b: 2 or 3 buildings on straights; kennels in the first third, chapel from half-way
    if t.buildings:
        assert 2 <= len(t.buildings) <= 3
        total = max(t.band) + 1
        for b in t.buildings:
            assert t.sections[b.section].kind == "straight"
            where = Fraction(t.band[t.sid(b.section, 1, b.row)], total)
            if b.kind == "kennels":
                assert where < Fraction(1, 3)
            if b.kind == "chapel":
                assert where >= Fraction(1, 2)
            assert t.triggers[b.kind]


# ------------------------------------------------------------------ racing
def race(track, players: int, seed: bytes):
    """A whole game with computer players; per-action randomness Rand(derive(seed, i))."""
    names = [f"bot{i}" for i in range(players)]
    secrets = [derive(seed, "secret", i) for i in range(players)]
    state = sled.new_game(track.game, track, names, Rand(derive(seed, "setup")), secrets)
    i = 0
    while not state.is_over:
        action = DRIVER(state, Rand(derive(seed, "bot", i)))
        state = sled.apply(state, action, Rand(derive(seed, i)))
        i += 1
        assert i < 5000, "the race does not end"
    return state


@pytest.mark.parametrize("name", NAMES)
def test_trk19_bots_race_every_track_to_the_finish(name):
    """TRK-19: computer players race the track to the finish (ST-E1/E2, MM-E1): the race ends with at
    least one sled over the finish line, with places, well inside the max_rounds safety net."""
    t = TRACKS[name]
    players = 4 if t.game == "snowtails" else 5
    state = race(t, players, f"trk19/{name}".encode())
    pub = state.public
    assert pub.phase == "over"
    assert pub.places
    if t.game == "snowtails":  # ST-E2 Decision: finished sleds are lifted off the track at their round's end
        assert pub.sleds[pub.places[0]].status == "finished"  # the winner crossed the line
    else:
        finished = [s for s in pub.sleds if s.at is not None and t.is_finished(s.at)]
        assert finished
        assert t.is_finished(pub.sleds[pub.places[0]].at)  # the winner crossed the line
    assert pub.round - 1 <= 40  # a race, not a marathon (the safety net is 150)

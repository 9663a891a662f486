"""The track model (rules/track.md, TRK-1..TRK-18) and its use by the sled engine.

Every expected number below is worked out by hand from the rule text, not
read back from the model: corner space counts from the TRK-3 formula
``n = max(1, floor(angle_rad * (inner_radius + i + 0.5) + 0.5))``, drift
targets from TRK-9 ("the first space of the next lane whose front edge is
strictly beyond ours"), bands from TRK-14.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import pytest

from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.core.drbg import Rand, derive
from snowp2p.core.errors import IllegalMove
from snowp2p.games.sled.track import (
    EDGE,
    TrackError,
    find_track,
    load_track_file,
    shipped_tracks,
    track_from_dict,
    track_to_dict,
)


# ------------------------------------------------------------------ helpers
def S(rows=1):
    return {"kind": "start", "rows": rows}


def St(rows):
    return {"kind": "straight", "rows": rows}


def F(rows=3):
    return {"kind": "finish", "rows": rows}


def C(turn, angle, r, **kw):
    return {"kind": "corner", "turn": turn, "angle": angle, "inner_radius": r, **kw}


def mk(sections, *, game="snowtails", lanes=5, **kw):
    return track_from_dict({"name": "t", "game": game, "lanes": lanes, "sections": sections, **kw})


def front(t, sid):
    """TRK-4 front edge, recomputed here: section + (k+1)/n, exactly."""
    s, lane, k = t.coords(sid)
    return s + Fraction(k + 1, t.lane_len[s][lane - 1])


SECRETS = [bytes([i]) * 32 for i in range(8)]


def st_state(track, *, deck=(3,) * 20, players=2, **rules_kw):
    """A Snow Tails game with start positions drawn (ST-S2 option), a rigged deck."""
    rules = SledRules(game="snowtails", st_deck=deck, st_start_positions="random", **rules_kw)
    return sled.new_game("snowtails", track, [f"p{i}" for i in range(players)],
                         Rand(derive(b"test-track", "setup")), SECRETS[:players], rules)


def mm_state(track, *, deck=(2, 2) + (4,) * 18, players=2, **rules_kw):
    rules = SledRules(game="mush", mm_deck=deck, **rules_kw)
    return sled.new_game("mush", track, [f"p{i}" for i in range(players)],
                         Rand(derive(b"test-track", "setup")), SECRETS[:players], rules)


def put(state, seat, sid, **kw):
    sleds = list(state.public.sleds)
    sleds[seat] = replace(sleds[seat], at=sid, **kw)
    return replace(state, public=replace(state.public, sleds=tuple(sleds)))


def move_with(state, path, bonus=0, origin=None, dogs=None):
    """A legal Move of the player to act with exactly this path and bonus, and (if given) cards played
    on exactly the positions ``dogs`` (None: no such legal move)."""
    for mv in sled.legal_moves(state):
        if mv.path == path and mv.bonus == bonus and mv.origin == origin:
            if dogs is None or sorted(p for p, _, _ in mv.play) == sorted(dogs):
                return mv
    return None


def outcome(state, mv):
    after = sled.move_outcome(state, mv)
    return after, after.sled(mv.seat)


# ----------------------------------------------------------------- TRK-1/2
def test_trk1_every_section_has_w_lanes():
    """TRK-1: every section has the same number of lanes W (5 here)."""
    t = mk([S(), St(3), C("right", 90, 2), C("left", 45, 1), F()])
    assert t.lanes == 5
    assert all(len(lens) == 5 for lens in t.lane_len)
    assert t.size == sum(sum(lens) for lens in t.lane_len)
    for s in range(len(t.sections)):
        for lane in range(1, 6):
            assert t.coords(t.sid(s, lane, 0)) == (s, lane, 0)
    with pytest.raises(TrackError):
        t.sid(1, 6, 0)  # no lane 6
    with pytest.raises(TrackError):
        t.sid(1, 0, 0)  # no lane 0


def test_trk2_lane1_is_right_and_left_means_higher_lanes():
    """TRK-2: lane 1 is the right-hand lane; 'left' = toward lane W; ST-M2: stronger left dog drifts left."""
    t = mk([S(), St(4), C("right", 90, 2), F()])
    here = t.sid(1, 3, 0)
    assert t.coords(t.step(here, +1, True)) == (1, 4, 1)  # left = toward higher lanes
    assert t.coords(t.step(here, -1, True)) == (1, 2, 1)
    # a right turn has lane 1 (the right-hand lane) on the inside: fewest spaces
    assert t.lane_len[2][0] == min(t.lane_len[2])
    assert t.lane_len[2] == tuple(sorted(t.lane_len[2]))
    # a stronger left dog drifts toward lane W (+1), a stronger right dog toward lane 1 (-1)
    assert sled.speed_and_drift("snowtails", 5, 2, 3) == (4, 3, 1)
    assert sled.speed_and_drift("snowtails", 2, 5, 3) == (4, 3, -1)


# --------------------------------------------------------------------- TRK-3
# By hand: angle 90 deg = pi/2 = 1.5708 rad.  r = inner_radius + i + 0.5.
#   right 90, inner 2:  r = 2.5 3.5 4.5 5.5 6.5 -> 3.93 5.50 7.07 8.64 10.21 -> +0.5, floor -> 4 5 7 9 10
#   (r = 3.5: 5.4978 + 0.5 = 5.9978, so 5, not 6)
# angle 180 = pi:
#   right 180, inner 0:  r = 0.5 .. 4.5 -> 1.57 4.71 7.85 11.00 14.14 -> 2 5 8 11 14
# left 90, inner 0.5 (lane W = 5 inner): r(lane5..lane1) = 1 2 3 4 5 -> 1.57 3.14 4.71 6.28 7.85
#   -> lane5..1 = 2 3 5 6 8, so lanes 1..5 = 8 6 5 3 2
# right 10 deg, inner 0: 0.1745 rad * (0.5 .. 4.5) = 0.09 .. 0.79 -> floor(x + 0.5) = 0 0 0 1 1
#   and max(1, .) -> 1 1 1 1 1
@pytest.mark.parametrize("corner, counts", [
    (C("right", 90, 2), (4, 5, 7, 9, 10)),
    (C("right", 180, 0, tight=True), (2, 5, 8, 11, 14)),
    (C("left", 90, 0.5), (8, 6, 5, 3, 2)),
    (C("right", 10, 0), (1, 1, 1, 1, 1)),
])
def test_trk3_corner_space_counts_by_hand(corner, counts):
    """TRK-3: n = max(1, floor(angle_rad * r + 0.5)), r = inner_radius + i + 0.5, inner lane i = 0."""
    t = mk([S(), corner, F()], game="mush")
    assert t.lane_len[1] == counts


def test_trk3_section_kinds_start_straight_finish():
    """TRK-3: start row holds start positions (position p = lane p); straights have rows spaces per lane;
    a sled in the finish section has crossed the line; beyond its last row is the track edge."""
    t = mk([S(1), St(6), F(3)])
    assert t.lane_len[1] == (6,) * 5
    for p in range(1, 6):
        assert t.coords(t.start_space(p)) == (0, p, 0)
    t2 = mk([S(2), St(1), F(3)])
    assert t2.coords(t2.start_space(4)) == (0, 4, 1)  # the start section's LAST row
    assert not t.is_finished(t.sid(1, 3, 5))
    assert t.is_finished(t.sid(2, 3, 0))
    assert t.forward[t.sid(2, 3, 2)] == EDGE
    with pytest.raises(TrackError):
        mk([S(1), St(3)])  # no finish
    with pytest.raises(TrackError):
        mk([St(3), F(3)])  # no start


# --------------------------------------------------------------------- TRK-4
def test_trk4_space_names_and_points():
    """TRK-4: (section, lane, index) names; index 0 nearest the section's start; front edge (k+1)/n."""
    t = mk([S(), St(2), C("right", 90, 2), F()])
    ids = set()
    for s, lens in enumerate(t.lane_len):
        for lane in range(1, 6):
            for k in range(lens[lane - 1]):
                sid = t.sid(s, lane, k)
                assert t.coords(sid) == (s, lane, k)
                ids.add(sid)
    assert len(ids) == t.size
    # the front of a section's last space, (s, 1), is the point (s+1, 0): a drift from there reaches
    # the next section's first space, whose front is strictly beyond
    last = t.sid(1, 3, 1)
    assert t.coords(t.step(last, -1, True)) == (2, 2, 0)
    assert t.coords(t.step(last, +1, True)) == (2, 4, 0)


def test_trk4_exact_fractions_decide_a_tie_float_would_break():
    """TRK-4/TRK-14: a right 60-degree corner, inner radius 5, has 6 7 8 9 10 spaces per lane.
    Lane 4 (9 spaces), space 7 has its middle at 15/18 = 5/6: exactly on the blue line between
    bands 4 and 5 of the corner (6 bands), so it belongs to band 5 (the band ahead).  Computed
    with floats from the point (section + fraction) it would fall into band 4."""
    # put the corner at section 7 (the section offset is what makes float rounding go wrong)
    t = mk([S(), St(1), St(1), St(1), St(1), St(1), St(1), C("right", 60, 5), F()])
    s = 7
    assert t.lane_len[s] == (6, 7, 8, 9, 10)
    band0 = t.band[t.sid(s, 1, 0)]
    assert t.band[t.sid(s, 4, 7)] - band0 == 5
    assert math.floor(((s + 15 / 18) - s) * 6) == 4  # what float arithmetic would have said
    # and the ordering agrees: the lane-4 space ranks in the same band as lane 1's space 5
    assert t.band[t.sid(s, 4, 7)] == t.band[t.sid(s, 1, 5)]


# ------------------------------------------------------------------ TRK-5/6
def test_trk5_trk6_trees_and_blocked_spaces_in_the_model():
    """TRK-5/6: trees and blocked spaces stand on single spaces named in the file."""
    t = mk([S(), St(5), F()], trees=[[1, 2, 3]], blocked=[[1, 4, 1], [1, 5, 4]])
    assert t.trees == {t.sid(1, 2, 3)}
    assert t.blocked == {t.sid(1, 4, 1), t.sid(1, 5, 4)}


def test_trk6_blocked_space_is_an_edge_collision_in_the_engine():
    """TRK-6/ST-C2: entering a blocked space ends the movement in the space before, one damage card."""
    t = mk([S(), St(5), F()], blocked=[[1, 1, 1]])
    state = st_state(t)
    seat = state.public.current
    assert state.sled(seat).at == t.start_space(1)
    mv = move_with(state, "FFF")  # deck of 3s: speed 3 + 3 - 3 = 3, no drift
    assert mv is not None
    after, me = outcome(state, mv)
    assert t.coords(me.at) == (1, 1, 0)
    assert me.damage == 1


def test_trk5_tree_is_not_a_stop():
    """TRK-5/ST-C3: a tree is entered and removed, one damage card, the movement goes on (TRK-12)."""
    t = mk([S(), St(5), F()], trees=[[1, 1, 0]])
    state = st_state(t)
    mv = move_with(state, "FFF")
    after, me = outcome(state, mv)
    assert t.coords(me.at) == (1, 1, 2)
    assert me.damage == 1
    assert t.sid(1, 1, 0) not in after.public.trees


def test_trk5_mush_trees_too():
    """TRK-5/MM-C3: in Mush! Mush! several trees in one move: each removed, one collision card each."""
    t = mk([S(), St(8), F()], game="mush", trees=[[1, 3, 1], [1, 3, 3]])
    state = mm_state(t)
    # deck 2,2 + 4s: 4 on both dogs: speed 8, no drift; origin lane 3
    mv = move_with(state, "F" * 8, origin=3)
    assert mv is not None
    after, me = outcome(state, mv)
    assert t.coords(me.at) == (1, 3, 7)
    assert me.damage == 2
    assert not after.public.trees


# --------------------------------------------------------------------- TRK-7
def test_trk7_speed_limit_one_number_or_one_per_lane():
    """TRK-7: one number applies to every lane; a list gives one per lane, lane 1 first; the red line is
    at the corner's entry (its first space in each lane); Mush! Mush! has none."""
    t = mk([S(), St(1), C("right", 90, 2, speed_limit=6), C("left", 90, 2, speed_limit=[9, 8, 7, 6, 5]), F()])
    assert [t.red_line[t.sid(2, lane, 0)] for lane in range(1, 6)] == [6] * 5
    assert [t.red_line[t.sid(3, lane, 0)] for lane in range(1, 6)] == [9, 8, 7, 6, 5]
    assert t.red_line[t.sid(2, 1, 1)] == -1  # only the entry
    assert t.red_line[t.sid(1, 1, 0)] == -1
    assert t.sections[3].speed_limit == (9, 8, 7, 6, 5)
    m = mk([S(), St(1), C("right", 90, 2, speed_limit=6), F()], game="mush")
    assert all(x == -1 for x in m.red_line)


def test_trk7_red_line_charged_per_lane_in_the_engine():
    """TRK-7/ST-L1/L2: crossing a red line with speed over the limit costs one damage per point over;
    the limit of the lane entered applies."""
    corner = C("right", 90, 2, speed_limit=[1, 3, 3, 3, 3])
    t = mk([S(), St(1), corner, F()])
    state = st_state(t)
    seat = state.public.current
    # lane 1: speed 3 over the limit 1 -> 2 damage
    _, me = outcome(state, move_with(state, "FFF"))
    assert t.coords(me.at) == (2, 1, 1)
    assert me.damage == 2
    # lane 2: limit 3, speed 3 -> no damage
    state2 = put(state, seat, t.sid(0, 2, 0))
    other = 1 - seat
    state2 = put(state2, other, t.sid(0, 5, 0))
    _, me2 = outcome(state2, move_with(state2, "FFF"))
    assert t.coords(me2.at)[:2] == (2, 2)
    assert me2.damage == 0


# --------------------------------------------------------------------- TRK-8
def test_trk8_forward_step():
    """TRK-8: (s, l, k) -> (s, l, k+1); from a lane's last space to (s+1, l, 0); none after the finish."""
    t = mk([S(), St(2), C("right", 90, 2), F(3)])
    assert t.coords(t.forward[t.sid(1, 3, 0)]) == (1, 3, 1)
    assert t.coords(t.forward[t.sid(1, 3, 1)]) == (2, 3, 0)
    assert t.coords(t.forward[t.sid(2, 1, 3)]) == (3, 1, 0)  # lane 1 has 4 spaces in the corner
    assert t.coords(t.forward[t.sid(2, 5, 9)]) == (3, 5, 0)  # lane 5 has 10
    assert t.forward[t.sid(3, 2, 2)] == EDGE
    assert all(t.forward[t.sid(0, lane, 0)] == t.sid(1, lane, 0) for lane in range(1, 6))


# --------------------------------------------------------------------- TRK-9
def test_trk9_drift_on_a_straight_is_the_diagonal_one_row_ahead():
    """TRK-9: on a straight a drift step goes to the neighbouring lane, one row ahead."""
    t = mk([S(), St(6), F()])
    for lane in range(1, 6):
        for k in range(5):
            here = t.sid(1, lane, k)
            if lane < 5:
                assert t.coords(t.drift_to[1][here]) == (1, lane + 1, k + 1)
            if lane > 1:
                assert t.coords(t.drift_to[0][here]) == (1, lane - 1, k + 1)


def test_trk9_drift_in_a_corner_inward_and_outward():
    """TRK-9: in a right 90-degree corner (inner 2; lanes 1..5 have 4 5 7 9 10 spaces):
    * outward from lane 1 space 0 (front 1/4) to lane 2 (fifths): first front > 1/4 is 2/5 -> index 1;
    * inward from lane 5 space 4 (front 5/10) to lane 4 (ninths): first front > 1/2 is 5/9 -> index 4;
    * inward from lane 2 space 3 (front 4/5) to lane 1 (quarters): first front > 4/5 is 4/4 -> index 3;
    * outward from lane 1 space 2 (front 3/4) to lane 2: first front > 3/4 is 4/5 -> index 3.
    Every target touches the space left (its back edge is not beyond our front)."""
    t = mk([S(), St(1), C("right", 90, 2), F()])
    s = 2
    assert t.lane_len[s] == (4, 5, 7, 9, 10)
    assert t.coords(t.drift_to[1][t.sid(s, 1, 0)]) == (s, 2, 1)
    assert t.coords(t.drift_to[0][t.sid(s, 5, 4)]) == (s, 4, 4)
    assert t.coords(t.drift_to[0][t.sid(s, 2, 3)]) == (s, 1, 3)
    assert t.coords(t.drift_to[1][t.sid(s, 1, 2)]) == (s, 2, 3)
    # inward drifts advance a lot, outward barely (in fractions of the corner)
    assert front(t, t.drift_to[0][t.sid(s, 2, 0)]) - front(t, t.sid(s, 2, 0)) == Fraction(1, 4) - Fraction(1, 5)
    # the general rule, checked everywhere: strictly beyond, and the first such space (touching)
    for d in (0, 1):
        for sid in range(t.size):
            tgt = t.drift_to[d][sid]
            if tgt == EDGE:
                continue
            assert front(t, tgt) > front(t, sid)
            prev_front = front(t, tgt) - Fraction(1, t.lane_len[t.coords(tgt)[0]][t.coords(tgt)[1] - 1])
            assert prev_front <= front(t, sid)


def test_trk9_mm_x1_drifting_early_in_a_corner_ends_further_along():
    """TRK-9/MM-X1: left 4, right 1 = forward 5, drift 3 toward the left.  In a left 90-degree corner
    with inner radius 0.5 (lanes 1..5: 8 6 5 3 2 spaces; lane 5 is the inside), from lane 1 space 1
    (front 2/8):
      DDDFF: lane 2 first front > 1/4 -> 2/6 (k1); lane 3 > 1/3 -> 2/5 (k1); lane 4 > 2/5 -> 2/3 (k1);
             F -> k2; F -> out of the corner, next section's row 0.
      FFDDD: lane 1 k3 (front 1/2); lane 2 > 1/2 -> 4/6 (k3); lane 3 > 2/3 -> 4/5 (k3);
             lane 4 > 4/5 -> 3/3 (k2): still in the corner.
    Early drift ends further along."""
    t = mk([S(), St(1), C("left", 90, 0.5), St(2), F()], game="mush")
    assert t.lane_len[2] == (8, 6, 5, 3, 2)

    def run(path):
        at = t.sid(2, 1, 1)
        for ch in path:
            at = t.step(at, +1, ch == "D")
        return at

    early, late = run("DDDFF"), run("FFDDD")
    assert t.coords(early) == (3, 4, 0)
    assert t.coords(late) == (2, 4, 2)
    assert t.band[early] > t.band[late]
    assert t.rank_key[early] > t.rank_key[late]


# -------------------------------------------------------------------- TRK-10
def test_trk10_drift_off_the_track_edge():
    """TRK-10: drifting toward lane 0 or W+1, or with no target beyond the last row, is the edge."""
    t = mk([S(), St(3), F(2)])
    assert t.drift_to[0][t.sid(1, 1, 0)] == EDGE
    assert t.drift_to[1][t.sid(1, 5, 0)] == EDGE
    assert t.drift_to[1][t.sid(2, 3, 1)] == EDGE  # last row: no space beyond
    assert t.drift_to[1][t.sid(2, 3, 0)] == t.sid(2, 4, 1)


def test_trk10_trk12_drift_into_the_edge_in_the_engine_st_m4():
    """TRK-10/TRK-12/ST-M4: from lane 5, speed 5 drift 2 toward lane W: 'DDFFF' hits the edge at step 1
    (drift made first: legal), the sled stays and takes 1 damage; 'FDDFF' (drift not made first) is
    illegal."""
    t = mk([S(), St(8), F()])
    state = st_state(t, deck=(5,) * 20)
    seat = state.public.current
    state = put(state, seat, t.start_space(5))
    state = put(state, 1 - seat, t.start_space(1))
    mv = move_with(state, "DDFFF", dogs=["left"])  # 5 on the left dog: 5 + 3 - 3 = 5, drift 2 left
    assert mv is not None
    _, me = outcome(state, mv)
    assert me.at == t.start_space(5)
    assert me.damage == 1
    assert move_with(state, "FDDFF", dogs=["left"]) is None
    bad = replace(mv, path="FDDFF")
    with pytest.raises(IllegalMove) as e:
        sled.move_outcome(state, bad)
    assert e.value.rule == "ST-M4"


# -------------------------------------------------------------------- TRK-11
def test_trk11_path_shapes():
    """TRK-11: speed steps, exactly min(drift, speed) of them drift steps; speed <= 0: no path."""
    ps = sled.paths(5, 3)
    assert len(ps) == math.comb(5, 3) == len(set(ps))
    assert all(len(p) == 5 and p.count("D") == 3 for p in ps)
    assert sled.paths(2, 3) == ["DD"]  # drift beyond the speed is lost
    assert sorted(sled.paths(3, 0)) == ["FFF"]
    assert sled.paths(0, 2) == [""]
    assert sled.paths(-1, 0) == [""]


def test_trk11_engine_refuses_a_path_of_the_wrong_shape():
    """TRK-11: the engine refuses a path with the wrong number of steps or of drift steps."""
    t = mk([S(), St(8), F()])
    state = st_state(t, deck=(5,) * 20)
    mv = move_with(state, "DDFFF")
    assert mv is not None
    for wrong in ("DFFFF", "DDDFF", "DDFF", "DDFFFF", "DDFFX"):
        with pytest.raises(IllegalMove) as e:
            sled.move_outcome(state, replace(mv, path=wrong))
        assert e.value.rule == "TRK-11"


# -------------------------------------------------------------------- TRK-12
def test_trk12_a_sled_ahead_ends_the_path_and_unused_drift_is_lost():
    """TRK-12/MM-C2: the path is resolved step by step; hitting a sled stops in the space before it and
    the rest of the path (drift included) is lost.  Mush! deck: 4 on the left dog, right 2: speed 6,
    drift 2 left.  Origin lane 2, another sled on (1, 2, 2): 'FFFDDF' stops at (1, 2, 1)."""
    t = mk([S(), St(8), F()], game="mush")
    state = mm_state(t)
    seat = state.public.current
    state = put(state, 1 - seat, t.sid(1, 2, 2))
    mv = move_with(state, "FFFDDF", origin=2, dogs=["left"])
    assert mv is not None
    _, me = outcome(state, mv)
    assert t.coords(me.at) == (1, 2, 1)
    # with the drift first it passes the sled: (0,2,0) D (1,3,0) D (1,4,1) FFFF -> (1,4,5)
    _, me2 = outcome(state, move_with(state, "DDFFFF", origin=2, dogs=["left"]))
    assert t.coords(me2.at) == (1, 4, 5)


# -------------------------------------------------------------------- TRK-13
def test_trk13_bonus_steps_are_forward_only():
    """TRK-13/MM-B4: bonus steps are forward steps in the lane reached, even with drift in the move."""
    t = mk([S(), St(10), F()], game="mush")
    state = mm_state(t)
    seat = state.public.current
    assert state.sled(seat).die == 1  # MM-S6: first in start order
    mv = move_with(state, "DDFFFF", bonus=1, origin=2, dogs=["left"])
    assert mv is not None
    _, me = outcome(state, mv)
    # the start row's front edge is the line, so (0,2,0) D (1,3,0) D (1,4,1) FFFF (1,4,5);
    # bonus F (1,4,6): same lane (4), one row on, no drift
    assert t.coords(me.at) == (1, 4, 6)
    _, plain = outcome(state, move_with(state, "DDFFFF", bonus=0, origin=2, dogs=["left"]))
    assert me.at == t.forward[plain.at]
    assert me.die is None  # spent


# ------------------------------------------------------------- TRK-14/15
def test_trk14_bands_on_straights_and_in_corners():
    """TRK-14: each straight row is a band; a corner has as many bands as its inner lane has spaces;
    a middle exactly on a blue line belongs to the band ahead.  Right 90, inner 2: lanes 4 5 7 9 10,
    so 4 bands at 0, 1/4, 2/4, 3/4.  Lane 5 space 2: middle 5/20 = 1/4 -> band 1 (not 0).
    Lane 2 space 2: middle 5/10 = 1/2 -> band 2.  Lane 3 space 1: middle 3/14 < 1/4 -> band 0."""
    t = mk([S(), St(3), C("right", 90, 2), F(3)])
    assert [t.band[t.sid(0, 1, 0)], t.band[t.sid(1, 1, 0)], t.band[t.sid(1, 5, 2)]] == [0, 1, 3]
    base = t.band[t.sid(2, 1, 0)]
    assert base == 4  # start (1 band) + straight (3 bands)
    assert [t.band[t.sid(2, 1, k)] - base for k in range(4)] == [0, 1, 2, 3]
    assert t.band[t.sid(2, 5, 2)] - base == 1
    assert t.band[t.sid(2, 2, 2)] - base == 2
    assert t.band[t.sid(2, 3, 1)] - base == 0
    assert t.band[t.sid(2, 5, 9)] - base == 3
    assert t.band[t.sid(3, 4, 0)] == base + 4  # every section boundary is a blue line
    assert max(t.band) == 1 + 3 + 4 + 3 - 1


def test_trk15_race_position_band_then_inside_then_further_along():
    """TRK-15: by band; in the same band the one nearer the inside (straight: lane 1; corner: its inner
    lane) ranks first; same band and lane: the one further along first."""
    t = mk([S(), St(3), C("left", 90, 2), F(3)], game="mush", lanes=5)
    k = t.rank_key
    # straight: same row, lane 1 ahead of lane 4; a row further ahead beats any lane
    assert k[t.sid(1, 1, 1)] > k[t.sid(1, 4, 1)]
    assert k[t.sid(1, 5, 2)] > k[t.sid(1, 1, 1)]
    # left corner: lane 5 is the inside (4 spaces), lane 1 the outside (10)
    assert t.lane_len[2] == (10, 9, 7, 5, 4)
    assert k[t.sid(2, 5, 0)] > k[t.sid(2, 1, 1)]  # both band 0: inside first
    # same band, same lane: lane 1 spaces 0 and 1 (middles 1/20, 3/20 both in band 0)
    assert t.band[t.sid(2, 1, 0)] == t.band[t.sid(2, 1, 1)]
    assert k[t.sid(2, 1, 1)] > k[t.sid(2, 1, 0)]
    # via the engine's ranking
    state = mm_state(t, players=3)
    state = put(put(put(state, 0, t.sid(2, 1, 1)), 1, t.sid(2, 5, 0)), 2, t.sid(1, 1, 2))
    assert sled.ranking(state) == [1, 0, 2]


# -------------------------------------------------------------------- TRK-16
def test_trk16_mm_g2_tight_corner_outer_lane_ranks_first():
    """TRK-16/MM-G2: inside a tight corner the outer lane ranks first (whatever the band), sleds past the
    corner ahead of all of them, sleds before it behind; same lane: further along first."""
    t = mk([S(), St(3), C("right", 180, 0, tight=True), St(3), F()], game="mush")
    k = t.rank_key
    assert t.lane_len[2] == (2, 5, 8, 11, 14)
    inner_far = t.sid(2, 1, 1)  # lane 1 (inside), band 1 of the corner
    outer_near = t.sid(2, 5, 0)  # lane 5 (outside), band 0
    assert t.band[inner_far] > t.band[outer_near]
    assert k[outer_near] > k[inner_far]  # MM-G2, unlike TRK-15
    assert k[t.sid(2, 4, 0)] > k[t.sid(2, 3, 7)]
    assert k[t.sid(2, 5, 3)] > k[t.sid(2, 5, 2)]  # same lane: further along
    past, before = t.sid(3, 5, 0), t.sid(1, 1, 2)
    for lane, n in enumerate(t.lane_len[2], start=1):
        for i in range(n):
            assert k[past] > k[t.sid(2, lane, i)] > k[before]
    # the same shape without `tight` ranks by TRK-15 (inside first in the same band)
    nt = mk([S(), St(3), C("right", 180, 0), St(3), F()], game="mush")
    assert nt.rank_key[nt.sid(2, 1, 1)] > nt.rank_key[nt.sid(2, 5, 0)]
    state = mm_state(t, players=3)
    state = put(put(put(state, 0, inner_far), 1, outer_near), 2, past)
    assert sled.ranking(state) == [2, 1, 0]


# -------------------------------------------------------------------- TRK-17
def test_trk17_finished_sleds_ranked_by_the_same_rule():
    """TRK-17: past the finish line, further row first; same row, lane 1 first (ST-E1 flag Decision)."""
    t = mk([S(), St(3), F(4)])
    k = t.rank_key
    assert t.is_finished(t.sid(2, 3, 2))
    assert k[t.sid(2, 5, 2)] > k[t.sid(2, 1, 1)]
    assert k[t.sid(2, 1, 2)] > k[t.sid(2, 2, 2)]
    assert k[t.sid(2, 4, 0)] > k[t.sid(1, 1, 2)]
    state = st_state(t, players=3)
    state = put(put(put(state, 0, t.sid(2, 2, 2)), 1, t.sid(2, 1, 2)), 2, t.sid(2, 5, 3))
    assert sled.ranking(state) == [2, 1, 0]


# -------------------------------------------------------------------- TRK-18
GOOD = """
name = "mine"
game = "snowtails"
description = "a test track"
lanes = 5
trees = [[1, 2, 1]]
blocked = [[1, 4, 2]]

[[sections]]
kind = "start"
rows = 1

[[sections]]
kind = "straight"
rows = 4

[[sections]]
kind = "corner"
turn = "right"
angle = 90
inner_radius = 2
speed_limit = [6, 6, 7, 7, 8]

[[sections]]
kind = "finish"
rows = 3
"""

GOOD_MUSH = """
name = "mine"
game = "mush"
lanes = 5

[[sections]]
kind = "start"
rows = 1

[[sections]]
kind = "straight"
rows = 6

[[sections]]
kind = "finish"
rows = 3

[[buildings]]
kind = "chapel"
section = 1
row = 2
lane = 2
"""


def test_trk18_a_good_file_loads(tmp_path):
    """TRK-18: a well-formed file loads with every field."""
    p = tmp_path / "mine.toml"
    p.write_text(GOOD)
    t = load_track_file(p)
    assert (t.name, t.game, t.lanes, t.description) == ("mine", "snowtails", 5, "a test track")
    assert [s.kind for s in t.sections] == ["start", "straight", "corner", "finish"]
    assert t.sections[2].speed_limit == (6, 6, 7, 7, 8)
    assert t.trees == {t.sid(1, 2, 1)} and t.blocked == {t.sid(1, 4, 2)}
    assert find_track(str(p), "snowtails").name == "mine"
    with pytest.raises(TrackError):
        find_track(str(p), "mush")  # wrong game
    q = tmp_path / "mm.toml"
    q.write_text(GOOD_MUSH)
    m = load_track_file(q)
    covered = {m.sid(1, lane, row) for lane in (2, 3) for row in (2, 3)}
    assert covered <= m.blocked  # MM-F1: a 2x2 block of blocked spaces
    assert m.triggers["chapel"] == {m.sid(1, 2, 1), m.sid(1, 3, 1), m.sid(1, 2, 4), m.sid(1, 3, 4),
                                    m.sid(1, 1, 2), m.sid(1, 1, 3), m.sid(1, 4, 2), m.sid(1, 4, 3)}


def _edit(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


BAD_FILES = [
    # (id, text, a word the message must hold)
    ("bad-toml", GOOD.replace('name = "mine"', 'name = "mine'), "TOML"),
    ("no-sections", GOOD.split("[[sections]]")[0], "sections"),
    ("sections-not-list", GOOD.split("[[sections]]")[0] + 'sections = "four"\n', "sections"),
    ("wrong-kind", _edit(GOOD, 'kind = "straight"', 'kind = "chicane"'), "kind"),
    ("first-not-start", _edit(GOOD, 'kind = "start"', 'kind = "straight"'), "kind"),
    ("last-not-finish", _edit(GOOD, 'kind = "finish"', 'kind = "straight"'), "kind"),
    ("game", _edit(GOOD, 'game = "snowtails"', 'game = "snakes"'), "game"),
    ("st-lanes", _edit(GOOD, "lanes = 5", "lanes = 6"), "lanes"),
    ("mm-lanes-3", _edit(GOOD_MUSH, "lanes = 5", "lanes = 3"), "lanes"),
    ("mm-lanes-8", _edit(GOOD_MUSH, "lanes = 5", "lanes = 8"), "lanes"),
    ("lanes-string", _edit(GOOD, "lanes = 5", 'lanes = "five"'), "lanes"),
    ("speed-limit-length", _edit(GOOD, "speed_limit = [6, 6, 7, 7, 8]", "speed_limit = [6, 7, 8]"), "speed_limit"),
    ("speed-limit-type", _edit(GOOD, "speed_limit = [6, 6, 7, 7, 8]", 'speed_limit = "fast"'), "speed_limit"),
    ("speed-limit-negative", _edit(GOOD, "speed_limit = [6, 6, 7, 7, 8]", "speed_limit = -1"), "speed_limit"),
    ("turn", _edit(GOOD, 'turn = "right"', 'turn = "up"'), "turn"),
    ("angle-missing", _edit(GOOD, "angle = 90\n", ""), "angle"),
    ("angle-zero", _edit(GOOD, "angle = 90", "angle = 0"), "angle"),
    ("radius", _edit(GOOD, "inner_radius = 2", 'inner_radius = "wide"'), "inner_radius"),
    ("radius-negative", _edit(GOOD, "inner_radius = 2", "inner_radius = -1"), "inner_radius"),
    ("rows-zero", _edit(GOOD, "rows = 4", "rows = 0"), "rows"),
    ("rows-missing", _edit(GOOD, "rows = 4\n", ""), "rows"),
    ("tight-type", _edit(GOOD, "inner_radius = 2", "inner_radius = 2\ntight = 1"), "tight"),
    ("tree-off-track", _edit(GOOD, "trees = [[1, 2, 1]]", "trees = [[1, 2, 4]]"), "trees"),
    ("tree-lane-6", _edit(GOOD, "trees = [[1, 2, 1]]", "trees = [[1, 6, 0]]"), "trees"),
    ("tree-shape", _edit(GOOD, "trees = [[1, 2, 1]]", "trees = [[1, 2]]"), "trees"),
    ("tree-on-blocked", _edit(GOOD, "trees = [[1, 2, 1]]", "trees = [[1, 4, 2]]"), "trees"),
    ("blocked-off-track", _edit(GOOD, "blocked = [[1, 4, 2]]", "blocked = [[9, 1, 0]]"), "blocked"),
    ("building-touches-edge", _edit(GOOD_MUSH, "lane = 2", "lane = 1"), "lane"),
    ("building-touches-left-edge", _edit(GOOD_MUSH, "lane = 2", "lane = 4"), "lane"),
    ("building-kind", _edit(GOOD_MUSH, 'kind = "chapel"', 'kind = "castle"'), "kind"),
    ("building-row", _edit(GOOD_MUSH, "row = 2", "row = 5"), "row"),
    ("building-not-straight", _edit(GOOD_MUSH, "section = 1", "section = 2"), "section"),
    ("building-missing-lane", _edit(GOOD_MUSH, "lane = 2\n", ""), "lane"),
    ("tavern-side", _edit(GOOD_MUSH, 'kind = "chapel"\nsection = 1\nrow = 2\nlane = 2',
                          'kind = "tavern"\nsection = 1\nrow = 2\nside = "up"'), "side"),
    ("building-in-snowtails", GOOD + '\n[[buildings]]\nkind = "chapel"\nsection = 1\nrow = 1\nlane = 2\n',
     "buildings"),
]


@pytest.mark.parametrize("case, text, word", BAD_FILES, ids=[c[0] for c in BAD_FILES])
def test_trk18_malformed_file_refused_with_one_line_naming_file_and_field(tmp_path, case, text, word):
    """TRK-18: a malformed track file is refused with a one-line TrackError naming the file and the
    field; never another exception."""
    p = tmp_path / f"{case}.toml"
    p.write_text(text)
    with pytest.raises(TrackError) as e:
        load_track_file(p)
    msg = str(e.value)
    assert "\n" not in msg
    assert str(p) in msg
    assert word in msg


def test_trk18_missing_and_unreadable_files(tmp_path):
    """TRK-18: a missing file or one that is not UTF-8 is a TrackError naming it."""
    missing = tmp_path / "nope.toml"
    with pytest.raises(TrackError) as e:
        load_track_file(missing)
    assert str(missing) in str(e.value)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00name")
    with pytest.raises(TrackError) as e:
        load_track_file(binary)
    assert str(binary) in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(TrackError) as e:
        find_track("no-such-track", "snowtails")
    assert "no-such-track" in str(e.value)


@pytest.mark.parametrize("name", sorted(shipped_tracks()))
def test_trk18_round_trip_of_every_shipped_track(name):
    """TRK-18: track_to_dict / track_from_dict round-trip every shipped track exactly."""
    t = shipped_tracks()[name]
    d = track_to_dict(t)
    t2 = track_from_dict(d)
    assert track_to_dict(t2) == d
    assert (t2.name, t2.game, t2.lanes, t2.description) == (t.name, t.game, t.lanes, t.description)
    assert t2.sections == t.sections
    assert t2.lane_len == t.lane_len
    assert t2.trees == t.trees and t2.blocked == t.blocked
    assert t2.buildings == t.buildings
    assert t2.triggers == t.triggers
    assert t2.forward == t.forward and t2.drift_to == t.drift_to
    assert t2.rank_key == t.rank_key and t2.red_line == t.red_line

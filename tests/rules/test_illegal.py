"""Illegal actions raise IllegalMove naming the rule broken and leave the state unchanged."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_helpers import (act, assert_refused, make_scenario, mm_player, move, play, rand, snapshot, st_player,
                           straight, test_track)
from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand, derive
from snowp2p.core.errors import IllegalMove

SCALE = max(1, int(os.environ.get("SNOWP2P_HYPOTHESIS_SCALE", "1") or 1))
ST_TURN = {"TURN", "ST-O1", "ST-O2"}
MM_TURN = {"TURN", "MM-O1", "MM-O2"}


def st_two(**kw):
    return make_scenario("snowtails", [st_player("red", (1, 3, 0), hand=[4, 4, 3, 1, 5], **kw),
                                       st_player("blue", (1, 1, 0), hand=[2, 2, 2, 1, 1])]).state


def mm_two(**kw):
    return make_scenario("mush", [mm_player("red", (1, 3, 0), hand=[4, 4, 3, 1, 0], **kw),
                                  mm_player("blue", (1, 1, 0), hand=[2, 2, 2, 1, 1])]).state


def new_st(n=3):
    return sled.new_game("snowtails", test_track("snowtails"), [f"p{i}" for i in range(n)], rand("ill"),
                         [bytes([i + 1]) * 32 for i in range(n)])


# ---------------------------------------------------------------- turn/phase
def test_out_of_turn_snowtails():
    s = st_two()
    assert s.public.current == 0
    assert_refused(s, move(s, 1, {"left": 2}, "FD"), ST_TURN)


def test_out_of_turn_mush():
    s = mm_two()
    assert_refused(s, move(s, 1, {"left": 2, "right": 2}, "FFFF"), MM_TURN)


def test_out_of_turn_choose_start():
    g = new_st()
    other = (g.public.current + 1) % 3
    assert_refused(g, sled.ChooseStart(other, 1), ST_TURN | {"ST-S2"})


def test_wrong_phase():
    g = new_st()
    cur = g.public.current
    assert_refused(g, sled.Move(cur, (), ""), "TURN")  # moving while choosing start positions
    assert_refused(g, sled.Refill(cur), "TURN")
    s = st_two()
    assert_refused(s, sled.ChooseStart(0, 2), "TURN")
    assert_refused(s, sled.Refill(0), "TURN")
    # in the refill phase, a Move is refused
    r = make_scenario("snowtails", [st_player("red", (1, 3, 0), hand=[4, 1, 2, 3, 5], deck=[2, 2, 2])], [],
                      straight(trees=[(1, 3, 1), (1, 4, 3)])).state
    r = sled.apply(r, move(r, 0, {"left": 4}, "FDFF"), rand("w"))
    assert r.public.phase == sled.PH_REFILL
    assert_refused(r, move(r, 0, {"left": 1}, "D"), "TURN")


def test_game_over_refuses_actions():
    sc, s = play("mush", [mm_player("w", (1, 3, 5), damage=4, hand=[1, 1, 2, 3, 0]), mm_player("a", (1, 1, 3))],
                 [act("w", {"left": 1, "right": 1}, "FF")], straight(trees=[(1, 3, 6)]))
    assert s.is_over
    assert_refused(s, sled.Move(1, (), ""), {"MM-E1", "TURN"})


# -------------------------------------------------------------------- cards
@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_card_not_in_hand(game):
    s = st_two() if game == "snowtails" else mm_two()
    c = s.sled(0).deck[0]
    v = s.value(0, c)
    assert_refused(s, sled.Move(0, (("left", c, v),), "F" * 5), "HAND")
    other = s.sled(1).hand[0]
    assert_refused(s, sled.Move(0, (("left", other, 2),), "F" * 5), {"HAND", "OPEN"})


def test_same_card_twice():
    s = st_two()
    c = [x for x in s.sled(0).hand if s.value(0, x) == 4][0]
    assert_refused(s, sled.Move(0, (("left", c, 4), ("right", c, 4)), "F" * 5), {"HAND", "ST-P3"})


def test_mixed_values_st_p2():
    s = st_two()
    assert_refused(s, move(s, 0, {"left": 4, "right": 3}, "FFFD"), "ST-P2")


def test_mixed_values_mm_p1():
    s = mm_two()
    assert_refused(s, move(s, 0, {"left": 4, "right": 3}, "FFFFFFD"), "MM-P1")


def test_two_cards_on_one_position_st_p3():
    s = st_two()
    c = [x for x in s.sled(0).hand if s.value(0, x) == 4]
    assert_refused(s, sled.Move(0, (("brake", c[0], 4), ("brake", c[1], 4)), ""), "ST-P3")


def test_no_card_played_st_p1():
    assert_refused(st_two(), sled.Move(0, (), "F" * 3), "ST-P1")


# --------------------------------------------------------------------- paths
@pytest.mark.parametrize("path", ["", "FFFF", "FFFFFF", "FFFFD", "DFFFF", "FFXFF", "fffff"])
def test_wrong_path_length_or_drift_count_trk_11(path):
    s = st_two()  # left 4 right 4 brake 3: speed 5, no drift
    assert_refused(s, move(s, 0, {"left": 4, "right": 4}, path), "TRK-11")


@pytest.mark.parametrize("path", ["FFFFFF", "FFFFF", "FFFFDD", "DDFFFF", "FFFDDD"])
def test_wrong_path_mush_trk_11(path):
    s = mm_two()  # left 4, right 2: forward 6, drift 2 -> exactly 2 D among 6
    assert_refused(s, move(s, 0, {"left": 4}, path if path.count("D") != 2 or len(path) != 6 else path + "F"),
                   "TRK-11")


def test_path_with_no_speed_must_be_empty():
    s = make_scenario("snowtails", [st_player("red", (1, 3, 0), left=2, right=2, hand=[5, 1])]).state
    assert_refused(s, move(s, 0, {"brake": 5}, "F"), "TRK-11")


# --------------------------------------------------------------------- bonus
def _st_bonus_state(first_turn=False):
    return make_scenario("snowtails", [st_player("red", (1, 3, 0), hand=[1, 1, 4, 4, 2], first_turn=first_turn),
                                       st_player("a", (1, 1, 9)), st_player("b", (1, 5, 8))],
                         [], straight(rows=20)).state


@pytest.mark.parametrize("bonus", [1, 2, 4, -1])
def test_st_bonus_partial_or_wrong_st_b1(bonus):
    s = _st_bonus_state()  # 3rd of 3: bonus 3, all or nothing
    assert_refused(s, move(s, 0, {"brake": 1}, "FFFFF", bonus), "ST-B1")


def test_st_bonus_not_available_st_b1():
    s = _st_bonus_state(first_turn=True)
    assert_refused(s, move(s, 0, {"brake": 1}, "FFFFF", 3), "ST-B1")
    s = _st_bonus_state()
    assert_refused(s, move(s, 0, {"left": 4}, "FFFD", 3), "ST-B1")


@pytest.mark.parametrize("bonus", [3, 5, 7])
def test_mm_die_over_value_mm_b4(bonus):
    s = mm_two(die=2)
    assert_refused(s, move(s, 0, {"left": 1}, "FFD", bonus), "MM-B4")
    s = mm_two()
    assert_refused(s, move(s, 0, {"left": 1}, "FFD", 1), "MM-B4")


def test_mm_missing_origin_mm_o1():
    s = make_scenario("mush", [mm_player("red", None, first_turn=True, hand=[2, 2, 1, 1, 1])]).state
    assert_refused(s, move(s, 0, {"left": 2}, "FFFF"), "MM-O1")
    assert_refused(s, move(s, 0, {"left": 2}, "FFFF", origin=0), "MM-O1")


# ------------------------------------------------------------------- refill
def _over_five(game):
    if game == "snowtails":
        s = make_scenario(game, [st_player("red", (1, 3, 0), hand=[4, 1, 2, 3, 5], deck=[2, 2, 2])], [],
                          straight(trees=[(1, 3, 1), (1, 4, 3)])).state
        return sled.apply(s, move(s, 0, {"left": 4}, "FDFF"), rand("o5"))
    s = make_scenario(game, [mm_player("red", (1, 3, 0), hand=[3, 1, 2, 4, 0], deck=[2, 2])], [],
                      straight(trees=[(1, 3, 1), (1, 4, 3)])).state
    return sled.apply(s, move(s, 0, {"left": 3}, "FDFFF"), rand("o5"))


@pytest.mark.parametrize("game,rule", [("snowtails", "ST-R2"), ("mush", "MM-R1")])
def test_wrong_discard_count(game, rule):
    s = _over_five(game)
    assert s.public.phase == sled.PH_REFILL and s.public.refill.min_discard == 1
    h = s.sled(0).hand
    assert_refused(s, sled.Refill(0, ()), rule)
    assert_refused(s, sled.Refill(0, tuple((c, s.value(0, c)) for c in h[:2])), rule)
    assert_refused(s, sled.Refill(1, ((h[0], s.value(0, h[0])),)), ST_TURN | MM_TURN)
    assert_refused(s, sled.Refill(0, ((h[0], s.value(0, h[0])), (h[0], s.value(0, h[0])))), {"HAND", rule})
    assert_refused(s, sled.Refill(0, ((s.sled(0).deck[0], 2),)), "HAND")


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_opening_contradicts_private_value(game):
    s = st_two() if game == "snowtails" else mm_two()
    c = [x for x in s.sled(0).hand if s.value(0, x) == 4][0]
    assert_refused(s, sled.Move(0, (("left", c, 3),), "F" * 5), "OPEN")
    assert_refused(s, sled.Move(0, (("left", c, 9),), "F" * 5), {"ST-K2", "MM-K2", "OPEN"})
    r = _over_five(game)
    h = r.sled(0).hand[0]
    wrong = (r.value(0, h) + 1) % 5
    assert_refused(r, sled.Refill(0, ((h, wrong),)), "OPEN")


def test_building_choices_not_available():
    s = _over_five("mush")
    h = s.sled(0).hand[0]
    assert_refused(s, sled.Refill(0, ((h, s.value(0, h)),), chapel=True), "MM-F3")
    assert_refused(s, sled.Refill(0, ((h, s.value(0, h)),), kennels=True), "MM-F2")


def test_taken_start_position_st_s2():
    g = new_st()
    cur = g.public.current
    g2 = sled.apply(g, sled.ChooseStart(cur, 2), rand("ts"))
    assert_refused(g2, sled.ChooseStart(g2.public.current, 2), "ST-S2")
    assert_refused(g2, sled.ChooseStart(g2.public.current, 0), "ST-S2")


# ------------------------------------------------- random garbage on random states
@settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["snowtails", "mush"]), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_actions_refused_cleanly_or_legal(game, seed, data):
    """Any action either is accepted or raises IllegalMove with a rule id, leaving the state unchanged."""
    gs = derive(b"garbage", seed)
    n = data.draw(st.integers(2, 4), label="n")
    s = sled.new_game(game, test_track(game), [f"p{i}" for i in range(n)], Rand(gs), [derive(gs, i) for i in range(n)])
    for k in range(data.draw(st.integers(0, 12), label="steps")):
        if s.is_over:
            return
        acts = sled.legal_actions(s)
        s = sled.apply(s, acts[data.draw(st.integers(0, len(acts) - 1))], Rand(derive(gs, k)))
    if s.is_over:
        return
    seat = data.draw(st.integers(0, n - 1), label="seat")
    cards = st.integers(0, 30)
    kind = data.draw(st.sampled_from(["move", "refill", "choose"]), label="kind")
    if kind == "move":
        play_ = tuple(data.draw(st.lists(st.tuples(st.sampled_from(["left", "right", "brake"]), cards,
                                                   st.integers(-1, 6)), max_size=3)))
        a = sled.Move(seat, play_, data.draw(st.text(alphabet="FDX", max_size=12)), data.draw(st.integers(-1, 8)),
                      data.draw(st.none() | st.integers(0, 8)))
    elif kind == "refill":
        a = sled.Refill(seat, tuple(data.draw(st.lists(st.tuples(cards, st.integers(0, 5)), max_size=4))),
                        data.draw(st.booleans()), data.draw(st.booleans()))
    else:
        a = sled.ChooseStart(seat, data.draw(st.integers(0, 6)))
    before = snapshot(s)
    try:
        sled.apply(s, a, Rand(derive(gs, "garbage")))
    except IllegalMove as e:
        assert e.rule and isinstance(e.rule, str)
    after = snapshot(s)
    assert after[0] == before[0] and after[1] == before[1] and after[2] == before[2]

"""Snow Tails rules (../../shared/rules/snow-tails.md): one or more tests per rule id ST-*.

Positions are set up with the conformance scenario format (rules_helpers);
setup and whole-race flow use ``sled.new_game``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rules_helpers import (act, assert_refused, check_cards, coords, cornered, make_scenario, move, names_of,
                           obs, play, rand, seat, st_player, straight)
from snowp2p.games.sled import scenario as sled_scn
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.core.errors import IllegalMove
from snowp2p.games.sled.track import TrackError, track_from_dict

ST = "snowtails"


def st_track(d=None):
    return track_from_dict(d or straight(), game=ST, name="st-test")


def secrets(n):
    return [bytes([i + 1]) * 32 for i in range(n)]


def chosen_game(n, positions=None, seed="g", track=None, rules=None):
    """A new Snow Tails game where the choosers take ``positions[seat]`` (default: seat + 1)."""
    g = sled.new_game(ST, track or st_track(), [f"p{i}" for i in range(n)], rand("new", seed), secrets(n), rules)
    positions = positions or [i + 1 for i in range(n)]
    k = 0
    while g.public.phase == sled.PH_START:
        cur = g.public.current
        g = sled.apply(g, sled.ChooseStart(cur, positions[cur]), rand("choose", seed, k))
        k += 1
    return g


def step(state, choose=lambda acts: acts[0], k=0):
    acts = sled.legal_actions(state)
    assert acts
    return sled.apply(state, choose(acts), rand("step", k))


# ------------------------------------------------------------- components
@pytest.mark.parametrize("n", [0, 1, 6, 7])
def test_st_k1_player_count_outside_2_to_5_refused(n):
    with pytest.raises(IllegalMove) as ei:
        sled.new_game(ST, st_track(), [f"p{i}" for i in range(n)], rand("k1"), secrets(n))
    assert ei.value.rule == "ST-K1"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_st_k1_two_to_five_players(n):
    g = sled.new_game(ST, st_track(), [f"p{i}" for i in range(n)], rand("k1"), secrets(n))
    assert len(g.public.sleds) == n


def test_st_k1_track_is_five_lanes():
    with pytest.raises(TrackError):
        track_from_dict(straight(lanes=4), game=ST, name="x")
    assert st_track().lanes == 5


def test_st_k2_deck_of_twenty_four_of_each_value():
    g = chosen_game(5)
    for s in g.public.sleds:
        ids = list(s.hand) + list(s.deck) + list(s.left) + list(s.right) + list(s.discard)
        assert len(ids) == 20 and len(set(ids)) == 20
        assert Counter(g.private[s.seat].values[c] for c in ids) == Counter({1: 4, 2: 4, 3: 4, 4: 4, 5: 4})
    check_cards(g)


@pytest.mark.parametrize("v", [1, 2, 3, 4, 5])
def test_st_k3_brake_token_takes_each_value_1_to_5(v):
    hand = [v, v, 1, 2, 3]
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=5, right=5, brake=3, hand=hand)],
                  [act("red", {"brake": v}, "F" * (10 - v))])
    assert obs(sc, st, "red")["brake"] == v
    assert coords(st, 0) == [1, 3, 10 - v]  # speed 5 + 5 - v


def test_st_k3_c4_damage_supply_of_twenty_empty_still_gives_damage():
    """ST-K3 20 damage cards; ST-C4 Decision: with all 20 in hands the next damage is still taken."""
    players = [st_player(f"p{i}", (1, i + 1, 6), damage=4) for i in range(5)]
    players[0] = st_player("p0", (1, 1, 0), damage=4, hand=[4, 4, 1, 1, 1])
    players[1] = st_player("p1", (1, 2, 0), damage=4)
    # p0 runs into a tree: the supply (20) is all in hands (5 x 4), but the damage is taken all the same
    track = straight(trees=[(1, 1, 2)])
    players[2:] = [st_player(f"p{i}", (1, i + 1, 6), damage=4) for i in range(2, 5)]
    sc, st = play(ST, players, [act("p0", {"left": 4, "right": 4}, "FFFFF")], track)
    assert sum(s.damage for s in st.public.sleds) == 21
    assert st.sled(0).status == sled.ELIMINATED  # the fifth card counts (ST-R5)
    assert SledRules(game=ST).st_damage_supply == 20


# ------------------------------------------------------------------- setup
def test_st_s1_track_starts_with_start_and_ends_with_finish():
    d = straight()
    bad = dict(d, sections=d["sections"][1:])
    with pytest.raises(TrackError):
        track_from_dict(bad, game=ST, name="x")
    bad = dict(d, sections=d["sections"][:-1])
    with pytest.raises(TrackError):
        track_from_dict(bad, game=ST, name="x")


def test_st_s1_trees_option_track_or_none():
    t = st_track(straight(trees=[(1, 2, 3), (1, 4, 5)]))
    g = chosen_game(2, track=t)
    assert g.public.trees == t.trees and len(t.trees) == 2
    g = chosen_game(2, track=t, rules=SledRules(game=ST, trees="none"))
    assert g.public.trees == frozenset()


def test_st_s2_first_chooser_drawn_at_random_then_round_the_seats():
    firsts = set()
    for seed in range(12):
        g = sled.new_game(ST, st_track(), ["a", "b", "c", "d"], rand("s2", seed), secrets(4))
        first = rand("s2", seed).below(4)  # the first draw of the shared randomness
        assert g.public.phase == sled.PH_START
        assert g.public.current == first
        assert g.public.choosers == tuple((first + i) % 4 for i in range(4))
        firsts.add(first)
    assert len(firsts) > 1


def test_st_s2_players_choose_one_at_a_time_and_taken_positions_are_refused():
    g = sled.new_game(ST, st_track(), ["a", "b", "c"], rand("s2b"), secrets(3))
    order = g.public.choosers
    assert {a.position for a in sled.legal_actions(g)} == {1, 2, 3, 4, 5}
    g = sled.apply(g, sled.ChooseStart(order[0], 5), rand("c0"))
    assert g.public.current == order[1]
    assert 5 not in {a.position for a in sled.legal_actions(g)}
    assert_refused(g, sled.ChooseStart(order[1], 5), "ST-S2")
    assert_refused(g, sled.ChooseStart(order[1], 6), "ST-S2")
    g = sled.apply(g, sled.ChooseStart(order[1], 1), rand("c1"))
    g = sled.apply(g, sled.ChooseStart(order[2], 3), rand("c2"))
    assert g.public.phase == sled.PH_MOVE
    for s_, p in zip(order, (5, 1, 3), strict=True):
        assert g.sled(s_).start == p
        assert coords(g, s_) == [0, p, 0]  # TRK-3: start position p is lane p of the start row


def test_st_s2_option_positions_drawn_at_random():
    rules = SledRules(game=ST, st_start_positions="random")
    seen = set()
    for seed in range(8):
        g = sled.new_game(ST, st_track(), ["a", "b", "c"], rand("s2r", seed), secrets(3), rules)
        assert g.public.phase == sled.PH_MOVE
        starts = tuple(s.start for s in g.public.sleds)
        assert sorted(starts) == [1, 2, 3]
        for s in g.public.sleds:
            assert coords(g, s.seat) == [0, s.start, 0]
        seen.add(starts)
    assert len(seen) > 1


def test_st_s3_brake_3_and_empty_dogs_count_3():
    g = chosen_game(3)
    for s in g.public.sleds:
        assert s.brake == 3 and s.left == () and s.right == ()
        assert sled.dog_value(g, s.seat, "left") == 3 == sled.dog_value(g, s.seat, "right")
    # a scenario sled with no card on its dogs: playing brake 2 gives speed 3 + 3 - 2 = 4
    sc, st = play(ST, [st_player("red", (1, 2, 0), left=None, right=None, hand=[2, 2, 1, 1, 1])],
                  [act("red", {"brake": 2}, "FFFF")])
    assert obs(sc, st, "red")["at"] == [1, 2, 4]
    sc = make_scenario(ST, [st_player("red", (1, 2, 0), left=None, right=None, hand=[2, 2, 1, 1, 1])],
                       [act("red", {"brake": 2}, "FFF")])
    with pytest.raises(IllegalMove):
        sled_scn.play_actions(sc)


def test_st_s4_hand_sizes_5_5_5_6_7_by_start_position():
    g = chosen_game(5, positions=[3, 5, 1, 4, 2])
    for s in g.public.sleds:
        assert len(s.hand) == {1: 5, 2: 5, 3: 5, 4: 6, 5: 7}[s.start]
        assert len(s.deck) == 20 - len(s.hand)
        assert s.damage == 0


def test_st_s4_first_turn_discard_down_to_5():
    g = chosen_game(5, track=st_track(straight(rows=30)))
    # round 1: positions 1..4 act, then position 5 (seat 4) with 7 cards
    k = 0
    while g.public.current != 4 or g.public.phase != sled.PH_MOVE:
        g = step(g, k=k)
        k += 1
    s = g.sled(4)
    assert len(s.hand) == 7 and s.first_turn
    one_card = [m for m in sled.legal_moves(g) if len(m.play) == 1
                and sled.move_outcome(g, m).sled(4).damage == 0 and m.bonus == 0]
    g2 = sled.apply(g, one_card[0], rand("s4"))
    assert g2.public.phase == sled.PH_REFILL
    need = g2.public.refill
    assert need.seat == 4 and need.min_discard == need.max_discard == 1
    g3 = sled.apply(g2, sled.refill_options(g2)[0], rand("s4r"))
    assert len(g3.sled(4).hand) == 5
    assert len(g3.sled(4).deck) == 13  # nothing drawn: 20 - 7 dealt
    check_cards(g3)


# ----------------------------------------------------------- order of play
def test_st_o1_round_one_in_start_position_order():
    g = chosen_game(4, positions=[3, 1, 4, 2])
    assert g.public.order == (1, 3, 0, 2)
    seen = []
    k = 0
    while g.public.round == 1:
        if g.public.phase == sled.PH_MOVE:
            seen.append(g.public.current)
        g = step(g, k=k)
        k += 1
    assert seen == [1, 3, 0, 2]


def test_st_o2_later_rounds_by_race_position_leader_first():
    players = [st_player("back", (1, 1, 0), hand=[1, 1, 1, 1, 1]),
               st_player("mid", (1, 2, 3), hand=[1, 1, 1, 1, 1]),
               st_player("front", (1, 3, 6), hand=[1, 1, 1, 1, 1])]
    # every player crawls one step (left 1: speed 1 + 3 - 3 = 1, drift 2 > speed: 1 drift step)
    actions = [act("back", {"brake": 5}, ""), act("mid", {"brake": 5}, ""), act("front", {"brake": 5}, "")]
    players = [st_player(n, a, left=2, right=2, hand=[5, 5, 5, 5, 5]) for n, a in
               (("back", (1, 1, 0)), ("mid", (1, 2, 3)), ("front", (1, 3, 6)))]
    sc, st = play(ST, players, actions)
    assert st.public.round == 3
    assert names_of(sc, st.public.order) == ["front", "mid", "back"]
    assert st.public.current == seat(sc, "front")
    # the order is set at the start of the round: it follows race position even when the seats differ
    players = [st_player(n, a, left=2, right=2, hand=[5, 5, 5, 5, 5]) for n, a in
               (("back", (1, 1, 8)), ("mid", (1, 2, 3)), ("front", (1, 3, 6)))]
    sc, st = play(ST, players, actions)
    assert names_of(sc, st.public.order) == ["back", "front", "mid"]


def test_st_o2_e2_finished_and_eliminated_sleds_do_not_act():
    players = [st_player("done", (1, 1, 10), hand=[4, 4, 1, 1, 1]),
               st_player("out", (1, 3, 0), damage=4, hand=[4, 4, 1, 1, 1]),
               st_player("slow", (1, 5, 0), left=2, right=2, hand=[5, 5, 5, 5, 5])]
    track = straight(trees=[(1, 3, 1)])
    sc, st = play(ST, players, [act("done", {"left": 4, "right": 4}, "FFFFF"),
                                act("out", {"left": 4, "right": 4}, "FFFFF"),
                                act("slow", {"brake": 5}, "")], track)
    assert st.sled(0).status == sled.FINISHED and st.sled(1).status == sled.ELIMINATED
    assert names_of(sc, st.public.order) == ["slow"]
    assert st.public.current == seat(sc, "slow")
    assert_refused(st, move(st, 0, {}, ""), {"ST-O2", "ST-O1", "TURN"})


# ------------------------------------------------------------- play cards
def test_st_p1_must_play_at_least_one_dog_card():
    sc = make_scenario(ST, [st_player("red", (1, 3, 0))])
    assert_refused(sc.state, sled.Move(0, (), "FFF"), "ST-P1")


def test_st_p2_all_cards_same_value():
    sc = make_scenario(ST, [st_player("red", (1, 3, 0), hand=[4, 3, 2, 5, 5])])
    st = sc.state
    assert_refused(st, move(st, 0, {"left": 4, "right": 3}, "FFFF"), "ST-P2")
    st2 = sled_scn.play_actions(make_scenario(ST, [st_player("red", (1, 3, 0), hand=[5, 5, 2, 1, 1])],
                                         [act("red", {"left": 5, "right": 5}, "FFFFFFF")]))
    assert st2.sled(0).left and sled.dog_value(st2, 0, "left") == 5 == sled.dog_value(st2, 0, "right")


def test_st_p3_at_most_one_card_per_position_three_at_most():
    sc = make_scenario(ST, [st_player("red", (1, 3, 0), hand=[2, 2, 2, 2, 1])])
    st = sc.state
    c = [x for x in st.sled(0).hand if st.value(0, x) == 2]
    assert_refused(st, sled.Move(0, (("left", c[0], 2), ("left", c[1], 2)), "FFF"), "ST-P3")
    assert_refused(st, sled.Move(0, (("nose", c[0], 2),), "FFF"), "ST-P3")
    # three cards, one on each position: left 2, right 2, brake 2 -> speed 2
    st2 = sled.apply(st, sled.Move(0, (("left", c[0], 2), ("right", c[1], 2), ("brake", c[2], 2)), "FF"), rand("p3"))
    assert coords(st2, 0) == [1, 3, 2]
    assert st2.sled(0).brake == 2
    assert len(max((m.play for m in sled.legal_moves(st)), key=len)) == 3


def test_st_p4_card_covers_dog_top_card_counts():
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=5, right=3, hand=[1, 1, 4, 4, 2])],
                  [act("red", {"left": 1}, "D")])
    s = st.sled(0)
    assert len(s.left) == 2 and st.value(0, s.left[0]) == 5 and st.value(0, s.left[-1]) == 1
    assert obs(sc, st, "red")["left"] == 1
    assert coords(st, 0) == [1, 2, 1]  # speed 1 + 3 - 3 = 1, drift 2 toward lane 1: one drift step


def test_st_p5_brake_card_goes_to_discard_and_sets_token():
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=3, right=3, brake=3, hand=[1, 4, 4, 2, 2])],
                  [act("red", {"brake": 1}, "FFFFF")])
    s = st.sled(0)
    assert s.brake == 1
    assert len(s.discard) == 1 and st.value(0, s.discard[0]) == 1 and s.values[s.discard[0]] == 1
    assert coords(st, 0) == [1, 3, 5]


def test_st_p6_no_dog_card_skips_play_moves_with_sled_as_is():
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=4, right=4, brake=3, hand=[], damage=3,
                                 deck=[1, 2, 3, 4])],
                  [act("red", {}, "FFFFF")])
    o = obs(sc, st, "red")
    assert o["at"] == [1, 3, 5] and o["damage"] == 3
    assert o["hand"] == [1, 2]  # refilled to 5 with the 3 damage cards


# -------------------------------------------------------------------- move
def test_st_m1_speed_is_left_plus_right_minus_brake():
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=2, right=2, brake=1, hand=[4, 4, 1, 1, 1])],
                  [act("red", {"left": 4, "right": 4}, "F" * 7)])
    assert obs(sc, st, "red")["at"] == [1, 3, 7]
    sc = make_scenario(ST, [st_player("red", (1, 3, 0), left=2, right=2, brake=1, hand=[4, 4, 1, 1, 1])])
    assert_refused(sc.state, move(sc.state, 0, {"left": 4, "right": 4}, "F" * 6), "TRK-11")


def test_st_m1_speed_zero_or_less_no_move_no_bonus():
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=2, right=2, brake=3, hand=[5, 1, 1, 1, 1])],
                  [act("red", {"brake": 5}, "")])
    assert obs(sc, st, "red")["at"] == [1, 3, 0]
    sc = make_scenario(ST, [st_player("red", (1, 3, 0), left=2, right=2, brake=3, hand=[5, 1, 1, 1, 1]),
                            st_player("b", (1, 1, 5))])
    assert_refused(sc.state, move(sc.state, 0, {"brake": 5}, "", bonus=2), "ST-B1")
    assert_refused(sc.state, move(sc.state, 0, {"brake": 5}, "F"), "TRK-11")


@pytest.mark.parametrize("left,right,end", [(4, 2, [1, 5, 3]), (2, 4, [1, 1, 3])])
def test_st_m2_drift_toward_stronger_dog(left, right, end):
    """Left stronger -> toward lane W (higher lanes); right stronger -> toward lane 1."""
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=left, right=right, brake=3, hand=[3, 1, 1, 1, 1])],
                  [act("red", {"brake": 3}, "FDD")])
    assert obs(sc, st, "red")["at"] == end


def test_st_m2_brake_does_not_affect_drift():
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=5, right=4, brake=3, hand=[1, 1, 1, 1, 1])],
                  [act("red", {"brake": 1}, "FFFFFFDF")])
    assert obs(sc, st, "red")["at"] == [1, 4, 8]


def test_st_m3_drift_steps_placed_where_player_chooses():
    sc = make_scenario(ST, [st_player("red", (1, 2, 0), left=4, right=2, brake=3, hand=[3, 1, 1, 1, 1])])
    paths = sorted(m.path for m in sled.legal_moves(sc.state) if m.play == (("brake", m.play[0][1], 3),))
    assert paths == ["DDF", "DFD", "FDD"]
    st = sc.state
    assert_refused(st, move(st, 0, {"brake": 3}, "FFD"), "TRK-11")
    assert_refused(st, move(st, 0, {"brake": 3}, "DDD"), "TRK-11")
    assert_refused(st, move(st, 0, {"brake": 3}, "FDX"), "TRK-11")


def _m4_players(at=(1, 1, 0)):
    return [st_player("red", at, left=4, right=2, brake=2, hand=[5, 1, 1, 1, 1], deck=[2, 2, 2, 2])]


@pytest.mark.parametrize("path,ok", [("FFDDD", False), ("FDDDF", True), ("DDDFF", True), ("FDFDD", True),
                                     ("DFDDF", True)])
def test_st_m4_x4_obstacle_two_ahead_drift_comes_first(path, ok):
    """ST-X4: speed 5, drift 3, an obstacle two spaces straight ahead."""
    sc = make_scenario(ST, _m4_players(), [act("red", {"left": 5}, path)], straight(blocked=[(1, 1, 2)]))
    if not ok:
        assert_refused(sc.state, move(sc.state, 0, {"left": 5}, path), "ST-M4")
        return
    st = sled_scn.play_actions(sc)
    assert st.sled(0).damage == 0
    assert coords(st, 0)[1] == 4


def test_st_m4_edge_collision_after_drift_is_legal_before_is_not():
    # lane 4, drift 3 toward lane 5: the second drift step hits the side edge
    sc = make_scenario(ST, _m4_players((1, 4, 0)), [act("red", {"left": 5}, "DDDFF")])
    st = sled_scn.play_actions(sc)
    assert obs(sc, st, "red")["at"] == [1, 5, 1] and obs(sc, st, "red")["damage"] == 1
    # "FDD..." hits the edge at step 3 with only 2 drift steps of min(3, 3): illegal
    assert_refused(sc.state, move(sc.state, 0, {"left": 5}, "FDDDF"), "ST-M4")


@pytest.mark.parametrize("at,play,blocked,path,good,out", [
    # issue 19: an obstacle two ahead, speed 5, drift 2: drifting first avoids it
    ((1, 3, 0), {"left": 4}, [(1, 3, 2)], "FFDDF", "DDFFF", sled.RACING),
    # issue 19: the side edge, speed 5, drift 4: drifting first still meets it, at step 1
    ((1, 1, 0), {"right": 5}, [], "FDDDD", "DDDDF", sled.ELIMINATED),
])
def test_st_m4_r5_drift_first_also_when_the_collision_eliminates(at, play, blocked, path, good, out):
    """ST-R5 with ST-M4: a collision that gives the fifth damage card is no exemption from drift-first;
    ``legal_moves`` lists no such path (the issue's two examples, damage 4)."""
    left, right = (3, 2) if "left" in play else (1, 3)
    p = [st_player("red", at, left=left, right=right, brake=1, hand=[4, 5, 2, 3, 3], deck=[1, 1, 1], damage=4)]
    sc = make_scenario(ST, p, [act("red", play, path)], straight(blocked=blocked))
    assert_refused(sc.state, move(sc.state, 0, play, path), "ST-M4")
    legal = {m.path for m in sled.legal_moves(sc.state) if dict((k, v) for k, _, v in m.play) == play}
    assert path not in legal and good in legal
    st = sled.apply(sc.state, move(sc.state, 0, play, good), sled_scn.Rand(b"x" * 32))
    assert st.sled(0).status == out


def test_st_m4_sled_collision_may_cut_drift():
    """ST-M4 applies to the edge and obstacles, not to sleds (ST-C1)."""
    players = _m4_players() + [st_player("blue", (1, 1, 2))]
    sc, st = play(ST, players, [act("red", {"left": 5}, "FFDDD")])
    assert obs(sc, st, "red")["at"] == [1, 1, 1]


# ------------------------------------------------------------------ bonus
def _b1_players(first_turn=False):
    return [st_player("mover", (1, 3, 0), left=3, right=3, brake=3, hand=[1, 1, 4, 4, 2], first_turn=first_turn),
            st_player("a", (1, 1, 9)), st_player("b", (1, 5, 8))]


def test_st_b1_balance_bonus_equals_race_position():
    sc, st = play(ST, _b1_players(), [act("mover", {"brake": 1}, "FFFFF", bonus=3)], straight(rows=20))
    assert obs(sc, st, "mover")["at"] == [1, 3, 8]


@pytest.mark.parametrize("bonus", [1, 2, 4])
def test_st_b1_bonus_is_all_or_nothing(bonus):
    sc = make_scenario(ST, _b1_players(), [], straight(rows=20))
    assert_refused(sc.state, move(sc.state, 0, {"brake": 1}, "FFFFF", bonus), "ST-B1")


def test_st_b1_no_bonus_first_turn_or_unbalanced():
    sc = make_scenario(ST, _b1_players(first_turn=True), [], straight(rows=20))
    assert_refused(sc.state, move(sc.state, 0, {"brake": 1}, "FFFFF", 3), "ST-B1")
    sc = make_scenario(ST, _b1_players(), [], straight(rows=20))
    assert_refused(sc.state, move(sc.state, 0, {"left": 4}, "FFFD", 3), "ST-B1")
    assert {m.bonus for m in sled.legal_moves(sc.state) if m.play == (("left", m.play[0][1], 4),)} == {0}


def test_st_b1_bonus_only_after_a_path_without_collision():
    players = _b1_players() + [st_player("block", (1, 3, 5))]
    sc = make_scenario(ST, players, [], straight(rows=20))
    assert_refused(sc.state, move(sc.state, 0, {"brake": 1}, "FFFFF", 4), "ST-B1")


def test_st_b1_race_position_counts_only_sleds_still_racing():
    sc = make_scenario(ST, _b1_players(), [], straight(rows=20))
    st = sc.state
    # "a" eliminated (off the track), "b" finished: the mover is first of the sleds still racing
    sleds = list(st.public.sleds)
    sleds[1] = replace(sleds[1], status=sled.ELIMINATED, at=None)
    sleds[2] = replace(sleds[2], status=sled.FINISHED)
    st = replace(st, public=replace(st.public, sleds=tuple(sleds), order=(0,)))
    assert sled.race_position(st, 0) == 1
    st2 = sled.apply(st, move(st, 0, {"brake": 1}, "FFFFF", 1), rand("b1"))
    assert coords(st2, 0) == [1, 3, 6]
    assert_refused(st, move(st, 0, {"brake": 1}, "FFFFF", 3), "ST-B1")


def test_st_b1_bonus_taken_as_forward_steps_after_drift_path():
    """TRK-13: bonus steps are forward steps, taken after the path."""
    sc, st = play(ST, [st_player("m", (1, 3, 0), left=4, right=4, brake=3, hand=[1, 1, 1, 1, 1]),
                       st_player("a", (1, 1, 9))],
                  [act("m", {"brake": 1}, "F" * 7, bonus=2)], straight(rows=20))
    assert obs(sc, st, "m")["at"] == [1, 3, 9]


# ----------------------------------------------------------- speed limits
def test_st_l1_speed_over_limit_costs_damage_per_point_and_keeps_moving():
    sc, st = play(ST, [st_player("red", (1, 3, 3), left=3, right=3, brake=3, hand=[5, 5, 1, 1, 1])],
                  [act("red", {"left": 5, "right": 5}, "F" * 7)], cornered(speed_limit=5))
    o = obs(sc, st, "red")
    assert o["damage"] == 2  # speed 7, limit 5
    assert o["at"] == [3, 3, 1]  # 5 spaces of lane 3 in the corner, then on


def test_st_l1_at_or_under_limit_no_damage_and_stopping_before_line_none():
    sc, st = play(ST, [st_player("red", (1, 3, 3), left=3, right=3, brake=3, hand=[4, 4, 1, 1, 1])],
                  [act("red", {"left": 4, "right": 4}, "F" * 5)], cornered(speed_limit=5))
    assert obs(sc, st, "red")["damage"] == 0
    sc, st = play(ST, [st_player("red", (1, 3, 0), left=3, right=3, brake=3, hand=[5, 5, 1, 1, 1])],
                  [act("red", {"left": 5, "right": 5}, "FFF" + "FFFF")], cornered(speed_limit=1, before=12))
    assert obs(sc, st, "red")["damage"] == 0 and obs(sc, st, "red")["at"] == [1, 3, 7]


def test_st_l1_line_counts_once_sled_already_past_is_not_charged():
    sc, st = play(ST, [st_player("red", (2, 3, 0), left=3, right=3, brake=3, hand=[5, 5, 1, 1, 1])],
                  [act("red", {"left": 5, "right": 5}, "F" * 7)], cornered(speed_limit=1))
    assert obs(sc, st, "red")["damage"] == 0


def test_st_l1_x2_bonus_counts_in_speed():
    """ST-X2: left 3, right 3, brake 1, 4th of 5: speed 5, bonus 4; a red line of 7 costs 2 with the bonus."""
    def players():
        return [st_player("m", (1, 3, 3), left=3, right=3, brake=3, hand=[1, 1]),
                st_player("a", (3, 1, 5)), st_player("b", (3, 2, 5)), st_player("c", (3, 4, 5)),
                st_player("z", (1, 5, 0))]
    track = cornered(speed_limit=7)
    sc = make_scenario(ST, players(), [], track)
    assert sled.race_position(sc.state, 0) == 4
    assert {m.bonus for m in sled.legal_moves(sc.state) if m.play == (("brake", m.play[0][1], 1),)} == {0, 4}
    sc, st = play(ST, players(), [act("m", {"brake": 1}, "FFFFF", bonus=4)], track)
    assert obs(sc, st, "m")["damage"] == 2 and obs(sc, st, "m")["at"] == [3, 3, 3]
    sc, st = play(ST, players(), [act("m", {"brake": 1}, "FFFFF")], track)
    assert obs(sc, st, "m")["damage"] == 0 and obs(sc, st, "m")["at"] == [2, 3, 4]


def test_st_l1_red_line_crossed_during_bonus_counts():
    players = [st_player("m", (1, 3, 0), left=3, right=3, brake=3, hand=[1, 1]),
               st_player("a", (3, 1, 5))]
    sc, st = play(ST, players, [act("m", {"brake": 1}, "FFFFF", bonus=2)], cornered(speed_limit=4, before=6))
    assert obs(sc, st, "m")["at"] == [2, 3, 1]
    assert obs(sc, st, "m")["damage"] == 3  # speed 5 + bonus 2 over limit 4


def test_st_l2_limit_per_lane_uses_lane_entered():
    track = cornered(speed_limit=[2, 9, 9, 9, 9])
    p = [st_player("red", (1, 2, 3), left=3, right=3, brake=2, hand=[4, 1])]
    sc, st = play(ST, p, [act("red", {"right": 4}, "DFFFF")], track)
    assert obs(sc, st, "red")["damage"] == 3  # entered lane 1 (limit 2) at speed 5
    sc, st = play(ST, p, [act("red", {"right": 4}, "FFFFD")], track)
    assert obs(sc, st, "red")["damage"] == 0  # entered lane 2 (limit 9)
    track = cornered(speed_limit=[3, 4, 5, 6, 7])
    for lane, dmg in ((1, 2), (3, 0), (5, 0)):
        sc, st = play(ST, [st_player("r", (1, lane, 3), left=3, right=3, brake=1, hand=[1, 1])],
                      [act("r", {"brake": 1}, "FFFFF")], track)
        assert obs(sc, st, "r")["damage"] == dmg, lane


# ------------------------------------------------------------------ refill
def test_st_r1_draw_up_to_five_damage_counts():
    sc, st = play(ST, [st_player("red", (1, 3, 0), hand=[4, 4, 1, 1], damage=1, deck=[5, 2, 2, 3])],
                  [act("red", {"left": 4, "right": 4}, "FFFFF")])
    o = obs(sc, st, "red")
    assert o["hand"] == [1, 1, 5, 2] or sorted(o["hand"]) == [1, 1, 2, 5]
    assert len(o["hand"]) + o["damage"] == 5


def test_st_r2_discard_dog_cards_down_to_five_damage_never_discarded():
    track = straight(trees=[(1, 3, 1), (1, 3, 3)])
    p = [st_player("red", (1, 3, 0), hand=[4, 1, 2, 3, 5], deck=[2, 2, 2])]
    sc, st = play(ST, p, [act("red", {"left": 4}, "FDFF", discard=[5])], straight(trees=[(1, 3, 1), (1, 4, 3)]))
    o = obs(sc, st, "red")
    assert o["damage"] == 2 and sorted(o["hand"]) == [1, 2, 3]
    # the count is fixed: none or two dog cards is refused
    sc = make_scenario(ST, p, [act("red", {"left": 4}, "FDFF")], straight(trees=[(1, 3, 1), (1, 4, 3)]))
    st = sled.apply(sc.state, move(sc.state, 0, {"left": 4}, "FDFF"), rand("r2"))
    assert st.public.phase == sled.PH_REFILL
    assert st.public.refill.min_discard == st.public.refill.max_discard == 1 and not st.public.refill.draw is False
    hand = st.sled(0).hand
    assert_refused(st, sled.Refill(0, ()), "ST-R2")
    assert_refused(st, sled.Refill(0, ((hand[0], st.value(0, hand[0])), (hand[1], st.value(0, hand[1])))), "ST-R2")
    del track


def test_st_r3_discards_face_up_on_discard_pile():
    p = [st_player("red", (1, 3, 0), hand=[4, 1, 2, 3, 5], deck=[2, 2, 2])]
    sc, st = play(ST, p, [act("red", {"left": 4}, "FDFF", discard=[5])], straight(trees=[(1, 3, 1), (1, 4, 3)]))
    s = st.sled(0)
    assert [s.values[c] for c in s.discard] == [5]  # public value


def test_st_r4_reshuffle_when_deck_below_three():
    p = [st_player("red", (1, 3, 0), left=3, right=3, brake=3, hand=[4, 4, 1, 1, 1], deck=[5, 5])]
    sc, st = play(ST, p, [act("red", {"left": 4, "brake": 4}, "FDF")], straight(rows=20))
    s = st.sled(0)
    # gathered: discard (brake 4), covered left 3, deck 5 5; the top dogs (left 4, right 3) stay
    assert s.discard == ()
    assert len(s.left) == 1 and len(s.right) == 1
    assert st.value(0, s.left[0]) == 4
    pool = sorted(st.private[0].values[c] for c in list(s.hand) + list(s.deck))
    assert pool == [1, 1, 1, 3, 4, 5, 5]  # hand 1 1 1, + brake 4, covered left 3, deck 5 5
    assert len(s.hand) == 5 and len(s.deck) == 2
    assert s.generation == 1
    live = list(s.hand) + list(s.deck) + list(s.left) + list(s.right) + list(s.discard)
    assert len(set(live)) == len(live) == 9  # nothing lost: 2 dogs + 5 in hand + 2 in the deck


def test_st_r4_no_reshuffle_with_three_or_no_draw():
    p = [st_player("red", (1, 3, 0), left=3, right=3, brake=3, hand=[4, 4, 1, 1, 1], deck=[5, 5, 2])]
    sc, st = play(ST, p, [act("red", {"left": 4, "brake": 4}, "FDF")], straight(rows=20))
    s = st.sled(0)
    assert s.generation == 0 and len(s.discard) == 1 and len(s.left) == 2 and len(s.deck) == 1
    # a sled collision draws nothing (ST-C1): no reshuffle although the deck holds 2
    p = [st_player("red", (1, 3, 0), hand=[4, 4, 1, 1, 1], deck=[5, 5]), st_player("b", (1, 3, 3))]
    sc, st = play(ST, p, [act("red", {"left": 4, "right": 4}, "FFFFF")])
    assert st.sled(0).generation == 0 and len(st.sled(0).deck) == 2


def test_st_r5_fifth_damage_eliminates_mid_path():
    p = [st_player("red", (1, 3, 0), hand=[4, 4, 1, 1, 1], damage=4), st_player("blue", (1, 1, 0))]
    sc, st = play(ST, p, [act("red", {"left": 4, "right": 4}, "FFFFF")], straight(trees=[(1, 3, 1)]))
    o = obs(sc, st, "red")
    assert o["eliminated"] and o["at"] is None and o["damage"] == 5
    assert st.public.eliminated == (0,)
    assert sled.ranking(st) == [1]
    assert 0 not in st.public.order


def test_st_r5_speed_limit_damage_can_eliminate():
    p = [st_player("red", (1, 3, 3), hand=[5, 5, 1, 1, 1], damage=3), st_player("b", (1, 1, 0))]
    sc, st = play(ST, p, [act("red", {"left": 5, "right": 5}, "F" * 7)], cornered(speed_limit=5))
    assert obs(sc, st, "red")["eliminated"]


def test_st_r5_sled_past_finish_never_eliminated():
    p = [st_player("red", (2, 3, 1), hand=[4, 4], damage=4), st_player("b", (1, 1, 0))]
    sc, st = play(ST, p, [act("red", {"left": 4, "right": 4}, "FFFFF")])
    o = obs(sc, st, "red")
    assert not o["eliminated"] and o["at"] == [2, 3, 2] and o["damage"] == 5


# ----------------------------------------------------------------- hazards
def test_st_c1_sled_ends_before_draws_nothing():
    sc, st = play(ST, [st_player("red", (1, 3, 0), hand=[4, 4, 1, 2, 5], deck=[2, 3, 3, 1]),
                       st_player("blue", (1, 3, 4))],
                  [act("red", {"left": 4, "right": 4}, "FFFFF")])
    assert obs(sc, st, "red")["at"] == [1, 3, 3]
    assert sorted(obs(sc, st, "red")["hand"]) == [1, 2, 5]
    assert obs(sc, st, "blue")["at"] == [1, 3, 4] and obs(sc, st, "blue")["damage"] == 0


def test_st_c1_x3_tree_then_sled_takes_damage_draws_nothing_discards_to_five():
    """ST-X3."""
    p = [st_player("red", (1, 3, 0), hand=[4, 4, 1, 2, 5, 5, 3], deck=[2, 3, 3, 1]), st_player("blue", (1, 3, 4))]
    sc, st = play(ST, p, [act("red", {"left": 4, "right": 4}, "FFFFF", discard=[1])], straight(trees=[(1, 3, 1)]))
    o = obs(sc, st, "red")
    assert o["at"] == [1, 3, 3] and o["damage"] == 1
    assert sorted(o["hand"]) == [2, 3, 5, 5]  # 4 dog cards + 1 damage = 5 after discarding one; nothing drawn
    assert len(st.sled(0).deck) == 4


def test_st_c2_edge_stops_one_damage_refill_normally():
    sc, st = play(ST, [st_player("red", (1, 4, 0), left=3, right=2, brake=2, hand=[4, 1, 1, 5, 5],
                                 deck=[2, 3, 3])], [act("red", {"left": 4}, "FDDF")])
    o = obs(sc, st, "red")
    assert o["at"] == [1, 5, 2] and o["damage"] == 1 and sorted(o["hand"]) == [1, 1, 5, 5]


def test_st_c2_beyond_last_row_and_obstacle():
    # (a second sled still to act keeps the round open: at its end a finished sled is lifted, ST-E2)
    sc, st = play(ST, [st_player("red", (2, 3, 0), hand=[4, 4, 1, 1, 1], deck=[2, 2, 2]), st_player("b", (1, 1, 0))],
                  [act("red", {"left": 4, "right": 4}, "FFFFF")])
    assert obs(sc, st, "red")["at"] == [2, 3, 2] and obs(sc, st, "red")["damage"] == 1
    sc, st = play(ST, [st_player("red", (1, 3, 0), hand=[4, 4, 1, 1, 1], deck=[2, 2, 2])],
                  [act("red", {"left": 4, "right": 4}, "FFFFF")], straight(blocked=[(1, 3, 3)]))
    o = obs(sc, st, "red")
    assert o["at"] == [1, 3, 2] and o["damage"] == 1 and len(o["hand"]) == 4  # refilled normally


def test_st_c3_trees_removed_damage_each_keeps_moving():
    sc, st = play(ST, [st_player("red", (1, 3, 0), hand=[4, 4, 1, 2, 5], deck=[2, 3, 3, 1])],
                  [act("red", {"left": 4, "right": 4}, "FFFFF")], straight(trees=[(1, 3, 2), (1, 3, 4), (1, 1, 1)]))
    o = obs(sc, st, "red")
    assert o["at"] == [1, 3, 5] and o["damage"] == 2 and sorted(o["hand"]) == [1, 2, 5]
    assert [list(st.track.coords(t)) for t in st.public.trees] == [[1, 1, 1]]


# ------------------------------------------------------------- end of race
def _finish_players():
    return [st_player("early", (1, 1, 10), left=2, right=2, hand=[3, 3, 1, 1, 1]),  # crosses, ends at (2,1,1)
            st_player("late", (1, 2, 9), left=2, right=2, hand=[4, 4, 5, 5, 1]),  # crosses after, ends at (2,2,2)
            st_player("slow", (1, 3, 0), left=2, right=2, hand=[5, 5, 5, 5, 5])]


def test_st_e1_same_round_finishers_placed_by_race_position():
    sc, st = play(ST, _finish_players(), [act("early", {"left": 3, "right": 3}, "FFF"),
                                         act("late", {"left": 4, "right": 4}, "FFFFF"),
                                         act("slow", {"brake": 5}, "")])
    assert names_of(sc, st.public.places) == ["late", "early"]
    assert st.sled(0).status == st.sled(1).status == sled.FINISHED
    assert st.public.phase == sled.PH_MOVE and names_of(sc, st.public.order) == ["slow"]


def test_st_e1_same_band_tie_lane_one_first():
    p = [st_player("two", (1, 2, 11), hand=[1, 1, 1, 1, 1]), st_player("one", (1, 1, 11), hand=[1, 1, 1, 1, 1])]
    sc, st = play(ST, p, [act("two", {"brake": 1}, "FFFFF"), act("one", {"brake": 1}, "FFFFF")],
                  straight(finish=5))
    assert names_of(sc, st.public.places) == ["one", "two"]


def test_st_e1_earlier_round_keeps_better_place_e2_race_goes_on():
    sc, st = play(ST, _finish_players(), [act("early", {"left": 3, "right": 3}, "FFF"),
                                         act("late", {"left": 1}, ""),
                                         act("slow", {"brake": 5}, "")])
    assert names_of(sc, st.public.places) == ["early"]
    assert st.public.phase == sled.PH_MOVE
    # round 3: "late" crosses and goes further than "early", but "early" keeps 1st
    assert names_of(sc, st.public.order) == ["late", "slow"]
    st = sled.apply(st, move(st, 1, {"left": 4, "right": 4}, "FFFFF"), rand("e1"))
    st = sled.apply(st, move(st, 2, {"brake": 5}, ""), rand("e1b"))
    assert names_of(sc, st.public.places) == ["early", "late"]
    assert st.public.phase == sled.PH_MOVE and names_of(sc, st.public.order) == ["slow"]
    # E2: the race goes on until every sled has finished (or been eliminated)
    st = sled.apply(st, move(st, 2, {"brake": 5}, ""), rand("e1c"))
    assert st.public.phase == sled.PH_MOVE and st.public.current == 2


def test_st_e2_race_over_when_all_finished_or_eliminated():
    p = [st_player("a", (1, 1, 10), hand=[4, 4, 1, 1, 1]),
         st_player("b", (1, 3, 0), hand=[4, 4, 1, 1, 1], damage=4)]
    sc, st = play(ST, p, [act("a", {"left": 4, "right": 4}, "FFFFF"), act("b", {"left": 4, "right": 4}, "FFFFF")],
                  straight(trees=[(1, 3, 1)]))
    assert st.public.phase == sled.PH_OVER and st.is_over
    assert names_of(sc, sled.final_places(st)) == ["a", "b"]
    assert_refused(st, move(st, 0, {"brake": 1}, "FFFFFFF"), {"ST-E2"})


def test_st_e3_points_and_eliminated_listed_last_latest_first():
    p = [st_player("x", (1, 1, 0), hand=[4, 4, 1, 1, 1], damage=4),
         st_player("w1", (1, 2, 11), hand=[4, 4, 1, 1, 1]),
         st_player("y", (1, 3, 0), hand=[4, 4, 1, 1, 1], damage=4),
         st_player("w2", (1, 4, 10), hand=[4, 4, 1, 1, 1]),
         st_player("w3", (1, 5, 9), hand=[4, 4, 1, 1, 1])]
    track = straight(trees=[(1, 1, 1), (1, 3, 1)])
    acts = [act("x", {"left": 4, "right": 4}, "FFFFF"), act("y", {"left": 4, "right": 4}, "FFFFF"),
            act("w1", {"left": 4, "right": 4}, "FFFFF"), act("w2", {"left": 4, "right": 4}, "FFFFF"),
            act("w3", {"left": 4, "right": 4}, "FFFFF")]
    sc, st = play(ST, p, acts, track)
    assert st.is_over
    # finishers by race position: w1 (2,2,3)? all in the finish section: ranked by band then lane
    fin = names_of(sc, st.public.places)
    assert sorted(fin) == ["w1", "w2", "w3"]
    assert names_of(sc, sled.final_places(st)) == fin + ["y", "x"]
    pts = sled.points(st)
    assert [pts[seat(sc, n)] for n in fin] == [5, 3, 2]
    assert pts[seat(sc, "x")] == pts[seat(sc, "y")] == 0
    assert SledRules(game=ST).st_points == (5, 3, 2, 1, 0)


def test_st_e3_five_finishers_points_5_3_2_1_0():
    p = [st_player(f"p{i}", (1, i + 1, 11), hand=[4, 4, 1, 1, 1]) for i in range(5)]
    sc, st = play(ST, p, [act(f"p{i}", {"left": 4, "right": 4}, "FFFFF") for i in range(5)], straight(finish=6))
    assert st.is_over
    assert names_of(sc, st.public.places) == ["p0", "p1", "p2", "p3", "p4"]  # same band: lane 1 first
    assert [sled.points(st)[i] for i in range(5)] == [5, 3, 2, 1, 0]


# ST-E4 (a series of races, points added up, ties to the better place in the last race) is tested with
# the series module in tests/series/test_series.py.


# ---------------------------------------------------------------- examples
def test_st_x1_speed_2_drift_3_both_steps_drift_one_lost():
    p = [st_player("red", (1, 2, 0), left=2, right=1, brake=3, hand=[4, 2, 2, 5, 5], deck=[1, 1, 1, 1])]
    sc, st = play(ST, p, [act("red", {"left": 4}, "DD")])
    assert obs(sc, st, "red")["at"] == [1, 4, 2]
    sc = make_scenario(ST, p)
    for path in ("FD", "DF", "DDD", "D"):
        assert_refused(sc.state, move(sc.state, 0, {"left": 4}, path), "TRK-11")
    assert sled.speed_and_drift(ST, 4, 1, 3) == (2, 3, 1)

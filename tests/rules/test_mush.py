"""Mush! Mush! rules (../../shared/rules/mush-mush.md): one or more tests per rule id MM-*.

Tournaments (MM-T1..T4) are not implemented yet and not tested here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from rules_helpers import (act, assert_refused, check_cards, coords, cornered, make_scenario, mm_player, move,
                           names_of, names_ranking, obs, play, rand, seat, straight)
from snowp2p import scenario as scn
from snowp2p.games.sled import scenario as sled_scn
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.core.errors import IllegalMove
from snowp2p.games.sled.track import TrackError, shipped_tracks, track_from_dict

MM = "mush"
ONES = [1, 1, 1, 1, 1]


def mm_track(d=None):
    return track_from_dict(d or straight(), game=MM, name="mm-test")


def secrets(n):
    return [bytes([i + 1]) * 32 for i in range(n)]


def new(n, seed="g", track=None, rules=None):
    return sled.new_game(MM, track or mm_track(straight(rows=20)), [f"p{i}" for i in range(n)], rand("mm", seed),
                         secrets(n), rules)


def with_buildings(*buildings, rows=12, trees=()):
    d = straight(rows=rows, trees=trees)
    d["buildings"] = list(buildings)
    return d


def add_aside_fives(state, seat_, n=2):
    """Give a scenario sled ``n`` set-aside value-5 cards (MM-S3); scenarios have none."""
    s = state.sled(seat_)
    first = len(s.values)
    ids = tuple(range(first, first + n))
    p = state.private[seat_]
    privates = list(state.private)
    privates[seat_] = replace(p, values=p.values + (5,) * n)
    sleds = list(state.public.sleds)
    sleds[seat_] = replace(s, aside=s.aside + ids, values=s.values + (5,) * n)
    return replace(state, public=replace(state.public, sleds=tuple(sleds)), private=tuple(privates))


# -------------------------------------------------------------- components
@pytest.mark.parametrize("n", [0, 1, 9, 10])
def test_mm_k1_player_count_outside_2_to_8_refused(n):
    with pytest.raises(IllegalMove) as ei:
        new(n)
    assert ei.value.rule == "MM-K1"


@pytest.mark.parametrize("n", range(2, 9))
def test_mm_k1_two_to_eight_players(n):
    assert len(new(n).public.sleds) == n


def test_mm_k2_deck_of_twenty_0x2_1x4_2x4_3x4_4x4_5x2():
    g = new(4)
    want = Counter({0: 2, 1: 4, 2: 4, 3: 4, 4: 4, 5: 2})
    for s in g.public.sleds:
        ids = list(s.hand) + list(s.deck) + list(s.left) + list(s.right) + list(s.aside) + list(s.discard)
        assert len(ids) == len(set(ids)) == 20
        assert Counter(g.private[s.seat].values[c] for c in ids) == want
        assert isinstance(s.die, int)  # the bonus die is a counter set to a value
    check_cards(g)


def test_mm_k3_buildings_four_kinds_and_collision_supply():
    for kind in ("kennels", "chapel", "bothy"):
        t = mm_track(with_buildings({"kind": kind, "section": 1, "row": 4, "lane": 2}))
        assert kind in t.triggers
    t = mm_track(with_buildings({"kind": "tavern", "section": 1, "row": 4, "side": "right"}))
    assert "tavern" in t.triggers
    with pytest.raises(TrackError):
        mm_track(with_buildings({"kind": "saloon", "section": 1, "row": 4, "lane": 2}))
    assert SledRules(game=MM).mm_collision_supply == 32


def test_mm_k4_shipped_tracks():
    tracks = shipped_tracks(MM)
    if not tracks:
        pytest.skip("no Mush! Mush! tracks shipped yet (snowp2p/games/sled/tracks/*.toml)")
    assert len(tracks) >= 8
    assert sum(any(s.tight for s in t.sections) for t in tracks.values()) >= 2
    assert sum(bool(t.buildings) for t in tracks.values()) >= 2


# ------------------------------------------------------------------- setup
def test_mm_s1_trees_anywhere_and_option_none():
    d = cornered(speed_limit=None, trees=[(2, 1, 0), (2, 1, 1), (1, 3, 2)])
    t = mm_track(d)
    assert len(t.trees) == 3
    g = new(2, track=t)
    assert g.public.trees == t.trees
    assert new(2, track=t, rules=SledRules(game=MM, trees="none")).public.trees == frozenset()


def test_mm_s2_two_value_2_cards_are_the_starting_dogs():
    g = new(3)
    for s in g.public.sleds:
        assert len(s.left) == len(s.right) == 1
        assert s.values[s.left[0]] == 2 == s.values[s.right[0]]  # public
        assert sled.dog_value(g, s.seat, "left") == 2 == sled.dog_value(g, s.seat, "right")
        rest = [g.private[s.seat].values[c] for c in list(s.hand) + list(s.deck)]
        assert rest.count(2) == 2


def test_mm_s3_two_fives_set_aside():
    g = new(3)
    for s in g.public.sleds:
        assert len(s.aside) == 2 and all(s.values[c] == 5 for c in s.aside)
        assert 5 not in [g.private[s.seat].values[c] for c in list(s.hand) + list(s.deck)]


def test_mm_s4_shuffled_deck_five_cards_each():
    g = new(6)
    hands = set()
    for s in g.public.sleds:
        assert len(s.hand) == 5 and len(s.deck) == 11 and s.damage == 0
        hands.add(tuple(sorted(g.private[s.seat].values[c] for c in s.hand)))
    assert len(hands) > 1


def test_mm_s5_start_order_drawn_at_random():
    orders = set()
    for seed in range(10):
        g = new(5, seed=seed)
        want = sled.shuffle_with(rand("mm", seed), list(range(5)))
        assert list(g.public.order) == want
        assert [g.sled(i).start for i in want] == [1, 2, 3, 4, 5]
        assert g.public.current == want[0]
        orders.add(tuple(want))
    assert len(orders) > 1


def test_mm_s6_bonus_die_by_start_order():
    g = new(8)
    for s in g.public.sleds:
        assert s.die == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4}[s.start]
    # available from the start: the first move may use it
    cur = g.public.current
    assert max(m.bonus for m in sled.legal_moves(g)) == g.sled(cur).die


# ----------------------------------------------------------- order of play
def test_mm_o1_first_round_in_start_order():
    g = new(4, seed="o1")
    start_order = list(g.public.order)
    seen = []
    k = 0
    while g.public.round == 1 and not g.is_over:
        if g.public.phase == sled.PH_MOVE:
            seen.append(g.public.current)
            assert g.sled(g.public.current).at is None
        acts = sled.legal_actions(g)
        g = sled.apply(g, acts[k % len(acts)], rand("o1", k))
        k += 1
    assert seen == start_order


def test_mm_o1_origin_any_start_space_shared():
    p = [mm_player("a", None, first_turn=True, hand=[2, 2, 1, 1, 1]),
         mm_player("b", None, first_turn=True, hand=[1, 1, 0, 0, 3])]
    sc, st = play(MM, p, [act("a", {"left": 2}, "FFFF", origin=3), act("b", {"left": 0}, "DD", origin=3)])
    assert obs(sc, st, "a")["at"] == [1, 3, 3]
    assert obs(sc, st, "b")["at"] == [1, 1, 1]  # 0 + 2: forward 2, drift 2 toward lane 1
    sc = make_scenario(MM, p)
    origins = {m.origin for m in sled.legal_moves(sc.state)}
    assert origins == {1, 2, 3, 4, 5}
    # two sleds may stand on one start space (speed 0 keeps the sled there)
    p = [mm_player("a", None, first_turn=True, left=0, right=0, hand=[0, 1, 1, 1, 1]),
         mm_player("b", None, first_turn=True, left=0, right=0, hand=[0, 1, 1, 1, 1])]
    sc, st = play(MM, p, [act("a", {"left": 0}, "", origin=2), act("b", {"left": 0}, "", origin=2)])
    assert obs(sc, st, "a")["at"] == obs(sc, st, "b")["at"] == [0, 2, 0]


def test_mm_o1_origin_is_a_start_space():
    """The scenario format's origin is "the start space chosen" ([section, lane, index], like at); a bare
    lane stays accepted as a shorthand.  Both must give the same move."""
    p = [mm_player("a", None, first_turn=True, hand=[2, 2, 1, 1, 1]),
         mm_player("b", None, first_turn=True, hand=[1, 1, 0, 0, 3])]
    sc, st = play(MM, p, [act("a", {"left": 2}, "FFFF", origin=[0, 3, 0]), act("b", {"left": 0}, "DD", origin=[0, 3, 0])])
    assert obs(sc, st, "a")["at"] == [1, 3, 3]
    assert obs(sc, st, "b")["at"] == [1, 1, 1]
    sc2, st2 = play(MM, p, [act("a", {"left": 2}, "FFFF", origin=3), act("b", {"left": 0}, "DD", origin=3)])
    assert obs(sc2, st2, "a") == obs(sc, st, "a") and obs(sc2, st2, "b") == obs(sc, st, "b")
    # the start row is the start section's last row: with 3 start rows, lane 2's start space is [0, 2, 2]
    _, st3 = play(MM, p[:1], [act("a", {"left": 2}, "FFFF", origin=[0, 2, 2])], track=straight(start=3))
    _, st4 = play(MM, p[:1], [act("a", {"left": 2}, "FFFF", origin=2)], track=straight(start=3))
    assert st3.public.sleds[0].at == st4.public.sleds[0].at
    # a space of the track that is not a start space: the move is refused (MM-O1), which a scenario
    # expecting {"error": "illegal"} passes
    for space in ([0, 2, 0], [1, 2, 0]):
        sc5 = make_scenario(MM, p[:1], [act("a", {"left": 2}, "FFFF", origin=space)], track=straight(start=3),
                            expect={"error": "illegal"})
        with pytest.raises(IllegalMove) as e:
            sled_scn.play_actions(sc5)
        assert e.value.rule == "MM-O1"
        assert scn.run_scenario(sc5) == []


@pytest.mark.parametrize("origin,msg", [([9, 1, 0], "no space [9, 1, 0]"), ([0, 1], "expected the start space"),
                                        ("1", "expected the start space"), (0, "lane 0 is not a lane"),
                                        ([0, True, 0], "expected the start space")])
def test_mm_o1_bad_origin_is_a_one_line_error(origin, msg):
    p = [mm_player("a", None, first_turn=True, hand=[2, 2, 1, 1, 1])]
    with pytest.raises(scn.ScenarioError) as e:
        make_scenario(MM, p, [act("a", {"left": 2}, "FFFF", origin=origin)])
    assert msg in str(e.value) and "actions[0].origin" in str(e.value) and "\n" not in str(e.value)


def test_mm_o1_origin_required_on_first_turn_only():
    sc = make_scenario(MM, [mm_player("a", None, first_turn=True, hand=[2, 2, 1, 1, 1])])
    assert_refused(sc.state, move(sc.state, 0, {"left": 2}, "FFFF"), "MM-O1")
    assert_refused(sc.state, move(sc.state, 0, {"left": 2}, "FFFF", origin=6), "MM-O1")
    sc = make_scenario(MM, [mm_player("a", (1, 2, 0), hand=[2, 2, 1, 1, 1])])
    assert_refused(sc.state, move(sc.state, 0, {"left": 2}, "FFFF", origin=2), "MM-O1")


def test_mm_o2_later_rounds_best_race_position_among_those_to_act():
    p = [mm_player("back", (1, 1, 0), hand=[0] * 5, deck=[0] * 5),
         mm_player("mid", (1, 2, 4), hand=[0] * 5, deck=[0] * 5),
         mm_player("front", (1, 3, 8), hand=[0] * 5, deck=[0] * 5)]
    stay = {"left": 0, "right": 0}
    sc, st = play(MM, p, [act("mid", stay, "")])
    assert st.public.current == seat(sc, "front")  # front before back
    st = sled.apply(st, move(st, 2, stay, ""), rand("o2"))
    assert st.public.current == seat(sc, "back")
    st = sled.apply(st, move(st, 0, stay, ""), rand("o2b"))
    # a new round opens with the leader
    assert st.public.round == 3 and st.public.current == seat(sc, "front")


# ------------------------------------------------------------------- cards
def test_mm_p1_one_card_on_either_dog_or_two_equal():
    p = [mm_player("a", (1, 3, 0), hand=[3, 3, 4, 1, 0])]
    sc, st = play(MM, p, [act("a", {"right": 3}, "FFFFD")])
    assert obs(sc, st, "a")["right"] == 3 and obs(sc, st, "a")["left"] == 2
    assert obs(sc, st, "a")["at"] == [1, 2, 5]
    sc, st = play(MM, p, [act("a", {"left": 3, "right": 3}, "FFFFFF")])
    assert obs(sc, st, "a")["at"] == [1, 3, 6]
    s = st.sled(0)
    assert len(s.left) == 2 and len(s.right) == 2  # a card covers the one beneath
    sc = make_scenario(MM, p)
    st = sc.state
    assert_refused(st, move(st, 0, {"left": 3, "right": 4}, "FFFFFFD"), "MM-P1")
    assert_refused(st, move(st, 0, {"brake": 3}, "FFFF"), "MM-P1")
    assert_refused(st, sled.Move(0, (), "FFFF"), "MM-P1")
    c = [x for x in st.sled(0).hand if st.value(0, x) == 3]
    assert_refused(st, sled.Move(0, (("left", c[0], 3), ("left", c[1], 3)), "FFFFFD"), "MM-P1")


def test_mm_p2_no_dog_card_nothing_played():
    sc, st = play(MM, [mm_player("a", (1, 3, 0), left=3, right=3, hand=[], damage=4, deck=[1, 2, 3])],
                  [act("a", {}, "FFFFFF")])
    o = obs(sc, st, "a")
    assert o["at"] == [1, 3, 6] and o["damage"] == 4 and o["hand"] == [1]


# ---------------------------------------------------------------- bonus die
def three(die=None, first_turn=False, hand=(1, 1, 0, 4, 4)):
    return [mm_player("m", (1, 3, 0), die=die, first_turn=first_turn, hand=list(hand)),
            mm_player("a", (1, 1, 10)), mm_player("b", (1, 5, 9))]


def test_mm_b1_b2_balanced_no_bonus_die_set_to_race_position():
    sc, st = play(MM, three(), [act("m", {"left": 1, "right": 1}, "FF")], straight(rows=20))
    assert obs(sc, st, "m")["die"] == 3


def test_mm_b1_unbalanced_no_adjustment():
    sc, st = play(MM, three(), [act("m", {"left": 1}, "FFD")], straight(rows=20))
    assert obs(sc, st, "m")["die"] is None
    sc, st = play(MM, three(die=1), [act("m", {"left": 1}, "FFD")], straight(rows=20))
    assert obs(sc, st, "m")["die"] == 1


def test_mm_b2_never_on_first_turn():
    p = three(first_turn=True)
    sc, st = play(MM, p, [act("m", {"left": 1, "right": 1}, "FF")], straight(rows=20))
    assert obs(sc, st, "m")["die"] is None


def test_mm_b2_at_most_6():
    p = [mm_player("m", (1, 3, 0), hand=[1, 1, 0, 0, 0])] + [
        mm_player(f"o{i}", (1, 1 + i % 5, 6 + i)) for i in range(7)]
    sc, st = play(MM, p, [act("m", {"left": 1, "right": 1}, "FF")], straight(rows=20, lanes=5))
    assert sled.race_position(sc.state, 0) == 8
    assert obs(sc, st, "m")["die"] == 6


@pytest.mark.parametrize("die,after", [(1, 3), (2, 3), (4, 4), (6, 6)])
def test_mm_b3_die_raised_to_position_never_lowered(die, after):
    sc, st = play(MM, three(die=die), [act("m", {"left": 1, "right": 1}, "FF")], straight(rows=20))
    assert obs(sc, st, "m")["die"] == after


def test_mm_b2_b4_die_set_this_turn_usable_this_turn():
    sc, st = play(MM, three(), [act("m", {"left": 1, "right": 1}, "FF", bonus=3)], straight(rows=20))
    assert obs(sc, st, "m")["at"] == [1, 3, 5] and obs(sc, st, "m")["die"] is None  # 2 + bonus 3


def test_mm_b4_partial_bonus_spends_die_x3():
    """MM-X3: die 4, the player uses 3 to avoid the red sled; the die is spent."""
    p = [mm_player("yellow", (1, 2, 0), die=4, hand=[1, 3, 3, 4, 0]), mm_player("red", (1, 1, 7))]
    sc, st = play(MM, p, [act("yellow", {"left": 1}, "FFD", bonus=3)])
    assert obs(sc, st, "yellow")["at"] == [1, 1, 6] and obs(sc, st, "yellow")["die"] is None
    assert obs(sc, st, "red")["at"] == [1, 1, 7]
    assert names_ranking(sc, st) == ["red", "yellow"]


def test_mm_b4_bonus_limits_and_collisions():
    p = [mm_player("y", (1, 2, 0), die=4, hand=[1, 3, 3, 4, 0]), mm_player("red", (1, 1, 7))]
    sc = make_scenario(MM, p)
    st = sc.state
    assert_refused(st, move(st, 0, {"left": 1}, "FFD", 5), "MM-B4")
    assert sorted({m.bonus for m in sled.legal_moves(st) if m.path == "FFD"
                   and m.play == (("left", m.play[0][1], 1),)}) == [0, 1, 2, 3, 4]
    # hitting a sled during the bonus: stops before it; the die was removed at the first bonus step
    sc, st = play(MM, p, [act("y", {"left": 1}, "FFD", bonus=4)])
    assert obs(sc, st, "y")["at"] == [1, 1, 6] and obs(sc, st, "y")["die"] is None
    # a bonus after a movement that ended in a collision is refused
    p2 = [mm_player("y", (1, 2, 0), die=4, hand=[1, 3, 3, 4, 0]), mm_player("red", (1, 1, 3))]
    sc = make_scenario(MM, p2)
    assert_refused(sc.state, move(sc.state, 0, {"left": 1}, "FFD", 1), "MM-B4")
    p3 = [mm_player("y", (1, 4, 0), die=4, hand=[4, 3, 3, 4, 0])]
    sc = make_scenario(MM, p3)
    assert_refused(sc.state, move(sc.state, 0, {"left": 4}, "DDFFFF", 1), "MM-B4")


# -------------------------------------------------------------------- move
def test_mm_m1_forward_left_plus_right_drift_toward_faster_dog():
    sc, st = play(MM, [mm_player("a", (1, 3, 0), hand=[4, 1, 1, 0, 0])], [act("a", {"left": 4}, "FFFFDD")])
    assert obs(sc, st, "a")["at"] == [1, 5, 6]
    sc, st = play(MM, [mm_player("a", (1, 3, 0), hand=[4, 1, 1, 0, 0])], [act("a", {"right": 4}, "DDFFFF")])
    assert obs(sc, st, "a")["at"] == [1, 1, 6]
    sc = make_scenario(MM, [mm_player("a", (1, 3, 0), hand=[4, 1, 1, 0, 0])])
    assert_refused(sc.state, move(sc.state, 0, {"left": 4}, "FFFFFD"), "TRK-11")
    assert_refused(sc.state, move(sc.state, 0, {"left": 4}, "FFFDD"), "TRK-11")
    assert sled.speed_and_drift(MM, 4, 1, 3) == (5, 3, 1)


# ------------------------------------------------------------------ refill
def test_mm_r1_draw_to_five_collision_cards_count():
    sc, st = play(MM, [mm_player("a", (1, 3, 0), hand=[3, 3, 1, 1], damage=1, deck=[4, 0, 0])],
                  [act("a", {"left": 3, "right": 3}, "FFFFFF")])
    o = obs(sc, st, "a")
    assert sorted(o["hand"]) == [0, 1, 1, 4] and o["damage"] == 1


def test_mm_r1_over_five_discard_dog_cards():
    p = [mm_player("a", (1, 3, 0), hand=[3, 1, 2, 4, 0], deck=[2, 2])]
    track = straight(trees=[(1, 3, 1), (1, 4, 3)])
    sc, st = play(MM, p, [act("a", {"left": 3}, "FDFFF", discard=[0])], track)
    o = obs(sc, st, "a")
    assert o["damage"] == 2 and sorted(o["hand"]) == [1, 2, 4]
    sc = make_scenario(MM, p, [], track)
    st = sled.apply(sc.state, move(sc.state, 0, {"left": 3}, "FDFFF"), rand("r1"))
    assert st.public.refill.min_discard == st.public.refill.max_discard == 1
    assert_refused(st, sled.Refill(0, ()), "MM-R1")


def test_mm_r2_discards_under_the_sled_face_up():
    p = [mm_player("a", (1, 3, 0), hand=[3, 1, 2, 4, 0], deck=[2, 2])]
    sc, st = play(MM, p, [act("a", {"left": 3}, "FDFFF", discard=[0])], straight(trees=[(1, 3, 1), (1, 4, 3)]))
    s = st.sled(0)
    assert [s.values[c] for c in s.discard] == [0]


def test_mm_r3_empty_deck_reshuffle_covered_dog_cards():
    p = [mm_player("a", (1, 3, 0), left=2, right=2, hand=[3, 3, 1, 1, 1], deck=[4])]
    sc, st = play(MM, p, [act("a", {"left": 3, "right": 3}, "FFFFFF")])
    s = st.sled(0)
    # drew the 4, then the deck was empty: the covered 2 and 2 became the new deck, one drawn
    assert sorted(obs(sc, st, "a")["hand"]) == [1, 1, 1, 2, 4]
    assert len(s.left) == 1 and len(s.right) == 1 and len(s.deck) == 1
    assert st.private[0].values[s.deck[0]] == 2 and s.generation == 1
    # with a deck that is not empty, nothing is gathered (unlike Snow Tails' ST-R4)
    p = [mm_player("a", (1, 3, 0), left=2, right=2, hand=[3, 3, 1, 1, 1], deck=[4, 4])]
    sc, st = play(MM, p, [act("a", {"left": 3, "right": 3}, "FFFFFF")])
    assert st.sled(0).generation == 0 and len(st.sled(0).left) == 2


# -------------------------------------------------------------- collisions
def test_mm_c1_edge_marker_stay_before_collision_card_turn_ends():
    sc, st = play(MM, [mm_player("a", (1, 4, 0), hand=[4, 1, 1, 0, 0], deck=[2, 2])],
                  [act("a", {"left": 4}, "DDFFFF")])
    o = obs(sc, st, "a")
    assert o["at"] == [1, 5, 1] and o["damage"] == 1
    sc, st = play(MM, [mm_player("a", (1, 3, 0), hand=[4, 1, 1, 0, 0], deck=[2, 2])],
                  [act("a", {"left": 4}, "FFFFDD")], straight(blocked=[(1, 3, 3)]))
    o = obs(sc, st, "a")
    assert o["at"] == [1, 3, 2] and o["damage"] == 1 and sorted(o["hand"]) == [0, 0, 1, 1]


def test_mm_c1_building_is_a_collision():
    d = with_buildings({"kind": "bothy", "section": 1, "row": 4, "lane": 2})
    sc, st = play(MM, [mm_player("a", (1, 3, 0), hand=[3, 3, 1, 0, 0], deck=[2, 2])],
                  [act("a", {"left": 3, "right": 3}, "FFFFFF", discard=[])], d)
    o = obs(sc, st, "a")
    assert o["at"] == [1, 3, 3] and o["damage"] == 1


@pytest.mark.parametrize("die,after", [(4, 3), (1, None), (None, None)])
def test_mm_c2_sled_hit_die_down_by_one(die, after):
    """MM-X5: hit from behind: the sled stops in the space before; its die goes from 4 to 3."""
    p = [mm_player("gianni", (1, 2, 0), die=die, hand=[3, 3, 1, 0, 4], deck=[1, 2, 2]),
         mm_player("eva", (1, 3, 5))]
    sc, st = play(MM, p, [act("gianni", {"left": 3}, "DFFFF")])  # unbalanced: no MM-B3 raise first
    assert obs(sc, st, "gianni")["at"] == [1, 3, 4] and obs(sc, st, "gianni")["die"] == after
    assert obs(sc, st, "gianni")["damage"] == 0
    assert obs(sc, st, "eva") == sled_scn.observe(sc.state, 1)  # the sled hit suffers nothing


def test_mm_c3_x4_two_trees_removed_two_cards_keep_moving():
    """MM-X4."""
    p = [mm_player("a", (1, 3, 0), hand=[3, 3, 1, 0, 4], deck=[1, 2, 2])]
    sc, st = play(MM, p, [act("a", {"left": 3, "right": 3}, "FFFFFF")],
                  straight(trees=[(1, 3, 1), (1, 3, 4), (1, 2, 2)]))
    o = obs(sc, st, "a")
    assert o["at"] == [1, 3, 6] and o["damage"] == 2
    assert sorted(list(st.track.coords(t)) for t in st.public.trees) == [[1, 2, 2]]


def _wreck_players():
    return [mm_player("w", (1, 3, 5), damage=4, die=3, hand=[1, 1, 2, 3, 0], deck=[4, 4, 4, 4, 4, 3, 3]),
            mm_player("a", (1, 1, 3), hand=ONES, deck=[1] * 10),
            mm_player("b", (1, 5, 3), hand=ONES, deck=[1] * 10)]


def test_mm_c4_fifth_collision_wreck_and_repair():
    track = straight(rows=30, trees=[(1, 3, 6)])
    sc = make_scenario(MM, _wreck_players(), [act("w", {"left": 1, "right": 1}, "FF")], track)
    st = sled.apply(sc.state, move(sc.state, 0, {"left": 1, "right": 1}, "FF"), rand("c4"))
    # the turn ends at once on the tree's space; the whole hand goes
    assert coords(st, 0) == [1, 3, 6] and st.sled(0).damage == 5
    assert st.public.phase == sled.PH_REFILL and st.public.refill.wreck
    assert st.public.refill.min_discard == st.public.refill.max_discard == 3
    assert_refused(st, sled.Refill(0, ()), "MM-C4")
    st = sled.apply(st, sled.refill_options(st)[0], rand("c4r"))
    s = st.sled(0)
    assert s.damage == 0 and s.repair and len(s.hand) == 5
    assert sorted(st.value(0, c) for c in s.hand) == [4, 4, 4, 4, 4]  # five new cards from the top of the deck
    assert sorted(s.values[c] for c in s.discard) == [0, 2, 3]  # dog cards in hand discarded under the sled
    # under repair, not last: does nothing
    actors = []
    k = 0
    while len(actors) < 6:
        cur = st.public.current
        actors.append(cur)
        assert cur != 0
        st = sled.apply(st, move(st, cur, {"left": 1, "right": 1}, "FF"), rand("c4m", k))
        k += 1
        if sled.ranking(st)[-1] == 0:
            break
    # a and b pass w (each moves 2 a turn): once w is last at the start of its turn it plays normally again
    while st.public.current != 0:
        cur = st.public.current
        st = sled.apply(st, move(st, cur, {"left": 1, "right": 1}, "FF"), rand("c4n", k))
        k += 1
    assert sled.ranking(st)[-1] == 0 and not st.sled(0).repair
    assert sled.legal_moves(st)


def test_mm_c4_repair_position_stands_if_race_ends():
    p = _wreck_players()
    p[1] = mm_player("a", (1, 1, 11), hand=[3, 3, 1, 1, 1])
    track = straight(trees=[(1, 3, 6)])
    sc, st = play(MM, p, [act("w", {"left": 1, "right": 1}, "FF", discard=[0, 2, 3]),
                          act("a", {"left": 3, "right": 3}, "FFFFFF"),
                          act("b", {"left": 1, "right": 1}, "FF")], track)
    assert st.is_over
    assert names_of(sc, st.public.places) == ["a", "w", "b"]


def test_mm_c5_two_players_wreck_ends_race_other_first():
    p = _wreck_players()[:2]
    sc, st = play(MM, p, [act("w", {"left": 1, "right": 1}, "FF")], straight(trees=[(1, 3, 6)]))
    assert st.is_over and names_of(sc, st.public.places) == ["a", "w"]


def test_mm_c6_past_finish_no_collision_cards_edges_still_stop():
    p = [mm_player("a", (2, 3, 0), hand=[3, 3], damage=4, deck=[1, 1, 1])]
    sc, st = play(MM, p, [act("a", {"left": 3, "right": 3}, "FFFFFF")], straight(trees=[(2, 3, 1)]))
    o = obs(sc, st, "a")
    assert o["at"] == [2, 3, 2] and o["damage"] == 4 and not o["repair"]
    assert st.public.trees == frozenset()


# ------------------------------------------------------------- end of race
def _x6_players():
    return [mm_player("yellow", (1, 2, 10), hand=[1, 1, 0, 0, 0]),
            mm_player("blue", (1, 4, 8), hand=[3, 3, 0, 0, 0]),
            mm_player("green", (1, 1, 2), hand=[1, 1, 0, 0, 0])]


def test_mm_e1_race_ends_at_end_of_round_everyone_still_to_act_acts():
    sc, st = play(MM, _x6_players(), [act("yellow", {"left": 1, "right": 1}, "FF")], straight(finish=8))
    assert not st.is_over and st.public.crossed
    assert obs(sc, st, "yellow")["at"] == [2, 2, 0]
    assert st.public.current in (seat(sc, "blue"), seat(sc, "green"))
    st = sled.apply(st, move(st, st.public.current, {"left": 0, "right": 0}, ""), rand("e1"))
    assert not st.is_over
    st = sled.apply(st, move(st, st.public.current, {"left": 0, "right": 0}, ""), rand("e1b"))
    assert st.is_over
    assert_refused(st, move(st, 0, {"left": 0}, "FF"), "MM-E1")


def test_mm_e2_x6_postilly_pipped():
    """MM-X6: yellow crosses first, blue crosses later and goes further, green does not: blue, yellow, green."""
    sc, st = play(MM, _x6_players(), [act("yellow", {"left": 1, "right": 1}, "FF"),
                                      act("blue", {"left": 3, "right": 3}, "FFFFFF"),
                                      act("green", {"left": 1, "right": 1}, "FF")], straight(finish=8))
    assert st.is_over
    assert names_of(sc, st.public.places) == ["blue", "yellow", "green"]
    assert names_of(sc, sled.final_places(st)) == ["blue", "yellow", "green"]


# --------------------------------------------------------------- buildings
def test_mm_f1_building_blocks_2x2_triggers_orthogonal():
    t = mm_track(with_buildings({"kind": "bothy", "section": 1, "row": 4, "lane": 2},
                                {"kind": "tavern", "section": 1, "row": 8, "side": "left"}))
    covered = {t.sid(1, l, r) for l in (2, 3) for r in (4, 5)}
    assert covered <= t.blocked
    trig = {t.coords(s) for s in t.triggers["bothy"]}
    assert trig == {(1, 2, 3), (1, 3, 3), (1, 2, 6), (1, 3, 6), (1, 1, 4), (1, 1, 5), (1, 4, 4), (1, 4, 5)}
    assert (1, 1, 3) not in trig  # not diagonal
    assert {t.coords(s) for s in t.triggers["tavern"]} == {(1, 5, 8), (1, 5, 9)}
    for bad in ({"kind": "bothy", "section": 1, "row": 4, "lane": 1},  # touches the edge
                {"kind": "bothy", "section": 1, "row": 4, "lane": 4},
                {"kind": "bothy", "section": 2, "row": 0, "lane": 2}):  # not on a straight
        with pytest.raises(TrackError):
            mm_track(with_buildings(bad))
    d = cornered(speed_limit=None)
    d["buildings"] = [{"kind": "chapel", "section": 2, "row": 0, "lane": 2}]
    with pytest.raises(TrackError):
        mm_track(d)


def test_mm_f1b_shipped_tracks_building_placement():
    tracks = [t for t in shipped_tracks(MM).values() if t.buildings]
    assert len(tracks) >= 2  # MM-K4: at least two shipped tracks laid out for buildings
    for t in tracks:
        total = max(t.band) + 1
        for b in t.buildings:
            lane = b.lane or 1
            where = Fraction(t.band[t.sid(b.section, lane, b.row)], total)
            if b.kind == "kennels":
                assert where < Fraction(1, 3), (t.name, b)
            if b.kind == "chapel":
                assert where >= Fraction(1, 2), (t.name, b)
        assert 2 <= len(t.buildings) <= 3, (t.name, len(t.buildings))  # MM-F1b / the seed: 2 or 3 a track


def test_mm_f1c_f4_effect_after_colliding_with_the_building():
    d = with_buildings({"kind": "bothy", "section": 1, "row": 4, "lane": 2})
    sc = make_scenario(MM, [mm_player("a", (1, 3, 0), hand=[3, 3, 1, 0, 0], deck=[2, 2, 2, 2, 2])], [], d)
    st = sled.apply(sc.state, move(sc.state, 0, {"left": 3, "right": 3}, "FFFFFF"), rand("f1c"))
    assert coords(st, 0) == [1, 3, 3] and st.sled(0).damage == 1
    need = st.public.refill
    assert st.public.phase == sled.PH_REFILL and need.min_discard == 0 and need.max_discard == 3


@pytest.mark.parametrize("k", [0, 1, 3])
def test_mm_f4_bothy_discard_any_number_then_refill(k):
    d = with_buildings({"kind": "bothy", "section": 1, "row": 4, "lane": 2})
    sc, st = play(MM, [mm_player("a", (1, 1, 0), hand=[2, 2, 1, 0, 0], deck=[4, 4, 4, 4, 4])],
                  [act("a", {"left": 2, "right": 2}, "FFFF", discard=[1, 0, 0][:k])], d)
    o = obs(sc, st, "a")
    assert o["at"] == [1, 1, 4]
    assert sorted(o["hand"]) == sorted([1, 0, 0][k:] + [4] * (2 + k))


def test_mm_f2_kennels_shuffle_a_five_into_deck():
    d = with_buildings({"kind": "kennels", "section": 1, "row": 4, "lane": 2})
    sc = make_scenario(MM, [mm_player("a", (1, 1, 0), hand=[2, 2, 1, 0, 0], deck=[4, 4, 4, 4, 4])], [], d)
    st = add_aside_fives(sc.state, 0, 2)
    st = sled.apply(st, move(st, 0, {"left": 2, "right": 2}, "FFFF"), rand("f2"))
    assert st.public.refill.kennels
    st = sled.apply(st, sled.Refill(0, (), kennels=True), rand("f2r"))
    s = st.sled(0)
    assert len(s.aside) == 1 and len(s.hand) == 5
    assert sorted(st.private[0].values[c] for c in s.deck) == [4, 4, 4, 5]
    # both already added: nothing (no kennels choice)
    st = add_aside_fives(sc.state, 0, 0)
    st = sled.apply(st, move(st, 0, {"left": 2, "right": 2}, "FFFF"), rand("f2b"))
    assert st.public.refill is None or not st.public.refill.kennels
    assert_refused(sled.apply(add_aside_fives(sc.state, 0, 2), move(sc.state, 0, {"left": 2, "right": 2}, "FFFF"),
                              rand("f2c")), sled.Refill(0, (), kennels=False, chapel=True), "MM-F3")


def test_mm_f3_chapel_discard_all_collision_cards_before_refilling():
    d = with_buildings({"kind": "chapel", "section": 1, "row": 4, "lane": 2})
    p0 = [mm_player("a", (1, 1, 0), hand=[2, 2, 1, 0], damage=3, deck=[4, 4, 4, 4, 4])]
    sc, st = play(MM, p0, [act("a", {"left": 2, "right": 2}, "FFFF", chapel=True)], d)
    o = obs(sc, st, "a")
    assert o["damage"] == 0 and sorted(o["hand"]) == [0, 1, 4, 4, 4]
    p = [mm_player("a", (1, 1, 0), hand=[2, 2, 1, 0, 0], damage=3, deck=[4, 4, 4, 4, 4])]
    sc, st = play(MM, p, [act("a", {"left": 2, "right": 2}, "FFFF", discard=[0])], d)
    assert obs(sc, st, "a")["damage"] == 3
    # not on a trigger space: no chapel
    sc = make_scenario(MM, p, [], d)
    st = sled.apply(sc.state, move(sc.state, 0, {"right": 0}, "DD"), rand("f3"))
    assert st.public.phase == sled.PH_REFILL and not st.public.refill.chapel


def test_mm_f3_chapel_first_then_no_discard_due():
    d = with_buildings({"kind": "chapel", "section": 1, "row": 4, "lane": 2})
    # hand 5, 3 collision cards: after playing two cards 3 dog cards + 3 collision cards = 6 (over 5),
    # but the chapel discards the collision cards *before refilling*: 3 cards, nothing to discard, draw 2
    p = [mm_player("a", (1, 1, 0), hand=[2, 2, 1, 0, 0], damage=3, deck=[4, 4, 4, 4, 4])]
    sc, st = play(MM, p, [act("a", {"left": 2, "right": 2}, "FFFF", chapel=True)], d)
    o = obs(sc, st, "a")
    assert o["damage"] == 0 and sorted(o["hand"]) == [0, 0, 1, 4, 4]


@pytest.mark.parametrize("die,after", [(None, 2), (1, 3), (4, 6), (6, 6)])
def test_mm_f5_tavern_raises_die_by_2(die, after):
    d = with_buildings({"kind": "tavern", "section": 1, "row": 4, "side": "right"})  # triggers (1,1,4), (1,1,5)
    p = [mm_player("a", (1, 2, 2), die=die, hand=[2, 1, 1, 0, 0])]
    sc, st = play(MM, p, [act("a", {"left": 1}, "FFD")], d)  # left 1, right 2: 3 forward, 1 drift to lane 1
    assert coords(st, 0) == [1, 1, 5]
    assert obs(sc, st, "a")["die"] == after
    p = [mm_player("a", (1, 2, 0), die=die, hand=[2, 1, 1, 0, 0])]
    sc, st = play(MM, p, [act("a", {"left": 1}, "FFD")], d)
    assert coords(st, 0) == [1, 1, 3]
    assert obs(sc, st, "a")["die"] == die  # not a trigger space


def test_mm_c2_balanced_die_raised_then_lowered_by_hit():
    p = [mm_player("gianni", (1, 3, 0), die=None, hand=[3, 3, 1, 0, 4]), mm_player("eva", (1, 3, 5))]
    sc, st = play(MM, p, [act("gianni", {"left": 3, "right": 3}, "FFFFFF")])
    assert obs(sc, st, "gianni")["die"] == 1  # MM-B2 set it to 2 (2nd), MM-C2 took 1


# ------------------------------------------------------------ tight corners
def test_mm_g1_tight_corner_flag():
    t = mm_track(cornered(speed_limit=None, tight=True, turn="left", angle=180, inner_radius=0.5))
    assert t.sections[2].tight and not mm_track(cornered(speed_limit=None)).sections[2].tight
    d = cornered(speed_limit=None)
    d["sections"][2]["tight"] = "yes"
    with pytest.raises(TrackError):
        mm_track(d)


def _g2_players():
    # left turn: lane 5 is the inner lane (3 spaces), lane 1 the outer (16 spaces)
    return [mm_player("inner_far", (2, 5, 2)), mm_player("outer_early", (2, 1, 0)),
            mm_player("mid", (2, 3, 4)), mm_player("mid_behind", (2, 3, 1)),
            mm_player("past", (3, 5, 0)), mm_player("before", (1, 1, 3))]


def test_mm_g2_tight_corner_outer_lane_first():
    track = cornered(speed_limit=None, tight=True, turn="left", angle=180, inner_radius=0.5)
    sc = make_scenario(MM, _g2_players(), [], track)
    assert names_ranking(sc, sc.state) == ["past", "outer_early", "mid", "mid_behind", "inner_far", "before"]
    # the same positions in an ordinary corner rank by band
    sc = make_scenario(MM, _g2_players(), [], cornered(speed_limit=None, turn="left", angle=180, inner_radius=0.5))
    r = names_ranking(sc, sc.state)
    assert r[0] == "past" and r[-1] == "before" and r.index("inner_far") < r.index("outer_early")


def test_mm_g2_drifting_outward_gains_places():
    track = cornered(speed_limit=None, tight=True, turn="left", angle=180, inner_radius=0.5)
    p = [mm_player("a", (2, 3, 2), hand=[0, 1, 1, 1, 1]), mm_player("b", (2, 2, 2))]
    sc = make_scenario(MM, p, [], track)
    assert names_ranking(sc, sc.state) == ["b", "a"]
    sc, st = play(MM, p, [act("a", {"left": 0}, "DD")], track)  # right dog faster: drift toward lane 1
    assert coords(st, 0)[1] == 1
    assert names_ranking(sc, st) == ["a", "b"]


# ---------------------------------------------------------------- examples
def _x1_track():
    return cornered(speed_limit=None, turn="left", angle=90, inner_radius=1)


def test_mm_x1_corners_like_a_dream_early_drift_ends_further():
    p = [mm_player("red", (1, 1, 3), left=1, right=1, hand=[4, 2, 2, 3, 3], deck=[0, 1, 2, 3])]
    sc, early = play(MM, p, [act("red", {"left": 4}, "DDDFF")], _x1_track())
    sc, late = play(MM, p, [act("red", {"left": 4}, "FFDDD")], _x1_track())
    assert obs(sc, early, "red")["at"] == [2, 4, 2] and obs(sc, late, "red")["at"] == [2, 4, 1]
    assert early.track.rank_key[early.sled(0).at] > late.track.rank_key[late.sled(0).at]


def test_mm_x2_drift_on_third_and_sixth_step_between_trees():
    trees = [(1, 2, 3), (1, 3, 2), (1, 4, 5)]
    p = [mm_player("red", (1, 2, 0), left=2, right=2, hand=[4, 1, 1, 0, 0], deck=[2, 2, 2])]
    sc, st = play(MM, p, [act("red", {"left": 4}, "FFDFFD")], straight(trees=trees))
    o = obs(sc, st, "red")
    assert o["at"] == [1, 4, 6] and o["damage"] == 0 and len(st.public.trees) == 3
    for path in ("FFFDFD", "FDFFFD", "FFDFDF"):
        sc, st = play(MM, p, [act("red", {"left": 4}, path)], straight(trees=trees))
        assert obs(sc, st, "red")["damage"] >= 1, path

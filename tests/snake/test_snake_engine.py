"""Snake Carnival engine: the rules that the scenarios (tests/snake/scenarios) do not reach, and the interface."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest

from snake_helpers import game, play_random
from snowp2p.protocol.errors import DecodeError
from snowp2p.games.snake import encoding as SE
from snowp2p.games.snake import wire as SW
from snowp2p.games.snake import engine as S
from snowp2p.games.snake import tiles as T
from snowp2p.core.drbg import Rand, derive
from snowp2p.core.errors import IllegalMove


def test_tile_table_matches_the_rules_table():
    ts = T.load_tiles()
    c = Counter((t.kind, t.colour, t.shape, t.points) for t in ts.tiles)
    for col in S.COLOURS:
        assert sum(v for (k, cc, _, _), v in c.items() if cc == col and k == "corner") == 6
        assert c[("straight", col, "straight", 1)] == 3 and c[("straight", col, "straight", 2)] == 3
        assert c[("straight", col, "straight", 3)] == 2
        assert c[("knot", col, "straight", -2)] == 1 and c[("knot", col, "corner", -3)] == 1
        assert c[("bruise", col, "straight", -2)] == 1 and c[("bruise", col, "corner", -1)] == 1
        assert c[("diamond", col, "straight", 0)] == 1 and c[("diamond", col, "corner", 0)] == 1
        assert c[("head", col, "head", 3)] == 1
    assert c[("log", "", "straight", 0)] == 4 and c[("log", "", "corner", 0)] == 4 and c[("log", "", "crossing", 0)] == 2
    assert c[("present", "", "none", 1)] == 6
    assert c[("trouble", "", "none", -2)] == 2 and c[("trouble", "", "none", -3)] == 2
    assert sorted(t.points for t in ts.tiles if t.kind == "hat") == [1, 2, 3, 3, 4, 5]
    assert len(ts) == 110


@pytest.mark.parametrize("text,msg", [
    ("[[tile]]\nkind = 'dragon'\ncount = 1\n", "tile[0].kind"),
    ("[[tile]]\nkind = 'corner'\ncount = 0\n", "tile[0].count"),
    ("[[tile]]\nkind = 'log'\nshape = 'head'\ncount = 1\n", "tile[0].shape"),
    ("[[tile]]\nkind = 'corner'\ncount = 1\npoints = 'x'\n", "tile[0].points"),
    ("[[tile]]\nkind = 'trouble'\ncount = 1\npoints = 2\n", "tile[0].points"),
    ("[[tile]]\nkind = 'present'\ncount = 1\nper_colour = true\n", "tile[0].per_colour"),
    ("[[tile]]\nkind = 'corner'\ncount = 1\ncolor = 'x'\n", "tile[0].color"),
    ("[[tile]]\nkind = 'head'\ncount = 2\n", "one head per colour"),
    ("tile = 3\n", "tile"),
    ("not toml [", "not valid TOML"),
])
def test_tile_file_errors_are_one_line_naming_file_and_field(tmp_path, text, msg):
    f = tmp_path / "t.toml"
    f.write_text(text)
    with pytest.raises(T.TileError) as e:
        T.load_tiles(f)
    assert str(f) in str(e.value) and msg in str(e.value) and "\n" not in str(e.value)


def test_tile_file_missing():
    with pytest.raises(T.TileError, match="no such file"):
        T.load_tiles("/nonexistent/tiles.toml")


def test_a_different_tile_file_is_used(tmp_path):
    f = tmp_path / "small.toml"
    f.write_text("[[tile]]\nkind='straight'\npoints=5\ncount=2\n[[tile]]\nkind='log'\nshape='crossing'\ncount=1\n")
    ts = T.load_tiles(f)
    assert len(ts) == 9 and ts.name(0) == "yellow straight"
    st = S.new_game(["a", "b", "c", "d"], Rand(b"s" * 32), tiles=ts)
    assert sum(len(p.hand) for p in st.public.players) == 9  # fewer tiles than the deal wants: all dealt


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sc_k1_k2_k3_seating_and_colours(n):
    st = game(n, seed=n)
    pub = st.public
    assert sorted(pub.side_colours) == sorted(S.COLOURS)
    assert [p.side for p in pub.players] == list(S.SIDES[n])  # SC-K1
    for p in pub.players:  # SC-K3: the colour facing the seat; with 2 players also the one to the right
        want = {pub.side_colours[p.side]} | ({pub.side_colours[(p.side + 3) % 4]} if n == 2 else set())
        assert set(p.colours) == want
    active = [sn for sn in pub.snakes if sn.active]
    assert len(active) == (4 if n in (2, 4) else 3)
    in_game = {sn.colour for sn in active}
    all_tiles = [t for p in pub.players for t in p.hand] + list(pub.stack)
    assert {st.tiles[t].colour for t in all_tiles} - {""} == in_game  # SC-K3: removed colours are gone


def test_sc_k3_option_off_two_players_one_snake_each():
    st = game(2, seed=1, two_snakes_each=False)
    assert [len(p.colours) for p in st.public.players] == [1, 1]
    assert sum(sn.active for sn in st.public.snakes) == 2


def test_sc_k2_colour_draw_is_random():
    seen = {game(4, seed=s).public.side_colours for s in range(40)}
    assert len(seen) > 10


def test_sc_s1_deal_four_open_hands_rest_in_stack():
    st = game(4, seed=3)
    assert [len(p.hand) for p in st.public.players] == [4, 4, 4, 4]
    assert len(st.public.stack) == 110 - 16 and st.public.discard == ()
    assert list(st.public.stack) == sorted(st.public.stack)  # no order: nothing to foresee
    assert game(4, seed=3) == st and game(4, seed=4) != st


def test_sc_s1_draw_uses_the_rand_of_the_action():
    st = game(2, seed=5)
    a = S.legal_actions(st)[0]
    hands = {S.apply(st, a, Rand(derive(b"d", i))).public.players[0].hand for i in range(30)}
    assert len(hands) > 5  # the drawn tile depends on the action's randomness only


def test_sc_t1_turn_order_and_round():
    st = game(3, seed=2)
    seats = []
    for k in range(7):
        seats.append(st.public.current)
        st = S.apply(st, S.legal_actions(st)[0], Rand(derive(b"t", k)))
    assert seats == [0, 1, 2, 0, 1, 2, 0]
    assert st.public.round == 3


def test_turn_checks():
    st = game(2, seed=0)
    with pytest.raises(IllegalMove) as e:
        S.apply(st, S.Pass(1), Rand(b"x" * 32))
    assert e.value.rule == "TURN"
    t = next(t for t in range(len(st.tiles)) if t not in st.public.players[0].hand)
    with pytest.raises(IllegalMove) as e:
        S.apply(st, S.Place(0, t, 0, 1, 0), Rand(b"x" * 32))
    assert e.value.rule == "HAND"


def test_illegal_move_leaves_state_unchanged():
    st = game(2, seed=0)
    before = SE.encode_public(st.public)
    with pytest.raises(IllegalMove):
        S.apply(st, S.Place(0, st.public.players[0].hand[0], 50, 50, 0), Rand(b"x" * 32))
    assert SE.encode_public(st.public) == before


@pytest.mark.parametrize("seed", range(12))
def test_legal_actions_are_all_accepted(seed):
    st = game(2 + seed % 3, seed=seed)
    for k in range(40):
        if st.is_over:
            break
        acts = S.legal_actions(st)
        for a in acts:
            S.apply(st, a, Rand(derive(b"chk", k)))
        st = S.apply(st, acts[Rand(derive(b"p", seed, k)).below(len(acts))], Rand(derive(b"a", seed, k)))


def test_wire_round_trip_and_strictness():
    for a in (S.Pass(2), S.Place(1, 17, -3, 4, 3)):
        d = SW.action_to_wire(a)
        assert SW.action_from_wire(d, a.seat) == a
        assert all(type(v) in (str, int) for v in d.values())
    bad = [
        ([], "action"), ({"type": 3}, "action.type"), ({"type": "jump"}, "action.type"),
        ({"type": "pass", "x": 1}, "action"), ({"type": "place", "tile": 1, "x": 0, "y": 0}, "action.rot"),
        ({"type": "place", "tile": True, "x": 0, "y": 0, "rot": 0}, "action.tile"),
        ({"type": "place", "tile": 1, "x": 0.5, "y": 0, "rot": 0}, "action.x"),
        ({"type": "place", "tile": 1, "x": 0, "y": None, "rot": 0}, "action.y"),
        ({"type": "place", "tile": 1, "x": 0, "y": 0, "rot": 4}, "action.rot"),
        ({"type": "place", "tile": -1, "x": 0, "y": 0, "rot": 0}, "action.tile"),
        ({"type": "place", "tile": 1, "x": 0, "y": 0, "rot": 0, "z": 1}, "action.z"),
    ]
    for d, fld in bad:
        with pytest.raises(DecodeError) as e:
            SW.action_from_wire(d, 0)
        assert e.value.field == fld, d


def test_encoding_sections_and_hash():
    st = play_random(game(3, seed=9), 9, check=None)
    for s in (game(4, seed=1), st):
        pub = s.public
        assert SE.decode_public(SE.encode_public(pub)) == pub
        secs = SE.section_hashes(pub)
        assert len(secs) <= 30 and all(re.fullmatch(r"[a-z0-9][a-z0-9_.-]{0,31}", k) for k in secs)
        h = SE.state_hash(s)
        assert len(h) == 32 and SE.state_hash(s, b"head") != h
    other = replace(st, rules=replace(st.rules, max_rounds=7))
    assert SE.state_hash(other) != SE.state_hash(st)


def test_rules_to_from_dict():
    r = S.SnakeRules(two_snakes_each=False, max_rounds=30)
    d = r.to_dict()
    assert all(type(v) in (int, str, bool, list) for v in d.values())
    assert S.SnakeRules.from_dict(d) == r
    with pytest.raises(ValueError):
        S.SnakeRules.from_dict({"nope": 1})
    with pytest.raises(ValueError):
        S.SnakeRules.from_dict({"hand_size": "4"})


def test_sc_e1_safety_net_ends_every_game():
    st = game(2, seed=1, max_rounds=2, stall_rounds=0)
    st = play_random(st, 1)
    assert st.is_over and st.public.current == -1


def test_sc_e1_stall_counts_only_with_nothing_left_to_draw():
    """SC-E1 (issue 19): a turn counts toward the stall only when the stack and the discard pile are both
    empty and its player could lay no tile on an empty cell; any other turn sets the count back to 0."""
    st = game(2, seed=4)
    for k in range(6):  # a few random turns: snakes on the board, tiles in the stack
        acts = S.legal_actions(st)
        st = S.apply(st, acts[Rand(derive(b"p", k)).below(len(acts))], Rand(derive(b"a", k)))
    assert st.public.stack and S.can_lay_on_empty(st, st.public.current)
    pick = S.legal_actions(st)[0]
    after = S.apply(replace(st, public=S._pub(st.public, idle=3)), pick, Rand(b"x" * 32))
    assert after.public.idle == 0  # tiles to draw: no count
    empty = replace(st, public=S._pub(st.public, idle=3, stack=(), discard=()))
    after = S.apply(empty, pick, Rand(b"x" * 32))
    assert after.public.idle == 0 and after.public.phase == S.PH_PLAY  # could lay on an empty cell: reset


def test_sc_e1_stall_rounds_option():
    """Decision: once the stack has run out, stall_rounds whole rounds in which nobody lays a tile on an
    empty cell (only swaps and passes) end the game; 0 turns it off."""
    st = game(2, seed=0)
    pub = st.public
    assert not S._last_round_due(replace(st, public=replace(pub, idle=3)))
    assert S._last_round_due(replace(st, public=replace(pub, idle=4)))
    off = game(2, seed=0, stall_rounds=0)
    assert not S._last_round_due(replace(off, public=replace(off.public, idle=40)))


def test_sc_p5_places_and_breakdown_sum():
    st = play_random(game(4, seed=11), 11)
    sc = S.scores(st)
    bd = S.score_breakdown(st)
    assert all(sc[s] == sum(v for g in bd[s].values() for v in g.values()) for s in sc)
    places = S.final_places(st)
    assert sorted(places) == [0, 1, 2, 3]
    assert [sc[s] for s in places] == sorted(sc.values(), reverse=True)


def test_sc_l7_diamond_tile_remembers_placer():
    from snowp2p.scenario import load_scenario

    sc = load_scenario("tests/snake/scenarios/sc-l7-diamond-in-other-snake.json")
    st = sc.play()
    (p,) = [p for p in st.public.board if st.tiles[p.tile].kind == "diamond"]
    assert p.placer == 1

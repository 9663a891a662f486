"""ST-S1 / MM-S1 option: the players place extra trees, one at a time, before the race.

The Decisions (docs/rules-decisions.md): the first player to place one is drawn with the shared
randomness, then the seats take turns in order; a tree goes on any space between the start and the
finish sections that is not blocked and has no tree; the track's and the players' trees are at most
20 (ST-K3, MM-K3); the race is set up (ST-S2 choices or MM-S5 order, shuffles, first hands) after
the last tree.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

import pytest

from rules_helpers import assert_refused
from snowp2p.games.sled.options import sled_rules
from snowp2p.protocol.errors import DecodeError
from snowp2p.games.sled.wire import sled_action_from_wire, sled_action_to_wire
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules, check_extra_trees
from snowp2p.core.drbg import Rand, derive
from snowp2p.core.errors import IllegalMove
from snowp2p.games.sled.track import find_track, shipped_tracks

TRACKS = {"snowtails": "first-race", "mush": "mush-first-race"}
RULE = {"snowtails": "ST-S1", "mush": "MM-S1"}


def start(game: str, n: int = 3, extra: int = 3, seed: bytes = b"trees") -> sled.GameState:
    track = find_track(TRACKS[game], game)
    rules = SledRules(game=game, extra_trees=extra)
    return sled.new_game(game, track, [f"p{i}" for i in range(n)], Rand(seed),
                         [derive(b"tree secret", i) for i in range(n)], rules)


def place_all(state: sled.GameState) -> tuple[sled.GameState, list[int], list[int]]:
    """Place every extra tree on the first free space; returns the state, who placed, where."""
    who, where, k = [], [], 0
    while state.public.phase == sled.PH_TREES:
        space = sled.tree_spaces(state)[0]
        who.append(state.public.current)
        where.append(space)
        state = sled.apply(state, sled.PlaceTree(state.public.current, space), Rand(derive(b"tree turn", k)))
        k += 1
    return state, who, where


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_players_place_the_extra_trees_in_turn_then_the_race_is_set_up(game):
    """ST-S1 / MM-S1: N trees, one per turn round the seats from a random first player; then the set-up."""
    n, extra = 3, 5
    state = start(game, n, extra)
    assert state.public.phase == sled.PH_TREES
    assert all(s.hand == () for s in state.public.sleds)  # nothing dealt before the trees
    track_trees = set(state.public.trees)
    state, who, where = place_all(state)
    first = who[0]
    assert who == [(first + i) % n for i in range(extra)]
    assert set(state.public.trees) == track_trees | set(where) and len(where) == extra
    if game == "snowtails":
        assert state.public.phase == sled.PH_START and len(state.public.choosers) == n  # ST-S2 comes next
    else:
        assert state.public.phase == sled.PH_MOVE  # MM-S5/S4: order drawn, hands dealt
        assert all(len(s.hand) == 5 for s in state.public.sleds)


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_the_first_placer_is_drawn(game):
    """The first player to place a tree comes from the shared randomness, not always seat 0."""
    firsts = {start(game, 4, 1, bytes([i]) * 8).public.current for i in range(40)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_where_a_tree_may_go(game):
    """ST-S1 / MM-S1 Decision: between the start and the finish, not blocked, not on a tree."""
    state = start(game)
    track, seat = state.track, state.public.current
    free = sled.tree_spaces(state)
    assert [a.space for a in sled.legal_actions(state)] == free
    assert all(a.seat == seat for a in sled.legal_actions(state))
    assert free and not set(free) & (set(track.trees) | set(track.blocked))
    assert all(0 < track.coords(sid)[0] < track.finish_section for sid in free)
    rule = RULE[game]
    assert_refused(state, sled.PlaceTree(seat, track.sid(0, 1, 0)), rule)  # the start section
    assert_refused(state, sled.PlaceTree(seat, track.sid(track.finish_section, 1, 0)), rule)  # the finish
    assert_refused(state, sled.PlaceTree(seat, min(track.trees)), rule)  # a tree is there
    assert_refused(state, sled.PlaceTree(seat, track.size), rule)  # no such space
    assert_refused(state, sled.PlaceTree((seat + 1) % 3, free[0]), "ST-O2" if game == "snowtails" else "MM-O2")
    # a space a player just used is no longer free
    after = sled.apply(state, sled.PlaceTree(seat, free[0]), Rand(b"x"))
    assert free[0] not in sled.tree_spaces(after)
    assert_refused(after, sled.PlaceTree(after.public.current, free[0]), rule)
    # nor is a move or a start choice an action of this phase
    assert_refused(state, sled.ChooseStart(seat, 1), "TURN")


def test_blocked_spaces_take_no_tree():
    """MM-S1 with TRK-6: a building's covered spaces are blocked, so no tree goes there."""
    track = next(t for t in shipped_tracks("mush").values() if t.blocked)
    state = sled.new_game("mush", track, ["a", "b"], Rand(b"b"), [b"s0", b"s1"], SledRules(game="mush", extra_trees=1))
    blocked = min(track.blocked)
    assert blocked not in sled.tree_spaces(state)
    assert_refused(state, sled.PlaceTree(state.public.current, blocked), "MM-S1")


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_at_most_twenty_trees(game):
    """ST-K3 / MM-K3: the track's trees and the players' together are at most 20."""
    track = find_track(TRACKS[game], game)
    room = 20 - len(track.trees)
    assert check_extra_trees(room, len(track.trees)) is None
    assert "over 20" in check_extra_trees(room + 1, len(track.trees))
    assert check_extra_trees(-1, 0).startswith("extra trees must be 0 or more")
    with pytest.raises(IllegalMove) as e:
        sled.new_game(game, track, ["a", "b"], Rand(b"t"), [None, None], SledRules(game=game, extra_trees=room + 1))
    assert e.value.rule == RULE[game]
    with pytest.raises(ValueError, match="extra_trees"):
        SledRules(game=game, extra_trees=21)
    # the limit is on the players' trees: a track file with more than 20 trees of its own is not
    # refused when nobody adds any (the command line asked this of every track, and blamed --extra-trees)
    assert check_extra_trees(0, 25) is None
    args = argparse.Namespace(start_positions="choose", no_trees=False, extra_trees=0, no_buildings=False)
    crowded = replace(track, trees=frozenset(sled.tree_spaces(
        sled.new_game(game, track, ["a", "b"], Rand(b"t"), [None, None], SledRules(game=game, extra_trees=1)))[:25]))
    assert len(crowded.trees) == 25
    assert sled_rules(game, args, [crowded]).extra_trees == 0
    with pytest.raises(ValueError, match="--extra-trees: the track has 25 trees"):
        sled_rules(game, argparse.Namespace(**{**vars(args), "extra_trees": 1}), [crowded])
    # without the track's trees there is room for all 20
    none = SledRules(game=game, trees="none", extra_trees=20)
    state = sled.new_game(game, track, ["a", "b"], Rand(b"t"), [None, None], none)
    state, who, _ = place_all(state)
    assert len(who) == 20 and len(state.public.trees) == 20


def test_no_extra_trees_no_tree_phase():
    """The default (no extra trees) starts as before: Snow Tails with the start choices."""
    state = start("snowtails", extra=0)
    assert state.public.phase == sled.PH_START


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_a_tree_travels_on_the_wire_as_its_space(game):
    """The wire names the space as [section, lane, index] (protocol/SPEC.md); a bad one is refused."""
    state = start(game)
    track = state.track
    a = sled.PlaceTree(state.public.current, sled.tree_spaces(state)[3])
    wire = sled_action_to_wire(a, track)
    assert wire == {"kind": "tree", "space": list(track.coords(a.space))}
    assert sled_action_from_wire(wire, a.seat, track) == a
    for bad in ({"kind": "tree", "space": [99, 1, 0]}, {"kind": "tree", "space": [1, 1]},
                {"kind": "tree", "space": "1 1 1"}, {"kind": "tree", "space": [1, 1, 0], "x": 1}):
        with pytest.raises(DecodeError):
            sled_action_from_wire(bad, a.seat, track)
    with pytest.raises(DecodeError):
        sled_action_from_wire(wire, a.seat)  # no track: no space


def test_settings_from_the_network_are_checked():
    """Hostile rules settings (a roster's) give one ValueError naming the field, never a crash later."""
    good = SledRules(game="snowtails", extra_trees=2).to_dict()
    assert SledRules.from_dict(good) == SledRules(game="snowtails", extra_trees=2)
    for field, value in (("extra_trees", "3"), ("extra_trees", -1), ("hand_size", 10**9), ("st_deck", [1, "x"]),
                         ("trees", "lots"), ("mm_buildings", 1), ("game", "chess")):
        with pytest.raises(ValueError, match=field):
            SledRules.from_dict({**good, field: value})
    with pytest.raises(ValueError, match="no game"):
        SledRules.from_dict({"extra_trees": 1})

"""The human input syntax (snowp2p.games.sled.movetext): text -> action or one-line error."""

from __future__ import annotations

import pytest
from ui_helpers import new_game, play_random, set_hand, set_sled

from snowp2p.games.sled import engine as S
from snowp2p.games.sled.movetext import Command, InputError, TurnHelper, format_action, parse_input


def st_turn(hand, **sled):
    """A Snow Tails game with the player to act holding ``hand`` (dogs 3|3, brake 3 unless changed)."""
    state = new_game("snowtails")
    seat = state.public.current
    state = set_hand(state, seat, hand)
    if sled:
        state = set_sled(state, seat, **sled)
    return state, seat


def values_of(move: S.Move):
    return sorted((p, v) for p, _, v in move.play)


@pytest.mark.parametrize("text", ["L4 R4 FFFFF", "l4 r4 fffff", "4 left right FFFFF", "4 l r FFFFF",
                                  "4LR FFFFF", "LR4 FFFFF", "R4, L4, FFFFF", "L4 R4"])
def test_card_syntaxes_mean_the_same(text):
    state, seat = st_turn([4, 4, 1, 2, 5])
    mv = parse_input(state, seat, text)
    assert isinstance(mv, S.Move)
    assert values_of(mv) == [("left", 4), ("right", 4)]
    assert mv.path == "FFFFF"  # 4 + 4 - 3: no drift, so the only path is filled in
    assert mv.bonus == 0 and mv.origin is None


def test_brake_card():
    state, seat = st_turn([2, 4, 4, 1, 5])
    mv = parse_input(state, seat, "B2 FFFF")
    assert values_of(mv) == [("brake", 2)]


def test_path_needed_when_there_is_a_choice():
    state, seat = st_turn([5, 4, 4, 1, 2])
    with pytest.raises(InputError, match=r"^TRK-11: .*FFFDD|^TRK-11"):
        parse_input(state, seat, "L5")
    mv = parse_input(state, seat, "L5 DDFFF")  # 5 + 3 - 3 = 5 steps, drift 2 to the left
    assert mv.path == "DDFFF"


def test_illegal_lines_name_the_rule():
    state, seat = st_turn([5, 4, 4, 1, 2])
    with pytest.raises(InputError, match=r"^ST-P2: "):
        parse_input(state, seat, "L4 R5 FFFFFF")
    with pytest.raises(InputError, match=r"^HAND: no card 3"):
        parse_input(state, seat, "L3 R3")
    with pytest.raises(InputError, match=r"^TRK-11: "):
        parse_input(state, seat, "L5 FFFFF")  # the drift steps are missing
    with pytest.raises(InputError, match=r"^ST-B1: "):
        parse_input(state, seat, "L4 R4 FFFFF +2")  # first turn: no balance bonus


def test_one_line_errors_for_nonsense():
    state, seat = st_turn([5, 4, 4, 1, 2])
    for text in ("", "xyzzy", "L4 R4 FFFFF FFFFF", "4", "L4 R4 FFFFF bogus", "@x"):
        with pytest.raises(InputError) as e:
            parse_input(state, seat, text)
        assert "\n" not in str(e.value) and str(e.value)


def test_commands():
    state, seat = st_turn([5, 4, 4, 1, 2])
    assert parse_input(state, seat, "auto") == Command("auto")
    assert parse_input(state, seat, "HELP") == Command("help")
    assert parse_input(state, seat, "?") == Command("help")
    assert parse_input(state, seat, "quit") == Command("quit")
    assert parse_input(state, seat, "board") == Command("board")


def test_full_bonus_with_plus():
    state, seat = st_turn([3, 3, 1, 2, 5], first_turn=False)
    pos = S.race_position(state, seat)
    mv = parse_input(state, seat, "L3 R3 FFF +")
    assert mv.bonus == pos
    mv = parse_input(state, seat, f"L3 R3 FFF bonus {pos}")
    assert mv.bonus == pos


def test_mush_origin_on_the_first_turn():
    state = new_game("mush")
    seat = state.public.current
    state = set_hand(state, seat, [3, 3, 1, 0, 4])
    mv = parse_input(state, seat, "L3 R3 @2 FFFFFF")
    assert mv.origin == 2 and mv.path == "FFFFFF"
    assert parse_input(state, seat, "L3 R3 from 4").origin == 4
    with pytest.raises(InputError, match=r"^MM-O1: "):
        parse_input(state, seat, "L3 R3 FFFFFF")
    with pytest.raises(InputError, match=r"^ST-P3: |^MM-P1: "):
        parse_input(state, seat, "B3 @1")


def test_start_positions():
    state = new_game("snowtails", st_start_positions="choose")
    seat = state.public.current
    assert parse_input(state, seat, "start 2") == S.ChooseStart(seat, 2)
    assert parse_input(state, seat, "3") == S.ChooseStart(seat, 3)
    with pytest.raises(InputError, match=r"^ST-S2: "):
        parse_input(state, seat, "start 9")


def test_start_hint_lists_the_free_positions():
    """ST-S2: the prompt's hint names only the positions still free."""
    from snowp2p.core.drbg import Rand

    state = new_game("snowtails", st_start_positions="choose")
    with pytest.raises(InputError, match=r"free start position \(1, 2, 3, 4, 5\)"):
        parse_input(state, state.public.current, "")
    state = S.apply(state, S.ChooseStart(state.public.current, 2), Rand(b"hint"))
    with pytest.raises(InputError, match=r"free start position \(1, 3, 4, 5\), e.g. `start 1`"):
        parse_input(state, state.public.current, "")


def test_tree_placement_lines():
    """ST-S1 / MM-S1 option: `tree SECTION LANE SPACE` before the race; hint, completions, errors."""
    from snowp2p.core.drbg import Rand

    state = new_game("snowtails", extra_trees=2)
    seat = state.public.current
    free = S.tree_spaces(state)
    coords = state.track.coords(free[0])
    assert parse_input(state, seat, "tree {} {} {}".format(*coords)) == S.PlaceTree(seat, free[0])
    assert parse_input(state, seat, "[{}, {}, {}]".format(*coords)) == S.PlaceTree(seat, free[0])
    with pytest.raises(InputError, match=r"^ST-S1: .*start or finish"):
        parse_input(state, seat, "tree 0 1 0")
    with pytest.raises(InputError, match=r"^ST-S1: no space"):
        parse_input(state, seat, "tree 1 9 0")
    with pytest.raises(InputError, match=r"tree SECTION LANE SPACE"):
        parse_input(state, seat, "tree 1 2")
    with pytest.raises(InputError, match=r"e.g. `tree 1 2 3`"):
        parse_input(state, seat, "")
    helper = TurnHelper(state, seat)
    lines = [sg.text for sg in helper.suggest("tree 1 2 ")]
    assert lines and all(t.startswith("tree 1 2 ") for t in lines)
    assert all(parse_input(state, seat, t) == S.PlaceTree(seat, state.track.sid(*map(int, t.split()[1:])))
               for t in lines)
    after = S.apply(state, S.PlaceTree(seat, free[0]), Rand(b"t"))
    with pytest.raises(InputError, match=r"^ST-S1: .*has a tree"):
        parse_input(after, after.public.current, "tree {} {} {}".format(*coords))


def refill_state():
    """A Snow Tails game in the refill phase (a start position 4/5 player with more than 5 cards)."""
    state = new_game("snowtails", names=("Alice", "Bob", "Carl", "Dora", "Emil"))
    for _ in range(20):
        if state.public.phase == S.PH_REFILL:
            return state
        state = play_random(state, 1, seed=bytes([state.public.turn]))
    raise AssertionError("no refill phase reached")


def test_refill_discards_by_value():
    state = refill_state()
    need = state.public.refill
    seat = need.seat
    values = sorted(state.hand_values(seat))[: need.min_discard]
    r = parse_input(state, seat, "discard " + " ".join(map(str, values)))
    assert isinstance(r, S.Refill) and sorted(v for _, v in r.discard) == values
    assert parse_input(state, seat, "d " + "".join(map(str, values))) == r
    with pytest.raises(InputError, match=r"^ST-R2: "):
        parse_input(state, seat, "keep")


def test_every_legal_move_round_trips_through_its_text():
    """format_action then parse_input gives back the same move (perft-style, both games)."""
    for state in (play_random(new_game("snowtails"), 3), new_game("mush"), play_random(new_game("mush"), 4)):
        if state.public.phase != S.PH_MOVE:
            continue
        seat = state.public.current
        moves = S.legal_moves(state)
        assert moves
        for mv in moves:
            back = parse_input(state, seat, format_action(mv))
            assert (values_of(back), back.path, back.bonus, back.origin) == \
                (values_of(mv), mv.path, mv.bonus, mv.origin)


def test_completions_cards_then_paths_with_where_they_end():
    state, seat = st_turn([5, 4, 4, 1, 2])
    helper = TurnHelper(state, seat)
    first = [s.text for s in helper.suggest("")]
    assert "L4 R4" in first and "L5" in first and "B1" in first and "auto" in first
    assert all(s.text.upper().startswith("L4") for s in helper.suggest("l4"))
    paths = [s for s in helper.suggest("L5 ") if s.text.startswith("L5 ")]
    assert {s.display for s in paths} == set(S.paths(5, 2))
    assert all(s.meta.startswith("→ [") for s in paths)
    assert "→" in helper.preview("L5 DDFFF")
    assert helper.preview("L5 FFFFF").startswith("… TRK-11")


def test_completions_offer_origins_and_bonus():
    state = new_game("mush")
    seat = state.public.current
    state = set_hand(state, seat, [3, 3, 1, 0, 4])
    helper = TurnHelper(state, seat)
    assert {s.display for s in helper.suggest("L3 R3 ") if s.display.startswith("@")} == \
        {f"@{i}" for i in range(1, state.track.lanes + 1)}
    st, seat = st_turn([3, 3, 1, 2, 5], first_turn=False)
    bonus = [s for s in TurnHelper(st, seat).suggest("L3 R3 FFF ") if s.display.startswith("+")]
    assert [s.display for s in bonus] == [f"+{S.race_position(st, seat)}"]

"""The defects and wording problems of issue 12, each reproduced first (these failed before the fix)."""

from __future__ import annotations

import pytest
from ui_helpers import new_game, play_bots, set_hand

from snowp2p.cli import main
from snowp2p.games.sled import engine as S
from snowp2p.core.drbg import Rand
from snowp2p.core.errors import IllegalMove
from snowp2p.games.sled.movetext import InputError, TurnHelper, parse_input


def at_refill(game: str, exactly_one: bool = False):
    """The first refill the computer players reach (``exactly_one``: one that must discard exactly one card)."""
    from snowp2p.games.sled.bot import choose_action
    from snowp2p.core.drbg import derive

    st = new_game(game)
    for k in range(2000):
        need = st.public.refill
        if st.public.phase == S.PH_REFILL and (not exactly_one or need.min_discard == need.max_discard == 1):
            return st
        if st.is_over:
            st = new_game(game, seed=bytes([k % 256]))
        st = S.apply(st, choose_action(st, Rand(derive(b"p", k))), Rand(derive(b"a", k)))
    raise AssertionError("no refill reached")


def first_mush_move(values=(3, 3, 4, 4, 5)):
    st = new_game("mush")
    while st.public.phase != S.PH_MOVE:
        st = S.apply(st, S.legal_actions(st)[0], Rand(b"x"))
    seat = st.public.current
    return set_hand(st, seat, list(values)), seat


def test_discard_exactly_one_dog_card_is_singular():
    st = at_refill("snowtails", exactly_one=True)
    need = st.public.refill
    with pytest.raises(IllegalMove) as e:
        S.apply(st, S.Refill(need.seat, (), False, False), Rand(b"r"))
    assert "discard exactly 1 dog card," in str(e.value)


def test_snowtails_refill_hint_does_not_mention_mush_buildings():
    st = at_refill("snowtails")
    with pytest.raises(InputError) as e:
        parse_input(st, st.public.refill.seat, "xyzzy")
    assert "chapel" not in str(e.value) and "kennels" not in str(e.value)
    assert "discard" in str(e.value)


def test_two_cards_on_one_dog_is_explained():
    st, seat = first_mush_move((4, 4, 3, 3, 5))
    with pytest.raises(InputError) as e:
        parse_input(st, seat, "L4 L4 @1 FFFFFFFF")
    msg = str(e.value)
    assert "no more card" not in msg and "one card" in msg and "L4 R4" in msg


def test_discard_99_is_not_two_nines():
    st = at_refill("snowtails")
    seat = st.public.refill.seat
    with pytest.raises(InputError) as e:
        parse_input(st, seat, "d 99")
    assert "99" in str(e.value) and "apart" in str(e.value)


def test_mush_first_turn_without_origin_teaches_at_n():
    st, seat = first_mush_move((3, 3, 4, 4, 5))
    with pytest.raises(InputError) as e:
        parse_input(st, seat, "L3 FFFFD")
    assert "@N" in str(e.value) or "@1" in str(e.value)


def test_menu_offers_only_legal_paths():
    st = play_bots(new_game("snowtails"), 12)
    while st.public.phase != S.PH_MOVE:
        st = S.apply(st, S.legal_actions(st)[0], Rand(b"y"))
    seat = st.public.current
    helper = TurnHelper(st, seat)
    for play in helper.plays():
        from snowp2p.games.sled.movetext import format_play

        p = format_play(play)
        for sug in helper.suggest(p + " "):
            assert not sug.meta.startswith("illegal"), (sug.text, sug.meta)


def test_card_only_move_when_every_path_ends_alike():
    """A move typed without its path is taken when every path of that speed and drift ends the same way."""
    st = play_bots(new_game("snowtails"), 12)
    while st.public.phase != S.PH_MOVE:
        st = S.apply(st, S.legal_actions(st)[0], Rand(b"y"))
    seat = st.public.current
    found = False
    from snowp2p.games.sled.movetext import format_play, speed_of

    for play in S.play_options(st, seat):
        speed, drift, _ = speed_of(st, seat, play)
        paths = S.paths(speed, drift)
        if len(paths) < 2:
            continue
        ends = set()
        for p in paths:
            try:
                after = S.move_outcome(st, S.Move(seat, play, p, 0, None))
            except IllegalMove:
                ends.add(None)
                continue
            ends.add((after.sled(seat).at, after.sled(seat).damage, after.public.trees))
        if len(ends) == 1 and None not in ends:
            mv = parse_input(st, seat, format_play(play))
            assert isinstance(mv, S.Move) and mv.path in paths
            found = True
    if not found:
        pytest.skip("no such play in this position")


def test_snake_score_is_in_words():
    from snowp2p.games.snake import engine as N
    from snowp2p.games.snake.tiles import load_tiles
    from snowp2p.games.snake.board import breakdown_lines

    from snowp2p.games.snake.bot import choose_snake_action
    from snowp2p.core.drbg import derive

    st = N.new_game(["Ada", "Bob"], Rand(b"s"), N.SnakeRules(), load_tiles())
    k = 0
    while not st.is_over:
        st = N.apply(st, choose_snake_action(st, Rand(derive(b"b", k))), Rand(derive(b"a", k)))
        k += 1
    text = "\n".join(breakdown_lines(st))
    assert "SC-P" not in text.replace("(SC-P", "")  # rule ids only in brackets after the words
    assert "printed points" in text and "diamonds" in text


def test_play_players_hints_at_bots(capsys):
    assert main(["play", "--players", "9"]) == 2
    err = capsys.readouterr().err
    assert "--bots" in err and "--humans" in err and len(err.strip().splitlines()) == 1


def test_network_game_over_says_1_point(tmp_path):
    from snowp2p.ui.views import plural

    assert plural(1, "point") == "1 point" and plural(2, "point") == "2 points"
    import inspect

    from snowp2p.net import peer as game

    src = inspect.getsource(game.NetGame._game_over)
    assert 'points" if pts' not in src  # the places line pluralises

"""The text renderers: board and status (snowp2p.games.sled.board)."""

from __future__ import annotations

from dataclasses import replace

from ui_helpers import new_game, play_bots, set_sled

from snowp2p.games.sled import engine as S
from snowp2p.games.sled import board as B


def lane_rows(text: str, lanes: int) -> dict[int, str]:
    rows = {}
    for line in text.splitlines():
        head = line[:3].strip()
        if head.isdigit():
            rows[int(head)] = line
    assert sorted(rows) == list(range(1, lanes + 1))
    return rows


def test_every_lane_row_top_to_bottom_lane_w_first():
    state = new_game("snowtails")
    text = B.render_board(state)
    labels = [int(line[:3]) for line in text.splitlines() if line[:3].strip().isdigit()]
    assert labels == [5, 4, 3, 2, 1]
    lane_rows(text, 5)


def test_sleds_shown_by_their_marks_on_their_lane():
    state = new_game("snowtails")
    marks = B.sled_marks(state)
    assert sorted(marks.values()) == ["A", "B", "C"]
    rows = lane_rows(B.render_board(state), 5)
    for s in state.public.sleds:
        _, lane, _ = state.track.coords(s.at)
        assert marks[s.seat] in rows[lane][3:]


def test_marks_stay_distinct_with_same_initials():
    state = new_game("snowtails", names=("Anna", "Andy", "Al"))
    assert len(set(B.sled_marks(state).values())) == 3


def test_trees_blocked_spaces_and_red_lines():
    state = new_game("snowtails")
    text = B.render_board(state)
    assert text.count(B.GLYPH_TREE) == len(state.public.trees) == 2
    assert B.GLYPH_BLOCKED in text
    assert "limit 7" in text  # one limit for every lane
    assert "limit 6-9" in text  # one limit per lane
    rows = lane_rows(text, 5)
    # the per-lane limits of the second corner stand in the red line column of each lane row
    x = B.MARGIN + B.layout(state.track).section_x[4] - 1
    assert [rows[lane][x] for lane in range(1, 6)] == ["9", "8", "8", "7", "6"]


def test_no_trees_option_removes_the_trees():
    state = new_game("snowtails", trees="none")
    assert B.GLYPH_TREE not in B.render_board(state)


def test_corner_inner_lane_has_fewer_longer_spaces():
    state = new_game("snowtails")
    track = state.track
    lay = B.layout(track)
    corner = 2  # a right turn: lane 1 is inside
    inner = track.sid(corner, 1, 0)
    outer = track.sid(corner, 5, 0)
    a_in, b_in = lay.span(track, inner)
    a_out, b_out = lay.span(track, outer)
    assert b_in - a_in > b_out - a_out
    rows = lane_rows(B.render_board(state), 5)
    seg = slice(B.MARGIN + lay.section_x[corner], B.MARGIN + lay.section_x[corner] + lay.section_cols[corner] * B.CELL)
    assert rows[1][seg].count(B.GLYPH_EMPTY) == track.lane_len[corner][0]
    assert rows[5][seg].count(B.GLYPH_EMPTY) == track.lane_len[corner][4]
    assert B.GLYPH_STRETCH in rows[1][seg]
    assert "↱90°" in B.render_board(state)


def test_mush_buildings_tight_corner_and_finish():
    state = new_game("mush")
    text = B.render_board(state)
    for letter in ("k", "c", "t"):  # buildings in lower case: sled marks are capitals
        assert letter in text
    assert "tight" in text and "↰180°" in text
    assert "FINISH" in text and "║" in text
    assert B.GLYPH_TRIGGER in text
    lane_rows(text, state.track.lanes)
    without = replace(state, rules=replace(state.rules, mm_buildings=False))
    assert B.GLYPH_TRIGGER not in B.render_board(without)


def test_panning_window_follows_the_current_sled():
    state = new_game("snowtails")
    track = state.track
    seat = state.public.current
    far = track.sid(5, 3, 2)
    state = set_sled(state, seat, at=far)
    full = B.render_board(state)
    assert max(len(line) for line in full.splitlines()) > 50
    text = B.render_board(state, width=50)
    assert all(len(line) <= 50 for line in text.splitlines())
    rows = lane_rows(text, 5)
    assert B.sled_marks(state)[seat] in rows[3]
    assert "◀" in text  # the start is cut off on the left


def test_highlight_marks_path_end():
    state = new_game("snowtails")
    seat = state.public.current
    mv = S.legal_moves(state)[0]
    spaces = B.path_spaces(state, mv)
    end = S.move_outcome(state, mv).sled(seat).at
    assert spaces[0] == state.sled(seat).at and spaces[-1] == end
    frags = B.board_fragments(state, highlight=spaces)
    assert any(B.ST_END in style for style, _ in frags)


def test_status_shows_viewers_hand_only():
    state = new_game("snowtails")
    text = B.render_status(state, viewer=0)
    values = sorted(state.hand_values(0))
    assert "Your hand (Alice): dog cards " + " ".join(map(str, values)) in text  # the cards named as dog cards
    assert "on the sled: dogs 3|3 brake 3 = speed 3" in text  # what they drive (issue 23, item 1)
    for s in state.public.sleds:
        assert s.name in text
    # other seats' hidden values never reach the text: forgetting them changes nothing
    hidden = replace(state, private=(state.private[0], None, None))
    assert B.render_status(hidden, viewer=0) == text
    assert "Your hand (Bob)" not in text


def test_status_columns_per_game():
    st = B.render_status(new_game("snowtails"), viewer=1)
    assert "brake 3" in st and "damage 0" in st and "hand" in st and "1st" in st
    mm = B.render_status(new_game("mush"), viewer=1)
    assert "die " in mm and "collisions 0" in mm and "not on the track yet" in mm


def test_status_after_a_race_lists_places():
    state = play_bots(new_game("snowtails"), 400)
    assert state.is_over and state.public.places
    text = B.render_status(state, viewer=0)
    assert "1st" in text
    assert any(w in text for w in ("finished", "eliminated"))


def test_ordinal():
    assert [B.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]

"""The match over the network, its pure parts (protocol/SPEC.md section 16): the roster's ``settings.match``
map, ``check_next`` (every seat signs only a race that continues the match it holds) and the results, which
come from the rules' one home for matches (games/sled/series.py: ST-E3, ST-E4, MM-T1, MM-T4)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kit.match import session, st_final

from snowp2p.commands.match import standings_lines
from snowp2p.protocol.errors import DecodeError
from snowp2p.protocol.match import (MatchError, Prev, check_next, count_problem, first_race, match_of, parse_match,
                                    record_of)
from snowp2p.protocol.messages import Seat
from snowp2p.protocol.roster import rules_from_roster
from snowp2p.games import find_game

ST, MM, SNAKE = find_game("snowtails"), find_game("mush"), find_game("snake")
MID = bytes(range(32))
TRACKS = [("first-race", b"\x01" * 32), ("s-bends", b"\x02" * 32), ("forest", b"\x03" * 32)]
SEATS = (Seat("Ada", b"\xaa" * 32, "127.0.0.1", 1), Seat("Bob", b"\xbb" * 32, "127.0.0.1", 2))
END = Prev(b"\x09" * 32, 17, b"\x07" * 32)


def body(m, seats=SEATS, rules=None, move_time=90):
    settings = {"game": "snowtails", "rules": rules or {"game": "snowtails"}, "move_time": move_time}
    if m is not None:
        settings["match"] = m.to_wire()
    return SimpleNamespace(kind="snowtails", settings=settings, seats=seats)


def test_st_e4_a_series_is_two_or_more_tracks_mm_t1_a_tournament_exactly_three():
    assert count_problem(ST, 1) and "ST-E4" in count_problem(ST, 1)
    assert count_problem(ST, 2) is None and count_problem(ST, 5) is None
    assert "MM-T1" in count_problem(MM, 2) and count_problem(MM, 3) is None
    assert count_problem(SNAKE, 3)


def test_the_match_map_round_trips_and_the_next_race_names_the_last_agreed_state():
    m0 = first_race(MID, ST, TRACKS)
    assert parse_match(m0.to_wire(), ST) == m0 and m0.prev is None and m0.race == 0
    m1 = m0.next(END)
    assert (m1.race, m1.prev, m1.id, m1.tracks) == (1, END, MID, m0.tracks)
    assert parse_match(m1.to_wire(), ST) == m1
    with pytest.raises(MatchError):
        m1.next(END).next(END)  # race 3 of 3 is the last


@pytest.mark.parametrize("mutate, field", [
    (lambda w: w.pop("prev"), "settings.match.prev"),                       # a later race names the race before
    (lambda w: w.update(race=5), "settings.match.race"),                    # beyond the tracks
    (lambda w: w.update(kind="tournament"), "settings.match.kind"),         # Snow Tails: a series
    (lambda w: w.update(tracks=w["tracks"][:1]), "settings.match.tracks"),  # ST-E4: two or more
    (lambda w: w.update(id=b"short"), "settings.match.id"),
    (lambda w: w.update(extra=1), "settings.match.extra"),
    (lambda w: w["prev"].update(state=b"x"), "settings.match.prev.state"),
])
def test_a_bad_match_map_is_one_decode_error_naming_the_field(mutate, field):
    w = first_race(MID, ST, TRACKS).next(END).to_wire()
    mutate(w)
    with pytest.raises(DecodeError) as e:
        parse_match(w, ST)
    assert e.value.field == field


def test_the_roster_reader_checks_the_match_map():
    game = find_game("snowtails")
    good = body(first_race(MID, ST, TRACKS))
    rules_from_roster(game, good.settings)  # accepted
    bad = dict(good.settings, match={**good.settings["match"], "race": 9})
    with pytest.raises(DecodeError):
        rules_from_roster(game, bad)


def test_check_next_accepts_exactly_the_race_this_seat_expects():
    m0 = first_race(MID, ST, TRACKS)
    first = body(m0)
    nxt = m0.next(END)
    check_next(ST, first, nxt, body(nxt), TRACKS[1][1])  # SPEC 16.2


@pytest.mark.parametrize("what, make, digest", [
    ("another match", lambda m: first_race(b"\x05" * 32, ST, TRACKS).next(END), None),
    ("another race", lambda m: m.next(END).next(END), TRACKS[2][1]),
    ("another last state", lambda m: m.next(Prev(END.game, END.turn, b"\x08" * 32)), None),
    ("another track list", lambda m: first_race(MID, ST, TRACKS[::-1]).next(END), None),
    ("another track", lambda m: m.next(END), b"\x04" * 32),
])
def test_check_next_refuses_a_race_that_does_not_continue_the_match(what, make, digest):
    m0 = first_race(MID, ST, TRACKS)
    with pytest.raises(MatchError):
        check_next(ST, body(m0), m0.next(END), body(make(m0)), digest or TRACKS[1][1])


def test_check_next_refuses_other_rules_other_seats_or_another_order():
    m0 = first_race(MID, ST, TRACKS)
    nxt = m0.next(END)
    for other in (body(nxt, rules={"game": "snowtails", "trees": "none"}), body(nxt, move_time=30),
                  body(nxt, seats=SEATS[::-1]), body(nxt, seats=(SEATS[0], Seat("Eve", b"\xee" * 32, "x", 3)))):
        with pytest.raises(MatchError):
            check_next(ST, body(m0), nxt, other, TRACKS[1][1])
    # an offer names the seats taken so far: a prefix of the match's
    check_next(ST, body(m0), nxt, body(nxt, seats=SEATS[:1]), TRACKS[1][1], full=False)
    # a screen label may differ
    labelled = body(nxt)
    labelled.settings["computer_seats"] = [1]
    check_next(ST, body(m0), nxt, labelled, TRACKS[1][1])


def test_match_of_a_single_race_is_none():
    assert match_of(body(None), ST) is None


def test_st_e3_st_e4_totals_and_ties_to_the_better_place_in_the_last_race():
    names = ["Ada", "Bob", "Cy"]
    finals = [st_final("first-race", names, (0, 1, 2), "a"), st_final("s-bends", names, (1, 0, 2), "b")]
    rec = record_of(ST, names, finals[0].rules, finals)
    assert rec.totals() == (8, 8, 4)  # ST-E3 (5, 3, 2): 5 + 3, 3 + 5, 2 + 2
    assert rec.standings() == [1, 0, 2]  # ST-E4: tie 8-8 to Bob, better in the last race


def test_the_standings_between_races_and_at_the_end():
    names = ["Ada", "Bob"]
    m0 = first_race(MID, ST, TRACKS[:2])
    s1 = session(st_final("first-race", names, (0, 1), "a"), names)
    lines = standings_lines([s1], m0)
    text = "\n".join(lines)
    assert lines[0] == "Race 1 of 2 (first-race) is over."
    assert "Result: 1. Ada 5  2. Bob 3" in text
    assert "Next: race 2 of 2 on s-bends." in text and "ST-S2" in text
    assert all(len(ln) <= 80 for ln in lines)
    s2 = session(st_final("s-bends", names, (1, 0), "b"), names)
    final = standings_lines([s1, s2], m0.next(END))
    text = "\n".join(final)
    assert "Final standings of the series:" in text
    assert "Bob wins the series (ST-E4" in text  # 8-8, Bob better in the last race
    assert all(len(ln) <= 80 for ln in final)

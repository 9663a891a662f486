"""The roster carries the track and the rules; both are checked (issue 10 items 6 and 7).

Pure tests of snowp2p/protocol/roster.py, the track's wire form and size caps (games/sled/track.py) and the
sense checks of every rules field (games/sled/config.py).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import fields

import pytest

from snowp2p.games import find_game, roster_game
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.errors import DecodeError
from snowp2p.protocol.messages import HOST_SEAT, ZERO_HASH, Envelope, Roster, Seat, decode_signed, encode_signed
from snowp2p.protocol.roster import (
    Setting, differing_settings, roster_body, roster_summary, rules_from_roster, summary_lines, table_from_roster,
)
from snowp2p.games.snake import engine as snake
from snowp2p.games.snake.tiles import load_tiles
from snowp2p.games.sled.config import SledRules
from snowp2p.games.sled.track import (
    MAX_SPACES, MAX_TRACK_FILE, TrackError, find_track, load_track_file, shipped_tracks, track_digest,
    track_from_wire, track_to_wire,
)
from kit.sessions import session_for

ID = Identity.from_seed(hashlib.sha256(b"roster table test").digest())
ST = find_game("snowtails")
SEATS = (Seat("ann", ID.public_key, "127.0.0.1", 1), Seat("bo", bytes(range(32)), "127.0.0.1", 2))


def signed(body) -> bytes:
    return encode_signed(ID, Envelope(b"t" * 32, HOST_SEAT, 0, ZERO_HASH, body))


@pytest.mark.parametrize("name", sorted(shipped_tracks()))
def test_every_shipped_track_round_trips_through_the_roster(name):
    t = shipped_tracks()[name]
    body = decode_signed(signed(roster_body(find_game(t.game), t, SledRules(game=t.game), SEATS))).body
    back = table_from_roster(body, roster_game(body.kind))
    assert track_digest(back) == track_digest(t) and back.name == t.name
    assert track_to_wire(back) == track_to_wire(t)


def test_a_half_lane_radius_travels_exactly():
    t = find_track("hairpin", "mush")
    w = track_to_wire(t)
    radii = [s["inner_radius"] for s in w["sections"] if s["kind"] == "corner"]
    assert all(isinstance(r, list) and len(r) == 2 for r in radii) and [1, 2] in radii
    assert track_digest(track_from_wire(w)) == track_digest(t)


def _wire(**change):
    w = track_to_wire(find_track("first-race", "snowtails"))
    w.update(change)
    return w


@pytest.mark.parametrize("wire, says", [
    (_wire(sections=[{"kind": "start", "rows": 1}] + [{"kind": "straight", "rows": 200}] * 3
           + [{"kind": "finish", "rows": 4}]), f"at most {MAX_SPACES}"),
    (_wire(sections=[{"kind": "start", "rows": 1}] + [{"kind": "straight", "rows": 1}] * 60
           + [{"kind": "finish", "rows": 4}]), "at most 40 sections"),
    (_wire(lanes=100000), "4 to 7 lanes"),
    (_wire(name="x" * 65), "name: 1 to 64"),
    (_wire(name="evil\x1b[2J"), "name"),
    (_wire(trees=[[1, 1, 0]] * 300), "at most 256"),
    (_wire(sections=[{"kind": "start", "rows": 1}, {"kind": "corner", "turn": "left", "angle": 90,
                                                   "inner_radius": 2.5}, {"kind": "finish", "rows": 4}]),
     "inner_radius: expected [numerator, denominator]"),
    (_wire(sections=[{"kind": "start", "rows": 1}, {"kind": "corner", "turn": "left", "angle": 90,
                                                   "inner_radius": [1, 0]}, {"kind": "finish", "rows": 4}]),
     "inner_radius"),
    ("first-race", "a track is a map"),
])
def test_a_bad_or_oversized_track_is_refused_in_one_line(wire, says):
    with pytest.raises(TrackError) as e:
        track_from_wire(wire)
    assert says in str(e.value) and "\n" not in str(e.value)


def test_a_snake_roster_carries_the_standard_tile_set_only():
    tiles = load_tiles()
    body = decode_signed(signed(roster_body(find_game("snake"), tiles, snake.SnakeRules(), SEATS))).body
    assert dict(body.track) == {"name": "standard"}
    assert table_from_roster(body, roster_game(body.kind)).digest == tiles.digest
    odd = Roster("snake", {"name": "/dev/zero"}, body.settings, SEATS)
    with pytest.raises(DecodeError, match="standard tile set"):
        table_from_roster(odd, roster_game(odd.kind))


def test_a_sled_track_for_the_other_game_is_refused():
    t = find_track("first-race", "snowtails")
    body = Roster("mush", track_to_wire(t), {"game": "mush", "rules": SledRules(game="mush").to_dict()}, SEATS)
    with pytest.raises(DecodeError, match="the track is for Snow Tails"):
        table_from_roster(body, roster_game(body.kind))


# ------------------------------------------------------------------ track files
def test_a_track_file_over_the_size_cap_is_refused(tmp_path):
    p = tmp_path / "big.toml"
    p.write_text('name = "big"\n' + "# padding\n" * (MAX_TRACK_FILE // 10 + 1))
    with pytest.raises(TrackError, match="too big for a track file"):
        load_track_file(p)


def test_a_too_deep_track_file_is_refused_in_one_line(tmp_path):
    p = tmp_path / "deep.toml"
    p.write_text("x = " + "[" * 30000 + "]" * 30000 + "\n")
    with pytest.raises(TrackError) as e:
        load_track_file(p)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null"])
def test_a_device_is_not_a_track_file(path):
    with pytest.raises(TrackError, match="not a regular file"):
        load_track_file(path)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    p = tmp_path / "fifo.toml"
    os.mkfifo(p)
    with pytest.raises(TrackError, match="not a regular file"):
        load_track_file(p)


# ------------------------------------------------------------------ rules
@pytest.mark.parametrize("change, says", [
    (dict(mm_deck=()), "mm_deck"),
    (dict(mm_die_by_order=()), "mm_die_by_order"),
    (dict(mm_die_by_order=(1,) * 7), "mm_die_by_order"),
    (dict(mm_die_by_order=(9,) * 8), "mm_die_by_order"),
    (dict(mm_deck=(1,) * 20), "mm_deck"),  # no start dogs of value 2
    (dict(mm_deck=(2, 2, 7) + (1,) * 10), "mm_deck"),
    (dict(mm_start_dog=0), "mm_start_dog"),
    (dict(st_deck=()), "st_deck"),
    (dict(st_deck=(0,) * 20), "st_deck"),
    (dict(st_deck=(3,) * 65), "st_deck"),
    (dict(st_points=()), "st_points"),
    (dict(st_points=(101,)), "st_points"),
    (dict(st_extra_cards=((4, 1), (4, 2))), "st_extra_cards"),
    (dict(st_extra_cards=((9, 1),)), "st_extra_cards"),
    (dict(st_extra_cards=((4, 1, 1),)), "st_extra_cards"),
    (dict(hand_size=0), "hand_size"),
    (dict(hand_size=11), "hand_size"),
    (dict(max_rounds=0), "max_rounds"),
    (dict(st_start_dog=0), "st_start_dog"),
    (dict(st_start_brake=9), "st_start_brake"),
    (dict(st_elimination_damage=0), "st_elimination_damage"),
    (dict(mm_die_max=0), "mm_die_max"),
    (dict(mm_collision_limit=0), "mm_collision_limit"),
    (dict(mm_tavern_bonus=999), "mm_tavern_bonus"),
    (dict(st_reshuffle_below=11), "st_reshuffle_below"),
    (dict(st_damage_supply=201), "st_damage_supply"),
    (dict(mm_collision_supply=201), "mm_collision_supply"),
])
@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_every_rules_field_is_checked_for_sense(game, change, says):
    with pytest.raises(ValueError, match=f"rules field {says}"):
        SledRules(game=game, **change)
    # and the same settings arriving in a roster: one line naming settings.rules, never an IndexError
    raw = {**SledRules(game=game).to_dict(), **{k: list(v) if isinstance(v, tuple) else v for k, v in change.items()}}
    with pytest.raises(DecodeError) as e:
        rules_from_roster(find_game(game), {"game": game, "rules": raw})
    assert e.value.field == "settings.rules" and says in str(e.value)


def test_each_checked_field_has_a_test():
    """Every SledRules field is either covered above or has no range to check (a choice or a bool)."""
    tested = {"mm_deck", "mm_die_by_order", "mm_start_dog", "st_deck", "st_points", "st_extra_cards", "hand_size",
              "max_rounds", "st_start_dog", "st_start_brake", "st_elimination_damage", "mm_die_max",
              "mm_collision_limit", "mm_tavern_bonus", "st_reshuffle_below", "st_damage_supply",
              "mm_collision_supply"}
    choices = {"game", "deck_draw", "st_start_positions", "trees", "extra_trees", "mm_buildings"}
    assert {f.name for f in fields(SledRules)} == tested | choices


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_drawing_from_the_top_is_refused_in_networked_games(game):
    top = SledRules(game=game, deck_draw="top")  # fine for the conformance scenarios (stacked decks)
    assert "G3, G4" in top.network_refusal()
    with pytest.raises(DecodeError) as e:
        rules_from_roster(find_game(game), {"game": game, "rules": top.to_dict()})
    assert e.value.field == "settings.rules.deck_draw"
    body = roster_body(find_game(game), find_track("first-race" if game == "snowtails" else "village", game), top, SEATS)
    with pytest.raises(DecodeError, match="refused in networked games"):
        session_for(decode_signed(signed(body)))  # the audit too


@pytest.mark.parametrize("settings, field", [
    ({"game": "mush", "rules": SledRules(game="snowtails").to_dict()}, "settings.game"),
    ({"game": "snowtails", "rules": SledRules(game="mush").to_dict()}, "settings.rules.game"),
    ({"game": "snowtails", "rules": SledRules(game="snowtails").to_dict(), "track_digest": b"x" * 32},
     "settings.track_digest"),
    ({"game": "snowtails"}, "settings.rules"),
])
def test_settings_that_do_not_fit_the_game_are_refused(settings, field):
    with pytest.raises(DecodeError) as e:
        rules_from_roster(find_game("snowtails"), settings)
    assert e.value.field == field


def test_extra_trees_that_do_not_fit_the_carried_track_are_refused():
    t = find_track("forest", "snowtails")
    rules = SledRules(game="snowtails", extra_trees=20)
    with pytest.raises(DecodeError, match="over 20"):
        session_for(decode_signed(signed(roster_body(find_game("snowtails"), t, rules, SEATS))))


# ------------------------------------------------------------------ what a joiner is shown
def test_the_summary_lists_exactly_the_settings_that_differ():
    t = find_track("forest", "snowtails")
    rules = SledRules(game="snowtails", st_start_positions="random", extra_trees=2, st_points=(9, 1))
    s = roster_summary(decode_signed(signed(roster_body(find_game("snowtails"), t, rules, SEATS))).body, ST)
    assert s.differences == (Setting("st_points", [9, 1], [5, 3, 2, 1, 0]),
                             Setting("st_start_positions", "random", "choose"), Setting("extra_trees", 2, 0))
    assert (s.track_name, s.spaces, s.sections, s.shipped, s.unusual) == ("forest", t.size, 9, True, True)
    lines = summary_lines(s)
    assert lines[0] == f"Snow Tails on the track 'forest' ({t.size} spaces in 9 sections), 2 players: ann, bo"
    assert "  st_points = [9, 1]   (default [5, 3, 2, 1, 0])" in lines


def test_the_move_time_travels_in_the_roster_and_is_checked():
    t = find_track("first-race", "snowtails")
    s = roster_summary(decode_signed(signed(roster_body(find_game("snowtails"), t, SledRules(game="snowtails"), SEATS,
                                                        move_time=30))).body, ST)
    assert s.move_time == 30 and "Move time: 30 s a move" in summary_lines(s)[-1]
    for bad in (0, 4, 3601, "90", True):  # (a float can not be in a message at all)
        body = roster_body(find_game("snowtails"), t, SledRules(game="snowtails"), SEATS)
        body = type(body)(body.kind, body.track, {**body.settings, "move_time": bad}, body.seats)
        with pytest.raises(DecodeError, match="settings.move_time"):
            roster_summary(decode_signed(signed(body)).body, ST)


def test_defaults_on_a_shipped_track_are_not_unusual_but_a_track_of_ones_own_is():
    t = find_track("first-race", "snowtails")
    s = roster_summary(decode_signed(signed(roster_body(find_game("snowtails"), t, SledRules(game="snowtails"), SEATS))).body, ST)
    assert not s.unusual and s.differences == () and summary_lines(s)[-2] == "All settings are the defaults."
    assert summary_lines(s)[-1].startswith("Move time: 90 s a move")  # (SPEC 11.9: every joiner sees it)
    w = track_to_wire(t)
    w["name"] = "mine"
    w["sections"][1]["rows"] = w["sections"][1]["rows"] + 1
    mine = track_from_wire(w)
    s = roster_summary(decode_signed(signed(roster_body(find_game("snowtails"), mine, SledRules(game="snowtails"), SEATS))).body, ST)
    assert s.unusual and not s.shipped and "the host's own track" in summary_lines(s)[0]
    assert differing_settings(SledRules(game="mush")) == ()
    assert differing_settings(snake.SnakeRules(hand_size=5)) == (Setting("hand_size", 5, 4),)


def test_the_longest_description_and_name_fit_in_a_roster():
    """A track within the caps always fits a roster's text limits (1024 UTF-8 bytes): 250 four-byte
    characters of description, 64 of name."""
    w = track_to_wire(find_track("first-race", "snowtails"))
    w["description"] = "\U0001F600" * 250
    w["name"] = "\U0001F600" * 64
    t = track_from_wire(w)
    body = decode_signed(signed(roster_body(find_game("snowtails"), t, SledRules(game="snowtails"), SEATS))).body
    assert table_from_roster(body, roster_game(body.kind)).description == w["description"]


def test_the_track_of_a_roster_is_built_once_and_is_the_same_as_built_afresh():
    """table_from_roster keeps the Track built from a roster's track (by its canonical bytes, issue 14): every
    peer's Session of a game gets the same immutable object, identical to one built from the wire afresh."""
    t = find_track("mush-first-race", "mush")
    body = decode_signed(signed(roster_body(find_game("mush"), t, SledRules(game="mush"), SEATS))).body
    first, again = table_from_roster(body, roster_game(body.kind)), table_from_roster(body, roster_game(body.kind))
    assert again is first
    fresh = track_from_wire(body.track, where="track")
    assert first is not fresh
    assert [getattr(first, f.name) for f in fields(first)] == [getattr(fresh, f.name) for f in fields(fresh)]
    # another table is another key; a bad one raises each time (failures are not kept)
    other = shipped_tracks()[next(n for n in sorted(shipped_tracks()) if n != t.name and shipped_tracks()[n].game == "mush")]
    body2 = decode_signed(signed(roster_body(find_game("mush"), other, SledRules(game="mush"), SEATS))).body
    assert table_from_roster(body2, roster_game(body2.kind)).name == other.name != first.name
    wire = dict(track_to_wire(t))
    wire["lanes"] = 9
    bad = decode_signed(signed(Roster("mush", wire, body.settings, SEATS))).body
    for _ in range(2):
        with pytest.raises(DecodeError, match="lanes"):
            table_from_roster(bad, roster_game(bad.kind))

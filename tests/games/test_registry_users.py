"""The modules that ask the registry instead of naming a game still say what is wrong in one line
(issue 20), and the production peer carries no test cheats (net/cheats.py ``CheatingGame``)."""

from __future__ import annotations

import dataclasses

import pytest

from snowp2p.games import find_game, kinds_text, roster_game
from snowp2p.protocol.errors import DecodeError
from snowp2p.protocol.roster import table_from_roster
from snowp2p.scenario import ScenarioError, scenario_from_dict


def test_a_scenario_for_no_registered_game_is_one_line():
    with pytest.raises(ScenarioError) as e:
        scenario_from_dict({"game": "chess"}, "x.json")
    assert str(e.value) == "x.json: game: must be 'snowtails', 'mush' or 'snake', not 'chess'"
    assert kinds_text() == "'snowtails', 'mush' or 'snake'"
    with pytest.raises(ScenarioError, match="must be"):
        scenario_from_dict({"game": ["snake"]}, "x.json")  # not a name at all: the same line, no TypeError


def test_a_roster_for_no_registered_game_is_a_decode_error():
    class Body:
        kind = "chess"
        track = {"name": "standard"}

    with pytest.raises(DecodeError, match="unknown game 'chess'"):
        roster_game(Body().kind)  # what the commands hand the roster and the session (they never look one up)
    with pytest.raises(DecodeError, match="the roster is for 'chess', not for Snake Carnival"):
        table_from_roster(Body(), find_game("snake"))


@pytest.mark.parametrize("wire", [{"name": "other"}, {"name": "standard", "x": 1}, ["standard"], {b"name": "standard"}])
def test_snake_carnival_is_played_with_the_standard_tile_set_only(wire):
    class Body:
        kind = "snake"
        track = wire

    with pytest.raises(DecodeError, match="standard tile set"):
        table_from_roster(Body(), find_game("snake"))


def test_the_production_peer_has_no_cheat():
    from snowp2p.net.cheats import Cheat, CheatingGame
    from snowp2p.net.peer import NetGame

    assert "cheat" not in {f.name for f in dataclasses.fields(NetGame)}
    assert NetGame.one_by_one is False and CheatingGame.one_by_one is True
    assert issubclass(CheatingGame, NetGame)
    assert "cheat" in {f.name for f in dataclasses.fields(CheatingGame)}
    assert callable(Cheat)

"""What players read (issue 19, item 9): the Mush! Mush! bonus die and the tavern, finishers in place
order, why a Snake Carnival game ended, and what ``--bots`` counts.  Each failed before the fix."""

from __future__ import annotations

from dataclasses import replace

from snowp2p.games.sled import scenario as sled_scn
from snowp2p.games.sled import engine as S
from snowp2p.core.drbg import Rand
from snowp2p.scenario import scenario_from_dict
from snowp2p.games import view_for
from snowp2p.games.sled.view import sled_event_lines


def _track(buildings=()):
    return {"lanes": 5, "sections": [{"kind": "start", "rows": 1}, {"kind": "straight", "rows": 12},
                                     {"kind": "finish", "rows": 3}], "trees": [], "blocked": [],
            "buildings": list(buildings)}


def _player(name, at, **kw):
    d = {"name": name, "at": list(at), "left": 2, "right": 2, "hand": [2, 1, 1, 0, 0], "deck": [1, 1, 1, 1, 1],
         "damage": 0, "first_turn": False}
    d.update(kw)
    return d


def _moved(game, players, play, path, bonus=0, buildings=()):
    sc = scenario_from_dict({"id": "t", "game": game, "track": _track(buildings), "players": players,
                             "actions": [], "expect": {}}, "<t>")
    st = sc.state
    used: set[int] = set()
    triples = tuple((pos, sled_scn._pick(st, 0, v, used), v) for pos, v in play.items())
    mv = S.Move(0, triples, path, bonus)
    return st, mv, S.apply(st, mv, Rand(b"w" * 32))


def test_mm_f5_die_spent_then_tavern_raise_is_told_as_such():
    """The die was spent on a bonus (MM-B4), then the tavern set it to 2 (MM-F5): the line said "bonus die
    goes down to 2", and the tavern's raise was never shown."""
    tavern = {"kind": "tavern", "section": 1, "row": 4, "side": "right"}  # triggers (1, 1, 4), (1, 1, 5)
    before, mv, after = _moved("mush", [_player("a", (1, 1, 0), die=3, aside=[])], {"left": 2}, "FFFF", 1, [tavern])
    assert after.sled(0).die == 2 and after.public.phase == S.PH_MOVE
    text = "\n".join(sled_event_lines(before, mv, after))
    assert "goes down" not in text
    assert "spends the bonus die" in text and "the tavern raises a's bonus die to 2 (MM-F5)" in text


def test_mm_c2_die_down_after_hitting_a_sled_still_said():
    players = [_player("a", (1, 3, 0), die=3, aside=[]), _player("b", (1, 3, 3), aside=[])]
    before, mv, after = _moved("mush", players, {"left": 2}, "FFFF")
    assert after.sled(0).die == 2
    assert "a's bonus die goes down to 2 (MM-C2)" in "\n".join(sled_event_lines(before, mv, after))


def test_finishers_of_one_round_listed_in_place_order():
    """ST-E1: two sleds cross in one round; the one further along places first, whatever the seats."""
    players = [_player("behind", (1, 3, 11), left=3, right=3, brake=3, hand=[5, 1, 1, 1, 1]),
               _player("ahead", (2, 1, 0), left=3, right=3, brake=3, hand=[5, 1, 1, 1, 1])]
    sc = scenario_from_dict({"id": "t", "game": "snowtails", "track": _track(), "players": players,
                             "actions": [{"player": "ahead", "play": {"brake": 5}, "path": "F"},
                                         {"player": "behind", "play": {"brake": 5}, "path": "F"}],
                             "expect": {}}, "<t>")
    # the last action ends the round: both finish in it
    st = sled_scn.play_actions(sc.__class__(**{**sc.__dict__, "actions": sc.actions[:1]}))
    st = replace(st, public=replace(st.public, current=0, order=(0,)))
    used: set[int] = set()
    mv = S.Move(0, (("brake", sled_scn._pick(st, 0, 5, used), 5),), "F", 0)
    after = S.apply(st, mv, Rand(b"f" * 32))
    assert [after.sled(i).name for i in after.public.places] == ["ahead", "behind"]
    lines = [ln for ln in sled_event_lines(st, mv, after) if ln.endswith("finishes")]
    assert lines == ["ahead finishes", "behind finishes"]


def test_snake_end_screen_and_events_say_why_the_game_ended():
    """Nothing said why a Snake Carnival game ended: the events now say why the last round began (SC-E1),
    and the end screen's "how" repeats it (it said the stack ran out and everyone laid a head and a hat)."""
    from snowp2p.games.snake import engine as N
    from snowp2p.core.drbg import derive

    st = N.new_game(["A", "B"], Rand(derive(b"why", 1)))
    view = view_for("snake")
    k, said, reason = 0, [], None
    while not st.is_over:
        acts = N.legal_actions(st)
        a = acts[Rand(derive(b"p", k)).below(len(acts))]
        after = N.apply(st, a, Rand(derive(b"a", k)))
        if st.public.phase == N.PH_PLAY and after.public.phase != N.PH_PLAY:
            said, reason = view.events(st, a, after), N.last_round_reason(after)
        st, k = after, k + 1
    why = N.LAST_ROUND_WHY[reason]
    assert any(why in ln and "SC-E1" in ln for ln in said), said
    how = "\n".join(view.how(st))
    assert why in how and "stack ran out and every player laid a head" not in how


def test_bots_counts_the_computer_players_non_interactive(capsys):
    """``play --bots N --non-interactive`` seated N + 1 computer players (the absent human's seat too); now
    ``--bots`` is the number of computer players, and ``--non-interactive`` has no human unless ``--humans``
    says so (their seats are then played by the computer)."""
    from snowp2p.cli import main

    assert main(["play", "--game", "snake", "--non-interactive", "--seed", "5", "--bots", "3"]) == 0
    out = capsys.readouterr().out.split("Final places:", 1)[1]
    assert len([ln for ln in out.splitlines() if ln.strip()[:2] in ("1.", "2.", "3.", "4.")]) == 3
    assert main(["play", "--non-interactive", "--seed", "5", "--bots", "2"]) == 0
    out = capsys.readouterr().out.split("Final places:", 1)[1]
    assert len([ln for ln in out.splitlines() if "point" in ln]) == 2
    assert main(["play", "--non-interactive", "--seed", "5", "--bots", "2", "--humans", "1"]) == 0
    out = capsys.readouterr().out.split("Final places:", 1)[1]
    assert len([ln for ln in out.splitlines() if "point" in ln]) == 3

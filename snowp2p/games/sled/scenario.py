"""Snow Tails and Mush! Mush! conformance scenarios (../shared/conformance/README.md).

:func:`scenario_from_dict` turns a scenario's JSON into a :class:`Scenario` (or raises
:class:`~snowp2p.scenario.ScenarioError`, one line naming the file and the field); :func:`run_scenario`
plays it on the engine and returns the list of differences (empty: PASS).  ``snowp2p/scenario.py`` (the
runner of ``snowp2p scenario``) hands it the files whose ``"game"`` is ``"snowtails"`` or ``"mush"``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import engine as sled
from .config import SledRules
from ...core.drbg import Rand, derive
from ...core.errors import IllegalMove
from .track import Track, TrackError, track_from_dict
from ..api import ScenarioError


@dataclass
class Scenario:
    id: str
    path: str
    game: str
    track: Track
    state: sled.GameState
    names: list[str]
    actions: list[dict]
    expect: dict

    def run(self) -> list[str]:
        return run_scenario(self)


def _req(d: dict, key: str, where: str, kinds: tuple, nullable: bool = False) -> Any:
    if key not in d:
        raise ScenarioError(f"{where}.{key}: missing")
    v = d[key]
    if v is None and nullable:
        return None
    if isinstance(v, bool) and bool not in kinds:
        raise ScenarioError(f"{where}.{key}: expected {'/'.join(k.__name__ for k in kinds)}, got {v!r}")
    if not isinstance(v, kinds):
        raise ScenarioError(f"{where}.{key}: expected {'/'.join(k.__name__ for k in kinds)}, got {v!r}")
    return v


def _values(v: Any, where: str) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 5 for x in v):
        raise ScenarioError(f"{where}: expected a list of card values 0..5, got {v!r}")
    return v


def scenario_from_dict(data: dict, where: str) -> Scenario:
    """A Snow Tails or Mush! Mush! scenario (../shared/conformance/README.md); ScenarioError naming the field."""
    sid = _req(data, "id", where, (str,))
    game = _req(data, "game", where, (str,))
    try:
        track = track_from_dict(_req(data, "track", where, (dict,)), game=game, where=f"{where}: track", name=sid)
    except TrackError as e:
        raise ScenarioError(str(e)) from None
    raw_players = _req(data, "players", where, (list,))
    if not raw_players:
        raise ScenarioError(f"{where}: players: at least one player")
    rules = SledRules(game=game, deck_draw="top")  # scenario decks are stacked: draws take the top
    sleds, privates, names = [], [], []
    for seat, p in enumerate(raw_players):
        w = f"{where}: players[{seat}]"
        if not isinstance(p, dict):
            raise ScenarioError(f"{w}: a player is an object")
        name = _req(p, "name", w, (str,))
        if name in names:
            raise ScenarioError(f"{w}.name: {name!r} appears twice")
        names.append(name)
        at = p.get("at")
        at_sid = None
        if at is not None:
            if not (isinstance(at, list) and len(at) == 3 and all(isinstance(x, int) for x in at)):
                raise ScenarioError(f"{w}.at: expected [section, lane, index] or null, got {at!r}")
            try:
                at_sid = track.sid(*at)
            except TrackError:
                raise ScenarioError(f"{w}.at: no space {at} on this track") from None
        elif game == "snowtails":
            raise ScenarioError(f"{w}.at: a Snow Tails sled is on the track")
        values: list[int] = []  # every card's value (the omniscient private part)
        public: list[int] = []

        def cards(vals: list[int], is_public: bool, values: list[int] = values,
                  public: list[int] = public) -> tuple[int, ...]:  # (this sled's lists, bound now)
            ids = tuple(range(len(values), len(values) + len(vals)))
            values.extend(vals)
            public.extend(vals if is_public else [-1] * len(vals))
            return ids

        dogs = {}
        for side in ("left", "right"):
            v = p.get(side)
            if v is not None and not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 5):
                raise ScenarioError(f"{w}.{side}: expected a card value 0..5 or null, got {v!r}")
            dogs[side] = cards([v] if v is not None else [], True)
        hand = cards(_values(p.get("hand", []), f"{w}.hand"), False)
        deck = cards(_values(p.get("deck", []), f"{w}.deck"), False)
        damage = p.get("damage", 0)
        if not isinstance(damage, int) or isinstance(damage, bool) or damage < 0:
            raise ScenarioError(f"{w}.damage: expected a count, got {damage!r}")
        first = p.get("first_turn", False)
        if not isinstance(first, bool):
            raise ScenarioError(f"{w}.first_turn: expected true or false, got {first!r}")
        kw: dict[str, Any] = {}
        if game == "snowtails":
            brake = p.get("brake", rules.st_start_brake)
            if not (isinstance(brake, int) and not isinstance(brake, bool) and 1 <= brake <= 5):
                raise ScenarioError(f"{w}.brake: expected a brake value 1..5, got {brake!r}")
            kw["brake"] = brake
        else:
            die = p.get("die")
            if die is not None and not (isinstance(die, int) and not isinstance(die, bool) and 1 <= die <= 6):
                raise ScenarioError(f"{w}.die: expected 1..6 or null, got {die!r}")
            kw["die"] = die
            # MM-S3: the value-5 cards set aside, back only through the kennels (MM-F2); default both
            kw["aside"] = cards(_values(p.get("aside", [5, 5]), f"{w}.aside"), True)
        sleds.append(sled.Sled(seat=seat, name=name, at=at_sid, left=dogs["left"], right=dogs["right"],
                               hand=tuple(sorted(hand)), deck=deck, values=tuple(public), damage=damage,
                               first_turn=first, start=seat + 1, **kw))
        privates.append(sled.Private(seat, derive(b"scenario", sid, seat), tuple(values)))
    occupied = [s.at for s in sleds if s.at is not None and not track.coords(s.at)[0] == 0]
    if len(occupied) != len(set(occupied)):
        raise ScenarioError(f"{where}: players: two sleds on one space")
    trees = track.trees
    pub = sled.Public(game=game, sleds=tuple(sleds), trees=frozenset(trees), phase=sled.PH_MOVE, current=0,
                      round=2, order=tuple(range(len(sleds))))
    state = sled.GameState(rules=rules, track=track, public=pub, private=tuple(privates))
    actions = _req(data, "actions", where, (list,))
    for i, a in enumerate(actions):
        w = f"{where}: actions[{i}]"
        if not isinstance(a, dict):
            raise ScenarioError(f"{w}: an action is an object")
        if _req(a, "player", w, (str,)) not in names:
            raise ScenarioError(f"{w}.player: no player named {a['player']!r}")
        play = a.get("play", {})
        if not isinstance(play, dict) or any(k not in sled.POSITIONS for k in play):
            raise ScenarioError(f"{w}.play: expected an object with left/right/brake, got {play!r}")
        if not isinstance(a.get("path", ""), str):
            raise ScenarioError(f"{w}.path: expected a string of F and D")
        if a.get("origin") is not None:
            _origin_space(a["origin"], track, f"{w}.origin")
        if "discard" in a:
            _values(a["discard"], f"{w}.discard")
        for flag in ("chapel", "kennels"):
            if flag in a and not isinstance(a[flag], bool):
                raise ScenarioError(f"{w}.{flag}: expected true or false, got {a[flag]!r}")
    expect = _req(data, "expect", where, (dict,))
    _check_expect(expect, names, f"{where}: expect")
    return Scenario(id=sid, path=where, game=game, track=track, state=state, names=names,
                    actions=actions, expect=expect)


FIELDS = ("at", "damage", "hand", "left", "right", "brake", "die", "eliminated", "repair")


def _check_expect(expect: dict, names: list[str], where: str) -> None:
    """ScenarioError naming the field when ``expect`` has the wrong shape (a list where a map belongs, ...).
    Unknown keys and fields are not errors here: the run reports them as differences."""
    for key, want in expect.items():
        w = f"{where}.{key}"
        if key == "error":
            if want != "illegal":
                raise ScenarioError(f"{w}: the only error expected is \"illegal\", got {want!r}")
        elif key == "ranking":
            if not (isinstance(want, list) and all(isinstance(n, str) for n in want)):
                raise ScenarioError(f"{w}: expected a list of player names, got {want!r}")
        elif key == "trees":
            if not (isinstance(want, list) and all(isinstance(t, list) and len(t) == 3 for t in want)):
                raise ScenarioError(f"{w}: expected a list of spaces [section, lane, index], got {want!r}")
        elif key in names and not isinstance(want, dict):
            raise ScenarioError(f"{w}: expected an object of fields ({', '.join(FIELDS)}), got {want!r}")


def _origin_space(v: Any, track: Track, where: str) -> tuple[int, int, int]:
    """An action's ``origin`` (MM-O1): the start space chosen, ``[section, lane, index]`` like ``at``; a bare
    lane number is accepted as a shorthand for that lane's start space (TRK-3).  ScenarioError when it is
    not a space of this track (a space that is not a start space is read, and the move is refused)."""
    if isinstance(v, int) and not isinstance(v, bool):
        if not 1 <= v <= track.lanes:
            raise ScenarioError(f"{where}: lane {v} is not a lane of this track (1..{track.lanes})")
        return track.coords(track.start_space(v))
    if not (isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise ScenarioError(f"{where}: expected the start space [section, lane, index] (or a start lane), got {v!r}")
    try:
        track.sid(*v)
    except TrackError:
        raise ScenarioError(f"{where}: no space {v} on this track") from None
    return (v[0], v[1], v[2])


def _origin_lane(track: Track, v: Any) -> int | None:
    """The engine's ``Move.origin`` (a start lane) for a scenario's origin; IllegalMove (MM-O1) for a space
    that is not a start space."""
    if v is None:
        return None
    space = _origin_space(v, track, "origin")
    lane = space[1]
    if track.sid(*space) != track.start_space(lane):
        raise IllegalMove("MM-O1", f"the first move starts from a start space (TRK-3), not {list(space)}")
    return lane


def _pick(state: sled.GameState, seat: int, value: int, used: set[int]) -> int:
    for c in state.sled(seat).hand:
        if c not in used and state.value(seat, c) == value:
            used.add(c)
            return c
    raise IllegalMove("HAND", f"{state.sled(seat).name} holds no card {value}")


def play_actions(sc: Scenario) -> sled.GameState:
    """Play the scenario's actions; raises IllegalMove on the first illegal one."""
    state = sc.state
    for i, a in enumerate(sc.actions):
        seat = sc.names.index(a["player"])
        rand = Rand(derive(b"scenario-action", sc.id, i))
        # The scenario says whose turn it is: make it so (the others keep their turns this round).
        order = (seat,) + tuple(j for j in state.public.order if j != seat)
        state = replace(state, public=replace(state.public, current=seat, order=order))
        used: set[int] = set()
        play = tuple((pos, _pick(state, seat, v, used), v) for pos, v in a.get("play", {}).items())
        mv = sled.Move(seat=seat, play=play, path=a.get("path", ""), bonus=a.get("bonus", 0),
                       origin=_origin_lane(sc.track, a.get("origin")))
        state = sled.apply(state, mv, rand)
        discard = a.get("discard", [])
        asked = [f for f in ("chapel", "kennels") if a.get(f)]
        if asked and (state.public.phase != sled.PH_REFILL or state.public.refill.seat != seat):
            # MM-F2/F3: asking for a building the move leaves no choice of is illegal (the README)
            raise IllegalMove("MM-F3" if asked[0] == "chapel" else "MM-F2",
                              f"the {asked[0]} is not available after this move")
        if state.public.phase == sled.PH_REFILL:
            used = set()
            disc = tuple((_pick(state, seat, v, used), v) for v in discard)
            state = sled.apply(state, sled.Refill(seat, disc, bool(a.get("chapel")), bool(a.get("kennels"))), rand)
        elif discard:
            raise IllegalMove("ST-R2" if sc.game == "snowtails" else "MM-R1", "no discard is due")
    return state


def observe(state: sled.GameState, seat: int) -> dict[str, Any]:
    s = state.sled(seat)
    out: dict[str, Any] = {
        "at": list(state.track.coords(s.at)) if s.at is not None else None,
        "damage": s.damage,
        "hand": sorted(state.value(seat, c) for c in s.hand),
        "left": sled.dog_value(state, seat, "left"),
        "right": sled.dog_value(state, seat, "right"),
        "eliminated": s.status == sled.ELIMINATED,
        "repair": s.repair,
    }
    if state.game == "snowtails":
        out["brake"] = s.brake
    else:
        out["die"] = s.die
    return out


def run_scenario(sc: Scenario) -> list[str]:
    """Differences between what the scenario expects and what the engine does (empty: pass)."""
    exp = sc.expect
    try:
        state = play_actions(sc)
    except IllegalMove as e:
        if exp.get("error") == "illegal":
            return []
        return [f"action refused ({e}) but the scenario expects the actions to succeed"]
    if exp.get("error") == "illegal":
        return ["expected the action to be refused as illegal, but it was accepted"]
    diffs = []
    for key, want in exp.items():
        if key == "trees":
            got = sorted(list(state.track.coords(t)) for t in state.public.trees)
            if sorted(want) != got:
                diffs.append(f"trees: expected {sorted(want)}, got {got}")
        elif key == "ranking":
            got = [sc.names[i] for i in sled.ranking(state)]
            if want != got:
                diffs.append(f"ranking: expected {want}, got {got}")
        elif key in sc.names:
            seat = sc.names.index(key)
            seen = observe(state, seat)
            for field, value in want.items():
                if field not in seen:
                    diffs.append(f"{key}.{field}: not a field the runner knows")
                    continue
                got = seen[field]
                if field in ("left", "right") and value is None:  # the documented form of a dog with no card
                    dog = getattr(state.sled(seat), field)
                    if dog:
                        diffs.append(f"{key}.{field}: expected null (no card), got {got}")
                    continue
                if field == "hand":
                    value = sorted(value)
                if field in ("eliminated", "repair"):
                    value = bool(value)
                if got != value:
                    diffs.append(f"{key}.{field}: expected {value}, got {got}")
        else:
            diffs.append(f"{key}: not a player name or known expectation")
    return diffs

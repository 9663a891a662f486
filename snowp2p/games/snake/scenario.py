"""Snake Carnival conformance scenarios: a position set up by hand, actions, what must follow.

The JSON format is documented in docs/snake-carnival.md ("Scenarios"); ``snowp2p/scenario.py`` (the runner
of ``snowp2p scenario``) hands files whose ``"game"`` is ``"snake"`` to :func:`scenario_from_dict` and runs
them with :meth:`SnakeScenario.run`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import engine as S
from ...core.drbg import Rand, derive
from ...core.errors import IllegalMove
from .engine import (COLOURS, HOME, PH_HATS, PH_HEADS, PH_OVER, PH_PLAY, Action, Pass, Place, Placed,
                            Public, Snake, SnakeRules, SnakeState, TileSet, _pub, canonical_rot,
                            default_tiles, final_places, fmt_cell, game_tiles, legal_actions, opposite, owners,
                            score_breakdown, scores, setup_state, step, tile_edges)
from ..api import ScenarioError
from .tiles import norm_name
from .wire import COORD_LIMIT


@dataclass
class SnakeScenario:
    id: str
    path: str
    state: SnakeState
    names: list[str]
    actions: list[dict]
    expect: dict
    game: str = "snake"

    def play(self) -> SnakeState:
        state = self.state
        for i, a in enumerate(self.actions):
            seat = self.names.index(a["player"])
            if state.public.phase != PH_OVER:  # the scenario says whose turn it is
                state = replace(state, public=_pub(state.public, current=seat))
            rand = Rand(derive(b"scenario-action", self.id, i))
            if a.get("pass"):
                act: Action = Pass(seat)
            else:
                tid = _pick_tile(state, seat, a["tile"])
                act = Place(seat, tid, a["at"][0], a["at"][1], a.get("rot", 0))
            state = S.apply(state, act, rand)
        return state

    def run(self) -> list[str]:
        exp = self.expect
        try:
            state = self.play()
        except IllegalMove as e:
            if exp.get("error") == "illegal":
                if "rule" in exp and exp["rule"] != e.rule:
                    return [f"refused under {e.rule} ({e.message}), but the scenario expects rule {exp['rule']}"]
                return []
            return [f"action refused ({e}) but the scenario expects the actions to succeed"]
        if exp.get("error") == "illegal":
            return ["expected the action to be refused as illegal, but it was accepted"]
        return _compare(self, state, exp)


def _pick_tile(state: SnakeState, seat: int, name: str) -> int:
    for t in state.public.players[seat].hand:
        if norm_name(state.tiles.names[t]) == norm_name(name):
            return t
    raise IllegalMove("HAND", f"{state.public.players[seat].name} holds no {name}")


def _compare(sc: SnakeScenario, state: SnakeState, exp: dict) -> list[str]:
    pub = state.public
    names = sc.names
    diffs: list[str] = []
    sc_ = scores(state)
    bd = score_breakdown(state)

    def seat_of(name):
        if name not in names:
            raise ValueError(f"expect: no player named {name!r}")
        return names.index(name)

    def cmp(label, want, got):
        if want != got:
            diffs.append(f"{label}: expected {want}, got {got}")

    for key, want in exp.items():
        if key in ("error", "rule"):
            continue
        if key == "scores":
            for n, v in want.items():
                cmp(f"scores.{n}", v, sc_[seat_of(n)])
        elif key == "breakdown":
            for n, groups in want.items():
                got = bd[seat_of(n)]
                for g, rules in groups.items():
                    for r, v in rules.items():
                        cmp(f"breakdown.{n}.{g}.{r}", v, got.get(g, {}).get(r, 0))
        elif key == "open_ends":
            for colour, v in want.items():
                sn_ = pub.snake(colour)
                oc = sn_.open_cell() if sn_.active else None
                cmp(f"open_ends.{colour}", v, list(oc) if oc is not None else None)
        elif key == "paths":
            for colour, v in want.items():
                cmp(f"paths.{colour}", v, [list(c) for c in pub.snake(colour).path])
        elif key == "hands":
            for n, v in want.items():
                cmp(f"hands.{n}", sorted(norm_name(x) for x in v),
                    sorted(norm_name(state.tiles.names[t]) for t in pub.players[seat_of(n)].hand))
        elif key == "hand_sizes":
            for n, v in want.items():
                cmp(f"hand_sizes.{n}", v, len(pub.players[seat_of(n)].hand))
        elif key == "diamonds":
            for n, v in want.items():
                cmp(f"diamonds.{n}", v, pub.players[seat_of(n)].diamonds)
        elif key == "phase":
            cmp("phase", want, pub.phase)
        elif key == "current":
            cmp("current", want, names[pub.current] if pub.current >= 0 else None)
        elif key == "cells":
            cells = pub.cells()
            for at, v in want.items():
                x, y = (int(s) for s in at.split(","))
                p = cells.get((x, y))
                got = None if p is None else state.tiles.names[p.tile]
                cmp(f"cells.{at}", None if v is None else norm_name(v), None if got is None else norm_name(got))
        elif key == "hats":
            cells = pub.cells()
            for at, v in want.items():
                x, y = (int(s) for s in at.split(","))
                p = cells.get((x, y))
                got = None if p is None or p.hat < 0 else norm_name(state.tiles.names[p.hat])
                cmp(f"hats.{at}", None if v is None else norm_name(v), got)
        elif key == "discard":
            cmp("discard", sorted(norm_name(x) for x in want), sorted(norm_name(state.tiles.names[t]) for t in pub.discard))
        elif key == "stack_size":
            cmp("stack_size", want, len(pub.stack))
        elif key == "idle":
            cmp("idle", want, pub.idle)
        elif key == "places":
            cmp("places", want, [names[s] for s in final_places(state)])
        elif key == "legal_count":
            cmp("legal_count", want, len(legal_actions(state)))
        elif key == "passes_only":
            cmp("passes_only", want, all(isinstance(a, Pass) for a in legal_actions(state)))
        else:
            diffs.append(f"{key}: not a known expectation")
    return diffs


def _int(v, where, lo=-COORD_LIMIT, hi=COORD_LIMIT) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise ScenarioError(f"{where}: expected an integer {lo}..{hi}, got {v!r}")
    return v


def _bool(v, where) -> bool:
    if type(v) is not bool:
        raise ScenarioError(f"{where}: expected true or false, got {v!r}")
    return v


def _cell(v, where) -> tuple[int, int]:
    if not (isinstance(v, list) and len(v) == 2):
        raise ScenarioError(f"{where}: expected [x, y], got {v!r}")
    return _int(v[0], where), _int(v[1], where)


def scenario_from_dict(data: dict, where: str, tiles: TileSet | None = None) -> SnakeScenario:
    """A Snake Carnival scenario (docs/snake-carnival.md); ScenarioError with one line naming the field."""
    err = ScenarioError
    tiles = tiles or default_tiles()
    known = {"id", "game", "rules", "options", "colours", "players", "board", "stack", "discard", "phase",
             "current", "round", "stack_out", "idle", "actions", "expect", "description"}
    for k in data:
        if k not in known:
            raise err(f"{where}: {k}: unknown field")
    sid = data.get("id")
    if not isinstance(sid, str) or not sid:
        raise err(f"{where}: id: expected a string")
    try:
        rules = SnakeRules.from_dict(data.get("options", {}))
    except (ValueError, TypeError) as e:
        raise err(f"{where}: options: {e}") from None
    colours = data.get("colours", list(COLOURS))
    if not (isinstance(colours, list) and sorted(colours) == sorted(COLOURS)):
        raise err(f"{where}: colours: expected the four colours {list(COLOURS)} in side order N, E, S, W")
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        raise err(f"{where}: players: expected a list of 2 to 4 players")
    names: list[str] = []
    for i, p in enumerate(raw_players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise err(f"{where}: players[{i}].name: expected a string")
        if p["name"] in names:
            raise err(f"{where}: players[{i}].name: {p['name']!r} appears twice")
        names.append(p["name"])
    n = len(names)
    pool = game_tiles(tiles, colours, n, rules)
    free = list(pool)

    def take(name, w) -> int:
        if not isinstance(name, str):
            raise err(f"{w}: expected a tile name, got {name!r}")
        for t in free:
            if norm_name(tiles.names[t]) == norm_name(name):
                free.remove(t)
                return t
        if not tiles.by_name(name):
            raise err(f"{w}: no tile called {name!r} (e.g. 'yellow corner', 'yellow straight +2', 'crossing log')")
        raise err(f"{w}: no {name!r} left in this game's tile set")

    hands = []
    diamonds = []
    for i, p in enumerate(raw_players):
        w = f"{where}: players[{i}]"
        for k in p:
            if k not in ("name", "hand", "diamonds"):
                raise err(f"{w}.{k}: unknown field")
        h = p.get("hand", [])
        if not isinstance(h, list):
            raise err(f"{w}.hand: expected a list of tile names")
        hands.append([take(x, f"{w}.hand[{j}]") for j, x in enumerate(h)])
        diamonds.append(_int(p.get("diamonds", 0), f"{w}.diamonds", 0, 99))
    board: dict[tuple[int, int], Placed] = {}
    log_snake: dict[tuple[int, int], str] = {}
    raw_board = data.get("board", [])
    if not isinstance(raw_board, list):
        raise err(f"{where}: board: expected a list of tiles")
    own = owners(n, rules)
    colour_owner = {colours[s]: own[s] for s in own}
    for i, b in enumerate(raw_board):
        w = f"{where}: board[{i}]"
        if not isinstance(b, dict):
            raise err(f"{w}: expected an object")
        for k in b:
            if k not in ("tile", "at", "rot", "placer", "snake", "hat"):
                raise err(f"{w}.{k}: unknown field")
        tid = take(b.get("tile"), f"{w}.tile")
        t = tiles.tiles[tid]
        cell = _cell(b.get("at"), f"{w}.at")
        if cell == HOME or cell in board:
            raise err(f"{w}.at: cell {fmt_cell(cell)} is taken")
        rot = _int(b.get("rot", 0), f"{w}.rot", 0, 3)
        placer = b.get("placer")
        if placer is None:
            seat = colour_owner.get(t.colour, 0)
        elif placer in names:
            seat = names.index(placer)
        else:
            raise err(f"{w}.placer: no player named {placer!r}")
        hat = -1
        if "hat" in b:
            if t.kind != "head":
                raise err(f"{w}.hat: only a head wears a hat")
            hat = take(b["hat"], f"{w}.hat")
            if tiles.tiles[hat].kind != "hat":
                raise err(f"{w}.hat: {b['hat']!r} is not a hat")
        if t.kind == "log" and t.shape != "crossing":
            sn = b.get("snake")
            if sn not in colours:
                raise err(f"{w}.snake: a {t.shape} log says which snake runs through it (a colour)")
            log_snake[cell] = sn
        board[cell] = Placed(cell[0], cell[1], tid, canonical_rot(t.shape, rot), seat, hat)
    piles = {}
    for key in ("discard", "stack"):
        v = data.get(key)
        if v is None:
            piles[key] = list(free) if key == "stack" else []
            if key == "stack":
                free.clear()
            continue
        if not isinstance(v, list):
            raise err(f"{where}: {key}: expected a list of tile names")
        piles[key] = [take(x, f"{where}: {key}[{j}]") for j, x in enumerate(v)]
    # trace the snakes from the home
    snakes = []
    T = tiles.tiles
    on_path: set[tuple[int, int]] = set()
    for s in range(4):
        colour = colours[s]
        cur, d, path, end = HOME, s, [], s
        for _ in range(2 * len(board) + 2):
            nxt = step(cur, d)
            p = board.get(nxt)
            if p is None:
                end = d
                break
            t = T[p.tile]
            entry = opposite(d)
            lanes = tile_edges(t.shape, p.rot)
            lane = next((ln for ln in lanes if entry in ln), None)
            ok = lane is not None and s in own and (
                t.shape == "crossing" or (t.kind == "log" and log_snake.get(nxt) == colour)
                or (t.kind != "log" and t.colour == colour))
            if not ok:
                end = d
                break
            path.append(nxt)
            on_path.add(nxt)
            if t.kind == "head":
                end = -1
                break
            cur = nxt
            d = lane[0] if lane[1] == entry else lane[1]
        snakes.append(Snake(colour, s, own.get(s, -1), tuple(path), end))
    for cell, p in board.items():
        t = T[p.tile]
        if t.shape not in ("none", "crossing") and cell not in on_path:
            raise err(f"{where}: board: the {tiles.names[p.tile]} at {fmt_cell(cell)} is not on its snake's path "
                      f"from the home (check its rot, and the snake of a log)")
    players = []
    base = setup_state(names, colours, rules, tiles, None, hands=[[] for _ in names])
    for pl in base.public.players:
        players.append(replace(pl, hand=tuple(sorted(hands[pl.seat])), diamonds=diamonds[pl.seat]))
    phase = data.get("phase", PH_PLAY)
    if phase not in (PH_PLAY, PH_HEADS, PH_HATS):
        raise err(f"{where}: phase: expected play, heads or hats, got {phase!r}")
    cur = data.get("current", names[0])
    if cur not in names:
        raise err(f"{where}: current: no player named {cur!r}")
    pub = Public(tuple(players), tuple(colours), tuple(snakes), tuple(sorted(board.values(), key=lambda p: (p.x, p.y))),
                 tuple(sorted(piles["stack"])), tuple(sorted(piles["discard"])), phase=phase,
                 current=names.index(cur), round=_int(data.get("round", 2), f"{where}.round", 1, 1000),
                 stack_out=_bool(data.get("stack_out", False), f"{where}.stack_out"),
                 idle=_int(data.get("idle", 0), f"{where}.idle", 0, 1000))
    pub = S._run_crossings(SnakeState(rules, tiles, pub), pub)
    state = SnakeState(rules, tiles, pub)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise err(f"{where}: actions: expected a list")
    for i, a in enumerate(actions):
        w = f"{where}: actions[{i}]"
        if not isinstance(a, dict):
            raise err(f"{w}: expected an object")
        for k in a:
            if k not in ("player", "tile", "at", "rot", "pass"):
                raise err(f"{w}.{k}: unknown field")
        if a.get("player") not in names:
            raise err(f"{w}.player: no player named {a.get('player')!r}")
        if a.get("pass"):
            continue
        if not isinstance(a.get("tile"), str):
            raise err(f"{w}.tile: expected a tile name (or \"pass\": true)")
        if not tiles.by_name(a["tile"]):
            raise err(f"{w}.tile: no tile called {a['tile']!r}")
        _cell(a.get("at"), f"{w}.at")
        _int(a.get("rot", 0), f"{w}.rot", 0, 3)
    expect = data.get("expect")
    if not isinstance(expect, dict):
        raise err(f"{where}: expect: expected an object")
    _check_expect(expect, f"{where}: expect")
    return SnakeScenario(sid, where, state, names, actions, expect)


def _is_name(v) -> bool:
    return isinstance(v, str)


def _is_cell_key(k: str) -> bool:
    parts = k.split(",")
    return len(parts) == 2 and all(p.strip().lstrip("-").isdigit() for p in parts)


def _is_int(v) -> bool:
    return type(v) is int


# expect key -> (what it must be, a test of it); maps also test every key and value
_MAPS = {
    "scores": ("{name: total}", _is_name, _is_int),
    "breakdown": ("{name: {colour or \"diamonds\": {rule: points}}}", _is_name,
                  lambda g: isinstance(g, dict) and all(isinstance(r, dict) and all(_is_int(x) for x in r.values())
                                                         for r in g.values())),
    "open_ends": ("{colour: [x, y] or null}", _is_name,
                  lambda v: v is None or (isinstance(v, list) and len(v) == 2 and all(_is_int(x) for x in v))),
    "paths": ("{colour: [[x, y], ...]}", _is_name,
              lambda v: isinstance(v, list) and all(isinstance(c, list) and len(c) == 2 for c in v)),
    "hands": ("{name: [tile names]}", _is_name, lambda v: isinstance(v, list) and all(_is_name(x) for x in v)),
    "hand_sizes": ("{name: n}", _is_name, _is_int),
    "diamonds": ("{name: n}", _is_name, _is_int),
    "cells": ("{\"x,y\": tile name or null}", _is_cell_key, lambda v: v is None or _is_name(v)),
    "hats": ("{\"x,y\": hat name or null}", _is_cell_key, lambda v: v is None or _is_name(v)),
}
_SCALARS = {
    "discard": ("a list of tile names", lambda v: isinstance(v, list) and all(_is_name(x) for x in v)),
    "places": ("a list of names", lambda v: isinstance(v, list) and all(_is_name(x) for x in v)),
    "stack_size": ("a number", _is_int), "legal_count": ("a number", _is_int), "idle": ("a number", _is_int),
    "passes_only": ("true or false", lambda v: type(v) is bool),
    "phase": ("play, heads, hats or over", lambda v: v in (PH_PLAY, PH_HEADS, PH_HATS, PH_OVER)),
    "current": ("a name or null", lambda v: v is None or _is_name(v)),
    "error": ('"illegal"', lambda v: v == "illegal"), "rule": ("a rule id", _is_name),
}


def _check_expect(expect: dict, where: str) -> None:
    """ScenarioError naming the field when an expectation has the wrong shape (issue 19: a list where a map
    belongs ended in an internal error).  Unknown keys are reported by the run, as differences."""
    for key, want in expect.items():
        w = f"{where}.{key}"
        if key in _MAPS:
            what, key_ok, value_ok = _MAPS[key]
            if not isinstance(want, dict):
                raise ScenarioError(f"{w}: expected {what}, got {want!r}")
            for k, v in want.items():
                if not key_ok(k) or not value_ok(v):
                    raise ScenarioError(f"{w}.{k}: expected {what}, got {k!r}: {v!r}")
        elif key in _SCALARS:
            what, ok = _SCALARS[key]
            if not ok(want):
                raise ScenarioError(f"{w}: expected {what}, got {want!r}")

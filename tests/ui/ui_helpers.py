"""Shared helpers of the UI tests: small track files and games set up by hand."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from snowp2p.games.sled import engine as S
from snowp2p.games.sled.config import SledRules
from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled.track import load_track_file

DATA = Path(__file__).parent / "data"
ST_TRACK = DATA / "st-test.toml"
MM_TRACK = DATA / "mm-test.toml"


def new_game(game: str, names=("Alice", "Bob", "Carl"), seed: bytes = b"ui-test", **rules) -> S.GameState:
    track = load_track_file(ST_TRACK if game == "snowtails" else MM_TRACK)
    if game == "snowtails":
        rules.setdefault("st_start_positions", "random")
    r = SledRules(game=game, **rules)
    return S.new_game(game, track, list(names), Rand(derive(seed, "setup")),
                      [derive(seed, "secret", i) for i in range(len(names))], r)


def set_sled(state: S.GameState, seat: int, **changes) -> S.GameState:
    sleds = list(state.public.sleds)
    sleds[seat] = replace(sleds[seat], **changes)
    return replace(state, public=replace(state.public, sleds=tuple(sleds)))


def set_hand(state: S.GameState, seat: int, values: list[int]) -> S.GameState:
    """Give ``seat`` a hand of exactly these values (rewrites its private card values)."""
    s = state.sled(seat)
    p = state.private[seat]
    assert p is not None and len(values) <= len(s.hand) + len(s.deck)
    ids = list(s.hand) + list(s.deck)
    hand, deck = tuple(sorted(ids[: len(values)])), tuple(ids[len(values):])
    vals = list(p.values)
    for c, v in zip(hand, values, strict=True):
        vals[c] = v
    privates = list(state.private)
    privates[seat] = replace(p, values=tuple(vals))
    state = replace(state, private=tuple(privates))
    return set_sled(state, seat, hand=hand, deck=deck)


def play_random(state: S.GameState, actions: int, seed: bytes = b"moves") -> S.GameState:
    for k in range(actions):
        if state.is_over:
            break
        acts = S.legal_actions(state)
        state = S.apply(state, acts[Rand(derive(seed, "pick", k)).below(len(acts))], Rand(derive(seed, k)))
    return state


def play_bots(state: S.GameState, actions: int, seed: bytes = b"bots") -> S.GameState:
    """Play up to ``actions`` actions with the computer players (they finish races)."""
    from snowp2p.games.sled.bot import choose_action

    for k in range(actions):
        if state.is_over:
            break
        state = S.apply(state, choose_action(state, Rand(derive(seed, "pick", k))), Rand(derive(seed, k)))
    return state

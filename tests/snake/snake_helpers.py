"""Helpers of the Snake Carnival tests."""

from __future__ import annotations

from snowp2p.games.snake import engine as S
from snowp2p.core.drbg import Rand, derive


def game(n: int = 4, seed: int = 0, **rules) -> S.SnakeState:
    return S.new_game([f"P{i}" for i in range(n)], Rand(derive(b"test", seed)), S.SnakeRules(**rules))


def play_random(state: S.SnakeState, seed: int, choose=None, check=None) -> S.SnakeState:
    k = 0
    while not state.is_over:
        acts = S.legal_actions(state)
        r = Rand(derive(b"pick", seed, k))
        a = choose(state, r) if choose else acts[r.below(len(acts))]
        state = S.apply(state, a, Rand(derive(b"apply", seed, k)))
        if check:
            check(state)
        k += 1
    return state

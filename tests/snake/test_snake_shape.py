"""The shape of whole Snake Carnival games (issue 19): no snake frozen at its start (SC-L4c), the stall
counts only turns with no tile to lay (SC-E1), heads and hats one at a time (SC-E2), and the computer
player's games end the way the seed pictures them (snakes grown out, heads laid)."""

from __future__ import annotations

import argparse

import pytest

from snowp2p.games.snake import engine as S
from snowp2p.games.snake.local import SnakeGame, configure


def local_game(seed: int, bots: int = 4) -> SnakeGame:
    """``snowp2p play --game snake --bots N --non-interactive --seed S``, played to the end."""
    args = argparse.Namespace(humans=0, bots=bots, non_interactive=True, name=None, seed=seed, tiles=None,
                              one_snake_each=False)
    g = SnakeGame(configure(args))
    while not g.state.is_over:
        g.apply(g.bot_action())
    return g


@pytest.mark.parametrize("seed", [2, 3])
def test_sc_l4c_no_snake_frozen_at_its_start(seed):
    """Issue 19: in these four-player games a knot, a bruise or another snake laid on seat 2's start cell
    froze its snake for the whole game; SC-L4c keeps the start cell for the snake's own first tile."""
    g = local_game(seed)
    pub = g.state.public
    for sn in pub.snakes:
        if sn.active:
            own = [c for c in sn.path if g.state.tiles.tiles[pub.cells()[c].tile].colour == sn.colour]
            assert own, f"the {sn.colour} snake (seat {sn.owner}) never got a tile of its colour"
            first = pub.cells()[S.step(S.HOME, sn.side)]
            assert g.state.tiles.tiles[first.tile].colour in (sn.colour, "")  # its own first tile (or a log)


@pytest.mark.parametrize("bots", [2, 3, 4])
def test_sc_e1_computer_players_grow_out_instead_of_swapping_to_the_round_limit(bots):
    """Issue 19, item 10: with SC-E1's revised stall (only turns with no tile to lay on an empty cell
    count), computer players that kept swapping logs once the stack had run out played on to the round
    limit; they now grow their snakes out, and every game ends by the stall or the seed's rule."""
    for seed in range(4):
        g = local_game(seed, bots)
        reason = S.last_round_reason(g.state)
        assert reason in ("stalled", "no-growth"), (seed, reason, g.state.public.round)
        assert g.state.public.round <= 100, (seed, g.state.public.round)

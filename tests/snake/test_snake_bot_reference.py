"""The reference players of scripts/bench-snake-bot, which the closing notes quote as evidence.

The clairvoyant player plays every legal action on through the real rest of a fixed game and keeps
the best; continuing the computer player's own choice reproduces the computer player's game, so
the clairvoyant outcome (won, margin) can never be worse than the computer player's on the same
game.  A clairvoyant player that looked at the wrong future (wrong seeds, wrong move counter)
would trip this on some game.  The Monte Carlo player must make legal, deterministic choices.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from pathlib import Path

from snowp2p.games.snake import engine as S
from snowp2p.core.drbg import Rand, derive

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench-snake-bot"


def _bench():
    loader = importlib.machinery.SourceFileLoader("bench_snake_bot", str(SCRIPT))
    spec = importlib.util.spec_from_loader("bench_snake_bot", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def test_clairvoyant_reference_never_does_worse_than_the_bot():
    b = _bench()
    tag = b"snake-ref-test"
    better = 0
    for g in range(2):
        won_bot, margin_bot, _, _ = b.play(2, g, tag, "bot", {})
        # clairvoyant for its first 4 decisions (the whole game costs minutes), the bot's after: it still
        # can not end worse than the bot, whose choices are among the ones it tries
        won_o, margin_o, _, _ = b.play(2, g, tag, "oracle", {"oracle_turns": 4})
        assert (won_o, margin_o) >= (won_bot, margin_bot), g
        better += (won_o, margin_o) > (won_bot, margin_bot)
    assert better >= 1  # it does look ahead: at least one game ends better than the bot's


def test_monte_carlo_reference_is_legal_and_deterministic():
    b = _bench()
    st = S.new_game(["A", "B"], Rand(derive(b"snake-ref-mc", 1)))
    for k in range(6):
        a1 = b.mc_action(st, Rand(derive(b"mc", k)), 2, 2)
        a2 = b.mc_action(st, Rand(derive(b"mc", k)), 2, 2)
        assert a1 == a2
        assert a1 in S.legal_actions(st)
        st = S.apply(st, a1, Rand(derive(b"apply", k)))

"""``snowp2p play``: a game on this terminal, against computer players or hot seat (ui/local.py)."""

from __future__ import annotations


def run(args) -> int:
    from ..ui.local import run_play

    return run_play(args)

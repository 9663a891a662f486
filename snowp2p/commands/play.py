"""``snowp2p play``: a game on this terminal, against computer players or hot seat (ui/local.py)."""

from __future__ import annotations


def run(args) -> int:
    from ..ui.logged import run_play  # (played by the seats' sessions and logged)

    return run_play(args)

"""``snowp2p tracks``: list the shipped tracks."""

from __future__ import annotations


def run(args) -> int:
    from ..games import shipped_tracks

    for name, t in shipped_tracks(args.game).items():
        print(f"{t.game:9}  {name:20}  {t.description}")
    return 0

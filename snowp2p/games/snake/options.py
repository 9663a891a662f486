"""Snake Carnival's own options for ``play`` (local games): the tile table and the two-player variant."""

from __future__ import annotations

import argparse


def add_snake_play_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tiles", default=None, metavar="FILE",
                   help="Snake Carnival: a tile table (.toml) instead of the shipped one")
    p.add_argument("--one-snake-each", action="store_true",
                   help="Snake Carnival with two players: one snake each (SC-K3 option)")

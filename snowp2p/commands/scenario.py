"""``snowp2p scenario FILE_OR_DIR...``: run rules-conformance scenarios (snowp2p/scenario.py)."""

from __future__ import annotations


def run(args) -> int:
    from .. import scenario

    return scenario.main(args.paths)

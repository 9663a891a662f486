import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kit.pause import Table  # noqa: E402


@pytest.fixture
def table(tmp_path):
    """Make a ``Table`` (real peer processes on loopback); whatever still runs at the end is killed (by id)."""
    made: list[Table] = []

    def make(players: int, **kw) -> Table:
        t = Table(tmp_path / f"t{len(made)}", players, **kw)
        made.append(t)
        return t

    yield make
    for t in made:
        t.cleanup()

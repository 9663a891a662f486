import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kit.resilience import Game  # noqa: E402


@pytest.fixture
def games(tmp_path):
    """Make ``Game`` objects for a test; every process still running at the end is killed (by its id)."""
    made: list[Game] = []

    def make(players: int = 5, think: float = 0.05, game: str = "snowtails", name: str = "g") -> Game:
        g = Game(tmp_path / name, players, think=think, game=game)
        made.append(g)
        return g

    yield make
    for g in made:
        g.cleanup()

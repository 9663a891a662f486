"""Puts tests/ on sys.path, so any test can ``import kit.peers`` (the harness of the networked tests), and
provides the ``peers`` fixture."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from kit.peers import Peers  # noqa: E402


@pytest.fixture
def peers(tmp_path):
    """Start snowp2p host/join processes; whatever is still running at the end is killed (by group id)."""
    p = Peers(tmp_path)
    try:
        yield p
    finally:
        p.cleanup()


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch):
    """Every test's data directory is its own (a local `play` saves its log there: commands/locallog.py), never the
    user's; a test that wants one passes --home or sets SNOWP2P_HOME itself."""
    monkeypatch.setenv("SNOWP2P_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture(autouse=True)
def _table_runs_end():
    """A table run (kit.screens.Typist) a test leaves running is stopped when the test ends (see ``end_all``)."""
    yield
    screens = sys.modules.get("kit.screens")
    if screens is not None:
        screens.Typist.end_all()

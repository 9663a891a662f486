"""How to type this program where a command is printed for someone to run (README: `snowp2p` may not be on PATH)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path


def program() -> str:
    """``snowp2p`` when that is on PATH and is this program; else the real path of the ``snowp2p`` script
    next to this Python (e.g. ``.venv/bin/snowp2p``); else ``python -m snowp2p`` with this Python's path."""
    here = Path(sys.executable).parent / "snowp2p"
    on_path = shutil.which("snowp2p")
    if on_path and (not here.exists() or Path(on_path).resolve() == here.resolve()):
        return "snowp2p"
    if here.exists():
        return str(here)
    return f"{sys.executable} -m snowp2p"


def friend_program() -> str:
    """How a friend types this program in a join line (issue 23, item 7): never this machine's path.

    ``snowp2p`` when that is on PATH here (the friend installed it the same way); ``scripts/run`` when this
    program runs from a checkout's ``.venv`` (the friend runs the same checkout's script); else ``snowp2p``."""
    on_path = shutil.which("snowp2p")
    here = Path(sys.executable).parent / "snowp2p"
    if on_path and (not here.exists() or Path(on_path).resolve() == here.resolve()):
        return "snowp2p"
    venv = Path(sys.prefix)
    if venv.name == ".venv" and (venv.parent / "scripts" / "run").exists():
        return "scripts/run"
    return "snowp2p"

"""Pictures of finished games as SVG: ``snowp2p replay LOG --svg FILE`` and the end screen's ``s`` key.

Each game draws its own picture (``Game.svg(states, title)``: plain SVG text from pure functions, in its
folder under ``snowp2p/games/``); :func:`write_svg` is the one place that writes one.
"""

from __future__ import annotations

from pathlib import Path


def write_svg(path: str | Path, text: str, force: bool = False, fresh: bool = False) -> str:
    """Write the picture to a new file; return its absolute path (OSError when it can not be written;
    FileExistsError when the path is taken, unless ``force`` replaces it, or ``fresh`` picks the next free
    name: snowp2p/files.py; a symbolic link is never followed)."""
    from ..files import write_fresh, write_new

    data = text.encode("utf-8")
    return write_fresh(path, data) if fresh else write_new(path, data, force=force)

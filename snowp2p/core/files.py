"""Reading a user's data file (a tile table, a scenario): one line saying what is wrong, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable


def read_document(path: Path, parse: Callable[[str], Any], syntax: type[Exception], form: str,
                  error: type[Exception]) -> Any:
    """``parse`` of the UTF-8 text at ``path``; ``error`` (one line naming the file) when it is missing,
    unreadable or not valid ``form`` (``parse`` raising ``syntax``)."""
    try:
        return parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{path}: can not read: {e}") from None
    except syntax as e:
        raise error(f"{path}: not valid {form}: {e}") from None

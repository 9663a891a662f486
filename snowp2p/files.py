"""Writing a file the user named, without losing one they meant to keep (issue 24).

Theory of operation
-------------------
:func:`write_new` creates the file with ``O_CREAT | O_EXCL | O_NOFOLLOW``:
the kernel refuses a path that already exists, a symbolic link included
(``O_EXCL`` never follows one), so nothing is overwritten and nothing is
written through a link someone else planted.  With ``force`` the data goes
to a new temporary file next to it (made the same way) that then *replaces*
the path (``os.replace``): an existing file is replaced, and a symbolic
link there is replaced by the file, never followed.  :func:`write_fresh`
never replaces anything: the first free name of ``name.ext``,
``name-2.ext``, ``name-3.ext``... (the end screens' ``s`` key).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["write_new", "write_fresh"]

_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _create(path: Path, data: bytes) -> None:
    fd = os.open(path, _FLAGS, 0o644)  # FileExistsError: the path is taken (a file, a directory, a link)
    try:
        with os.fdopen(fd, "wb") as f:
            fd = -1
            f.write(data)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(path)
        except OSError:
            pass
        raise


def write_new(path: str | Path, data: bytes, force: bool = False) -> str:
    """Write ``data`` to a new file at ``path``; its absolute path.  ``FileExistsError`` if the path is
    taken, unless ``force`` (then a file or a symbolic link there is replaced, never written through;
    a directory is still an error).  Other ``OSError``\\ s as the system says."""
    p = Path(path)
    if not force:
        _create(p, data)
        return os.path.abspath(p)
    if p.is_dir() and not p.is_symlink():
        raise IsADirectoryError(21, "is a directory", str(p))
    for k in range(100):
        tmp = p.with_name(f".{p.name}.{os.getpid()}.{k}.tmp")
        try:
            _create(tmp, data)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(17, "no temporary name free", str(p))
    try:
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return os.path.abspath(p)


def write_fresh(path: str | Path, data: bytes) -> str:
    """Write ``data`` to the first free name of ``path``, ``stem-2.ext``, ``stem-3.ext``...; its path."""
    p = Path(path)
    for k in range(1, 1000):
        name = p if k == 1 else p.with_name(f"{p.stem}-{k}{p.suffix}")
        try:
            return write_new(name, data)
        except FileExistsError:
            continue
    raise FileExistsError(17, "no free name", str(p))

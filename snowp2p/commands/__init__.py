"""One module per command (as magic-wormhole's ``cli/cmd_*.py``), imported only when its command runs.

``cli.py`` holds the parser and the one error dispatcher; :func:`run` imports ``commands/<command>.py``
and calls its ``run(args)``.  The commands are the one layer that wires a game (snowp2p/games/, found in
the registry) to the network (net/) and the screens (ui/); shared helpers are ``common.py`` and, for the
commands that play a seat (``host``, ``join``, ``resume``), ``seat.py``.
"""

from __future__ import annotations

import importlib

#: every command, in the order ``snowp2p --help`` lists them (a module of this package each)
COMMANDS = ("play", "scenario", "tracks", "id", "host", "join", "watch", "find", "resume", "games", "audit", "replay")


def run(command: str, args) -> int:
    """Run ``command`` (one of :data:`COMMANDS`) with the parsed ``args``; its exit status."""
    return importlib.import_module(f"{__name__}.{command}").run(args)

"""``snowp2p play``: a game on this terminal, against computer players or hot seat: the game object's
``local_play`` (its set-up in its folder, then the table's driver, ui/tableplay.py), played by the seats'
protocol sessions and logged (commands/locallog.py's Recorder)."""

from __future__ import annotations


def run(args, *, pt_input=None, pt_output=None) -> int:
    """``pt_input``/``pt_output`` replace the terminal (tests: a pipe input and a plain-text or VT100 output)."""
    from ..games import find_game
    from .locallog import Recorder

    return find_game(args.game).local_play(args, pt_input=pt_input, pt_output=pt_output,
                                           recorder=Recorder(getattr(args, "home", None)))

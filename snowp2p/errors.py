"""The commands' one-line error (the dispatcher in cli.py prints it and exits with its status)."""

from __future__ import annotations


class CommandError(Exception):
    """One line for the user; exit status 2 (bad input) unless ``code`` says otherwise."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code

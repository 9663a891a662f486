"""Errors of the rules engines.

``IllegalMove`` says which rule an action breaks (a rule id of
../shared/rules, or one of the engine's own tags: TURN for acting out of
turn or phase, HAND for a card not in the hand, OPEN for an opening that
contradicts what the holder knows).
"""


class RulesError(Exception):
    """Base class of the engines' errors."""


class IllegalMove(RulesError):
    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class TableError(ValueError):
    """A game's table (a track file, a tile set) is malformed or unknown.  The message is one line: where,
    which field, what.  A game's own table error (a track's ``TrackError``) is this class, so the
    command line reports them without naming a game."""

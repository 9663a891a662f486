"""Computer players for the sled games: ``choose_action`` (the bot) and ``random_action`` (baseline)."""

from .sledbot import choose_action, random_action

__all__ = ["choose_action", "random_action"]

"""Computer players: ``choose_action`` (dispatches on the game: sled or Snake Carnival), ``random_action``,
``choose_snake_action`` (Snake Carnival) and ``random_snake_action`` (baseline)."""

from .sledbot import choose_action as _choose_sled_action
from .sledbot import random_action as _random_sled_action
from .snakebot import choose_snake_action, random_snake_action


def _is_snake(state) -> bool:
    from ..rules.snake import SnakeState

    return isinstance(state, SnakeState)


def choose_action(state, rand):
    return choose_snake_action(state, rand) if _is_snake(state) else _choose_sled_action(state, rand)


def random_action(state, rand):
    return random_snake_action(state, rand) if _is_snake(state) else _random_sled_action(state, rand)


__all__ = ["choose_action", "random_action", "choose_snake_action", "random_snake_action"]

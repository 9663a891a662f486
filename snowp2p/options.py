"""Moved to ``snowp2p/games/sled/options.py`` (the sled races' rule options); kept for old imports."""

from .games.sled.options import add_sled_rule_options, sled_rules  # noqa: F401

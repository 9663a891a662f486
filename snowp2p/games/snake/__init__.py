"""Snake Carnival: the engine (engine.py, tiles.toml), the computer player (bot.py), wire form, encoding, scenarios, screens."""

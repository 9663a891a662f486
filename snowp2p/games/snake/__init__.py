"""Snake Carnival: the engine (engine.py and the modules it gathers, tiles.toml), the computer player (bot.py), wire form, encoding, scenarios, screens."""

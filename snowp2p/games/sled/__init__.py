"""Snow Tails and Mush! Mush! (one engine, engine.py, over the track model, track.py and tracks/): rules config, series, computer player (bot.py), wire form, encoding, scenarios, screens."""

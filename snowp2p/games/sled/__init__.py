"""Snow Tails and Mush! Mush! (one engine, ``snowp2p/rules/sled.py``): wire form, encoding, scenarios."""

"""Snake Carnival (engine ``snowp2p/rules/snake.py``): wire form, encoding, scenarios."""

"""snowp2p: peer-to-peer terminal client for tabletop games (the games: ``snowp2p/games/``, its registry)."""

__version__ = "0.1.0"

"""snowp2p: peer-to-peer terminal client for Snow Tails, Mush! Mush! and Snake Carnival."""

__version__ = "0.1.0"

"""``snowp2p id``: this player's nickname and key fingerprint."""

from __future__ import annotations
from .common import open_identity





def run(args) -> int:
    home, ident, nick = open_identity(args)
    print(f"nickname:    {nick}")
    print(f"fingerprint: {ident.fingerprint}")
    print(f"key file:    {home.path / 'identity.key'}")
    return 0

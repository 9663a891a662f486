"""The sans-I/O protocol core: identities, signed messages, hash chains,
fair randomness, slot commitments, join codes and the game log.

Nothing here touches sockets, clocks or the OS random source; callers pass
bytes in (including every random seed, salt and nonce) and get values or
precise ``ProtocolError`` subclasses back.  The wire format is written
down in ``protocol/SPEC.md`` at the repository top.
"""

from .errors import (
    ChainError,
    CommitmentError,
    DecodeError,
    EquivocationError,
    FrameError,
    JoinCodeError,
    LogError,
    ProtocolError,
    RevealError,
    SignatureError,
)

__all__ = [
    "ProtocolError",
    "FrameError",
    "DecodeError",
    "SignatureError",
    "ChainError",
    "EquivocationError",
    "RevealError",
    "CommitmentError",
    "JoinCodeError",
    "LogError",
]

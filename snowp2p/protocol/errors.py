"""The protocol layer's errors: one small hierarchy, each saying who broke what.

Every error a hostile or broken peer can provoke is a ``ProtocolError``
subclass carrying a one-line human message (``str(err)``), so the network
layer can catch ``ProtocolError`` alone, show the message, and at most drop
the offending connection (guarantee G9).  Local programming mistakes (e.g.
building a message with a bad field) raise ``ValueError``/``TypeError``
instead, because they are bugs, not hostile input.

    ProtocolError
    +-- FrameError        bad framing: empty or oversized frame
    +-- DecodeError       bad msgpack, non-canonical bytes, or schema violation
    +-- SignatureError    an Ed25519 signature does not verify
    +-- ChainError        bad sequence number / hash link, wrong game, ...
    |   +-- EquivocationError   two different signed messages for one seq
    +-- RevealError       a hash-chain reveal does not match its commitment
    +-- CommitmentError   a slot opening does not match its commitment
    +-- JoinCodeError     the join-code proof does not match
    +-- LogError          a log file is corrupt (not merely torn at its end)
"""

from __future__ import annotations

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


class ProtocolError(Exception):
    """Base class: a peer (or a file) broke the protocol.  ``str()`` is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class FrameError(ProtocolError):
    """The byte stream is not a sequence of valid frames (empty or oversized).

    ``frames`` holds any complete payloads decoded before the bad header in
    the same call, so the caller may still process them.
    """

    def __init__(self, message: str, frames: list[bytes] | None = None) -> None:
        super().__init__(message)
        self.frames: list[bytes] = frames if frames is not None else []


class DecodeError(ProtocolError):
    """A payload is not valid msgpack, not canonical, or breaks the schema.

    ``field`` names the offending field as a dotted path, e.g.
    ``"body.openings[2].salt"`` (``""`` when the whole payload is at fault).
    """

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


class SignatureError(ProtocolError):
    """A signature does not verify under the expected public key."""


class ChainError(ProtocolError):
    """A message does not extend its sender's hash chain (seq, prev, game, seat)."""


class EquivocationError(ChainError):
    """A sender signed two different messages with the same sequence number.

    ``evidence`` holds both exact signed payloads (the one accepted first,
    then the new one); together they prove the cheating to anyone holding
    the sender's public key.
    """

    def __init__(self, message: str, sender: int, seq: int, evidence: tuple[bytes, bytes]) -> None:
        super().__init__(message)
        self.sender = sender
        self.seq = seq
        self.evidence = evidence


class RevealError(ProtocolError):
    """A revealed hash-chain preimage does not hash to the previous value."""


class CommitmentError(ProtocolError):
    """A slot opening (value, salt) does not match the published commitment."""


class JoinCodeError(ProtocolError):
    """The other side's join-code proof is wrong: it does not know the code."""


class LogError(ProtocolError):
    """A game log is corrupt before its end (a torn last record is not an error)."""

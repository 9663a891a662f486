"""Per-sender hash chains: ordering, integrity and equivocation detection.

Theory of operation
-------------------
Each seated peer's chained messages form a chain: seq 0, 1, 2, ... where
message ``n`` carries ``prev = digest(message n-1)`` (zero for seq 0).
``SenderChain`` holds, for one game and its roster of public keys, every
message accepted so far from each sender.  ``accept(msg)`` checks, in
order:

1. the game id is this game's, the type is a chained one, the sender is a
   roster seat (``ChainError``);
2. the signature, under the roster key of the sender (``SignatureError``) -
   so nothing below can be triggered by a forger;
3. ``seq`` below the next expected one: identical envelope bytes are a
   harmless ``DUPLICATE`` (a resend or a relay; a byte-identical copy of an
   accepted payload is known good without a second signature check:
   decode once, verify once); different bytes are
   equivocation: ``EquivocationError`` carrying both signed payloads,
   which prove it to anyone;
4. ``seq`` above the next expected one: a gap (``ChainError``; the caller
   may fetch the missing messages and retry);
5. ``prev`` must equal the digest of the sender's last accepted message
   (``ChainError``).

Then the message is appended and ``accept`` returns ``NEW``.  Nothing
changes on any error, so a rejected message never corrupts the state.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from .errors import ChainError, EquivocationError
from .messages import BODY_TYPES, ZERO_HASH, Roster, SignedMessage

__all__ = ["Verdict", "SenderChain"]


class Verdict(enum.Enum):
    NEW = "new"  # appended to the sender's chain
    DUPLICATE = "duplicate"  # identical to a message already accepted


class SenderChain:
    """The hash chains of every sender in one game.

    ``keys`` maps seat -> 32-byte Ed25519 public key (from the roster).
    """

    def __init__(self, game_id: bytes, keys: Mapping[int, bytes]) -> None:
        if len(game_id) != 32:
            raise ValueError("game id must be 32 bytes")
        self.game_id = bytes(game_id)
        self.keys = dict(keys)
        self._chains: dict[int, list[SignedMessage]] = {seat: [] for seat in self.keys}

    @classmethod
    def from_roster(cls, roster: SignedMessage) -> SenderChain:
        """Start from the host's signed roster (host seq 0), accepting it.

        Raises ``ChainError`` if it is not a roster at seq 0, and
        ``SignatureError`` unless signed by the host key it lists for seat 0.
        """
        body = roster.body
        if not isinstance(body, Roster):
            raise ChainError(f"expected a roster, got {roster.type}")
        chain = cls(roster.envelope.game, {i: s.pubkey for i, s in enumerate(body.seats)})
        chain.accept(roster)
        return chain

    def next_seq(self, seat: int) -> int:
        """The seq the next message from ``seat`` must carry."""
        return len(self._chain(seat))

    def head(self, seat: int) -> bytes:
        """Digest of the last accepted message from ``seat`` (zero if none):
        the ``prev`` its next message must carry."""
        msgs = self._chain(seat)
        return msgs[-1].digest if msgs else ZERO_HASH

    def history(self, seat: int) -> tuple[SignedMessage, ...]:
        """All accepted messages from ``seat``, in seq order."""
        return tuple(self._chain(seat))

    def _chain(self, seat: int) -> list[SignedMessage]:
        try:
            return self._chains[seat]
        except KeyError:
            raise ChainError(f"seat {seat} is not in the roster") from None

    def accept(self, msg: SignedMessage, *, signed_here: bool = False) -> Verdict:
        """Check ``msg`` against its sender's chain and append it.  See module doc."""
        env = msg.envelope
        if env.game != self.game_id:
            raise ChainError(
                f"{msg.type} from seat {env.sender} is for another game ({env.game[:4].hex()}...)"
            )
        if not BODY_TYPES[msg.type].CHAINED:
            raise ChainError(f"{msg.type} is a lobby message, not part of a chain")
        chain = self._chain(env.sender)
        if env.seq < len(chain) and chain[env.seq].payload == msg.payload:
            # the very bytes already accepted (a resend or a relay): they were verified (or signed here) then
            return Verdict.DUPLICATE
        if not signed_here:  # a frame this peer has just signed itself needs no second look
            msg.verify(self.keys[env.sender])
        expected = len(chain)
        if env.seq < expected:
            earlier = chain[env.seq]
            if earlier.envelope_bytes == msg.envelope_bytes:
                return Verdict.DUPLICATE
            raise EquivocationError(
                f"seat {env.sender} signed two different messages with seq {env.seq} "
                f"({earlier.type} and {msg.type})",
                sender=env.sender,
                seq=env.seq,
                evidence=(earlier.payload, msg.payload),
            )
        if env.seq > expected:
            raise ChainError(
                f"gap in seat {env.sender}'s chain: expected seq {expected}, got {env.seq}"
            )
        if env.prev != self.head(env.sender):
            raise ChainError(
                f"seat {env.sender} seq {env.seq}: prev does not match the hash of "
                f"its previous message"
            )
        chain.append(msg)
        return Verdict.NEW

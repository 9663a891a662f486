"""Resuming a session from its own log, and reading whose log it is (``snowp2p resume``, SPEC 12).

:class:`Resume` is a part of :class:`~snowp2p.protocol.session.Session` (a mixin): ``from_log`` rebuilds a
playing session by checking every record of its log exactly as if it arrived live; ``resume_events`` says
what the shell must do next.
"""

from __future__ import annotations

from typing import Any

from .crypto import Identity
from .errors import ProtocolError
from .events import GameOver, Output, VotedOut, YourTurn
from .messages import BODY_TYPES, decode_signed


class Resume:
    """A session rebuilt from its log (a mixin of ``Session``)."""

    replay_own: dict[int, Any] | None = None  # (while ``from_log`` replays: this seat's own logged records, by seq)

    @classmethod
    def from_log(cls, records: list[bytes], track: Any, me: int, identity: Identity,
                 secret: bytes, *, game: Any, carried_from: Any = None) -> tuple[Any, list[bytes]]:
        """Rebuild a playing session from this peer's own log (``snowp2p resume``).

        Every record is checked exactly as if it arrived live.  Returns the
        session and the frames it produced that the log does not hold yet
        (a crash between accepting a frame and logging our answer): the
        caller logs and sends them.  ``carried_from``: a later race of a match that carries cards starts from
        the race before it (``hidden.Carry``, SPEC 16.5).
        """
        roster = decode_signed(records[0])
        session = cls(roster, track, me, identity, secret, game=game, carried_from=carried_from)
        session.sent_setup = True  # our setup frames, if any, are in the log
        produced: list[bytes] = []
        logged = set()
        decoded = [decode_signed(rec) for rec in records[1:]]
        session.replay_own = {m.envelope.seq: m for m in decoded if m.envelope.sender == me and BODY_TYPES[m.type].CHAINED}
        for rec, msg in zip(records[1:], decoded, strict=True):
            logged.add(rec)
            # another seat's record is taken as a relayed copy: the log does not say how it came, and a copy the
            # live peer took relayed (after its own vote on that seat, or its refusal of that seat's vote) is no
            # longer taken straight from the seat (AbsenceRules._frozen); dropping it left the resumed session a
            # turn behind its live self and the auditor (sim seed 3158)
            relayed = msg.envelope.sender != me and BODY_TYPES[msg.type].CHAINED
            msg = session.check(rec, msg=msg, relayed=relayed)
            if msg is None:
                continue
            produced.extend(session.handle(msg).send)
        session.replay_own = None
        session.sent_setup = me in session.chain_tips
        missing = [p for p in produced if p not in logged]
        return session, missing

    def _logged_otherwise(self, seat: int) -> bool:
        """Replaying its log, this peer holds its own message at the seq a vote on ``seat`` joined at once now would
        take, and that message is not this vote: live, the join waited (on state the log does not hold: the link
        clock's ``cut_seq``, verdicts._cut_join) and this peer signed something else there; joined in the replay, the
        vote and the logged message are two of its own with one seq, and it names itself (lie-away seed 107958: p2,
        relinked after a partition, did not join p0's vote on liar p1 at 10.1 s and voted on its own clock at 10.75 s
        with one more message of p1's; resumed from a crash, it joined at p0's vote in the replay, with the lower
        count, and halted on its own equivocation).  Past the log's end it joins as live (a crash before the vote
        was logged: ``from_log``'s missing frames)."""
        if self.replay_own is None or self.me is None:
            return False
        m = self.replay_own.get(self.chain.next_seq(self.me))
        return m is not None and not (m.type == "vote" and m.body.seat == seat and m.body.have == self.chain.next_seq(seat)
                                      and m.body.choice == self._leave_choice(seat))

    def my_frames(self) -> list[bytes]:
        """Every frame this seat has sent, in order (what a reconnecting peer may ask for)."""
        return [m.payload for m in self.chain.history(self.me)] if self.me is not None else []

    def resume_events(self) -> Output:
        """What the shell must do after a resume: take our turn, or finish the game."""
        out = Output()
        if self.halted:
            return out
        if self.me is not None and self.me in self.decided:
            out.events.append(VotedOut(self.me, self.decided[self.me][0], self.turn))
            return out
        if not self.sent_setup and self.me is not None:
            return self.start()
        if self.done:
            out.events.append(GameOver(tuple(self.places()), abandoned=self.abandoned))
        elif self.my_turn():
            out.events.append(YourTurn(self.turn))
        return out


def log_owner(records: list[bytes]) -> int | None:
    """The seat whose log this is: record 1 of a game log is its owner's ``commit_chain`` (SPEC 12); the
    auditor treats a vote on the owner as its own session did (accepted with its ``bye``, or refused)."""
    if len(records) < 2:
        return None
    try:
        msg = decode_signed(records[1])
    except ProtocolError:
        return None
    return msg.sender if msg.type == "commit_chain" else None

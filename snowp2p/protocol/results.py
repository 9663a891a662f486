"""How a game's result was reached, one line each (protocol/SPEC.md section 11.9; G12): the end screen, ``meta.json``
and ``snowp2p audit`` print these lines.  They are read from the session's decisions and from signed messages, so
that every peer, and the auditor of any log, prints the same result for the same game.
:class:`~snowp2p.protocol.absence.AbsenceRules` takes them in.
"""

from __future__ import annotations


class ResultLines:
    """The result's lines (the session's state; no state of its own)."""

    def _refusals(self) -> dict[int, list[int]]:
        """Seat X refused V's vote on it: X signed ``absent{V, owed: "left"}`` and V signed a vote on X.  Read from
        those two signed messages alone, not from how this peer came to its verdict: X may refuse a decided vote
        (refuse_vote) where another peer judged the same vote lone (leave_voter), by arrival order, and the
        result must read alike on every peer and in the audit (tests/pause case 2b: j2 refused j1's vote, the
        host had judged it lone, and their results differed by this line)."""
        res: dict[int, list[int]] = {}
        for x, v in sorted(self.left_said):
            if (v, x) in self.vote_at and x not in self.gone:
                res.setdefault(x, []).append(v)
        return res

    def outcome(self) -> list[str]:
        """How the result was reached, one line each: played out; a seat played by a computer from
        turn T (voted by ...); abandoned; and whose word alone a decision rests on (G12)."""
        lines = []
        refusals = self._refusals()
        # a seat whose vote another seat refused left by its own claim, read from the signed refusal as the refusal
        # line is, not from how this peer came to hold it (tests/pause case 2b under load: j2 held j1 as a seat that
        # said bye, "(it left the game)", the host as leaving, "(it left: its own claim ...)")
        claimed = self.leaving | {v for vs in refusals.values() for v in vs}
        for seat, (choice, _, turn) in sorted(self.gone.items()):
            voters = self.voters.get(seat, ())
            by = ", ".join(f"seat {v} ({self.nicks[v]})" for v in voters)
            left = (" (it left the game)" if seat in self.quit and seat not in claimed
                    else " (it left: its own claim on a seat that was answering)" if seat in claimed else "")
            if choice == "bot":
                lines.append(f"seat {seat} ({self.nicks[seat]}) played by a computer from turn {turn} "
                             f"(voted by {by}){left}")
            else:
                lines.append(f"abandoned at turn {turn}: seat {seat} ({self.nicks[seat]}) stopped answering "
                             f"and {by} voted to end the game; no places")
            if len(voters) == 1:
                lines.append(f"this rests on the word of seat {voters[0]} ({self.nicks[voters[0]]}) alone")
        for seat, voters in sorted(refusals.items()):
            by = ", ".join(f"seat {v} ({self.nicks[v]})" for v in voters)
            lines.append(f"seat {seat} ({self.nicks[seat]}) refused a vote on it by {by}: it was answering")
        if not lines:
            lines.append("played out")
        elif not self.abandoned:
            lines.insert(0, "played out, with a computer player in a seat" if self.gone else "played out")
        return lines

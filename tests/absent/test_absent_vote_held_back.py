"""A peer whose clock finds a seat overdue for a move it holds, held back only because every other voter voted on that
seat below it, votes on the seat at its own count instead of owing the others a declaration it can never sign
(issue 18; SPEC 11.9, *Every other seat voted*; sim lie-away seed 103560).

In seed 103560 p1, p2 and liar p4 voted cut-off p0 out at a count below p0's move; the move reached p3 straight, where
it did not count (every other voter had voted: seed 36637's rule), so p0 owed it on p3's clock, overdue there.  p3
could not declare p0 (a claim on a move it holds refutes itself), nor join the votes (its only claim on p0 had asked
a relay), and p1 and p2, holding p3 to a declaration on p0, declared it for that and voted it out.  Set on a playing
session (4 seats, Snake Carnival, in memory): seat 1 holds the next mover's move and an older claim on the mover, and
the two other seats' votes on the mover at a count below the move.
"""

from __future__ import annotations

from snowp2p.protocol.absence import Owed
from snowp2p.protocol.game_messages import Vote
from snowp2p.protocol.messages import Absent, decode_signed
from test_absent_unit import to_next_move

ME = 1


def _held_back(with_claim: bool = True):
    s, nxt, mover = to_next_move(ME, checked=True, n=4)
    v, w = sorted({0, 1, 2, 3} - {ME, mover})
    seq = s.move_from[(nxt, mover)].seq
    if with_claim:  # (an older claim of this peer's on the mover, one no vote is joined on: it asked a relay)
        s.absents.setdefault(mover, {})[ME] = Absent(mover, nxt - 1, seq - 1, "reveal")
        s.absent_haves[(ME, mover)] = {seq - 1}
    s.votes[mover] = {v: Vote(mover, "bot", seq - 1), w: Vote(mover, "bot", seq - 1)}
    assert not s._counted_reveal(mover, nxt) and s._base_owed()[mover].what == "move"
    return s, nxt, mover


def _votes(out, mover: int) -> list[Vote]:
    return [m.body for m in map(decode_signed, out.send) if m.type == "vote" and m.body.seat == mover]


def test_the_seat_overdue_for_a_move_held_back_by_every_other_vote_is_voted_on_at_this_peers_count():
    s, nxt, mover = _held_back()
    out = s.declare_absent(mover, Owed("move", nxt))
    votes = _votes(out, mover)
    assert [(b.choice, b.have) for b in votes] == [("bot", s.chain.next_seq(mover))], votes
    assert not any(decode_signed(m).type == "absent" for m in out.send)  # (no claim that would refute itself)
    assert mover in s.my_votes and ME not in s.leaving and not s.halted


def test_no_vote_without_an_earlier_claim_nor_while_the_move_counts():
    s, nxt, mover = _held_back(with_claim=False)  # (a vote needs this peer's own absent first: nothing to sign)
    assert not s.declare_absent(mover, Owed("move", nxt)).send and mover not in s.my_votes
    s, nxt, mover = _held_back()
    s.votes[mover].popitem()  # one other seat's vote: a lone vote holds nothing back, the move counts
    assert s._counted_reveal(mover, nxt)
    assert not s.declare_absent(mover, Owed("move", nxt)).send and mover not in s.my_votes

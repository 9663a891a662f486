"""An ack that keeps a seat this log's owner took over on its own word alone is from the other side, not a lie
(issue 18; SPEC 11.9, *What a refusal undoes*, rule 3; sim lie-away seed 25024).

p3, cut off alone by a partition, voted p0 out alone (p1 was away for it: the game waited on its reveal) and took p0
over in its own game.  Back, honest p1, which had judged p3's vote lone and never took p0 over, acked the turn with
p0's reveal in it: its ack differed from p3's only by p3's own lone decision, and p3 named p1 in a desync for "a
different hash for the very same inputs" (the check read only the seat entries p3 had).  As for a seat that took a
seat over on its own vote (``Session._voted_itself_off``, the other way round), such an ack does not count: its
sender is leaving here, and the owner plays on in its own game, its result resting on its own word (G12).  Set on a
playing session (3 seats, Snake Carnival, in memory) as the messages would leave it.
"""

from __future__ import annotations

import pytest

from snowp2p.protocol.session import Halted, Output
from test_absent_unit import to_next_move

ME = 1


def test_an_ack_keeping_a_seat_the_owner_took_over_alone_is_from_the_other_side():
    s, nxt, mover = to_next_move(ME, checked=False)
    a, other = nxt - 1, 3 - ME - mover
    # as if this seat had voted ``other`` out alone and taken it over before turn a: its own ack of turn a has no
    # entry for ``other``; the mover, which never took it over, acked with ``other``'s reveal in it
    s.gone[other] = ("bot", s.chain.next_seq(other), a)
    s.voters[other] = (ME,)
    s.my_sections[a] = {k: v for k, v in s.my_sections[a].items() if k != f"seat.{other}"}
    s.my_hash[a] = bytes(32)
    assert f"seat.{other}" in (s.acks[a][mover].sections or {})
    try:
        agreed = s._agree(a, Output())
    except Halted as h:
        pytest.fail(f"the seat on the other side was named: {h.reason}")
    assert not agreed and not s.halted
    assert mover in s.leaving and mover not in s.acks[a] and mover in s.uncounted.get(a, set())
    assert s.owed().get(mover) is not None and s.owed()[mover].what == "left", "it is voted out at once"


def test_an_ack_keeping_a_seat_taken_over_on_the_owner_and_leaving_seats_words_is_from_the_other_side():
    # (lie-away seed 155160: p1 took p0 over on its own vote and cut-off p3's, whose lone votes it then held leaving;
    # honest p2 never took p0 over, and p1 named it in a desync for "the very same inputs")
    s, nxt, mover = to_next_move(ME, checked=False, n=4)
    a = nxt - 1
    other, gone_voter = [i for i in range(4) if i not in (ME, mover)]
    s.gone[other] = ("bot", s.chain.next_seq(other), a)
    s.voters[other] = (ME, gone_voter)
    s.leaving.add(gone_voter)  # (the other voter is leaving here since: its word counts for nothing)
    s.my_sections[a] = {k: v for k, v in s.my_sections[a].items() if k != f"seat.{other}"}
    s.my_hash[a] = bytes(32)
    assert f"seat.{other}" in (s.acks[a][mover].sections or {})
    try:
        s._agree(a, Output())
    except Halted as h:
        pytest.fail(f"the seat on the other side was named: {h.reason}")
    assert mover in s.leaving and mover not in s.acks[a] and mover in s.uncounted.get(a, set())

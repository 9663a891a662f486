"""A move from a seat whose state differs is not an offence of the real mover (G5; SPEC 11.5).

Since protocol 5 the mover of turn t moves once it has *applied* turn t-1, before that turn is agreed.
A seat whose state after t-1 differs (a setup fork by a cheater, a desync) may then believe it is the
mover and send a move for turn t too, which can reach a peer before the real mover's move.  That peer
must not blame the real mover for "two moves for turn t" (found by tests/net/test_attacks.py's setup
fork, where the host named the honest joiner): moves are kept per sender, only the current mover's
counts, and a stray move is judged only once its sender's ack of t-1 (which it carries) is known to
agree; here it does not, so the disagreement of turn t-1 decides, and it names the stray seat.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "absent"))

from snowp2p.protocol.messages import Envelope, Move, encode_signed  # noqa: E402
from snowp2p.protocol.randomness import chain_reveal  # noqa: E402
from snowp2p.protocol.session import Halted, Offence, YourTurn  # noqa: E402
from snowp2p.rules import sled  # noqa: E402
from test_absent_unit import Table  # noqa: E402


class Held(Table):
    """Nobody moves by itself: the test says when."""

    def out(self, seat, out):
        out.events[:] = [e for e in out.events if not isinstance(e, YourTurn)]
        super().out(seat, out)


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_a_stray_move_before_the_real_one_blames_its_sender_never_the_mover(game):
    t = Held(game)
    t.start()
    t.run()
    s = t.s
    assert all(x.applied_turn == 0 for x in s)
    mover = s[0].state.public.current
    stray, judge = [i for i in range(3) if i != mover]  # the stray seat's move reaches the judge first
    x = s[stray]
    # the stray seat's move for turn 1, acking another state after turn 0 (as if its setup differed)
    body = Move(1, {"x": 1}, (), chain_reveal(x._links, 1), bytes(32), x.my_sections[0])
    payload = encode_signed(x.identity, Envelope(x.game_id, stray, x.chain.next_seq(stray), x.chain.head(stray), body))
    t.queue.append((judge, stray, payload))  # it reaches the judge first
    t.run()
    assert s[judge].halted is None, s[judge].halted
    # now the real mover moves; its move reaches everyone (the stray seat's later frames too)
    real = s[mover]
    t.out(mover, real.submit(sled.legal_actions(real.state)[0]))
    try:
        t.run()
    except Halted:
        pass
    why = s[judge].halted
    assert why is not None, "the judge went on past a disagreement on turn 0"
    named = why.seat if isinstance(why, Offence) else why.culprit
    assert named != mover, f"the honest mover was blamed: {why}"
    assert named in (stray, None), why


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_a_seat_that_shares_our_state_and_moves_out_of_turn_is_named(game):
    """The other side: a stray move whose ack agrees with ours is an offence of its sender."""
    t = Held(game)
    t.start()
    t.run()
    s = t.s
    mover = s[0].state.public.current
    stray, judge = [i for i in range(3) if i != mover]
    x = s[stray]
    body = Move(1, {"x": 1}, (), chain_reveal(x._links, 1), x.my_hash[0], x.my_sections[0])
    payload = encode_signed(x.identity, Envelope(x.game_id, stray, x.chain.next_seq(stray), x.chain.head(stray), body))
    with pytest.raises(Halted) as e:
        s[judge].receive(payload, stray)
    assert isinstance(e.value.reason, Offence) and e.value.reason.seat == stray
    assert "moved out of turn (turn 1)" in e.value.reason.what

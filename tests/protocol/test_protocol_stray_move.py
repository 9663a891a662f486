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
from snowp2p.games.sled import engine as sled  # noqa: E402
from snowp2p.games.snake import engine as snake  # noqa: E402
from kit.table import KINDS  # noqa: E402
from test_absent_unit import Table  # noqa: E402


class Held(Table):
    """Nobody moves by itself (while ``held``): the test says when."""

    held = True

    def out(self, seat, out):
        if self.held:
            out.events[:] = [e for e in out.events if not isinstance(e, YourTurn)]
        super().out(seat, out)


def first_action(state):
    """The engine's first legal action (the mover's real move)."""
    return (sled.legal_actions(state) if isinstance(state, sled.GameState) else snake.legal_actions(state))[0]


def set_up(game: str):
    """The table after the setup, nobody moved: (table, mover of turn 1, stray seat, judging seat)."""
    t = Held(game)
    t.start()
    t.run()
    assert all(x.applied_turn == 0 for x in t.s)
    mover = t.s[0].state.public.current
    stray, judge = [i for i in range(3) if i != mover]
    return t, mover, stray, judge


def stray_move(x, ack: bytes) -> bytes:
    """Seat x's (signed) move for turn 1, acking ``ack`` as its state after turn 0."""
    body = Move(1, {"x": 1}, (), chain_reveal(x._links, 1), ack, x.my_sections[0])
    return encode_signed(x.identity, Envelope(x.game_id, x.me, x.chain.next_seq(x.me), x.chain.head(x.me), body))


@pytest.mark.parametrize("game", KINDS)
def test_a_stray_move_before_the_real_one_blames_its_sender_never_the_mover(game):
    t, mover, stray, judge = set_up(game)
    s = t.s
    # the stray seat's move for turn 1, acking another state after turn 0 (as if its setup differed)
    payload = stray_move(s[stray], bytes(32))
    t.queue.append((judge, stray, payload))  # it reaches the judge first
    t.run()
    assert s[judge].halted is None, s[judge].halted
    # its ack of turn 0 differs from ours: ours goes out at once, on its own, not with a reveal for a move that
    # may never come, so every peer meets the disagreement (else the honest judge is the one voted out)
    assert 0 in s[judge].acked and 1 not in s[judge].revealed
    assert s[judge].chain.history(judge)[-1].type == "ack"
    # now the real mover moves; its move reaches everyone (the stray seat's later frames too)
    real = s[mover]
    t.out(mover, real.submit(first_action(real.state)))
    try:
        t.run()
    except Halted:
        pass
    why = s[judge].halted
    assert why is not None, "the judge went on past a disagreement on turn 0"
    named = why.seat if isinstance(why, Offence) else why.culprit
    assert named != mover, f"the honest mover was blamed: {why}"
    assert named in (stray, None), why


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_shares_our_state_and_moves_out_of_turn_is_named(game):
    """The other side: a stray move whose ack agrees with ours is an offence of its sender."""
    t, mover, stray, judge = set_up(game)
    s = t.s
    payload = stray_move(s[stray], s[stray].my_hash[0])
    with pytest.raises(Halted) as e:
        s[judge].receive(payload, stray)
    assert isinstance(e.value.reason, Offence) and e.value.reason.seat == stray
    assert "moved out of turn (turn 1)" in e.value.reason.what



@pytest.mark.parametrize("game", KINDS)
def test_acks_sent_on_their_own_while_waiting_for_a_move_keep_the_game_going(game):
    """SPEC 11.5: a seat that has waited ``ack_after`` seconds for another seat's move sends its ack of the turn
    before on its own (Session.ack_now, called by net/watch.py); so peers that disagree on who moves next can
    not all wait for a move nobody makes (found by the setup fork of tests/net/test_attacks.py: every peer
    waited, and the honest host was voted out).  Its reveal for the move then carries no ack; the game goes
    on to the end, and the log audits."""
    from test_absent_unit import replay_log

    t, mover, _, _ = set_up(game)
    s = t.s
    assert s[mover].ack_now().send == []  # the mover's own ack rides on its move
    for i in range(3):
        if i != mover:
            t.out(i, s[i].ack_now())
            assert s[i].ack_now().send == []  # once
    t.run()
    # every peer holds both waiting seats' acks of turn 0; the mover's comes with its move
    assert all(set(x.acks[0]) == {i for i in range(3) if i != mover} for x in s)
    assert all(x.final_turn == -1 for x in s)
    t.held = False
    real = s[mover]
    t.out(mover, real.submit(first_action(real.state)))
    t.run()
    assert all(x.done and x.halted is None for x in s)
    assert len({x.my_hash[x.final_turn] for x in s}) == 1
    reveals = [m for m in s[0].chain.history((mover + 1) % 3) if m.type == "reveal" and m.body.event == 1]
    assert reveals and reveals[0].body.state is None  # (its ack of turn 0 went on its own)
    obs = replay_log(t)
    assert obs.done and obs.my_hash[obs.final_turn] == s[0].my_hash[s[0].final_turn]

"""Absent players, in memory (G7): three playing ``Session``s over a FIFO queue; seat 2 falls silent
mid-game, seats 0 and 1 declare it absent, the game pauses, they vote, and both resolve the vote alike
and play on (or end) to the same final state.  An observer replaying seat 0's log must agree.

No network and no clock: every frame is delivered by hand, so every run is the same run.
"""

from __future__ import annotations

import io

import pytest

from kit import table as kit
from kit.table import KINDS, fixed
from snowp2p.games.snake.bot import choose_snake_action
from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import Absent, decode_signed
from snowp2p.protocol.session import log_owner, Session
from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand
from kit.sessions import session_for

NICKS = ("ann", "ben", "cyd")
ABSENT = 2


def claim(t, by: int, seat: int, owed: str, o) -> None:
    """``by`` signs ``absent{seat, owed}`` at its count of ``seat``'s messages into ``o`` (a claim, true or not)."""
    s = t.s[by]
    s._emit(Absent(seat, s.turn, s.chain.next_seq(seat), owed), o)


def choose(state, turn: int):
    """A fixed policy (not the computer players'): on a sled, moves that play the most cards, then a seeded
    pick; in Snake Carnival, the computer player seeded by the turn."""
    rand = Rand(fixed(f"absent test policy {turn}"))
    if not isinstance(state, sled.GameState):
        return choose_snake_action(state, rand)
    actions = sled.legal_actions(state)
    moves = [a for a in actions if isinstance(a, sled.Move)]
    if moves:
        best = max((len(m.play), len(m.path)) for m in moves)
        actions = [m for m in moves if (len(m.play), len(m.path)) == best]
    return rand.choice(actions)


class Table(kit.Table):
    """Three playing sessions of any registered game on the kit's in-memory table (seat 0's log is ``buf``)."""

    def __init__(self, game: str, n: int = len(NICKS)):
        super().__init__(game, n, "absent test", game_id=fixed(f"absent test game {game}"),
                         choose=lambda seat, state, turn: choose(state, turn))


def to_next_move(me: int, checked: bool, n: int = 3):
    """An ``n``-seat Snake Carnival table played until seat ``me`` holds the next mover's move (``checked``: its action
    checked too), not yet applied; returns ``me``'s session, the turn of that move and its mover."""
    t = Table("snake", n=n)
    t.start()
    s = t.s[me]

    def held() -> bool:
        if s.state is None or s.final_turn < 2 or s.state.is_over:
            return False
        nxt, cur = s.applied_turn + 1, s.state.public.current
        return cur != me and (nxt, cur) in s.move_from and (not checked or nxt in s.move_actions)

    t.run(until=held)
    assert held(), f"seat {me} never held the next mover's move"
    return s, s.applied_turn + 1, s.state.public.current


def play_until_silent(game: str, cut_turn: int, skewed: bool) -> Table:
    """Play normally until every seat agreed on turn ``cut_turn``; then seat 2 goes silent.

    With ``skewed``, seat 2 lives a little longer but its frames reach seat 0 only (seat 1 must get
    them relayed as evidence before the vote can resolve)."""
    t = Table(game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= cut_turn for s in t.s))
    assert all(s.final_turn >= cut_turn for s in t.s), "the game ended before the cut"
    assert not any(s.halted for s in t.s)
    if skewed:
        t.only_to[ABSENT] = 0
        t.run()  # drain: seat 2 still answers, but only seat 0 hears it
    t.dead.add(ABSENT)
    t.run()  # drain what is left: seats 0 and 1 stop, waiting for seat 2
    return t


def vote(t: Table, choices: dict[int, str]) -> None:
    live = [0, 1]
    # seat 1 (the one that may hold fewer of seat 2's messages) is stuck on seat 2 and says so
    assert ABSENT in t.s[1].waiting_on(), f"seat 1 is not waiting on seat {ABSENT}: {t.s[1].waiting_on()}"
    t.out(1, t.s[1].declare_absent(ABSENT))
    t.run()  # seat 0 relays what seat 1 lacks, if anything: now both wait on seat 2 alone
    for i in live:
        assert t.s[i].waiting_on() == {ABSENT}, f"seat {i} waits on {t.s[i].waiting_on()}"
    assert not t.s[0].paused_on(ABSENT), "paused before every present seat declared the absence"
    assert not t.s[1].paused_on(ABSENT)
    t.out(0, t.s[0].declare_absent(ABSENT))
    t.run()
    # an absence declared before a relay brought more of seat 2's messages is stale: the shell declares
    # again (it is still waiting), now with the higher count
    for i in live:
        t.out(i, t.s[i].declare_absent(ABSENT))
    t.run()
    for i in live:
        assert t.s[i].paused_on(ABSENT), f"seat {i} did not pause on seat {ABSENT}"
        assert not t.s[i].gone
    for _ in range(10):  # a vote may wait for a relay of the absent seat's messages
        for i in live:
            if ABSENT not in t.s[i].my_votes:
                t.out(i, t.s[i].cast_vote(ABSENT, choices[i]))
        t.run()
        if all(ABSENT in t.s[i].gone for i in live):
            break
    for i in live:
        assert ABSENT in t.s[i].my_votes, f"seat {i} never got to vote"


def replay_log(t: Table) -> Session:
    records = read_log(io.BytesIO(t.buf.getvalue())).records
    obs = session_for(decode_signed(records[0]), t.track)
    obs.owner = log_owner(records)
    for rec in records[1:]:
        obs.receive(rec)  # raises Halted on anything wrong
    assert obs.halted is None
    return obs


@pytest.mark.parametrize("skewed", [False, True], ids=["clean-cut", "relayed"])
@pytest.mark.parametrize("game", KINDS)
def test_vote_bot_both_resolve_alike_and_finish(game, skewed):
    t = play_until_silent(game, cut_turn=5, skewed=skewed)
    if skewed:
        # seat 0 holds more of seat 2's messages than seat 1 does
        assert t.s[0].chain.next_seq(ABSENT) > t.s[1].chain.next_seq(ABSENT)
    vote(t, {0: "bot", 1: "bot"})
    s0, s1 = t.s[0], t.s[1]
    assert s0.gone == s1.gone
    assert set(s0.gone) == {ABSENT} and s0.gone[ABSENT][0] == "bot"
    assert s0.bot_seats == s1.bot_seats == {ABSENT}
    # both kept the same count of seat 2's messages: the relay brought seat 1 up to seat 0
    assert s0.chain.next_seq(ABSENT) == s1.chain.next_seq(ABSENT) == s0.gone[ABSENT][1]
    vote_turn = s0.gone[ABSENT][2]
    t.run()
    assert not t.queue
    for i in (0, 1):
        s = t.s[i]
        assert s.halted is None, f"seat {i} halted: {s.halted}"
        assert s.done and s.over, f"seat {i} did not finish (turn {s.turn}, final {s.final_turn})"
    assert s0.final_turn == s1.final_turn and s0.final_turn > vote_turn
    assert s0.my_hash[s0.final_turn] == s1.my_hash[s1.final_turn]
    assert t.finals[0] == t.finals[1]
    # the computer player really played seat 2 after the vote, on both peers alike
    bot_turns = sorted(s0.bot_moves)
    assert bot_turns and min(bot_turns) >= vote_turn
    assert s0.bot_moves == s1.bot_moves
    assert t.over[0] == t.over[1]
    # G10: the computer-played seat is ranked like any other (no "voted out ranks last")
    assert tuple(t.s[0].places()) == t.over[0] and sorted(t.over[0]) == [0, 1, 2]
    assert tuple(t.s[0].g.final_places(t.s[0].state)) == t.over[0]
    # an observer over seat 0's log reaches the same result
    obs = replay_log(t)
    assert obs.done and obs.gone == s0.gone and obs.bot_seats == {ABSENT}
    assert obs.final_turn == s0.final_turn
    assert obs.my_hash[obs.final_turn] == s0.my_hash[s0.final_turn]
    assert tuple(obs.places()) == t.over[0]


@pytest.mark.parametrize("choices", [{0: "bot", 1: "end"}, {0: "end", 1: "bot"}])
@pytest.mark.parametrize("game", KINDS)
def test_a_split_vote_puts_a_computer_player_in_the_seat(game, choices):
    """G10: the game ends early only when every present seat asks for it; one "bot" keeps it going."""
    t = play_until_silent(game, cut_turn=4, skewed=False)
    vote(t, choices)
    t.run()
    s0, s1 = t.s[0], t.s[1]
    assert s0.gone == s1.gone and s0.gone[ABSENT][0] == "bot"
    assert s0.bot_seats == s1.bot_seats == {ABSENT}
    assert not s0.abandoned and not s1.abandoned


@pytest.mark.parametrize("choices,outcome", [({0: "end", 1: "end"}, "end")])
@pytest.mark.parametrize("game", KINDS)
def test_vote_end_ends_the_game_where_it_stands(game, choices, outcome):
    t = play_until_silent(game, cut_turn=4, skewed=False)
    agreed = t.s[0].final_turn
    vote(t, choices)
    t.run()
    s0, s1 = t.s[0], t.s[1]
    assert s0.gone == s1.gone and s0.gone[ABSENT][0] == outcome
    assert not s0.bot_seats and not s1.bot_seats
    for i in (0, 1):
        s = t.s[i]
        assert s.halted is None, f"seat {i} halted: {s.halted}"
        assert s.done and s.over
        assert s.final_turn == agreed, "the game went on past the vote"
    assert s0.my_hash[s0.final_turn] == s1.my_hash[s1.final_turn]
    # G10: a game ended by a vote is abandoned: no places, on every peer and in the audit
    assert t.over[0] == t.over[1] == ()
    assert s0.abandoned and s1.abandoned and s0.places() == []
    assert any(ln.startswith("abandoned at turn") for ln in s0.outcome())
    obs = replay_log(t)
    assert obs.done and obs.abandoned and obs.gone == s0.gone and obs.final_turn == agreed
    assert obs.my_hash[obs.final_turn] == s0.my_hash[s0.final_turn]
    assert obs.places() == []


@pytest.mark.parametrize("game", KINDS)
def test_a_single_declaration_does_not_pause_and_no_vote_without_pause(game):
    t = play_until_silent(game, cut_turn=3, skewed=False)
    s0 = t.s[0]
    t.out(0, s0.declare_absent(ABSENT))
    t.run()
    assert not s0.paused_on(ABSENT)
    out = s0.cast_vote(ABSENT, "bot")
    assert out.send == [] and ABSENT not in s0.my_votes, "voted before the game was paused"
    # declaring again without holding more of its messages sends nothing more
    assert s0.declare_absent(ABSENT).send == []
    assert not s0.gone

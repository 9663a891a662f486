"""A vote on this seat held while its clock was not running, on a claim counting nothing it signed since it came back, is
not refused on its clock, however late it is decided (issue 18; SPEC 11.9, *A vote on this seat*; net/watch.py
``AbsenceWatch._voted_while_away``; sim vote-kill paced seed 139).

Sim vote-kill paced seed 139 (4 seats, Snake Carnival): p1 crashed at 2.97 s; p3 declared it at 4.75 and crashed at
once, so that declaration reached nobody until p3's restart at 7.04.  p0 and p2 declared p3 for the declaration, and p0
voted p3 out at 7.50, 0.23 s before p3's declaration reached it.  p3 held the vote at 8.13, in the window after its
restart (its clock accepts any vote on it then).  The vote on p3 was decided on p3's peer only at 12.74, when p0's move
came and p3 counted p1 and p2 away (the game waited on their reveals): p3's clock ran again by then, it refused the vote
as one seat's word, and p1 and p2 sided with the refusal: honest p0 was voted out.  The vote was on the time p3 was
away, which its clock never saw; the verdict is the clock's at the vote, as for a lone vote (``_ran_at_vote``).

Four sessions on the in-memory table; seat X's watch is a resumed one.  P is to move and holds its move; X declares it
while "crashed" (signed, delivered to nobody); V and W declare P, V declares X for that declaration and votes it out;
X "restarts", then its declaration reaches the others, and V's messages reach X.  P moves and the game goes on; once
X's clock runs again, the next turn's first message of V reaches X before W's: X decides V's vote on itself alone.
"""

from __future__ import annotations

import pytest

from kit.table import KINDS
from snowp2p.net.watch import AbsenceWatch
from snowp2p.protocol.messages import Absent, Vote
from test_absent_contested import _give, _sign, mover_held

ABSENT_AFTER, VOTE_AFTER = 3.0, 4.0
BACK = 5.0  # (when X's process came back: its clock's window runs to BACK + 3 + 4)


def _next_mover(game: str) -> tuple[int, int]:
    """The held mover P, and the seat to move after P's move (a dry run of the same table)."""
    t, p, _ = mover_held(game)
    s = t.s[p]
    t.hold_from = {i: s.turn + 1 for i in range(t.n)}
    t.held_at = None
    t.out(p, s.submit(t.choose(p, s.state, s.turn)))
    t.run()
    assert t.held_at is not None, "nobody is to move after P"
    return p, t.held_at[0]


def _roles(game: str) -> tuple[int, int, int, int]:
    """(P, V, W, X): W is not the seat to move after P (so the decision on X waits on W's message of that turn); V is
    that seat if it can be (as in the seed: p0 voted, then moved)."""
    p, m = _next_mover(game)
    others = [i for i in range(4) if i != p]
    w = next(i for i in others if i != m)
    rest = [i for i in others if i != w]
    v = m if m in rest else rest[0]
    return p, v, w, next(i for i in rest if i != v)


def _held_back(t, frm: int, to: int) -> list:
    """From now on the frames of ``frm`` to ``to`` wait (the test releases them): a slower link."""
    held: list = []
    deliver = type(t).deliver

    def slow(to_, frm_, payload):
        if (to_, frm_) == (to, frm):
            held.append((to_, frm_, payload))
        else:
            deliver(t, to_, frm_, payload)

    t.deliver = slow
    return held


def _release(t, held: list) -> None:
    del t.deliver
    for to, frm, payload in held:
        t.deliver(to, frm, payload)
    held.clear()
    t.run()


class Clock:
    def __init__(self, t, x: int, away: bool):
        self.t, self.x, self.now = t, x, BACK
        # X's process comes back now: a resumed watch (came_back_at: the messages it had signed, its declaration too);
        # or it was never away (its declaration was only late), and its clock has been running all along
        self.watch = AbsenceWatch(t.s[x], ABSENT_AFTER, VOTE_AFTER, "bot", now=BACK, grace=1.0 if away else 0.0,
                                  resumed=away)

    def tick(self, until: float) -> None:
        """X's clock ticks every 0.25 s to ``until`` (what it signs is delivered)."""
        while self.now < until:
            self.now += 0.25
            others = [i for i in range(self.t.n) if i != self.x]
            tk = self.watch.tick(self.now, connected=set(others), last_rx={i: self.now for i in others},
                                 linked=set(others))
            self.t.out(self.x, tk.out)
            self.t.run()


def _race(game: str, away: bool = True):
    """The story up to the decision on X on X's peer; returns the table, the roles and X's clock.  ``away``: X crashed
    (else its declaration was only held back, and its clock ran all along)."""
    p, v, w, x = _roles(game)
    t, p2, _ = mover_held(game)
    assert p2 == p
    s = t.s
    turn = s[p].turn
    t.dead.add(x)  # (X crashes right after signing its declaration: it reaches nobody)
    xs = _sign(t, x, Absent(p, turn, s[x].chain.next_seq(p), "move"))
    vs = _sign(t, v, Absent(p, turn, s[v].chain.next_seq(p), "move"))
    ws = _sign(t, w, Absent(p, turn, s[w].chain.next_seq(p), "move"))
    for to, frm, frames in ((w, v, vs), (p, v, vs), (v, w, ws), (p, w, ws)):
        _give(t, to, frm, frames)
    # V declares X for its declaration on P (at the count it holds, without X's declaration) and votes X out
    vote = _sign(t, v, Absent(x, turn, s[v].chain.next_seq(x), "declare"), Vote(x, "bot", s[v].chain.next_seq(x)))
    for to in (w, p):
        _give(t, to, v, vote)
    t.dead.discard(x)
    clock = Clock(t, x, away)
    assert (s[x].came_back_at == s[x].chain.next_seq(x)) == away, "the premise: X came back with its declaration signed"
    for to in (v, w, p):  # (X's declaration reaches the others after V's vote: the vote raced X's return)
        _give(t, to, x, xs)
    _give(t, x, v, vs)
    _give(t, x, w, ws)
    _give(t, x, v, vote)
    clock.tick(BACK + 0.5)
    m = s[x].votes[x][v]
    assert m.have < s[x].chain.next_seq(x), "the premise: the vote counts nothing X signed since it came back"
    assert clock.watch.vote_held[(x, v, m.have)][0] != away, "the premise: X's clock did not run when the vote came"
    # P moves (in the seed it came back too); V's reveal of it reaches X last: nothing is decided on X at that move
    nxt = turn + 1
    t.hold_from = {i: nxt for i in range(t.n)}
    t.held_at = None
    held = _held_back(t, v, x)
    t.out(p, s[p].submit(t.choose(p, s[p].state, turn)))
    t.run()
    _release(t, held)
    # (V's vote holds X's messages past its count back on V: W passes on this turn's messages, as its watch's nudge does,
    # and W and P ack the turn on their own while the next move waits, so V draws it with X's reveal: _drawn_by_others)
    t.out(w, s[w].nudge(v))
    for i in (w, p):
        t.out(i, s[i].ack_now())
    t.run()
    assert t.held_at is not None and t.held_at[0] != w, t.held_at
    clock.tick(BACK + ABSENT_AFTER + VOTE_AFTER + 0.5)
    assert clock.watch._clock_ran(clock.now), "the premise: X's clock runs again"
    if not away:
        return t, (p, v, w, x), clock
    assert x not in s[x].decided and x not in s[x].leaving and v not in s[x].leaving, (s[x].decided, s[x].leaving)
    # the next move: V's message of it reaches X before W's, and X decides V's vote alone (W and P counted away: the
    # game waits on their messages, and X's clock says it answers)
    m = t.held_at[0]
    t.held_at = None
    t.hold_from = {}
    held = _held_back(t, w, x)
    t.out(m, s[m].submit(t.choose(m, s[m].state, nxt)))
    t.run(until=lambda: x in s[x].decided)
    assert s[x].decided.get(x, (None, None, ()))[2] == (v,), f"the premise: X decided V's vote alone: {s[x].decided}"
    return t, (p, v, w, x), clock


def _verdict(clock: Clock) -> str:
    """X's shell's verdict on the decision on it (it waits for the seats it counted away at most ``absent_after``)."""
    clock.watch.verdict_by = None
    verdict = clock.watch.vote_verdict(clock.now)
    if verdict == "wait":
        verdict = clock.watch.vote_verdict(clock.now + ABSENT_AFTER)
    return verdict


@pytest.mark.parametrize("game", KINDS)
def test_a_vote_held_while_away_is_accepted_when_decided_later(game):
    t, (p, v, w, x), clock = _race(game)
    assert _verdict(clock) == "accept", (
        "X refused, on its clock, a vote it held while away on a claim counting only what it had signed before: the "
        "honest voter would be treated as leaving")


@pytest.mark.parametrize("game", KINDS)
def test_either_condition_alone_leaves_the_vote_to_the_clock(game):
    t, (p, v, w, x), clock = _race(game)
    s, watch = t.s[x], clock.watch
    key = (x, v, s.votes[x][v].have)
    held = watch.vote_held[key]
    watch.vote_held[key] = (True, held[1])  # (held once its clock ran: it judges what it saw)
    assert _verdict(clock) == "refuse"
    watch.vote_held[key] = held
    s.came_back_at = key[2] - 1  # (the claim counts a message it signed since it came back: a time its clock saw)
    assert _verdict(clock) == "refuse"


@pytest.mark.parametrize("game", KINDS)
def test_a_seat_that_was_not_away_judges_the_vote_on_its_clock(game):
    # (the same race, X's declaration only late: its clock ran all along and saw it answer, the vote is a lone vote on an
    # answering seat there, and V is leaving, as before)
    t, (p, v, w, x), clock = _race(game, away=False)
    assert v in t.s[x].leaving and (x, v) in t.s[x].left_said, t.s[x].leaving

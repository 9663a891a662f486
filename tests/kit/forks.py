"""Games of real ``Session``s in memory, one log per seat, whose links can be cut: the logs the multi-log audit
(G12) compares.  No network and no clock: every frame is delivered by hand from one FIFO queue, so every run is
the same run.
"""

from __future__ import annotations

from kit import table as kit
from kit.table import fixed
from snowp2p.games.sled.bot import choose_action
from snowp2p.protocol.messages import Envelope, decode_signed, encode_signed
from snowp2p.protocol.session import Session
from snowp2p.games.sled import engine as sled
from snowp2p.core.drbg import Rand

class Table(kit.Table):
    """``n`` playing sessions of any registered game (tests/kit/table.py); ``cut`` holds the links
    (frozenset pairs) that deliver nothing any more, ``held_at`` the (seat, turn) a seat was to move at but did
    not (from ``hold_from``): the test moves."""

    def __init__(self, n: int, game: str = "snowtails", label: str = "forks"):
        super().__init__(game, n, label, port=47600)


def partitioned_pair(cut_turn: int = 5, game: str = "snowtails") -> Table:
    """A 2-seat game played to turn ``cut_turn``; then the link is cut for good and each side votes the other out
    and plays on against a computer player to its own end (SPEC 11.9, "Two seats")."""
    t = Table(2, game)
    t.start()
    t.run(until=lambda: all(s.final_turn >= cut_turn for s in t.s))
    assert all(s.final_turn >= cut_turn for s in t.s) and not any(s.done for s in t.s), "the game ended before the cut"
    t.cut.add(frozenset((0, 1)))
    t.run()
    t.vote_out(0, 1)
    t.vote_out(1, 0)
    t.run()
    for i in (0, 1):
        assert t.s[i].done and t.s[i].halted is None, f"seat {i} did not finish alone (turn {t.s[i].turn})"
    return t


def twin_move(s: Session, action):
    """Another legal move than ``action`` that needs no new deck generation (as the ``equivocate`` cheat picks)."""

    class NoDraws:
        def below(self, n: int) -> int:
            return 0

    me = s.me
    state = s.state
    others = [a for a in sled.legal_moves(state, me) if a != action and isinstance(a, sled.Move)
              and sled.apply(state, a, NoDraws()).sled(me).generation == state.sled(me).generation]
    return others[-1] if others else None


def equivocated(cheater: int = 2, at_turn: int = 4) -> tuple[Table, bytes, bytes]:
    """A 3-seat game in which ``cheater`` signs two different moves with one seq at its first turn from
    ``at_turn`` on: the original reaches the lowest other seat, the twin the other one; then every link is cut
    (so neither honest log holds both).  Returns (table, original, twin)."""
    t = Table(3, label="equivocation")
    t.hold_from[cheater] = at_turn
    t.start()
    t.run()
    assert t.held_at is not None and t.held_at[0] == cheater, "the cheater never got a turn"
    s = t.s[cheater]
    action, twin = None, None
    for k in range(50):
        action = choose_action(s.state, Rand(fixed(f"cheat {k}")))
        if isinstance(action, sled.Move) and (twin := twin_move(s, action)) is not None:
            break
    assert twin is not None, "no second legal move to equivocate with"
    out = s.submit(action)
    original = next(p for p in out.send if decode_signed(p).type == "move")
    m = decode_signed(original)
    body = s.move_body(s.g.action_to_wire(twin), s.openings(twin))
    forged = encode_signed(t.ids[cheater], Envelope(m.envelope.game, cheater, m.seq, m.envelope.prev, body))
    a, b = sorted(i for i in range(3) if i != cheater)
    for p in out.send:
        t.logs[cheater].append(p)
        t.deliver(a, cheater, p)
        t.deliver(b, cheater, forged if p == original else p)
    # each honest seat takes what it was sent; then every link is cut (neither honest log holds both moves)
    t.cut |= {frozenset((a, b)), frozenset((a, cheater)), frozenset((b, cheater))}
    while t.queue:
        to, frm, payload = t.queue.popleft()
        msg = t.s[to].check(payload, frm)
        if msg is not None:
            t.logs[to].append(payload)
            t.out(to, t.s[to].handle(msg))
    return t, original, forged

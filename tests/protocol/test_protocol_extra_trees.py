"""Extra trees (ST-S1 / MM-S1 option) over the protocol: tree placements are signed moves like any
other, the race's set-up (Mush! Mush!: order, shuffles and first hands) comes from the last tree's
shared randomness, every peer agrees every turn, and an observer replaying seat 0's log agrees too.

Three playing ``Session``s in memory over one FIFO queue (no network, no clock: every run is the
same run); the real-process version of a networked game is in tests/net.
"""

from __future__ import annotations

import hashlib
from collections import deque

import pytest

from snowp2p.games import find_game
from snowp2p.games.sled.bot import choose_action
from kit.table import Table
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import ZERO_HASH, Envelope, Move, Seat, decode_signed, encode_signed
from snowp2p.games.sled.wire import sled_action_to_wire
from snowp2p.protocol.session import Halted
from snowp2p.protocol.roster import roster_body
from snowp2p.games.sled import engine as sled
from snowp2p.games.sled.config import SledRules
from snowp2p.core.drbg import Rand
from snowp2p.games.sled.track import find_track
from kit.sessions import session_for

TRACKS = {"snowtails": "first-race", "mush": "mush-first-race"}


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_a_networked_race_with_extra_trees(game):
    n, extra = 3, 4
    track = find_track(TRACKS[game], game)
    t = Table(game, n, "trees", ids=[Identity.from_seed(fixed(f"trees id {i}")) for i in range(n)],
              game_id=fixed(f"trees game {game}"), table=track, rules=SledRules(game=game, extra_trees=extra),
              port=47600, nicks=[f"p{i}" for i in range(n)],
              choose=lambda seat, state, turn: choose_action(state, Rand(fixed(f"trees bot {turn}"))))
    t.play()  # (extra trees are a sled rule, ST-S1: this test is for the sled games only)
    sessions, over, roster = t.s, t.over, t.roster
    log = t.records(0)  # seat 0's log, as a peer writes it
    assert sorted(over) == list(range(n)) and all(s.done and s.halted is None for s in sessions)
    finals = {s.my_hash[s.final_turn] for s in sessions}
    assert len(finals) == 1
    # the first `extra` moves of the game are the tree placements, each a signed move
    moves = [decode_signed(p) for p in log[1:]]
    kinds = [m.body.action["kind"] for m in moves if isinstance(m.body, Move)]
    assert kinds[:extra] == ["tree"] * extra and "tree" not in kinds[extra:]
    assert len(sessions[0].state.public.trees) <= len(track.trees) + extra
    # an observer replaying seat 0's log alone reaches the same end (what `snowp2p audit` does)
    observer = session_for(roster, track)
    for p in log[1:]:
        observer.receive(p)
    assert observer.done and observer.halted is None
    assert observer.my_hash[observer.final_turn] in finals
    assert observer.places() == sessions[0].places()


def test_a_tree_on_a_taken_space_is_an_illegal_move_over_the_wire():
    """A peer that sends a tree on a space that has one is caught as an illegal move (G5)."""
    game = "snowtails"
    ids = [Identity.from_seed(fixed(f"trees id {i}")) for i in range(2)]
    track = find_track(TRACKS[game], game)
    rules = SledRules(game=game, extra_trees=2)
    body = roster_body(find_game(game), track, rules,
                  tuple(Seat(f"p{i}", ids[i].public_key, "127.0.0.1", 47600 + i) for i in range(2)))
    roster = decode_signed(encode_signed(ids[0], Envelope(fixed("trees bad"), 0, 0, ZERO_HASH, body)))
    a, b = (session_for(roster, track, i, ids[i], fixed(f"trees secret {i}")) for i in range(2))
    queue = deque((1, p) for p in a.start().send)
    queue.extend((0, p) for p in b.start().send)
    while queue:
        to, p = queue.popleft()
        out = (a, b)[to].receive(p)
        queue.extend((1 - to, q) for q in out.send)
    mover = (a, b)[a.state.public.current]
    other = (b, a)[a.state.public.current]
    on_tree = sled.PlaceTree(mover.me, min(track.trees))
    with pytest.raises(sled.IllegalMove):
        mover.submit(on_tree)  # the honest client refuses to send it
    # a modified client sends it anyway: the honest peer names the offence
    payload = encode_signed(mover.identity, Envelope(mover.game_id, mover.me, mover.chain.next_seq(mover.me),
                                                     mover.chain.head(mover.me),
                                                     mover.move_body(sled_action_to_wire(on_tree, track))))
    with pytest.raises(Halted) as e:
        other.receive(payload)
    assert "illegal move" in str(e.value.reason) and "ST-S1" in str(e.value.reason)

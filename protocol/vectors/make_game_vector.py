"""Generate the whole-game test vector: a complete 2-player networked game log.

    python protocol/vectors/make_game_vector.py           # (re)write game.log and game.json
    python protocol/vectors/make_game_vector.py --check   # exit 1 if either file differs

Everything is fixed, so the bytes are reproducible: the two identities, the
game id and each seat's 32-byte game secret are SHA-256 of fixed labels; the
actions are chosen by a scripted policy (below) that depends only on the
engine's ``legal_actions`` order and a ``Rand`` seeded from a fixed label, not
on the computer players; frames are delivered in one FIFO queue.

Outputs (protocol/SPEC.md section 15):

* ``game.log``: seat 0's log file (SPEC section 12) exactly as a peer writes
  it: record 0 the roster, then every frame seat 0 sent or accepted, in
  the order it did so.
* ``game.json``: the inputs (seeds in hex, game, track, rules), the log's
  SHA-256, the number of records and of each message type, every agreed
  turn's state hash, the final state hash, the final places and the
  generations of slots each seat used.

A replay of ``game.log`` through an observer session (``Session(roster, track,
game=...)``, then ``receive(record)`` for every further record) must accept
every record, finish the game (every final opening checked) and reach the
same hashes and places (tests/protocol/test_protocol_game_vector.py).
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from collections import Counter, deque
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from snowp2p.games import find_game  # noqa: E402
from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.protocol.log import LogWriter  # noqa: E402
from snowp2p.protocol.messages import Bye  # noqa: E402
from snowp2p.protocol.messages import ZERO_HASH, Envelope, Seat, decode_signed, encode_signed  # noqa: E402
from snowp2p.protocol.session import GameOver, Session, TurnFinal, YourTurn  # noqa: E402
from snowp2p.protocol.roster import roster_body  # noqa: E402
from snowp2p.games.sled import engine as sled  # noqa: E402
from snowp2p.games.sled.config import SledRules  # noqa: E402
from snowp2p.core.drbg import Rand  # noqa: E402
from snowp2p.games.sled.track import find_track  # noqa: E402

GAME = "mush"
TRACK = "village"
NICKS = ("alice", "bob")


def fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def choose(state: sled.GameState, turn: int) -> sled.Action:
    """The scripted policy (deterministic, independent of the computer players).

    Moves: the legal moves that play the most cards and, among those, have
    the longest path (so decks run out and reshuffle); then one picked by
    ``Rand(fixed("game vector policy <turn>"))``.  Refills and start
    choices: picked the same way from all legal actions.
    """
    actions = sled.legal_actions(state)
    rand = Rand(fixed(f"game vector policy {turn}"))
    moves = [a for a in actions if isinstance(a, sled.Move)]
    if moves:
        best = max((len(m.play), len(m.path)) for m in moves)
        actions = [m for m in moves if (len(m.play), len(m.path)) == best]
    return rand.choice(actions)


def build() -> dict:
    """Play the game; return the log bytes and the facts about it."""
    n = len(NICKS)
    ids = [Identity.from_seed(fixed(f"game vector identity {i}")) for i in range(n)]
    secrets = [fixed(f"game vector secret {i}") for i in range(n)]
    game_id = fixed("game vector game id")
    track = find_track(TRACK, GAME)
    rules = SledRules(game=GAME)
    body = roster_body(find_game(GAME), track, rules,
                         tuple(Seat(NICKS[i], ids[i].public_key, "127.0.0.1", 47470 + i) for i in range(n)))
    roster_payload = encode_signed(ids[0], Envelope(game_id, 0, 0, ZERO_HASH, body))
    roster = decode_signed(roster_payload)
    sessions = [Session(roster, track, i, ids[i], secrets[i], game=find_game(GAME)) for i in range(n)]

    buf = io.BytesIO()
    log = LogWriter(buf)
    log.append(roster_payload)  # record 0: the roster
    queue: deque[tuple[int, int, bytes]] = deque()  # (to, from, payload)
    places: list[tuple[int, ...]] = []
    finals: dict[int, str] = {}

    def deliver(seat: int, out) -> None:
        for p in out.send:
            if seat == 0:
                log.append(p)  # seat 0 logs what it sends
            for j in range(n):
                if j != seat:
                    queue.append((j, seat, p))
        for ev in out.events:
            if isinstance(ev, YourTurn):
                s = sessions[seat]
                deliver(seat, s.submit(choose(s.state, ev.turn)))
            elif isinstance(ev, TurnFinal) and seat == 0:
                finals[ev.turn] = ev.state_hash.hex()
            elif isinstance(ev, GameOver):
                places.append(ev.places)

    for i in range(n):
        deliver(i, sessions[i].start())
    while queue:
        to, frm, payload = queue.popleft()
        s = sessions[to]
        msg = s.check(payload, frm)
        if msg is None:
            continue
        if to == 0:
            log.append(payload)  # seat 0 logs what it accepts, before acting on it
        deliver(to, s.handle(msg))

    # the game is over: each seat says goodbye (SPEC 11.10), seat 0 first; seat 0 logs its own bye and
    # seat 1's, as a peer does
    for seat in range(n):
        s = sessions[seat]
        bye = encode_signed(ids[seat], Envelope(game_id, seat, s.chain.next_seq(seat), s.chain.head(seat),
                                                Bye("game over")))
        assert s.check(bye) is not None
        if seat == 0:
            log.append(bye)
        for j in range(n):
            if j != seat:
                msg = sessions[j].check(bye, seat)
                assert msg is not None
                if j == 0:
                    log.append(bye)
                sessions[j].handle(msg)

    s0 = sessions[0]
    assert all(s.done for s in sessions), "the game did not finish"
    assert len(set(places)) == 1 and len(places) == n
    assert len({s.my_hash[s.final_turn] for s in sessions}) == 1
    data = buf.getvalue()
    types = Counter(decode_signed(r).type for r in _records(data))
    facts = {
        "description": "A complete 2-player Mush! Mush! game as seat 0's log (protocol/SPEC.md sections 11, 12). "
                       "Replay game.log through an observer Session: every record is accepted, the game finishes "
                       "and reaches final_state_hash and final_places.",
        "game": GAME,
        "track": TRACK,
        "rules": rules.to_dict(),
        "nicks": list(NICKS),
        "identity_seeds": [fixed(f"game vector identity {i}").hex() for i in range(n)],
        "public_keys": [i.public_key.hex() for i in ids],
        "secrets": [x.hex() for x in secrets],
        "game_id": game_id.hex(),
        "policy": "legal moves playing the most cards, then with the longest path, then Rand(SHA-256('game vector policy <turn>')).choice; "
                  "refills/starts: Rand(...).choice over all legal actions",
        "delivery": "one FIFO queue of (to, from, frame); a seat's output frames are queued to every other seat "
                    "in the order produced; YourTurn is answered at once",
        "log_file": "game.log",
        "log_sha256": hashlib.sha256(data).hexdigest(),
        "records": sum(types.values()),
        "message_types": dict(sorted(types.items())),
        "turns": s0.final_turn,
        "turn_state_hashes": [finals[t] for t in sorted(finals)],
        "final_state_hash": s0.my_hash[s0.final_turn].hex(),
        "final_places": list(places[0]),
        "generations": [len(s0.gens[i]) for i in range(n)],
    }
    return {"log": data, "facts": facts}


def _records(data: bytes) -> list[bytes]:
    from snowp2p.protocol.log import read_log

    return read_log(io.BytesIO(data)).records


def render(result: dict) -> tuple[bytes, str]:
    return result["log"], json.dumps(result["facts"], indent=2, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    log, text = render(build())
    log_path, json_path = HERE / "game.log", HERE / "game.json"
    if "--check" in argv:
        status = 0
        if not log_path.exists() or log_path.read_bytes() != log:
            print("game.log: differs from the implementation")
            status = 1
        if not json_path.exists() or json_path.read_text() != text:
            print("game.json: differs from the implementation")
            status = 1
        return status
    log_path.write_bytes(log)
    json_path.write_text(text)
    print(f"wrote protocol/vectors/game.log ({len(log)} bytes) and protocol/vectors/game.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

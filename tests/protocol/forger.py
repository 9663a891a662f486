"""A forger (issue 10, attack 8), run as its own process: it writes the log of a game nobody else played.

    python tests/protocol/forger.py LOG VICTIM_PUBKEY_HEX [GAME]

The roster lists the forger at seat 0 and a real player's public key at seat 1.  The "victim" never
signs anything: the forger declares it absent before the start, votes it out (with two seats its vote
alone decides), lets a computer player race the victim's seat, plays its own seat to the end and
writes every message to LOG, exactly as a peer's log.  Before issue 10 such a log audited OK.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from snowp2p.games import find_game  # noqa: E402
from snowp2p.protocol.crypto import Identity  # noqa: E402
from snowp2p.protocol.log import LogWriter  # noqa: E402
from snowp2p.protocol.messages import HOST_SEAT, ZERO_HASH, Envelope, Seat, decode_signed, encode_signed  # noqa: E402
from snowp2p.protocol.roster import roster_body  # noqa: E402
from snowp2p.protocol.session import Session, YourTurn  # noqa: E402
from snowp2p.core.drbg import Rand  # noqa: E402

def main() -> int:
    log_path, victim_hex = sys.argv[1], sys.argv[2]
    game = sys.argv[3] if len(sys.argv) > 3 else "snowtails"
    me = Identity.from_seed(os.urandom(32))
    seats = (Seat("forger", me.public_key, "127.0.0.1", 47000), Seat("victim", bytes.fromhex(victim_hex), "127.0.0.1", 47001))
    g = find_game(game)  # any registered game: its default table and rules
    body = roster_body(g, g.load_table(None), g.default_rules(), seats)
    roster_payload = encode_signed(me, Envelope(os.urandom(32), HOST_SEAT, 0, ZERO_HASH, body))
    s = Session(decode_signed(roster_payload), None, 0, me, os.urandom(32), game=g)
    with open(log_path, "wb") as f:
        log = LogWriter(f)
        log.append(roster_payload)
        todo = [s.start(), s.declare_absent(1), s.cast_vote(1, "bot")]
        while todo:
            out = todo.pop(0)
            for p in out.send:
                log.append(p)
            for ev in out.events:
                if isinstance(ev, YourTurn):
                    todo.append(s.submit(g.computer_move(s.state, Rand(os.urandom(32)))))
            if not todo and s.over and not s.done:
                todo.append(s._progress())  # nobody else sends anything: look again after our final openings
    print(f"forged: over={s.done} places={[s.nicks[i] for i in s.places()]}", flush=True)
    return 0 if s.done else 1


if __name__ == "__main__":
    sys.exit(main())

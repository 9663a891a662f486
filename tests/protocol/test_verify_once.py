"""Decode once, verify once (issue 14): on its way through the peer (NetGame._precheck -> Session.check ->
SenderChain.accept) a frame is decoded once and its signature checked once, relayed frames included."""

from __future__ import annotations

import hashlib
from collections import deque

from snowp2p.bots import choose_action
from snowp2p.protocol import messages
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import ZERO_HASH, Envelope, Seat, decode_signed, encode_signed
from snowp2p.protocol.roster import roster_body
from snowp2p.protocol.session import Session, YourTurn
from snowp2p.rules.config import SledRules
from snowp2p.rules.drbg import Rand
from snowp2p.rules.track import find_track


def _fixed(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def test_every_frame_is_verified_once_even_when_relayed(monkeypatch):
    n = 3
    ids = [Identity.from_seed(_fixed(f"verify-once id {i}")) for i in range(n)]
    track = find_track("mush-first-race", "mush")
    body = roster_body("mush", track, SledRules(game="mush"),
                       tuple(Seat(f"p{i}", ids[i].public_key, "127.0.0.1", 0) for i in range(n)))
    roster = decode_signed(encode_signed(ids[0], Envelope(_fixed("verify-once game"), 0, 0, ZERO_HASH, body)))
    sessions = [Session(roster, track, i, ids[i], _fixed(f"verify-once secret {i}")) for i in range(n)]

    calls = []
    real = messages._verify_sig
    monkeypatch.setattr(messages, "_verify_sig", lambda *a: (calls.append(a), real(*a))[1])

    queue: deque = deque()  # (to, link it arrives on, payload)

    def out(seat, o):
        for p in o.send:
            for j in range(n):
                if j == seat:
                    continue
                # seat 2's frames reach seat 1 only relayed by seat 0 (SPEC 11.9), never directly
                queue.append((j, 0 if (seat, j) == (2, 1) else seat, p))
        for ev in o.events:
            if isinstance(ev, YourTurn):
                s = sessions[seat]
                out(seat, s.submit(choose_action(s.state, Rand(_fixed(f"move {ev.turn}")))))

    for i in range(n):
        out(i, sessions[i].start())
    accepted = relayed_count = 0
    while queue and sessions[0].turn < 12:
        to, link, payload = queue.popleft()
        msg = decode_signed(payload)  # what NetGame._precheck does, once
        relayed = msg.sender != link
        relayed_count += relayed
        got = sessions[to].check(payload, from_seat=link, msg=msg, relayed=relayed)
        if got is not None:
            accepted += 1
            out(to, sessions[to].handle(got))
    assert relayed_count > 10 and sessions[0].turn >= 12
    assert len(calls) == accepted  # one Ed25519 verification per accepted frame, relayed ones included

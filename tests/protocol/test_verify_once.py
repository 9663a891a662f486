"""Decode once, verify once (issue 14): on its way through the peer (NetGame._precheck -> Session.check ->
SenderChain.accept) a frame is decoded once and its signature checked once, relayed frames included."""

from __future__ import annotations


import pytest

from kit.table import KINDS, Table
from snowp2p.protocol import messages
from snowp2p.protocol.messages import decode_signed


class OneLink(Table):
    """Seat 2's frames reach seat 1 only relayed by seat 0 (SPEC 11.9), never directly; each frame is decoded
    once on its way in, as NetGame._precheck does, and handed to the session with that decoding."""

    accepted = relayed_count = 0

    def deliver(self, to, frm, payload):
        super().deliver(to, 0 if (frm, to) == (2, 1) else frm, payload)

    def take(self, to, frm, payload):
        msg = decode_signed(payload)  # what NetGame._precheck does, once
        relayed = msg.sender != frm
        self.relayed_count += relayed
        got = self.s[to].check(payload, from_seat=frm, msg=msg, relayed=relayed)
        if got is not None:
            self.accepted += 1
            self.out(to, self.s[to].handle(got))


@pytest.mark.parametrize("game", KINDS)
def test_every_frame_is_verified_once_even_when_relayed(monkeypatch, game):
    t = OneLink(game, 3, "verify-once")
    calls = []
    real = messages._verify_sig
    monkeypatch.setattr(messages, "_verify_sig", lambda *a: (calls.append(a), real(*a))[1])
    t.start()
    t.run(until=lambda: t.s[0].turn >= 12)
    assert t.relayed_count > 10 and t.s[0].turn >= 12
    assert len(calls) == t.accepted  # one Ed25519 verification per accepted frame, relayed ones included

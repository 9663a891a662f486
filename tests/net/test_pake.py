"""The join code against a recorded handshake and a fake host, with real processes (G8, SPEC section 10).

* A real `snowp2p host`; the test joins it over TCP as a raw joiner whose SPAKE2 seed it knows, and keeps
  the frames (what an eavesdropper records).  From them alone, the right code can not be told from a
  wrong one; with the joiner's secret seed it can (so the check is real, and only the secret decides).
* A fake host (the test, listening on loopback) that does not know the code: a real `snowp2p join`
  connects to it.  The fake host gets one guess (the one it ran SPAKE2 with) and nothing to test any
  other code with; the joiner refuses it in one line and never plays.
"""

from __future__ import annotations

import os

import trio

from snowp2p.protocol import joincode
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.messages import HOST_SEAT, ZERO_HASH, Challenge, Envelope, Join, Welcome, decode_signed, encode_signed
from test_lobby import RawPeer, hello, lobby, other_code, wait_proc


def guess_from_transcript(tr: joincode.JoinTranscript, msg_a: bytes, msg_b: bytes, tag: bytes, guess: str,
                          seed: bytes) -> bool:
    """An offline test of ``guess`` against a recorded handshake: play the joiner's side (side A) with the
    guess and ``seed``, finish with the recorded host message, compare the recorded joiner confirmation."""
    side = joincode.PakeSide("joiner", guess, tr, seed)
    if side.message != msg_a:
        return False  # (this seed and guess do not even reproduce the recorded message)
    side.finish(msg_b)
    return side.my_tag() == tag


async def test_a_recorded_real_handshake_gives_no_offline_check(peers):
    host = peers.host(players=2, bots=0)
    me = Identity.from_seed(os.urandom(32))
    seed = os.urandom(32)
    c = await RawPeer.connect(host.addr, host.port)
    h = hello(me, "recorded")
    await c.send(h)
    ch = decode_signed(await c.recv())
    assert isinstance(ch.body, Challenge)
    game = ch.envelope.game
    tr = joincode.JoinTranscript(game, ch.body.pubkey, ch.body.nonce, me.public_key, decode_signed(h).body.nonce)
    pake = joincode.PakeSide("joiner", host.code, tr, seed)
    pake.finish(ch.body.pake)
    await c.send(lobby(me, game, Join(pake.message, pake.my_tag())))
    wel = decode_signed(await c.recv())
    assert isinstance(wel.body, Welcome)  # a successful handshake, as recorded on the wire:
    msg_a, msg_b, tag = pake.message, ch.body.pake, pake.my_tag()
    guesses = [host.code, other_code(host.code), "1-husky-husky", "999-quartz-quartz"]
    for attacker_seed in (os.urandom(32), os.urandom(32)):
        assert [guess_from_transcript(tr, msg_a, msg_b, tag, g, attacker_seed) for g in guesses] == [False] * 4
    # with the joiner's secret the same computation does tell the right code (the host's tag too)
    assert [guess_from_transcript(tr, msg_a, msg_b, tag, g, seed) for g in guesses] == [True, False, False, False]
    await c.aclose()


async def test_a_fake_host_gets_one_guess_and_is_refused(peers, tmp_path):
    code = "417-husky-tundra"
    fake_id = Identity.from_seed(os.urandom(32))
    game = os.urandom(32)
    seen: dict = {}
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    port = listeners[0].socket.getsockname()[1]

    async def fake_host(task_status=trio.TASK_STATUS_IGNORED):
        task_status.started()
        stream = await listeners[0].accept()
        c = RawPeer(stream)
        hel = decode_signed(await c.recv())
        nonce = os.urandom(32)
        tr = joincode.JoinTranscript(game, fake_id.public_key, nonce, hel.body.pubkey, hel.body.nonce)
        guess = other_code(code)  # the fake host's one guess
        side = joincode.PakeSide("host", guess, tr, os.urandom(32))
        await c.send(encode_signed(fake_id, Envelope(game, HOST_SEAT, 0, ZERO_HASH,
                                                     Challenge(fake_id.public_key, nonce, "snowtails", side.message))))
        join = decode_signed(await c.recv())
        side.finish(join.body.pake)
        try:
            side.check(join.body.tag)
            seen["guess right"] = True
        except Exception:
            seen["guess right"] = False
        # nothing else to test offline: another guess with a new side (its own secret) never matches, the
        # right code included
        others = []
        for g in (code, other_code(guess)):
            other = joincode.PakeSide("host", g, tr, os.urandom(32))
            other.finish(join.body.pake)
            others.append(tr.tag(other.key, "joiner", join.body.pake, side.message) == join.body.tag)
        seen["others"] = others
        await c.send(encode_signed(fake_id, Envelope(game, HOST_SEAT, 0, ZERO_HASH, Welcome(1, side.my_tag()))))
        seen["closed"] = await c.recv() is None

    async with trio.open_nursery() as n:
        await n.start(fake_host)
        p = peers.join(None, "victim", code=code, address=f"127.0.0.1:{port}", debug=False)
        assert await wait_proc(p) == 1, p.describe()
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "the host could not prove it knows the code" in lines[0], p.stderr
    assert seen == {"guess right": False, "others": [False, False], "closed": True}
    assert p.game_dirs() == []
    await listeners[0].aclose()

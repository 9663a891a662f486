"""The spectator's side of ``snowp2p watch`` (trio): admission with the join code, then the host's log as it
grows (protocol/SPEC.md section 17; the host's side is spectators.py).

:func:`watch_game` connects, proves the code (the joiner's SPAKE2, inside a Noise channel whose prologue
binds the spectator's ``watch`` message and whose acceptor nonce is the host's challenge nonce), and hands
every record it receives to ``on_record`` (which checks it: the audit's replay, commands/watch.py),
acknowledging them with ``seen{count}`` as it goes.  It signs only its own ``watch``, ``join`` and ``seen``:
nothing of the game.  It returns why the feed ended (the game is over and the host closed it, the host
dropped this spectator, the connection broke).
"""

from __future__ import annotations

import os
from typing import Callable

import trio

from ..protocol import joincode
from ..protocol.crypto import Identity
from ..protocol.errors import ProtocolError
from ..protocol.messages import (
    UNSEATED, ZERO_HASH, Challenge, Refuse, Seen, SignedMessage, Watch, Watching, decode_signed,
)
from . import secure
from .conn import Conn, ConnectionClosed
from .lobby import HANDSHAKE_TIMEOUT, NOT_STARTED, NetError, close_quietly, host_proved, lobby_frame, reason_text, send_join

#: seconds between two tries while the host's lobby is still open (the game has not begun)
RETRY = 0.5


class NotStarted(NetError):
    """The host's lobby is still open."""


async def _open(host: str, port: int, code: str, identity: Identity, nick: str, expect_fp: str | None = None
                ) -> tuple[Conn, SignedMessage]:
    """The admitted connection and the host's challenge (see the module doc)."""
    from ..protocol.crypto import fingerprint

    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            stream = await trio.open_tcp_stream(host, port)
    except (OSError, trio.TooSlowError) as e:
        raise NetError(f"can not reach {host}:{port}: {reason_text(e)}") from None
    ok = False
    try:
        with trio.fail_after(HANDSHAKE_TIMEOUT):
            nonce = os.urandom(32)
            watch = lobby_frame(identity, ZERO_HASH, UNSEATED, Watch(nick, identity.public_key, nonce))
            await stream.send_all(len(watch).to_bytes(4, "big") + watch)
            nc = secure._noise(True, decode_signed(watch).digest, label=secure.WATCH_LABEL)
            await stream.send_all(secure._piece(nc.write_message()))
            reader = secure._Reader(stream)
            reply = await reader.read_piece(65536)
            if reply is None:
                raise NetError(f"{host}:{port} closed the connection: it takes no spectators (watch the host's "
                               "address, the one in the join line)")
            if len(reply) != 48:  # not the channel's answer: the lobby's refusal, in the clear
                try:
                    msg = decode_signed(reply)
                except ProtocolError:
                    raise NetError(f"{host}:{port} answered something else than a snowp2p host") from None
                if isinstance(msg.body, Refuse):
                    if msg.body.reason == NOT_STARTED:
                        raise NotStarted(NOT_STARTED)
                    raise NetError(f"refused by the host: {msg.body.reason}")
                raise NetError(f"the host sent {msg.type} instead of opening the channel")
            try:
                nc.read_message(reply)
            except Exception:
                raise NetError("the host's channel handshake is malformed") from None
            sec = secure.SecureStream(stream, nc, reader, True)
            conn = Conn(sec, f"host {host}:{port}")
            ch = decode_signed(await conn.recv())
            if isinstance(ch.body, Refuse):
                raise NetError(f"refused by the host: {ch.body.reason}")
            if not isinstance(ch.body, Challenge):
                raise NetError(f"the host sent {ch.type}, expected challenge")
            ch.verify(ch.body.pubkey)
            if expect_fp is not None and fingerprint(ch.body.pubkey) != expect_fp:
                raise NetError(f"the game announced at {host}:{port} as [{expect_fp}] is hosted by "
                               f"[{fingerprint(ch.body.pubkey)}]: a fake announcement, not tried")
            if ch.body.nonce != sec.their_nonce:
                raise NetError("the host's challenge is not bound to this connection (relayed?)")
            game_id = ch.envelope.game
            pake = await send_join(conn, ch, identity, nonce, code)
            ok_msg = decode_signed(await conn.recv())
            if isinstance(ok_msg.body, Refuse):
                raise NetError(f"refused by the host: {ok_msg.body.reason}")
            if not isinstance(ok_msg.body, Watching) or ok_msg.envelope.game != game_id:
                raise NetError(f"the host sent {ok_msg.type}, expected watching")
            ok_msg.verify(ch.body.pubkey)
            host_proved(pake, ok_msg.body.tag)
        ok = True
        return conn, ch
    except trio.TooSlowError:
        raise NetError(f"the host at {host}:{port} did not answer in time") from None
    except (ConnectionClosed, trio.BrokenResourceError) as e:
        raise NetError(f"the host closed the connection: {reason_text(e)}") from None
    except secure.ChannelError as e:
        raise NetError(f"the host's channel failed: {e}") from None
    except ProtocolError as e:
        raise NetError(f"the host at {host}:{port} sent a bad message: {e}") from None
    finally:
        if not ok:
            await close_quietly(stream)


async def admitted(host: str, port: int, code: str, identity: Identity, nick: str, say: Callable[[str], None],
                   expect_fp: str | None = None) -> tuple[Conn, SignedMessage]:
    """``_open``, tried again every ``RETRY`` s while the host's lobby is still open (until cancelled)."""
    said = False
    while True:
        try:
            return await _open(host, port, joincode.normalize(code), identity, nick, expect_fp)
        except NotStarted:
            if not said:
                say("the game has not started yet: waiting for it to begin...")
                said = True
            await trio.sleep(RETRY)


async def follow(conn: Conn, challenge: SignedMessage, identity: Identity,
                 on_record: Callable[[bytes], bool]) -> str:
    """Hand every record the host sends to ``on_record`` and acknowledge them; why the feed ended.
    ``on_record`` returning False stops the feed (a violation: nothing more can be checked)."""
    game_id = challenge.envelope.game
    count = 0
    try:
        while True:
            payload = await conn.recv()
            if count > 0:
                try:  # the host's refusal (dropped) is the one unchained frame it may send after record 0
                    msg = decode_signed(payload)
                except ProtocolError:
                    msg = None
                if msg is not None and isinstance(msg.body, Refuse):
                    msg.verify(challenge.body.pubkey)
                    return f"the host stopped feeding this spectator: {msg.body.reason}"
            count += 1
            if not on_record(payload):
                return "stopped at the violation"
            if not conn._frames:  # everything received so far is checked: say so (the host's window moves)
                await conn.send(lobby_frame(identity, game_id, UNSEATED, Seen(count)))
    except ConnectionClosed:
        return "the host closed the feed"
    except ProtocolError as e:
        return f"the feed broke: {e}"
    finally:
        with trio.CancelScope(shield=True):
            await conn.aclose()

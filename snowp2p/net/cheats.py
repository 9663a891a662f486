"""A modified client for the tests: misbehaves in one chosen way (SNOWP2P_CHEAT=MODE).

This is how the test suite gets *real* misbehaving peers: the same program,
run as its own process, with one honest step replaced.  Modes:

* ``unheld``      plays a card it does not hold (one from its deck)
* ``bad-opening`` opens a played card with a value that is not the committed one
* ``equivocate``  sends two different signed moves to different peers
* ``wrong-key``   signs its move with a key that is not the roster's
* ``bad-hash``    acknowledges a turn with a wrong state hash
* ``mute``        joins, stays connected, and never sends a game message (not even its set-up): the others
  declare it absent and vote (resilience.md)
* ``garbage``, ``oversize``, ``trickle``, ``flood``, ``replay``, ``drop``, ``delay``, ``cut``:
  an honest player that abuses its connections (see net/hostile.py)

A hostile *host* lies in the roster it signs (issue 10, attacks 6 and 7; ``hostile_roster``):

* ``roster-name=TEXT``   the track's name is TEXT (e.g. a path: ``/dev/zero``, a FIFO); otherwise valid
* ``roster-track=TEXT``  the roster's track is the text TEXT instead of a track (protocol 1's track name)
* ``roster-huge``        a track far over the size caps
* ``roster-kind=KIND``   the roster names another game than the one the host announced in the lobby
* ``roster-rules=FIELD=JSON``  the rules field FIELD is the JSON value (``deck_draw="top"``, ``mm_deck=[]``)
"""

from __future__ import annotations

import os
from dataclasses import replace

from ..protocol.crypto import Identity
from ..protocol.messages import Ack, Envelope, Move as MoveBody, decode_signed, encode_signed
from ..protocol.session import action_to_wire, opened_cards
from ..rules import sled
from .hostile import MODES as HOSTILE_MODES, Hostile  # network abuse modes (garbage, flood, cut, ...)

MODES = ("unheld", "bad-opening", "equivocate", "wrong-key", "bad-hash", "mute") + HOSTILE_MODES
ROSTER_MODES = ("roster-name", "roster-track", "roster-huge", "roster-rules", "roster-kind")


def hostile_roster(mode: str, identity: Identity, payload: bytes) -> bytes:
    """The host's honest roster ``payload`` with the lie ``mode`` asks for, signed by the host."""
    import json

    from ..protocol.messages import PROTOCOL_VERSION, SIG_CONTEXT, ZERO_HASH, pack_canonical

    what, _, arg = mode.partition("=")
    if what not in ROSTER_MODES:
        raise ValueError(f"SNOWP2P_CHEAT: unknown roster mode {mode!r}")
    msg = decode_signed(payload)
    body = _plain(msg.body.__dict__)
    body["seats"] = [_plain(s.__dict__) for s in msg.body.seats]
    if what == "roster-name":
        body["track"]["name"] = arg
    elif what == "roster-track":
        body["track"] = arg
    elif what == "roster-kind":
        body["kind"] = arg
    elif what == "roster-huge":
        secs = body["track"]["sections"]
        body["track"]["sections"] = [secs[0]] + [{"kind": "straight", "rows": 200}] * 30 + [secs[-1]]
    else:
        field, _, value = arg.partition("=")
        body["settings"]["rules"][field] = json.loads(value)
    env = pack_canonical([PROTOCOL_VERSION, msg.envelope.game, 0, 0, ZERO_HASH, "roster", body])
    return pack_canonical([env, identity.sign(SIG_CONTEXT + env)])


def _plain(x):
    if hasattr(x, "keys") and not isinstance(x, (str, bytes)):
        return {k: _plain(x[k]) for k in x.keys()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


class Cheat:
    def __init__(self, mode: str):
        if mode.partition("=")[0] in ROSTER_MODES:
            mode = "roster"  # the lie was in the roster (hostile_roster); the game itself is played honestly
        elif mode not in MODES:
            raise ValueError(f"SNOWP2P_CHEAT: unknown mode {mode!r}")
        self.mode = mode
        self.hostile = Hostile(mode) if mode in HOSTILE_MODES else None  # plays honestly, abuses its links
        self.done = False
        self.twin: bytes | None = None  # equivocate: the second move
        self.fork_cache: dict[bytes, bytes] = {}  # equivocate: our message -> the fork seat's copy
        self.fork_heads: dict[int, bytes] = {}  # equivocate: seq -> digest of the fork seat's copy

    # -- called with the action the honest client would play; True: handled here
    def on_turn(self, game, turn: int, action) -> bool:
        if self.hostile is not None or self.done or not isinstance(action, sled.Move) or not action.play:
            return False
        s = game.session
        me = s.me
        state = s.state
        if self.mode == "unheld":
            deck = state.sled(me).deck
            if not deck:
                return False
            card = deck[0]
            value = state.private[me].values[card]
            pos = action.play[0][0]
            bad = replace(action, play=((pos, card, value),))
            self._forge_move(game, turn, bad, [(card, value)])
            return True
        if self.mode == "bad-opening":
            pos, card, value = action.play[0]
            lie = (value + 1) % 6
            bad = replace(action, play=((pos, card, lie),))
            self._forge_move(game, turn, bad, [(card, lie)], salt_of=card)
            return True
        if self.mode == "wrong-key":
            out = s.submit(action)
            stranger = Identity.from_seed(os.urandom(32))
            forged = []
            for p in out.send:
                m = decode_signed(p)
                forged.append(encode_signed(stranger, m.envelope) if m.type == "move" else p)
            game._queue(forged)
            self.done = True
            return True
        if self.mode == "equivocate":
            # the twin: another legal move that needs no new deck generation (its openings are its own cards)
            others = [a for a in sled.legal_moves(state, me) if a != action and isinstance(a, sled.Move)
                      and sled.apply(state, a, _NoDraws()).sled(me).generation == state.sled(me).generation]
            if not others:
                return False
            out = s.submit(action)
            for p in out.send:
                m = decode_signed(p)
                if m.type == "move":
                    twin = others[-1]
                    body = MoveBody(turn, action_to_wire(twin), tuple(s._opening(c, v) for c, v in opened_cards(twin)))
                    self.twin = encode_signed(game.identity, Envelope(m.envelope.game, me, m.seq, m.envelope.prev, body))
                    self.original = p
                    self.fork_seq = m.seq
                    self.fork_seat = min(x for x in range(s.n) if x != me)  # gets the twin; the others the original
            game._queue(out.send)
            self.done = True
            return True
        return False

    def _forge_move(self, game, turn, action, opens, salt_of=None) -> None:
        """Sign and send a move the honest session would refuse (bypassing its own checks)."""
        s = game.session
        me = s.me
        openings = []
        for card, value in opens:
            op = s._opening(card, s.state.private[me].values[card])
            openings.append(replace(op, value=value))
        body = MoveBody(turn, action_to_wire(action), tuple(openings))
        env = Envelope(s.game_id, me, s.chain.next_seq(me), s.chain.head(me), body)
        payload = encode_signed(game.identity, env)
        s.chain.accept(decode_signed(payload))  # keep our own chain consistent, but do not act on it
        game._queue([payload])
        self.done = True

    def _forked(self, game, payload: bytes) -> bytes:
        """The fork seat's copy of our chain: the twin move, and every later message re-linked onto it,
        so that seat sees a consistent chain and only the two signed moves, side by side, show the lie."""
        cache = self.fork_cache
        if payload in cache:
            return cache[payload]
        if payload == self.original:
            out = self.twin
        else:
            m = decode_signed(payload)
            if m.seq <= self.fork_seq:
                return payload
            prev = self.fork_heads[m.seq - 1]
            out = encode_signed(game.identity, Envelope(m.envelope.game, m.envelope.sender, m.seq, prev, m.body))
        forked = decode_signed(out)
        self.fork_heads[forked.seq] = forked.digest
        cache[payload] = out
        return out

    # -- every outgoing frame passes here, per destination seat
    def outgoing(self, game, seat: int, payload: bytes):
        if self.mode == "mute":
            return None
        if self.hostile is not None:
            return self.hostile.outgoing(game, seat, payload)
        if self.mode == "equivocate" and self.twin is not None and seat == self.fork_seat:
            return self._forked(game, payload)
        if self.mode == "bad-hash" and not self.done:
            m = decode_signed(payload)
            if m.type == "ack" and m.body.turn >= 2:
                body = Ack(m.body.turn, bytes(32), m.body.sections)
                self.done_turn = m.body.turn
                return encode_signed(game.identity, m.envelope.__class__(m.envelope.game, m.envelope.sender, m.seq,
                                                                          m.envelope.prev, body))
        return payload


class _NoDraws:
    """Randomness for a dry run (validity and deck generations do not depend on it)."""

    def below(self, n: int) -> int:
        return 0

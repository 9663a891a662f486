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
* ``vote-out``    (issue 10, attack 1) at its 3rd turn declares the other seat absent and votes to end the
  game, although that seat is connected and playing (``vote-out-bot``: votes for a computer player)
* ``vote-race``   from turn 3 on, the moment the game waits for the move of the seat after it, declares that
  seat absent for its move and votes to end the game (a claim no count can refute: that seat makes the move
  later, within its move time): a vote against a present seat that only the clocks tell from a race, and
  one that the third seat never joins (sim seed 3465)
* ``big-evidence`` (attack 2) sends two ~50 KB evidence messages (validly signed messages of another
  game inside), then an absent about itself
* ``absent-flood`` (attack 3) sends 1000 ``absent{itself, have 0}``; ``absent-repeat``: 1000 absents
  about another seat with the same count
* ``junk-evidence`` (attack 4) sends 1000 validly signed ~58 KB evidence messages (of messages of another
  game)
* ``lying-count`` claims in every ``absent``/``vote`` about another seat to hold 5 more of that seat's messages
  than it does, and never relays them (trust2, gap 1: it stalled the vote on that seat for good)
* ``setup-fork``  (attack 5) commits to a second hash chain (and reveals from it) towards the seat below
  it, the first towards the others: each honest peer sees a consistent chain, but their states differ
Issue 18 ("Every pause ends"), the misbehaving and failing clients of its thirteen cases (tests/pause/):

* ``late-vote``   (case 1) the moment the race is over, signs ``absent`` and ``vote{other, "end"}`` about the
  other seat, although every final message of that seat has arrived (``vote-out`` is case 2: a vote on a
  seat that is connected and moving)
* ``never-declare`` (case 3) stays connected and plays, but never declares any seat absent (so never votes)
* ``never-vote``  (case 3) declares absent seats like an honest client, but never votes
* ``trickle-absent`` (case 4) withholds its reveal of a turn (from turn 4 on, one that is not its move) and
  sends instead one small ``evidence`` every 2 s: a copy of a message of its own with a far-future seq (which
  nobody can place, so nobody can call it a lie).  (net/hostile.py's ``trickle`` is network abuse: slow bytes.)
* ``omit-move``   (case 5) sends its move of its first turn from turn 3 on to the lowest other seat only, every
  time it sends it (a redial does not bring it to the others)
* ``silent-mover`` (case 7) at its first turn from turn 3 on its session stops: it plays nothing, sends
  nothing and takes in nothing more, but keeps its connections open and answers redials
* ``lose-final``  (case 11) its final openings, and everything it signs after them, are logged but never
  sent (as when a peer dies between its log and the wire); the test kills it and resumes it honestly
* ``freeze-final`` (case 12) stops its own process (SIGSTOP) the moment it would sign its final openings
  (a laptop lid closed during the end of the game); the test kills it there

* ``garbage``, ``oversize``, ``trickle``, ``flood``, ``bigflood``, ``replay``, ``drop``, ``delay``, ``cut``:
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
import signal
from dataclasses import dataclass, fields, replace

from ..protocol.crypto import Identity
from ..protocol.messages import (
    Absent, Envelope, Reveal, Vote, decode_signed, encode_signed,
)
from ..protocol.randomness import chain_reveal, make_hash_chain
from ..protocol.session import Evidence, Output
from .peer import NetGame
from .hostile import MODES as HOSTILE_MODES, Hostile  # network abuse modes (garbage, flood, cut, ...)

JUNK_EVIDENCE = 1000  # junk-evidence: messages of ~58 KB (the attack sent 4000; one is refused)
ATTACKS = ("lying-count", "vote-out", "vote-out-bot", "big-evidence", "absent-flood", "absent-repeat", "junk-evidence", "setup-fork")
#: issue 18's clients (tests/pause/): they need no turn of their own to misbehave, or misbehave when sending
PAUSE = ("late-vote", "never-declare", "never-vote", "trickle-absent", "omit-move", "silent-mover", "lose-final",
         "freeze-final", "quit")
MODES = ("unheld", "bad-opening", "equivocate", "wrong-key", "bad-hash", "mute", "vote-race") + ATTACKS + PAUSE + HOSTILE_MODES
TRICKLE_EVERY = 2.0  # trickle-absent: seconds between its small messages (the attack: 2 s)
FIRST_BAD_TURN = 3  # the pause modes play honestly before this turn (the set-up and a few turns go through)


def _absent(seat: int, turn: int, have: int, owed: str = "move") -> Absent:
    """An ``absent`` body, with the ``owed`` field where this protocol version has it (protocol 6)."""
    names = {f.name for f in fields(Absent)}
    return Absent(seat, turn, have, owed) if "owed" in names else Absent(seat, turn, have)
ROSTER_MODES = ("roster-name", "roster-track", "roster-huge", "roster-rules", "roster-kind")


def hostile_roster(mode: str, identity: Identity, payload: bytes) -> bytes:
    """The host's honest roster ``payload`` (or its offer of the game, which the roster must match) with the
    lie ``mode`` asks for, signed by the host."""
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
    sender = msg.envelope.sender
    env = pack_canonical([PROTOCOL_VERSION, msg.envelope.game, sender, 0, ZERO_HASH, msg.type, body])
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
        self.silent = False  # silent-mover: its session has stopped
        self.omitted: bytes | None = None  # omit-move: the move sent to one seat only
        self.cut: int | None = None  # lose-final: from this seq of ours on nothing is sent

    LIE = 5  # lying-count: how many more messages of the absent seat it claims to hold

    def attach(self, game) -> None:
        """lying-count: the session's honest absence and vote steps, replaced by lying ones; never-declare,
        never-vote and trickle-absent: some of what the session signs is never signed (it is left out before
        it enters our chain, so our own chain and log stay consistent: a client that simply does not)."""
        s = game.session
        if self.mode in ("never-declare", "never-vote", "trickle-absent", "freeze-final"):
            self._filter_emit(game)
            return
        if self.mode != "lying-count":
            return

        def declare_absent(seat: int) -> Output:
            out = Output()
            have = s.chain.next_seq(seat) + self.LIE
            if seat == s.me or seat in s.gone or seat in s.decided or have in s.absent_haves.get((s.me, seat), ()):
                return out
            s._emit(Absent(seat, s.turn, have), out)
            return out

        def vote(seat: int, choice: str, out: Output) -> None:
            s._emit(Vote(seat, choice, s.chain.next_seq(seat) + self.LIE), out)

        s.declare_absent = declare_absent
        s._vote = vote

    def _filter_emit(self, game) -> None:
        s = game.session
        honest_emit = s._emit
        drop = {"never-declare": ("absent", "vote"), "never-vote": ("vote",)}.get(self.mode, ())

        def emit(body, out):
            if body.TYPE in drop:
                return None
            if self.mode == "freeze-final" and body.TYPE == "final_open":
                game.say("(freeze-final: this process stops itself before its final openings)")
                os.kill(os.getpid(), signal.SIGSTOP)
            if (self.mode == "trickle-absent" and isinstance(body, Reveal) and s.state is not None
                    and (self.done or (body.event >= FIRST_BAD_TURN + 1 and s.state.public.current != s.me))):
                if not self.done:  # from now on it only trickles
                    self.done = True
                    game._nursery.start_soon(self._trickle, game)
                return None
            if self.mode == "trickle-absent" and self.done:
                return None  # (it withholds everything else too: its game is stuck at that reveal)
            return honest_emit(body, out)

        s._emit = emit

    async def _trickle(self, game) -> None:
        """trickle-absent: one small message every TRICKLE_EVERY s, for ever: a copy of a message of our own
        with a far-future seq (issue 18, case 4: it kept the seat "present" under the old rules)."""
        import trio

        s = game.session
        k = 0
        while True:
            await trio.sleep(TRICKLE_EVERY)
            k += 1
            last = s.chain.history(s.me)[-1]
            copy = encode_signed(game.identity, Envelope(s.game_id, s.me, 1_000_000 + k, last.digest,
                                                         Evidence((os.urandom(16),))))
            self._raw(game, Evidence((copy,)))

    def _late_vote(self, game) -> None:
        """late-vote: the race is over here; sign absent + vote{other, "end"} about the other seat at once."""
        s = game.session
        self.done = True
        other = next(i for i in range(s.n) if i != s.me)
        have = s.chain.next_seq(other)
        self._raw(game, _absent(other, s.turn, have, "final"))
        self._raw(game, Vote(other, "end", have))

    def _raw(self, game, body, log: bool = True) -> bytes:
        """Sign ``body`` as our next message, keep our own chain consistent, and queue it, bypassing every
        check of our own session (as a modified client would)."""
        s = game.session
        env = Envelope(s.game_id, s.me, s.chain.next_seq(s.me), s.chain.head(s.me), body)
        payload = encode_signed(game.identity, env)
        s.chain.accept(decode_signed(payload), signed_here=True)
        if log:
            game._queue([payload])
        else:  # (sent, not kept in the cheater's own log: the flood would only fill its own disk)
            game.sent.append(payload)
            game._wake()
        return payload

    @staticmethod
    def _foreign(game, size: int) -> bytes:
        """A validly signed message of another game, about ``size`` bytes: what evidence may carry in
        protocol 1 (it was accepted, logged and kept)."""
        body = Evidence((os.urandom(size),))
        return encode_signed(game.identity, Envelope(os.urandom(32), game.session.me, 0, bytes(32), body))

    def _attack(self, game, turn: int) -> bool:
        """The issue-10 attacks, at the cheater's turn (``turn``); False: play the turn honestly as well."""
        s = game.session
        me = s.me
        other = next(i for i in range(s.n) if i != me)
        if self.mode in ("vote-out", "vote-out-bot"):
            if turn < 3:
                return False
            self.done = True
            out = Output()
            s._emit(Absent(other, s.turn, s.chain.next_seq(other)), out)  # it is connected and playing
            s._emit(Vote(other, "end" if self.mode == "vote-out" else "bot", s.chain.next_seq(other)), out)
            game._dispatch(out)
            return False
        self.done = True
        if self.mode == "big-evidence":
            for _ in range(2):
                self._raw(game, Evidence((self._foreign(game, 24000), self._foreign(game, 24000))))
            self._raw(game, Absent(me, s.turn, 0))
        elif self.mode == "absent-flood":
            for _ in range(1000):
                self._raw(game, Absent(me, s.turn, 0))
        elif self.mode == "absent-repeat":
            for _ in range(1000):
                self._raw(game, Absent(other, s.turn, 0))
        elif self.mode == "junk-evidence":
            junk = self._foreign(game, 28500)
            for _ in range(JUNK_EVIDENCE):
                self._raw(game, Evidence((junk, junk)), log=False)
        return True

    # -- called with the action the honest client would play; True: handled here
    def on_turn(self, game, turn: int, action) -> bool:
        if self.mode == "silent-mover":
            if turn < FIRST_BAD_TURN:
                return False
            if not self.silent:  # its session stops here: nothing more in or out; its sockets stay open
                self.silent = True
                game._on_frame = lambda seat, payload: None
                game.say("(silent-mover: this client's session has stopped; its connections stay open)")
            return True
        if self.mode == "quit" and turn >= FIRST_BAD_TURN:
            # not a cheat: the player typed quit at its turn (NetGame.leave, as the table's quit does)
            game.leave()
            return True
        if self.mode in PAUSE:
            return False
        if self.mode in ATTACKS:
            return False if self.done or self.mode in ("setup-fork", "lying-count") else self._attack(game, turn)
        s = game.session
        forge = s.game.cheats  # the game's own forgeries (None: a game whose moves are not forged)
        if self.hostile is not None or self.done or forge is None or not forge.forges(action):
            return False
        me = s.me
        state = s.state
        if self.mode in ("unheld", "bad-opening"):
            forged = (forge.unheld if self.mode == "unheld" else forge.bad_opening)(state, me, action)
            if forged is None:
                return False
            self._forge_move(game, turn, *forged)
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
            others = forge.twins(state, me, action)
            if not others:
                return False
            out = s.submit(action)
            for p in out.send:
                m = decode_signed(p)
                if m.type == "move":
                    twin = others[-1]
                    body = s.move_body(s.g.action_to_wire(twin), s.openings(twin))
                    self.twin = encode_signed(game.identity, Envelope(m.envelope.game, me, m.seq, m.envelope.prev, body))
                    self.original = p
                    self.fork_seq = m.seq
                    self.fork_seat = min(x for x in range(s.n) if x != me)  # gets the twin; the others the original
            game._queue(out.send)
            self.done = True
            return True
        return False

    def _forge_move(self, game, turn, action, opens) -> None:
        """Sign and send a move the honest session would refuse (bypassing its own checks)."""
        s = game.session
        me = s.me
        openings = []
        for card, value in opens:
            op = s._opening(card, s.game.hidden.values(s.state, me)[card])
            openings.append(replace(op, value=value))
        body = s.move_body(s.g.action_to_wire(action), tuple(openings))
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
            body = m.body
            if self.mode == "setup-fork" and m.type in ("reveal", "move"):  # the second hash chain's preimage
                event = m.body.event if m.type == "reveal" else m.body.turn
                body = replace(m.body, preimage=chain_reveal(self.links2, event))
            out = encode_signed(game.identity, Envelope(m.envelope.game, m.envelope.sender, m.seq, prev, body))
        forked = decode_signed(out)
        self.fork_heads[forked.seq] = forked.digest
        cache[payload] = out
        return out

    # -- every frame of another seat this peer passes on (a relay) passes here, per destination seat
    def vote_race(self, game) -> None:
        """vote-race: the game waits for the next seat's move (turn 3 on): declare it absent for that move and vote
        "end" at once, long before its move time is up."""
        s = game.session
        if self.done or s.state is None or s.over or s.state.is_over or s.turn < FIRST_BAD_TURN:
            return
        x = (s.me + 1) % s.n
        if not s.waiting_for_move() or s.state.public.current != x:
            return
        self.done = True
        out = Output()
        s._emit(_absent(x, s.turn, s.chain.next_seq(x), "move"), out)
        s._emit(Vote(x, "end", s.chain.next_seq(x)), out)
        game._dispatch(out)

    def relayed(self, game, seat: int, payload: bytes):
        return None if self.mode in ("mute", "lying-count") else payload

    # -- every outgoing frame passes here, per destination seat
    def outgoing(self, game, seat: int, payload: bytes):
        if self.mode == "mute" or self.silent:
            return None
        if self.mode in PAUSE:
            return self._pause_outgoing(game, seat, payload)
        if self.hostile is not None:
            return self.hostile.outgoing(game, seat, payload)
        if self.mode == "equivocate" and self.twin is not None and seat == self.fork_seat:
            return self._forked(game, payload)
        if self.mode == "setup-fork":
            s = game.session
            if self.twin is None:
                m = decode_signed(payload)
                if m.type == "commit_chain":
                    # a second hash chain, committed to the fork seat only, and revealed to it alone: each
                    # honest peer sees a consistent chain of ours, but the event randomness differs
                    self.links2 = make_hash_chain(os.urandom(32), m.body.length, game_id=s.game_id, seat=s.me)
                    body = replace(m.body, tip=self.links2[-1])
                    self.twin = encode_signed(game.identity, Envelope(m.envelope.game, m.sender, m.seq,
                                                                      m.envelope.prev, body))
                    self.original, self.fork_seq = payload, m.seq
                    self.fork_seat = min(x for x in range(s.n) if x != s.me)
            if self.twin is not None and seat == self.fork_seat:
                return self._forked(game, payload)
        if self.mode == "bad-hash" and not self.done:
            m = decode_signed(payload)
            acked = (m.body.turn if m.type == "ack" else m.body.turn - 1 if m.type == "move"
                     else m.body.event - 1 if m.type == "reveal" else -1)  # (acks ride on moves and reveals)
            if acked >= 2:
                body = replace(m.body, state=bytes(32))
                self.done_turn = acked
                return encode_signed(game.identity, m.envelope.__class__(m.envelope.game, m.envelope.sender, m.seq,
                                                                          m.envelope.prev, body))
        return payload


    def _pause_outgoing(self, game, seat: int, payload: bytes):
        s = game.session
        if self.mode == "late-vote":
            if not self.done and s.state is not None and s.state.is_over:
                self._late_vote(game)
            return payload
        if self.mode == "omit-move":
            if self.omitted is None:
                m = decode_signed(payload)
                if m.sender == s.me and m.type == "move" and m.body.turn >= FIRST_BAD_TURN:
                    self.omitted = payload
                    self.omit_to = min(i for i in range(s.n) if i != s.me)  # the one seat that gets it
                    game.say(f"(omit-move: the move of turn {m.body.turn} goes to seat {self.omit_to} only)")
            if payload == self.omitted and seat != self.omit_to:
                return None
            return payload
        if self.mode == "lose-final":
            m = decode_signed(payload)
            if m.sender == s.me and (m.type == "final_open" or (self.cut is not None and m.seq >= self.cut)):
                self.cut = m.seq if self.cut is None else min(self.cut, m.seq)
                return None
        return payload


@dataclass
class CheatingGame(NetGame):
    """A networked game whose peer misbehaves as ``cheat`` says (``SNOWP2P_CHEAT``): the production peer
    (net/game.py ``NetGame``) with its test hooks filled in, frames sent one by one."""

    cheat: Cheat | None = None
    one_by_one = True

    def start_cheating(self, cheat: Cheat) -> None:
        self.cheat = cheat
        cheat.attach(self)
        _ = self.session.game.cheats  # the game's forgeries, imported now (while file descriptors are free)

    def _outgoing(self, seat: int, payload: bytes):
        return self.cheat.outgoing(self, seat, payload) if self.cheat is not None else payload

    def _relayed(self, seat: int, payload: bytes):
        return self.cheat.relayed(self, seat, payload) if self.cheat is not None else payload

    def _takes_turn(self, turn: int, action) -> bool:
        return self.cheat is not None and self.cheat.on_turn(self, turn, action)

    def _on_frame(self, seat: int, payload: bytes) -> None:
        super()._on_frame(seat, payload)
        if self.cheat is not None and self.cheat.mode == "vote-race":
            self.cheat.vote_race(self)
        # A bye never stops an honest peer (SPEC 11.9, *Bye*); a cheating client whose every other seat has said
        # bye (they stopped on its proof) stops too: its session may wait on its own forged move for ever, and the
        # tests want it to end (tests/net/test_cheaters.py: "does not hang on")
        s = self.session
        if (not self._finished.is_set() and s.me is not None
                and all(i in self.byes for i in range(s.n) if i != s.me)):
            self._stop(1, "every other player has left the game (they stopped: this client cheated)")

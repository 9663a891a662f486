"""The game session: the sans-I/O state machine of a networked sled game.

Theory of operation
-------------------
A :class:`Session` is built from the host's signed roster.  It takes signed
frames in (from the network, or from a log being audited), and gives back
frames to send and events for the shell.  It does no I/O and owns no clock
or randomness: the shell passes this peer's identity and its 32-byte game
secret (hash chain seed, deck layout and salts all derive from it).

Every frame goes through two steps: :meth:`Session.check` (decode, game id,
roster seat, signature, the sender's hash chain: anything wrong is an
:class:`Offence` by that sender) and, once the shell has logged it,
:meth:`Session.handle`.  An observer session (``me=None``) is the auditor:
it runs the very same checks over a saved log.

The flow (protocol/SPEC.md section 11):

* setup: every seat sends ``commit_chain`` and ``slot_commit`` (generation 0
  of its hidden deck); then every seat reveals event 0; the engine's
  ``new_game`` runs on ``Rand(R(0))``; everyone acks turn 0.
* turn t >= 1: the player to act sends any ``slot_commit`` its action will
  need (a reshuffle starts a new generation of slots) and ``move{t}``: the
  action, the openings of every card it plays or discards, its reveal of
  event t and its ack of turn t-1 (state hash, section hashes).  Every other
  seat checks the move at once (openings against commitments, the engine's
  rules) and sends ``reveal{t}``, which carries its ack of turn t-1 too: one
  signed message per seat per turn.  Turn t-1 is final when every ack of it
  agrees; with that and all reveals of t in, every seat applies the action
  with ``Rand(R(t))``, and the next mover may move.  The last turn's acks
  are sent on their own (``ack``).
* end: every seat sends ``final_open`` for all its slots; the session
  checks every opening and that each reshuffle kept the cards it gathered.

Anything wrong becomes an :class:`Offence` naming the seat, what it did
and the signed frames that prove it; a disagreement of state hashes
becomes a :class:`Desync` with a report.  Either halts the session.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from ..games.sled import engine as sled
from ..core.drbg import Rand, derive
from ..core.errors import IllegalMove
from ..games.sled.track import Track, track_digest
from .chain import SenderChain, Verdict
from .crypto import Identity, fingerprint, h
from .errors import ChainError, CommitmentError, DecodeError, EquivocationError, ProtocolError, RevealError
from .messages import (
    BODY_TYPES, SIG_CONTEXT, ZERO_HASH, Absent, Ack, Body, Bye, CommitChain, Envelope, FinalOpen, Move, Opening, Reveal,
    Roster, Vote, SignedMessage, SlotCommit, decode_signed, encode_envelope, exact_bytes, list_of,
    pack_canonical, register_body, uint,
)
from .events import (  # noqa: F401  (re-exported: the shell imports the events from here)
    Abandoned, Desync, GameOver, Offence, Output, SeatTakenOver, TurnApplied, TurnFinal, VotedOut, YourTurn,
)
from .roster import rules_from_roster, table_from_roster
from .randomness import RevealVerifier, chain_reveal, event_randomness, make_hash_chain
from .slots import SlotBook, commit_slot
from .absence import AbsenceRules

CHAIN_LENGTH = 4096  # random events a game can use (one per turn)
MAX_MESSAGE = 40000  # bytes of one chained message other than evidence (checked before it enters a chain)
MAX_EVIDENCE_FRAME = MAX_MESSAGE
MAX_EVIDENCE = 62000  # bytes of one evidence message: it always fits a frame (64 KiB) and a log record
MAX_SEAT_BYTES = 8 << 20  # what one seat's chained messages may make another peer store, in all (G9)


@register_body
@dataclass(frozen=True)
class Evidence(Body):
    """Copies of another seat's signed frames, sent when acks disagree (equivocation proof)."""

    TYPE = "evidence"
    frames: tuple[bytes, ...]

    @staticmethod
    def _frame(raw: Any, path: str) -> bytes:
        if type(raw) is not bytes or not (1 <= len(raw) <= MAX_EVIDENCE_FRAME):
            raise DecodeError(f"expected 1..{MAX_EVIDENCE_FRAME} bytes of binary", path)
        return raw

    FIELDS = {"frames": list_of(_frame, 4, 1)}


@register_body
@dataclass(frozen=True)
class Link(Body):
    """First frame on a mesh connection: which seat is on this end (signed by its key)."""

    TYPE = "link"
    CHAINED = False
    seat: int
    next: int  # how many of the receiver's messages the sender already has: resend from here
    nonce: bytes = ZERO_HASH  # this side's fresh challenge
    echo: bytes = ZERO_HASH  # the other side's challenge, signed back: proves this frame is not a replay
    OWNER_FIELD = "seat"
    OPTIONAL = frozenset({"nonce", "echo"})
    FIELDS = {"seat": uint(7), "next": uint((1 << 32) - 1), "nonce": exact_bytes(32), "echo": exact_bytes(32)}


class Halted(Exception):
    """The session stopped (an offence or a desync); ``reason`` is the event."""

    def __init__(self, reason: Offence | Desync):
        super().__init__(str(reason))
        self.reason = reason


def opened_cards(action: sled.Action) -> list[tuple[int, int]]:
    """(card id, value) of every card the action opens."""
    if isinstance(action, sled.Move):
        return [(c, v) for _, c, v in action.play]
    if isinstance(action, sled.Refill):
        return list(action.discard)
    return []


# ------------------------------------------------------------------- helpers
def located(s: sled.Sled) -> set[int]:
    return set(s.hand) | set(s.deck) | set(s.discard) | set(s.left) | set(s.right) | set(s.aside)


def slot_salt(secret: bytes, generation: int, slot: int) -> bytes:
    return derive(secret, "slot-salt", generation, slot)


class Acked(NamedTuple):
    """One seat's ack of a turn, wherever it rode (a move, a reveal or an ack of its own: SPEC 11.5).
    (A plain tuple: the fields were checked when the message carrying them was decoded.)"""

    turn: int
    state: bytes
    sections: Mapping[str, bytes] | None


@dataclass
class _Gen:
    first: int  # first card id of the generation
    size: int


class Session(AbsenceRules):
    def __init__(self, roster: SignedMessage, track: Track | None = None, me: int | None = None,
                 identity: Identity | None = None, secret: bytes | None = None, *, game: Any):
        """``game``: the game the roster names, a ``Game`` (games/api.py; the caller has it from the registry,
        ``snowp2p.games.find_game``: the protocol never looks a game up nor imports one).  ``track``: None (the usual case) takes the table the roster carries; a
        table given here must be that one (DecodeError otherwise)."""
        body = roster.body
        if not isinstance(body, Roster):
            raise DecodeError("the first message of a game is the roster", "type")
        carried = table_from_roster(body, game)
        if track is not None and _table_digest(track) != _table_digest(carried):
            raise DecodeError("the roster carries another track than the one given", "track")
        track = carried
        self.roster = roster
        self.game_id = roster.envelope.game
        self.kind = body.kind
        self.seats = body.seats
        self.n = len(body.seats)
        self.nicks = [s.nick for s in body.seats]
        self.keys = {i: s.pubkey for i, s in enumerate(body.seats)}
        self.game = game  # the game object (games/api.py): its title, points, screens
        self.g = game.bind(body.settings, track, rules_from_roster(game, body.settings))
        self.rules = self.g.rules
        self.track = track
        self.me = me
        self.identity = identity
        self.secret = secret
        if me is not None:
            if identity is None or secret is None or identity.public_key != self.keys[me]:
                raise ValueError("a playing session needs this seat's identity and secret")
            self._links = make_hash_chain(derive(secret, "hash-chain"), CHAIN_LENGTH,
                                          game_id=self.game_id, seat=me)
        self.chain = SenderChain(self.game_id, self.keys)
        self.chain.accept(roster)
        self.reveals = RevealVerifier(self.game_id)
        self.slots = SlotBook(self.game_id)
        self.gens: dict[int, list[_Gen]] = {i: [] for i in range(self.n)}
        self.pending_slots: dict[int, list[SlotCommit]] = {i: [] for i in range(self.n)}
        self.state: sled.GameState | None = None
        self.turn = 0  # the turn being played: applied_turn + 1 (0: setup; the last turn once the game is over)
        self.final_turn = -1  # last turn all peers agreed on (applied_turn - 1 or applied_turn)
        self.head = h("snowp2p/transcript/v1", roster.digest)
        self.moves: dict[int, SignedMessage] = {}  # turn -> the move of its mover (taken when the turn is played)
        # (turn, seat) -> every move received: before turn t-1 is agreed, a seat whose state differs may send a
        # move for t as well; only the mover's counts, and no one is blamed for another seat's move (SPEC 11.5)
        self.move_from: dict[tuple[int, int], SignedMessage] = {}
        self.move_actions: dict[int, sled.Action] = {}
        self.acks: dict[int, dict[int, Acked]] = {}
        self.ack_msgs: dict[int, dict[int, SignedMessage]] = {}
        self.my_hash: dict[int, bytes] = {}
        self.my_sections: dict[int, dict[str, bytes]] = {}
        self.applied_turn = -1
        self.acked: set[int] = set()  # turns this seat acked with an ack of its own (not riding on a message)
        self.ack_after = 2.0  # seconds a non-mover waits for a move before it sends its ack on its own
        self.final_opens: dict[int, list[Opening]] = {}
        self.conservation: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        self.halted: Offence | Desync | None = None
        self.over = False
        self.done = False  # final openings all checked
        self.sent_setup = False
        self.revealed: set[int] = set()
        self.counts = Counter()
        self.moves_since: list[bytes] = []
        self.chain_tips: dict[int, CommitChain] = {}
        self.evidence_turns: set[int] = set()
        self.evidence_seen: dict[int, set[int]] = {}
        self.awaiting_copies: dict[int, set[int]] = {}  # turn -> the seats whose differing acks' copies we wait for
        self.uncounted: dict[int, set[int]] = {}  # turn -> leaving seats whose ack of it was held and does not count
        self._busy = False
        self.last_description = ""
        self.last_move: tuple | None = None  # (state before, action, state after) of the last applied move
        self.owner = me  # the seat whose log this is (the auditor sets it: SPEC 12), for votes on it
        self._init_absence(body.settings)  # absent players, votes (absence.py, SPEC 11.9)
        self.reveal_seq: dict[tuple[int, int], int] = {}  # (seat, event) -> seq of its reveal message
        self.reveal_digest: dict[tuple[int, int], bytes] = {}  # (seat, event) -> digest of its reveal message
        self.bytes_from: Counter = Counter()
        self.agreed_state = None

    # ------------------------------------------------------------ identity
    def fingerprint(self, seat: int) -> str:
        return fingerprint(self.keys[seat])

    def name(self, seat: int) -> str:
        return f"{self.nicks[seat]} [{self.fingerprint(seat)}]"

    # ---------------------------------------------------------------- intake
    def check(self, payload: bytes, from_seat: int | None = None,
              msg: SignedMessage | None = None, relayed: bool = False) -> SignedMessage | None:
        """Decode and authenticate one frame.  None: a duplicate (ignore it).

        Raises :class:`Halted` with an :class:`Offence` for a frame that
        breaks the protocol (the sender is the seat the frame names, or the
        connection's seat when the frame can not be attributed), and
        ``DecodeError`` for bytes that are not a message at all.
        """
        if msg is None:
            msg = decode_signed(payload)
        sender = msg.envelope.sender
        if relayed:
            # another seat's frame passed on by the peer at the other end (SPEC 11.9, relay): whoever passed
            # it on did not sign it, so what is wrong with it costs that connection only (ProtocolError)
            if msg.envelope.game != self.game_id or sender not in self.keys or not BODY_TYPES[msg.type].CHAINED:
                raise ChainError(f"a relayed {msg.type} that is not a message of this game")
            msg.verify(self.keys[sender])
            from_seat = None
            if msg.envelope.seq > self.chain.next_seq(sender):
                return None  # one we can not place yet: no proof either way (its predecessors come first)
        blame = from_seat if from_seat is not None else sender
        if from_seat is not None and sender != from_seat and msg.type != "roster":
            self._halt(Offence(blame, self._nick(blame), f"sent a {msg.type} signed as seat {sender}", (payload,)))
        if msg.envelope.game != self.game_id:
            self._halt(Offence(blame, self._nick(blame), f"sent a {msg.type} from another game", (payload,)))
        if sender not in self.keys:
            self._halt(Offence(blame, self._nick(blame), f"sent a message as unknown seat {sender}", (payload,)))
        if self._frozen(sender, msg.envelope.seq, relayed):
            return None  # voted out: what it sends after the vote is not part of this game
        self._check_size(msg, blame)
        try:
            verdict = self.chain.accept(msg)
        except EquivocationError as e:
            self._halt(Offence(sender, self._nick(sender), f"equivocation: {e}", tuple(e.evidence)))
        except ProtocolError as e:
            what = "bad signature" if type(e).__name__ == "SignatureError" else str(e)
            self._halt(Offence(blame, self._nick(blame), f"{what} (in a {msg.type})", (payload,)))
        if verdict == Verdict.DUPLICATE:
            return None
        self.counts[msg.type] += 1
        self.bytes_from[sender] += len(msg.payload)
        return msg

    def _check_size(self, msg: SignedMessage, blame: int) -> None:
        """Sizes are checked before a message enters a hash chain (G9): a chained message other than
        evidence fits in a relay, evidence fits in a frame, and one seat can make a peer store only
        so much.  The message's own signature proves it (an unsigned one is not blamed on its seat)."""
        size = len(msg.payload)
        cap = MAX_EVIDENCE if msg.type == "evidence" else MAX_MESSAGE
        total = self.bytes_from[msg.sender] + size
        if size <= cap and total <= MAX_SEAT_BYTES:
            return
        if self.chain.next_seq(msg.sender) > msg.seq:
            return  # (a duplicate: the chain ignores it)
        try:
            msg.verify(self.keys[msg.sender])
        except ProtocolError:
            self._halt(Offence(blame, self._nick(blame), f"bad signature (in a {msg.type})", (msg.payload,)))
        sender = msg.sender
        if size > cap:
            self._halt(Offence(sender, self._nick(sender), f"sent a {msg.type} of {size} bytes (at most {cap})",
                               (msg.payload,)))
        self._halt(Offence(sender, self._nick(sender), f"sent more than {MAX_SEAT_BYTES >> 20} MiB of messages",
                           (msg.payload,)))

    def _offence(self, seat: int, what: str, msg: SignedMessage) -> None:
        self._halt(Offence(seat, self._nick(seat), what, (msg.payload,)))

    def _nick(self, seat: int) -> str:
        return self.nicks[seat] if 0 <= seat < self.n else "?"

    def _halt(self, reason: Offence | Desync) -> None:
        self.halted = reason
        raise Halted(reason)

    def receive(self, payload: bytes, from_seat: int | None = None) -> Output:
        """check + handle in one step (for callers that log elsewhere, and for tests)."""
        msg = self.check(payload, from_seat)
        return self.handle(msg) if msg is not None else Output()

    # ------------------------------------------------------------- sending
    def _emit(self, body: Body, out: Output) -> SignedMessage:
        assert self.me is not None and self.identity is not None
        env = Envelope(self.game_id, self.me, self.chain.next_seq(self.me), self.chain.head(self.me), body)
        env_bytes = encode_envelope(env)
        signature = self.identity.sign(SIG_CONTEXT + env_bytes)
        payload = pack_canonical([env_bytes, signature])
        cap = MAX_EVIDENCE if body.TYPE == "evidence" else MAX_MESSAGE
        if len(payload) > cap:  # never enters our chain: we could neither send nor log it (G9)
            raise ValueError(f"a {body.TYPE} of {len(payload)} bytes (at most {cap})")
        msg = SignedMessage(env, signature, env_bytes, payload)  # (built here: no need to decode it again)
        self.chain.accept(msg, signed_here=True)
        self.counts[msg.type] += 1
        self.bytes_from[self.me] += len(payload)
        out.send.append(payload)
        out.extend(self._handle(msg))
        return msg

    def start(self) -> Output:
        """This seat's setup messages: the hash-chain commitment and deck generation 0."""
        out = Output()
        if self.me is None or self.sent_setup:
            return out
        self.sent_setup = True
        self._emit(CommitChain(self._links[-1], CHAIN_LENGTH, self.roster.digest), out)  # signs the roster (G2)
        if self.g.hidden:
            values = sled.initial_private(self.kind, self.rules, self.me, self.secret).values
            self._emit(SlotCommit(self.me, 0, tuple(self._commitments(0, values))), out)
        return out

    def _commitments(self, generation: int, values) -> list[bytes]:
        return [commit_slot(self.game_id, self.me, generation, i, v, slot_salt(self.secret, generation, i))
                for i, v in enumerate(values)]

    def _reveal(self, event: int, out: Output) -> None:
        """Our reveal of ``event``, with our ack of turn ``event - 1`` (one message a turn, SPEC 11.5)."""
        if self.me is None or event in self.revealed:
            return
        self.revealed.add(event)
        preimage = chain_reveal(self._links, event)
        if event == 0 or event - 1 in self.acked:  # (our ack of the turn before went on its own)
            self._emit(Reveal(event, preimage), out)
        else:
            # (built without the constructor's schema check, the hot path of every turn: its fields are our own
            # 32-byte hashes and section names, which tests/protocol check against the decoder)
            self._emit(_trusted(Reveal, event=event, preimage=preimage, state=self.my_hash[event - 1],
                                sections=self.my_sections[event - 1]), out)

    def submit(self, action: sled.Action) -> Output:
        """This seat's action for the current turn: slot commitments, the move, the reveal.

        Raises IllegalMove (nothing is sent) if the engine refuses it.
        """
        out = Output()
        assert self.me is not None and self.state is not None
        if (self.halted or self.over or self.state.is_over or self.turn != self.applied_turn + 1
                or (self.turn, self.me) in self.move_from or self.state.public.current != self.me):
            raise IllegalMove("TURN", "it is not your turn")
        dry = self.g.apply(self.state, action, _FirstDraws())  # raises IllegalMove: nothing sent
        openings: tuple = ()
        if self.g.hidden:
            before, after = self.state.sled(self.me), dry.sled(self.me)
            # a reshuffle makes new generations of slots: commit to them before the move
            for g in range(before.generation + 1, after.generation + 1):
                first, end = _gen_bounds(after, g)
                values = dry.private[self.me].values[first:end]
                self._emit(SlotCommit(self.me, g, tuple(self._commitments(g, values))), out)
            openings = tuple(self._opening(c, v) for c, v in opened_cards(action))
        self.revealed.add(self.turn)  # the move carries our reveal of event t and our ack of turn t-1
        self._emit(self.move_body(self.g.action_to_wire(action), openings), out)
        return out

    def move_body(self, action: dict, openings: tuple = ()) -> Move:
        """The body of our move for the current turn t: the action's wire form, the openings, our reveal
        of event t and our ack of turn t-1 (SPEC 11.5).  (Also what a test's or cheat's forged move uses.)"""
        t = self.turn
        return Move(t, action, openings, chain_reveal(self._links, t), self.my_hash[t - 1], self.my_sections[t - 1])

    def _opening(self, card: int, value: int) -> Opening:
        gen, slot = self._locate(self.me, card)
        return Opening(gen, slot, value, slot_salt(self.secret, gen, slot))

    def _locate(self, seat: int, card: int) -> tuple[int, int]:
        for g, gen in enumerate(self.gens[seat]):
            if gen.first <= card < gen.first + gen.size:
                return g, card - gen.first
        raise CommitmentError(f"card {card} of seat {seat} is in no committed generation")

    # -------------------------------------------------------------- handling
    def handle(self, msg: SignedMessage) -> Output:
        """Act on an accepted (and logged) message."""
        if self.halted:
            return Output()
        return self._handle(msg)

    def _handle(self, msg: SignedMessage) -> Output:
        out = Output()
        body, seat = msg.body, msg.sender
        if seat not in self.chain_tips and not isinstance(body, CommitChain):
            # G2: a seat's commit_chain, which carries the roster's digest, is its signature on the roster;
            # nothing it sends counts before that
            self._halt(Offence(seat, self._nick(seat), f"sent a {msg.type} before signing the roster (its "
                               "commit_chain)", (msg.payload,)))
        if (seat == self.owner and self.me is None and self._owner_decided()
                and not (isinstance(body, Bye) and body.reason == "voted out")):
            # the auditor of the owner's log: the owner's next own message after a decided vote on it is its
            # bye{"voted out"} (it accepted) or anything else (it refused it and played on; its absent{voter,
            # left} is not sent when it had declared the voter at that count already: sim seed 579)
            self._refusal(seat)
        if isinstance(body, CommitChain):
            if seat in self.chain_tips or self.turn > 0:
                self._halt(Offence(seat, self._nick(seat), "committed to a second hash chain", (msg.payload,)))
            if body.roster != self.roster.digest:
                self._halt(Offence(seat, self._nick(seat), "signed another roster than this game's", (msg.payload,)))
            self.chain_tips[seat] = body
            self.reveals.add_peer(seat, body.tip, body.length)
        elif isinstance(body, SlotCommit):
            if body.generation == 0:
                if self.gens[seat]:
                    self._halt(Offence(seat, self._nick(seat), "committed generation 0 twice", (msg.payload,)))
                self._add_gen(seat, 0, 0, body)
            else:
                self.pending_slots[seat].append(body)
        elif isinstance(body, Reveal):
            acked = body.state is not None and body.sections is not None
            if (body.state is None) != (body.sections is None) or (body.event == 0 and acked) or (
                    body.event > 0 and not acked and seat not in self.acks.get(body.event - 1, {})
                    and seat not in self.uncounted.get(body.event - 1, ())):
                self._halt(Offence(seat, self._nick(seat), f"a reveal of event {body.event} " + (
                    f"without its ack of turn {body.event - 1}" if body.event else "with an ack"), (msg.payload,)))
            self._on_reveal(msg, body.event, body.preimage)
            if body.event > 0 and acked:
                self._on_ack(msg, Acked(body.event - 1, body.state, body.sections))
        elif isinstance(body, Move):
            if (body.turn, seat) in self.move_from:
                self._halt(Offence(seat, self._nick(seat), f"sent two moves for turn {body.turn}", (msg.payload,)))
            if body.turn <= self.applied_turn:
                # (every present seat's ack of the turn before agreed with ours, so it shares our state: it knew)
                self._halt(Offence(seat, self._nick(seat), f"a move for turn {body.turn}, already played",
                                   (msg.payload,)))
            self.move_from[(body.turn, seat)] = msg
            self._on_reveal(msg, body.turn, body.preimage)
            self._on_ack(msg, Acked(body.turn - 1, body.state, body.sections))
        elif isinstance(body, Ack):
            self._on_ack(msg, Acked(body.turn, body.state, body.sections))
            if seat == self.me:
                self.acked.add(body.turn)
        elif isinstance(body, FinalOpen):
            self.final_opens.setdefault(seat, []).extend(body.openings)
            self.final_seq.setdefault(seat, msg.seq)
        elif isinstance(body, Evidence):
            self._on_evidence(msg, out)
        elif isinstance(body, Absent):
            self._on_absent(msg, out)
        elif isinstance(body, Vote):
            self._on_vote(msg, out)
        elif isinstance(body, Bye):
            self._on_bye(msg)
        else:
            self._halt(Offence(seat, self._nick(seat), f"sent a {msg.type} during the game", (msg.payload,)))
        out.extend(self._progress())
        return out

    def _on_reveal(self, msg: SignedMessage, event: int, preimage: bytes) -> None:
        seat = msg.sender
        if seat == self.me:
            self.revealed.add(event)  # (our own, replayed from the log on resume: never sent twice)
        self.reveal_seq[(seat, event)] = msg.seq
        self.reveal_digest[(seat, event)] = msg.digest
        try:
            self.reveals.check(seat, event, preimage)
        except RevealError as e:
            self._halt(Offence(seat, self._nick(seat), f"a reveal that does not hash to the previous one: {e}",
                               (msg.payload,)))

    def _on_ack(self, msg: SignedMessage, ack: Acked) -> None:
        seat, t = msg.sender, ack.turn
        acks = self.acks.setdefault(t, {})
        if seat in acks:
            self._halt(Offence(seat, self._nick(seat), f"acked turn {t} twice", (msg.payload,)))
        acks[seat] = ack
        self.ack_msgs.setdefault(t, {})[seat] = msg

    def _on_evidence(self, msg: SignedMessage, out: Output) -> None:
        """Evidence: copies of one other seat's signed messages (sent when acks disagree, SPEC 11.6), each
        message of that seat copied at most once by each sender.  Anything else is evidence nobody
        asked for, an offence (G9).  A copy that differs from ours is that seat's equivocation (G5)."""
        sender, frames = msg.sender, msg.body.frames
        proof = (msg.payload,)
        copies = []
        for f in frames:
            try:
                o = decode_signed(f)
            except DecodeError:
                o = None
            if (o is None or o.envelope.game != self.game_id or o.sender not in self.keys
                    or not BODY_TYPES[o.type].CHAINED):
                self._halt(Offence(sender, self._nick(sender), "sent evidence nobody asked for", proof))
            copies.append(o)
        seat = copies[0].sender
        copied = self.copied.setdefault((sender, seat), set())
        for o in copies:
            if o.sender != seat or o.seq in copied:
                self._halt(Offence(sender, self._nick(sender), f"sent a copy of seat {o.sender}'s message {o.seq} "
                                                               "twice (or evidence about two seats)", proof))
            copied.add(o.seq)
        self.evidence_seen.setdefault(self.final_turn + 1, set()).add(sender)  # (the turn being agreed on)
        for o in copies:
            if self._frozen(seat, o.seq, relayed=True) or o.seq > self.chain.next_seq(seat):
                continue  # one we can not place (yet): no proof either way
            try:
                o.verify(self.keys[seat])
            except ProtocolError:
                self._halt(Offence(sender, self._nick(sender), f"sent a forged copy of seat {seat}'s message", proof))
            try:
                verdict = self.chain.accept(o)
            except EquivocationError as e:
                # show our copy too before stopping, so that every peer gets both signed copies (the proof)
                if self.me is not None and seat != self.me and o.seq not in self.copied.get((self.me, seat), ()):
                    self._emit(Evidence((e.evidence[0],)), out)
                self._halt(Offence(seat, self._nick(seat), f"equivocation: {e}", tuple(e.evidence)))
            except ProtocolError:
                continue
            if verdict == Verdict.NEW:  # as if it came from its sender
                self.counts[o.type] += 1
                self.bytes_from[seat] += len(o.payload)
                out.extend(self._handle(o))

    def _add_gen(self, seat: int, generation: int, first: int, body: SlotCommit) -> None:
        self.slots.add_generation(seat, generation, body.commitments)
        self.gens[seat].append(_Gen(first, len(body.commitments)))

    # -------------------------------------------------------------- progress
    def _progress(self) -> Output:
        out = Output()
        if self._busy:
            return out  # re-entered from our own message: the outer loop goes on
        self._busy = True
        try:
            self._progress_loop(out)
        finally:
            self._busy = False
        return out

    def _progress_loop(self, out: Output) -> None:
        while not self.halted and not self.done:
            self._resolve_votes(out)
            if self._owner_decided():
                return  # a vote on this seat is decided: nothing more until the shell accepts or refuses it
            self._advance(out)
            if self.halted or self.done or not self._take_over(out):
                return

    def _advance(self, out: Output) -> None:
        """Go as far as the messages held allow (SPEC 11.3, 11.5).  One signed message per seat per turn:
        move t carries the mover's reveal of t and its ack of t-1, every other seat's reveal of t its ack
        of t-1.  Turn t-1 is agreed (final) when every present seat's ack of it matches ours; turn t is
        applied only then, with every present seat's reveal of t."""
        while not self.halted and not self.done:
            if self.state is None:
                if not self._setup_ready():
                    return
                self._reveal(0, out)
                if not self._all_revealed(0):
                    return
                self._apply_setup()
                self._applied(0, out)
                continue
            if self.over:
                out.extend(self._finish())
                return
            a = self.applied_turn
            if self.state.is_over:
                # the last turn: nothing follows to carry the acks of it, so they go on their own
                self._ack_alone(a, out)
                if self.final_turn < a and not self._finalize(a, out):
                    return
                self.over = True
                continue
            t = a + 1
            cur = self.state.public.current
            self._stray_moves(t, cur)
            # a taken-over seat's own move (held within the agreed count of its messages, possibly signed on
            # another state, or arriving after the computer moved) is never used: the computer player moves for
            # it, whatever arrived when (SPEC 11.9, *Takeover*; G9: a move is never applied unchecked, seed 312;
            # the peer and the auditor of its log alike, seed 596)
            mv = None if cur in self.bot_seats else self.move_from.get((t, cur))
            if mv is not None:
                self.moves[t] = mv
            if mv is None and t not in self.move_actions and cur in self.bot_seats:
                self._bot_move(t)  # every peer plays the absent seat's computer player alike
            if not self._move_held(t):
                if self._disagreed(a) and cur != self.me:
                    # a seat acked another state after turn a (its move or reveal of t carries the ack): our own
                    # ack goes out now, on its own, not with a reveal for a move that may never come (the seat we
                    # take for the mover may take another for it), so every peer meets the disagreement (SPEC 11.6)
                    self._ack_alone(a, out)
                    if self.final_turn < a:
                        self._finalize(a, out)  # (halts on the desync, or waits for the evidence)
                return  # waiting for the mover
            if t not in self.move_actions:
                mover_ack = self.acks.get(a, {}).get(mv.sender)
                # if its mover acked another state after turn a, turn a will not agree (a desync, with the
                # evidence of SPEC 11.6) and the move is never applied: it is not judged on our state
                if mover_ack is None or mover_ack.state == self.my_hash[a]:
                    self._check_move(t, mv)
            if t not in self.revealed:
                self._reveal(t, out)  # (and our ack of turn a)
            if self.final_turn < a and not self._finalize(a, out):
                return
            if not self._all_revealed(t):
                return
            self._apply_move(t)
            self._applied(t, out)

    def _stray_moves(self, t: int, cur: int) -> None:
        """Moves for turn t from seats other than its mover (``cur`` by our state after t-1).  Their sender's
        ack of t-1 rides on the move: if it equals ours, the sender shares our state and moved out of turn (an
        offence); if not, its state differs, and the disagreement on turn t-1 decides (SPEC 11.6)."""
        a = t - 1
        for seat in range(self.n):
            if seat != cur and (t, seat) in self.move_from:
                ack = self.acks.get(a, {}).get(seat)
                if ack is not None and ack.state == self.my_hash[a]:
                    self._halt(Offence(seat, self._nick(seat), f"moved out of turn (turn {t})",
                                       (self.move_from[(t, seat)].payload,)))

    def _ack_alone(self, t: int, out: Output) -> None:
        """Our ack of turn t on its own (the last turn; a disagreement; a long wait for the move: SPEC 11.5)."""
        if self.me is None or t in self.acked or t + 1 in self.revealed:
            return  # (acked already: on its own, or riding on our reveal or move of t+1)
        self.acked.add(t)
        self._emit(Ack(t, self.my_hash[t], self.my_sections[t]), out)

    def ack_now(self) -> Output:
        """The shell has waited ``ack_after`` seconds for the mover's move: send our ack of the turn before on
        its own, so that it is agreed now (and a disagreement on who moves can not leave every peer
        waiting for a move nobody makes, SPEC 11.5)."""
        out = Output()
        if (self.halted or self.done or self.me is None or not self.waiting_for_move()
                or self.state.public.current == self.me):
            return out
        self._ack_alone(self.applied_turn, out)
        if out.send and not self.halted:
            out.extend(self._progress())
        return out

    def _move_held(self, t: int) -> bool:
        """Turn t's move is here: the mover's (by our state after t-1), or a computer player's."""
        return (t, self.state.public.current) in self.move_from or t in self.move_actions

    def _disagreed(self, t: int) -> bool:
        """Some present seat's ack of turn t differs from our state hash."""
        mine = self.my_hash.get(t)
        present = self.present()
        return any(s in present and a.state != mine for s, a in self.acks.get(t, {}).items())

    def _finalize(self, t: int, out: Output) -> bool:
        """Turn t is agreed when every present seat's ack of it is in and carries our state hash (G6)."""
        acks = self.acks.get(t, {})
        if len(acks) < self.n - len(self.gone) or any(i not in acks for i in self.present()):
            return False
        if not self._agree(t, out):
            return False
        self.final_turn = t
        out.events.append(TurnFinal(t, self.my_hash[t]))
        self.agreed_state = self.state  # (the state after t: t+1 is applied only once t is agreed)
        self.moves_since = []
        return True

    def _applied(self, t: int, out: Output) -> None:
        """Turn t (0: the setup) is applied here: note our state hash (sent with our next message)."""
        self._record_hash(t)
        out.events.append(TurnApplied(t, self.my_hash[t], self.state, self.last_move if t > 0 else None,
                                      self.last_description if t > 0 else ""))
        if self.state.is_over:
            return
        self.turn = t + 1
        if self.me is not None and self.state.public.current == self.me:
            out.events.append(YourTurn(self.turn))

    def _setup_ready(self) -> bool:
        """Every seat still in the game (one voted out before the start is not) has committed."""
        pres = self.present()
        return all(i in self.chain_tips for i in pres) and (not self.g.hidden or all(self.gens[i] for i in pres))

    def _all_revealed(self, event: int) -> bool:
        return all(self.reveals.has_revealed(i, event) for i in self.present())

    def _event_reveals(self, event: int) -> dict[int, bytes]:
        """The reveals an event uses: those of the seats present (all seats, unless one was voted out)."""
        present = set(self.present())
        return {i: r for i, r in self.reveals.reveals(event).items() if i in present}

    def _rand(self, event: int) -> Rand:
        return Rand(event_randomness(event, self._event_reveals(event)))

    def _apply_setup(self) -> None:
        secrets = [self.secret if i == self.me else None for i in range(self.n)]
        state = self.g.new_game(self.nicks, self._rand(0), secrets)
        if self.g.hidden:
            expect = sled.initial_size(self.kind, self.rules)
            for i in self.present():
                if self.gens[i][0].size != expect:
                    self._halt(Offence(i, self._nick(i), f"committed {self.gens[i][0].size} slots, the deck has {expect}"))
            for seat in sorted(self.bot_seats):  # voted out before the start: its cards are dealt face up
                state = self._open_seat(state, seat)
        self.state = state
        self.head = h("snowp2p/transcript/v1", self.head, event_randomness(0, self._event_reveals(0)))
        self.applied_turn = 0

    def _check_move(self, t: int, mv: SignedMessage) -> None:
        """Check move t as soon as it arrives: turn, action, openings, rules (G5)."""
        seat, body = mv.sender, mv.body
        proof = (mv.payload,)
        assert self.state is not None
        if seat != self.state.public.current:
            self._halt(Offence(seat, self._nick(seat), f"moved out of turn (turn {t})", proof))
        try:
            action = self.g.action_from_wire(body.action, seat)
        except DecodeError as e:
            self._halt(Offence(seat, self._nick(seat), f"a malformed action: {e}", proof))
        if not self.g.hidden:
            if body.openings:
                self._halt(Offence(seat, self._nick(seat), "opened cards in a game without hidden cards", proof))
            self.move_actions[t] = action
            return
        cards = opened_cards(action)
        by_card = {}
        for op in body.openings:
            if op.generation >= len(self.gens[seat]) or op.slot >= self.gens[seat][op.generation].size:
                self._halt(Offence(seat, self._nick(seat), "opened a slot that was never committed", proof))
            card = self.gens[seat][op.generation].first + op.slot
            try:
                self.slots.open(seat, op.generation, op.slot, op.value, op.salt)
            except CommitmentError as e:
                self._halt(Offence(seat, self._nick(seat), f"a card opening that does not match its commitment: {e}",
                                   proof))
            by_card[card] = op.value
        for c, v in cards:
            if c not in self.state.sled(seat).hand:
                self._halt(Offence(seat, self._nick(seat), f"played card {c}, which is not in its hand (rule HAND)",
                                   proof))
            if by_card.get(c) != v:
                self._halt(Offence(seat, self._nick(seat),
                                   f"card {c} is played as {v} but its opening says {by_card.get(c)}", proof))
        if set(by_card) != {c for c, _ in cards}:
            self._halt(Offence(seat, self._nick(seat), "openings that do not match the cards played", proof))
        self.move_actions[t] = action

    def _apply_move(self, t: int) -> None:
        assert self.state is not None
        action = self.move_actions[t]
        seat = action.seat
        try:
            state = self.g.apply(self.state, action, self._rand(t))
        except IllegalMove as e:  # the engine checks the rules once, when it applies the move (SPEC 11.5 step 3)
            self._halt(Offence(seat, self._nick(seat), f"an illegal move: {e}", (self.moves[t].payload,)))
        if self.g.hidden and seat not in self.bot_seats:
            before, after = self.state.sled(seat), state.sled(seat)
            if after.generation != before.generation:
                self._bind_generations(seat, before, after, t)
            gone = located(before) - located(after)
            new = located(after) - located(before)
            if gone or new:
                self.conservation.append((seat, tuple(sorted(new)), tuple(sorted(gone))))
        self.last_description = self.g.describe(self.state, action, state)
        self.last_move = (self.state, action, state)  # for screens: the event lines of the turn (ui/views.py)
        self.state = state
        self.head = h("snowp2p/transcript/v1", self.head, self._move_digest(t),
                      event_randomness(t, self._event_reveals(t)))
        if t in self.moves:
            self.moves_since.append(self.moves[t].payload)
        self.applied_turn = t

    def _bind_generations(self, seat: int, before: sled.Sled, after: sled.Sled, t: int) -> None:
        pending = self.pending_slots[seat]
        need = after.generation - before.generation
        proof = (self.moves[t].payload,)
        if len(pending) < need:
            self._halt(Offence(seat, self._nick(seat), "reshuffled without committing the new slots", proof))
        used, self.pending_slots[seat] = pending[:need], pending[need:]
        for k, body in enumerate(used):
            g = before.generation + 1 + k
            first, end = _gen_bounds(after, g)
            if body.generation != g or len(body.commitments) != end - first:
                self._halt(Offence(seat, self._nick(seat), f"committed the wrong slots for deck generation {g} "
                                                           f"({end - first} cards)", proof))
            self._add_gen(seat, g, first, body)

    def _record_hash(self, t: int) -> None:
        """Our state hash and section hashes after turn t: the ack our next message carries (SPEC 11.6)."""
        assert self.state is not None
        sections = self.g.section_hashes(self.state)
        digest = self.g.state_hash(self.state, self.head, sections)
        sections["move"] = self._move_digest(t) if t > 0 else self.roster.digest
        for i in self.present():  # each seat's chain up to its reveal of t: traces a disagreement (SPEC 11.6)
            if (i, t) in self.reveal_digest:
                sections[f"seat.{i}"] = self.reveal_digest[(i, t)]
        self.my_hash[t] = digest
        self.my_sections[t] = sections

    def _agree(self, t: int, out: Output) -> bool:
        """True when every ack of turn t carries our state hash."""
        present = set(self.present())
        acks = {s: a for s, a in self.acks[t].items() if s in present}
        mine = self.my_hash[t]
        differ = [s for s, a in acks.items() if a.state != mine]
        if not differ:
            return True
        if self._voted_itself_off(t, differ, out):
            return False  # (it is leaving: voted out at once, then the turn is agreed without it)
        quitters = [s for s in differ if s in self.quit]
        if quitters:
            # a seat that said bye mid-game (it quit, or stopped on what it saw) is leaving: its differing ack does
            # not count, and it sends no copies to trace it; it is voted out at once and the turn is agreed by the
            # others (SPEC 11.9, *Bye*; sim seed 24: an equivocator stopped on its own fork, and the honest seat
            # waited for its copies for ever)
            for s in quitters:
                self.uncounted.setdefault(t, set()).add(s)
                del self.acks[t][s]
                self.ack_msgs.get(t, {}).pop(s, None)
            return False
        # Each ack carries, per seat, the digest of that seat's reveal for the turn, which commits to the
        # seat's whole chain up to it (SPEC 11.6).  A seat whose digest differs between two acks sent
        # different signed messages to different peers: both sides send their copies of its messages
        # since the turn before, and the copies prove the equivocation (an offence of that seat, G5).
        my_secs = self.my_sections[t]
        forked: set[int] = set()
        same_inputs = []
        for s in differ:
            secs = acks[s].sections or {}
            seat_keys = [k for k in my_secs if k.startswith("seat.") or k == "move"]
            for k in seat_keys:
                if k in secs and secs[k] != my_secs[k]:
                    forked.add(self.moves[t].sender if k == "move" and t in self.moves else int(k[5:]) if k != "move"
                               else -1)
            if all(secs.get(k) == my_secs[k] for k in seat_keys):
                same_inputs.append(s)
        forked.discard(-1)
        if forked:
            if t not in self.evidence_turns:
                self.evidence_turns.add(t)
                if self.me is not None:
                    for seat in sorted(forked - {self.me}):
                        self._send_copies(seat, t, out)
                return False
            if not set(differ) <= self.evidence_seen.get(t, set()):
                # wait for the copies of every seat whose ack differs: they prove who forked; a seat that does not
                # send them owes them like a relay (absence.AbsenceRules._owing; sim seed 163: a seat decided
                # meanwhile never sent its copies, and the turn waited on nobody for ever)
                self.awaiting_copies[t] = set(differ)
                return False
        # Nobody is named on a count of acks (G5): a seat that lies to some peers would make an honest one
        # look like the odd one out.  A seat is named only when its own signed ack states a different
        # hash for the very same signed inputs (every seat's chain up to this turn's reveal).
        culprit = None
        if not forked and len(differ) == 1 and same_inputs == differ:
            culprit = differ[0]
        report = self.desync_report(t)
        self._halt(Desync(t, report, culprit))

    def _voted_itself_off(self, t: int, differ: list[int], out: Output) -> bool:
        """A seat whose ack of turn t leaves out a seat X that is present here (no ``"seat.X"`` entry: it took X
        over) and that has itself signed a vote on X decided a vote alone that this peer did not: its state
        differs by its own signed choice, not by anyone's lie.  It is treated as leaving (SPEC 11.9, *Refuted
        claims*): its ack does not count, and it is voted out at once, like a seat whose claim refuted itself;
        the turn is then agreed by the others.  (Found by tests/absent/test_absent_owed.py: a seat that took
        nothing in any more voted everyone out on its own and sent acks of its own world.)"""
        mine = self.my_sections[t]
        off = []
        owner = self.owner
        for seat in differ:
            secs = self.acks[t][seat].sections or {}
            left_out = [int(k[5:]) for k in mine if k.startswith("seat.") and k not in secs]
            if (owner in left_out and seat in self.votes.get(owner, {}) and owner not in self.refused
                    and owner not in self.decided):
                # it took this very seat over on its own vote: this seat was away (resumed, frozen) or it was
                # answering; its shell accepts or refuses the vote, as any vote on it (SPEC 11.9)
                v = self.votes[owner][seat]
                self.decided[owner] = (v.choice, v.have, (seat,))
                self.voters[owner] = (seat,)
                out.events.append(self._voted_out_event(owner, v.choice))
                return True
            if any(seat in self.votes.get(x, {}) or seat in self.refused.get(x, ()) for x in left_out):
                # (a vote that the seat it named refused is no longer in ``votes``: its voter is leaving, seed 56)
                off.append(seat)
        for seat in off:
            self.leaving.add(seat)
            self.uncounted.setdefault(t, set()).add(seat)  # (it did ack: its later reveal is no offence, seed 2584)
            del self.acks[t][seat]
            self.ack_msgs.get(t, {}).pop(seat, None)
        return bool(off)

    def _send_copies(self, seat: int, t: int, out: Output) -> None:
        """Evidence: our copies of ``seat``'s messages since its reveal of the turn before ``t``."""
        start = self.reveal_seq.get((seat, t - 1), -1) + 1 if t > 0 else 0
        done = self.copied.get((self.me, seat), set())
        frames = [m.payload for m in self.chain.history(seat)[start:] if m.seq not in done]
        batch: list[bytes] = []
        for f in frames:
            if batch and (len(batch) == 4 or sum(map(len, batch)) + len(f) > MAX_EVIDENCE - 2000):
                self._emit(Evidence(tuple(batch)), out)
                batch = []
            batch.append(f)
        if batch:
            self._emit(Evidence(tuple(batch)), out)

    def desync_report(self, t: int) -> dict:
        return {
            "game": self.game_id.hex(),
            "turn": t,
            "last_agreed_state": (self.g.encode_public(self.agreed_state).hex()
                                  if self.agreed_state is not None else ""),
            "moves_since": [p.hex() for p in self.moves_since],
            "hashes": {
                self.name(s): {"state": a.state.hex(),
                               "sections": {k: v.hex() for k, v in sorted((a.sections or {}).items())}}
                for s, a in sorted(self.acks.get(t, {}).items())
            },
            "mine": {k: v.hex() for k, v in sorted(self.my_sections.get(t, {}).items())},
        }

    # ------------------------------------------------------------------- end
    def _finish(self) -> Output:
        out = Output()
        if self.state is None:  # ended by a vote before the race was set up: no cards were dealt
            if not self.done:
                self.done = True
                out.events.append(GameOver(()))
            return out
        if not self.g.hidden:
            if not self.done:
                self.done = True
                out.events.append(GameOver(tuple(self.places())))
            return out
        if self.me is not None and self.me not in self.final_opens:
            ops = []
            p = self.state.private[self.me]
            for g, gen in enumerate(self.gens[self.me]):
                for slot in range(gen.size):
                    ops.append(Opening(g, slot, p.values[gen.first + slot], slot_salt(self.secret, g, slot)))
            for i in range(0, len(ops), 500):
                self._emit(FinalOpen(tuple(ops[i:i + 500])), out)
                if self.halted:
                    return out
            # (and on: ours may be the last final_open the end was waiting for, defect A)
        if self.done or any(i not in self.final_opens for i in self.present()):
            return out
        self._check_final()
        self.done = True
        out.events.append(GameOver(tuple(self.places())))
        return out

    def _check_final(self) -> None:
        values: dict[int, dict[int, int]] = {i: {} for i in range(self.n)}
        for seat, ops in self.final_opens.items():
            for op in ops:
                try:
                    self.slots.open(seat, op.generation, op.slot, op.value, op.salt)
                except CommitmentError as e:
                    self._halt(Offence(seat, self._nick(seat), f"a final opening that does not match: {e}"))
        checked = [i for i in range(self.n) if i not in self.gone]  # a voted-out seat never opens its slots
        for seat in checked:
            for g, gen in enumerate(self.gens[seat]):
                closed = self.slots.closed_slots(seat, g)
                if closed:
                    self._halt(Offence(seat, self._nick(seat), f"left slots {closed[:5]} of generation {g} unopened"))
                for slot, v in self.slots.opened(seat, g).items():
                    values[seat][gen.first + slot] = v
        for seat in checked:
            s = self.state.sled(seat)
            for card, v in enumerate(s.values):
                if v >= 0 and values[seat].get(card, v) != v:
                    self._halt(Offence(seat, self._nick(seat), f"card {card} was played as {v} but opens as "
                                                               f"{values[seat][card]}"))
            gen0 = Counter(values[seat][c] for c in range(self.gens[seat][0].size))
            if gen0 != Counter(sled.initial_composition(self.kind, self.rules)):
                self._halt(Offence(seat, self._nick(seat), "a deck whose cards are not the game's deck"))
        for seat, new, gone in self.conservation:
            if seat in self.gone:
                continue
            if Counter(values[seat][c] for c in new) != Counter(values[seat][c] for c in gone):
                self._halt(Offence(seat, self._nick(seat), "a reshuffle that did not keep the cards it gathered"))

    def places(self) -> list[int]:
        """Final places: every seat ranked alike, a computer-played one too (G10); none for an
        abandoned game."""
        if self.state is None or self.abandoned:
            return []
        if self.g.hidden and not self.state.is_over:
            return list(sled.standings(self.state))
        return list(self.g.final_places(self.state))

    # ---------------------------------------------------------------- resume
    @classmethod
    def from_log(cls, records: list[bytes], track: Track, me: int, identity: Identity,
                 secret: bytes, *, game: Any) -> tuple["Session", list[bytes]]:
        """Rebuild a playing session from this peer's own log (``snowp2p resume``).

        Every record is checked exactly as if it arrived live.  Returns the
        session and the frames it produced that the log does not hold yet
        (a crash between accepting a frame and logging our answer): the
        caller logs and sends them.
        """
        roster = decode_signed(records[0])
        session = cls(roster, track, me, identity, secret, game=game)
        session.sent_setup = True  # our setup frames, if any, are in the log
        produced: list[bytes] = []
        logged = set()
        for rec in records[1:]:
            logged.add(rec)
            msg = session.check(rec)
            if msg is None:
                continue
            produced.extend(session.handle(msg).send)
        session.sent_setup = me in session.chain_tips
        missing = [p for p in produced if p not in logged]
        return session, missing

    def my_frames(self) -> list[bytes]:
        """Every frame this seat has sent, in order (what a reconnecting peer may ask for)."""
        return [m.payload for m in self.chain.history(self.me)] if self.me is not None else []

    def resume_events(self) -> Output:
        """What the shell must do after a resume: take our turn, or finish the game."""
        out = Output()
        if self.halted:
            return out
        if self.me is not None and self.me in self.decided:
            out.events.append(VotedOut(self.me, self.decided[self.me][0], self.turn))
            return out
        if not self.sent_setup and self.me is not None:
            return self.start()
        if self.done:
            out.events.append(GameOver(tuple(self.places()), abandoned=self.abandoned))
        elif self.my_turn():
            out.events.append(YourTurn(self.turn))
        return out

    # ----------------------------------------------------------------- views
    def unsigned(self) -> list[int]:
        """The seats that have not signed the roster: the host signed it (it is the host's own message),
        every other seat signs it with its commit_chain.  A log in which a seat never signed proves no
        result for that seat (G2)."""
        return [i for i in range(1, self.n) if i not in self.chain_tips]

    def my_turn(self) -> bool:
        return (self.me is not None and self.state is not None and not self.halted and not self.over
                and not self.state.is_over and self.applied_turn == self.turn - 1
                and (self.turn, self.me) not in self.move_from and self.state.public.current == self.me)


def log_owner(records: list[bytes]) -> int | None:
    """The seat whose log this is: record 1 of a game log is its owner's ``commit_chain`` (SPEC 12); the
    auditor treats a vote on the owner as its own session did (accepted with its ``bye``, or refused)."""
    if len(records) < 2:
        return None
    try:
        msg = decode_signed(records[1])
    except ProtocolError:
        return None
    return msg.sender if msg.type == "commit_chain" else None


def _trusted(cls, **values):
    """A body of our own making, without the schema check of its constructor (Record.__post_init__)."""
    body = object.__new__(cls)
    for name, v in values.items():
        object.__setattr__(body, name, v)
    return body


def _table_digest(table) -> bytes:
    return track_digest(table) if isinstance(table, Track) else table.digest


def _gen_bounds(s: sled.Sled, g: int) -> tuple[int, int]:
    """Card ids [first, end) of deck generation g of a sled."""
    first = s.gen_starts[g]
    end = s.gen_starts[g + 1] if g + 1 < len(s.gen_starts) else len(s.values)
    return first, end


class _FirstDraws:
    """Randomness for dry runs: validity and slot counts never depend on it."""

    def below(self, n: int) -> int:
        return 0

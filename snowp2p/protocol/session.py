"""The game session: the sans-I/O state machine of a networked game, handed the game object.

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

* setup: every seat sends ``commit_chain`` and, in a game with hidden
  cards, ``slot_commit`` (generation 0 of its hidden deck); then every seat reveals event 0; the engine's
  ``new_game`` runs on ``Rand(R(0))``; everyone acks turn 0.  (A later race of a match that carries cards
  starts from the race before instead: ``carried_from``, hidden.py, SPEC 16.5.)
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
* end: (hidden cards) every seat sends ``final_open`` for all its slots; the session
  checks every opening and that each reshuffle kept the cards it gathered.

Anything wrong becomes an :class:`Offence` naming the seat, what it did
and the signed frames that prove it; a disagreement of state hashes
becomes a :class:`Desync` with a report.  Either halts the session.

The session is cut by concern into mixins, each in its own module: this
file has the intake, the sending, the handling of each message and the
agreement on a turn (``_agree``, the evidence); ``turns.py`` the turn flow
(setup, moves, the end); ``hidden.py`` the hidden decks, asking
``game.hidden`` (slots, openings, reshuffles, final openings);
``absence.py`` absent players and votes; ``resume.py`` resuming from a
log.  No part imports a game: the game object is handed in (``game=``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from ..core.drbg import derive
from ..core.errors import IllegalMove
from .chain import SenderChain, Verdict
from .crypto import Identity, fingerprint, h
from .errors import ChainError, DecodeError, EquivocationError, ProtocolError, RevealError
from .messages import (
    BODY_TYPES, SIG_CONTEXT, ZERO_HASH, Absent, Ack, Body, Bye, CommitChain, Envelope, FinalOpen, Move, Reveal,
    Roster, Vote, SignedMessage, SlotCommit, decode_signed, encode_envelope, exact_bytes, list_of,
    pack_canonical, register_body, uint,
)
from .events import (  # noqa: F401  (re-exported: the shell imports the events from here)
    Abandoned, Desync, GameOver, Offence, Output, SeatTakenOver, TurnApplied, TurnFinal, VotedOut, YourTurn,
)
from .roster import rules_from_roster, table_from_roster
from .randomness import RevealVerifier, chain_reveal, make_hash_chain
from .absence import AbsenceRules
from .hidden import HiddenDecks
from .resume import Resume, log_owner  # noqa: F401  (log_owner: re-exported, the shell imports it from here)
from .turns import TurnFlow

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


class Acked(NamedTuple):
    """One seat's ack of a turn, wherever it rode (a move, a reveal or an ack of its own: SPEC 11.5).
    (A plain tuple: the fields were checked when the message carrying them was decoded.)"""

    turn: int
    state: bytes
    sections: Mapping[str, bytes] | None


class Session(TurnFlow, HiddenDecks, Resume, AbsenceRules):
    def __init__(self, roster: SignedMessage, track: Any = None, me: int | None = None,
                 identity: Identity | None = None, secret: bytes | None = None, *, game: Any,
                 carried_from: Any = None):
        """``game``: the game the roster names, a ``Game`` (games/api.py; the caller has it from the registry,
        ``snowp2p.games.find_game``: the protocol never looks a game up nor imports one).  ``track``: None (the usual case) takes the table the roster carries; a
        table given here must be that one (DecodeError otherwise)."""
        body = roster.body
        if not isinstance(body, Roster):
            raise DecodeError("the first message of a game is the roster", "type")
        carried = table_from_roster(body, game)
        if track is not None and game.table_digest(track) != game.table_digest(carried):
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
        # a later race of a match that carries cards (MM-T2): what the race before handed on (hidden.Carry)
        self.carried_from = carried_from
        self._init_hidden()  # slots, gens, pending_slots, final_opens, conservation (hidden.py)
        self.state: Any = None
        self.turn = 0  # the turn being played: applied_turn + 1 (0: setup; the last turn once the game is over)
        self.final_turn = -1  # last turn all peers agreed on (applied_turn - 1 or applied_turn)
        self.head = h("snowp2p/transcript/v1", roster.digest)
        self.moves: dict[int, SignedMessage] = {}  # turn -> the move of its mover (taken when the turn is played)
        # (turn, seat) -> every move received: before turn t-1 is agreed, a seat whose state differs may send a
        # move for t as well; only the mover's counts, and no one is blamed for another seat's move (SPEC 11.5)
        self.move_from: dict[tuple[int, int], SignedMessage] = {}
        self.move_actions: dict[int, Any] = {}
        self.acks: dict[int, dict[int, Acked]] = {}
        self.ack_msgs: dict[int, dict[int, SignedMessage]] = {}
        self.my_hash: dict[int, bytes] = {}
        self.my_sections: dict[int, dict[str, bytes]] = {}
        self.applied_turn = -1
        self.acked: set[int] = set()  # turns this seat acked with an ack of its own (not riding on a message)
        self.ack_after = 2.0  # seconds a non-mover waits for a move before it sends its ack on its own
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
        self.copy_digests: dict[int, set[bytes]] = {}  # sender -> the digests of the copies its evidence carried
        self.awaiting_copies: dict[int, set[int]] = {}  # turn -> the seats whose differing acks' copies we wait for
        self.uncounted: dict[int, set[int]] = {}  # turn -> leaving seats whose ack of it was held and does not count
        self.dropped_acks: dict[int, set[int]] = {}  # turn -> of those, the ones dropped as it left (a bye, a lone vote)
        self._busy = False
        self._waiting: tuple | None = None  # what the turn flow's last pass stopped to wait for (turns.py)
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
        if self._frozen(sender, msg.envelope.seq, relayed, msg.type) and not self._refusal_of_my_vote(msg):
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
            self._commit_first_deck(out)
        return out

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

    def submit(self, action: Any) -> Output:
        """This seat's action for the current turn: slot commitments, the move, the reveal.

        Raises IllegalMove (nothing is sent) if the engine refuses it.
        """
        out = Output()
        assert self.me is not None and self.state is not None
        if (self.halted or self.over or self.state.is_over or self.turn != self.applied_turn + 1
                or (self.turn, self.me) in self.move_from or self.state.public.current != self.me):
            raise IllegalMove("TURN", "it is not your turn")
        if self.away_held:
            # this seat signs nothing before its verdict on a decision counting it away: its clock's, not its
            # move's (SPEC 11.9; lie-away seed 1815: the move, signed before the watch looked, accepted a liar's
            # decision while this seat answered, and two honest seats voted each other out).  The shell asks its
            # watch first (AbsenceWatch.settle)
            raise IllegalMove("TURN", "wait: a vote that counts this seat away is being settled")
        dry = self.g.apply(self.state, action, _FirstDraws())  # raises IllegalMove: nothing sent
        openings: tuple = ()
        if self.g.hidden:
            self._commit_reshuffles(dry, out)  # (new generations of slots, committed before the move)
            openings = self.openings(action)
        self.revealed.add(self.turn)  # the move carries our reveal of event t and our ack of turn t-1
        self._emit(self.move_body(self.g.action_to_wire(action), openings), out)
        return out

    def move_body(self, action: dict, openings: tuple = ()) -> Move:
        """The body of our move for the current turn t: the action's wire form, the openings, our reveal
        of event t and our ack of turn t-1 (SPEC 11.5).  (Also what a test's or cheat's forged move uses.)"""
        t = self.turn
        return Move(t, action, openings, chain_reveal(self._links, t), self.my_hash[t - 1], self.my_sections[t - 1])

    # -------------------------------------------------------------- handling
    def handle(self, msg: SignedMessage) -> Output:
        """Act on an accepted (and logged) message."""
        if self.halted:
            return Output()
        return self._handle(msg, read=True)

    def _handle(self, msg: SignedMessage, read: bool = False) -> Output:
        """``read``: a record taken in (received, or read back from a log), not one this session just signed."""
        out = Output()
        body, seat = msg.body, msg.sender
        if seat not in self.chain_tips and not isinstance(body, CommitChain):
            # G2: a seat's commit_chain, which carries the roster's digest, is its signature on the roster;
            # nothing it sends counts before that
            self._halt(Offence(seat, self._nick(seat), f"sent a {msg.type} before signing the roster (its "
                               "commit_chain)", (msg.payload,)))
        if (seat == self.owner and (self.me is None or read) and self._owner_decided()
                and not (isinstance(body, Bye) and body.reason == "voted out")):
            # the auditor of the owner's log, and the owner's session resumed from it: the owner's next own message
            # after a decided vote on it is its bye{"voted out"} (it accepted) or anything else (it refused it and
            # played on; its absent{voter, left} is not sent when it had declared the voter at that count already:
            # sim seed 579; resumed, lie-away seed 7221: the replay stayed decided and its state short of the game's)
            self._refusal(seat)
            if self.me is None and not (isinstance(body, Absent) and body.owed == "left"):
                # (no absent{voter, left} first: the owner's peer went on from its refusal before this message,
                # Session.refuse_vote; sim lie-away seed 215: the audit decided a seat before the turn the peer
                # applied with that seat's own move.  Not the owner's own resumed session: this message is the first
                # its peer signed after the refusal, so going on first signed it again at the next seq, two acks of
                # one turn (sim lie-away seed 27007); it goes on after the message, SPEC 11.12)
                out.extend(self._progress())
        if seat == self.owner and self.away_held:
            self._owner_verdict(body)
            if not self.away_held:
                out.extend(self._progress_before(seat, body))  # (accepted: the takeover comes before this message, as on its peer)
        if isinstance(body, CommitChain):
            if seat in self.chain_tips or self.turn > 0:
                self._halt(Offence(seat, self._nick(seat), "committed to a second hash chain", (msg.payload,)))
            if body.roster != self.roster.digest:
                self._halt(Offence(seat, self._nick(seat), "signed another roster than this game's", (msg.payload,)))
            self.chain_tips[seat] = body
            self.reveals.add_peer(seat, body.tip, body.length)
        elif isinstance(body, SlotCommit):
            if body.generation == 0:
                if self.carried_in is not None:
                    self._halt(Offence(seat, self._nick(seat), "committed a new first deck in a race that carries "
                                                               "the decks of the race before", (msg.payload,)))
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
        if self._waiting is None or self._may_advance(msg):
            out.extend(self._progress())
        return out

    def _may_advance(self, msg: SignedMessage) -> bool:
        """Whether another pass of the turn flow may do anything after ``msg`` (handled): False only when the
        last pass stopped to wait for other seats' messages (``_waiting``, turns.py), ``msg`` is another seat's
        reveal or ack that leaves that wait as it was, and nothing of the absence machinery is under way (no
        claim to judge, no vote or decision that has not taken effect, no seat leaving).  The pass would then
        find what the last one found and stop at the same place, doing nothing: it is not run.  (A turn at 8
        seats brings 7 messages; the flow moves on at one or two of them.  Every message is still checked and
        recorded in full by ``_handle``; what each seat owes is derived from those records, absence.py.)"""
        body = msg.body
        kind = type(body)
        if kind is Reveal:
            acked = body.event - 1 if body.state is not None else -1
        elif kind is Ack:
            acked = body.turn
        else:
            return True  # (a move, and anything but the turn's plain messages: looked at in full)
        if msg.sender == self.me or self._claims or self.leaving or self.quit:
            return True
        if self.decided or self.votes:
            gone = self.gone
            if any(x not in gone for x in self.decided) or any(x not in gone for x in self.votes):
                return True
        what, turn, arg = self._waiting
        if acked >= 0 and body.state != self.my_hash.get(acked):
            return True  # (a differing ack: a disagreement is met at once, SPEC 11.6)
        if what == "move":  # arg: the turn before, whose acks the move's reveals carry
            return acked != arg or (kind is Reveal and body.event != turn)
        if what == "ack":  # turn ``turn`` is agreed once every present seat's ack of it is in
            acks = self.acks.get(turn, {})
            return all(i in acks for i in arg)
        if what == "reveal":  # turn ``turn`` is applied once every present seat's reveal of it is in
            counted = self._counted_reveal
            return all(counted(i, turn) for i in arg)
        return True

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
        self.copy_digests.setdefault(sender, set()).update(o.digest for o in copies)
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
            self._waiting = None  # (set again where the turn flow stops to wait)
            self._resolve_votes(out)
            if self._owner_decided() or self.away_held:
                return  # a vote on this seat (or counting it away) is decided: nothing more until its verdict
            self._advance(out)
            if self.halted or self.done or not self._take_over(out):
                return

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
        # (and a seat that is leaving here, its own claim refuted: in its own world it may have taken seats over on
        # a lone voter's word, for it does not vote there itself; sim seed 2502, a count liar)
        quitters = [s for s in differ if s in self.quit or s in self.leaving]
        if quitters:
            # a seat that said bye mid-game (it quit, or stopped on what it saw) is leaving: its differing ack does
            # not count, and it sends no copies to trace it; it is voted out at once and the turn is agreed by the
            # others (SPEC 11.9, *Bye*; sim seed 24: an equivocator stopped on its own fork, and the honest seat
            # waited for its copies for ever)
            for s in quitters:
                self.uncounted.setdefault(t, set()).add(s)
                self.dropped_acks.setdefault(t, set()).add(s)  # (its move of t+1 rides on it: turns._move_dropped)
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
                # every seat whose ack differs owes its copies from now on, like a relay (sim seed 138158: cut off
                # right after sending its own copies, this peer was owed nothing, ran no clock and waited for ever)
                self.awaiting_copies[t] = set(differ)
                return False
            if not set(differ) <= self.copies_in(t):
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

    def copies_in(self, t: int) -> set[int]:
        """The seats whose copies for turn t (SPEC 11.6) are in: an evidence from each, and among its copies the
        message its ack of t names for every other seat whose entry differs from ours.  Those are what show who
        forked; an evidence without them pays nothing (eq seed 79613: the seat holding equivocating p1's twin
        withheld its copies and sent a copy of one of its own messages with a far-future seq every 0.5 s; honest
        p2 took that for its copies, found no proof and halted on a desync naming nobody)."""
        mine, acks = self.my_sections.get(t, {}), self.acks.get(t, {})
        paid = set()
        for s in self.evidence_seen.get(t, set()):
            secs = (acks[s].sections or {}) if s in acks else {}
            named = {d for k, d in secs.items()
                     if k in mine and k.startswith("seat.") and int(k[5:]) != s and mine[k] != d}
            if named <= self.copy_digests.get(s, set()):
                paid.add(s)
        return paid

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
            # (or it took this seat over on the word of voters this seat refused: it was away and accepted their
            # decision, as a seat counted away on one voter's word does, verdicts.settle_away; its game differs by that
            # decision, not by a lie: each side's result rests on one seat's word, G12; sim lie-away seed 297)
            # (or it holds a seat in that this log's owner took over on its own word alone: the owner's lone decision,
            # not a lie, parts them, as above the other way round; lie-away seed 25024: cut-off p3 took p0 over alone,
            # then named honest p1, whose ack had p0's reveal, in a desync)
            kept_in = [int(k[5:]) for k in secs if k.startswith("seat.") and k not in mine]
            if any(seat in self.votes.get(x, {}) or seat in self.refused.get(x, ()) for x in left_out) or (
                    owner in left_out and owner in self.refused and owner not in self.decided) or any(
                    x in self.gone and owner in self.voters.get(x, ()) and seat not in self.voters[x]
                    and not set(self.voters[x]) - self.leaving - {owner} for x in kept_in):
                # (and on its word with those of seats leaving here since: la seed 155160, once a trial rule made
                # it vote 0.25 s sooner, p1 named honest p2, which kept in p0, taken over on p1's and cut-off p3's votes)
                # (a vote that the seat it named refused is no longer in ``votes``: its voter is leaving, seed 56)
                off.append(seat)
        for seat in off:
            self.leaving.add(seat)
            if self.me is not None:  # (what it signs from now on belongs to its own game: as after a refusal)
                self.refused_from.setdefault(seat, self.chain.next_seq(seat))
            self.uncounted.setdefault(t, set()).add(seat)  # (it did ack: its later reveal is no offence, seed 2584)
            # (and its move of t+1, riding on that ack, was made in its own game: as a quitter's, turns._move_dropped;
            # lie-away seed 8526: held by the peer before the takeover, it was played there, the computer's in the audit)
            self.dropped_acks.setdefault(t, set()).add(seat)
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


def _trusted(cls, **values):
    """A body of our own making, without the schema check of its constructor (Record.__post_init__)."""
    body = object.__new__(cls)
    for name, v in values.items():
        object.__setattr__(body, name, v)
    return body


class _FirstDraws:
    """Randomness for dry runs: validity and slot counts never depend on it."""

    def below(self, n: int) -> int:
        return 0

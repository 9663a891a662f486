"""Absence, relays, votes and the end that no seat can hold up or rewrite (protocol/SPEC.md section 11.9).

Theory of operation
-------------------
Every pause must end, whatever the other seats do (G7), and only what a seat *owes* counts (G7a).  This
module is the pure part of that promise: from the signed messages a peer holds it derives

* **what each seat owes now** (:meth:`AbsenceRules.owed`, one :class:`Owed` per seat, written as data in
  :data:`OWED`): its move, a reveal, an ack, its final openings, a relay it promised, the declaration of
  an absence that this peer has declared too, or its vote in a pause;
* **who votes on whom** (:meth:`AbsenceRules._voters`): the present seats, less the ones the game itself
  waits on (they are away too) and the ones already decided; on a seat declared absent for its part as a
  voter, less exactly the seats the voters' own signed absents count away (:meth:`AbsenceRules._declared_away`),
  so that every peer counts the same voters for that decision;
* **when a vote is decided, and what it decides**: every voter's vote in, this peer holding the highest
  count of the absent seat's messages that a vote claims; a computer player takes the seat unless every
  voter asks to end the game; nothing of the kind once the last turn is agreed (G11);
* **claims that refute themselves** (:meth:`AbsenceRules._refutes`): an ``absent`` that says a seat owes
  what the sender's own count shows it held.  Its sender is treated as leaving (G10).

The shell (net/watch.py) owns the clock: it restarts a seat's clock only when what the seat owes changes
(delivering it), declares the seat absent once the clock passes the limit of what it owes, and votes once
the pause has lasted ``vote_after``.  Every decision here is a function of signed messages in each
sender's chain order, so the peers and the auditor of any one log reach it alike.

The session (:class:`~snowp2p.protocol.session.Session`) inherits these rules; they use its chain,
state and reveal book, and :meth:`Session._emit` to sign.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .claims import DeclareClaims
from .events import Abandoned, GameOver, Output, SeatTakenOver, VotedOut
from .messages import Absent, Vote
from .results import ResultLines
from .verdicts import LEFT_REASON, OwnerVerdicts

if TYPE_CHECKING:
    from .messages import SignedMessage

DEFAULT_MOVE_TIME = 90  # seconds a seat has for its move (a host setting, roster settings "move_time")


@dataclass(frozen=True)
class Owed:
    """What one seat owes now.  ``what`` is a key of :data:`OWED`; ``turn`` the turn it belongs to;
    ``about`` the seat a relay, declaration or vote concerns; ``have`` how many of ``about``'s messages
    this peer held when the obligation arose (a new message of ``about`` makes it a new obligation)."""

    what: str
    turn: int
    about: int | None = None
    have: int = 0

    @property
    def clock(self) -> str:
        """Which limit runs for it: ``"move"`` (move time), ``"vote"`` (absent + vote time), ``"now"`` or
        ``"absent"``."""
        return OWED[self.what][0]


#: what a seat can owe: (which limit runs, what delivers it, whether an ``absent`` naming it can be refuted by
#: the sender's own count).  The move is a person's decision (move time); a vote is owed only after the pause
#: has lasted ``vote_after``; a seat that refuted itself (``left``) is declared at once; everything else is
#: sent by a client on its own (absence time).
OWED: dict[str, tuple[str, str, bool]] = {
    "setup": ("absent", "commit_chain, slot_commit of generation 0, reveal of event 0", True),
    "move": ("move", "move{t}", True),
    "reveal": ("absent", "reveal{t} (carrying its ack of t-1)", True),
    "ack": ("absent", "ack{t} of the last turn", True),
    "final": ("absent", "final_open", True),
    "relay": ("absent", "the messages of a seat its absent/vote claimed to hold", False),
    "declare": ("absent", "absent{X} about a seat this peer declared absent (or X's missing messages)", False),
    "vote": ("vote", "vote{X} in a pause on X", False),
    "left": ("now", "nothing: its own claim showed it was leaving", False),
}


class AbsenceRules(OwnerVerdicts, DeclareClaims, ResultLines):
    """The absence, relay, vote and takeover rules of a :class:`Session` (a mixin: see the module doc)."""

    # ---- initial state (called by Session.__init__)
    def _init_absence(self, settings) -> None:
        get = getattr(settings, "get", None)  # (a roster's settings: a read-only map)
        self.move_time = get("move_time", DEFAULT_MOVE_TIME) if get is not None else DEFAULT_MOVE_TIME
        self.absents: dict[int, dict[int, Absent]] = {}  # seat X -> sender -> its latest absent about X
        self.absent_haves: dict[tuple[int, int], set[int]] = {}  # (sender, X) -> the haves it declared
        self.votes: dict[int, dict[int, Vote]] = {}  # seat X -> sender -> its (one) vote on X
        self.decided: dict[int, tuple[str, int, tuple[int, ...]]] = {}  # X -> (choice, have, voters)
        self.gone: dict[int, tuple[str, int, int]] = {}  # seat -> (choice, messages kept, turn of the takeover)
        self._present: list[int] = []
        self._present_for = -1  # len(gone) when _present was made (seats only ever join gone)
        self.voters: dict[int, tuple[int, ...]] = {}  # seat -> the seats whose votes decided it
        self.away_at: dict[int, dict[int, int]] = {}  # decided seat -> seats not counted -> their count then
        self.behind_votes: dict[int, set[int]] = {}  # decided seat -> voters left out behind the owner's votes
        self.late_votes: set[int] = set()  # decided seats whose decision took such a voter's vote in since
        self.came_back: dict[int, set[int]] = {}  # seat -> voters on it that came back after a decision (reopened)
        self.abandoned = False
        self.my_votes: dict[int, int] = {}
        self.vote_choice = "bot"  # this peer's choice when it joins a vote others started (the shell sets it)
        self.bot_seats: set[int] = set()
        self.bot_moves: dict[int, bytes] = {}
        self.asked_relay: set[tuple[int, int]] = set()  # (X, have) of the owner's absents on X that asked for a relay
        self.relayed: dict[int, set[int]] = {}  # (asker, X) -> how far this peer relayed X's messages to asker
        self.copied: dict[tuple[int, int], set[int]] = {}  # (sender, seat) -> seqs of seat's messages it copied
        self.leaving: set[int] = set()  # seats whose own claim refuted itself, or that a refused vote names (G10)
        self.refused: dict[int, tuple[int, ...]] = {}  # owner seat -> the voters of the vote it refused
        self.refused_from: dict[int, int] = {}  # a voter this peer refused -> its first seq not taken straight from it
        # (X, V) for every absent{V, owed: "left"} X signed: with vote_at, what the result's refusal lines are read
        # from (results.outcome)
        self.left_said: set[tuple[int, int]] = set()
        self.left_first: dict[int, int] = {}  # seat -> the count of the owner's first absent{seat, left} of its verdict
        self.final_seq: dict[int, int] = {}  # seat -> seq of its first final_open
        self.claim_seq: dict[int, int] = {}  # seat -> seq of its latest absent or vote
        self.absent_seq: dict[tuple[int, int], int] = {}  # (sender, X) -> seq of the sender's latest absent about X
        self.vote_seq: dict[int, int] = {}  # seat -> seq of its latest vote
        self.vote_at: dict[tuple[int, int], int] = {}  # (sender, X) -> seq of the sender's vote on X
        self.names: dict[tuple[int, int], frozenset[int]] = {}  # (sender, X) -> what its absent{X, declare} names
        self.named_at: dict[tuple[int, int], dict[int, Absent]] = {}  # (sender, X) -> those seats -> its absent on each
        self.claim_before: dict[tuple[int, int], int] = {}  # (V, X) -> seq of this peer's absent{X} when V's vote came
        self._naming: set[tuple[int, int]] = set()  # (sender, X) claims being judged now (_declare_owed)
        self._claims: list[tuple[int, Absent]] = []  # (sender, absent) not judged yet (their count not held)
        self.byes: dict[int, str] = {}  # seat -> the reason of its bye (its last message)
        self.quit: set[int] = set()  # seats that said bye before their game was over: leaving (SPEC 11.9, *Bye*)
        # X -> V: a decision on X that counts this log's owner away on V's word alone, held (no takeover, nothing
        # signed) until the owner's verdict, its next own message (SPEC 11.9, *A vote that counts this seat away*)
        self.away_held: dict[int, int] = {}
        self.away_accepted: set[tuple[int, int]] = set()  # (X, V): held decisions the owner accepted (it was away)

    # ---- who is in
    def present(self) -> list[int]:
        """Seats still taking part (not voted out).  (Asked on every message: kept until ``gone`` changes.)"""
        if self._present_for != len(self.gone):
            self._present = [i for i in range(self.n) if i not in self.gone]
            self._present_for = len(self.gone)
        return list(self._present)

    def _owner_decided(self) -> bool:
        """The seat whose log this is (``me``, or the auditor's ``owner``) has a decided vote on it that it has
        neither accepted nor refused: it produces nothing until its shell does one or the other."""
        return self.owner is not None and self.owner in self.decided and self.owner not in self.gone

    def _frozen(self, seat: int, seq: int, relayed: bool = False, kind: str | None = None) -> bool:
        """Messages of ``seat`` this peer no longer takes: from the agreed count on once it is taken over or
        decided; after our own vote, those straight from the seat from our vote's count on.  A relayed copy is
        still taken until the decision (whoever relays it held it, and votes with a count that covers it).
        The owner of this log is never frozen by a decision on it: it accepts (its ``bye``) or refuses it.
        ``kind``: the message's type, for a straight copy another seat's count covers (:meth:`_claimed`)."""
        if seat in self.gone:
            return seq >= self.gone[seat][1]
        # (nor a decision that counts the owner away, held for its verdict or accepted: _away_decision)
        if (seat in self.decided and seat != self.owner and not self._away_decision(seat)
                and not self._lone_refused(seat) and not (relayed and self._behind_owner_votes(seat))):
            return seq >= self.decided[seat][1]
        if seat in self.my_votes and not relayed and not self._vote_judged_lone():
            return seq >= self.my_votes[seat]
        if seat in self.refused_from and not relayed:
            return seq >= self.refused_from[seat] and not self._claimed(seat, seq, kind)
        # a contested lone vote on this seat: its voter signs on in a game without this seat (SPEC 11.9; lie-away 1874)
        return (self.me is not None and not relayed and self.me not in self.gone
                and seq > self.vote_at.get((seat, self.me), seq) and self._contested(self.me, [seat]))

    # ---- relays
    def forget_relays(self, seat: int) -> "Output":
        """A new connection to ``seat``: what we relayed to it on the old one may be lost; relay again
        what its latest absence or vote said it lacks."""
        out = Output()
        for key in [k for k in self.relayed if k[0] == seat]:
            del self.relayed[key]
        for x, have in self._claimed_lacks(seat).items():
            self._relay(seat, x, have, out)
        return out

    def _relay(self, asker: int, absent: int, have: int, out: "Output") -> None:
        """Send ``asker`` the exact signed messages of ``absent`` it lacks (it holds ``have``): plain
        frames of ``absent``'s chain, each at most once per connection, so a relay always fits a
        frame and costs no more than the absent seat's own messages (G9)."""
        if self.me is None or asker == self.me:
            return
        mine = self.chain.next_seq(absent)
        if absent in self.gone:  # (a seat taken over is still relayed up to its kept count: lie-away seed 1880)
            mine = min(mine, self.gone[absent][1])
        start = max(have, self.relayed.get((asker, absent), 0))
        if start >= mine:
            return
        self.relayed[(asker, absent)] = mine
        out.relay.extend((asker, m.payload) for m in self.chain.history(absent)[start:mine])

    def nudge(self, seat: int) -> "Output":
        """Before ``seat`` is declared absent for lacking a message that depends on other seats' messages (a
        reveal needs the move), pass on to it every other seat's messages of the current turn: a message
        owed to everyone but delivered to some reaches the rest this way (omission), and the seat that
        omitted stays the one that owes (SPEC 11.9, *Omission*).  At most the current turn's messages."""
        out = Output()
        if self.me is None or seat == self.me:
            return out
        t = self.applied_turn - 1  # (the seat may be a turn behind us: it lacks what made us apply the last one)
        for j in self.present():
            if j == seat:
                continue
            start = self.reveal_seq.get((j, t), -1) + 1 if t >= 0 else 0
            have = self.chain.next_seq(j)
            # (not noted in ``relayed``, which counts from what the seat said it holds: a relay must start at
            # the first message it lacks, or it can not place the rest)
            out.relay.extend((seat, m.payload) for m in self.chain.history(j)[start:have])
        return out

    # ---- what is owed (G7a)
    def _base_owed(self) -> dict[int, Owed]:
        """The present seats whose own messages the game waits on now, and what each owes."""
        if self.halted or self.done:
            return {}
        pres = self.present()
        if self.state is None:
            missing = {i for i in pres if i not in self.chain_tips or (self.g.hidden and not self._setup_committed(i))}
            missing = missing or {i for i in pres if not self.reveals.has_revealed(i, 0)}
            return {i: Owed("setup", 0) for i in missing}
        a = self.applied_turn
        if self.over:
            if not self.g.hidden:
                return {}
            return {i: Owed("final", a) for i in pres if i not in self.final_opens and self._owes_final(i)}
        if self.state.is_over:  # the last turn's acks, sent on their own
            return {i: Owed("ack", a) for i in pres if i not in self.acks.get(a, {})}
        t = a + 1
        cur = self.state.public.current
        # (an ack of turn a that did not count: it came from a seat that voted itself off, Session._voted_itself_off)
        lost = {i: Owed("ack", a) for i in pres if self.final_turn < a and i not in self.acks.get(a, {})
                and self.reveals.has_revealed(i, t)}
        if not self._move_held(t):
            return {**lost, cur: Owed("move", t)} if cur in pres else lost
        if cur in pres and cur != self.owner and not self._counted_reveal(cur, t):
            return {**lost, cur: Owed("move", t)}  # (a move past the counts of the votes on its mover: seed 10918)
        return {**lost, **{i: Owed("reveal", t) for i in pres if not self._counted_reveal(i, t)}}

    def _counted_reveal(self, seat: int, event: int) -> bool:
        """``seat``'s reveal of ``event`` is held and counts: not a message past the agreed count of a decision on
        ``seat`` that has not taken effect yet.  A peer may hold such a message (a relayed copy is taken after its
        own vote, until the decision: _frozen) when the voter that relayed it never voted and the decision's count
        is lower; the seat is then taken over before the event, as on the peers that never held it (sim seed
        6468: p0 drew turn 6 with frozen p3's relayed reveal, p4 with p3 taken over: a desync naming p0).  Nor, while
        the owner's vote on ``seat`` is open (and not judged lone: then it takes the seat's messages
        straight again, as the others play on with them, sim seed 10727), one at or past the highest count of the votes
        held: the decision's count is at least that, so a reveal within it is drawn on every peer and one beyond it
        waits for the decision (sim seed 12343: p0 drew with p4's reveal relayed by never-voting p2, and p2's removal
        then decided p4 at the lower count); not once every other present seat acked that turn: all drew it with the
        reveal (verdicts._drawn_by_others; lie-away seed 61730)."""
        if not self.reveals.has_revealed(seat, event):
            return False
        if seat in self.gone or seat == self.owner:
            return True
        d = self.decided.get(seat)
        if d is not None:
            return self.reveal_seq.get((seat, event), -1) < d[1]
        votes = self.votes.get(seat, {})
        if self.owner in votes and not self._vote_judged_lone(seat):
            return (self.reveal_seq.get((seat, event), -1) < max(v.have for v in votes.values())
                    or self._drawn_by_others(seat, event))
        return self.reveal_seq.get((seat, event), -1) < self._others_voted(seat)

    def _needed(self) -> set[int]:
        """The present seats whose messages the game can not go on without, now (for the auditor too):
        the seats the game itself waits on, and the seats that owe this peer a relay of messages of one of
        those (SPEC 11.9, *Owed relays*)."""
        base = set(self._base_owed())
        return base | self._owing(base)

    def _base_needed(self) -> set[int]:
        return set(self._base_owed())

    def _owing(self, base: set[int]) -> set[int]:
        """Seats that owe this peer a relay: an ``absent``/``vote`` of theirs about a seat ``X`` the game
        waits on (not decided) claims more of ``X``'s messages than this peer holds; and, while we wait for
        move t, a seat whose reveal of t we hold (it reveals only once it holds the move).  A claim obliges
        its maker to relay: one that does not is declared absent and voted on in turn, and its claim stops
        counting (_voters), so no seat can freeze a game by claiming what it never sends (G7)."""
        owing = set()
        for x in base:
            if x in self.decided:
                continue
            owing |= {i for i in self.claiming_past(x)
                      if i not in self.decided and i not in self.gone and i not in self.leaving}
        t = self.final_turn + 1  # the turn being agreed on: seats whose acks differ owe their copies (SPEC 11.6)
        if t in self.awaiting_copies and not self.halted:
            owing |= {i for i in self.awaiting_copies[t] - self.copies_in(t)
                      if i in self.present() and i != self.me}
        if self.state is not None and not self.over and not self.state.is_over:
            t = self.applied_turn + 1
            cur = self.state.public.current
            if cur in base and cur not in self.decided and not self._move_held(t):
                # (not a seat whose vote on the mover we hold: its reveal may follow a computer's move in that
                # seat, decided on its word while this peer was away: there is no signed move to relay, and
                # calling it absent for one split the game: fault injection seed 23)
                voted = self.votes.get(cur, {})
                owing |= {i for i in self.present() if i != cur and i not in self.decided
                          and i not in voted and self.reveals.has_revealed(i, t)}
        return owing

    def claiming_past(self, x: int) -> set[int]:
        """The other seats whose ``absent`` or vote about ``x`` counts more of ``x``'s messages than this peer holds."""
        held = self.chain.next_seq(x)
        return {i for i, m in [*self.absents.get(x, {}).items(), *self.votes.get(x, {}).items()]
                if i != x and m.have > held}

    def owing(self) -> set[int]:
        """The seats that owe this peer a relay now."""
        return self._owing(self._base_needed())

    def owed(self) -> dict[int, Owed]:
        """What every present seat owes now (G7a), as seen from the messages held here; the shell's absence
        clock for a seat runs only while it owes, and restarts only when this changes.  One obligation per
        seat, the first that applies: leaving, its own messages, a relay, a declaration, a vote."""
        if self.halted or self.done:
            return {}
        base = self._base_owed()
        res = dict(base)
        turn = self.turn
        for i in self._owing(set(base)):
            res.setdefault(i, Owed("relay", turn))
        if self.me is not None:
            # voters owe their part in a pause that this peer is in too (it declared the seat absent itself):
            # a declaration, then a vote; one that does not give it is declared absent in turn (G7a)
            for x in sorted(self.absents):
                if x in self.decided or x in self.gone or x == self.me or not self._current(self.me, x):
                    continue
                voters = self._voters(x)
                paused = self.paused_on(x)
                # the obligation arose with this peer's own declaration on x: a message of x that does not
                # deliver what x owes (a trickle) neither clears it nor makes it new (G7a; seed 2048: the
                # count of x's messages renewed a gone voter's 'declare' at every trickled message)
                held = self.absents[x][self.me].have
                # a claim on x beyond this peer's count holds every vote back (_vote): only its maker owes, the relay
                # (sim seed 9499: honest seats held by a liar's count declared each other for votes none could cast)
                blocked = paused and self.chain.next_seq(x) < self._highest_have(x)
                # (nor, while this peer holds what x owes but counts it not, a declaration from a seat whose own signed
                # messages show it holds that too: x answered it, and it will never declare x; sim seed 7605, flush)
                answered = self.held_elsewhere(x, base[x]) if self._holds_owed(x, base.get(x)) else set()
                for w in voters:
                    if w == self.me or w in res:
                        continue
                    if paused and w not in self.votes.get(x, {}) and not blocked:
                        res[w] = Owed("vote", turn, x, held)
                    elif not paused and not self._current(w, x) and w not in answered:
                        res[w] = Owed("declare", turn, x, held)
        for v in self.leaving:
            if v in self.present() and v not in self.decided and v != self.me:
                res[v] = Owed("left", turn)
        for v in self.quit:  # (said bye, and owes: it will never send it)
            if self._quitting(v, base):
                res[v] = Owed("left", turn)
        return res

    def held_elsewhere(self, seat: int, o: Owed | Absent | None = None) -> set[int]:
        """The other present seats whose own signed messages, held here, show that they hold what ``seat`` owes
        now (or what ``o`` says it owed): its move of turn t (a seat reveals t only once it holds the move) or its
        reveal of t (a seat acks t only once it applied t).  Calling ``seat`` absent then asks those seats for a
        relay of what this peer lacks rather than for a vote: it answered them (SPEC 11.12, *Coming back*)."""
        o = self._base_owed().get(seat) if o is None else o
        what = o.what if isinstance(o, Owed) else o.owed if o is not None else None
        if what not in ("move", "reveal"):
            return set()
        t = o.turn
        if what == "move":
            return {i for i in self.present() if i not in (seat, self.owner) and (i, t) in self.reveal_seq}
        return {i for i in self.present() if i not in (seat, self.owner) and i in self.acks.get(t, {})}

    def waiting_on(self) -> set[int]:
        """The seats whose messages the game is waiting for now."""
        if self.me is None:
            return set()
        return self._needed() - {self.me}

    def waiting_for_move(self) -> bool:
        """True while the game waits for a player's decision (which may take a person a while);
        False while it waits for messages a client sends by itself (reveals, acks, openings)."""
        return (self.state is not None and not self.over and not self.state.is_over
                and self.applied_turn < self.turn and not self._move_held(self.turn))

    # ---- absence and pause
    def declare_absent(self, seat: int, owed: Owed | None = None) -> "Output":
        """Record (signed) that ``seat`` has not given what it owes in time.  At most one per (seat, count
        of its messages held): a new one only after it sent more."""
        out, given = Output(), owed is not None
        if owed is None:
            owed = self.owed().get(seat) or Owed("move", self.turn)
        if given and owed.what == "left" and getattr(self.owed().get(seat), "what", None) != "left":
            return out  # (a stale obligation: the verdict lapsed since it was read, _lapse_lone; lie-away seed 135630)
        if given and seat not in self.gone and seat not in self.decided and seat != self.me:
            if (held_back := self.vote_held_back(seat, owed)) is not None:
                return held_back  # (a vote instead of a claim that would refute itself: lie-away seed 103560)
        have = self.chain.next_seq(seat)
        if (self.me is None or seat == self.me or seat in self.gone or seat in self.decided
                or self._reveal_of_mine_refused(seat, owed) or have in self.absent_haves.get((self.me, seat), ())
                or self.halted or self.done
                or ((given or owed.what == "reveal") and self._holds_owed(seat, owed))):
            return out  # (nor for a reveal or move held back for a decision, _counted_reveal: that claim refutes
            # itself; a move: lie-away seed 42541 with seed 95040's rule, where p1's open vote on p2 held p2's move back)
        self._emit(Absent(seat, owed.turn, have, owed.what), out)
        return out

    def _current(self, sender: int, seat: int) -> bool:
        """``sender``'s latest ``absent`` about ``seat`` still holds: ``seat`` still owes what it names (a
        seat that delivers clears its absence; any other message of it does not, G7a), or owes a relay, or
        is leaving; for anything else, no message of ``seat`` came after it."""
        a = self.absents.get(seat, {}).get(sender)
        if a is None:
            return False
        if seat in self.leaving:
            return True
        base = self._base_owed()
        if seat in self.quit and self._quitting(seat, base):
            return True
        o = base.get(seat)
        if o is not None and a.have >= self.chain.next_seq(seat):
            # it has sent nothing at all since it was declared absent, and it owes again: still absent (an absent
            # can not be signed again at the same count; sim seed 1468: a seat declared for a declaration it owed
            # during a pause, gone for good, then owed its reveal: every voter's absent was stale, none could sign
            # a new one, and the game waited for ever)
            return True
        if o is not None:  # only delivering what it owes clears it: other messages do not (G7a)
            return (a.owed, a.turn) == (o.what, o.turn)
        if seat in self._owing(set(base)):
            return True  # (its own messages do not pay a relay it owes)
        if a.owed == "vote":  # only its vote on a seat the claim names pays it (claims._vote_owed: sim 3761, 4898)
            return self._vote_owed(sender, seat, a)
        if a.owed == "declare":
            return self._declare_owed(sender, seat, a)
        return a.have >= self.chain.next_seq(seat)

    def declared_here(self, seat: int) -> bool:
        """This peer's own latest ``absent`` about ``seat`` still holds (the shell declares it again if not)."""
        return self.me is not None and self._current(self.me, seat)

    def paused_on(self, seat: int) -> bool:
        """Every voter on ``seat`` has declared it absent since its last message we hold."""
        if seat in self.gone or seat in self.decided:
            return False
        voters = self._voters(seat)
        return bool(voters) and all(self._current(i, seat) for i in voters)

    def _voters(self, seat: int) -> list[int]:
        """The seats that vote on ``seat``: the present ones, less ``seat``, the decided ones, and the seats
        the game itself waits on (they are away too: two seats that crash together do not wait for each
        other's votes).  A seat that owes a relay still votes: its claim is what the others wait to match.
        On a leaving seat every other present seat votes (the one whose move is due too); a leaving seat
        votes on nobody.  On a seat declared absent for its part as a voter (``owed: declare|vote``), a seat the
        game waits on is away only once declared absent, and the seats a voter declared just before are away on
        every peer (:meth:`_declared_away`; SPEC 11.9, *Who votes on a seat that failed its part as a voter*)."""
        part = self._voters_part(seat)
        away = set() if seat in self.leaving or seat in self.quit else self._base_needed() - {seat}
        if part and seat != self.owner:
            # a vote on a seat for its part as a voter: the game does not wait on that seat's own messages, so who
            # else the game waits on now is no reason to count a seat away; only a seat declared absent is (sim seed
            # 1105: p4 counted p0 and p3 away because a move had just reached it, decided alone at its count and
            # took the seat over a message earlier than p3, whose vote held one more: a desync)
            away = {w for w in away if self._declared(w)}
        if self.owner is not None:
            # the seat whose log this is answers by its own reckoning (it sends a reveal or an ack as soon as it
            # holds what it needs, and its move within its move time): no decision on another seat is taken on its
            # peer without its vote (seed 579: a cut-off seat's lone decisions arrived between a move and this
            # seat's reveal; seed 1192: while this seat owed the move)
            away.discard(self.owner)
        if part:
            away |= self._declared_away(seat)
        away -= self.came_back.get(seat, set())  # (back since a decision that did not count it: _reopen_if_back)
        away |= self._voted_on_by_owner(seat)
        return [i for i in self.present() if i != seat and i not in away and self._may_vote(i)]

    def _may_vote(self, v: int) -> bool:
        """``v`` may still vote: not voted out, not decided, not leaving, and it has not said bye (a seat that said
        bye votes on nobody: sim seed 2321)."""
        return v not in self.gone and v not in self.decided and v not in self.leaving and v not in self.byes

    def _voters_part(self, seat: int) -> bool:
        """``seat`` is declared absent for its part as a voter (``owed: declare`` or ``vote``) by a seat that may vote
        (and is not leaving: on a leaving seat every other present seat votes)."""
        return seat not in self.leaving and seat not in self.quit and any(
            a.owed in ("declare", "vote") and v != seat and self._may_vote(v)
            for v, a in self.absents.get(seat, {}).items())

    def _declared(self, seat: int) -> bool:
        """Some seat that may vote has a current ``absent`` about ``seat``."""
        return any(self._current(v, seat) for v in self.absents.get(seat, {}) if v != seat and self._may_vote(v))

    def _declared_away(self, seat: int) -> set[int]:
        """The seats a voter on ``seat`` counted away when it declared ``seat`` absent for a voter's part (its
        declaration or its vote, owed about a seat the game waited on): every seat ``W`` that the same voter ``V``
        had declared absent just before (``V``'s latest ``absent`` about ``W`` is earlier in ``V``'s chain than its
        ``absent{seat, owed: declare|vote}``, and of that turn or the one before), unless ``W`` has declared ``seat``
        absent itself (it takes part: sim seed 1018, where an old absent from a partition counted a voter away and
        every voter on a never-voting seat was away on another's word).  ``W`` is no voter on ``seat``,
        on every peer and for the auditor alike: it is a function of ``V``'s signed messages, which precede ``V``'s
        vote on ``seat``, not of when ``W``'s own messages reached each peer (SPEC 11.9, *Who votes*; sim seed 563:
        ``p0`` voted out ``p1``, which never declared crashed ``p2``, while ``p2`` owed its move; back, ``p2`` counted
        itself a voter on ``p1``, held ``p0``'s takeover of ``p1`` for a lone decision, and the honest seats split)."""
        res: set[int] = set()
        claims = self.absents.get(seat, {})
        for v, a in claims.items():
            if a.owed not in ("declare", "vote") or v == seat or not self._may_vote(v):
                continue
            at = self.absent_seq.get((v, seat), -1)
            for w, by in self.absents.items():
                b = by.get(v)
                if (w not in (seat, v) and w not in claims and b is not None
                        and self.absent_seq.get((v, w), at) < at and b.turn >= a.turn - 1):
                    res.add(w)
        return res

    def _highest_have(self, seat: int) -> int:
        """The highest count of ``seat``'s messages a voter on it claims (claims of non-voters do not count)."""
        voters = set(self._voters(seat)) - self.leaving
        return max([a.have for i, a in self.absents.get(seat, {}).items() if i in voters] +
                   [v.have for i, v in self.votes.get(seat, {}).items() if i in voters] + [0])

    # ---- votes
    def cast_vote(self, seat: int, choice: str) -> "Output":
        """Vote (signed) to go on with a computer player in ``seat`` ("bot") or to end the game ("end")."""
        if self.me is None or seat in self.my_votes or not self.paused_on(seat) or self.halted or self.done:
            return Output()
        return self._vote_now(seat, self._leave_choice(seat) if seat in self.leaving or seat in self.quit else choice)

    def _vote_now(self, seat: int, choice: str) -> "Output":
        """Sign this peer's vote on ``seat`` and go on with whatever it lets the game do (cast_vote, vote_held_back)."""
        out = Output()
        self._vote(seat, choice, out)
        if out.send and not self.halted:
            out.extend(self._progress())
        return out

    def _vote(self, seat: int, choice: str, out: "Output") -> None:
        if not self.absent_haves.get((self.me, seat)) or self._owner_decided():
            return  # (never a vote without this seat's own absent first, nor while the vote on it is open: sim 2554)
        mine = self.chain.next_seq(seat)
        if mine < self._highest_have(seat):
            return  # someone holds more of its messages: wait for them to be relayed
        self._emit(Vote(seat, choice, mine), out)

    def _join_votes(self, out: "Output") -> None:
        """A vote on a seat this peer has declared absent is joined at once (with this peer's choice), so
        a pause ends within a bounded time even if the seat came back to this peer alone meanwhile; not on a claim the
        seat answered (_relay_paid, verdicts._joinable: sim lie-away seeds 833, 1728, 3529, 8839, 2321)."""
        if self.me is None or self._owner_decided():
            return
        for seat, votes in list(self.votes.items()):
            if (seat not in self.my_votes and seat != self.me and seat not in self.gone and seat not in self.decided
                    and self.absent_haves.get((self.me, seat)) and not self._relay_paid(seat)
                    and any(self._joinable(seat, i) for i in votes) and not self._logged_otherwise(seat)):
                self._vote(seat, self._leave_choice(seat), out)

    def _on_bye(self, msg: "SignedMessage") -> None:
        """A ``bye`` is a seat's last message: it votes on nobody and owes no declaration or vote any more, and
        whatever else it owes it will never send.  So a seat that said bye is **leaving** as soon as it owes
        anything (its move, a reveal, an ack, its final openings, a relay; G7a): it owes ``left``, every peer
        declares it absent at once and votes on it at once, and a computer player takes its seat or the game
        ends, as the voters' choices say (G10).  A seat that said bye once its game was over owes nothing and
        is left alone.  A bye is never a reason for an honest seat to stop (SPEC 11.9, *Bye*)."""
        seat = msg.sender
        self.byes.setdefault(seat, msg.body.reason)
        if seat != self.me and seat != self.owner:
            self.quit.add(seat)

    def _quitting(self, seat: int, base: dict | None = None) -> bool:
        """``seat`` said bye and owes its own messages now (``base``: :meth:`_base_owed`): it is leaving (SPEC 11.9,
        *Bye*).  Not for a relay it owes: a seat whose game is over still passes on what it holds while it lingers,
        so the relay is asked for and voted on like any other (sim lie-away seed 2806: p2's bye{game over} reached p0
        before the liar's last message, which p2 then owed p0, and p0 voted p2 out at once, alone)."""
        if seat not in self.quit or seat in self.gone or seat in self.decided:
            return False
        return seat in (self._base_owed() if base is None else base)

    def _on_absent(self, msg: "SignedMessage", out: "Output") -> None:
        seat, body = msg.sender, msg.body
        x = body.seat
        if x == seat or x >= self.n:
            self._offence(seat, "declared itself (or no seat) absent", msg)
        if not self.may_declare_at(seat, x, body.have, body.owed):
            self._offence(seat, f"declared seat {x} absent again without holding more of its messages ({body.have})",
                          msg)
        self.absent_haves.setdefault((seat, x), set()).add(body.have)
        if body.owed in ("declare", "vote"):
            self._note_names(seat, x, body)
        self.absents.setdefault(x, {})[seat] = body
        self.claim_seq[seat] = msg.seq
        self.absent_seq[(seat, x)] = msg.seq
        if body.owed == LEFT_REASON:
            self.left_said.add((seat, x))
        if (seat == self.owner and body.owed == "left" and self._owner_decided()
                and x in self.decided[seat][2]):
            self._refusal(seat)  # (the auditor of the owner's log: the owner refused the vote on it)
        if seat == self.owner and body.owed == LEFT_REASON:
            self.left_first.setdefault(x, body.have)  # (the vote it judged: _lapse_lone)
            if not self._quitting(x) and x not in self.gone and x not in self.decided and x != seat:
                self.leaving.add(x)  # (the owner's verdict on a lone vote, leave_voter: the auditor reads it alike)
            # (it refuses a held decision counting it away, and undoes any other decision on x's word alone not taken
            # effect: x is leaving here, and the auditor reads it alike; lie-away seed 87442, where the owner accepted)
            for y in [y for y, d in self.decided.items() if d[2] == (x,) and y not in self.gone]:
                self.away_held.pop(y, None)
                del self.decided[y]
                self.voters.pop(y, None)
        if seat == self.owner and self.held_elsewhere(x, body):
            self.asked_relay.add((x, body.have))  # (a relay asked for, not a vote: claims._relay_paid)
        self._claims.append((seat, body))
        self._judge_claims()
        self._relay(seat, x, body.have, out)
        if x == self.me and body.owed == "relay":
            self._answer_relay(seat, out)

    def _judge_claims(self) -> None:
        """An ``absent`` whose sender's own count shows it held what it says the seat owes refutes itself:
        the seat answered, and the sender is treated as leaving (G10).  Judged once this peer holds that
        count of the seat's messages (the sender owes a relay of them until then)."""
        keep = []
        for sender, a in self._claims:
            if self.chain.next_seq(a.seat) < a.have and a.seat not in self.gone:
                keep.append((sender, a))
                continue
            if a.owed == "move" and a.turn not in self.moves and a.turn > self.applied_turn:
                keep.append((sender, a))  # (whose move it was is known once the move is held)
                continue
            if self._refutes(a) and sender not in self.gone:
                self.leaving.add(sender)
        self._claims = keep

    def _refutes(self, a: Absent) -> bool:
        """The first ``a.have`` messages of ``a.seat`` hold what ``a`` says that seat owes."""
        x, t, have = a.seat, a.turn, a.have
        if not OWED.get(a.owed, ("", "", False))[2]:
            return False
        if a.owed == "move" and t in self.moves and self.moves[t].sender != x:
            return True  # the move of turn t was another seat's to make (sim seed 3307: a vote-present seat's lie)
        seq = self.paid_seq(x, a.owed, t)
        return seq is not None and seq < have

    def paid_seq(self, x: int, owed: str, t: int) -> int | None:
        """The seq of ``x``'s own message held here that delivers ``owed`` (move, reveal, setup, ack, final) of turn ``t``."""
        if owed in ("move", "reveal", "setup"):
            return self.reveal_seq.get((x, 0 if owed == "setup" else t))
        if owed == "ack":
            m = self.ack_msgs.get(t, {}).get(x)
            return m.seq if m is not None else None
        return self.final_seq.get(x)

    def _on_vote(self, msg: "SignedMessage", out: "Output") -> None:
        seat, body = msg.sender, msg.body
        x = body.seat
        if x == seat or x >= self.n:
            self._offence(seat, "voted on itself (or no seat)", msg)
        if seat in self.votes.get(x, {}):
            self._offence(seat, f"voted on seat {x} twice", msg)
        if not self.absent_haves.get((seat, x)):
            self._offence(seat, f"voted on seat {x} without declaring it absent first", msg)
        self.votes.setdefault(x, {})[seat] = body
        self.claim_seq[seat] = msg.seq
        self.vote_seq[seat] = msg.seq
        self.vote_at[(seat, x)] = msg.seq
        if seat == self.me:
            self.my_votes[x] = body.have
        if seat == self.owner:
            self._lapse_lone(x)
        self._note_join(x, seat)
        self._relay(seat, x, body.have, out)
        self._relay_with_vote(seat, x, out)

    def _resolve_votes(self, out: "Output") -> None:
        """When every voter on X has voted, the vote is decided: the agreed count of X's messages is the
        highest any vote carries (every voter holds at most its own count, so the others can bring
        everyone to exactly that count by relay); a computer player takes the seat unless every voter asks
        to end the game.  The decision takes effect when the game first needs a message of X beyond that
        count (_take_over), the same point on every peer."""
        self._judge_claims()
        self._note_settled()
        if self._owner_decided():
            return  # (nothing is decided here until this seat's own fate is: it may refuse, and vote then)
        self._join_votes(out)
        # to a fixed point: a decision removes its seat from the voters on the others (seed 2321: the vote on X
        # completed only once the voter Y that never voted on it was decided, later in the same pass)
        changed = True
        while changed:
            changed = False
            for seat, votes in sorted(self.votes.items()):
                if seat in self.gone or seat in self.decided:
                    continue
                voters = [i for i in self._voters(seat) if i not in self.leaving]
                # (a voter that voted on another voter first still votes here, and its vote is waited for: counting it for
                # nothing until its vote came and as a held vote after made two counts; sim seed 97776, SPEC 11.9)
                if not voters and seat == self.owner:  # (every seat that may vote on it did, the game waiting on them)
                    voters = [i for i in self.present() if i != seat and self._may_vote(i)]
                    voters = voters if all(i in votes for i in voters) else []
                if not voters or any(i not in votes for i in voters):
                    continue
                # every present seat whose vote on it is held is one of its voters (a seat away here may have
                # voted): a decision on a seat cut off by a partition is the others' word, not one seat's (482)
                held = {i for i in votes if i != seat and i not in self.gone and i not in self.decided
                        and i not in self.leaving}
                if seat == self.owner:  # (but no voter from the other side of a partition: sim seed 3155)
                    held = {i for i in held if i in voters or not any(self._sides_apart(i, j) for j in voters)}
                voters = sorted(set(voters) | held)
                have = max(votes[i].have for i in voters)
                if self.chain.next_seq(seat) < have:
                    continue  # the relay of what the highest vote holds is still on its way
                if self._contested(seat, voters):
                    continue  # (its voter is claimed on by the seat it votes out: that claim is settled first)
                held = self._counts_owner_away(seat, voters)
                choice = self._decide(seat, voters, votes)
                changed = True
                if held:  # (the owner's shell judges it on its clock: settle_away; the auditor reads its verdict)
                    self.away_held[seat] = voters[0]
                    return
                if seat == self.owner:  # the shell accepts (bye, stop) or refuses it (it was answering: G10)
                    self.voters[seat] = tuple(voters)
                    out.events.append(self._voted_out_event(seat, choice))
                    return

    def _voted_out_event(self, seat: int, choice: str):
        return VotedOut(seat, choice, self.turn)

    def _decide(self, seat: int, voters: list[int], votes: dict) -> str:
        """The vote on ``seat`` is decided: a computer player unless every voter says end, and never an end
        once the last turn is agreed (the places are then final, G11)."""
        ends = all(votes[i].choice == "end" for i in voters)
        final = self.state is not None and self.state.is_over and self.final_turn >= self.applied_turn
        choice = "end" if ends and not final else "bot"
        have = max(votes[i].have for i in voters)
        self.decided[seat] = (choice, have, tuple(voters))
        self.away_at[seat] = self._away_counts(seat, voters)
        self.behind_votes[seat] = {w for w in self._voted_on_by_owner(seat) - set(voters) if self._may_vote(w)}
        return choice

    def _away_counts(self, seat: int, voters: list[int]) -> dict[int, int]:
        """The seats the decision on ``seat`` did not count, each with the count past which it is back: the one
        a lone voter's signed absent names for a seat it counts away (_declared_away; alike on every peer, seed 8530),
        else the count held (test_absent_contested.py: two voters).  So with two voters or more too (main sim seed
        57202: p0 decided before crashed p3's reveal came and reopened, p2 and p4 after it and did not, and p0, waiting
        for p3's vote, was voted out).  (_reopen_if_back)"""
        signed = self._declared_away(seat) if self._voters_part(seat) else set()
        return {w: max([b.have for v, b in self.absents.get(w, {}).items() if v in voters and w in signed],
                       default=self.chain.next_seq(w))
                for w in set(self.present()) - {seat, *voters} if self._may_vote(w)}

    # ---- a decision that counts this seat away on one voter's word (G10)
    def _take_over(self, out: "Output") -> bool:
        """Apply a decided vote on a seat whose message the game now needs (True: something changed)."""
        if all(seat in self.gone for seat in self.decided):
            return False  # (the usual case, checked once per message: nothing to take over)
        # (a voter away only behind this peer's own open vote on it: its fate first, and its vote then: vote-kill 338)
        behind = {seat for seat in self.decided if seat not in self.gone and self._behind_owner_votes(seat)}
        needed = self._needed()
        for seat in sorted(self.decided):
            if seat in self.gone or seat not in needed or seat == self.owner or seat in behind:
                continue
            choice, have, voters = self.decided[seat]
            back = self._reopen_if_back(seat)
            if back:  # (this seat, back to a majority's decision, declares the seat: it joins their votes next pass)
                if self._rejoin(seat, back, voters, out):
                    return True
                continue
            self.gone[seat] = (choice, have, self.turn)
            self.voters[seat] = voters
            out.events.append(VotedOut(seat, choice, self.turn))
            if choice == "end":  # abandoned: no places (G10)
                self.abandoned = True
                self.over = True
                self.done = True
                out.events.append(Abandoned(seat, self.turn, voters))
                out.events.append(GameOver((), abandoned=True))
                return True
            self.bot_seats.add(seat)
            out.events.append(SeatTakenOver(seat, self.turn, voters))
            if self.state is not None and self.g.hidden:  # (before the start: when the game is set up)
                self.state = self._open_seat(self.state, seat)
                if self.agreed_state is not None:
                    self.agreed_state = self._open_seat(self.agreed_state, seat)
            return True
        return False

    def _reopen_if_back(self, seat: int) -> set[int]:
        """A decision on ``seat`` that did not count a voter W because the game waited on W (away: a crash, a
        partition) takes effect only if W has sent nothing since, or has voted on ``seat``, when the game first
        needs ``seat``'s message.  If W is back by then, the decision is reopened and W is a voter on ``seat``
        from then on (``came_back``), away or not: it votes too.  W, on its own peer, never takes a decision on
        another seat without its own vote (``_voters``: the owner is never away), so a decider that took it
        alone played a computer in a seat whose messages W, back, still took: two honest peers apart on the
        same turn with nobody to blame (sim seeds 6412, 7037).  Returns the seats back: reopened (the votes held
        stay); empty: not reopened.  (This seat back to a majority's decision joins it at once: verdicts._rejoin.)"""
        back = {w for w, n in self.away_at.get(seat, {}).items()
                if self._count_back(w) > n and w not in self.votes.get(seat, {}) and self._may_vote(w)
                and self.owner not in self.votes.get(w, {})}  # (a seat the owner voted on stays away: seed 2122)
        if not back:
            return back
        del self.decided[seat]
        self.voters.pop(seat, None)
        self.came_back.setdefault(seat, set()).update(back)
        return back

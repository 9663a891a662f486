"""Several logs of one game, side by side: where they part, and why (G12, protocol/SPEC.md section 12.1).

Theory of operation
-------------------
Every peer logs every chained message it sent or accepted (section 12), and
every chained message is its sender's signature over its place in that
sender's hash chain (section 7).  Two honest peers' logs of one game
therefore hold, for each seat, two prefixes of one and the same chain: one
is the start of the other.  If, for some seat S and sequence number k, two
logs hold two *different* messages both validly signed by S, then S signed
two contradicting versions of its chain: that is S's equivocation, and the
two payloads prove it to anyone (nobody else can sign as S).  Nothing else
can make two logs contradict each other.

When no seat's signatures contradict, the logs differ only in what reached
whom: one side lacks messages the other holds, and votes decided on each
side from what it held put the two sides in different places (with two
seats, each side may vote the other out during a partition: SPEC 11.9).
The comparison then shows each log's decisions (every ``absent`` and
``vote`` it holds: who declared whom absent, at which turn, holding how many
of its messages; who voted what), the decided votes and their takeover
turns, each log's result, and the first turn whose agreed state differs.

This module is pure (no I/O): :func:`scan` takes one log's records, in log
order, and keeps, per seat, the digest of each message by seq (and where it
is in the log, so the caller can fetch the payloads a proof needs with
:func:`payload_at`); :func:`result_of` takes the observer session that the
single-log audit replayed; :func:`compare` puts the logs side by side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .errors import ProtocolError
from .messages import BODY_TYPES, SignedMessage, decode_signed
from .session import Session  # (also registers the evidence body, whose copies are read here)

__all__ = ["Decision", "Chains", "LogResult", "Equivocation", "Comparison", "scan", "payload_at", "result_of",
           "compare", "one_game", "rests_on", "sole_voter", "NotOneGame"]


class NotOneGame(ValueError):
    """The logs are not of one game (one line, for the user)."""


@dataclass(frozen=True)
class Where:
    """A message's place in a log: its record, and for a copy inside an ``evidence`` record its frame index."""

    record: int
    frame: int | None = None


@dataclass(frozen=True)
class Held:
    digest: bytes
    type: str
    where: Where
    what: str  # a short description: "move of turn 7", "absent about seat 1"


@dataclass(frozen=True)
class Decision:
    """An ``absent`` or ``vote`` message held in a log."""

    record: int
    sender: int
    seq: int
    digest: bytes
    type: str  # "absent" or "vote"
    seat: int
    have: int
    turn: int | None = None  # absent: the turn it was declared at
    choice: str | None = None  # vote: "bot" or "end"
    owed: str | None = None  # absent (protocol 6): what the declarer held the seat to


@dataclass
class Chains:
    """What one log holds of each seat's chain (from its records in order)."""

    game: bytes
    roster: bytes  # record 0's payload
    host_key: bytes
    n: int
    held: dict[int, dict[int, Held]] = field(default_factory=dict)  # seat -> seq -> the first message held
    order: list[tuple[int, int]] = field(default_factory=list)  # (seat, seq) of each chained record, in log order
    decisions: list[Decision] = field(default_factory=list)
    owner: int | None = None  # whose log it is: record 1 is its owner's commit_chain (SPEC 12)
    inner: list["Equivocation"] = field(default_factory=list)  # contradictions inside this one log

    def count(self, seat: int) -> int:
        """How many of ``seat``'s messages this log holds from seq 0 on without a gap."""
        got = self.held.get(seat, {})
        k = 0
        while k in got:
            k += 1
        return k


@dataclass(frozen=True)
class Equivocation:
    """Seat ``seat`` signed two different messages with sequence number ``seq``: ``a`` and ``b`` (log index and
    where in that log).  The two payloads (``payload_at``) are the proof."""

    seat: int
    seq: int
    a: tuple[int, Held]
    b: tuple[int, Held]


@dataclass
class LogResult:
    """One log's single-log verdict and what its replay decided."""

    verdict: str  # "ok", "no result" (its owner was voted out), "violation"
    line: str  # the verdict as the single-log audit prints it
    done: bool = False
    abandoned: bool = False
    places: tuple[int, ...] = ()
    outcome: tuple[str, ...] = ()
    final_turn: int = -1
    turns: dict[int, bytes] = field(default_factory=dict)  # turn -> agreed state hash
    decided: dict[int, tuple[str, int, tuple[int, ...]]] = field(default_factory=dict)
    gone: dict[int, tuple[str, int, int]] = field(default_factory=dict)
    voters: dict[int, tuple[int, ...]] = field(default_factory=dict)
    sole: int | None = None

    @property
    def has_result(self) -> bool:
        return self.verdict == "ok" and self.done


def _describe(msg: SignedMessage) -> str:
    b = msg.body
    if msg.type == "move":
        return f"move of turn {b.turn}"
    if msg.type == "reveal":
        return f"reveal of event {b.event}"
    if msg.type == "ack":
        return f"ack of turn {b.turn}"
    if msg.type in ("absent", "vote"):
        return f"{msg.type} about seat {b.seat} (holding {b.have})"
    if msg.type == "bye":
        return f"bye ({b.reason})"
    return msg.type


def scan(records: Iterable[bytes]) -> Chains:
    """One log's chains: record 0 is the roster (raises ``ProtocolError`` if it is not a roster signed by the
    host key it names).  Every later record and every copy inside an ``evidence`` record that decodes, is of
    this game and is validly signed by the roster seat it names is held; the rest is left out (the single-log
    audit says what is wrong with it).  A second, different message of one (seat, seq) in the same log is that
    seat's equivocation (``Chains.inner``)."""
    it = iter(records)
    try:
        first = next(it)
    except StopIteration:
        raise ProtocolError("an empty game log") from None
    roster = decode_signed(first)
    if roster.type != "roster":
        raise ProtocolError("the first record is not the game's roster")
    keys = {i: s.pubkey for i, s in enumerate(roster.body.seats)}
    roster.verify(keys[0])
    ch = Chains(roster.envelope.game, bytes(first), bytes(keys[0]), len(keys))
    ch.held = {i: {} for i in keys}
    ch.held[0][0] = Held(roster.digest, "roster", Where(0), "roster")
    ch.order.append((0, 0))

    def take(msg: SignedMessage, where: Where) -> bool:
        env = msg.envelope
        if env.game != ch.game or env.sender not in keys or not BODY_TYPES[msg.type].CHAINED:
            return False  # (lobby and link frames are no part of a chain, and are never logged)
        try:
            msg.verify(keys[env.sender])
        except ProtocolError:
            return False
        mine = ch.held[env.sender]
        new = Held(msg.digest, msg.type, where, _describe(msg))
        old = mine.get(env.seq)
        if old is None:
            mine[env.seq] = new
            return True
        if old.digest != new.digest:
            ch.inner.append(Equivocation(env.sender, env.seq, (0, old), (0, new)))
        return False

    for i, rec in enumerate(it, start=1):
        try:
            msg = decode_signed(rec)
        except ProtocolError:
            continue
        if not take(msg, Where(i)):
            continue
        ch.order.append((msg.sender, msg.seq))
        if i == 1 and msg.type == "commit_chain":
            ch.owner = msg.sender
        b = msg.body
        if msg.type in ("absent", "vote"):
            ch.decisions.append(Decision(i, msg.sender, msg.seq, msg.digest, msg.type, b.seat, b.have,
                                         getattr(b, "turn", None), getattr(b, "choice", None),
                                         getattr(b, "owed", None)))
        elif msg.type == "evidence":
            for k, frame in enumerate(b.frames):
                try:
                    take(decode_signed(frame), Where(i, k))
                except ProtocolError:
                    pass
    return ch


def payload_at(records: Sequence[bytes], where: Where) -> bytes:
    """The signed payload at ``where`` in a log's records (a copy inside an evidence record: that frame)."""
    rec = bytes(records[where.record])
    if where.frame is None:
        return rec
    return bytes(decode_signed(rec).body.frames[where.frame])


def result_of(obs: Session | None, verdict: str, line: str, turns: Iterable = ()) -> LogResult:
    """A log's verdict and, from the observer session that replayed it (None if it could not), its result.
    ``turns``: the replay's ``TurnFinal`` events (turn, state_hash)."""
    r = LogResult(verdict, line)
    if obs is None:
        return r
    r.done = bool(obs.done) and obs.halted is None
    r.abandoned = bool(obs.abandoned)
    r.places = tuple(obs.places()) if r.done else ()
    r.outcome = tuple(obs.outcome())
    r.final_turn = obs.final_turn
    r.turns = {t.turn: t.state_hash for t in turns}
    r.decided = dict(obs.decided)
    r.gone = dict(obs.gone)
    r.voters = dict(obs.voters)
    r.sole = sole_voter(obs)
    return r


def sole_voter(obs: Session) -> int | None:
    """The seat on whose word alone the result rests (G12), or None: the one voter of the latest takeover that
    one seat decided (two seats, or the last seat left; ``sole_word``): nobody else signed that decision, so
    another log may say otherwise."""
    sole = [obs.sole_word(x) for x in sorted(obs.gone, key=lambda x: obs.gone[x][2])]
    sole = [v for v in sole if v is not None]
    return sole[-1] if sole else None


def rests_on(obs: Session) -> str:
    """"this result rests on the word of seat N (NICK) alone", or "" (G12: a decision one seat took alone)."""
    seat = sole_voter(obs)
    return "" if seat is None else f"this result rests on the word of seat {seat} ({obs.nicks[seat]}) alone"


@dataclass
class SeatView:
    seat: int
    counts: list[int]  # per log: its messages held from seq 0 without a gap
    common: int  # how many first messages every log holds alike


@dataclass
class Parting:
    """Log ``log``'s first record whose message some other log lacks."""

    log: int
    record: int
    seat: int
    seq: int
    what: str
    lacking: list[int]  # the logs that lack it
    other: list[int] = field(default_factory=list)  # of those, the logs holding another message of that seat there


@dataclass
class Comparison:
    nicks: list[str]
    seats: list[SeatView]
    equivocations: list[Equivocation]
    partings: list[Parting]
    decisions: list[list[tuple[Decision, list[int]]]]  # per log: (decision, the logs that lack it)
    first_difference: int | None  # the first turn whose agreed state differs between two logs
    last_common_turn: int  # the last turn every log agreed on alike (-1: none)
    results_differ: bool
    agree: bool

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.nicks[seat]})"


def _equivocations(chains: Sequence[Chains]) -> list[Equivocation]:
    out: list[Equivocation] = []
    seen: set[tuple[int, int]] = set()
    for i, ch in enumerate(chains):
        for e in ch.inner:  # (found within one log: both halves are in log i)
            if (e.seat, e.seq) not in seen:
                seen.add((e.seat, e.seq))
                out.append(Equivocation(e.seat, e.seq, (i, e.a[1]), (i, e.b[1])))
    n = chains[0].n
    for seat in range(n):
        for li, a in enumerate(chains):
            for lj in range(li + 1, len(chains)):
                b = chains[lj]
                mine, theirs = a.held.get(seat, {}), b.held.get(seat, {})
                for seq in sorted(set(mine) & set(theirs)):
                    if mine[seq].digest != theirs[seq].digest and (seat, seq) not in seen:
                        seen.add((seat, seq))
                        out.append(Equivocation(seat, seq, (li, mine[seq]), (lj, theirs[seq])))
                        break  # the first contradiction of this seat between these two logs is the proof
    return sorted(out, key=lambda e: (e.seat, e.seq))


def _common(chains: Sequence[Chains], seat: int) -> int:
    k = 0
    while True:
        got = [ch.held.get(seat, {}).get(k) for ch in chains]
        if any(g is None for g in got) or len({g.digest for g in got}) != 1:
            return k
        k += 1


def one_game(chains: Sequence[Chains], labels: Sequence[str] | None = None) -> None:
    """Raises ``NotOneGame`` unless every log is of the first one's game: the same game id, and a roster the same
    host key signed (two different rosters of one host for one game are the host's equivocation, found by
    ``compare``)."""
    base = chains[0]
    names = list(labels) if labels is not None else [f"log {i + 1}" for i in range(len(chains))]
    for i, ch in enumerate(chains[1:], start=1):
        if ch.game != base.game:
            raise NotOneGame(f"{names[i]} is a log of another game (game {ch.game.hex()[:16]}) than {names[0]} "
                             f"(game {base.game.hex()[:16]}): only logs of one game can be compared")
        if ch.roster != base.roster and ch.host_key != base.host_key:
            raise NotOneGame(f"{names[i]} and {names[0]} carry rosters of game {base.game.hex()[:16]} signed by two "
                             "different hosts: they are not logs of one game")


def compare(chains: Sequence[Chains], results: Sequence[LogResult], nicks: Sequence[str]) -> Comparison:
    """The logs side by side (``chains[i]`` and ``results[i]`` of log i).  Raises ``NotOneGame`` for logs of
    different games (another game id, or rosters the same host key did not both sign)."""
    if len(chains) != len(results) or len(chains) < 1:
        raise ValueError("one result per log")
    one_game(chains)
    base = chains[0]
    equivocations = _equivocations(chains)
    seats = [SeatView(s, [ch.count(s) for ch in chains], _common(chains, s)) for s in range(base.n)]

    def lacking(seat: int, seq: int, digest: bytes) -> list[int]:
        return [j for j, ch in enumerate(chains)
                if (h := ch.held.get(seat, {}).get(seq)) is None or h.digest != digest]

    partings: list[Parting] = []
    for i, ch in enumerate(chains):
        for seat, seq in ch.order:
            held = ch.held[seat][seq]
            miss = lacking(seat, seq, held.digest)
            if miss:
                other = [j for j in miss if seq in chains[j].held.get(seat, {})]
                partings.append(Parting(i, held.where.record, seat, seq, held.what, miss, other))
                break
    decisions = [[(d, lacking(d.sender, d.seq, d.digest)) for d in ch.decisions] for ch in chains]

    first_diff, last_common = None, -1
    turns = sorted(set().union(*(r.turns for r in results)))
    for t in turns:
        hashes = {r.turns[t] for r in results if t in r.turns}
        if len(hashes) > 1:
            first_diff = t
            break
        if all(t in r.turns for r in results):
            last_common = t
    finished = [r for r in results if r.has_result]
    results_differ = len({(r.places, r.outcome, r.abandoned, r.turns.get(r.final_turn)) for r in finished}) > 1
    agree = (not equivocations and not results_differ and first_diff is None
             and all(r.verdict != "violation" for r in results))
    return Comparison(list(nicks), seats, equivocations, partings, decisions, first_diff, last_common,
                      results_differ, agree)

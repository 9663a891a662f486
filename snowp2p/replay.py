"""The audit's replay: one log from disk through an observer session, records in, verdict out.

``replay_log`` is what ``snowp2p audit`` and ``snowp2p replay`` run (commands/audit.py, commands/replay.py) and what the comparison
of several logs (audit_logs.py) starts from; it reads the file and prints nothing.
"""

from __future__ import annotations

from pathlib import Path

from .errors import CommandError
from .games import roster_game
from .protocol.errors import DecodeError, LogError, ProtocolError
from .protocol.hidden import NeedsEarlierRaces
from .protocol.log import LogReader
from .protocol.messages import BODY_TYPES, Roster, SignedMessage, decode_signed
from .protocol.session import Halted, Session, TurnApplied, TurnFinal
from .verify_pool import VerifyPool, audit_threads, message as verified_message


class AuditResult:
    def __init__(self):
        self.session: Session | None = None
        self.messages = 0
        self.violation: str | None = None
        self.turns: list = []
        self.stops_early: str | None = None  # a labelled outcome: the log's owner was voted out and stopped
        #: seats whose final openings this log lacks although every seat agreed on the last turn (G11: the
        #: places are final; only their unplayed cards are unchecked)
        self.unopened: list[int] = []


def replay_log(path: str, on_turn=None, threads: int | None = None, carried_from=None) -> AuditResult:
    """Replay one log from disk through an observer session: the verdict (an ``AuditResult``).  Raises
    CommandError(code 2) if unreadable.

    The log is streamed (protocol.log.LogReader): what the audit holds is one record being read, the
    records being verified ahead (``verify_pool.AHEAD_BYTES``) and the observer session, which stores
    only what the game accepts (at most ``session.MAX_SEAT_BYTES`` of messages a seat): memory does not
    grow with the file.  A record that repeats one already in the log is a violation ("a duplicated
    record"), and so is one that comes before its sender's earlier messages ("missing or out of order").

    ``threads`` (default: ``SNOWP2P_AUDIT_THREADS``, else one per core) verify the records' signatures
    ahead of the replay (``verify_pool``); 1 replays sequentially.  The verdict is the same either way.
    ``carried_from``: a later race of a match that carries cards starts from the race before it (its observer's
    ``carry_out()``, SPEC 16.5; audit_match.py); without it such a race is a CommandError (code 2).
    """
    res = AuditResult()
    try:
        f = open(Path(path), "rb")
    except FileNotFoundError:
        raise CommandError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CommandError(f"{path}: is a directory, not a game log") from None
    except OSError as e:
        raise CommandError(f"{path}: can not read: {e.strerror}") from None
    with f:
        reader = LogReader(f)
        records = iter(reader)
        try:
            first = next(records, None)
        except OSError as e:
            raise CommandError(f"{path}: can not read: {e.strerror}") from None
        except LogError as e:
            if "bad magic" in str(e):
                raise CommandError(f"{path}: {e}") from None
            res.violation = f"the log file is damaged: {e}"
            return res
        if first is None:
            raise CommandError(f"{path}: an empty game log")
        try:
            obs = observer_of(first, carried_from)
        except NeedsEarlierRaces as e:
            raise CommandError(f"{path}: {e}; audit it with them: snowp2p audit RACE1.log RACE2.log ...") \
                from None
        except ProtocolError as e:
            raise CommandError(f"{path}: record 0 is not a signed roster: {e}") from None
        except RosterRefused as e:
            res.violation = str(e)
            return res
        res.session = obs
        res.messages = 1
        try:
            with VerifyPool(records, obs.keys, audit_threads() if threads is None else threads) as pool:
                last = _replay_records(obs, pool, res, on_turn, first)
        except LogError as e:
            res.violation = f"the log file is damaged: {e}"
            return res
        except OSError as e:
            raise CommandError(f"{path}: can not read: {e.strerror}") from None
        if res.violation is None:
            _verdict_at_end(obs, res, reader, last)
    return res


class RosterRefused(Exception):
    """Record 0 is a signed roster, but of a game this program refuses (its track or rules): a violation."""


def observer_of(first: bytes, carried_from=None) -> Session:
    """The observer session of the log whose record 0 is ``first``: ``ProtocolError`` if it is not a roster
    signed by its seat 0, ``RosterRefused`` (the violation's text) if its game is refused, ``NeedsEarlierRaces``
    for a later race of a match that carries cards without ``carried_from`` (SPEC 16.5)."""
    roster = decode_signed(first)
    if not isinstance(roster.body, Roster):
        raise DecodeError("the first record is not the game's roster", "type")
    roster.verify(roster.body.seats[0].pubkey)
    try:
        # (the track is the roster's own: nothing in a log is ever opened as a file)
        return Session(roster, game=roster_game(roster.body.kind), carried_from=carried_from)
    except NeedsEarlierRaces:
        raise
    except DecodeError as e:
        raise RosterRefused(f"record 0: the roster is refused: {e}") from None


class LiveAudit:
    """The audit's replay fed one record at a time as the records arrive (a spectator, commands/watch.py):
    the same checks, in the same order, with the same verdict as ``replay_log`` on a log holding the same
    records.  ``first``: record 0 (``observer_of``'s errors).  ``feed`` returns False once a violation is
    found (nothing more is checked), or once another game's roster comes (``next``: a match's feed holds the
    earlier races' logs before the race being played, SPEC 17); ``finish`` gives the verdict (``AuditResult``)."""

    def __init__(self, first: bytes, on_turn=None, carried_from=None):
        self.res = AuditResult()
        self.on_turn = on_turn
        self.last = first
        self.next: bytes | None = None  # another game's roster: the feed goes on with that game's log
        try:
            self.res.session = observer_of(first, carried_from)
        except RosterRefused as e:
            self.res.violation = str(e)
        self.res.messages = 1
        self.index = 1

    @property
    def session(self) -> Session | None:
        return self.res.session

    def feed(self, record: bytes) -> bool:
        res = self.res
        if res.violation is not None or res.session is None:
            return False
        i = self.index
        try:
            msg = decode_signed(record)
        except ProtocolError as e:
            res.violation = f"message {i}: {e}"
            return False
        if msg.type == "roster" and msg.envelope.game != res.session.game_id:
            self.next = record  # (not this log's: a match's feed of its races one after the other, SPEC 17)
            return False
        self.last, self.index = record, i + 1
        return _replay_one(res.session, i, record, msg, res, self.on_turn)

    def finish(self, torn: bool = False) -> AuditResult:
        """The verdict once the records end (``torn``: they ended inside a record)."""
        res = self.res
        if res.violation is None and res.session is not None:
            if torn:
                res.violation = f"the log ends in a torn record after message {res.messages - 1}"
            else:
                _verdict_at_end(res.session, res, _Whole(), self.last)
        return res


class _Whole:
    torn = False
    valid_length = 0


def _out_of_place(obs: Session, msg: SignedMessage) -> str | None:
    """Why a logged message can not be where it is in a log, or None: a copy of a message the log already
    holds (each message is logged once: a duplicated record), or one that comes before its sender's
    earlier messages (a record missing or out of order).  (A changed copy is equivocation: the session's own check.)"""
    seat, seq = msg.sender, msg.seq
    if msg.envelope.game != obs.game_id or seat not in obs.keys or not BODY_TYPES[msg.type].CHAINED:
        return None
    if obs._frozen(seat, seq):
        return None  # (a voted-out seat's own log goes on past the vote: not part of the game, not wrong)
    expected = obs.chain.next_seq(seat)
    if seq == expected:
        return None  # (every honest record: no name built, no key's fingerprint hashed, per record; issue 22)
    who = f"seat {seat} ({obs.name(seat)})"
    if seq < expected:
        held = obs.chain.history(seat)[seq]
        if held.payload == msg.payload:
            return (f"a duplicated record: {who}'s {msg.type} seq {seq} is already in the log (a log holds each "
                    "message once)")
        return None
    if seq > expected:
        return (f"a record missing or out of order: {who}'s {msg.type} seq {seq} where its seq {expected} is "
                f"due (expected seq {expected}, got {seq}; a log holds each sender's messages once, in order)")
    return None


def _replay_records(obs: Session, pool: VerifyPool, res: AuditResult, on_turn, last: bytes) -> bytes:
    """Replay the records after the roster; returns the last one read (a violation stops at once)."""
    for i, rec, key in pool:
        last = rec
        try:
            msg = verified_message(rec, key)
        except ProtocolError as e:
            res.violation = f"message {i}: {e}"
            return last
        if not _replay_one(obs, i, rec, msg, res, on_turn):
            return last
    return last


def _replay_one(obs: Session, i: int, rec: bytes, msg: SignedMessage, res: AuditResult, on_turn) -> bool:
    """Record ``i`` (decoded as ``msg``) through the observer; False (and ``res.violation``) on a violation."""
    try:
        if i == 1 and msg.type == "commit_chain":
            obs.owner = msg.sender  # record 1 is the owner's commit_chain (SPEC 12): votes on it as it saw them
        why = _out_of_place(obs, msg)
        if why is not None:
            res.violation = f"message {i}: {why}"
            return False
        msg = obs.check(rec, msg=msg)
        out = obs.handle(msg) if msg is not None else None
    except Halted as h:
        res.violation = f"message {i}: {h.reason}"
        return False
    except ProtocolError as e:
        who = ""
        try:
            m = decode_signed(rec)
            who = f" ({m.type} from seat {m.sender}, {obs.name(m.sender) if m.sender < obs.n else '?'})"
        except ProtocolError:
            pass
        res.violation = f"message {i}{who}: {e}"
        return False
    res.messages += 1
    if out is None:
        return True
    for ev in out.events:
        if isinstance(ev, TurnFinal):
            res.turns.append(ev)
        elif isinstance(ev, TurnApplied) and on_turn is not None:
            on_turn(obs, ev)
    return True


def _verdict_at_end(obs: Session, res: AuditResult, reader: LogReader, last: bytes) -> None:
    unsigned = obs.unsigned()
    if reader.torn:
        res.violation = (f"the log ends in a torn record after message {res.messages - 1} "
                         f"(offset {reader.valid_length})")
    elif unsigned and obs.state is not None:  # (a game ended before it began claims no result for anyone)
        who = ", ".join(f"seat {i} ({obs.name(i)})" for i in unsigned)
        res.violation = (f"{who} never signed the roster (no commit_chain of theirs is in this log): the log "
                         "proves no result for " + ("that seat" if len(unsigned) == 1 else "those seats"))
    elif obs.halted is None and not obs.done:
        owner = _voted_out_owner(obs, last)
        if owner is not None:
            res.stops_early = (f"this is the log of seat {owner} ({obs.nicks[owner]}), which the others voted out "
                               f"(by {', '.join(obs.nicks[v] for v in obs.decided[owner][2])}); it stops there and "
                               "proves no result")
        elif obs.over and not obs.abandoned:
            # every seat signed the same last state (its ack of the last turn): the places are final (G11),
            # as the resumed peer that wrote this log concluded (issue 18 case 12); the openings missing
            # could only check cards never played (every played card was opened and checked when played)
            res.unopened = [i for i in obs.present() if i not in obs.final_opens and obs._owes_final(i)]
        else:
            res.violation = (f"the game is not finished in this log (last agreed turn {obs.final_turn}; "
                             "missing messages or final openings)")


def _voted_out_owner(obs: Session, last_record: bytes) -> int | None:
    """The seat whose log this is, if the others' votes on it are decided in it and its last record is its
    own goodbye after that (a voted-out peer stops, G7); else None."""
    try:
        last = decode_signed(last_record)
    except ProtocolError:
        return None
    seat = last.sender
    if last.type == "bye" and seat in obs.decided and last.body.reason == "voted out":
        return seat
    return None

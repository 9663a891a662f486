"""A match over the network: the roster's ``settings.match`` map, its checks, the results (protocol/SPEC.md §16).

Theory of operation
-------------------
A match (a series of races, ST-E4; a tournament, MM-T1) is one game per race, each with its
own id, roster, log and audit.  The races are tied together by ``settings.match`` in every race's roster:
the match id, the kind, every race's track (name and digest), this race's index and, from the second race
on, ``prev``: the previous race's game id, last agreed turn and the state hash every seat signed for it.
Every seat signs the roster (its ``commit_chain``), so race 0's signature covers the whole match, and a
later race is signed only if :func:`check_next` finds that it continues the match the seat holds.

This module is handed the game object (games/api.py) and names no game: the game's ``match`` (None for a
game without matches) says its kind and how many tracks it takes, and builds the record of the races from
their final states with the rules' one home for matches (the game's match module over its series rules, shared
with local play).

Pure: no I/O, no clock, no randomness.  Every failure of the map is a ``DecodeError`` naming the field;
a roster that does not continue the match is a :class:`MatchError` (one line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .errors import CommitmentError, DecodeError
from .slots import check_opening

MAX_RACES = 16  # the most races a match map names (SPEC 16.1)
MAX_SEATS = 8  # the most seats a match map's ``carry`` names (one list per seat, SPEC 16.5)
MAX_CARRIED = 64  # the most carried slots of one seat (above any deck a game has)
#: settings a later race may differ in from race 0 (besides ``match``): screen labels only (SPEC 11.2)
LABELS = ("computer_seats",)


class MatchError(ValueError):
    """A race's roster that does not continue the match this seat holds (one line)."""


@dataclass(frozen=True)
class Prev:
    """The race before: its game id, its last agreed turn and the state hash every seat signed for it."""

    game: bytes
    turn: int
    state: bytes


@dataclass(frozen=True)
class Carried:
    """One carried card's slot (SPEC 16.5): its generation and slot in the race before, and the commitment its
    owner published there (``commit_slot`` under the previous race's game id)."""

    generation: int
    slot: int
    commitment: bytes


@dataclass(frozen=True)
class MatchInfo:
    id: bytes
    kind: str  # "series" | "tournament"
    tracks: tuple[tuple[str, bytes], ...]  # (name, track digest) of every race, in race order
    race: int  # this race's index (0-based)
    prev: Prev | None = None  # None in race 0
    #: a game that carries hidden cards between races (MM-T2), race >= 1: per seat, its carried slots (SPEC 16.5)
    carry: tuple[tuple[Carried, ...], ...] | None = None

    @property
    def races(self) -> int:
        return len(self.tracks)

    @property
    def last(self) -> bool:
        return self.race == len(self.tracks) - 1

    def to_wire(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "race": self.race,
                               "tracks": [{"name": n, "digest": d} for n, d in self.tracks]}
        if self.prev is not None:
            out["prev"] = {"game": self.prev.game, "turn": self.prev.turn, "state": self.prev.state}
        if self.carry is not None:
            out["carry"] = [[[c.generation, c.slot, c.commitment] for c in seat] for seat in self.carry]
        return out

    def next(self, prev: Prev, carry: Sequence[Sequence[Carried]] | None = None) -> "MatchInfo":
        """The map of the race after this one, which follows ``prev`` (this race's end) and, in a game that
        carries cards (MM-T2), carries ``carry`` (:func:`carry_of` this race's end, SPEC 16.5)."""
        if self.last:
            raise MatchError("the match is over: there is no next race")
        c = None if carry is None else tuple(tuple(seat) for seat in carry)
        return MatchInfo(self.id, self.kind, self.tracks, self.race + 1, prev, c)


def first_race(match_id: bytes, game: Any, tracks: Sequence[tuple[str, bytes]]) -> MatchInfo:
    """Race 0's map of a new match of ``game`` (the game object) on ``tracks`` ((name, digest) each)."""
    m = MatchInfo(match_id, game.match.kind if getattr(game, "match", None) else "", tuple(tracks), 0)
    return parse_match(m.to_wire(), game)


def count_problem(game: Any, n: int) -> str | None:
    """Why ``n`` tracks can not make a match of ``game`` (its ``match.count_problem``: ST-E4, MM-T1), or None."""
    if getattr(game, "match", None) is None:
        return f"{game.title} has no series"
    if n > MAX_RACES:
        return f"a match is at most {MAX_RACES} races, not {n}"
    return game.match.count_problem(n)


def _bin32(x: Any, field: str) -> bytes:
    if not isinstance(x, (bytes, bytearray)) or len(x) != 32:
        raise DecodeError("expected 32 bytes", field)
    return bytes(x)


def _int(x: Any, field: str, lo: int, hi: int) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
        raise DecodeError(f"expected a whole number {lo}..{hi}", field)
    return x


def _keys(x: Any, field: str, required: set[str], optional: set[str] = frozenset()) -> dict:
    if not isinstance(x, dict):
        raise DecodeError("expected a map", field)
    unknown = sorted(set(x) - required - optional)
    if unknown:
        raise DecodeError(f"unknown field {unknown[0]!r}", f"{field}.{unknown[0]}")
    missing = sorted(required - set(x))
    if missing:
        raise DecodeError("missing", f"{field}.{missing[0]}")
    return x


def parse_match(raw: Any, game: Any) -> MatchInfo:
    """The match map of a roster of ``game`` (the game object; SPEC §16.1), checked; DecodeError naming the
    field."""
    f = "settings.match"
    m = _keys(raw, f, {"id", "kind", "tracks", "race"}, {"prev", "carry"})
    mid = _bin32(m["id"], f + ".id")
    kind = m["kind"]
    want = game.match.kind if getattr(game, "match", None) is not None else None
    if want is None or kind != want:
        raise DecodeError(f"expected {want!r} for {game.title}" if want else f"{game.title} has no matches",
                          f + ".kind")
    tracks_raw = m["tracks"]
    if not isinstance(tracks_raw, list):
        raise DecodeError("expected a list of tracks", f + ".tracks")
    why = count_problem(game, len(tracks_raw))
    if why:
        raise DecodeError(why, f + ".tracks")
    tracks = []
    for i, t in enumerate(tracks_raw):
        tf = f"{f}.tracks[{i}]"
        t = _keys(t, tf, {"name", "digest"})
        name = t["name"]
        if not isinstance(name, str) or not 1 <= len(name) <= 64 or not name.isprintable():
            raise DecodeError("expected a printable track name of 1 to 64 characters", tf + ".name")
        tracks.append((name, _bin32(t["digest"], tf + ".digest")))
    race = _int(m["race"], f + ".race", 0, len(tracks) - 1)
    prev = None
    if race == 0 and "prev" in m:
        raise DecodeError("the first race follows no race", f + ".prev")
    if race > 0:
        if "prev" not in m:
            raise DecodeError("missing: a later race names the race before it", f + ".prev")
        p = _keys(m["prev"], f + ".prev", {"game", "turn", "state"})
        prev = Prev(_bin32(p["game"], f + ".prev.game"), _int(p["turn"], f + ".prev.turn", 0, 2**32 - 1),
                    _bin32(p["state"], f + ".prev.state"))
    carries = bool(getattr(game.match, "carries", False))
    carry = None
    if "carry" in m:
        if not carries or race == 0:
            raise DecodeError("only a later race of a match that carries cards (MM-T2) carries slots",
                              f + ".carry")
        carry = _parse_carry(m["carry"], f + ".carry")
    elif carries and race > 0:
        raise DecodeError("missing: a later race names the carried cards' commitments (SPEC 16.5)", f + ".carry")
    return MatchInfo(mid, kind, tuple(tracks), race, prev, carry)


def _parse_carry(raw: Any, f: str) -> tuple[tuple[Carried, ...], ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEATS:
        raise DecodeError(f"expected a list of 1 to {MAX_SEATS} seats", f)
    out = []
    for i, seat in enumerate(raw):
        sf = f"{f}[{i}]"
        if not isinstance(seat, list) or len(seat) > MAX_CARRIED:
            raise DecodeError(f"expected a list of at most {MAX_CARRIED} carried slots", sf)
        cs = []
        for j, c in enumerate(seat):
            cf = f"{sf}[{j}]"
            if not isinstance(c, list) or len(c) != 3:
                raise DecodeError("expected [generation, slot, commitment]", cf)
            cs.append(Carried(_int(c[0], cf, 0, 2**16 - 1), _int(c[1], cf, 0, 2**16 - 1), _bin32(c[2], cf)))
        if [(c.generation, c.slot) for c in cs] != sorted({(c.generation, c.slot) for c in cs}):
            raise DecodeError("expected each slot once, in (generation, slot) order", sf)
        out.append(tuple(cs))
    return tuple(out)


def _plain(x: Any) -> Any:
    if hasattr(x, "keys") and not isinstance(x, (str, bytes)):
        return {k: _plain(x[k]) for k in x.keys()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def match_of(body, game: Any) -> MatchInfo | None:
    """The match of a roster (or offer) body of ``game``, or None for a single race."""
    settings = _plain(body.settings)
    if "match" not in settings:
        return None
    return parse_match(settings["match"], game)


def check_track(m: MatchInfo, table_digest: bytes) -> None:
    """The roster's own track must be this race's track of the match (SPEC §16.1)."""
    if m.tracks[m.race][1] != table_digest:
        raise MatchError(f"race {m.race + 1}'s track is not the match's track {m.tracks[m.race][0]!r}")


def _rest(settings) -> dict:
    return {k: v for k, v in _plain(settings).items() if k != "match" and k not in LABELS}


def check_next(game: Any, first, expected: MatchInfo, body, table_digest: bytes, full: bool = True) -> None:
    """Does ``body`` (a later race's offer or roster) continue the match whose race 0 had the roster body
    ``first``, as the race this seat expects (``expected``: :meth:`MatchInfo.next` of its own last race's
    end)?  SPEC §16.2: the same match, kind and tracks, the next race, its track, the same rules and move
    time, the same seats (keys and nicknames, in order: ``full``: all of them, else the ones taken so far)."""
    if body.kind != first.kind:
        raise MatchError(f"the next race is a game of {body.kind}, not {first.kind}")
    try:
        m = match_of(body, game)
    except DecodeError as e:
        raise MatchError(f"the next race's match is refused: {e}") from None
    if m is None:
        raise MatchError("the next race is not part of the match")
    if m.id != expected.id:
        raise MatchError("the next race belongs to another match")
    if (m.kind, m.tracks) != (expected.kind, expected.tracks):
        raise MatchError("the next race names other tracks than the match every seat signed")
    if m.race != expected.race:
        raise MatchError(f"the host offers race {m.race + 1}, not race {expected.race + 1}")
    if m.prev != expected.prev:
        raise MatchError("the next race does not follow the race this player finished (another last state)")
    if m.carry != expected.carry:
        raise MatchError("the next race carries other cards or other commitments than the race this player "
                         "finished (SPEC 16.5)")
    if m.carry is not None and len(m.carry) != len(body.seats):
        raise MatchError("the next race carries cards for another number of seats")
    check_track(m, table_digest)
    if _rest(body.settings) != _rest(first.settings):
        raise MatchError("the next race has other rules or another move time than the match")
    mine = [(s.pubkey, s.nick) for s in first.seats]
    theirs = [(s.pubkey, s.nick) for s in body.seats]
    if (theirs != mine) if full else (theirs != mine[:len(theirs)]):
        raise MatchError("the next race has other players or another seat order than the match")


# ------------------------------------------------------------------ results
def race_end(session) -> Prev | None:
    """The end of a finished race (a playing or an observer session) as the next race's ``prev`` names it, or
    None if the race has no result (stopped by an offence, abandoned by a vote, not over)."""
    s = session
    if not s.done or s.halted is not None or s.abandoned or s.state is None or not s.state.is_over:
        return None
    return Prev(s.game_id, s.final_turn, s.my_hash[s.final_turn])


def taken_over(session) -> tuple[int, ...]:
    """The seats of a race voted out for a computer player (SPEC 11.9 ``bot``: stopped answering, or said
    ``bye{left}``), in seat order; from the signed votes, so every peer and the audit find the same.  A race with
    one has a result, but is the last race of its match (SPEC 16.3, *A seat taken over*)."""
    decided = getattr(session, "decided", None) or {}
    return tuple(sorted(seat for seat, d in decided.items() if d[0] == "bot"))


def takeover_line(session, race: int) -> str:
    """What every table and the audit say of a match that stops after race ``race`` (0-based): who was voted out."""
    names = ", ".join(session.nicks[seat] for seat in taken_over(session))
    return (f"{names} was voted out in race {race + 1} (a computer player took the seat); "
            f"the standings after race {race + 1} are final")


# ------------------------------------------------------------------ carried cards (SPEC 16.5)
def carry_of(game: Any, n: int, state: Any, locate, commitment) -> tuple[tuple[Carried, ...], ...]:
    """What the next race carries, from this race's final ``state`` (``n`` seats): per seat, the slot of every card it
    carries (``game.hidden.carried``: MM-T2, the hand and the deck), with the commitment it published for it.
    ``locate(seat, card)`` -> (generation, slot) and ``commitment(seat, generation, slot)`` -> bytes are the
    session's (its deck generations and its slot book)."""
    deck = game.hidden
    out = []
    for seat in range(n):
        slots = sorted(locate(seat, c) for c in deck.carried(state, seat))
        out.append(tuple(Carried(g, i, commitment(seat, g, i)) for g, i in slots))
    return tuple(out)


def carried_slots(m: MatchInfo | None, seat: int) -> set[tuple[int, int]]:
    """The (generation, slot) pairs of ``seat``'s cards carried into the race whose map is ``m``."""
    if m is None or m.carry is None:
        return set()
    return {(c.generation, c.slot) for c in m.carry[seat]}


def final_closed_problem(m: MatchInfo | None, carried: set[tuple[int, int]],
                         closed: set[tuple[int, int]]) -> str | None:
    """What is wrong with the slots a seat left closed at the end of a race (its ``final_open``, SPEC 16.5
    point 1), or None: a race that is not the last of a match that carries cards leaves closed exactly the
    slots of the cards it carries (``carried``: from the final state); every other race opens every slot."""
    allowed = carried if m is not None and not m.last else set()
    if closed - allowed:
        g, i = min(closed - allowed)
        return f"left slot {i} of generation {g} closed at the end"
    if allowed - closed:
        g, i = min(allowed - closed)
        return f"opened slot {i} of generation {g}, a card it carries into the next race"
    return None


def check_carried_opening(m: MatchInfo, seat: int, generation: int, slot: int, value: int, salt: bytes) -> int:
    """A carried card opened in a later race (SPEC 16.5 point 3): it must be one of the slots ``seat`` carried
    and open the commitment it published in the race before (under that race's game id).  Returns the value;
    ``CommitmentError`` otherwise (the proof: the earlier race's signed ``slot_commit`` and this move)."""
    if m.carry is None or m.prev is None or not 0 <= seat < len(m.carry):
        raise CommitmentError(f"seat {seat} carried no cards into race {m.race + 1}")
    for c in m.carry[seat]:
        if (c.generation, c.slot) == (generation, slot):
            check_opening(c.commitment, m.prev.game, seat, generation, slot, value, salt)
            return value
    raise CommitmentError(f"seat {seat} opened slot {slot} of generation {generation}, a card it did not carry "
                          f"into race {m.race + 1}")


def record_of(game: Any, names: Sequence[str], rules, finals: Sequence):
    """The match's record from the races' final states (the game's ``match.record``: ST-E4, MM-T1..MM-T4)."""
    return game.match.record(names, rules, finals)

"""A seat taken over by a computer player ends the match (protocol/SPEC.md 16.3, 16.5 point 12): `audit` of a match
refuses a race that follows a race with a seat voted out, and says a match that ends there stopped; such a race
carries nothing on (``carry_out``).  The real processes: tests/match/test_match_takeover_net.py."""

from __future__ import annotations

from types import SimpleNamespace

from kit.tournament import tournament
from snowp2p.audit_match import match_report
from snowp2p.protocol.match import match_of, taken_over


def _races(ts):
    return [(match_of(t.s[0].roster.body, t.s[0].game), t.s[0], f"race {k + 1}") for k, t in enumerate(ts)]


def _vote_out(session, seat: int) -> None:
    """``seat`` decided ``bot`` in this session (what the signed votes of SPEC 11.9 leave behind)."""
    session.decided[seat] = ("bot", 0, tuple(i for i in range(session.n) if i != seat))


def test_a_race_after_a_race_with_a_seat_taken_over_is_a_match_violation():
    ts = tournament("taken over", races=2)
    rc, lines = match_report(_races(ts))
    assert rc == 0 and lines[0] == "OK", lines  # (the same races, nobody voted out: a match)
    _vote_out(ts[0].s[0], 1)
    assert taken_over(ts[0].s[0]) == (1,)
    rc, lines = match_report(_races(ts))
    assert rc == 1 and len(lines) == 1 and lines[0].startswith("MATCH VIOLATION: race 2 follows race 1"), lines
    assert "was voted out" in lines[0] and "the match stopped there" in lines[0], lines


def test_a_match_that_stops_after_a_takeover_says_so_and_carries_nothing_on():
    ts = tournament("stops", races=1)
    s = ts[0].s[0]
    assert s.carry_out() is not None  # (race 1 of 3 carries the hands on, MM-T2)
    _vote_out(s, 2)
    assert s.carry_out() is None and s.next_carry() is None  # SPEC 16.5 point 12
    rc, lines = match_report(_races(ts))
    nick = s.nicks[2]
    assert rc == 0 and lines[0] == "OK", lines
    assert f"The match stopped: {nick} was voted out in race 1 (a computer player took the seat); the standings " \
           "after race 1 are final (SPEC 16.3)." in lines, lines
    assert any(ln.startswith("Standings after race 1 of 3 (the match stopped there):") for ln in lines), lines
    assert not any(ln.startswith("Winner:") for ln in lines), lines


def test_a_vote_to_end_is_not_a_takeover():
    s = SimpleNamespace(decided={1: ("end", 0, (0,))})
    assert taken_over(s) == ()
    s.decided[0] = ("bot", 3, (1,))
    assert taken_over(s) == (0,)

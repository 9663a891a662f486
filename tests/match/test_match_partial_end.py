"""The end of a Mush! Mush! tournament race that is not the last (protocol/SPEC.md 16.5 point 1, MM-T2): real
sessions on the in-memory table (tests/kit/table.py), every frame logged.  Each seat's ``final_open`` opens
every slot but its carried cards' (its hand and deck at the end), no seat's frame ever opens a carried slot,
a seat that opens one anyway is an offence, and the last race of the match opens every slot as a single race."""

from __future__ import annotations

from kit.table import Table, fixed
from snowp2p.games import find_game
from snowp2p.protocol.match import Prev, first_race
from snowp2p.protocol.messages import decode_signed
from snowp2p.protocol.session import Halted

MM = find_game("mush")


def _tracks():
    t = MM.load_table(None)
    return [(MM.table_name(t), MM.table_digest(t))] * 3


def race(k: int) -> dict:
    """The match map of race ``k`` of a tournament on the default track (race >= 1: an empty carry)."""
    m = first_race(fixed("partial-end match"), MM, _tracks())
    for _ in range(k):
        m = m.next(Prev(fixed(f"race {m.race}"), 7, fixed(f"state {m.race}")), [[], [], []])
    return m.to_wire()


def opened_by(records: list[bytes]) -> dict[int, set[tuple[int, int]]]:
    """Seat -> the (generation, slot) pairs its frames in this log open (moves and final_opens)."""
    out: dict[int, set] = {}
    for r in records:
        msg = decode_signed(r)
        for op in getattr(msg.body, "openings", ()) or ():
            out.setdefault(msg.sender, set()).add((op.generation, op.slot))
    return out


def all_slots(s, seat: int) -> set[tuple[int, int]]:
    return {(g, i) for g, gen in enumerate(s.gens[seat]) for i in range(gen.size)}


def test_mm_t2_a_race_before_the_last_leaves_exactly_the_carried_slots_closed():
    t = Table("mush", 3, "partial end", match=race(0)).play()
    assert [s.done for s in t.s] == [True] * 3 and [s.halted for s in t.s] == [None] * 3
    s0 = t.s[0]
    for seat in range(3):
        carried = s0._carried_slots(seat)
        assert carried, "every seat carries its hand into race 2 (MM-T2)"
        for logger in range(3):  # every peer's log: the carried slots are never opened in any frame
            opened = opened_by(t.records(logger))[seat]
            assert not opened & carried
            assert opened == all_slots(s0, seat) - carried


def test_mm_t2_a_seat_that_opens_a_carried_slot_at_the_end_is_an_offence():
    t = Table("mush", 3, "partial end", match=race(0))
    real = t.s[1]._carried_slots
    t.s[1]._carried_slots = lambda seat: set() if seat == 1 else real(seat)  # seat 1 opens its carried slots too
    halts = []
    try:
        t.play()
    except Halted as e:
        halts.append(e)
    stopped = [s for s in (t.s[0], t.s[2]) if s.halted is not None]
    assert halts and stopped, "an honest peer stops at seat 1's final_open"
    for s in stopped:
        assert s.halted.seat == 1 and "a card it carries into the next race" in s.halted.what
        assert not s.done


def test_mm_t2_the_last_race_of_a_tournament_opens_every_slot():
    from kit.tournament import tournament

    ts = tournament("last race")
    last = ts[2]
    assert [s.done for s in last.s] == [True] * 3 and [s.halted for s in last.s] == [None] * 3
    assert last.s[0].partial_match is None
    s0 = last.s[0]
    for seat in range(3):
        opened = opened_by(last.records(0))[seat]
        new = {(g, i) for g, gen in enumerate(s0.gens[seat]) if not s0._is_old(seat, g) for i in range(gen.size)}
        assert opened == new | set(s0.old_slots[seat]), "every slot of this race and every slot carried in"


def test_mm_t2_every_log_of_a_race_before_the_last_audits_clean(tmp_path):
    """The observer (``audit``) of race 1 of a tournament accepts the partial ends, from every peer's log."""
    from snowp2p.replay import replay_log

    t = Table("mush", 3, "partial end audit", match=race(0)).play()
    for seat in range(3):
        res = replay_log(str(t.write(seat, tmp_path / f"race1-{seat}.log")))
        assert res.violation is None and res.unopened == [] and res.session.done
        assert res.session.partial_match is not None


def test_st_e4_a_snow_tails_series_race_carries_nothing_and_opens_every_slot():
    """Only a match that carries cards (MM-T2) ends a race with closed slots: a Snow Tails series' first race
    opens every slot, as a single race does (ST-E4)."""
    st = find_game("snowtails")
    t0 = st.load_table(None)
    m = first_race(fixed("partial-end series"), st, [(st.table_name(t0), st.table_digest(t0))] * 2)
    t = Table("snowtails", 2, "series race", match=m.to_wire()).play()
    assert [s.done for s in t.s] == [True] * 2 and [s.halted for s in t.s] == [None] * 2
    assert t.s[0].partial_match is None
    for seat in range(2):
        assert opened_by(t.records(1))[seat] == all_slots(t.s[1], seat)

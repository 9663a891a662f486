"""A Mush! Mush! tournament's races after the first (protocol/SPEC.md 16.5, MM-T1..MM-T4) on the in-memory table
(tests/kit/tournament.py): each race's sessions start from the race before (``Session(carried_from=...)``), the
carried cards open against their earlier-race commitments, every new generation is committed in the setup, and
the last race opens every slot and checks, with the earlier races' values, each deck's composition and every
reshuffle.  A forged carried card, a swapped card and a wrong deck are caught by every honest peer."""

from __future__ import annotations

from dataclasses import replace

from kit.tournament import tournament
from snowp2p.protocol.match import record_of
from snowp2p.protocol.messages import decode_signed


def opened_in(table, logger: int = 0) -> dict[int, list[tuple[str, tuple[int, int]]]]:
    """Seat -> (message type, (generation, slot)) of every opening its frames in ``logger``'s log carry."""
    out: dict[int, list] = {}
    for r in table.records(logger):
        msg = decode_signed(r)
        for op in getattr(msg.body, "openings", ()) or ():
            out.setdefault(msg.sender, []).append((msg.type, (op.generation, op.slot)))
    return out


def test_mm_t1_a_tournament_of_three_races_is_played_and_checked_to_its_end():
    ts = tournament("whole")
    assert len(ts) == 3
    for t in ts:
        assert [s.done for s in t.s] == [True] * 3 and [s.halted for s in t.s] == [None] * 3
    last = ts[2].s
    for s in last:  # the last race opened every slot of every race and left nothing to check later
        assert s.partial_match is None and s.deferred == [] and s.carry_out() is None
        for seat in range(3):
            assert set(s.old_opened[seat]) == set(s.old_slots[seat])
    # every peer's record of the tournament (MM-T4) is the same
    recs = [record_of(t0.game, t0.nicks, t0.rules, [t.s[i].state for t in ts])
            for i, t0 in enumerate(ts[0].s)]
    assert len({(r.totals(), tuple(r.standings())) for r in recs}) == 1
    # each later race starts from the race before: the carried hand keeps its card ids (MM-T2), still held (or
    # played) at the end of the next race
    deck = ts[0].s[0].game.hidden
    for k in (1, 2):
        prev, now = ts[k - 1].s[0].state, ts[k].s[0].state
        for seat in range(3):
            assert set(prev.sled(seat).hand) <= deck.holds(now, seat)


def test_mm_t2_a_carried_card_is_opened_only_by_its_owner_playing_it_or_at_the_last_race():
    """G4: no frame of a race before the last opens a carried slot; in the next race a carried slot is opened
    only by its owner's move (which plays it) or by the last race's final openings."""
    ts = tournament("hidden carry")
    for k in (0, 1):
        closed = ts[k].s[0].carry_out().closed
        for logger in range(3):
            ops = opened_in(ts[k], logger)
            for seat in range(3):
                assert not {gs for _, gs in ops.get(seat, [])} & set(closed[seat])
        nxt = ts[k + 1]
        for seat in range(3):
            for typ, gs in opened_in(nxt).get(seat, []):
                if gs in closed[seat]:
                    assert typ == "move" or (typ == "final_open" and k + 1 == 2), (k, seat, typ, gs)


def _deck_card_public(k, carried):
    """Make one deck card of every seat public in the state race ``k`` starts from (as a kennels five, MM-F2, is):
    the next race lays the deck out again, generation (a) of SPEC 16.5 point 4."""
    if k != 1:
        return carried
    own = [c.state for c in carried]  # each seat's own final state (its private part)
    out = []
    for c in carried:
        st = c.state
        sleds = list(st.public.sleds)
        for seat, sl in enumerate(sleds):
            card = sl.deck[0]
            value = own[seat].private[seat].values[card]
            sleds[seat] = replace(sl, values=sl.values[:card] + (value,) + sl.values[card + 1:])
        out.append(replace(c, state=replace(st, public=replace(st.public, sleds=tuple(sleds)))))
    return out


def test_mm_t2_a_re_laid_deck_stays_closed_until_the_last_race_and_is_checked_there():
    """The decided gap (docs/series.md): a deck laid out again at a race's start leaves its old slots carried in
    and closed (not held any more, not named in the next ``carry``): closed at that race's end, opened and
    checked at the last race's end."""
    ts = tournament("re-laid", carry_hook=_deck_card_public)
    assert [s.halted for t in ts for s in t.s] == [None] * 9 and all(s.done for s in ts[2].s)
    r1 = ts[1].s[0]
    for seat in range(3):
        laid = r1.new_from[seat]
        assert len(laid) == 2, "generation (a), the deck, and (b), the gathered cards"
        old_deck = set(laid[0][1])
        slots = {r1._locate_in(ts[0].s[0].state, seat, c) for c in old_deck}
        out = r1.carry_out().closed[seat]
        assert slots <= set(out), "the old deck's slots stay closed at race 2's end"
        named = {(c.generation, c.slot) for c in r1.next_carry()[seat]}
        assert not slots & named, "they are not carried now: the next race's carry does not name them"
        last = ts[2].s[1]
        assert slots <= set(last.old_opened[seat]), "the last race opens them"


def _halts(ts, who: int):
    """The offences honest sessions halted on, in the first race that stopped."""
    for k, t in enumerate(ts):
        stopped = [s.halted for i, s in enumerate(t.s) if i != who and s.halted is not None]
        if stopped:
            return k, stopped
    return None, []


def _forge_hand(k, carried):
    """Seat 1's carried hand, as its own program holds it for race 2, made all of its best value (a forged carried
    card: its commitments of race 1 say otherwise)."""
    if k != 1:
        return carried
    c = carried[1]
    st = c.state
    p = st.private[1]
    vals = list(p.values)
    for card in st.sled(1).hand:
        vals[card] = max(p.values)
    priv = list(st.private)
    priv[1] = replace(p, values=tuple(vals))
    carried[1] = replace(c, state=replace(st, private=tuple(priv)))
    return carried


def _blind_opener(k, t):
    """Seat 1's own session in race 2 does not check its own carried openings (a cheat's program)."""
    if k == 1:
        s = t.s[1]
        real = s._open_old

        def open_old(seat, op, proof=()):
            if seat != 1:
                return real(seat, op, proof)
            s.old_opened[seat][(op.generation, op.slot)] = op.value
        s._open_old = open_old


def test_mm_t2_a_forged_carried_card_is_caught_by_every_honest_peer():
    """Seat 1 says its carried hand is all fives: its opening does not match its race-1 commitment (SPEC 16.5
    point 3), an offence proven by two signatures."""
    ts = tournament("forged", carry_hook=_forge_hand, hook=_blind_opener)
    k, stopped = _halts(ts, 1)
    assert k is not None and len(stopped) == 2
    for h in stopped:
        assert h.seat == 1 and "commitment of the race before" in h.what


def _blind_end(s) -> None:
    """A cheat's own session does not check the end (its own cards)."""
    s._check_final = lambda: None


class _Proxy:
    """The game object as one cheating seat sees it: its ``match`` lays out a swapped card."""

    def __init__(self, game, match):
        self._game, self.match = game, match

    def __getattr__(self, name):
        return getattr(self._game, name)


def test_mm_t2_a_swapped_card_in_a_laid_out_generation_is_caught():
    """Seat 2 lays the gathered cards out again with its best value in place of the first (the cards it commits in
    the setup, and plays consistently): the reshuffle's conservation check catches it when its cards are open
    (at that race's end or the last race's)."""
    def hook(k, t):
        if k != 1:
            return
        s = t.s[2]
        real = s.game.match

        class Swap:
            carries = True
            kind = real.kind

            def __getattr__(self, name):
                return getattr(real, name)

            def new_generations(self, prev, seat):
                gens = real.new_generations(prev, seat)
                g, vals = gens[-1]
                return gens[:-1] + [(g, (max(vals) + 1,) + tuple(vals[1:]))]

            def next_race(self, prev, track, rand):
                st = real.next_race(prev, track, rand)
                sl = st.sled(2)
                first = sl.gen_starts[-1]
                p = st.private[2]
                if p is None:
                    return st
                vals = list(p.values)
                vals[first] = max(vals[first:]) + 1
                priv = list(st.private)
                priv[2] = replace(p, values=tuple(vals))
                return replace(st, private=tuple(priv))

        s.game = _Proxy(s.game, Swap())
        _blind_end(s)

    ts = tournament("swapped", hook=hook)
    k, stopped = _halts(ts, 2)
    assert k in (1, 2) and stopped
    for h in stopped:
        assert h.seat == 2 and ("did not keep the cards it gathered" in h.what or "not the game's deck" in h.what)


def test_mm_k2_a_wrong_first_deck_hidden_until_the_last_race_is_caught_there():
    """Seat 0 commits (and holds) a first deck with one card changed, a card that stays in its hand, unplayed, to
    the last race: what races 1 and 2 open fits in the deck, so only the last race, with every card open (SPEC 16.5
    point 4), can see that the composition is wrong, and does."""
    label = "wrong deck 11"  # (a run where the changed card stays in seat 0's hand, unplayed, to the last race)
    honest = tournament(label, races=2)
    deep = sorted(set(honest[1].s[0].state.sled(0).hand) & set(range(honest[0].s[0].gens[0][0].size)))
    assert deep, "a first-deck card still in the hand at the end of race 2"
    card = deep[0]

    def hook(k, t):
        if k != 0:
            return
        s = t.s[0]
        vals = list(s.game.hidden.first_deck(s.rules, 0, s.secret))
        vals[card] = 0 if vals[card] else 1  # (one card more of a value: fits as long as one of them is closed)
        from snowp2p.protocol.messages import SlotCommit

        s._commit_first_deck = lambda out: s._emit(SlotCommit(0, 0, tuple(s._commitments(0, vals))), out)
        orig = s._apply_setup

        def setup():
            orig()
            st = s.state
            priv = list(st.private)
            priv[0] = replace(priv[0], values=tuple(vals) + priv[0].values[len(vals):])
            s.state = replace(st, private=tuple(priv))

        s._apply_setup = setup
        _blind_end(s)

    ts = tournament(label, hook=hook)
    k, stopped = _halts(ts, 0)
    assert k == 2 and len(stopped) == 2
    for h in stopped:
        assert h.seat == 0 and "not the game's deck" in h.what


def test_mm_t2_a_first_deck_committed_again_in_a_later_race_is_an_offence():
    from snowp2p.protocol.messages import SlotCommit

    from kit.tournament import forged

    def hook(k, t):
        if k == 1:
            s = t.s[1]
            orig = s.start

            def start():
                out = orig()
                out.send.append(forged(s, SlotCommit(1, 0, tuple(s._commitments(0, [1] * 20)))))
                return out
            s.start = start

    ts = tournament("gen0 again", hook=hook, races=2)
    k, stopped = _halts(ts, 1)
    assert k == 1 and stopped and all(h.seat == 1 and "new first deck" in h.what for h in stopped)


# ------------------------------------------------------------------ audit (SPEC 16.4, 16.5)
def _audit(ts, seat: int, tmp_path, capsys):
    from snowp2p.audit_match import run_audit_match

    paths = [str(t.write(seat, tmp_path / f"seat{seat}-race{k + 1}.log")) for k, t in enumerate(ts)]
    rc = run_audit_match(list(reversed(paths)))  # (any order: the audit sorts them by race)
    return rc, capsys.readouterr().out


def test_mm_t4_every_seats_logs_audit_clean_as_one_tournament_with_the_same_totals(tmp_path, capsys):
    ts = tournament("audited")
    reports = set()
    for seat in range(3):
        rc, out = _audit(ts, seat, tmp_path, capsys)
        assert rc == 0 and out.startswith("OK\n") and "Winner: " in out and "(MM-T4" in out, out
        reports.add("\n".join(ln.split(" (game ")[0] for ln in out.splitlines()))
    assert len(reports) == 1


def test_mm_t2_audit_of_a_later_race_alone_says_to_give_the_races_before_it(tmp_path):
    from snowp2p.errors import CommandError
    from snowp2p.replay import replay_log

    ts = tournament("alone", races=2)
    p = ts[1].write(0, tmp_path / "race2.log")
    try:
        replay_log(str(p))
    except CommandError as e:
        assert "race 2 of the match starts from the race before it" in str(e)
    else:
        raise AssertionError("a later race audited without the race before it")


def test_mm_t2_audit_catches_a_forged_carried_card(tmp_path, capsys):
    """What the honest peers caught live, `audit` of an honest peer's logs catches too."""
    cases = [(tournament("forged audit", carry_hook=_forge_hand, hook=_blind_opener), 0,
              "commitment of the race before")]
    for ts, seat, what in cases:
        rc, out = _audit(ts, seat, tmp_path, capsys)
        assert rc == 1 and out.startswith("VIOLATION") and what in out, out


def test_mm_t2_opening_a_slot_of_an_earlier_race_it_did_not_carry_is_an_offence():
    """In the last race seat 2's final openings also open a slot of race 1 that it did not carry (one opened
    there already): a card it did not carry into this race, an offence (SPEC 16.5 point 3)."""
    from snowp2p.protocol.messages import FinalOpen, Opening
    from snowp2p.protocol.hidden import slot_salt

    def hook(k, t):
        if k != 2:
            return
        s = t.s[2]
        real = s._final_openings

        def final_openings(out):
            real(out)
            g, slot = next((g, i) for g in range(len(s.carried_in_gens(2))) for i in range(s.gens[2][g].size)
                           if (g, i) not in s.old_slots[2])
            card = s.gens[2][g].first + slot
            value = s.game.hidden.values(s.state, 2)[card]
            s._emit(FinalOpen((Opening(g, slot, value, slot_salt(s.secret, g, slot)),)), out)
        s._final_openings = final_openings
        _blind_end(s)

    ts = tournament("not carried", hook=hook)
    k, stopped = _halts(ts, 2)
    assert k == 2 and len(stopped) == 2
    for h in stopped:
        assert h.seat == 2 and "a card it did not carry into this race" in h.what

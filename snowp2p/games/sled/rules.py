"""The pure rules path of the sled games: ``apply`` and each action's checks and effects.

The engine is pure: ``apply(state, action, rand)`` returns a new immutable
:class:`~.state.GameState` or raises :class:`IllegalMove` naming the rule broken, and
leaves the old state untouched.  It does no I/O, reads no clock and owns no
randomness: every shuffle and draw takes ``rand`` (a :class:`~snowp2p.core.drbg.Rand`).

One ``apply`` checks whose turn it is, then changes a working copy of the state (working.py) in place and
freezes it into the new state.  The movement itself is motion.py, the draws and reshuffles cards.py, the turn
order turns.py.
"""

from __future__ import annotations

from typing import Sequence

from ...core.errors import IllegalMove
from .cards import _draw
from .motion import _describe, _Motion, _walk
from .race import race_position, speed_and_drift
from .start import _begin, _deal_snowtails
from .state import (ELIMINATED, MM, PH_MOVE, PH_OVER, PH_REFILL, PH_START, PH_TREES, POSITIONS, ST, Action,
                    ChooseStart, GameState, Move, PlaceTree, RandomSource, Refill, RefillNeed)
from .turns import _end_turn, _two_player_wreck
from .working import _W, _new_need


# ----------------------------------------------------------------- validate
def _check_turn(state: GameState, seat: int, phase: str) -> None:
    pub = state.public
    if pub.phase == PH_OVER:
        raise IllegalMove("ST-E2" if state.game == ST else "MM-E1", "the race is over")
    if pub.phase != phase:
        raise IllegalMove("TURN", f"expected a {pub.phase.replace('_', ' ')} action, not {phase.replace('_', ' ')}")
    if seat != pub.current:
        raise IllegalMove("ST-O2" if state.game == ST else "MM-O2",
                          f"it is {state.sled(pub.current).name}'s turn, not seat {seat}'s")


def _open(state: GameState, seat: int, card: int, value: int, rule: str) -> None:
    """Check an opening against what this holder knows (the network layer checks commitments)."""
    if not isinstance(value, int) or value < 0 or value > 5:
        raise IllegalMove(rule, f"card value {value!r} does not exist")
    known = state.public.sleds[seat].values[card]  # state.value(seat, card), inlined
    if known < 0:
        p = state.private[seat]
        if p is None:
            return
        known = p.values[card]
    if known != value:
        raise IllegalMove("OPEN", f"card {card} holds {known}, not {value}")


def _check_play(state: GameState, mv: Move) -> None:
    """Validate the cards played (ST-P1..P3, ST-P6, MM-P1/P2) and their openings."""
    s = state.public.sleds[mv.seat]
    game = state.game
    play = mv.play
    if not play:
        if s.hand:
            raise IllegalMove("ST-P1" if game == ST else "MM-P1", "you must play at least one dog card")
        return  # ST-P6 / MM-P2: no dog card in hand, nothing is played
    allowed = POSITIONS if game == ST else POSITIONS[:2]
    positions = set()
    cards = set()
    value = play[0][2]
    hand = s.hand
    for p, c, _v in play:
        if p not in allowed:
            raise IllegalMove("ST-P3" if game == ST else "MM-P1", f"no card position {p!r} in this game")
        if p in positions:
            raise IllegalMove("ST-P3" if game == ST else "MM-P1", "at most one card on each position")
        if c in cards:
            raise IllegalMove("HAND", "the same card played twice")
        if c not in hand:
            raise IllegalMove("HAND", f"card {c} is not in {s.name}'s hand")
        positions.add(p)
        cards.add(c)
    opening_rule = "ST-K2" if game == ST else "MM-K2"
    for _, c, v in play:
        _open(state, mv.seat, c, v, opening_rule)
        if v != value:
            raise IllegalMove("ST-P2" if game == ST else "MM-P1", "all cards played in one turn have the same value")


# -------------------------------------------------------------------- apply
def apply(state: GameState, action: Action, rand: RandomSource) -> GameState:
    """Apply ``action``; return the new state or raise IllegalMove (the old state is untouched)."""
    step = _STEPS.get(type(action))
    if step is None:
        raise IllegalMove("TURN", f"not an action: {action!r}")
    phase, apply_in_place = step
    _check_turn(state, action.seat, phase)
    w = _W(state)
    apply_in_place(w, action, rand)
    return w.freeze()


def _apply_choose(w: _W, a: ChooseStart, rand: RandomSource) -> None:
    taken = {s.start for s in w.public.sleds if s.start}
    if not isinstance(a.position, int) or not (1 <= a.position <= w.track.lanes):
        raise IllegalMove("ST-S2", f"start position {a.position!r} does not exist")
    if a.position in taken:
        raise IllegalMove("ST-S2", f"start position {a.position} is taken")
    s = w.edit(a.seat)
    s.start, s.at = a.position, w.track.start_space(a.position)
    pub = w.public
    pub.last_event = f"{s.name} takes start position {a.position}"
    choosers = pub.choosers[1:]
    if choosers:
        pub.choosers, pub.current = choosers, choosers[0]
        return
    _deal_snowtails(w, rand)


def tree_spaces(state: GameState) -> list[int]:
    """ST-S1 / MM-S1 Decision: where a player may place an extra tree: any space of the track between the
    start and the finish sections that is not blocked (TRK-6, buildings) and has no tree yet."""
    track, trees = state.track, state.public.trees
    return [sid for sid in range(track.base[1][0], track.base[-1][0])
            if sid not in track.blocked and sid not in trees]


def _apply_tree(w: _W, a: PlaceTree, rand: RandomSource) -> None:
    rule = "ST-S1" if w.game == ST else "MM-S1"
    track, pub = w.track, w.public
    if not isinstance(a.space, int) or not 0 <= a.space < track.size:
        raise IllegalMove(rule, f"space {a.space!r} does not exist")
    where = list(track.coords(a.space))
    if not track.base[1][0] <= a.space < track.base[-1][0]:
        raise IllegalMove(rule, f"space {where} is in the start or finish section: trees go between them")
    if a.space in track.blocked:
        raise IllegalMove(rule, f"space {where} is blocked")
    if a.space in pub.trees:
        raise IllegalMove(rule, f"space {where} has a tree already")
    pub.trees = pub.trees | {a.space}
    pub.choosers = placers = pub.choosers[1:]
    pub.last_event = f"{w.sled(a.seat).name} places a tree at {where}"
    if placers:
        pub.current = placers[0]
    else:
        _begin(w, rand)


def _apply_move(w: _W, mv: Move, rand: RandomSource) -> None:
    game, rules, track = w.game, w.rules, w.track
    seat = mv.seat
    s = w.public.sleds[seat]
    _check_play(w, mv)
    # Nothing below changes ``w`` before the write-back, so race_position(w, seat) is the race
    # position at the start of the turn (ST-B1 Decision, MM-B2); it is computed only when used.

    # --- 1. play the cards (ST-P4/P5, MM-P1) ---
    left, right, discard, values, brake = s.left, s.right, s.discard, s.values, s.brake
    hand = s.hand
    if mv.play:
        hand = set(hand)
        values = list(values)
        for pos, card, value in mv.play:
            hand.discard(card)
            values[card] = value
            if pos == "left":
                left = left + (card,)
            elif pos == "right":
                right = right + (card,)
            else:
                brake = value  # ST-P5: the card goes to the discard pile, the token takes its value
                discard = discard + (card,)
        hand = tuple(sorted(hand))
        values = tuple(values)
    start_dog = rules.st_start_dog if game == ST else rules.mm_start_dog  # ST-S3: an empty dog counts 3
    lv = values[left[-1]] if left else start_dog
    rv = values[right[-1]] if right else start_dog
    speed, drift, direction = speed_and_drift(game, lv, rv, brake)

    # --- MM first turn: choose the origin (MM-O1) ---
    at = s.at
    if game == MM and s.at is None:
        if mv.origin is None or not isinstance(mv.origin, int) or not (1 <= mv.origin <= track.lanes):
            raise IllegalMove("MM-O1", "the first move starts from a start space: give its lane as origin")
        at = track.start_space(mv.origin)
    elif mv.origin is not None:
        raise IllegalMove("MM-O1" if game == MM else "ST-S2", "an origin is chosen only on a Mush! Mush! sled's first turn")

    # --- 2. MM bonus die adjustment (MM-B1..B3) ---
    die = s.die
    if game == MM and lv == rv and not s.first_turn:
        p = min(race_position(w, seat), rules.mm_die_max)
        die = p if die is None else max(die, p)

    # --- path shape (TRK-11) ---
    path = mv.path
    if not isinstance(path, str) or path.strip("FD"):
        raise IllegalMove("TRK-11", f"a path is a string of F and D, not {path!r}")
    want_len = max(speed, 0)
    want_drift = min(drift, want_len)
    if len(path) != want_len or path.count("D") != want_drift:
        raise IllegalMove("TRK-11", f"speed {speed} with drift {drift} needs a path of {want_len} steps "
                                    f"with {want_drift} drift steps, not {path!r}")

    # --- bonus availability ---
    bonus = mv.bonus
    if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
        raise IllegalMove("ST-B1" if game == ST else "MM-B4", f"bonus {bonus!r} is not a number of steps")
    if game == ST:
        st_bonus = 0
        if lv == rv and speed >= 1 and not s.first_turn:
            st_bonus = race_position(w, seat)  # ST-B1
        if bonus not in (0, st_bonus):
            raise IllegalMove("ST-B1", f"the balance bonus is all or nothing: 0 or {st_bonus}, not {bonus}")
    elif bonus > (die or 0):
        raise IllegalMove("MM-B4", f"the bonus die allows at most {die or 0} steps, not {bonus}")

    # --- 3. move ---
    pub = w.public
    # the other sleds by space (the mover's own space and None are never a step's target: every
    # step moves forward, TRK-8/9)
    others = {o.at: o.seat for o in pub.sleds}
    m = _Motion(at, s.damage, pub.trees, [])
    limit_speed = speed + bonus  # ST-L1: speed plus the bonus if taken
    _walk(w, m, path, direction, others, limit_speed)
    if m.edge_step and game == ST:
        # ST-M4: a path ended by the edge or an obstacle at step j must hold min(drift, j) drift steps,
        # also when that collision gives the fifth damage card (ST-R5: elimination is no exemption)
        j = m.edge_step
        if path[:j].count("D") < min(drift, j):
            raise IllegalMove("ST-M4", f"drift comes first: this path hits the edge at step {j} "
                                       f"with drift left unmade")
    if bonus:
        if m.stopped:
            raise IllegalMove("ST-B1" if game == ST else "MM-B4",
                              "a bonus is taken only after a path that ended without a collision")
        if game == MM:
            die = None  # MM-B4: the die is removed as the first bonus step is taken
        _walk(w, m, "F" * bonus, direction, others, limit_speed)
    if m.stopped == "sled" and game == MM and die is not None:
        die = die - 1 or None  # MM-C2: the die goes down by 1; at 0 it is removed

    # --- write back ---
    eliminated = m.stopped == "out" and game == ST
    s = w.edit(seat)
    s.hand, s.left, s.right, s.brake, s.discard, s.values = hand, left, right, brake, discard, values
    s.at = None if eliminated else m.at
    s.damage, s.die, s.first_turn = m.damage, die if game == MM else None, False
    if eliminated:
        s.status = ELIMINATED
    pub.trees = m.trees
    pub.last_event = _describe(w, s.name, m)
    if eliminated:
        # ST-R5 (Decision: at that moment): eliminated at once, removed from the track, no place
        pub.eliminated = pub.eliminated + (seat,)
        _end_turn(w)
        return
    if m.stopped == "out" and game == MM:
        if len(pub.sleds) == 2:
            _two_player_wreck(w, seat)  # MM-C5
            return
        held = len(s.hand)
        if held:  # MM-C4: the whole hand is discarded, 5 new cards drawn
            pub.phase, pub.refill = PH_REFILL, _new_need(seat, held, held, True, False, False, True)
        else:
            _do_refill(w, seat, True, True, rand)
        return

    # --- refill choices ---
    draw = not (m.stopped == "sled" and game == ST)  # ST-C1: no cards drawn after hitting a sled
    over = max(0, s.hand_count() - rules.hand_size)
    most, chapel, kennels = over, False, False
    if game == MM and rules.mm_buildings and s.at is not None:
        trig = track.triggers
        if s.at in trig.get("bothy", ()):  # MM-F4: discard any number of dog cards
            most = len(s.hand)
        chapel = bool(s.at in trig.get("chapel", ()) and s.damage)  # MM-F3
        kennels = bool(s.at in trig.get("kennels", ()) and s.aside)  # MM-F2
    if most or chapel or kennels:  # the player chooses (Refill)
        pub.phase, pub.refill = PH_REFILL, _new_need(seat, over, most, draw, chapel, kennels, False)
    else:
        _do_refill(w, seat, draw, False, rand)  # nothing to choose: refill at once


def _apply_refill(w: _W, r: Refill, rand: RandomSource) -> None:
    need = w.public.refill
    assert need is not None
    s = w.sled(r.seat)
    ids = [c for c, _ in r.discard]
    if len(set(ids)) != len(ids):
        raise IllegalMove("HAND", "the same card discarded twice")
    for c, v in r.discard:
        if c not in s.hand:
            raise IllegalMove("HAND", f"card {c} is not in {s.name}'s hand")
        _open(w, r.seat, c, v, "ST-K2" if w.game == ST else "MM-K2")
    rule = "ST-R2" if w.game == ST else ("MM-C4" if need.wreck else "MM-R1")
    if r.chapel and not need.chapel:
        raise IllegalMove("MM-F3", "the chapel is not available")
    lo, hi = _discard_range(w, need, r.chapel)
    if not (lo <= len(ids) <= hi):
        if lo == hi:
            raise IllegalMove(rule, f"discard exactly {lo} dog card{'' if lo == 1 else 's'}, not {len(ids)}")
        raise IllegalMove("MM-F4", f"discard {lo} to {hi} dog cards, not {len(ids)}")
    if r.kennels and not need.kennels:
        raise IllegalMove("MM-F2", "the kennels are not available")
    _do_refill(w, r.seat, need.draw, need.wreck, rand, r.discard, r.chapel, r.kennels)


def _discard_range(state: GameState, need: RefillNeed, chapel: bool) -> tuple[int, int]:
    """How many dog cards the refill must discard: MM-F3's chapel removes the collision cards first,
    so they no longer count toward the hand of 5 (MM-R1)."""
    if not chapel:
        return need.min_discard, need.max_discard
    s = state.sled(need.seat)
    lo = max(0, len(s.hand) - state.rules.hand_size)
    return lo, (need.max_discard if need.max_discard > need.min_discard else lo)


discard_range = _discard_range  # (the computer player asks it too: bot.py)


def _do_refill(w: _W, seat: int, draw: bool, wreck: bool, rand: RandomSource,
               discard: Sequence[tuple[int, int]] = (), chapel: bool = False, kennels: bool = False) -> None:
    """Action 3 / step 5: discards (ST-R2/R3, MM-R1/R2), buildings, draws (ST-R1/R4, MM-R1/R3).

    ``draw`` and ``wreck`` as in :class:`RefillNeed`; the rest are the player's choices (:class:`Refill`).
    """
    rules, game = w.rules, w.game
    sleds = w.public.sleds
    s = sleds[seat]
    damage = 0 if chapel or wreck else s.damage  # MM-F3 / MM-C4: discard all collision cards
    if discard or damage != s.damage:
        s = w.edit(seat)
        values = list(s.values)
        for c, v in discard:
            values[c] = v  # discards are public (ST-R3, MM-R2 Decisions)
        gone = {c for c, _ in discard}
        s.hand = tuple(c for c in s.hand if c not in gone)
        s.discard = s.discard + tuple(c for c, _ in discard)
        s.values, s.damage = tuple(values), damage
    if wreck:
        _draw(w, seat, rules.hand_size, rand)  # MM-C4: five new dog cards
        w.edit(seat).repair = True
    elif draw:
        _draw(w, seat, rules.hand_size - sleds[seat].hand_count(), rand)
    if kennels:
        s = w.edit(seat)  # MM-F2: after refilling, shuffle one set-aside five into the deck
        s.deck, s.aside = s.deck + s.aside[:1], s.aside[1:]  # re-laid before a draw
    if game == MM and rules.mm_buildings and sleds[seat].at in w.track.triggers.get("tavern", ()):
        s = w.edit(seat)  # MM-F5
        s.die = min(rules.mm_die_max, (s.die or 0) + rules.mm_tavern_bonus)
    w.public.refill = None
    _end_turn(w)


#: each action's phase and the function that applies it to a working copy (see :func:`apply`)
_STEPS = {Move: (PH_MOVE, _apply_move), Refill: (PH_REFILL, _apply_refill),
          ChooseStart: (PH_START, _apply_choose), PlaceTree: (PH_TREES, _apply_tree)}

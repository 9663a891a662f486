"""The start of a race: seats, decks and the random set-up (ST-S*, MM-S*; ST-K1, MM-K1)."""

from __future__ import annotations

from typing import Sequence

from ...core.errors import IllegalMove
from .cards import _draw, _fixed_cards, initial_private, initial_size, shuffle_with
from .config import PLAYER_COUNTS, SledRules, check_extra_trees
from .state import PH_MOVE, PH_START, PH_TREES, ST, GameState, Private, Public, RandomSource, Sled
from .track import Track
from .working import _W


def new_game(
    game: str,
    track: Track,
    names: Sequence[str],
    rand: RandomSource,
    secrets: Sequence[bytes | None],
    rules: SledRules | None = None,
) -> GameState:
    """Set up a race (ST-S*, MM-S*).  ``secrets[i]`` is seat i's layout secret, None if unknown here.

    Randomness drawn from ``rand``, in this order: Snow Tails: the first
    chooser (ST-S2) or the start positions (option); Mush! Mush!: the start
    order (MM-S5), then each deck's shuffle (MM-S4).  With extra trees
    (ST-S1, MM-S1 option) only the first player to place one is drawn here;
    the rest is drawn from the randomness of the last tree's action.
    """
    rules = rules or SledRules(game=game)
    lo, hi = PLAYER_COUNTS[game]
    if not (lo <= len(names) <= hi):
        raise IllegalMove("ST-K1" if game == ST else "MM-K1", f"{len(names)} players; this game takes {lo} to {hi}")
    if track.game != game:
        raise IllegalMove("TRK-18", f"track {track.name!r} is for {track.game}, not {game}")
    if game == ST and len(names) > track.lanes:
        raise IllegalMove("ST-K1", "more players than start positions")
    n = len(names)
    trees = track.trees if rules.trees == "track" else frozenset()
    why = check_extra_trees(rules.extra_trees, len(trees))
    if why:
        raise IllegalMove("ST-S1" if game == ST else "MM-S1", why)
    privates: list[Private | None] = []
    sleds: list[Sled] = []
    for seat, name in enumerate(names):
        secret = secrets[seat]
        privates.append(None if secret is None else initial_private(game, rules, seat, secret))
        fixed = _fixed_cards(game, rules)
        size = initial_size(game, rules)
        values = tuple(fixed) + (-1,) * (size - len(fixed))
        deck = tuple(range(len(fixed), size))
        if game == ST:
            sleds.append(Sled(seat=seat, name=name, brake=rules.st_start_brake, values=values, deck=deck))
        else:
            sleds.append(Sled(seat=seat, name=name, left=(0,), right=(1,), values=values,
                              aside=tuple(range(2, len(fixed))), deck=deck))
    pub = Public(game=game, sleds=tuple(sleds), trees=frozenset(trees), phase=PH_START, current=-1)
    w = _W(GameState(rules=rules, track=track, public=pub, private=tuple(privates)))
    if rules.extra_trees:
        # ST-S1 / MM-S1 Decision: the players place the extra trees one at a time, going round the
        # seats from a player drawn at random; the race is set up after the last one
        first = rand.below(n)
        placers = tuple((first + i) % n for i in range(rules.extra_trees))
        w.public.phase, w.public.choosers, w.public.current = PH_TREES, placers, placers[0]
    else:
        _begin(w, rand)
    return w.freeze()


def _begin(w: _W, rand: RandomSource) -> None:
    """The random part of the set-up: start positions or order, shuffles, first hands."""
    game, rules, track = w.game, w.rules, w.track
    n = len(w.public.sleds)
    if game == ST:
        if rules.st_start_positions == "random":
            positions = shuffle_with(rand, list(range(1, n + 1)))  # option: positions drawn at random
            for seat, p in enumerate(positions):
                s = w.edit(seat)
                s.start, s.at = p, track.start_space(p)
            _deal_snowtails(w, rand)
            return
        first = rand.below(n)  # ST-S2: the first chooser is drawn at random, then round the seats
        choosers = tuple((first + i) % n for i in range(n))
        w.public.phase, w.public.choosers, w.public.current = PH_START, choosers, choosers[0]
        return
    # MM-S5: start order drawn at random; MM-S6: bonus die by start order; MM-S4: shuffle, draw 5.
    order = shuffle_with(rand, list(range(n)))
    for i, seat in enumerate(order):
        s = w.edit(seat)
        s.start, s.die = i + 1, rules.mm_die_by_order[i]
    for seat in range(n):
        s = w.edit(seat)
        s.deck = tuple(shuffle_with(rand, list(s.deck)))
        _draw(w, seat, rules.hand_size, rand)
    w.public.phase, w.public.order, w.public.current, w.public.choosers = PH_MOVE, tuple(order), order[0], ()


def _deal_snowtails(w: _W, rand: RandomSource) -> None:
    """ST-S4: shuffle every deck, draw 5, positions 4 and 5 draw extra; ST-O1: round 1 by start position."""
    extra = dict(w.rules.st_extra_cards)
    sleds = w.public.sleds
    for seat in range(len(sleds)):
        s = w.edit(seat)
        s.deck = tuple(shuffle_with(rand, list(s.deck)))
        _draw(w, seat, w.rules.hand_size + extra.get(s.start, 0), rand)
    order = tuple(sorted(range(len(sleds)), key=lambda i: sleds[i].start))
    pub = w.public
    pub.phase, pub.order, pub.current, pub.choosers = PH_MOVE, order, order[0], ()

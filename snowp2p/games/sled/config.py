"""Every rules Decision and option of the sled games, in one visible place.

The rules files (../shared/rules/*.md) mark the project's own choices as
**Decision** and the players' choices as *option*.  They all live here, so a
reader can see them and a game's settings can change the options.  The same
list, with reasons, is in docs/rules-decisions.md.
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class SledRules:
    game: str  # "snowtails" | "mush"

    # ---- shared ----
    hand_size: int = 5  # ST-R1, MM-R1
    # Decision (project): a race that has not ended after this many rounds ends
    # there, remaining sleds placed by race position.  A safety net only: no
    # sensible race gets near it, but it guarantees every game ends.
    max_rounds: int = 150

    # How a draw picks its card: "random" (default) takes a slot chosen by the
    # randomness of the draw's own event, so nobody -- the owner included,
    # who knows what each of its slots holds -- can foresee it (G4); "top"
    # takes the top of the deck as it lies (the conformance scenarios stack
    # their decks).  Both deal every card with the same chances.
    deck_draw: str = "random"

    # ---- Snow Tails ----
    # Decisions with no setting (the rules files mark them Decision; docs/rules-decisions.md):
    # ST-E2 a finished sled is lifted off the track at the end of the round in which it finishes
    #       (sled._next_snowtails), and ranks by its place (sled.ranking);
    # ST-R5 elimination happens at the moment of the fifth damage card, even mid-path, and a path
    #       that ends in an eliminating edge or obstacle collision must still drift first (ST-M4);
    # TRK-15 in a left corner the inner lane is the highest lane (track.build_track, rank_key).
    st_deck: tuple[int, ...] = (1, 2, 3, 4, 5) * 4  # ST-K2 (published: four of each value)
    st_start_dog: int = 3  # ST-S3 (published): an empty dog counts 3
    st_start_brake: int = 3  # ST-S3
    st_extra_cards: tuple[tuple[int, int], ...] = ((4, 1), (5, 2))  # ST-S4
    st_reshuffle_below: int = 3  # ST-R4
    st_elimination_damage: int = 5  # ST-R5
    st_damage_supply: int = 20  # ST-K3; ST-C4 Decision: an empty supply still gives damage
    st_points: tuple[int, ...] = (5, 3, 2, 1, 0)  # ST-E3
    # ST-S2 option: "choose" (published: players choose one at a time from a
    # randomly drawn first player) or "random" (positions drawn at random).
    st_start_positions: str = "choose"
    # ST-S1 option: trees "track" (the track file's trees) or "none".
    trees: str = "track"
    # ST-S1 / MM-S1 option: this many extra trees, placed by the players in turn before the start
    # (Decision: one at a time round the seats from a player drawn at random, on any free space
    # between the start and finish sections; the track's and the players' trees at most 20).
    extra_trees: int = 0

    # ---- Mush! Mush! ----
    # MM-K2 Decision: deck counts, value -> count (0x2, 1x4, 2x4, 3x4, 4x4, 5x2)
    mm_deck: tuple[int, ...] = (0, 0) + (1,) * 4 + (2,) * 4 + (3,) * 4 + (4,) * 4 + (5, 5)
    mm_start_dog: int = 2  # MM-S2 (option: experienced players choose, equal, not 0)
    mm_die_by_order: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4)  # MM-S6
    mm_die_max: int = 6  # MM-B2/B3, MM-F5
    mm_collision_limit: int = 5  # MM-C4
    mm_collision_supply: int = 32  # MM-K3
    mm_buildings: bool = True  # MM-F option: use the track's buildings
    mm_tavern_bonus: int = 2  # MM-F5

    def __post_init__(self) -> None:
        """Settings arrive from the network too (the roster): every field must have its default's
        shape (bool, int, string, tuple of ...), numbers in a sane range.  ValueError names the field."""
        for f in fields(self):
            value = getattr(self, f.name)
            template = f.default if f.default is not MISSING else ""
            if not _fits(value, template):
                raise ValueError(f"rules field {f.name}: {value!r} is not {_shape(template)}")
        choices = {"game": tuple(PLAYER_COUNTS), "deck_draw": ("random", "top"),
                   "st_start_positions": ("choose", "random"), "trees": ("track", "none")}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"rules field {name}: {getattr(self, name)!r} is not one of {', '.join(allowed)}")
        if self.extra_trees > MAX_TREES:
            raise ValueError(f"rules field extra_trees: at most {MAX_TREES} trees (ST-K3, MM-K3)")
        why = self.nonsense()
        if why:
            raise ValueError(f"rules field {why}")

    def nonsense(self) -> str | None:
        """Why these settings make no game (``field: what is wrong``), or None.  Every field is checked,
        for both games (a field of the other game keeps its sane default), so settings that arrive in a
        roster can never crash the engine or the audit (docs/rules-decisions.md, "Settings")."""
        def within(name: str, lo: int, hi: int) -> str | None:
            v = getattr(self, name)
            return None if lo <= v <= hi else f"{name}: {v} is not in {lo}..{hi}"

        for name, lo, hi in (("hand_size", 1, 10), ("max_rounds", 1, 1000), ("st_start_dog", 1, 5),
                             ("st_start_brake", 1, 5), ("st_reshuffle_below", 0, 10),
                             ("st_elimination_damage", 1, 50), ("st_damage_supply", 0, 200),
                             ("mm_start_dog", 1, 5), ("mm_die_max", 1, 20), ("mm_collision_limit", 1, 50),
                             ("mm_collision_supply", 0, 200), ("mm_tavern_bonus", 0, 20)):
            why = within(name, lo, hi)
            if why:
                return why
        pairs = self.st_extra_cards
        extra = dict(p for p in pairs if len(p) == 2)
        if (len(extra) != len(pairs) or any(len(p) != 2 for p in pairs)
                or any(not (1 <= pos <= 5 and 0 <= n <= 5) for pos, n in pairs)):
            return (f"st_extra_cards: {list(map(list, self.st_extra_cards))} is not a list of distinct "
                    "[start position 1..5, extra cards 0..5] pairs")
        if any(not (1 <= v <= 5) for v in self.st_deck):
            return "st_deck: Snow Tails cards have the values 1..5"
        need = self.hand_size + max(extra.values(), default=0)
        if not (need <= len(self.st_deck) <= 64):
            return f"st_deck: {len(self.st_deck)} cards; a deck needs {need} to 64 (a full first hand)"
        if not (1 <= len(self.st_points) <= 8):
            return f"st_points: 1 to 8 place values, not {len(self.st_points)}"
        if any(v > 100 for v in self.st_points):
            return "st_points: points per place are 0..100"
        if any(not (0 <= v <= 5) for v in self.mm_deck):
            return "mm_deck: Mush! Mush! cards have the values 0..5"
        if self.mm_deck.count(self.mm_start_dog) < 2:
            return (f"mm_deck: the two start dogs (mm_start_dog = {self.mm_start_dog}) come from the deck "
                    "(MM-S2), which holds fewer than two of them")
        fixed = 2 + sum(1 for v in self.mm_deck if v == 5) - (2 if self.mm_start_dog == 5 else 0)
        if not (fixed + self.hand_size <= len(self.mm_deck) <= 64):
            return (f"mm_deck: {len(self.mm_deck)} cards; with the start dogs and the fives set aside (MM-S2, "
                    f"MM-S3) a deck needs {fixed + self.hand_size} to 64 (a full first hand)")
        if len(self.mm_die_by_order) != 8:
            return f"mm_die_by_order: one die per start position 1..8 (MM-S6), not {len(self.mm_die_by_order)}"
        if any(v > self.mm_die_max for v in self.mm_die_by_order):
            return f"mm_die_by_order: a bonus die is at most mm_die_max = {self.mm_die_max}"
        return None

    def network_refusal(self) -> str | None:
        """Why these settings are refused in a networked game (they would weaken G3/G4), or None."""
        if self.deck_draw != "random":
            return (f"deck_draw = {self.deck_draw!r} is refused in networked games: drawing from the top of a "
                    "deck whose order its owner laid out lets that player foresee its draws (G3, G4)")
        return None

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "SledRules":
        known = SledRules.__dataclass_fields__
        kw = {}
        for k, v in d.items():
            if k not in known:
                raise ValueError(f"settings: unknown rules field {k!r}")
            if isinstance(v, list):
                v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
            kw[k] = v
        if "game" not in kw:
            raise ValueError("settings: the rules name no game")
        return SledRules(**kw)


PLAYER_COUNTS = {"snowtails": (2, 5), "mush": (2, 8)}  # ST-K1, MM-K1


def check_extra_trees(extra: int, track_trees: int) -> str | None:
    """Why ``extra`` players' trees can not join a track's ``track_trees`` (ST-S1, MM-S1 with ST-K3,
    MM-K3), or None.  The command line asks this before a game starts."""
    if extra < 0:
        return f"extra trees must be 0 or more, not {extra}"
    if extra and track_trees + extra > MAX_TREES:  # no extra trees: the track stands as its file says
        return f"the track has {track_trees} trees; with {extra} more it would have over {MAX_TREES} (ST-K3, MM-K3)"
    return None


MAX_TREES = 20  # ST-K3 (up to 20 trees), MM-K3 (20 trees): track and players' trees together
_MAX_NUMBER = 1000  # no rules number is anywhere near this: bigger ones are hostile settings
_MAX_ITEMS = 64


def _fits(value: Any, template: Any) -> bool:
    t = type(template)
    if t is bool or t is str:
        return type(value) is t
    if t is int:
        return type(value) is int and 0 <= value <= _MAX_NUMBER
    if t is tuple:
        return (type(value) is tuple and len(value) <= _MAX_ITEMS
                and all(_fits(x, template[0]) for x in value) if template else value == ())
    return False


def _shape(template: Any) -> str:
    t = type(template)
    if t is tuple:
        return f"a list of {_shape(template[0])}" if template else "an empty list"
    return {bool: "true or false", str: "a string", int: f"a whole number 0..{_MAX_NUMBER}"}[t]

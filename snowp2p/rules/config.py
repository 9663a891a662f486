"""Every rules Decision and option of the sled games, in one visible place.

The rules files (../shared/rules/*.md) mark the project's own choices as
**Decision** and the players' choices as *option*.  They all live here, so a
reader can see them and a game's settings can change the options.  The same
list, with reasons, is in docs/rules-decisions.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field, asdict
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

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "SledRules":
        fields = SledRules.__dataclass_fields__
        kw = {}
        for k, v in d.items():
            if k not in fields:
                raise ValueError(f"settings: unknown rules field {k!r}")
            if isinstance(v, list):
                v = tuple(tuple(x) if isinstance(x, list) else x for x in v)
            kw[k] = v
        return SledRules(**kw)


PLAYER_COUNTS = {"snowtails": (2, 5), "mush": (2, 8)}  # ST-K1, MM-K1

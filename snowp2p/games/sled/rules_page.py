"""The rules of Snow Tails and Mush! Mush! for players, as the table's rules page shows them (F2 or `rules`).

Written from ../shared/rules/ (snow-tails.md, mush-mush.md, track.md) in players' words, without rule ids; the engine is the
authority, this page explains it.  Pure data: the table wraps the lines to the terminal's width.
"""

from __future__ import annotations

SNOWTAILS = """\
SNOW TAILS: the rules in one page
Goal: be first over the finish line. Places score 5, 3, 2, 1, 0 points.

YOUR SLED has a left dog, a right dog and a brake. Each starts at 3.
Your hand holds dog cards (values 1 to 5) and, after accidents, damage cards.

A TURN has three steps:
  1. Play cards. One to three cards, all of the SAME value, at most one on
     the left dog, one on the right dog, one on the brake. A card on a dog
     sets that dog's strength; a card on the brake sets the brake.
  2. Move. Speed = left dog + right dog - brake. Drift = the difference
     between the dogs, toward the stronger dog's side. You move `speed`
     steps: F is a step forward, D a drift step (one lane sideways and one
     row ahead). The drift must be made, and it comes first if the track
     cuts your movement short.
  3. Refill. Draw back up to 5 cards (damage cards count toward the 5).
     With more than 5, discard dog cards down to 5.

BALANCE BONUS: when your two dogs are equal (speed 1 or more, not on your
first turn) you may go extra steps forward: as many as your place in the
race (1st: +1, last: the most). It is all or nothing, lost if not used this
turn, and only if your path ended without a collision. The table adds the
best bonus to your move by default; type +0 to leave it.

DANGER:
  Corner red lines have a speed limit: crossing one faster than the limit
  costs one damage card per point over (the bonus counts as speed).
  A tree: you take a damage card, the tree falls, you keep moving.
  The track edge or an obstacle: you stop there and take a damage card.
  Another sled: you stop just behind it and draw no cards this turn.
  Damage cards fill your hand and can never be discarded.
  A FIFTH damage card eliminates you: no place, no points.

ORDER: round 1 goes by start position; then the leader moves first.
Start positions 4 and 5 draw 1 and 2 extra cards to make up for the outside.
The race goes on until every sled has finished or is out.

TYPING A TURN: `L4 R4 FFDD` puts a 4 on each dog and moves along FFDD.
`B2` is a 2 on the brake. `+` takes the bonus, `+0` leaves it. Tab lists
every choice with where it ends; Enter shows it on the board first.
"""

MUSH = """\
MUSH! MUSH!: the rules in one page
Goal: be furthest along when the race ends. Places score 10, 7, 5, 4, ...

YOUR SLED has a left dog and a right dog (no brake), both starting at 2.
Your hand holds dog cards (values 0 to 4; the 5s come from the kennels) and,
after accidents, collision cards.

A TURN:
  1. Play ONE dog card on either dog, or TWO of the same value, one on each.
  2. Balanced? If both dogs now show the same value (not on your first
     turn) your bonus die is set to your place in the race (3rd: 3, at
     most 6); a die you already have only goes up.
  3. Move. Forward = left + right. Drift = the difference, toward the
     stronger dog. F is a step forward, D a drift step (one lane sideways).
  4. Bonus. After a move without a collision you may go up to the die's
     value extra steps forward. Using any of it uses the whole die.
     The table adds the die's full bonus by default; type +0 to keep it.
  5. Refill to 5 cards (collision cards count); discard down to 5.

FIRST TURN: choose the start lane you set off from: `L2 @3 FF` starts
from lane 3.

COLLISIONS:
  Track edge, a white marker or a building: you stop before it, take a
  collision card, and your turn ends.
  Another sled: you stop behind it and your bonus die goes down by 1.
  A tree: you take a collision card, the tree falls, you keep moving.
  A FIFTH collision card: your sled is wrecked. You get a new hand of 5 dog
  cards but sit out your turns until you are last.

BUILDINGS (some tracks; k c b t on the board, + marks the spaces next to
them): end your turn next to the Kennels to add a 5 to your deck, the
Chapel to throw away your collision cards, the Bothy to discard dog cards,
the Tavern to raise your bonus die by 2.

THE END: the race ends at the end of the round in which a sled crosses the
finish line. Everyone still to act in that round acts; then places go by
how far along each sled is.

TYPING A TURN: `L3 R3 FFF` a 3 on each dog; `R4 FFDD` a 4 on the right dog.
`discard 1 2` at the refill, `keep chapel` at the chapel. Tab lists every
choice; Enter shows it on the board first.
"""

RULES = {"snowtails": SNOWTAILS, "mush": MUSH}

"""The rules of Snake Carnival for players, as the table's rules page shows them (F2 or `rules`).

Written from ../shared/rules/ (snake-carnival.md) in players' words, without rule ids; the engine is the
authority, this page explains it.  Pure data: the table wraps the lines to the terminal's width.
"""

from __future__ import annotations

SNAKE = """\
SNAKE CARNIVAL: the rules in one page
Goal: the most points from your own snake(s), presents and diamonds.

THE BOARD: the home tile sits in the middle. Each of its four sides starts
a snake of one colour; the one facing your seat is yours (with 2 players
you build two snakes).

A TURN: lay one tile from your hand, then draw one. Hands are open.
  A snake tile goes on the empty cell at the open end of its snake, joined
  to it (turn it with r0..r3). You grow your own snakes; a player with no
  tile of their own colour may grow another snake instead.
  Straights, corners: +1 to +3 points for the snake's owner.
  Knots and bruises: minus points; they may go into any snake of their
  colour (that is how you hinder the others).
  A diamond tile: you take a diamond at once (4 points at the end).
  A log replaces a tile of the same shape (not presents, troubles, heads or
  hats); a crossing log lets a second snake cross.
  A present goes next to a snake: each snake touching it scores 1 per side
  touched (a log next to it spoils it for everyone).
  A trouble goes next to any tile: each snake tile touching it costs its
  owner the trouble's value (logs are safe; a diamond tile scores instead).
  Nothing fits? Type `pass` and draw.

THE LAST ROUND starts when no snake can grow any more. Then, one tile a turn
in seat order: first HEADS (+3, on your snake's open end), then HATS on any
head (+1 to +5). That is why heads and hats wait in your hand until the end.

SCORING: your snakes' tile points + the hat on each head + 4 per diamond
+ presents - troubles. Ties: more diamonds, then the longer snake.

THE SCREEN: ⌂ is the home tile. Letters are tiles (see the legend under the
board); +1 / -2 are points; ◌ marks a snake's open end, with its colour's
letter. Tab lists every legal placement; Enter shows it on the board first.
"""

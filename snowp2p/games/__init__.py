"""Each game's parts around its rules engine, one package per game (docs/design.md, "One home per game").

============  ==============================  ==================================
part          Snow Tails, Mush! Mush!          Snake Carnival
============  ==============================  ==================================
rules engine  ``snowp2p/rules/sled.py``        ``snowp2p/rules/snake.py``
wire form     ``games/sled/wire.py``           ``games/snake/wire.py``
encoding      ``games/sled/encoding.py``       ``games/snake/encoding.py``
scenarios     ``games/sled/scenario.py``       ``games/snake/scenario.py``
============  ==============================  ==================================

The engines are pure and know nothing of the wire, the encoding or the scenarios; these modules import
the engine, never the other way round.  ``snowp2p/protocol/games.py`` puts each game behind the one small
interface the session uses (``SledGame``, ``SnakeGame``), and ``snowp2p/scenario.py`` hands a scenario file
to its game's scenario module by its ``"game"``.
"""

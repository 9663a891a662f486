"""The working copy of one ``apply``: mutable twins of the frozen records, frozen in place at the end.

Building a frozen record is the engine's most repeated cost: a frozen dataclass's __init__ sets
every field through ``object.__setattr__``.  So one ``apply`` works on mutable *twins* of the
records it changes: plain slotted classes with exactly the same fields, hence the same memory
layout.  When the action is done, :meth:`_W.freeze` turns each twin into the frozen record in
place (``twin.__class__ = Sled``, which Python allows between classes of the same layout): no
copy at all.  The twins never leave the engine's modules, and a frozen record is never changed again.
"""

from __future__ import annotations

from typing import Sequence

from .state import GameState, Public, RefillNeed, Sled


def _twin(cls, methods: Sequence[str] = ()):
    """A mutable class with the fields (``__slots__``) of the frozen slotted record ``cls``.

    ``twin(record)`` copies a record; ``twin_object.freeze()`` makes that object a ``cls``
    (and returns it).  ``methods`` names read-only helpers of ``cls`` the twin shares.
    """
    slots = cls.__slots__
    ns: dict = {}
    exec("def __init__(self, rec):\n" + "".join(f"    self.{f} = rec.{f}\n" for f in slots), ns)

    def freeze(self):
        self.__class__ = cls
        return self

    body = {"__slots__": slots, "__init__": ns["__init__"], "freeze": freeze,
            "__doc__": f"A mutable working copy of a {cls.__name__} (see _W)."}
    body.update((m, cls.__dict__[m]) for m in methods)
    return type(f"_Working{cls.__name__}", (), body)


def _builder(cls):
    """``build(*values)``: a new frozen ``cls`` from all its field values, in field order.

    Calls each slot's own setter: the same result as ``cls(*values)`` at about half the cost
    (no keyword or default handling, no ``object.__setattr__`` lookup per field).
    """
    slots = cls.__slots__
    src = [f"def build({', '.join(slots)}):", "    new = _new(_cls)"]
    src += [f"    _set_{f}(new, {f})" for f in slots]
    src.append("    return new")
    ns = {"_new": object.__new__, "_cls": cls, **{f"_set_{f}": cls.__dict__[f].__set__ for f in slots}}
    exec("\n".join(src), ns)
    return ns["build"]


_WSled = _twin(Sled, ("hand_count", "generation"))
_WPublic = _twin(Public)
_new_state = _builder(GameState)
_new_need = _builder(RefillNeed)


class _W:
    """A working copy used inside one ``apply``: changed in place, then :meth:`freeze` makes the new state.

    ``public`` is a mutable :class:`Public` whose ``sleds`` is a list; a sled becomes a mutable
    twin when first changed (:meth:`edit`).  Read access is the same as a GameState's
    (``public``, ``sled``, ``value``, ``rules``, ``track``), so read-only helpers such as
    :func:`~.race.ranking` take either.  Nothing outside the engine's modules ever sees a ``_W``.
    """

    __slots__ = ("rules", "track", "game", "public", "private", "edited")

    def __init__(self, state: GameState):
        self.rules = state.rules
        self.track = state.track
        self.public = pub = _WPublic(state.public)
        pub.sleds = list(pub.sleds)
        self.game = pub.game
        self.private = state.private  # a new tuple when a private part changes (rare)
        self.edited: list[int] = []  # seats whose sled is a twin

    def sled(self, seat: int) -> Sled:
        return self.public.sleds[seat]

    def edit(self, seat: int):
        """Seat ``seat``'s sled, ready to be changed in place."""
        sleds = self.public.sleds
        s = sleds[seat]
        if type(s) is not _WSled:
            s = sleds[seat] = _WSled(s)
            self.edited.append(seat)
        return s

    value = GameState.value

    def freeze(self) -> GameState:
        """The new state.  The working copy is used up: it must not be used afterwards."""
        pub = self.public
        sleds = pub.sleds
        for seat in self.edited:
            sleds[seat].freeze()
        pub.sleds = tuple(sleds)
        return _new_state(self.rules, self.track, pub.freeze(), self.private)


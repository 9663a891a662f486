"""Hidden decks, for any game that has them: each seat's cards committed slot by slot (SPEC section 9).

Theory of operation
-------------------
A game with hidden cards gives a :class:`~snowp2p.games.api.HiddenDeck` as ``game.hidden``; this module
asks it and never imports a game.  Each seat commits to its first deck generation before the start
(``slot_commit`` of generation 0: one salted commitment per card, in the owner's private order); a move
that reshuffles commits to the new generations first; every card a move opens comes with its opening
(generation, slot, value, salt), checked against the commitment at once; when the game ends every seat
opens every slot (``final_open``), and the session checks that each card was played as it opens, that the
first generation is the game's deck, and that each reshuffle kept the values of the cards it gathered.

A race of a match that carries cards (``game.match.carries``, SPEC 16.5) changes three things: a race before
the match's last leaves the carried cards' slots closed at its end and hands the next race a :class:`Carry`
(``carry_out``); a later race starts from it (``Session(carried_from=...)``): its setup commits the generations
each seat lays out from its carried cards (not a generation 0), and a slot of an earlier race opens against the
commitment it was made under (``_open_old``); the checks that need a carried card's value wait for the race that
opens it, at the latest the last race, which opens every slot of every race.

:class:`HiddenDecks` is a part of :class:`~snowp2p.protocol.session.Session` (a mixin): it reads and
writes the session's ``gens``, ``pending_slots``, ``slots``, ``final_opens`` and ``conservation``.  A game
without hidden cards (``game.hidden is None``) never reaches the methods below but ``_init_hidden``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core.drbg import derive
from .errors import CommitmentError, DecodeError
from .events import Offence, Output
from .messages import FinalOpen, Opening, SignedMessage, SlotCommit
from .slots import SlotBook, commit_slot


def slot_salt(secret: bytes, generation: int, slot: int) -> bytes:
    return derive(secret, "slot-salt", generation, slot)


class NeedsEarlierRaces(DecodeError):
    """A later race of a match that carries cards, checked without the race before it (its ``Carry``)."""


@dataclass(frozen=True)
class Carry:
    """What a race of a match that carries cards (MM-T2) hands the next race (protocol/SPEC.md 16.5): the same on
    every peer but ``state``'s private part (a playing session's own; none for an observer).

    ``closed``: per seat, every slot still closed after the race, (generation, slot) -> (the game id it was
    committed under, its commitment): the cards carried now, and the cards carried in and laid out again (a
    deck re-laid at the start of a race), which stay closed until the last race.  ``values``: per seat, card id
    -> value of every card opened in this race and the ones before.  ``deferred``: the reshuffles (seat, new ids,
    old ids) whose values are not all opened yet, checked at the last race."""

    game: bytes
    state: Any
    closed: tuple[dict[tuple[int, int], tuple[bytes, bytes]], ...]
    values: tuple[dict[int, int], ...]
    deferred: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]


@dataclass
class _Gen:
    first: int  # first card id of the generation
    size: int


class HiddenDecks:
    """The session's hidden-deck machinery (a mixin of ``Session``), asking ``self.game.hidden``."""

    def _init_hidden(self) -> None:
        self.slots = SlotBook(self.game_id)
        self.gens: dict[int, list[_Gen]] = {i: [] for i in range(self.n)}
        self.pending_slots: dict[int, list[SlotCommit]] = {i: [] for i in range(self.n)}
        self.final_opens: dict[int, list[Opening]] = {}
        self.conservation: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        # a race of a match that carries cards (MM-T2) and is not the match's last: its end opens every slot but
        # the carried cards' (SPEC 16.5 point 1); None for a single race and for the last race of a match
        from .match import match_of

        m = match_of(self.roster.body, self.game)
        carries = bool(getattr(getattr(self.game, "match", None), "carries", False))
        self.partial_match = m if m is not None and carries and not m.last else None
        self.final_values: dict[int, dict[int, int]] = {}
        self.deferred: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        # a later race of such a match starts from the race before (SPEC 16.5): its slots carried in, by seat
        self.carried_in: Carry | None = self.carried_from
        self.old_slots: dict[int, dict[tuple[int, int], tuple[bytes, bytes]]] = {i: {} for i in range(self.n)}
        self.old_opened: dict[int, dict[tuple[int, int], int]] = {i: {} for i in range(self.n)}
        self.new_from: dict[int, list[tuple[int, tuple[int, ...]]]] = {i: [] for i in range(self.n)}
        needs = m is not None and carries and m.race > 0
        if needs and self.carried_in is None:
            raise NeedsEarlierRaces(f"race {m.race + 1} of the match starts from the race before it (SPEC 16.5): "
                                    "it is checked with the logs of the races before it")
        if self.carried_in is not None and not needs:
            raise DecodeError("a carried-from state for a race that carries nothing", "settings.match")
        if self.carried_in is not None:
            self._init_carried(m)

    def _init_carried(self, m) -> None:
        """Race ``m.race`` >= 1 of a match that carries cards: every seat's deck generations of the race before
        (their slots committed there: ``old_slots``), and the generations it lays out in this race's setup."""
        c, deck = self.carried_in, self.game.hidden
        prev = c.state
        if len(c.closed) != self.n:
            raise DecodeError("the race before had another number of seats", "settings.match.carry")
        for seat in range(self.n):
            for g in range(deck.generation(prev, seat) + 1):
                first, end = deck.bounds(prev, seat, g)
                self.gens[seat].append(_Gen(first, end - first))
            self.old_slots[seat] = dict(c.closed[seat])
            self.new_from[seat] = list(self.game.match.laid_out(prev, seat))
        from .match import carry_of

        want = carry_of(self.game, self.n, prev, lambda seat, card: self._locate_in(prev, seat, card),
                        lambda seat, g, i: c.closed[seat][(g, i)][1])
        if m.carry != want:
            raise DecodeError("carries other cards or other commitments than the race before ended with (SPEC "
                              "16.5)", "settings.match.carry")

    def _locate_in(self, state, seat: int, card: int) -> tuple[int, int]:
        deck = self.game.hidden
        for g in range(deck.generation(state, seat) + 1):
            first, end = deck.bounds(state, seat, g)
            if first <= card < end:
                return g, card - first
        raise CommitmentError(f"card {card} of seat {seat} is in no generation")

    def _carried_slots(self, seat: int) -> set[tuple[int, int]]:
        """The (generation, slot) of the cards ``seat`` carries into the next race (SPEC 16.5 point 1: public,
        the final state lists its hand and deck), or none when this race's end opens every slot."""
        if self.partial_match is None or self.state is None:
            return set()
        still = {gs for gs in self.old_slots[seat] if gs not in self.old_opened[seat]}  # carried in, re-laid
        return {self._locate(seat, c) for c in self.game.hidden.carried(self.state, seat)} | still

    def carry_out(self) -> Carry | None:
        """What this race hands the next race of its match (SPEC 16.5), once its end is checked; None for a race
        that carries nothing on (a single race, the last race of a match, a race without a result, a race with a seat
        taken over by a computer player: its cards were opened, SPEC 16.3)."""
        if self.partial_match is None or not self.done or self.halted is not None or self.state is None:
            return None
        if any(d[0] == "bot" for d in self.decided.values()):  # (match.taken_over: the match stops here)
            return None
        closed = []
        for seat in range(self.n):
            keep = {}
            for g, i in sorted(self._carried_slots(seat)):
                if (g, i) in self.old_slots[seat]:
                    keep[(g, i)] = self.old_slots[seat][(g, i)]
                else:
                    keep[(g, i)] = (self.game_id, self.slots.commitment(seat, g, i))
            closed.append(keep)
        return Carry(self.game_id, self.state, tuple(closed),
                     tuple(dict(self.final_values.get(i, {})) for i in range(self.n)), tuple(self.deferred))

    def next_carry(self):
        """The next race's ``match.carry`` (SPEC 16.5 point 2): per seat, its carried slots with their
        commitments, from this race's end (``carry_out``)."""
        from .match import carry_of

        c = self.carry_out()
        if c is None:
            return None
        return carry_of(self.game, self.n, c.state, lambda seat, card: self._locate_in(c.state, seat, card),
                        lambda seat, g, i: c.closed[seat][(g, i)][1])

    # ------------------------------------------------------------ our own deck
    def _commit_first_deck(self, out: Output) -> None:
        """Our slot commitments of deck generation 0 (a setup message, before the start); in a later race of a
        match that carries cards, of the generations we lay out from our carried cards (SPEC 16.5 point 4)."""
        if self.carried_in is not None:
            for g, values in self.game.match.new_generations(self.carried_in.state, self.me):
                self._emit(SlotCommit(self.me, g, tuple(self._commitments(g, values))), out)
            return
        values = self.game.hidden.first_deck(self.rules, self.me, self.secret)
        self._emit(SlotCommit(self.me, 0, tuple(self._commitments(0, values))), out)

    def _commitments(self, generation: int, values) -> list[bytes]:
        return [commit_slot(self.game_id, self.me, generation, i, v, slot_salt(self.secret, generation, i))
                for i, v in enumerate(values)]

    def _commit_reshuffles(self, dry: Any, out: Output) -> None:
        """A reshuffle makes new generations of slots: our commitments to them, sent before the move
        (``dry``: the state after our action, drawn with any randomness)."""
        deck = self.game.hidden
        for g in range(deck.generation(self.state, self.me) + 1, deck.generation(dry, self.me) + 1):
            first, end = deck.bounds(dry, self.me, g)
            values = deck.values(dry, self.me)[first:end]
            self._emit(SlotCommit(self.me, g, tuple(self._commitments(g, values))), out)

    def openings(self, action: Any) -> tuple[Opening, ...]:
        """The openings our move carries: one for every card ``action`` opens (none without hidden cards).
        (Also what a test's or cheat's forged move uses.)"""
        if self.game.hidden is None:
            return ()
        return tuple(self._opening(c, v) for c, v in self.game.hidden.opened(action))

    def _opening(self, card: int, value: int) -> Opening:
        gen, slot = self._locate(self.me, card)
        return Opening(gen, slot, value, slot_salt(self.secret, gen, slot))

    def _locate(self, seat: int, card: int) -> tuple[int, int]:
        for g, gen in enumerate(self.gens[seat]):
            if gen.first <= card < gen.first + gen.size:
                return g, card - gen.first
        raise CommitmentError(f"card {card} of seat {seat} is in no committed generation")

    def _add_gen(self, seat: int, generation: int, first: int, body: SlotCommit) -> None:
        self.slots.add_generation(seat, generation, body.commitments)
        self.gens[seat].append(_Gen(first, len(body.commitments)))

    # ------------------------------------------------------------ the others' decks
    def _setup_committed(self, seat: int) -> bool:
        """``seat`` has sent its setup commitments: generation 0, or in a later race of a match that carries
        cards one ``slot_commit`` for each generation it lays out (SPEC 16.5 point 4)."""
        if self.carried_in is not None:
            return len(self.pending_slots[seat]) >= len(self.new_from[seat])
        return bool(self.gens[seat])

    def _bind_laid_out(self, state: Any) -> None:
        """The setup of a later race of a match that carries cards (``state``: ``next_race_state``'s): each present
        seat's setup ``slot_commit``s bound to the generations it laid out (their number and sizes), each noted as
        a reshuffle of the old cards it holds (their values are checked when all are open, SPEC 16.5 point 4)."""
        deck = self.game.hidden
        for seat in self.present():
            laid = self.new_from[seat]
            pending = self.pending_slots[seat]
            used, self.pending_slots[seat] = pending[:len(laid)], pending[len(laid):]
            for (g, old), body in zip(laid, used, strict=True):  # (setup ready: all of them are here)
                first, end = deck.bounds(state, seat, g)
                if body.generation != g or len(body.commitments) != end - first or len(old) != end - first:
                    self._halt(Offence(seat, self._nick(seat), f"committed the wrong slots for deck generation {g} "
                                                               f"({end - first} cards) at the start of the race"))
                self._add_gen(seat, g, first, body)
                self.conservation.append((seat, tuple(range(first, end)), tuple(sorted(old))))

    def _open_old(self, seat: int, op: Opening, proof=()) -> None:
        """An opening of a slot committed in an earlier race of the match (SPEC 16.5 point 3): only a slot this
        seat carried in and has not opened yet, against the commitment it published then (under that race's game
        id); an offence otherwise."""
        key = (op.generation, op.slot)
        entry = self.old_slots[seat].get(key)
        if entry is None or key in self.old_opened[seat]:
            self._halt(Offence(seat, self._nick(seat), f"opened slot {op.slot} of generation {op.generation}, a "
                                                       "card it did not carry into this race (or opened twice)", proof))
        from .slots import check_opening

        try:
            check_opening(entry[1], entry[0], seat, op.generation, op.slot, op.value, op.salt)
        except CommitmentError as e:
            self._halt(Offence(seat, self._nick(seat), f"a carried card's opening that does not match its "
                                                       f"commitment of the race before: {e}", proof))
        self.old_opened[seat][key] = op.value

    def _is_old(self, seat: int, generation: int) -> bool:
        return self.carried_in is not None and generation < len(self.carried_in_gens(seat))

    def carried_in_gens(self, seat: int) -> list:
        deck = self.game.hidden
        return self.gens[seat][:deck.generation(self.carried_in.state, seat) + 1]

    def _check_deck_sizes(self) -> None:
        """At the start: every present seat committed as many slots as the game's deck has cards."""
        expect = self.game.hidden.size(self.rules)
        for i in self.present():
            if self.gens[i][0].size != expect:
                self._halt(Offence(i, self._nick(i), f"committed {self.gens[i][0].size} slots, the deck has {expect}"))

    def _check_openings(self, mv: SignedMessage, action: Any) -> None:
        """A move's openings: each matches its slot's commitment, and they are exactly the cards the action
        opens, each from the mover's hand with the value the action gives it (G5)."""
        seat, body = mv.sender, mv.body
        proof = (mv.payload,)
        deck = self.game.hidden
        cards = deck.opened(action)
        by_card = {}
        for op in body.openings:
            if op.generation >= len(self.gens[seat]) or op.slot >= self.gens[seat][op.generation].size:
                self._halt(Offence(seat, self._nick(seat), "opened a slot that was never committed", proof))
            card = self.gens[seat][op.generation].first + op.slot
            if self._is_old(seat, op.generation):
                self._open_old(seat, op, proof)
                by_card[card] = op.value
                continue
            try:
                self.slots.open(seat, op.generation, op.slot, op.value, op.salt)
            except CommitmentError as e:
                self._halt(Offence(seat, self._nick(seat), f"a card opening that does not match its commitment: {e}",
                                   proof))
            by_card[card] = op.value
        hand = deck.hand(self.state, seat)
        for c, v in cards:
            if c not in hand:
                self._halt(Offence(seat, self._nick(seat), f"played card {c}, which is not in its hand (rule HAND)",
                                   proof))
            if by_card.get(c) != v:
                self._halt(Offence(seat, self._nick(seat),
                                   f"card {c} is played as {v} but its opening says {by_card.get(c)}", proof))
        if set(by_card) != {c for c, _ in cards}:
            self._halt(Offence(seat, self._nick(seat), "openings that do not match the cards played", proof))

    def _follow_deck(self, seat: int, before: Any, after: Any, t: int) -> None:
        """After move t of ``seat`` (a person's, not a computer player's): bind the generations a reshuffle
        started to the slots it committed, and note which cards it gathered and dealt (checked at the end)."""
        deck = self.game.hidden
        if deck.generation(after, seat) != deck.generation(before, seat):
            self._bind_generations(seat, before, after, t)
        held_before, held_after = deck.holds(before, seat), deck.holds(after, seat)
        gone = held_before - held_after
        new = held_after - held_before
        if gone or new:
            self.conservation.append((seat, tuple(sorted(new)), tuple(sorted(gone))))

    def _bind_generations(self, seat: int, before: Any, after: Any, t: int) -> None:
        deck = self.game.hidden
        pending = self.pending_slots[seat]
        was = deck.generation(before, seat)
        need = deck.generation(after, seat) - was
        proof = (self.moves[t].payload,)
        if len(pending) < need:
            self._halt(Offence(seat, self._nick(seat), "reshuffled without committing the new slots", proof))
        used, self.pending_slots[seat] = pending[:need], pending[need:]
        for k, body in enumerate(used):
            g = was + 1 + k
            first, end = deck.bounds(after, seat, g)
            if body.generation != g or len(body.commitments) != end - first:
                self._halt(Offence(seat, self._nick(seat), f"committed the wrong slots for deck generation {g} "
                                                           f"({end - first} cards)", proof))
            self._add_gen(seat, g, first, body)

    # ------------------------------------------------------------------- end
    def _final_openings(self, out: Output) -> None:
        """Our ``final_open``s: every slot of every generation of our deck, opened (but, in a race of a match
        before its last, the slots of the cards we carry into the next race: SPEC 16.5 point 1)."""
        ops = []
        values = self.game.hidden.values(self.state, self.me)
        carried = self._carried_slots(self.me)
        for g, gen in enumerate(self.gens[self.me]):
            old = self._is_old(self.me, g)
            for slot in range(gen.size):
                if (g, slot) in carried:
                    continue
                if old and ((g, slot) not in self.old_slots[self.me] or (g, slot) in self.old_opened[self.me]):
                    continue  # (opened in an earlier race, or in this one)
                ops.append(Opening(g, slot, values[gen.first + slot], slot_salt(self.secret, g, slot)))
        for i in range(0, len(ops), 500):
            self._emit(FinalOpen(tuple(ops[i:i + 500])), out)
            if self.halted:
                return

    def _owes_final(self, seat: int) -> bool:
        """Does ``seat`` owe a ``final_open``?  Always, but in a race of a match before its last, where a seat
        whose every slot is opened already or carried on has nothing to open and sends none (SPEC 16.5 point 1:
        a ``final_open`` opens at least one slot)."""
        if self.partial_match is None:
            return True
        keep = self._carried_slots(seat)
        for g in range(len(self.gens[seat])):
            if self._is_old(seat, g):
                if any((g, i) not in keep and (g, i) not in self.old_opened[seat]
                       for (gg, i) in self.old_slots[seat] if gg == g):
                    return True
            elif any((g, i) not in keep for i in self.slots.closed_slots(seat, g)):
                return True
        return False

    def _check_final(self) -> None:
        deck = self.game.hidden
        values: dict[int, dict[int, int]] = {i: {} for i in range(self.n)}
        if self.carried_in is not None:
            for i in range(self.n):
                values[i].update(self.carried_in.values[i])
        for seat, ops in self.final_opens.items():
            for op in ops:
                if self._is_old(seat, op.generation):
                    self._open_old(seat, op)
                    continue
                try:
                    self.slots.open(seat, op.generation, op.slot, op.value, op.salt)
                except CommitmentError as e:
                    self._halt(Offence(seat, self._nick(seat), f"a final opening that does not match: {e}"))
        checked = [i for i in range(self.n) if i not in self.gone]  # a voted-out seat never opens its slots
        for seat in checked:
            closed_all = set()
            for g, gen in enumerate(self.gens[seat]):
                if self._is_old(seat, g):
                    closed = sorted(i for (gg, i) in self.old_slots[seat]
                                    if gg == g and (g, i) not in self.old_opened[seat])
                    opened = {i: v for (gg, i), v in self.old_opened[seat].items() if gg == g}
                else:
                    closed = self.slots.closed_slots(seat, g)
                    opened = self.slots.opened(seat, g)
                if closed and self.partial_match is None:
                    self._halt(Offence(seat, self._nick(seat), f"left slots {closed[:5]} of generation {g} unopened"))
                closed_all |= {(g, i) for i in closed}
                for slot, v in opened.items():
                    values[seat][gen.first + slot] = v
            if self.partial_match is not None:
                from .match import final_closed_problem

                why = final_closed_problem(self.partial_match, self._carried_slots(seat), closed_all)
                if why:
                    self._halt(Offence(seat, self._nick(seat), why))
        for seat in checked:
            for card, v in enumerate(deck.cards(self.state, seat)):
                if v >= 0 and values[seat].get(card, v) != v:
                    self._halt(Offence(seat, self._nick(seat), f"card {card} was played as {v} but opens as "
                                                               f"{values[seat][card]}"))
            gen0 = Counter(values[seat][c] for c in range(self.gens[seat][0].size) if c in values[seat])
            whole = Counter(deck.composition(self.rules))
            # (a race before a match's last leaves the carried cards closed: what it opens must fit in the deck;
            # the whole composition is checked when the last race opens them, SPEC 16.5 point 4)
            wrong = bool(gen0 - whole) if self.partial_match is not None else gen0 != whole
            if wrong:
                self._halt(Offence(seat, self._nick(seat), "a deck whose cards are not the game's deck"))
        earlier = list(self.carried_in.deferred) if self.carried_in is not None else []
        self.deferred = []
        for seat, new, gone in earlier + self.conservation:
            if seat in self.gone:
                continue
            if not all(c in values[seat] for c in new + gone):
                if self.partial_match is not None:
                    self.deferred.append((seat, new, gone))  # (a carried card is among them: SPEC 16.5 point 4)
                    continue
                self._halt(Offence(seat, self._nick(seat), "a reshuffle whose cards were never all opened"))
            if Counter(values[seat][c] for c in new) != Counter(values[seat][c] for c in gone):
                self._halt(Offence(seat, self._nick(seat), "a reshuffle that did not keep the cards it gathered"))
        self.final_values = values

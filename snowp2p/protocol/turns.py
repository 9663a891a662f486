"""The turn flow of a session: setup, moves, agreement on each turn, the end (protocol/SPEC.md 11.3-11.5).

Theory of operation
-------------------
:class:`TurnFlow` is a part of :class:`~snowp2p.protocol.session.Session` (a mixin): ``_advance`` goes as
far as the messages held allow.  The setup is applied once every present seat has committed (its hash chain,
and its first deck generation when the game has hidden cards) and revealed event 0.  Turn t is checked as
soon as its move arrives (``_check_move``: the mover, the action's wire form, the openings of a hidden
deck), acked by every other seat with its reveal of t, and applied (``_apply_move``) once turn t-1 is agreed
(``_finalize``: every present seat's ack carries our state hash; a disagreement goes to ``Session._agree``)
and every reveal of t is in.  The last turn's acks go on their own; then ``_finish`` ends the game (with
the final openings of the hidden decks, hidden.py).  Every game is asked through the bound game object
(``self.g``); nothing here names a game.
"""

from __future__ import annotations

from ..core.drbg import Rand
from ..core.errors import IllegalMove
from .crypto import h
from .errors import DecodeError
from .events import GameOver, Offence, Output, TurnApplied, TurnFinal, YourTurn
from .messages import Ack, SignedMessage, pack_canonical
from .randomness import event_randomness


class TurnFlow:
    """Setup, moves and the end of a session (a mixin of ``Session``)."""

    def _advance(self, out: Output) -> None:
        """Go as far as the messages held allow (SPEC 11.3, 11.5).  One signed message per seat per turn:
        move t carries the mover's reveal of t and its ack of t-1, every other seat's reveal of t its ack
        of t-1.  Turn t-1 is agreed (final) when every present seat's ack of it matches ours; turn t is
        applied only then, with every present seat's reveal of t.

        Where it stops to wait for other seats' messages, it notes what it waits on (``_waiting``: the move of
        turn t, the acks of turn a or the reveals of event t, from which seats) so that a message that can not
        complete it is not followed by another pass that would find the same (``Session._may_advance``; the
        caller, ``Session._progress_loop``, clears it before each pass)."""
        while not self.halted and not self.done:
            if self.state is None:
                if not self._setup_ready():
                    return
                self._reveal(0, out)
                if not self._all_revealed(0):
                    return
                self._apply_setup()
                self._applied(0, out)
                continue
            if self.over:
                out.extend(self._finish())
                return
            a = self.applied_turn
            if self.state.is_over:
                # the last turn: nothing follows to carry the acks of it, so they go on their own
                self._ack_alone(a, out)
                if self.final_turn < a and not self._finalize(a, out):
                    self._wait_acks(a)
                    return
                self.over = True
                continue
            t = a + 1
            cur = self.state.public.current
            self._stray_moves(t, cur)
            # a taken-over seat's own move (held within the agreed count of its messages, possibly signed on
            # another state, or arriving after the computer moved) is never used: the computer player moves for
            # it, whatever arrived when (SPEC 11.9, *Takeover*; G9: a move is never applied unchecked, seed 312;
            # the peer and the auditor of its log alike, seed 596)
            # (nor is the move of a seat whose ack of turn a, which the move carries, differed and was dropped as it
            # left: it was made on another state, and waits for the computer player; sim seed 3279)
            mv = None if cur in self.bot_seats or self._move_dropped(t, cur) else self.move_from.get((t, cur))
            if cur in self.bot_seats and t in self.move_actions and t not in self.bot_moves:
                # (nor one checked before the seat was taken over at this turn, in the same pass: a move at the
                # decision's count, relayed just before the decision on some peers only; lie-away seed 115503)
                del self.move_actions[t]
                self.moves.pop(t, None)
            if mv is not None:
                self.moves[t] = mv
            if mv is None and t not in self.move_actions and cur in self.bot_seats:
                self._bot_move(t)  # every peer plays the absent seat's computer player alike
            if not self._move_held(t):
                if self._disagreed(a) and cur != self.me:
                    # a seat acked another state after turn a (its move or reveal of t carries the ack): our own
                    # ack goes out now, on its own, not with a reveal for a move that may never come (the seat we
                    # take for the mover may take another for it), so every peer meets the disagreement (SPEC 11.6)
                    self._ack_alone(a, out)
                    if self.final_turn < a:
                        self._finalize(a, out)  # (halts on the desync, or waits for the evidence)
                    return
                self._waiting = ("move", t, a)
                return  # waiting for the mover
            if t not in self.move_actions:
                mover_ack = self.acks.get(a, {}).get(mv.sender)
                # if its mover acked another state after turn a, turn a will not agree (a desync, with the
                # evidence of SPEC 11.6) and the move is never applied: it is not judged on our state
                if mover_ack is None or mover_ack.state == self.my_hash[a]:
                    self._check_move(t, mv)
            if t not in self.revealed:
                self._reveal(t, out)  # (and our ack of turn a)
            if self.final_turn < a and not self._finalize(a, out):
                self._wait_acks(a)
                return
            if not self._all_revealed(t):
                pres = self.present()
                self._waiting = ("reveal", t, [i for i in pres if not self._counted_reveal(i, t)])
                return
            self._apply_move(t)
            self._applied(t, out)

    def _wait_acks(self, a: int) -> None:
        """``_finalize(a)`` said no: if for want of acks, note whose (``_waiting``); if the acks are all in and
        disagree (evidence awaited, a seat leaving), nothing is noted: every message is looked at again."""
        acks = self.acks.get(a, {})
        missing = [i for i in self.present() if i not in acks]
        if missing:
            self._waiting = ("ack", a, missing)

    def _stray_moves(self, t: int, cur: int) -> None:
        """Moves for turn t from seats other than its mover (``cur`` by our state after t-1).  Their sender's
        ack of t-1 rides on the move: if it equals ours, the sender shares our state and moved out of turn (an
        offence); if not, its state differs, and the disagreement on turn t-1 decides (SPEC 11.6)."""
        a = t - 1
        for seat in range(self.n):
            if seat != cur and (t, seat) in self.move_from:
                ack = self.acks.get(a, {}).get(seat)
                if ack is not None and ack.state == self.my_hash[a]:
                    self._halt(Offence(seat, self._nick(seat), f"moved out of turn (turn {t})",
                                       (self.move_from[(t, seat)].payload,)))

    def _ack_alone(self, t: int, out: Output) -> None:
        """Our ack of turn t on its own (the last turn; a disagreement; a long wait for the move: SPEC 11.5)."""
        if self.me is None or t in self.acked or t + 1 in self.revealed:
            return  # (acked already: on its own, or riding on our reveal or move of t+1)
        self.acked.add(t)
        self._emit(Ack(t, self.my_hash[t], self.my_sections[t]), out)

    def ack_now(self) -> Output:
        """The shell has waited ``ack_after`` seconds for the mover's move: send our ack of the turn before on
        its own, so that it is agreed now (and a disagreement on who moves can not leave every peer
        waiting for a move nobody makes, SPEC 11.5)."""
        out = Output()
        if (self.halted or self.done or self.me is None or not self.waiting_for_move()
                or self.state.public.current == self.me):
            return out
        self._ack_alone(self.applied_turn, out)
        if out.send and not self.halted:
            out.extend(self._progress())
        return out

    def _move_held(self, t: int) -> bool:
        """Turn t's move is here: the mover's (by our state after t-1), or a computer player's."""
        cur = self.state.public.current
        return ((t, cur) in self.move_from and not self._move_dropped(t, cur)) or t in self.move_actions

    def _move_dropped(self, t: int, seat: int) -> bool:
        """``seat``'s move t rides on its ack of turn t-1, which differed from ours and was dropped when the seat
        left (``dropped_acks``: it quit, or voted alone, Session._agree): the move was made on another state
        (an equivocator's fork it was shown) and is never judged on ours; the seat owes the move until it is taken
        over and the computer player moves for it (SPEC 11.9, *Takeover*; sim seed 3279: an honest seat named for a
        move legal on the twin of an equivocated move)."""
        return seat in self.dropped_acks.get(t - 1, ()) and t not in self.move_actions

    def _disagreed(self, t: int) -> bool:
        """Some present seat's ack of turn t differs from our state hash."""
        mine = self.my_hash.get(t)
        present = self.present()
        return any(s in present and a.state != mine for s, a in self.acks.get(t, {}).items())

    def _finalize(self, t: int, out: Output) -> bool:
        """Turn t is agreed when every present seat's ack of it is in and carries our state hash (G6)."""
        acks = self.acks.get(t, {})
        if len(acks) < self.n - len(self.gone) or any(i not in acks for i in self.present()):
            return False
        if not self._agree(t, out):
            return False
        self.final_turn = t
        out.events.append(TurnFinal(t, self.my_hash[t]))
        self.agreed_state = self.state  # (the state after t: t+1 is applied only once t is agreed)
        self.moves_since = []
        return True

    def _applied(self, t: int, out: Output) -> None:
        """Turn t (0: the setup) is applied here: note our state hash (sent with our next message)."""
        self._record_hash(t)
        out.events.append(TurnApplied(t, self.my_hash[t], self.state, self.last_move if t > 0 else None,
                                      self.last_description if t > 0 else ""))
        if self.state.is_over:
            return
        self.turn = t + 1
        if self.me is not None and self.state.public.current == self.me:
            out.events.append(YourTurn(self.turn))

    def _setup_ready(self) -> bool:
        """Every seat still in the game (one voted out before the start is not) has committed."""
        pres = self.present()
        return all(i in self.chain_tips for i in pres) and (not self.g.hidden or all(self._setup_committed(i)
                                                                                       for i in pres))

    def _all_revealed(self, event: int) -> bool:
        return all(self._counted_reveal(i, event) for i in self.present())

    def _event_reveals(self, event: int) -> dict[int, bytes]:
        """The reveals an event uses: those of the seats present (all seats, unless one was voted out)."""
        present = set(self.present())
        return {i: r for i, r in self.reveals.reveals(event).items() if i in present}

    def _rand(self, event: int) -> Rand:
        return Rand(event_randomness(event, self._event_reveals(event)))

    def _apply_setup(self) -> None:
        secrets = [self.secret if i == self.me else None for i in range(self.n)]
        if self.carried_in is not None:  # a later race of a match that carries cards (MM-T2, SPEC 16.5)
            state = self.game.match.next_race(self.carried_in.state, self.track, self._rand(0))
            self._bind_laid_out(state)
        else:
            state = self.g.new_game(self.nicks, self._rand(0), secrets)
        if self.g.hidden and self.carried_in is None:
            self._check_deck_sizes()
        if self.g.hidden:
            for seat in sorted(self.bot_seats):  # voted out before the start: its cards are dealt face up
                state = self._open_seat(state, seat)
        self.state = state
        self.head = h("snowp2p/transcript/v1", self.head, event_randomness(0, self._event_reveals(0)))
        self.applied_turn = 0

    def _open_seat(self, state, seat: int):
        """A computer player's seat: its unknown cards dealt face up, alike on every peer (hidden.open_seat).
        Cards the seat opened in a move that every peer holds but has not applied yet keep those values: a move
        signed below the decision's count (``gone[seat]``), which every peer holds when the seat is taken over.
        A move at or past that count is ignored by the decision and held only where it came before it (lie-away
        seed 115503: crashed p3's move at the count, relayed to p2 and p4 just before they decided, kept its two
        opened cards there, while p0 decided first and dealt them at random: a desync at turn 2 naming nobody)."""
        count = self.gone[seat][1] if seat in self.gone else 0
        known = {}
        for (t, sender), mv in self.move_from.items():
            if t > self.applied_turn and sender == seat and mv.seq < count:
                for op in mv.body.openings:
                    if op.generation < len(self.gens[seat]):
                        known[self.gens[seat][op.generation].first + op.slot] = op.value
        return self.game.hidden.open_seat(state, seat, Rand(h("snowp2p/takeover/v1", self.game_id, seat, self.turn)),
                                          h("snowp2p/open-seat/v1", self.game_id, seat), known)

    def _check_move(self, t: int, mv: SignedMessage) -> None:
        """Check move t as soon as it arrives: turn, action, openings, rules (G5)."""
        seat, body = mv.sender, mv.body
        proof = (mv.payload,)
        assert self.state is not None
        if seat != self.state.public.current:
            self._halt(Offence(seat, self._nick(seat), f"moved out of turn (turn {t})", proof))
        try:
            action = self.g.action_from_wire(body.action, seat)
        except DecodeError as e:
            self._halt(Offence(seat, self._nick(seat), f"a malformed action: {e}", proof))
        if not self.g.hidden:
            if body.openings:
                self._halt(Offence(seat, self._nick(seat), "opened cards in a game without hidden cards", proof))
            self.move_actions[t] = action
            return
        self._check_openings(mv, action)
        self.move_actions[t] = action

    def _apply_move(self, t: int) -> None:
        assert self.state is not None
        action = self.move_actions[t]
        seat = action.seat
        randomness = event_randomness(t, self._event_reveals(t))  # (once: the draw, then the transcript)
        try:
            state = self.g.apply(self.state, action, Rand(randomness))
        except IllegalMove as e:  # the engine checks the rules once, when it applies the move (SPEC 11.5 step 3)
            self._halt(Offence(seat, self._nick(seat), f"an illegal move: {e}", (self.moves[t].payload,)))
        if self.g.hidden and seat not in self.bot_seats:
            self._follow_deck(seat, self.state, state, t)
        self.last_description = self.g.describe(self.state, action, state)
        self.last_move = (self.state, action, state)  # for screens: the event lines of the turn (ui/views.py)
        self.state = state
        self.head = h("snowp2p/transcript/v1", self.head, self._move_digest(t), randomness)
        if t in self.moves:
            self.moves_since.append(self.moves[t].payload)
        self.applied_turn = t

    def _record_hash(self, t: int) -> None:
        """Our state hash and section hashes after turn t: the ack our next message carries (SPEC 11.6)."""
        assert self.state is not None
        sections = self.g.section_hashes(self.state)
        digest = self.g.state_hash(self.state, self.head, sections)
        sections["move"] = self._move_digest(t) if t > 0 else self.roster.digest
        for i in self.present():  # each seat's chain up to its reveal of t: traces a disagreement (SPEC 11.6)
            if (i, t) in self.reveal_digest:
                sections[f"seat.{i}"] = self.reveal_digest[(i, t)]
        self.my_hash[t] = digest
        self.my_sections[t] = sections

    # ------------------------------------------------------------------- end
    def _finish(self) -> Output:
        out = Output()
        if self.state is None:  # ended by a vote before the race was set up: no cards were dealt
            if not self.done:
                self.done = True
                out.events.append(GameOver(()))
            return out
        if not self.g.hidden:
            if not self.done:
                self.done = True
                out.events.append(GameOver(tuple(self.places())))
            return out
        if self.me is not None and self.me not in self.final_opens and self._owes_final(self.me):
            self._final_openings(out)
            if self.halted:
                return out
            # (and on: ours may be the last final_open the end was waiting for, defect A)
        if self.done or any(i not in self.final_opens and self._owes_final(i) for i in self.present()):
            return out
        self._check_final()
        self.done = True
        out.events.append(GameOver(tuple(self.places())))
        return out

    def places(self) -> list[int]:
        """Final places: every seat ranked alike, a computer-played one too (G10); none for an
        abandoned game."""
        if self.state is None or self.abandoned:
            return []
        if self.g.hidden and not self.state.is_over:
            return list(self.g.standings(self.state))
        return list(self.g.final_places(self.state))

    def _move_digest(self, t: int) -> bytes:
        return self.moves[t].digest if t in self.moves else self.bot_moves[t]

    def _bot_move(self, t: int) -> None:
        action = self.game.computer_move(self.state, Rand(h("snowp2p/bot-move/v1", self.game_id, t)))
        self.move_actions[t] = action
        self.bot_moves[t] = h("snowp2p/bot-move/v1", t, pack_canonical(self.g.action_to_wire(action)))

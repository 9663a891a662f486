"""What this seat's own clock decides about votes that rest on one seat's word (protocol/SPEC.md section 11.9:
*A vote on this seat*, *A lone vote on a seat that answers*, *A vote that counts this seat away*).

Signed messages can not tell a vote inside the move time from a race; only the clock of the seat voted on,
or of a third seat that the voted seat answered, can.  These rules hold such a decision until the owner's
watch (net/watch.py) gives its verdict, and turn a refused or lone vote into its voter *leaving* (G10): the
owner signs ``absent{voter, "left"}`` and votes, so the auditor of its log reads the verdict from its own
signed messages, as the peer made it.  :class:`~snowp2p.protocol.absence.AbsenceRules` takes them in.
"""

from __future__ import annotations

from dataclasses import replace

from .events import Output
from .messages import Absent, Ack, Reveal


VOTED_OUT = "voted out"  # bye{reason}: the seat accepted a decision on it
LEFT_REASON = "left"  # absent{owed: "left"}: the seat is leaving (a refused or lone vote's voter; bye{"left"})


class OwnerVerdicts:
    """The owner's verdicts on votes that rest on one seat's word (the session's state; no state of its own)."""

    _owner_pending = None  # the owner's message being handled while the auditor goes on before it (_progress_before)
    #: how many messages this seat had signed when it last came back (resumed from its log, woke from a freeze): set by
    #: the shell (net/watch.py), read by :meth:`_away_by_word`; None: never away
    came_back_at: int | None = None
    #: while this peer is linked to no other seat, or was until a moment ago (as ``AbsenceWatch._cut_off`` reads it), how
    #: many messages it had signed when that began; else None.  Set by the shell at every tick (net/watch.py), read by
    #: :meth:`_cut_join`
    cut_seq: int | None = None

    def _counts_owner_away(self, seat: int, voters: list[int]) -> bool:
        """The decision on ``seat`` rests on one voter ``V``'s word and counts the log's owner away only because
        ``V`` signed an ``absent`` about the owner before its ``absent{seat, owed: declare|vote}``
        (:meth:`_declared_away`).  Signed messages do not tell a liar (the owner answered: sim strategy
        "lie-away") from sim seed 563 (the owner had crashed); the owner's clock does, so the decision waits for
        its verdict (:meth:`settle_away`), and the auditor reads it from the owner's next own message."""
        o = self.owner
        if (o is None or seat == o or len(voters) != 1 or o in voters or o in self.decided or o in self.gone
                or o in self.leaving):
            return False
        return self.absents.get(o, {}).get(voters[0]) is not None and o in self._declared_away(seat)

    def _contested(self, seat: int, voters: list[int]) -> bool:
        """The decision on ``seat`` rests on one voter ``V``'s word, and ``seat`` has signed an ``absent`` about ``V``
        without holding ``V``'s claim on it (its count of ``V``'s messages does not reach ``V``'s latest ``absent``
        about ``seat``): the two declared each other across a cut, and ``V``'s lone decision and the others' decision
        on ``V`` can not both stand.  Whichever of the two votes completes first on a peer must not choose: the
        lone decision waits until the claim on ``V`` is settled, on every peer but ``V``'s own (it may be the last
        seat standing) and for the auditor alike: ``V`` decided (its vote then counts for nothing), leaving (a lone
        vote on a seat that answers), or another voter on ``seat`` votes too (the decision is no longer one seat's
        word).  Sim seed 6295: cut-off p3 declared p1, then p0, p2, p4 and voted p4 out alone, while p4, p0 and p2
        voted p3 out; restarted p1 held p3's vote before p4's vote on p3 and took p4 over; the others decided p3
        first: a desync naming nobody (SPEC 11.9, *A lone decision on a seat that claims its voter*)."""
        if len(voters) != 1 or voters[0] == self.owner:
            return False
        return self._across(seat, voters[0])

    def contests_vote_on_me(self, v: int) -> bool:
        """``v`` voted on this peer (the log's owner) alone, and this peer contests it (:meth:`_contested`): ``v``
        signs on in a game without this peer (its messages past that vote are not taken here, ``_frozen``)."""
        me = self.me
        return me is not None and (v, me) in self.vote_at and self._contested(me, [v])

    def _across(self, seat: int, v: int) -> bool:
        """``seat`` has signed an ``absent`` about ``v`` without holding ``v``'s latest ``absent`` about ``seat`` (its
        count of ``v``'s messages does not reach it): the two declared each other across a cut."""
        haves = self.absent_haves.get((seat, v))
        return bool(haves) and min(haves) <= self.absent_seq.get((v, seat), -1)

    def _away_decision(self, seat: int) -> bool:
        """The decision on ``seat`` counts this log's owner away on one voter's word (:meth:`_counts_owner_away`),
        held for the owner's verdict or accepted by it: it has not taken effect, and ``seat``'s messages past its
        count are still taken (:meth:`_frozen`).  The owner may refuse it, or come back and reopen it, and then they
        are needed: the auditor froze them while the live peer took them, and its audit stopped on a gap (sim
        lie-away seed 297); p0, just resumed, accepted liar p1's decision on p2 before p2's refusal came, dropped the
        refusal and later joined p1's vote on p2 at once (lie-away seed 4046)."""
        voters = self.decided[seat][2]
        return seat in self.away_held or (len(voters) == 1 and (seat, voters[0]) in self.away_accepted)

    def _owner_verdict(self, body) -> None:
        """The owner's next own message after a held decision (:meth:`_counts_owner_away`) is its verdict: an
        ``absent{V, owed: left}`` about the held decision's voter refuses it (``_on_absent`` undoes it); anything
        else accepts it, and the game goes on from it (the takeover first, as on the owner's peer)."""
        if (isinstance(body, Absent) and body.owed == LEFT_REASON and body.seat in self.away_held.values()):
            return
        self._accept_away()

    def _accept_away(self) -> None:
        """The owner accepts the held decisions (they stand, and may still be reopened by ``_reopen_if_back``): it was
        away, and each one's voter rightly counted it so.  If the decision is reopened (this seat came back), that
        voter's vote is still no vote on an answering seat (:meth:`lone_votes`; sim seed 8568)."""
        self.away_accepted |= set(self.away_held.items())
        self.away_held.clear()

    def _progress_before(self, seat: int, body) -> "Output":
        """Go on from an accepted held decision as the owner's peer did, before the owner's message now handled
        (``body``, already in its chain here): that message does not make the owner a voter that came back
        (``_reopen_if_back``; lie-away seed 124, where the audit reopened what the peer had taken over), but its
        messages before it do, as on its peer (sim seed 8530).  Unless the game has reached that message when the
        takeover is checked: its peer, having accepted, signed it in ``_advance`` (a reveal once it held the turn's
        move, an ack once it applied the turn) before the takeover's check of the same pass (``_progress_loop``), so
        it counts there, as it does here (lie-away seed 1768: the peer accepted while the game waited on another
        seat's move, revealed for that move, and reopened the decision; seed 6437: it applied a turn first, then
        revealed for the next move; the auditor, judging at the position before, took the seat over)."""
        if seat in self._base_needed():
            if self._signed_in_advance(body):
                # (its peer signed this very message in ``_advance`` before the takeover's check of the same pass, and
                # applied what it completes: the game goes on after it.  Lie-away seed 100857: p2 accepted liar p1's
                # decision on p0 and revealed for p1's move; that reveal agreed the turn before, where p1's ack had p0
                # taken over, so p1 voted itself off and its move was dropped: p0 was not needed.  The auditor took p0
                # over before the reveal, a desync naming p2)
                return Output()
            return self._progress()
        self._owner_pending = body
        try:
            return self._progress()
        finally:
            self._owner_pending = None

    def _rejoin(self, seat: int, back: set[int], voters: tuple[int, ...], out: "Output") -> bool:
        """This seat came back (``_reopen_if_back``) to a decision on ``seat`` that two or more voters took counting it
        away by their signed absents (``_declared_away``): it declares ``seat`` absent at once, and so joins their votes
        in the next pass (``_join_votes``), with its own count.  The others reopen the decision too once its messages
        past their count reach them, and wait for its vote; but ``seat`` may answer it (back from a crash: its
        messages past the decision's count are taken here, while the voters' own votes keep them off theirs), and a
        voter that never declares is declared and voted out in turn: the voters take ``seat`` over at their count,
        this seat played on with those messages (sim lie-away seed 16224: the crash-restarted p0 revealed event 5 to
        p2, back from a partition, which drew turn 5 with it and was named in a desync).  A decision on one voter's
        word keeps its own rules (``_counts_owner_away``), and so do voters each two of which declared each other
        across a cut (:meth:`_across`): each one seat's word, no majority (sim lie-away seed 135941: p2 joined cut-off
        p4's old vote on p0 and liar p3's at once, before its clock judged p4's votes lone).  True: it signed the absent."""
        if self.me is None or self.me not in back or len(voters) < 2 or self._each_across(voters):
            return False
        res = self.declare_absent(seat)
        out.extend(res)
        return bool(res.send)

    def _count_back(self, w: int) -> int:
        """How many of ``w``'s messages count for its coming back (``_reopen_if_back``): all held, less the owner's
        message being handled (``_progress_before``) while the game has not reached it."""
        n, body = self.chain.next_seq(w), self._owner_pending
        if w != self.owner or body is None:
            return n
        return n if self._signed_in_advance(body) else n - 1

    def _signed_in_advance(self, body) -> bool:
        """The owner's message ``body`` is one its peer signs in ``_advance`` where the game now is: a reveal once it
        holds the turn's move, an ack once it applied the turn."""
        if isinstance(body, Reveal):
            return body.event >= 1 and self.applied_turn >= body.event - 1 and self._move_held(body.event)
        return isinstance(body, Ack) and self.applied_turn >= body.turn

    def settle_away(self, answering: bool) -> "Output":
        """The shell's verdict on a held decision that counts this seat away on one voter's word: if this seat's
        clock says it was answering (``AbsenceWatch``), that voter counted a present seat away to decide alone: it
        is treated as leaving (:meth:`leave_voter`: ``absent{V, left}``, which undoes the decision); so it is when
        the seat voted on has refused the vote (:meth:`refused_by_seat`); otherwise the decision stands (this seat
        was away: sim seed 563)."""
        out = Output()
        if not self.away_held or self.me is None:
            return out
        for v in sorted({v for x, v in self.away_held.items() if answering or self.refused_by_seat(x, v)}):
            out.extend(self.leave_voter(v))
        if self.away_held:  # (accepted, or no absent could be signed: the decision stands)
            self._accept_away()
            out.extend(self._progress())
        return out

    def refused_by_seat(self, x: int, v: int) -> bool:
        """``x`` has refused ``v``'s vote on it (its latest ``absent`` about ``v`` says ``left`` and was signed holding
        that vote) and has paid the claim that it owed a declaration on this log's owner (it signed an ``absent`` or
        ``vote`` about the owner past ``v``'s count: :meth:`_unpaid`).  A held decision (:meth:`_counts_owner_away`)
        is then one seat's word against the other's, each on its own clock, and the signed messages side with ``x``:
        the owner, away, can not judge it itself (lie-away seed 1701: frozen p1 accepted liar p0's decision on p2,
        which p2 had refused; it came back, took p2's bye for leaving and voted p2 out with p0's vote, while p2 had
        declared and voted p1 out).  A seat that never declared the owner stays the one that failed its part (sim
        seed 8568: never-declaring p0 refused honest p1's vote; crashed p2 accepts it).  Nor one that declared ``v``
        across a cut (:meth:`_declared_before`): its refusal is one side of a partition, not a lie shown up, and the owner can
        not tell which side was cut off (lie-away seed 42541: p2, cut off alone, declared p1 and refused p1's vote on
        it; p0, back from a crash, sided with it, and honest p1 was voted out by the two).  Either stands aside when a
        third seat holds ``v`` leaving for that vote too (:meth:`_seconded`): its clock ran, ``x`` answered it (and so owed
        it no declaration on the owner): two seats' word against one (lie-away seed 54442: p2, crashed for 0.3 s, held
        liar p3's vote on p0 for not declaring p1 and p2; p0 refused, p4 judged it lone; p2 counted p3 a voter and,
        with cut-off p1's vote, decided p0 at a count p4 never did: a desync naming p4).  Nor a refusal of a vote on a
        ``left`` claim (:meth:`_left_claim`): ``v``'s verdict is on ``x``'s own claim or vote, not on ``x`` being silent, and
        ``x``'s refusal says only that ``x`` answered (lie-away seed 111175)."""
        return self._refused_by(x, v) and (
            not (self._unpaid(v, x, self.owner) or self._declared_before(x, v) or self._left_claim(v, x))
            or self._seconded(x, v))

    def _note_settled(self) -> None:
        """What this peer's claims and the others' verdicts settle before votes are counted: its relay claims paid
        (``_note_relays_paid``), and each vote refused and seconded (:meth:`_side_with_refusals`)."""
        self._note_relays_paid()
        self._side_with_refusals()

    def _side_with_refusals(self) -> None:
        """A vote of ``v`` on ``x`` (neither this log's owner) that ``x`` refused (:meth:`_refused_by`) and a third seat
        holds ``v`` leaving for too (:meth:`_seconded`) is two seats' word against one that ``x`` answered; a peer that
        has itself declared ``x`` absent (cut off from it: its clock could not judge ``v``'s vote) and did not vote on
        ``x`` holding that refusal (:meth:`_voted_past_refusal`) takes it: ``v`` is leaving here too (G10).  Not a vote
        on a ``left`` claim (:meth:`_left_claim`), nor a refusal across a cut (:meth:`_declared_before`); a peer that
        never declared ``x`` judges on its clock (``AbsenceWatch._lone_votes``: lie-away seed 36213 fails if a frozen
        peer takes the seconded refusal here).  Read from signed messages, alike for the auditor.  Sim seed 131585: hostile p2 voted answering p3 out alone;
        p3 refused, p0 (back from a freeze) judged the vote lone; p1, cut off by a partition meanwhile (it declared
        p3), still counted p2 a voter on frozen p0, so it took p0's reveal and decided p0 two turns after p3, which had
        decided p0 with p1's vote and its own: p1 took p3 for a seat that voted itself off, and p3 named honest p1 in
        a desync."""
        o = self.owner
        for (v, x) in sorted(self.vote_at):
            if (v == o or x == o or v in self.leaving or v in self.gone or v in self.decided or x in self.gone
                    or self._voted_past_refusal(x, v) or o not in self.absents.get(x, {})):
                continue
            if (self._refused_by(x, v) and self._seconded(x, v) and not self._left_claim(v, x)
                    and not self._declared_before(x, v)):
                self.leaving.add(v)

    def _voted_past_refusal(self, x: int, v: int) -> bool:
        """This log's owner voted on ``x`` holding ``x``'s refusal of ``v``'s vote (its vote counts that ``absent``):
        it saw ``x`` answer and then judged ``x`` silent on its own clock, so ``x``'s word is not what it goes by.  A
        vote of its own that does not count the refusal (signed cut off from ``x`` since before it, for that pause or a
        later one) says nothing of ``v``'s vote and does not keep it from siding with the refusal (lie-away seed
        121597: p2, back from a crash, voted on p0, cut off by a partition meanwhile, at a count short of p0's
        refusal of liar p1's vote; it held the refusal, seconded by p3, only later, relayed, never held p1 leaving,
        was declared by p3 for that, judged p3's vote lone and, with the liar, voted honest p3 out)."""
        mine = self.votes.get(x, {}).get(self.owner)
        return mine is not None and mine.have > self.absent_seq.get((x, v), -1)

    def _left_claim(self, v: int, x: int) -> bool:
        """``v``'s latest ``absent`` about ``x`` says ``x`` is leaving (``owed: left``): ``v``'s clock, or ``x``'s own signed
        count, found a claim or vote of ``x``'s on a seat that answered (``leave_voter``, ``refuse_vote``, ``_refutes``).  Its
        vote on ``x`` does not say ``x`` was silent, so ``x``'s refusal (it answered) is no answer to it, only ``x``'s word
        about its own vote against ``v``'s, and a peer that was away sides with neither (:meth:`refused_by_seat`; sim
        lie-away seed 111175: liar p2 voted answering p1 out alone for not declaring crashed p0; p3 judged that vote
        lone and voted p2 out for it; p2 refused; p0, resumed, held p3's vote on p2 before p1's, sided with the liar's
        refusal, treated honest p3 as leaving and voted it out with p2)."""
        a = self.absents.get(x, {}).get(v)
        return a is not None and a.owed == LEFT_REASON

    def _declared_before(self, x: int, v: int) -> bool:
        """``x`` signed an ``absent`` about ``v`` without holding ``v``'s vote on it (its count of ``v``'s messages does not
        pass that vote): the two declared each other, across a cut (:meth:`_across`, for this vote: a later claim of
        ``v``'s on ``x`` does not make ``x``'s refusal one; lie-away seed 39432)."""
        at, haves = self.vote_at.get((v, x)), self.absent_haves.get((x, v))
        return at is not None and bool(haves) and min(haves) <= at

    def _seconded(self, x: int, v: int) -> bool:
        """A seat other than ``x``, ``v`` and this log's owner, present and not leaving, holds ``v`` leaving for its
        vote on ``x`` (its latest ``absent`` about ``v`` says ``left`` and holds that vote): a refusal across a cut
        (:meth:`refused_by_seat`) is then two seats' word against one (lie-away seed 36213: p3, cut off alone, voted p1
        out; p1, which had declared p3 across the cut, refused, and p0 judged the vote lone; frozen p2 sides with
        them, or p2 and p3 voted p0 and p1 out while p0 and p1 voted them out)."""
        return bool(self._held_leaving_by(x, v))

    def _held_leaving_by(self, x: int, v: int) -> list[int]:
        """The seats other than ``x``, ``v`` and this log's owner, present and not leaving, whose latest ``absent`` about
        ``v`` says ``left`` and holds ``v``'s vote on ``x`` (:meth:`_seconded`, :meth:`_held_leaving_by_two`)."""
        at = self.vote_at.get((v, x))
        if at is None:
            return []
        return [y for y, a in self.absents.get(v, {}).items()
                if y not in (x, v, self.owner) and a.owed == LEFT_REASON and a.have > at and y not in self.gone
                and y not in self.leaving and y not in self.decided]

    def _held_leaving_by_two(self, x: int, v: int) -> bool:
        """Two seats or more other than ``x``, ``v`` and this log's owner, present and not leaving, hold ``v`` leaving for
        its vote on ``x`` (:meth:`_seconded`, twice): their clocks judged the vote lone, ``x`` having answered them past
        ``v``'s claim, though none of that reached this peer (sim lie-away seed 148780: crashed p0's last reveal reached
        p1 and p3 only; both judged liar p4's vote on p0 lone; p2, holding nothing of p0's past the liar's count, never
        judged it, declared p0 for the reveal it lacked, joined the liar at once, and p1 and p3 voted honest p2 out).
        This peer's clock then judges the vote as any (``AbsenceWatch._lone_votes``)."""
        return len(self._held_leaving_by(x, v)) >= 2

    def sole_word(self, seat: int) -> int | None:
        """The one seat whose vote alone decided ``seat`` (two seats, or one seat left to vote), else None."""
        voters = self.voters.get(seat) or (self.decided.get(seat, (None, None, ()))[2])
        return voters[0] if len(voters) == 1 else None

    def owner_one_word(self) -> bool:
        """The decision on this log's owner rests on one seat's word (its shell may refuse it, ``was_answering``): one
        voter (:meth:`sole_word`), or voters each two of which declared each other across a cut (:meth:`_across`, both
        ways: two sides of a partition).  Sim lie-away seed 41162: p3, cut off alone, voted every seat out; at the heal
        liar p4, which had declared p3 across the cut, joined its vote on p0 at once; p0, waiting 9 ms on two reveals
        after p3's move, counted their seats away, took p3 and p4 for two voters and accepted.  Both ways: an absent
        that the seat it names answered later, holding it, is no cut (lie-away seed 5121: liar p0 declared p2 for a
        relay, p2 then signed p0 leaving; their decision on p3, cut off alone, was a majority's, but p3 refused it as
        one word, and in the tangle that followed p0 and p2 voted honest p1 out).  Votes of one voter on another do
        not count here (unlike :meth:`votes_on_owner`): only a cut makes two voters' word each one seat's."""
        me = self.owner
        if me is None or me not in self.decided:
            return False
        voters = self.decided[me][2]
        return len(voters) == 1 or self._each_across(voters)

    def _each_across(self, voters) -> bool:
        """Each two of ``voters`` declared each other across a cut (:meth:`_across`, both ways): each vote is one seat's
        word, cut off from the others' (:meth:`owner_one_word`, :meth:`_rejoin`)."""
        return all(self._across(a, b) for a in voters for b in voters if a != b)

    # ---- a vote on this seat: accepted or refused (G10)
    def votes_on_owner(self) -> set[int]:
        """The present, not leaving seats whose vote on this log's owner is held, less any two of them that were
        on two sides (``_sides_apart``): their votes are each one seat's word, not a majority's (sim seed 3155)."""
        me = self.owner
        held = {i for i in self.votes.get(me, {}) if i != me and i not in self.gone and i not in self.leaving
                and i in self.present()}
        return {i for i in held if not any(self._sides_apart(i, j) or self._declared_across(i, j) for j in held)}

    def _declared_across(self, a: int, b: int) -> bool:
        """``a`` and ``b`` declared each other across a cut (:meth:`_across`, either way): two sides of a partition,
        so their votes on this log's owner are no majority for its wait (sim seed 32735: p1, cut off alone, voted p0
        and p2 out; p0, waiting on p1 after hostile p2's vote on it, took p1's vote for a second one and accepted)."""
        return a != b and (self._across(a, b) or self._across(b, a))

    def _sides_apart(self, a: int, b: int) -> bool:
        """``a`` voted on ``b`` or ``b`` on ``a`` (signed votes held here): the two were on two sides (of a partition,
        or of a refused vote), and their votes on a third seat are no common word.  A seat cut off alone votes every
        other seat out; its vote on this log's owner, held with a later vote of a seat it voted on, must not make
        that vote a majority's (sim seed 3155: p3, alone, voted p0, p1, p2 out; p1 later voted on p2 for a
        declaration p2 could not see it owed; p2, answering, took the two for a majority and accepted)."""
        return a != b and (a in self.votes.get(b, {}) or b in self.votes.get(a, {}))

    def may_still_vote(self) -> set[int]:
        """The seats whose vote on the owner's seat may still come although the decision on it did not count
        them: present, not leaving, no bye, not decided, not among the decision's voters, and counted away here
        because the game waits on their own messages (a partition may have held those back, and their vote with
        them: sim seed 4221)."""
        me = self.owner
        if me is None or me not in self.decided:
            return set()
        voters = set(self.decided[me][2])
        away = self._base_needed()
        # (not a seat the same voters voted on too: a seat cut off by a partition votes every other seat out alone,
        # and its other victims are no voters with it: sim seed 2502)
        victims = {x for x, vs in self.votes.items() if voters & set(vs)}
        return {i for i in self.present() if i != me and i not in voters and i in away and i not in victims
                and self._may_vote(i)}

    def _refused_by(self, seat: int, v: int) -> bool:
        """``seat`` refused ``v``'s vote on it: its latest ``absent`` about ``v`` says ``v`` is leaving and counts
        ``v``'s vote (a signed refusal, verdicts.refuse_vote).  Nobody joins such a vote at once: the seat answered
        when it came, and a vote joined later for another obligation makes its refused voter's word a majority's
        (sim lie-away seed 2275: p2, back from a crash, declared p0 for a reveal p0 lacked the move for, joined liar
        p1's vote that p0 had refused, and the two honest seats parted).  It votes after a pause of its own."""
        a = self.absents.get(v, {}).get(seat)
        return a is not None and a.owed == LEFT_REASON and a.have > self.vote_at.get((v, seat), a.have)

    def _joinable(self, seat: int, v: int) -> bool:
        """This peer, having declared ``seat`` absent, may join ``v``'s vote on it at once (``_join_votes``): not its
        own, nor a leaving seat's, nor one ``seat`` refused (:meth:`_refused_by`), nor one of a seat that refused
        ``seat``'s vote on it on a claim of the reveal of a move ``seat`` says it lacks (:meth:`_lacks_my_move`; ``v``'s
        word against ``seat``'s, each on its own clock; sim seed
        32487: p1, cut off and frozen, joined at the heal hostile p2's vote on p0, which p2 signed refusing p0's vote
        on it, on p1's claim that p0 owed the reveal of a move p0 never got: answering p0 was voted out by two), nor,
        on a declaration or vote claim,
        a contested one from the other side of a cut (:meth:`_contested_join`; sim seed 21761: p3 joined cut-off p0's
        vote on p1, which p1 contested, from p0's backlog at the heal; the decision counted p2 away on p0's old absent,
        while p2, never away on its own peer, took p1's reveal: a desync; seed 27030), nor one that came after this
        peer's own latest claim on ``seat`` (:meth:`_note_join`) when (1) the vote's count holds the message of
        ``seat`` that paid that claim (:meth:`_saw_paid`): ``seat`` did not come back to this peer alone, ``v`` saw it
        answer and voted for another obligation (sim lie-away seed 3529: p1's absent on crashed p2 for a reveal, paid
        4 s before, made it join liar p0's lone vote on p2 for a declaration; the open vote then held p2's next reveal
        back on p1, p1 declared p2 for a reveal p2 had sent, a claim that refuted itself, and honest p1 was voted out
        as leaving; seed 499: the same once the reveal came after the vote); or (2) the vote's claim says ``seat``
        failed to declare this very peer (:meth:`_names_me`, unless it names a seat this peer's claim names too): ``v``
        counted away a seat that had declared ``seat`` itself (sim lie-away seed 2321: p3 joined cut-off p1's vote on
        honest p0 for not declaring p3, on p3's own claim on p0, and p0 was voted out by two); or (3) this peer's claim counts the message that paid ``v``'s
        (:meth:`_paid_before`: ``v`` is behind, sim seed 28194).  This peer's clock judges such a vote (a lone vote, a held
        decision), or it votes after a pause of its own.  A claim made only after the vote came is neither: a seat
        back from a crash holds the vote that counted it away, declares ``seat`` and joins (sim seed 563,
        tests/absent/test_absent_voters_signed.py)."""
        if (v == self.me or v in self.leaving or self._refused_by(seat, v) or self._contested_join(seat, v)
                or (self._refused_by(v, seat) and (self._lacks_my_move(seat) or self._failed_me(v, seat)))
                or self._lapsed_join(seat) or self._lone_left(seat, v) or self._cut_join(seat, v)):
            return False
        before = self.claim_before.get((v, seat), -1) == self.absent_seq.get((self.me, seat))
        return not (before and (self._saw_paid(seat, v) or self._paid_before(seat, v) or self._names_me(seat, v)
                                or self._behind_paid(seat, v)))

    def _cut_join(self, seat: int, v: int) -> bool:
        """This peer is linked to nobody, or was until a moment ago (``cut_seq``), its claim on ``seat`` was signed since
        (on its clock alone, hearing nobody), and ``v``'s vote is no lone vote on this peer that it contests: joined at
        once, that vote, cast while this peer could not see what ``seat`` sent, becomes a majority's before the others'
        messages of the meantime reach it, as this peer's clock would not make it (``AbsenceWatch._cut_off``, lie-away
        seed 78184).  Lie-away seed 102956: p4, partitioned alone 2.8-10.8 s, declared p2 at 8.5 (for a declaration on
        crashed p3); 0.2 s after the heal, liar p1's vote on p2 (4.25, refused by p2 at 4.5) reached it before p2's
        refusal, and it joined at once; back from a crash, p3 rejoined that decision of two (``_rejoin``) and honest p2
        was voted out.  A claim signed before the cut is joined as before (lie-away seed 36213: p3 held liar p4 leaving
        from before its cut, and joined the others' votes on p4 at the heal).  It votes after a pause of its own, or
        judges the vote once linked again."""
        at = self.cut_seq
        return (at is not None and self.absent_seq.get((self.me, seat), -1) >= at
                and not self.contests_vote_on_me(v))

    def _lapsed_join(self, seat: int) -> bool:
        """This peer's claim on ``seat`` is a lapsed declaration (claims._declaration_lapsed: a seat it named answered),
        and no other seat has signed ``seat`` leaving (``absent{seat, left}``, a verdict that ``seat`` voted against an
        answering seat): joined at once, another seat's vote would be a majority's on a claim ``seat`` no longer owes
        (sim lie-away seed 27426).  This peer's clock judges that vote (:meth:`lone_votes`), or it votes after a pause
        of its own.  (A vote on a seat another seat holds leaving is joined as before: lie-away seed 2321, where cut-off
        p1 joined p3's vote on the liar, which p0 had signed leaving too.)"""
        return self._declaration_lapsed(seat) and not any(
            i not in (seat, self.me) and a.owed == LEFT_REASON for i, a in self.absents.get(seat, {}).items())

    def _contested_join(self, seat: int, v: int) -> bool:
        """This peer's latest claim on ``seat`` is that it owed its part as a voter (a declaration or a vote), ``v``'s
        vote on ``seat`` is contested (``seat`` declared ``v`` across a cut, :meth:`_across`: a lone decision on it
        waits, :meth:`_contested`), and the vote counts fewer of ``seat``'s messages than that claim: ``v`` voted from
        the other side of the cut, while ``seat`` did its part as a voter on ``v``; joined at once, ``v``'s word becomes
        a majority's (sim seed 27030: p1 declared p0 for its vote on cut-off p2, which waited for p1's relay of p2's
        last vote, and joined p2's vote on p0 at once: honest p0 decided by p1 and p2).  (Not for other claims: on a
        leaving seat, or a relay asked for, the peers join as before: sim lie-away seeds 1799, 2321.)"""
        mine = self.absents[seat][self.me]
        return mine.owed in ("declare", "vote") and self._across(seat, v) and self.votes[seat][v].have < mine.have

    def _lacks_my_move(self, seat: int) -> bool:
        """This peer's latest claim on ``seat`` is the reveal of a turn whose move ``seat``'s latest ``absent`` about
        this peer says it lacks (``owed: move``, that turn): ``seat`` never got the move (a cut held it back).  Alone,
        not joining at once for it broke lie-away seeds 3333, 3414; with a refuser's vote, sim seed 32487."""
        mine, theirs = self.absents[seat][self.me], self.absents.get(self.me, {}).get(seat)
        return (mine.owed == "reveal" and theirs is not None and theirs.owed == "move"
                and theirs.turn == mine.turn)

    def _failed_me(self, x: int, v: int) -> bool:
        """``v``'s vote on ``x`` says ``x`` owed a declaration on this seat and never gave it (``claims._unpaid``), and this
        seat was away as ``v`` said (:meth:`_away_by_word`): ``x`` failed its part as a voter, and ``v`` voted rightly."""
        return self._away_by_word(x, v) and self._unpaid(v, x, self.me)

    def _note_join(self, seat: int, v: int) -> None:
        """``v``'s vote on ``seat`` comes: which of this peer's own claims on ``seat`` it found (:meth:`_joinable`)."""
        if v != self.me and (self.me, seat) in self.absent_seq:
            self.claim_before[(v, seat)] = self.absent_seq[(self.me, seat)]

    def _names_me(self, seat: int, v: int) -> bool:
        """``v``'s latest ``absent`` about ``seat`` is a declaration claim that names this peer (claims._names) and no seat
        this peer's own claim on ``seat`` names: a claim that names one too rests on the declaration this peer itself
        holds unpaid, not only on ``v``'s word that this peer was away (sim seed 45363: p0, declaring p1 for crashed p3,
        did not join p2's vote naming p0 and p3; p1 paid, p0 judged the vote lone and voted honest p2 out)."""
        a, names = self.absents.get(seat, {}).get(v), self.names.get((v, seat), frozenset())
        return (a is not None and a.owed == "declare" and self.me in names
                and not names & self.names.get((self.me, seat), frozenset()))

    def _saw_paid(self, seat: int, v: int) -> bool:
        """``v``'s vote on ``seat`` counts the message of ``seat`` that delivered what this peer's latest ``absent``
        about it said it owed (its ``have`` is past that message: as :meth:`_refutes` with the vote's count)."""
        a, vote = self.absents.get(seat, {}).get(self.me), self.votes.get(seat, {}).get(v)
        return a is not None and vote is not None and self._refutes(replace(a, have=vote.have))

    def _paid_before(self, seat: int, v: int) -> bool:
        """This peer's own latest ``absent`` about ``seat`` counts the message of ``seat`` that delivered what ``v``'s
        latest ``absent`` about it said it owed (:meth:`_saw_paid` the other way round): ``seat`` had answered that
        claim here before this peer declared it for a later obligation; ``v`` is behind (this peer's relay answers it),
        and its vote is on no obligation this peer holds unpaid (sim seed 28194: relink-storm p3's reveal of turn 5
        reached p4 late, p4 declared it, the reveal came; p4 then joined cut-off p1's vote on p3 for the reveal of turn
        4, decided p3 alone at its own move, and p3 and the others, to whom p3 had answered, voted honest p4 out)."""
        mine, a = self.absents.get(seat, {}).get(self.me), self.absents.get(seat, {}).get(v)
        return mine is not None and a is not None and self._refutes(replace(a, have=mine.have))

    def refuse_vote(self) -> "Output":
        """This peer was answering when the vote on it was decided (the shell's clock says so, and the vote
        rests on one seat's word): it keeps playing, and treats its voters as leaving (G10): each is
        declared absent (``owed: left``) and, with nobody else to agree, voted out at once."""
        out = Output()
        me = self.me
        if me is None or me not in self.decided or me in self.gone:
            return out
        voters = self.decided[me][2]  # (this vote's: a seat refused before is voted on again like any, seed 3345)
        self._refusal(me)
        for v in voters:
            have = self.chain.next_seq(v)
            if self.may_declare_at(me, v, have, LEFT_REASON):
                self._emit(Absent(v, self.turn, have, "left"), out)
        out.extend(self._progress())
        for v in voters:
            if self.paused_on(v) and v not in self.my_votes:
                self._vote(v, "bot", out)
        if out.send and not self.halted:
            out.extend(self._progress())
        return out

    def _vote_judged_lone(self, seat: int | None = None) -> bool:
        """Another seat's latest ``absent`` about this peer says it is leaving (``owed: left``): this peer's vote was
        judged lone there, the seat it voted on answered it.  This peer then takes that seat's messages straight again
        and draws with them (``_frozen``, ``_counted_reveal``), to see the return its vote froze out (sim seed 10727:
        p0 never saw p2 come back, declared the seats that judged it leaving for a vote they did not owe, voted them
        out alone, and took p2 over).  The voted seat's own verdict counts too: left to third seats only (which fixed sim
        seed 15817), a lone vote that no third seat judged (one had just resumed) froze its voter for good, and the game
        with it (sim seed 22615).  But for drawing with ``seat``'s reveals (``seat`` given), ``seat``'s own verdict
        counts only while this peer's vote is the only vote on it held (of a seat that may vote): with another voter's
        vote held the decision may still complete, at a count below the reveal (lie-away seed 20410: liar p0 judged
        p1's and p2's votes on it lone, p1 drew turn 9 with p0's reveal past their count, p3's vote then decided p0
        at that count, and p2 and p3, which never drew it, named honest p1 in a desync; main seeds 15817, 21955)."""
        return any(w != self.owner and a.owed == LEFT_REASON and (w != seat or self._only_vote(seat))
                   and w not in self.leaving for w, a in self.absents.get(self.owner, {}).items())

    def _others_voted(self, seat: int) -> float:
        """The highest count of the votes on ``seat`` when every other seat that may vote, two at least, has voted on
        it and this peer has not: the decision then waits only on this peer's vote (or on its being counted away), at
        that count at least, so a reveal of ``seat`` past it does not count here until the decision
        (``_counted_reveal``), as on the voters, which froze it (sim lie-away seed 36637: p4, resumed from a crash holding the three votes on cut-off p1,
        took p1's reveal past their count straight and drew turn 5 with it; the others counted p4 away and drew p1's
        reveal by computer: a desync naming p4).  Else infinity."""
        votes = self.votes.get(seat)
        if not votes or seat == self.owner or self.owner is None or self.owner in votes or seat in self.decided:
            return float("inf")
        others = [i for i in self.present() if i not in (seat, self.owner) and self._may_vote(i)]
        if len(others) < 2 or any(i not in votes for i in others):  # (one seat's word is a lone vote: G10)
            return float("inf")
        return max(votes[i].have for i in others)

    def vote_held_back(self, seat: int, owed) -> Output | None:
        """``seat`` is overdue here for the move or reveal ``owed`` names, held here but not counted only because every
        other voter has voted on ``seat`` (:meth:`_others_voted`): the decision waits on this peer's vote alone, and this
        peer can not declare ``seat`` for it (the claim would refute itself: ``declare_absent``).  It votes, at its own
        count, on its earlier ``absent`` about ``seat``, rather than owe the others a declaration it can never sign (sim
        lie-away seed 103560: p3 held cut-off p0's move past the votes of p1, p2 and liar p4, could neither declare p0
        nor join (its only claim on p0 asked a relay), and p1 and p2 declared it for the declaration and voted it out).
        ``None`` when that is not the case (``declare_absent`` goes on)."""
        t = owed.turn
        if (owed.what not in ("move", "reveal") or self.me is None or seat in self.my_votes or self.halted
                or self.done or not self.absent_haves.get((self.me, seat)) or not self.reveals.has_revealed(seat, t)
                or self.reveal_seq.get((seat, t), -1) < self._others_voted(seat)):
            return None
        return self._vote_now(seat, self._leave_choice(seat))

    def _holds_owed(self, seat: int, o) -> bool:
        """This peer holds the move or reveal ``o`` says ``seat`` owes: the game still waits on it only because it is
        held back (``_counted_reveal``: past the count of an open vote on ``seat``)."""
        if o is None or o.what not in ("move", "reveal"):
            return False
        if o.what == "move":
            m = self.moves.get(o.turn)
            return m is not None and m.sender == seat
        return self.reveals.has_revealed(seat, o.turn)

    def _drawn_by_others(self, seat: int, event: int) -> bool:
        """Every other present seat (one at least) has signed its ack of turn ``event``: each drew that turn with
        ``seat``'s reveal, so a decision on ``seat`` takes effect past it on all of them, and this peer's open vote
        holds the reveal back no longer (``_counted_reveal``): waiting could only part it from them (sim lie-away seed
        61730: p1 voted on crashed p2 0.13 s before p2's reveal came back; p0 and p3 drew the turn with it and acked,
        p3 never voted; p1 waited for a decision that needed p3's vote, missed its move, voted p3 out alone and took p2
        over at its own count, a turn before the others: a desync naming nobody).  A seat that never drew it (seed
        12343: never-voting p2) keeps the reveal waiting.  While two seats at least hold no vote on ``seat`` here, a
        seat whose vote on it is held is not waited for: its own open vote holds the reveal back as this peer's does,
        so it acks the turn only once this rule lets it draw (sim seed 7605: p3 and p4 voted on crashed p0 before its
        move came back, p1 and p2 drew the turn; p3 and p4, each waiting for the other's ack, declared p1 and p2 for
        never declaring p0 and voted both out).  Not for one such seat alone: once every other seat voted, it holds
        the seat's later messages back too (``_others_voted``) and votes itself (``vote_held_back``), so its ack is no
        sign the turn was drawn for good (seed 132028: drawing on it, the voters' claims lapsed while a relink-storming
        non-voter, which never voted, held the seat's next move back: nobody owed anything, and the game froze)."""
        rest, acks = [i for i in self.present() if i not in (seat, self.owner)], self.acks.get(event, {})
        unvoted = [i for i in rest if i not in self.votes.get(seat, {})]
        if len(unvoted) >= 2:  # (one seat alone that never voted holds the reveal back too: _others_voted)
            rest = unvoted
        return bool(rest) and all(i in acks for i in rest)

    def _only_vote(self, seat: int) -> bool:
        """This peer's vote is the only vote on ``seat`` held from a seat that may vote (``_vote_judged_lone``)."""
        return not any(i not in (self.owner, seat) and self._may_vote(i) for i in self.votes.get(seat, {}))

    # ---- a lone vote on a seat that answers here (G10)
    def _leave_choice(self, seat: int) -> str:
        """This peer's vote on a leaving seat: a seat whose claim refuted itself is always played by a computer
        (G10: its vote must not end the game); a seat that quit is voted on like any absent seat."""
        return "bot" if seat in self.leaving else self.vote_choice

    def _lone_left(self, seat: int, v: int) -> bool:
        """``seat`` is leaving here by this peer's own verdict on a lone vote of it (``leave_voter``), a verdict of this
        peer's clock, and ``v`` voted on it for another reason (its latest absent on it is no ``left``: it did not share
        the verdict): joined at once, that vote makes this peer's vote a lone vote on an answering seat on the other
        clocks (lie-away seed 37935: p4 judged liar p1's vote on p2, within its move time, lone; at the heal p4 joined
        cut-off p2's vote on p1 at once, and the others, for whom p1 answered, treated honest p4 as leaving and voted it
        out).  A voter that shares the verdict is joined at once as before (lie-away seed 1482).  It votes on it once
        paused on it, as on any."""
        a = self.absents.get(seat, {}).get(v)
        return (seat in self.leaving and (self.me, seat) in self.left_said and seat not in self.quit
                and not any(seat in vs for vs in self.refused.values()) and (a is None or a.owed != "left"))

    def _lapse_lone(self, x: int) -> None:
        """This log's owner votes on ``x``: a seat it treated as leaving for a lone vote on ``x`` (its ``absent{v,
        left}``, ``leave_voter``) voted no more than the owner now does, so it is no longer leaving here: the verdict
        that ``x`` was answering has lapsed, and the other voters, who may never have judged ``v`` so (their clocks said
        ``x`` was away), owe no declaration on it (lie-away seed 24524; seed 38443: p4 held liar p1 leaving for its vote
        on p0, p0 was cut off, p4 voted p0 out with the rest, then held p2 to a declaration on p1 p2 never owed). Only
        the vote the verdict judged lapses it: one held when the owner signed its ``absent{v, left}`` (sim seed 47603:
        p2's lone vote on the owner p1 itself, and a later vote of p2's on crashed p0 that p1 then joined lapsed it:
        p2's vote decided honest p1 out). Not when the owner votes on ``x`` as leaving itself (its own ``absent{x,
        left}``): ``x`` lied since, which says nothing of whether it answered when ``v`` voted (lie-away seed 155160: p2
        held liar p4 leaving for its vote on answering p1, later voted p1 out as leaving, which lapsed p4's verdict, and
        p4's vote with cut-off p3's voted honest p2 out). Held when the owner first said so: a seat leaving here owes
        its ``left`` and is declared again at each new count, which judges no new vote (lie-away seed 173675: p2
        declared liar p0 again after p0's vote on frozen p3, then voted on p3 with the rest, which lapsed the verdict;
        p2 then judged p1's vote on p0 lone and voted honest p1 out)."""
        if x in self.leaving and (self.owner, x) in self.left_said:
            return
        for v in sorted(self.leaving):
            a = self.absents.get(v, {}).get(self.owner)
            if ((self.owner, v) in self.left_said and v in self.votes.get(x, {}) and v not in self.gone
                    and a is not None and self.vote_at.get((v, x), a.have) < self.left_first.get(v, a.have)
                    and v not in self.decided and v not in self.quit and self.owner not in self.votes.get(v, {})
                    and not any(v in vs for vs in self.refused.values())):
                self.leaving.discard(v)
                self.left_first.pop(v, None)

    def lone_votes(self) -> list[tuple[int, int]]:
        """``(X, V)``: V's vote on X is the only vote on X held here, and no other seat's absent on X still
        holds (this peer's own neither): X is present and answers here, so the vote can complete only if this
        peer (and every other voter) declares X absent, which it never will.  The shell judges it on its clock
        (AbsenceWatch._lone_votes): if X is answering (this seat: running and owing nothing overdue; another
        seat: owing this peer nothing overdue), V voted against a present seat and is treated as leaving
        (:meth:`leave_voter`; SPEC 11.9, *A lone vote on a seat that answers*).  Without it such a vote stayed
        open for good, nobody voted on V, and V played its own seat to the end (sim seed 3465)."""
        if (self.me is None or self.halted or self.done or self.state is None or self.over
                or self.state.is_over or self._owner_decided()):
            return []
        res = []
        for x, vs in sorted(self.votes.items()):
            if (x in self.gone or x in self.decided or x in self.leaving or x in self.refused
                    or ((x in self.quit or x in self.byes) and self.byes.get(x) != VOTED_OUT)):
                continue
            # (on this very seat, a voter that said bye since counts too: sim seed 35598)
            held = {i for i in vs if i != x and self._may_vote(i)}
            held = held or {i for i in vs if i != x and x == self.owner and self._bye_voter(i)}
            if len(held) != 1:
                continue
            v = next(iter(held))
            if x in self.byes and not self._answered_before_bye(x, v):
                continue
            if v == self.me or (v in self.quit and x != self.owner):
                continue
            if self._failed_me(x, v) and not self._seconded(x, v):
                # x owed a declaration on this seat, which was away by its own verdict, and never gave it; unless a third
                # seat holds v leaving for this very vote (_seconded): its clock ran and x answered it, so x owed no
                # declaration there, as refused_by_seat reads it (sim lie-away seed 112983: p2, crashed 1 s, held liar
                # p3's vote on p0 for not declaring p2, which p0 refused and p1 judged lone; p2 never held p3 leaving,
                # p1 voted p2 out alone for that declaration and finished alone, and p2 and p3 voted honest p1 out)
                continue
            if x != self.owner and self._refused_away(x, v):
                # v's vote is its refusal of x's word about v (x counted v away to vote alone): one seat's word against
                # the other's, and this peer sides with v's word about itself if v answers here: x is then leaving, and
                # only if v does not answer here is v's vote judged as any (the shell takes the pairs in order; lie-away
                # seed 17165: p2 judged p0's refusal of liar p3's decision lone, as p3 answered it, and voted p0 out)
                res.append((v, x))
            if vs[v].have > self.chain.next_seq(x):
                # the vote counts more of x's messages than this peer holds: this peer is behind the voter (it owes
                # the relay), so its clock can not tell that x answers there; it judges once it holds that count
                # (sim lie-away seed 1266: p1, cut off alone, voted every seat out; p2, holding p1's votes, voted p1
                # out alone at count 18; p0, holding 7 of p1's messages, judged p2's vote lone and voted honest p2 out)
                continue
            a = self.absents.get(x, {}).get(v)
            if (x != self.owner and self.chain.next_seq(x) <= (a.have if a is not None else vs[v].have)
                    and not self._held_leaving_by_two(x, v)):
                # another seat that sent this peer nothing past the voter's claim on it: no signed message shows it
                # answers, only this peer's clock, which restarts whenever what x owes changes (sim seed 14310: p4
                # judged p0's vote on crashed p1 lone, as p1's declaration on p2 turned into a reveal on p2's late move).
                # Unless two other seats hold v leaving for this very vote: x's messages past the claim reached them,
                # not this peer (sim lie-away seed 148780)
                continue
            if a is not None and (a.turn == self.turn + 1 or (
                    a.owed == "reveal" and a.turn == self.turn and self.state.public.current != x
                    and not self._move_held(a.turn))):
                # its claim names the next turn: this peer is behind (it lacks messages the voter held), so its
                # clock can not tell that x answers there; it judges once it catches up (sim seed 5271: p2, cut off
                # alone, took p1's and p0's votes one by one a turn behind, treated each voter as leaving, refused
                # the majority's decision on itself and split the game).  (A claim farther ahead is no honest
                # voter's: a seat is at most one turn ahead of a present seat it waits on.)  So is a claim of a reveal
                # whose move this peer lacks (sim seed 14216: p2, cut off alone, judged p1's vote on it lone before p0's
                # move reached it, refused the majority's decision and played on alone into an offence naming p1)
                continue
            if x == self.owner and any(w in self.my_votes and w not in self.gone for w in self.absents.get(x, {})
                                       if w != v):
                # a seat this one voted on declared it too: its vote on it, not taken straight from it any more
                # (_frozen), may be on its way, and the vote is then a majority's (sim seed 6295 after s18m's claims:
                # p3, cut off alone, voted p4 out, then took p2's and p0's votes on it one at a time, judged each
                # lone, treated them as leaving, and played on alone into a desync)
                continue
            if x == self.owner and self._crossed_owner(v):
                continue  # (the owner declared v while v declared it: one side of a cut each, lie-away seed 95040)
            if any(self._current(i, x) for i in self.absents.get(x, {}) if i != v and i not in self.leaving):
                continue  # (another seat holds x absent too: a majority may be on its way, the vote path decides)
            if a is not None and a.owed == "relay" and self._claims_unheld(x):
                # a relay x owed: x still claims more of some seat's messages than this peer holds, so its word is
                # unbacked here too; the relay lapsed here only because that seat itself came back (sim seed 47081)
                continue
            res.append((x, v))
        return res

    def _answered_before_bye(self, x: int, v: int) -> bool:
        """``x`` said ``bye{"voted out"}`` (it accepted a decision on it: :meth:`lone_votes`) after a message past ``v``'s
        claim on it (the bye is its last message): ``x`` answered before it accepted, and its bye does not take that
        answer back.  ``v``'s vote is judged as any lone vote, on every peer alike whether the bye came before or after
        the answer (sim lie-away seed 98289: p2, resumed, accepted liar p1's lone vote on it; p3 held p2's reveal past
        p1's claim before the bye and judged the vote lone, p0 got the two together and never judged it, and p3 voted
        p0 out for not declaring leaving p1)."""
        a, vote = self.absents.get(x, {}).get(v), self.votes.get(x, {}).get(v)
        claim = a.have if a is not None else vote.have if vote is not None else None
        return self.byes.get(x) == VOTED_OUT and claim is not None and self.chain.next_seq(x) - 1 > claim

    def _crossed_owner(self, v: int) -> bool:
        """This log's owner and ``v`` declared each other across a cut: the owner's latest ``absent`` about ``v`` (no
        verdict, ``left``) was signed without holding ``v``'s latest ``absent`` about the owner, and that one without
        holding the owner's.  Neither heard the other: the owner's clock, which saw itself answer, can not tell that its
        messages reached ``v``, so ``v``'s vote on it is no lone vote on an answering seat here (:meth:`lone_votes`); the
        others' clocks judge it, or their votes make it a majority's (sim lie-away seed 95040: p0, cut off alone,
        declared p1 and p2; p1, p3 and liar p2 declared p0; at the heal p0 held p1's vote on it before the others'
        absents, judged it lone, treated p1 as leaving, refused the majority's decision and, with the liar, voted p1 and
        p3 out while they voted p0 and p2 out)."""
        me = self.owner
        mine, theirs = self.absents.get(v, {}).get(me), self.absents.get(me, {}).get(v)
        return (mine is not None and theirs is not None and mine.owed != LEFT_REASON and theirs.owed != LEFT_REASON
                and mine.have <= self.absent_seq.get((v, me), -1) and theirs.have <= self.absent_seq.get((me, v), -1))

    def _away_by_word(self, x: int, v: int) -> bool:
        """This seat was away as ``v`` said (:meth:`lone_votes`, with ``claims._unpaid``): it accepted ``v``'s decision on
        ``x`` that counted it away (``away_accepted``: its clock's verdict), or ``v``'s latest ``absent`` about it counts
        exactly the messages it had signed when it last came back (``came_back_at``: resumed, woke from a freeze): ``v``
        saw it stop and nothing since, which its own shell knows was so (sim seed 30808: p0 voted never-declaring p3
        out for not declaring crashed p1; p1, back, to which p3 answered through relays, judged the vote lone and voted
        honest p0 out with p3)."""
        a = self.absents.get(self.me, {}).get(v)
        return (x, v) in self.away_accepted or (a is not None and a.have == self.came_back_at)

    def _claims_unheld(self, x: int) -> bool:
        """An ``absent`` or vote of ``x`` about another seat counts more of that seat's messages than this peer holds."""
        return any(x in self.claiming_past(y) for y in range(self.n) if y != x)

    def _bye_voter(self, v: int) -> bool:
        """``v`` said bye (it votes on nobody since) and is not voted out, decided or leaving yet."""
        return v in self.byes and v not in self.gone and v not in self.decided and v not in self.leaving

    def _refused_away(self, v: int, w: int) -> bool:
        """``w``'s latest ``absent`` about ``v`` says ``left`` and was signed holding a vote of ``v`` on a third seat
        whose declaration claim named ``w`` (claims._names: ``v`` counted ``w`` away to vote alone): ``w`` refused a
        decision taken on ``v``'s word about ``w`` itself (:meth:`settle_away`).  Or it was signed holding ``v``'s own
        ``absent`` on ``w``: ``w`` found ``v``'s claim that it had not answered refuted (main seed 190076: p3 held
        count liar p0 leaving for its claim that p3 owed a declaration, and voted on it; p2, not judging p0's claim
        yet, took p3's vote for a lone one and held honest p3 leaving, and the two honest seats voted each other out)."""
        a = self.absents.get(v, {}).get(w)
        return a is not None and a.owed == LEFT_REASON and (a.have > self.absent_seq.get((v, w), a.have) or any(
            w in self.names.get((v, x), ()) and a.have > self.vote_at.get((v, x), a.have)
            for x in range(self.n) if x not in (v, w)))

    def may_declare_at(self, sender: int, x: int, have: int, owed: str) -> bool:
        """``sender`` may sign ``absent{x, have, owed}``: it counts more of ``x``'s messages than any ``absent`` of its own
        on ``x`` before, or it is a verdict (``owed: left``) at the count of its latest one, which was none (SPEC 11.9,
        *A verdict at the same count*): the verdict is on a claim or vote of ``x``'s, not on a silence of ``x``'s, and
        waiting for ``x`` to send more let another verdict come first (sim lie-away seed 133021: p3 had declared liar p0
        for a relay at its count 12 when p0's lone vote on p1 proved lone; unable to sign that verdict until p0 sent
        more, it judged cut-off p1's lone votes first, so p0's vote on p1 was no lone one any more, while p2, which
        had judged p0 at once, held it leaving: p3 took p2's vote on p0 for a lone one and voted honest p2 out)."""
        haves = self.absent_haves.get((sender, x))
        if not haves or have > max(haves):
            return True
        latest = self.absents.get(x, {}).get(sender)
        return owed == LEFT_REASON and have == max(haves) and latest is not None and latest.owed != LEFT_REASON

    def leave_voter(self, v: int) -> "Output":
        """This peer's clock says the seat ``v`` voted on (a :meth:`lone_votes` pair) was answering: ``v`` voted
        against a present seat and is **leaving** here (G10), as if its claim had refuted itself: this peer
        signs ``absent{v, owed: "left"}`` (from which the auditor of this log reads the same, ``_on_absent``)
        and, once every other present seat holds it so, votes ``bot`` on it at once."""
        out = Output()
        if (self.me is None or v == self.me or v in self.gone or v in self.decided or v in self.leaving
                or self.halted or self.done):
            return out
        have = self.chain.next_seq(v)
        if not self.may_declare_at(self.me, v, have, LEFT_REASON):
            return out  # (held leaving at this count already: again once it sent more)
        self.leaving.add(v)
        self._emit(Absent(v, self.turn, have, "left"), out)
        if not self.halted:
            out.extend(self._progress())
        return out

    def _refusal(self, seat: int) -> None:
        _, _, voters = self.decided.pop(seat)
        self.refused[seat] = tuple(sorted({*self.refused.get(seat, ()), *voters}))
        self.voters.pop(seat, None)
        for v in voters:
            self.leaving.add(v)
            self.votes.get(seat, {}).pop(v, None)
            if self.me is not None:  # (the live peer: what it does not take is not in its log for the auditor)
                # the voter takes this seat over as soon as its decision takes effect there: what it signs from then on
                # belongs to a game without this seat (a hidden seat's cards opened), so nothing more is taken straight
                # from it, as after a vote of this peer's own on it; relayed copies still are (sim seed 5293: p2
                # refused p1's vote, then applied p1's move made with a computer in p2's seat: "not in its hand")
                self.refused_from.setdefault(v, self.chain.next_seq(v))
        # the refused voters' word decides nothing more: their decisions on other seats that have not taken
        # effect are undone alike (a seat cut off by a partition that voted the others out alone, seed 312)
        for x in [x for x, d in self.decided.items() if x not in self.gone and set(d[2]) & self.leaving]:
            del self.decided[x]
            self.voters.pop(x, None)

    # ---- takeover

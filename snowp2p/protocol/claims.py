"""What an ``absent{X, owed: declare}`` names, and whether X still owes it (protocol/SPEC.md section 11.9, *What a
declaration claim names*); and when this peer's own ``absent`` asked for a relay rather than a vote.

The wire's ``absent`` carries no "about": a claim that ``X`` owes a declaration names the seats its sender ``V`` had
declared absent just before, in ``V``'s own chain.  That makes what the claim means a function of ``V``'s signed
messages, the same on every peer and for the auditor (G7a: only what is owed counts).
:class:`~snowp2p.protocol.absence.AbsenceRules` takes these rules in (a mixin: its state).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .events import Output
    from .messages import Absent


class DeclareClaims:
    """The meaning of a "declare" claim, and whether this peer's own claim still counts for joining a vote (the
    session's state; no state of its own)."""

    def _names(self, v: int, x: int, a: Absent) -> frozenset[int]:
        """The seats ``W`` whose declaration ``v``'s ``absent{x, owed: declare}`` says ``x`` owes: those ``v`` had
        declared absent just before (its latest ``absent`` about ``W`` precedes it in ``v``'s chain, of that turn or
        the one before; as :meth:`_declared_away`).  Read when the claim is taken, in ``v``'s chain order: the same on
        every peer and for the auditor."""
        return frozenset(w for w, by in self.absents.items()
                         if w not in (x, v) and v in by and by[v].turn >= a.turn - 1)

    def _note_names(self, v: int, x: int, a: Absent) -> None:
        """``v``'s ``absent{x, owed: declare|vote}`` is taken: what it names, and ``v``'s claim on each named seat then."""
        self.names[(v, x)] = self._names(v, x, a)
        self.named_at[(v, x)] = {w: self.absents[w][v] for w in self.names[(v, x)]}

    def _declare_owed(self, v: int, x: int, a: Absent) -> bool:
        """``v``'s ``absent{x, owed: declare}`` still names something ``x`` owes (G7a: only what is owed counts): a
        seat ``W`` it names (:meth:`_names`) that is still owed as ``v`` declared it (not decided or gone, ``v``'s
        absent on it current), and about which ``x`` has signed no ``absent`` or ``vote`` past ``v``'s count.  Only
        that pays it: an absent or vote of ``x`` about another seat does not (sim seed 8568: the refusal ``absent{v,
        left}`` made every absent on the refusing seat stale); and once no named seat is owed, ``x`` owes nothing, and
        the claim is stale on every peer alike (sim seed 5114: ``W`` came back and voted, its vote's seat was decided,
        and ``x`` was paused and voted on for a declaration nobody owed).  Nor is a named seat on which ``x``'s own
        absent holds, older than the claim or not (:meth:`_paid`; sim lie-away seed 30316 too).  (A claim names only
        seats ``v`` declared before it in its own chain, so this ends.)"""
        if (v, x) in self._naming:
            return False  # (two claims of v that name each other: each is owed only through the other)
        self._naming.add((v, x))
        try:
            return any(w not in self.gone and w not in self.decided and self._current(v, w)
                       and not self._paid(x, w, a.have) for w in self.names.get((v, x), ()))
        finally:
            self._naming.discard((v, x))

    def _declaration_lapsed(self, x: int) -> bool:
        """This peer's latest ``absent`` about ``x`` says ``x`` owed a declaration, a seat ``W`` it names has since
        delivered what this peer's ``absent`` about ``W``, as the declaration found it (``named_at``), said it owed
        (:meth:`_delivered`), and no other seat it names is still owed (:meth:`_declare_owed`).  ``W`` answered: this
        peer's claim on it rested on a message of ``W`` it lacked, ``x`` rightly never declared ``W``, and the claim is no
        ground to join another seat's vote on ``x`` at once, whatever ``W`` comes to owe later (sim lie-away seed 27426:
        p2, cut off, declared p1 for its reveal and p3 for not declaring p1; at the heal p1's reveal came, and p2 joined
        liar p0's lone vote on p3 for a relay; and once p1 quit, on p2's ``absent{p1, left}``: honest p3 decided by two).
        (A claim merely stale, no named seat having delivered, is joined as before: lie-away seed 1053.)"""
        a = self.absents.get(x, {}).get(self.me)
        if a is None or a.owed != "declare":
            return False
        then, named = self.named_at.get((self.me, x), {}), self.names.get((self.me, x), ())
        paid = {w for w in named if self._delivered(w, then.get(w))}
        return bool(paid) and not any(w not in paid and w not in self.gone and w not in self.decided
                                      and self._current(self.me, w) and not self._paid(x, w, a.have) for w in named)

    def _delivered(self, w: int, b: Absent | None) -> bool:
        """``w``'s messages held now hold what ``b``, an ``absent`` about it, said it owed (:meth:`_refutes` at this
        count): ``w`` delivered it."""
        return b is not None and self._refutes(replace(b, have=self.chain.next_seq(w)))

    def _vote_owed(self, v: int, x: int, a: Absent) -> bool:
        """``v``'s ``absent{x, owed: vote}`` still holds: ``x`` has signed no ``vote`` since (as its message ``a.have`` or
        later) on a seat the claim names (:meth:`_names`: the seats ``v`` had declared just before, in whose pause ``x``
        owes its vote), or none at all when it names none.  An ``absent`` of ``x`` about another seat does not pay it
        (sim seed 3761), nor does a vote on another seat (lie-away seed 4898: cut-off p2 voted p0 out alone, and
        p0's claim that p2 owed its vote on leaving p1 counted as paid by that vote; p2's vote on p1, behind it, was
        held back on p0 by the contested lone vote (``_frozen``), p0 could not declare p2 again for the same vote, and
        stopped with no result)."""
        named = self.names.get((v, x), frozenset())
        return not any(self.vote_at.get((x, w), -1) >= a.have for w in (named or range(self.n)))

    def _unpaid(self, v: int, x: int, w: int) -> bool:
        """``v``'s latest ``absent`` about ``x`` says ``x`` owes a declaration on ``w`` (it names ``w``), and ``x``
        signed no ``absent`` or ``vote`` about ``w`` past ``v``'s count: if ``w`` was away, ``x`` failed its part as a
        voter, and ``v``'s vote on it is no vote on an answering seat (:meth:`lone_votes`; sim seed 8568: ``w``
        crashed, came back, accepted ``v``'s decision counting it away, which its return reopened, and then took ``v``
        for leaving)."""
        a = self.absents.get(x, {}).get(v)
        return (a is not None and a.owed == "declare" and w in self.names.get((v, x), ())
                and not self._paid(x, w, a.have) and not self._declared_as_named(v, x, w))

    def _declared_as_named(self, v: int, x: int, w: int) -> bool:
        """``x``'s latest ``absent`` about ``w`` counts at least as many of ``w``'s messages as ``v``'s own ``absent``
        about ``w`` that ``v``'s declaration claim on ``x`` named (``named_at``), for the same obligation (what and
        turn): ``x`` had declared ``w`` on the same facts (``w`` sent nothing in between), within the claim's count or
        past it, so it did its part on ``w`` whatever ``w`` did since.  A claim on ``w`` for another obligation is other
        facts (lie-away seed 42541, where ``x`` had declared a reveal and the liar a relay, breaks without that).
        ``_paid`` reads ``x``'s earlier absent as paying only while it holds, and ``w``'s coming back made it stale:
        ``v``'s claim then read as a declaration ``x`` never gave (sim lie-away seed 113179: liar p1 voted p2 out
        alone for not declaring frozen p3, holding p2's absent on p3 at p3's count; p3, back, took p2's refusal for
        that of a seat that failed its part, never held p1 leaving, and later voted honest p2 out with the liar)."""
        b, mine = self.named_at.get((v, x), {}).get(w), self.absents.get(w, {}).get(x)
        return (b is not None and mine is not None and mine.have >= b.have
                and (mine.owed, mine.turn) == (b.owed, b.turn))

    def _paid(self, x: int, w: int, have: int) -> bool:
        """``x`` signed an ``absent`` or a ``vote`` about ``w`` as its message ``have`` or later, or its ``absent`` about
        ``w`` still holds: it had declared ``w`` before, and the claim names ``w`` only because its sender declared ``w``
        just before it too (:meth:`_names` names every such seat, not only the one ``x`` owed a declaration on).  Sim
        seed 32541: p4's claim that p0 owed a declaration on p3 also named p2, which p0 had declared (``left``) and
        voted on within p4's count; it stayed current through p2 after p0 declared p3, and p4 and p1 voted honest p0
        out."""
        return (self.absent_seq.get((x, w), -1) >= have or self.vote_at.get((x, w), -1) >= have
                or self._current(x, w))

    def _claimed(self, seat: int, seq: int, kind: str | None) -> bool:
        """A game message (not an ``absent`` or ``vote``: ``kind``) of a voter this peer refused, which another
        seat's ``absent`` or ``vote`` held here counts (its ``have`` is past ``seq``): that seat's relay of it would be
        taken (``_frozen``), and so is the same message straight from the voter (sim lie-away seed 131: p1 refused p0's
        vote and dropped p0's reveal #10, which p2's vote on p0 counted; p2 crashed before relaying it, and p1 took p0
        over at a count earlier than p2's).  Not its ``absent`` or ``vote``: those count this peer as the voter saw
        it, frozen off it by its own vote, and taken here they read as a false claim on this very peer (sim seed
        12776: p0 took refused p1's ``absent{p0, owed: reveal}`` counted by p2's vote on p1, judged it a lie, and
        joined p2's vote: honest p1 decided by two).  And only as the next message of the seat's chain held here: after
        one dropped (its vote) it would leave a gap, read as the seat's offence (sim seed 4592: p1 dropped refused p3's
        vote #12, took its reveal #13 on p0's count and halted naming honest p3); the relay brings both in order."""
        return (kind is not None and kind not in ("absent", "vote") and seat in self.refused.get(self.me, ())
                and seq == self.chain.next_seq(seat)
                and any(m.have > seq for by in (self.absents.get(seat, {}), self.votes.get(seat, {}))
                        for i, m in by.items() if i != seat))

    def _claimed_lacks(self, asker: int) -> dict[int, int]:
        """Each seat ``x`` that ``asker``'s latest ``absent`` or ``vote`` about it is held, and the count it names."""
        claims = {x: [a.have for a in [self.absents.get(x, {}).get(asker), self.votes.get(x, {}).get(asker)] if a]
                  for x in range(self.n) if x != asker}
        return {x: max(said) for x, said in claims.items() if said}

    def _answer_relay(self, asker: int, out: "Output") -> None:
        """``asker`` declared this seat absent for a relay it owes: relay now what its latest claims say it lacks.  A
        relay goes out when the asker's claim arrives; messages this peer came to hold only later were owed and never
        sent (sim seed 1338 with seed 5293's refusal: p0 held p1's bye, which p2 lacked, and was voted out for it).
        Whatever was relayed before, too: the asker may have dropped it past a decision's count (_frozen) that was then
        reopened, and its own vote froze the straight copies (sim seed 22350: p3 waited for good on p4's #10)."""
        for x, have in self._claimed_lacks(asker).items():
            self.relayed.pop((asker, x), None)  # (its claim says it lacks them: sent again)
            self._relay(asker, x, have, out)
        # and what this peer's own claim on the asker presumes it holds: this turn's messages (a reveal needs the move),
        # as the nudge before the declaration passed them on, which a dropped link may have lost (main sim seed 148208:
        # p1's nudge with the mover's move went out as the link to p2 dropped; p2, asking p1 for the relay, had no claim
        # on the mover to say what it lacked, got nothing, and the two honest seats voted each other out)
        out.relay.extend(self.nudge(asker).relay)

    def _relay_with_vote(self, sender: int, x: int, out) -> None:
        """This peer signed a ``vote`` on ``x`` (``sender`` is this seat): to every seat whose latest claim about ``x``
        held here names fewer of ``x``'s messages, it relays what that seat lacks, behind the vote on the same link.
        The decision's count is the highest a vote carries, and every voter must hold it to decide (SPEC 11.9, *Owed
        relays*); the relay that goes out when a claim arrives missed the messages this peer came to hold after it,
        and only an ``absent{owed: relay}``, an absence time later, asked for them (sim lie-away seed 19958: p0 refused
        liar p2's vote and dropped p2's reveal #8 straight (``_frozen``) before p1's vote counting it came; p1 had taken
        it after p0's ``absent{p2, left}`` reached it, a partition came before p0 could ask, and p0, deciding p1 and p2
        alone at its own count, drew turn 4 without that reveal and named honest p1 in a desync).  Not with an
        ``absent``: relaying with every claim moved the relays of main sim seed 13551 and broke it."""
        if sender != self.me:
            return
        for a in range(self.n):
            have = self._claimed_lacks(a).get(x) if a != self.me else None
            if have is not None:
                self._relay(a, x, have, out)

    def _relay_paid(self, seat: int) -> bool:
        """This peer's latest ``absent`` about ``seat`` asked for a relay, not a vote: for a relay ``seat`` owed, and
        ``seat`` owes this peer nothing now (the relay came), or for a move or reveal that another seat's own messages,
        held here when it was signed, showed it held (:meth:`held_elsewhere`: that seat owes the relay; recorded in
        ``asked_relay``).  ``seat`` answered: this peer joins no other seat's vote on it at once on that claim (sim
        lie-away seed 833: back from a crash, p2 asked answering p1 for a relay, which brought a liar's lone vote on
        p1, and p2 joined it at once; seed 1728: p2 lacked p0's reveal of turn 2, which p1's move of turn 3 showed p1
        held, declared p0 absent for it and joined the liar's vote on p0 at once: honest p0 decided by two).  Not on
        evidence that came later (every seat acks a reveal delivered since: lie-away seed 3333, where the peers that
        had declared a partitioned seat, back, then joined no vote on it, and judged an honest seat's vote lone).
        (The claim still counts for a vote cast after the pause: sim seeds 2099, 5271.)"""
        a = self.absents.get(seat, {}).get(self.me)
        if a is None:
            return False
        return a.owed == "relay" and seat not in self._needed() or (seat, a.have) in self.asked_relay

    def _behind_paid(self, seat: int, v: int) -> bool:
        """``v``'s vote counts fewer of ``seat``'s messages than this peer's own latest ``absent`` about it, and this
        peer now holds the messages that delivered what both claims said ``seat`` owed: ``v`` voted on what this peer
        knew was past when it declared, and ``seat`` has answered since; joined at once, the vote would be a decision
        on an obligation paid here, at this peer's count (sim seed 166989: p0, cut off alone, voted p3 out for its
        reveal; p1 declared frozen p3 for it, p3 woke and revealed, and p0's vote, relayed 0.1 s later, was joined at
        once: p1 decided p3 alone at its next move, when the game waited on p2's reveal, at another count than p2 did,
        and halted on a desync naming honest p2).  This peer's clock judges that vote (:meth:`lone_votes`)."""
        mine, a, vote = (self.absents.get(seat, {}).get(self.me), self.absents.get(seat, {}).get(v),
                         self.votes.get(seat, {}).get(v))
        if mine is None or a is None or vote is None or vote.have >= mine.have:
            return False
        have = self.chain.next_seq(seat)
        return self._refutes(replace(mine, have=have)) and self._refutes(replace(a, have=have))

    def _note_relays_paid(self) -> None:
        """A claim of this peer's that ``seat`` owed it a relay is paid for good once ``seat`` owes this peer nothing
        (:meth:`_relay_paid`) and this peer holds every message ``seat``'s claims count, even if ``seat`` comes to owe
        something else later: the messages came (from ``seat`` or another seat), and the claim says nothing of what
        ``seat`` owes since (sim seed 54774: p2, cut off alone, declared p3 for a relay that p1 then brought; five turns
        later, while p3's move was on its way, p2 joined vote-present p1's vote on p3 at once on that old claim, and
        the two sides voted each other out).  Not while ``seat`` still claims messages nobody brought: a claim past
        what exists is never paid (sim seed 47081)."""
        if self.me is None:
            return
        mine = [(x, a.have) for x, by in self.absents.items() if (a := by.get(self.me)) is not None
                and a.owed == "relay" and (x, a.have) not in self.asked_relay]
        if mine:
            needed = self._needed()
            self.asked_relay.update((x, have) for x, have in mine if x not in needed and not self._claims_unheld(x))

    def _refusal_of_my_vote(self, msg) -> bool:
        """``msg`` is the refusal of this peer's vote by the seat it voted on (its ``absent{me, owed: left}``, the next
        message of its chain), not taken over here, and not decided here but by this vote alone: taken straight though
        the vote froze the seat off (``_frozen``), so this peer judges its own vote lone as the others do
        (``_vote_judged_lone``).  Sim seed 79138: p1 dropped p0's refusal, nobody relayed it, p1 declared p2 for a
        declaration on p0 that p2, holding the refusal, never owed, voted it out alone, and p2 and p0 voted honest p1
        out: two results (102482 alike).  Sim seed 109327: p0's vote alone decided never-declaring p2 (p1 had crashed,
        away for it); p0 dropped p2's refusal straight and relayed, being past the decision's count, then p2's reveal
        (the decision, reopened by p1's return, had not taken effect), declared p2 for it, and the two others voted
        honest p0 out.  Read by the owner of the log (``owner``), so its auditor takes the message alike."""
        b = msg.body
        x = msg.envelope.sender
        o = self.owner
        if (o is None or msg.type != "absent" or b.seat != o or b.owed != "left" or x in self.gone
                or msg.envelope.seq != self.chain.next_seq(x)):
            return False
        if x in self.decided:
            return self.decided[x][2] == (o,)
        return x in self.my_votes

    def _lone_refused(self, x: int) -> bool:
        """The decision on ``x`` is this log's owner's vote alone, and ``x`` has refused it (its latest ``absent`` about
        the owner says it is leaving, :meth:`_refusal_of_my_vote`): the decision has not taken effect, so ``x``'s
        messages past its count are still taken (``_frozen``), as for a decision held for the owner's verdict
        (``_away_decision``); if the decision is reopened, they are needed (sim seed 109327)."""
        o = self.owner
        a = self.absents.get(o, {}).get(x)
        return a is not None and a.owed == "left" and self.decided[x][2] == (o,)

    def _voted_on_by_owner(self, seat: int) -> set[int]:
        """The seats other than ``seat`` that this log's owner has voted on: each sends it nothing straight past that
        vote's count until the vote is decided, and its vote on another seat may never come, so it is away for that
        vote too (sim seed 2122: p1 waited for p2's vote on p3, held back behind p1's own vote on p2, and p3's claim on
        p2 kept that vote open); even one back since a decision on ``seat`` that did not count it (``came_back``), which
        counts it a voter on ``seat`` for good (sim seed 93010: p2's lone decision on never-declaring p3 was reopened
        when p0 and trickling p1 came back; p0 and p2 then voted p1 out, but p0 still counted p1 a voter on p3: p1 never
        declared p3, and p3, owing its vote on p1, was never voted on; p0 waited for ever while p2, which counted p3
        away, decided p1, went on, and was voted out by p0 and p3)."""
        o = self.owner
        if o is None:
            return set()
        return {i for i in self.votes if i not in (seat, o) and o in self.votes[i]}

    def _behind_owner_votes(self, seat: int) -> bool:
        """The decision on ``seat`` waits to take effect while a seat it did not count only because this log's owner
        voted on that seat (``_voted_on_by_owner``: its messages past the owner's vote are held back) is not decided
        yet; meanwhile relayed copies of ``seat``'s messages are still taken, as before a decision.  Once that seat is
        decided, its vote on ``seat`` signed below its own decision's count (held now) joins the decision, as on a peer
        that held it before voting on that seat (sim vote-kill seed 338: back from its crash, p1 voted on crashed p2
        at count 5; p3 held that vote before its own vote on p1 and decided at 5; p0 voted on p1 first, decided at 3
        without p1 and drew turn 1 without p2's reveal: a desync naming nobody).  True: wait."""
        voters = self.decided[seat][2]
        behind = self.behind_votes.get(seat, set()) - set(voters)  # (those that could vote when it was decided)
        for w in behind:
            fate = self.gone.get(w) or self.decided.get(w)
            if self._may_vote(w) or fate is not None and self.chain.next_seq(w) < fate[1]:
                return True  # (undecided, or its messages within its decision's count, its vote among them, to come)
        # (only a seat this peer voted on for that very vote: a seat voted on for anything else, e.g. a relay it never
        # sent, is out for its own fault, and its count may never come: sim seed 9499, a lying voter on crashed p0)
        late = sorted(w for w in behind if w in self.votes.get(seat, {}) and self._voted_on_for_its_vote(w))
        if late:
            self._decide(seat, sorted({*voters, *late}), self.votes[seat])
            self.behind_votes[seat] = behind - set(late)
            self.late_votes.add(seat)
        if seat in self.late_votes and self.chain.next_seq(seat) < self.decided[seat][1]:
            return True  # (the relay of what the late vote holds is on its way: the voters hold it)
        return False

    def _voted_on_for_its_vote(self, w: int) -> bool:
        """This log's owner's latest ``absent`` about ``w`` said it owed its declaration or its vote."""
        a = self.absents.get(w, {}).get(self.owner)
        return a is not None and a.owed in ("declare", "vote")

    def _reveal_of_mine_refused(self, x: int, owed) -> bool:
        """``x`` refused this peer's vote on it (its ``absent{me, owed: left}`` is its latest absent about this peer)
        and the vote stands, and what ``x`` owes is its reveal of this peer's own move: ``x`` takes this peer's own
        messages only relayed or counted by another seat from its refusal on (``refused_from``), so this peer's clock
        on that reveal is no measure of ``x``, and it does not declare ``x`` absent for it (sim seed 12776, with seed
        79138's rule: p1, refused by never-declaring p0, declared p0 for its reveal of p1's move 2 s after the move,
        which p0 had only just got relayed; p2, holding that reveal, judged p1's vote lone on the claim and with p0
        voted honest p1 out)."""
        a = self.absents.get(self.me, {}).get(x)
        m = self.moves.get(owed.turn)
        return (x in self.my_votes and a is not None and a.owed == "left" and owed.what == "reveal"
                and m is not None and m.sender == self.me)

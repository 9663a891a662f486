"""The first half of sim_regressions.REGRESSIONS (the runs with no lie-away seat): named cases, oldest first."""

from __future__ import annotations

from sim_case import Case

EARLY: dict[str, Case] = {
    "late_vote_erases_a_finished_game": Case(
        20, "vote-after-end", "d",
        "the loser's absent+vote{winner, end} after the end is taken as a 'late vote': the winner's finished "
        "game becomes abandoned, no places (Session._late_votes)", 1, fixed=True),
    "late_vote_rewrites_places_3_seats": Case(
        322, "vote-after-end", "d",
        "the same with 3 seats (and a partition on the way): the finished game becomes abandoned", 1, fixed=True),
    "a_vote_on_a_playing_seat_stops_it": Case(
        42, "vote-present", "c",
        "2 seats: vote{victim, end} while the victim is connected and playing; the victim stops at once (voted "
        "out), no absence time is checked", 2, fixed=True),
    "a_voter_against_a_present_seat_keeps_its_seat": Case(
        286, "vote-present", "e",
        "a seat that voted against a present seat is not treated as leaving: it plays on with its seat (G10)", 2,
        fixed=True),
    "a_voter_against_a_present_seat_stalls_the_game": Case(
        52, "vote-present", "b",
        "after its vote the voter drops the victim's own messages from its vote's count on (_frozen) and stalls; "
        "being connected and 'thinking' it is never declared absent: the others wait for ever", 2,
        fixed=True),
    "after_a_vote_on_a_present_seat_nobody_is_waited_on": Case(
        1338, "vote-present", "b",
        "vote{victim, bot}: the voter plays on alone with a computer in the victim's seat; the honest seats end "
        "waiting on nobody (waiting_on() empty) and never progress", 2,
        fixed=True),
    "a_voter_that_never_votes_freezes_the_pause": Case(
        331, "never-votes", "b",
        "a pause needs a vote of every voter and nothing waits on a voter: the game stays paused for good",
        3, fixed=True),
    "a_trickle_keeps_a_seat_present": Case(
        144, "trickle", "b",
        "a seat that withholds its reveal but sends a validly chained evidence every 0.5 s restarts its absence "
        "clock at every message: never declared absent", 4, fixed=True),
    "a_trickle_of_absents_keeps_a_seat_present": Case(
        399, "trickle", "b",
        "the same with a trickle of absents (a growing count about another seat)", 4, fixed=True),
    "a_move_sent_to_one_peer_only_votes_out_an_honest_seat": Case(
        118, "omit", "c",
        "3 seats, the mover's move reaches one peer only: the other honest seat lacks it, never reveals, and is "
        "voted out; it votes the others out in its own log; results differ; the omitting seat is never named",
        5, fixed=True),
    "a_move_sent_to_one_peer_only_ends_in_a_desync_with_no_culprit": Case(
        228, "omit", "a",
        "the honest peers' votes took different seats out: their states differ and they stop on a desync that "
        "names nobody (or an honest seat)", 5, fixed=True),
    "a_dead_seat_and_a_frozen_one_stall_the_game": Case(
        765, "crash", "b",
        "4 seats, one seat crashed and another frozen at once: the survivors never pause or vote (fixed by "
        "fab4880; broken again by c2f4617: now a desync that names nobody)", 6,
        fixed=True),
    "a_connected_silent_mover_stalls_the_game": Case(
        55, "silent-mover", "b",
        "a connected seat that never moves is 'thinking' for ever: never declared absent (SPEC 11.9 admits it)",
        7, fixed=True),
    "a_dead_session_with_open_sockets_stalls_the_game": Case(
        70, "dead-connected", "b",
        "a client whose session died with its links up (or a frozen one, SIGSTOP) owes its setup but is never "
        "declared absent while it is connected", 8, fixed=True),
    "an_equivocator_that_leaves_ends_the_game_with_no_result": Case(
        24, "equivocate", "b",
        "2 seats: the equivocator's own session sees the proof, stops and says bye; the honest seat stops with "
        "no result and no proof ('every other player has left'): leaving paid (G10); fixed on branch s18c: a bye "
        "is never a reason to stop, a seat that said bye and owes is leaving (voted out at once), and its "
        "differing ack does not count", fixed=True),
    "an_equivocators_bye_stops_the_others_without_proof": Case(
        584, "equivocate", "b",
        "the equivocator stops on its own equivocation; its bye 'stopped: ...' stops the honest seats "
        "5 s later with no result and no proof of their own (fixed on branch s18c, as seed 24)", fixed=True),
    # found on branch s18c (the equivocate and vote-present strategies taken out of KNOWN), fixed there
    "a_seat_that_stopped_never_sends_its_copies": Case(
        163, "equivocate", "b",
        "3 seats: the equivocator stops on its own fork, an honest seat stops on the proof and its copies never "
        "reach the third, which waited for the copies of every seat whose ack differed, owed by nobody: for "
        "ever (now the copies are owed like a relay: the seat is declared absent and voted out)", fixed=True),
    **{f"a_lone_abandoner_says_game_over_seed_{seed}": Case(
        seed, "vote-present", "c",
        "a seat votes 'end' on a present seat alone and abandons the game on its side, saying bye{game over}; a "
        "bye was not leaving: the victim refused and held the other honest seat to a declaration it could not "
        "make in time (it did not take the voter for leaving): the honest seats voted each other out (now a "
        "seat that said bye and owes is leaving at once, everywhere)", fixed=True)
       for seed in (1160, 1298)},
    "a_refusal_declares_a_voter_twice_at_one_count": Case(
        579, "never-declares", "c",
        "found on branch s18c (with 'a bye is leaving'): a seat that had voted on a seat that said bye refused a "
        "vote on itself and declared the same voter absent again at the same count: an offence of its own (now "
        "it does not, and the auditor reads any own message after the decision but bye{voted out} as the "
        "refusal)", fixed=True),
    "a_stale_absent_can_not_be_signed_again": Case(
        1468, "crash", "b",
        "5 seats, a seat crashed for good after it had been declared absent for a declaration it owed in a "
        "pause; when it then owed its reveal every voter's absent was stale and none could sign another at the "
        "same count: the game waited for ever (now a seat silent since it was declared stays absent)",
        fixed=True),
    "a_seat_whose_last_frames_were_lost_votes_a_finished_seat_out": Case(
        3157, "lies-count", "c",
        "a link dropped at the end: p2 lacked p4's final openings, the others left 3 s later, and p2 voted the "
        "finished seat 4 out on its own word (now a second into its linger a finished peer passes every seat "
        "whose bye is not in the last turn's messages)", fixed=True),
    "the_last_frames_lost_in_a_relink_storm": Case(
        3141, "relink-storm", "c",
        "p1's last frames lost in a relink storm after both others finished and left; p1 voted the finished "
        "honest seat 0 out for a declaration it owed (now a seat that said bye votes on nobody and owes no "
        "declaration)", fixed=True),
    "a_reveal_after_an_uncounted_ack_is_no_offence": Case(
        2584, "vote-present", "c",
        "found on branch s18c (SNOWP2P_SIM_FIRST=1600): a seat voted a present seat out with 'bot' and took it over "
        "alone; two honest peers dropped its differing ack (it was leaving) and then named it a cheater for its "
        "next reveal 'without its ack'; the third voted the two stopped honest seats out (now the dropped ack is "
        "noted: its reveal is no offence)", fixed=True),
    "a_seat_that_stopped_on_proof_has_left": Case(
        2482, "equivocate", "c",
        "found on branch s18c: an honest seat that stopped on proof of an equivocation said bye; a third seat "
        "voted it out, which the invariant took for blame (a seat that stopped on signed proof has left)",
        fixed=True),
    **{f"a_vote_on_a_faulted_seat_is_no_vote_on_a_present_one_seed_{seed}": Case(
        seed, "vote-present", "e",
        "found on branch s18c: the vote-present seat's victim had crashed or was cut off (a real absence), which the "
        "invariant (e) took for a vote on a present seat; the strategy now records its victim", fixed=True)
       for seed in (1778, 2303)},
    **{f"gave_up_with_no_result_seed_{seed}": Case(
        seed, "dead-connected", "b",
        "an honest peer gave up with no result ('no other player has answered'): the others had stopped on "
        "byes or left; passes with a bye never a reason to stop and the linger's last-turn relay", fixed=True)
       for seed in (2000, 3071)},
    "the_last_frames_lost_at_the_end_leave_a_seat_without_result": Case(
        1487, "relink-storm", "b",
        "the higher seat's last frames are lost when its links drop at its end: having finished it no longer "
        "dials, the lower seat can not, and the others leave (3 s) before it asks for a relay (absence time): "
        "p2 gives up with no result", 11, fixed=True),
    "a_peer_frozen_past_the_vote_wakes_alone_and_votes_the_other_out": Case(
        412, "frozen", "c",
        "2 seats, no attacker: p1's last frames are lost when the link drops just after its end; having finished "
        "it no longer dials; p0 (frozen meanwhile, lower seat: it does not dial) votes p1 out: p1 answered, yet "
        "p0's log records it as gone (G11: it should get p1's confirmation)", 11, fixed=True),
    "a_resumed_peer_that_missed_the_decision_votes_the_others_out": Case(
        299, "crash_soon", "c",
        "no attacker: p1 crashed for 9 s and was voted out; the seats that dial it had finished when it came "
        "back, so it never holds the whole decision; after they left it votes them out and stops on a desync of "
        "its own", 11, fixed=True),
    # found with the protocol 6 core (OPEN), fixed on branch s18
    "a_refused_voters_other_decisions_stand_and_a_move_is_applied_unchecked": Case(
        312, "partition", "g",
        "5 seats, {4} cut off votes everyone out alone; p2 refuses the vote on itself but p4's decisions on "
        "seats 1 and 3 (pending, same pass) still took effect: p2 plays on alone and applies p4's move of "
        "another state that it never checked (KeyError in _apply_move, G9); the others stop on a desync",
        fixed=True),
    "a_taken_over_seats_move_of_another_state_crashes_the_peer": Case(
        510, "partition", "g",
        "the same: a taken-over seat's move signed on another state was neither checked nor replaced (G9)",
        fixed=True),
    "a_lone_seats_decision_lands_between_a_move_and_the_owners_reveal": Case(
        579, "partition", "g",
        "{1} cut off votes the others out alone; its decisions on seats 2, 3 reach p0 after the move, before "
        "p0's reveal: p0 counted itself as away (it owed the reveal), took seat 3 over on seat 1's word and "
        "then refused the vote on itself: a desync that names an honest seat", fixed=True),
    **{f"partition_seed_{seed}": Case(seed, kind, "a", f"{why} (OPEN with f4a7346/c2f4617; passes with the "
                                      "owner never away for what it sends by itself, and a refused voter's "
                                      "pending decisions undone)", fixed=True)
       for seed, kind, why in (
           (562, "partition", "partition-desync"), (716, "partition", "audit-unfinished (the sim's audit had "
                                                    "no log owner)"),
           (1035, "partition", "partition-desync"), (1053, "partition", "partition-desync"),
           (1571, "partition", "audit-unfinished"), (1928, "partition", "partition-desync"),
           (1968, "partition", "audit-unfinished"), (2190, "partition", "partition-desync"),
           (2363, "partition", "audit-unfinished"), (2722, "frozen", "audit-unfinished"))},
    # the leaving voter's ack: a seat whose ack leaves out a seat that refused its vote is leaving (its ack does
    # not count, it is voted out); before, the refused vote was dropped from ``votes`` and the ack stopped the
    # game on a desync that named nobody (OPEN with f4a7346/c2f4617; fixed on branch s18)
    **{f"after_a_refused_vote_seed_{seed}": Case(seed, kind, "a", f"{why}: a seat refuses a decided vote on itself "
                                                 "that rests on a cut-off seat's word; that seat's acks of its own "
                                                 "world stopped the game on a desync naming nobody", fixed=True)
       for seed, kind, why in (
           (56, "partition", "partition-desync"),
           (139, "partition", "partition-desync"),
           (211, "partition", "partition-desync"),
           (268, "omit", "partition-desync"),
           (296, "omit", "omit-desync"),
           (317, "partition", "partition-desync"),
           (814, "partition", "partition-desync"),
           (937, "partition", "partition-desync"),
           (1091, "partition", "partition-desync"),
           (1209, "partition", "partition-desync"),
           (1250, "frozen", "freeze-desync"),
           (1273, "partition", "partition-desync"),
           (1320, "partition", "partition-desync (the traced one)"),
           (1696, "omit", "omit-desync, 5 seats"),
           (1797, "partition", "partition-desync"),
           (2106, "partition", "partition-desync"),
           (2231, "frozen", "freeze-desync"),
           (2382, "partition", "partition-desync"),
           (2414, "partition", "partition-desync"),
           (2454, "partition", "partition-desync"),
           (2470, "frozen", "freeze-desync"),
           (2747, "frozen", "freeze-desync"),
           (2810, "frozen", "freeze-desync"),
           (2819, "partition", "partition-desync"),
           (2908, "frozen", "freeze-desync"),
           (3023, "partition", "partition-desync"),
           (3057, "partition", "partition-desync"),
           (3101, "frozen", "freeze-desync"))},
    # a trickle renewed a gone voter's obligation (OPEN "stall" family; fixed on branch s18)
    **{f"a_trickle_renews_a_voters_obligation_seed_{seed}": Case(
        seed, "trickle", "b",
        "a seat that withholds its reveal and trickles other messages: a voter that is gone (left after voting "
        "alone, seed 2048) owes its declaration, but that obligation's count was the trickling seat's message "
        "count, renewed at every trickled message: the absence clock restarted for ever and the pause never "
        "ended (G7a: only delivering counts)", fixed=True)
       for seed in (1900, 1901, 2048, 2984, 3189)},
    # the auditor used a taken-over seat's own move where the peer had used the computer's (OPEN
    # "audit-unfinished"/"crash-desync"; fixed on branch s18: a taken-over seat's own move is never used)
    **{f"the_audit_takes_a_taken_over_seats_move_seed_{seed}": Case(
        seed, kind, "f",
        "a peer finished, but its own log's audit did not: the computer moved for a taken-over seat on the peer "
        "while the auditor, holding the seat's own move (within the agreed count), used its digest: the "
        "state hashes differed from that turn on", fixed=True)
       for seed, kind in ((345, "crash"), (596, "partition"), (1873, "frozen"), (2554, "partition"))},
    # a vote that completes only once another voter is decided waited for a message that never came (OPEN "stall";
    # fixed on branch s18: votes are resolved to a fixed point)
    **{f"a_vote_completed_by_another_decision_waits_for_ever_seed_{seed}": Case(
        seed, kind, "b",
        "the vote on X lacked only the vote of Y; Y was decided later in the same pass, which made the vote "
        "on X complete, but nothing resolved votes again (the peers were all waiting): the game never ended",
        fixed=True)
       for seed, kind in ((1816, "crash"), (2213, "trickle"), (2916, "dead-connected"))},
    # the log's owner was counted away while it owed a move: another seat's lone decision took effect without it
    # (fixed on branch s18: the owner is never away on its own peer)
    "a_lone_decision_taken_while_the_owner_thinks": Case(
        1192, "partition", "b",
        "{1} cut off votes both others out alone; p2, the mover, counted itself away and took seat 0 over on "
        "seat 1's word, while p0 refused the same vote: p2 finished a game p0 was no longer in, and p0 stopped "
        "with no result", fixed=True),
    "a_never_voting_seats_claim_ends_the_pause_on_it": Case(
        2321, "never-votes", "b",
        "a never-voting seat's absent about another seat paid its vote obligation and the pause on it ended; "
        "the game then waited for ever (passes now that the owner is never away: the never-voting seat is no "
        "longer the only voter the others' decision lacks)", fixed=True),
    # a decision's voters are every present seat whose vote on it is held (fixed on branch s18)
    "a_majority_decision_counted_as_one_seats_word": Case(
        482, "partition", "c",
        "found on branch s18 (a regression of 'the owner is never away'): {2} cut off; the other four vote it "
        "out; p2 counted the decision with the one voter it did not take for away (sole word), refused it and "
        "named an honest seat; now every held vote of a present seat counts: p2 accepts", fixed=True),
    "a_partition_desync_with_a_count_liar": Case(
        561, "partition", "a", "partition-desync (with a lies-count seat): passes with the same rule", fixed=True),
    "an_honest_seat_voted_out_after_a_freeze": Case(
        1105, "frozen", "c", "an honest seat with no fault of its own was voted out after a freeze: passes with "
        "the same rule", fixed=True),
    "a_woken_seat_refused_a_vote_read_before_its_clock_looked": Case(
        2332, "frozen", "c",
        "a seat frozen past absence + vote woke, read the decided vote on itself before its clock's next tick, took "
        "itself for answering and refused (an honest voter treated as leaving); a clock that has not looked for "
        "over JUMP s now says it was away (fault injection freeze seed 1 in real processes)", fixed=True),
    # fixed on branch s18d
    "a_liars_ack_of_its_own_world_stops_the_game": Case(
        2502, "lies-count", "a",
        "5 seats, {4} cut off votes everyone out alone; the count liar (seat 2) is leaving in its own world too (its "
        "claims refute themselves), so it does not vote there and took seat 0 over on seat 4's lone word before "
        "refusing the vote on itself; the honest peers, for whom it was leaving, counted its ack of that world and "
        "stopped on a desync naming nobody (now a leaving seat's differing ack does not count, like a quitter's)",
        fixed=True),
    # fixed on branch s18e: only a vote pays a voter's vote obligation (found by s18e's sweep of 3200-4799)
    **{f"an_absent_about_another_seat_paid_a_vote_seed_{seed}": Case(
        seed, kind, "b",
        f"{why}: a voter that owed its vote on a seat declared another voter absent; that absent 'paid' its vote "
        "obligation, so every absent on it stopped being current, none could be signed again for the same "
        "obligation, no pause on it ever came, and the game waited for ever (now only a vote pays it)", fixed=True)
       for seed, kind, why in (
           (3208, "trickle", "two trickle seats, a cut and a crash (5 seats; passes with the same change, not traced)"),
           (3474, "dead-connected", "a dead-connected seat and an absent trickle (3 seats; passes with the same change, not traced)"),
           (3761, "never-votes", "never-votes, a crash and an honest crash (4 seats; traced)"))},
    # fixed on branch s18e: a vote on this seat that rests on one seat's word waits for the seats it counts away
    **{f"a_majority_taken_for_one_seats_word_seed_{seed}": Case(
        seed, kind, "c",
        f"{why}: healed, the cut-off seat held one voter's vote first and counted the other voter away (it still "
        "waited for that seat's move, which the partition had held back), so the decision rested on one seat's word "
        "there; it refused it, treating an honest voter as leaving, then judged that voter's next move, signed in "
        "the world without it, on its own state: 'played card N, which is not in its hand' naming an honest seat.  "
        "Now a refusal waits (at most absent_after) for the votes of the seats it counts away, and a second vote "
        "makes it accept (AbsenceWatch.vote_verdict)", fixed=True)
       for seed, kind, why in (
           (2912, "partition", "partition {0} | {1, 2} with a vote-present seat (was OPEN)"),
           (4221, "partition", "no hostile seat, a partition {0} | {1, 2} (found by s18e's sweep of 3200-4799)"),
           (4553, "partition", "an equivocator, a partition {2} | {0, 1} and a crash (s18e's sweep)"))},
    "a_voter_held_back_behind_ones_own_vote_is_away": Case(
        2122, "lies-count", "b",
        "4 seats, a lying seat 3, cuts, a partition and a crash: p1 voted on p2 (count 9) and on p3 (count 12), so "
        "it took nothing straight from them past those counts; it still counted p2 a voter on p3 (p2's vote on p3 "
        "lay beyond count 9), while p3's claim on p2 (12) kept the vote on p2 open: neither vote could complete, "
        "p0 finished and left, p1 gave up with no result.  (The lingering relay was not the fault: p0 held nothing "
        "p1 lacked.)  Now a seat the log's owner has voted on is away for the owner's other votes "
        "(AbsenceRules._voters; SPEC 11.9); was OPEN", None, fixed=True),
    "a_voter_held_back_behind_ones_own_vote_is_away_5_seats": Case(
        2099, "lies-count", "a",
        "5 seats, a lying seat 4 and a crash: p0 and p3 decided seat 4 at count 11 without crashed p2 (away), while "
        "p1 counted p2 a voter (the 563 family); passes with the same rule as seed 2122 (s18f); was OPEN", None,
        fixed=True),
    "a_resumed_seat_short_of_one_message_of_a_taken_over_seat": Case(
        2404, "trickle", "b",
        "5 seats, crash + trickle, a partition and an honest crash: resumed p3 held 6 of crashed seat 2's "
        "messages while the votes on it claimed 7, and waited for ever once the others left; passes with the rule "
        "of seed 2122 (s18f; not traced: the decisions now fall differently); was OPEN", None, fixed=True),
    "a_move_claimed_of_a_seat_that_does_not_move_refutes_itself": Case(
        3307, "vote-present", "e",
        "4 seats, a vote-present seat 0 and a crash of seat 1: at 8.75 s p0 declared p3 absent owing the move of "
        "turn 7 (count 8) and voted; turn 7 was p2's to move (it moved at 9.0 s).  The claim was judged at once (p3's "
        "count 8 was held) and did not refute itself (p3 had not revealed turn 7: there was no move yet), and no other "
        "seat voted on p3, so p0 was never leaving.  Now a 'move' claim waits until the move of that turn is held, "
        "and refutes itself when another seat made it (AbsenceRules._judge_claims, SPEC 11.9); was OPEN", None,
        fixed=True),
    # fixed on branch s18i: a lone vote on a seat that answers here makes its voter leaving (Session.lone_votes,
    # AbsenceWatch._lone_votes; SPEC 11.9, *A lone vote on a seat that answers*)
    "a_lone_vote_on_a_seat_that_answers_the_third_keeps_the_voters_seat": Case(
        3465, "vote-present", "e",
        "3 seats, Mush! Mush!: p2 voted on p1 at 3.5 s (p1 owed its reveal 0.14 s, a claim no count refutes); p0 never "
        "votes on p1 (p1 answers it), so the vote could complete nowhere and nobody voted on p2: it played its own "
        "seat to the end (p1 refused only at 11 s, by accident: a cut at 9.76 s made p0 'away' on p1, the vote "
        "'decided' there, and the refusal waited for p0).  Now every seat whose clock says the seat voted on answers "
        "(p0 and p1 at 3.75 s) treats the lone voter as leaving: absent{p2, left}, vote bot; was OPEN", 2, fixed=True),
    "a_refused_lone_voter_not_taken_for_leaving_by_the_third_seat": Case(
        3155, "omit", "c",
        "4 seats, partition {3} | {0, 1, 2}: p3 voted every seat out alone; p1 refused the vote on itself (decided there: "
        "it counted the others away) and held p3 leaving, but p2 did not (p3's vote on p1 was open there), so in p1's "
        "view p2 owed a declaration of p3 it never made, and p1 voted honest p2 out.  Passes with the rule of seed "
        "3465: p2's clock judges p3's lone votes too.  Traced (s18h): p2 then accepted because the decision on it "
        "counted p3's held vote (rule 4, seed 482) with p1's: two votes, no longer one seat's word; p3 had voted on p1, "
        "so the two were on two sides.  Also fixed by s18h's rule alone: a held vote of a seat that voted on one of the "
        "voters (or that one of them voted on) joins no decision on the log's owner and is no second vote "
        "(AbsenceRules._sides_apart, SPEC 11.9 rule 4); was OPEN.  Since the equivocate strategy equivocates in Snake "
        "Carnival too (it crashed its own peer there before), this seed runs otherwise: p0's fork halts p1 and p2 "
        "naming p0; the mechanism stays covered by tests/absent/test_absent_two_sides.py", None, fixed=True),
    "a_seat_past_its_own_move_time_judges_a_lone_vote": Case(
        6331, "silent-mover", "c",
        "found by s18i's sweep of 5600-6399 with a first form of the rule of seed 3465: the silent mover p0 (its move "
        "overdue for 16 s) judged p1's lone vote on p2 (which owed p1 a declaration after a freeze) and signed "
        "absent{p1, left}; p2 refused the vote, and p0's vote on p1 with p2's decided honest p1 out on p2.  Now a seat "
        "that owes something overdue itself judges no lone vote", None, fixed=True),
    # fixed on branch s18g: the voters on a seat that failed its part as a voter are fixed by signed messages
    "the_voter_set_of_a_decision_depends_on_who_was_waited_on": Case(
        563, "never-declares", "c",
        "3 seats, p2 crashed and back; p0 declared p2, then never-declaring p1 (owed: declare), and voted p1 out alone "
        "while p2 owed its move; back, p2 (the owner is never away) counted itself a voter on p1, the decision was "
        "not taken there, p0's ack leaving p1 out made p0 leaving, and p0 stopped on a desync naming p2.  Now a seat a "
        "voter declared absent just before declaring X for its part as a voter is away for the vote on X on every "
        "peer (AbsenceRules._declared_away: a function of the voter's signed absents); was OPEN", None, fixed=True),
    "a_seat_waited_on_for_a_message_just_sent_is_a_voter": Case(
        1105, "never-declares", "a",
        "found on branch s18g (with the rule of seed 563 alone): a move had just reached p4, which counted p0 and p3 "
        "away for their reveals, decided the vote on never-declaring p2 alone at count 8 and took it over a message "
        "before p3, whose vote held 9: a desync naming nobody.  Now, in a vote on a seat for its part as a voter, a "
        "seat the game waits on is away only if declared absent (AbsenceRules._declared)", None, fixed=True),
    "an_old_absent_from_a_partition_leaves_a_vote_with_no_voters": Case(
        1018, "never-votes", "b",
        "found on branch s18g (an intermediate rule): p0's absent on p3 from a partition {0} | {1, 2, 3}, and p3's on "
        "p0, counted each other away for the vote on never-voting p1 (owed: vote): no voter was left, the pause ended "
        "and the game waited for ever.  Now a seat that declared X absent itself is never away for the vote on X",
        None, fixed=True),
    "a_crash_and_resume_beside_a_partition_split_with_no_hostile_seat": Case(
        6412, "partition", "a",
        "found by s18i's sweep of 6400-7199 (3 seats, Snake Carnival, no hostile seat: partition {2} | {0, 1}, a crash "
        "and resume of p0, a cut): p1 stopped on a desync at turn 6 that named nobody.  Passes once s18g's voter rule "
        "(seed 563) and s18i's lone-vote rule (seed 3465) are both in (main, merge of s18g; not traced); was OPEN",
        None, fixed=True),
    # found by s18h's sweep SNOWP2P_SIM_FIRST=4800 SNOWP2P_SIM_RUNS=800 (2 of 800 failed, 5271 and 5293; both failed on
    # main 6d2fb23)
    "a_refusing_seat_applies_the_refused_voters_forked_move": Case(
        5293, "trickle", "c",
        "3 seats, p2 crashed and back: p1 voted p2 out alone for a declaration p2's restarted clock did not owe yet; p2 "
        "refused (p1 leaving) but, while hostile p0 held up its vote on p1, took p1's later messages, signed with a "
        "computer in p2's seat (its cards opened: a fork), and named honest p1 for a card not in its hand.  Now a seat "
        "takes nothing straight from a voter it refused past the count it held then (relayed copies still: "
        "AbsenceRules._refusal, refused_from; the relay answer above keeps regression 1338 whole)", None,
        fixed=True),
    # fixed on branch s18j (traced)
    "a_voter_counted_away_comes_back_before_the_decision_takes_effect": Case(
        7037, "crash", "a",
        "found by s18i's sweep of 6400-7199: p0, cut off, voted p1 out alone at count 6 while p2 owed its reveal; p2's "
        "reveal arrived and p0 took p1 over at once, 35 ms before p2's relay of p1's move #6, which p2 had applied: "
        "two states at turn 5.  Now a voter counted away that sent anything since the decision reopens it before it "
        "takes effect and votes too (AbsenceRules._reopen_if_back, came_back); was OPEN (also fixes 6412 on its own)",
        None, fixed=True),
    "a_relayed_reveal_past_the_agreed_count_is_not_drawn": Case(
        6468, "never-votes", "c",
        "found by s18i's sweep of 6400-7199: after its vote on frozen p3 (count 8) p0 took p3's reveal #8 relayed by "
        "never-voting p1 (a relayed copy is taken until the decision), the decision stayed at 8, and p0 drew turn 6 "
        "with it while p4 took p3 over first: a desync naming p0.  Now a reveal past the count of a decision not yet "
        "in effect does not count (AbsenceRules._counted_reveal): the seat is taken over first everywhere; was OPEN",
        None, fixed=True),
    "a_played_out_seat_whose_link_was_cut_at_the_end_leaves_unheard": Case(
        7205, "cut", "c",
        "found by s18j's sweep of 7200-7999 (2 seats, no hostile seat): a cut at 3.94 s dropped p1's final_open and "
        "bye, sent just after its game over; p1 lingered without redialling and exited (NetGame's linger ended at once "
        "when no link was live; the simulator did not redial a finished peer at all), and p0 voted it out after the "
        "end.  Now a played-out peer lingers, up to absent_after, while a seat whose bye is not in has no live link, "
        "and redials it (NetGame._lingers; SPEC 11.10 *Lingering*); was OPEN", None, fixed=True),
    "a_cut_off_seat_counts_answering_seats_away_and_decides_alone": Case(
        7930, "partition", "a",
        "relink-storm seat, partition {4} | rest (5 seats): cut-off p4 declared 1 (reveal), then 0, 2, 3 (owed: declare) "
        "and voted 3 out alone; by _declared_away every other seat was away for it on every peer, so p0 took p4's lone "
        "decision on 3 while p1-p3 judged p4 leaving (desync naming nobody).  Fixed by s18k: a decision that counts "
        "the owner away on one voter's word waits for the owner's clock (answering: the voter is leaving); was OPEN",
        None, fixed=True),
    # fixed on branch s18l (traced)
    "a_seat_behind_a_partition_does_not_judge_the_votes_on_it_lone": Case(
        5271, "never-votes", "c",
        "partition {2} | {0,1,3,4}, never-voting p4: healed, p2 (a turn behind, waiting on p3's reveal of turn 5) took "
        "p1's then p0's vote on it (claims of turn 6) one by one, judged each lone on its clock (it owed nothing "
        "there), treated them as leaving, refused the majority's decision and played on alone; the open vote on p2 "
        "then completed on p1 and p3 at turn 8 only (p4 counted away while it owed the reveal of a move just held) "
        "and not on p0 and p4: a desync naming nobody.  Now a vote whose voter's claim names the next turn is not "
        "judged lone (Session.lone_votes): this peer is behind and catches up first; p2 accepts; was OPEN", None,
        fixed=True),
    # fixed on branch s18n (traced)
    "a_lone_decision_on_a_seat_that_claims_its_voter_waits_for_that_claim": Case(
        6295, "partition", "a",
        "partition {3} | rest, p1 crashed and restarted: cut-off p3 declared p1, then p0, p2, p4 and voted p4 out "
        "alone (every other seat away by _declared_away), while p4 (and p0, p2) declared p3, unseen by it, and voted "
        "it out; restarted p1 held p3's vote before p4's and took p4 over at turn 3, the others decided p3 first: a "
        "desync naming nobody.  Now a decision resting on V's word alone waits while the seat it decides has an "
        "absent on V that does not count V's claim on it (verdicts._contested), on every peer but V's own, until V is "
        "decided or leaving or a second voter votes.  After s18m's claim rules p1's race was gone but cut-off p3, "
        "which voted p4 out (p4's messages no longer taken straight), judged p2's then p0's vote on it lone and "
        "played on alone; now a seat does not judge a vote on it lone while a seat it voted on has declared it "
        "(Session.lone_votes); was OPEN", None, fixed=True),
    "a_resumed_peer_takes_the_relayed_copies_its_log_holds": Case(
        3158, "vote-present", "a",
        "found by s18n's sweep of 2400-3199 (failed on main c638ed3 and 53064d7 alike): vote-present p0 voted p1 out, "
        "p1 refused and took p0's reveal #9 relayed by p2 (not straight from p0 any more: refused_from), crashed and "
        "resumed; from_log read that record as straight from p0 and dropped it, stayed at turn 4 while its live self "
        "and the auditor were at turn 9, voted p2 and then p0 out alone and took p0 over at turn 4: a desync.  Now "
        "from_log takes another seat's record as a relayed copy (Resume.from_log); was OPEN", None, fixed=True),
    # fixed on branch s18m (traced): what a "declare" claim names (claims.py) and a lone vote a seat that was away
    # accepted (verdicts.lone_votes); all three were OPEN
    "a_declare_claim_is_paid_only_by_a_declaration_on_the_seat_it_names": Case(
        8568, "never-declares", "c",
        "p1 declared crashed p2, then never-declaring p0 (declare) and voted it out alone; back, p2 held the decision "
        "counting it away and accepted it (it was away), its own messages reopened it (_reopen_if_back), and it judged "
        "p1's vote lone on its clock: honest p1 leaving.  Also p0's refusal absent{p1, left} paid its 'declare'.  Now "
        "only a declaration on a seat the claim names pays it (claims._declare_owed), and a seat that accepted a vote "
        "counting it away does not judge it lone while the claimed seat never declared it (lone_votes, away_accepted)",
        None, fixed=True),
    "a_declare_claim_lapses_when_the_seat_it_names_is_no_longer_owed": Case(
        5114, "dead-connected", "c",
        "p1 declared p2 for its vote on 3, then honest p0 for a declaration on p2; p2 came back and voted, 3 was "
        "decided, yet p1's claim on p0 stayed current (p0 signed no absent or vote): p0 was paused and voted on for a "
        "declaration nobody owed, and honest p1 ended voted out.  Now a 'declare' claim names the seats its sender "
        "declared just before it (signed: claims._names) and holds only while one of them is still owed",
        None, fixed=True),
    # fixed on branch s18o (traced; found by s18l's sweep of 8000-8799)
}

"""The second half of sim_regressions.REGRESSIONS (the runs with no lie-away seat): named cases, oldest first."""

from __future__ import annotations

from sim_case import Case

LATE: dict[str, Case] = {
    "a_signed_away_voter_is_back_alike_on_every_peer": Case(
        8530, "never-declares", "c",
        "p2 declared crashed p1 (reveal, have 10), then never-declaring p0 (declare), and voted p0 out alone (p1 away by "
        "_declared_away on every peer); p1's move #11, signed before it held the vote, reached p2 after p2's decision, "
        "so p2 reopened it (_reopen_if_back compared the counts each peer held at its decision) and took p0 over at "
        "turn 11, p1 (its own #11 counted at its decision) at turn 10: a desync naming honest p2.  Now a voter counted "
        "away by signed absents is back once it signed a message at or past the count those absents name "
        "(AbsenceRules._away_counts): alike on every peer and in the audit; was OPEN (it also passes with s18m's "
        "'declare' claim rule alone: the claim lapses once p1 is back; the same rule alone passes 6295: p1 had "
        "signed its reveals past the count p3's absent on it named, so p3's lone decision reopens on p1 too)", None,
        fixed=True),
    # found by s18q's sweep SNOWP2P_SIM_FIRST=8800 SNOWP2P_SIM_RUNS=800 (1 of 800 failed; fails on main 53064d7 alike),
    # fixed on branch s18q (traced)
    "a_liars_unpaid_count_makes_the_honest_voters_owe_each_other_votes": Case(
        9499, "lies-count", "c",
        "5 seats, p0 crashed, lies-count p3 declared and voted on p0 with 10 of its messages (the others held 5) and "
        "never relayed them: no honest seat could vote on p0 (_vote waits for the highest count), yet each owed the "
        "others its vote on p0 (owed: vote), and 5 s into the pause p1, p2 (restarted) and p4 declared each other for "
        "it; p3 then voted on p2 and p4, and the honest seats, each voting on p3, p0 and the others, voted each other "
        "out: three results.  Now no voter owes its vote on X while a voter's claim on X beyond this peer's count "
        "holds every vote back: only the claimer owes (the relay; AbsenceRules.owed)", None, fixed=True),
    # found by s18q's sweep SNOWP2P_SIM_FIRST=10400 SNOWP2P_SIM_RUNS=800 (2 of 800 failed, 10727 OPEN below); fails on
    # main 53064d7 and f6385fc alike; fixed on branch s18q (traced)
    "a_resumed_peer_behind_a_partition_votes_alone_on_an_old_absent": Case(
        10836, "partition", "c",
        "3 seats, no hostile seat: p0's move #6 was lost to a partition {0} | {1, 2}; p0 declared p1 (reveal) and "
        "crashed (0.3 s); resumed, it declared nobody (it heard from nobody) but its clock still voted on its old "
        "absent: alone (p2 away, owing its reveal), it took p1 over at once; healed, p1 refused, p2 judged the lone "
        "vote (p0 leaving), and p0 stopped on a desync naming honest p2.  Now a resumed or woken peer votes on nobody "
        "before it heard from the others, as it declares nobody (AbsenceWatch._pause; SPEC 11.9)", None, fixed=True),
    # found by s18q's sweep SNOWP2P_SIM_FIRST=12000 SNOWP2P_SIM_RUNS=800 (3 of 800 failed, 12343 OPEN below): both fail on
    # main f6385fc and pass on main 4286bde, with s18m's declaration-claim rules (the 5114/8568 family; not traced)
    **{f"a_never_declaring_seat_and_a_crash_seed_{seed}": Case(
        seed, "never-declares", kind,
        f"{why}; passes with s18m's declaration-claim rules (claims._declare_owed), not traced", None, fixed=True)
       for seed, kind, why in (
           (12776, "c", "3 seats, never-declares p0, p2 crashed 6 s and cuts: p2 voted honest p1 out.  Broken again "
                        "by seed 79138's rule (p1 took p0's refusal, then declared p0 for its reveal of p1's own move, "
                        "2 s after it; p2 held that reveal and judged p1's vote lone); fixed by "
                        "claims._reveal_of_mine_refused"),
           (12111, "c", "3 seats, never-declares p2, p1 crashed 9 s and a partition {1} | {0, 2}: p0 named honest p1 "
                        "in a desync at turn 3"))},
    # found by s18q's sweep SNOWP2P_SIM_FIRST=10400 SNOWP2P_SIM_RUNS=800; failed on main 53064d7, f6385fc, 806c906
    "a_voter_frozen_off_the_seat_it_voted_on_never_sees_it_back": Case(
        10727, "never-votes", "a",
        "4 seats, never-votes p1 and p3, p2 crashed 7 s: p0 voted p2 out alone and then took nothing straight from p2 "
        "past its vote's count (_frozen), so p2's return never showed there; p1 and p3 judged p0's vote lone (absent{p0, "
        "left}) while p0 declared both for a vote on p2, voted each out alone and took p2 over at turn 3: a desync "
        "naming nobody.  Now a peer that another seat says is leaving takes straight messages again (AbsenceRules."
        "_vote_judged_lone; SPEC 11.9)", None, fixed=True),
    # found by s18o's sweep SNOWP2P_SIM_FIRST=3200 SNOWP2P_SIM_RUNS=800 (fails on main 53064d7, c48f12e); was OPEN,
    # traced and fixed on branch s18t
    "a_move_riding_on_a_dropped_ack_is_not_judged": Case(
        3279, "equivocate", "c",
        "3 seats, Snake Carnival: p2 equivocated at turn 3 (twin to p0, original to p1) just before a partition "
        "{0} | {1, 2}; p0 moved turn 4 on the twin and voted p1, p2 out alone.  At the heal p1 held p0's move, whose "
        "ack of turn 3 differed (traced to p2: copies sent, p0's awaited); p0 leaving (lone votes), that ack was "
        "dropped (Session._agree), turn 3 agreed without it, and p0's move checked on p1's state: illegal, honest p0 "
        "named (and the audit stopped).  Now a move riding on an ack dropped as its mover left is not held: the "
        "mover owes the move until taken over and the computer moves (turns._move_dropped; "
        "tests/absent/test_absent_dropped_ack_move.py)", None, fixed=True),
    # found by s18z's sweep SNOWP2P_SIM_FIRST=13600 SNOWP2P_SIM_RUNS=800 (2 of 800 failed; fail on main 89de4b2); traced
    # and fixed on branch s18z (verdicts.lone_votes; tests/absent/test_absent_lone_unseen.py)
    "a_cut_off_seat_judges_a_vote_on_a_move_it_lacks": Case(
        14216, "partition", "c",
        "4 seats, omit p3, cuts, partition {2} | {0, 1, 3}: at the heal p2 held p1's reveal of turn 4 and p1's vote on "
        "it (reveal of turn 4) but not p0's move; it judged the vote lone (p1 leaving), decided the majority's vote "
        "on itself with p3 alone, refused it and played on alone into an offence naming honest p1 (HAND).  Now a "
        "vote whose claim is this turn's reveal is not judged while this peer lacks the move", None, fixed=True),
    "a_vote_on_a_crashed_seat_judged_lone_on_a_restarted_clock": Case(
        14310, "partition", "c",
        "5 seats, crash p1, partition {2} | {0, 1, 3, 4}: p0 declared p1 for its declaration on p2 and voted; p4 "
        "judged that vote lone (p0 leaving) 0.9 s after p2's late move had turned p1's declaration into a reveal and "
        "restarted p1's clock, then judged p3's vote too; p0 and p3 voted honest p4 out.  Now a peer judges a vote "
        "on another seat only once that seat sent it a message past the voter's absent on it", None, fixed=True),
    # found by s18q's sweep SNOWP2P_SIM_FIRST=12000 SNOWP2P_SIM_RUNS=800 (fails on main f6385fc, 4286bde, 89de4b2); was
    # OPEN, traced by s18s; fixed on branch s18w (traced)
    "a_relayed_reveal_drawn_while_the_vote_is_open_outruns_the_decision": Case(
        12343, "never-votes", "c",
        "5 seats, never-votes p2, p4 crashed 6 s: p0, p1, p3 voted p4 out at count 4; p0 drew turn 2 with p4's reveal "
        "#4 relayed by p2, then the decision (p2 voted out) took p4 over at count 4: p1, p3 named honest p0.  Now a "
        "reveal at or past the highest count of the votes held waits while the owner's vote is open and not judged "
        "lone (AbsenceRules._counted_reveal; test_absent_open_vote_reveal.py); with it seed 413 needed a voter's "
        "'vote' clock that a brief 'blocked' window does not restart (AbsenceWatch._start; test_watch_vote_clock.py)",
        None, fixed=True),
    "a_voters_vote_clock_restarted_by_one_tick_in_a_blocked_window": Case(
        413, "never-votes", "c",
        "with seed 12343's rule alone: p0 (never-votes) owed p2 no vote for 0.2 s (blocked: p4 owed the relay of p1's "
        "messages its vote counts); p2's tick fell in that window and restarted its clock on p0, p3's did not: p3, p4 "
        "declared p0 at 16.5, then honest p2 for its 'declare', and voted it out.  Fixed: the same 'vote' obligation "
        "seen again keeps its first clock (AbsenceWatch._start)", None, fixed=True),
    # found by s18w's sweep SNOWP2P_SIM_FIRST=4000 SNOWP2P_SIM_RUNS=800 (1 of 800 failed; fails on main 89de4b2 alike),
    # fixed on branch s18w (traced)
    "a_refused_voters_claimed_message_after_a_dropped_vote_leaves_a_gap": Case(
        4592, "trickle", "c",
        "4 seats, trickle p0, never-declares p2, p1 crashed 6 s: p3 voted p2, p1, then p0 out; p1 refused p3's vote on "
        "it (refused_from p3 = 12), dropped p3's vote #12 (on p0) straight, then took p3's reveal #13 straight on p0's "
        "count (claims._claimed) and halted on a gap naming honest p3 (p2 alike).  Now a claimed straight message is "
        "taken only as the next one of the chain held (claims._claimed; test_absent_claimed_copy.py)", None, fixed=True),
    # found by s18z's acceptance sweep 6400-7199 (fails on main 89de4b2 and back to d67cd8e); passes once s18z's
    # lone-vote rules and s19b's pause clock are merged (main 42386e4; not traced which one fixes it)
    "a_partitioned_seat_declared_for_a_move_it_never_got_is_not_voted_out_by_its_verdict": Case(
        7109, "never-declares", "c",
        "(c) never-declares p2, partition {0} | {1, 2} (3 seats, Snow Tails): p1 declared p0 (reveal of turn 4, "
           "whose move never reached p0) and then p2 for the declaration it never gave; p1 voted p2 out alone, counting "
           "p0 away by its own absent (_declared_away).  p0, back, held that decision for its verdict (away_held): its "
           "clock said it was answering (it never held the move it was declared for), so it treated honest p1 as "
           "leaving (settle_away), and p0 and never-declaring p2 voted p1 out.  The lie-away verdict can not tell a "
           "partition from a liar here: the claim names a reveal of a move this seat got only after the claim"
        "  Passes with s18z's and s19b's rules merged (main 42386e4; not traced)", None, fixed=True),
    "a_restarted_voter_decides_a_returned_seat_alone_4_seats": Case(
        13551, "never-votes", "a",
        "never-votes p0, partition {2} | {0, 1, 3}, p1 crashed 8 s (4 seats, Snake Carnival): restarted p1 decided p2 "
        "with voters {p1, p3} at its own move while p0 and p3 used p2's reveal: a desync naming nobody (s18z, OPEN).  "
        "Passes on s19a merged with main 622c65e (s19a's and s19b's rules; not traced which)", None, fixed=True),
    "a_heal_batch_brings_a_lone_voters_move_before_its_vote_completes": Case(
        6780, "partition", "c",
        "partition {1} | {0, 2}, p2 crashed 8 s (3 seats, Mush! Mush!): at the heal p0 took cut-off p1's move made in "
        "a game without p0 before p1's vote on it completed: HAND offence naming honest p1 (s18z, OPEN).  Passes on "
        "s19a merged with main 622c65e (likely s19a's _frozen rule: nothing straight from a contested voter past its "
        "vote on this seat; not traced)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 14400-19199 on main 7bf99de (4800 runs, 1 failed); was OPEN, traced
    # and fixed on branch s20d
    "a_majoritys_vote_judged_lone_by_its_seat_takes_effect_at_two_turns": Case(
        15817, "never-votes", "a",
        "never-votes p1, partition {2} | {0, 1, 3}, a cut (3, 0) (4 seats, Snake Carnival): p0 and p3 voted p2 out at "
        "count 3; back, p2 judged each vote lone as it came (absent{p0, left}, absent{p3, left}), so both drew turns "
        "with p2's reveals past the count (seed 10727's exception) while never-voting p1 kept the vote open; it "
        "completed whenever p1 happened to owe a reveal: on p3 at its own move of turn 4, on p0 (which held p1's "
        "reveal before p3's move) at its move of turn 5: a desync naming nobody.  Traced by s20d; its rule (only a "
        "third seat's verdict releases them) fixed it and 21955 but froze 22615, and was taken back (a 'not "
        "lone here' condition instead broke 13551: it depends on arrival order too).  Fixed by s22e's rule of lie-away "
        "seed 20410: the voted seat's own verdict releases nothing while another voter's vote on it is held "
        "(verdicts._vote_judged_lone; a third seat's verdict still does)", None, fixed=True),
    "a_reveal_held_back_for_a_decision_is_declared_missing": Case(
        20078, "lies-count", "b",
        "found by s20d's sweep 19200-20799 with its 15817 rule (since taken back; passes on main 9dedb77): lies-count p2, p0 frozen "
        "9 s, cuts: p1's vote on p2 was open, p2's reveal of turn 5 held back for it (p2's own verdict no longer "
        "releases it), and p1 declared p2 absent for that reveal at a count covering it: the claim refuted itself, "
        "honest p0 treated p1 as leaving, and p1 never ended.  Now no absent is signed for a reveal held "
        "(AbsenceRules.declare_absent; test_absent_held_reveal_not_declared.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 20800-23999 on main 9dedb77 (3200 runs, 3 failed: 21761, 22350 OPEN)
    "a_never_voter_and_cuts_vote_out_an_honest_seat_5_seats": Case(
        21955, "never-votes", "c",
        "never-votes p1, partition {3} | {0, 1, 2, 4}, cuts (4, 2), (3, 0), (0, 1) (5 seats, Snow Tails): p0 and p2 "
        "voted out honest p4, cut off from p2, while p4 took every other seat over alone.  Passed with s20d's rule of "
        "seed 15817 (only a third seat's verdict releases a voter's reveals past its open vote), taken back for 22615; "
        "not traced further.  Passes with s22e's rule of lie-away seed 20410 (verdicts._vote_judged_lone)", None,
        fixed=True),
    "the_seat_voted_on_judges_a_lone_vote_no_third_seat_can": Case(
        22615, "never-declares", "b",
        "found by the lead's sweep 19200-23999 with s20d's rule of seed 15817 (passes on main 9dedb77): 3 seats, p0 "
        "crashed 6 s; p2 voted never-declaring p1 out alone at count 12, p1 refused (absent{p2, left}); p0, just "
        "resumed, never judged the vote and never voted; with only a third seat's verdict releasing p1's reveals past "
        "the count, p2 held them back for a decision that never came, stopped after 31 s, and p0 voted it out.  The "
        "rule was taken back: the seat voted on's own verdict releases them too (verdicts._vote_judged_lone)", None,
        fixed=True),
    # found by the lead's sweep 20800-23999 on main 9dedb77 (was OPEN); traced and fixed on branch s21d
    "a_relay_dropped_behind_a_reopened_decision_is_never_sent_again": Case(
        22350, "trickle", "c",
        "trickle p4 (absents), p0 crashed 7 s (5 seats, Mush! Mush!): p1, p2, p3 decided p4 at count 10 without "
        "crashed p0; back, p0 relayed p4's #10 to p3, which dropped it past that decision's count (_frozen); p0's move "
        "reopened the decision, p0 voted at 11, p3's own vote froze p4's straight copies, and p0 never relayed #10 "
        "again (once per connection), even when p3 declared it absent for that relay: p3 waited, declared the others "
        "and was voted out as a liar.  Now an absent{owed: relay} is answered with every message the asker's claims "
        "say it lacks, whatever was sent before (AbsenceRules._answer_relay; test_absent_relay_again.py)", None,
        fixed=True),
    # found by the lead's sweep of never-swept seeds 20800-23999 on main 9dedb77 (was OPEN); traced and fixed on s21c
    "a_vote_from_across_a_cut_joined_at_once_counts_a_third_seat_away": Case(
        21761, "relink-storm", "c",
        "relink-storm p1, partition {0} | {1, 2, 3}, a cut (0, 3) (4 seats, Snow Tails): at the heal p3 joined cut-off "
        "p0's vote on p1 at once (on its claim that p1 owed a declaration on p0), a vote p1 contested (it had declared "
        "p0 across the cut); the decision {p0, p3} counted p2 away on p0's old absent for a reveal of p0's move and "
        "took p1 over at once on p3, while p2, never away on its own peer, took p1's reveal: p3 named honest p2 in a "
        "desync at turn 7.  Fixed: on a declaration claim, a contested vote counting less of the seat than that claim "
        "is not joined at once (verdicts._contested_join; tests/absent/test_absent_across_join.py)", None, fixed=True),
    # found by the lead's sweep of 19200-23999 on the merge of this session's branches (6b9912d; 4800 runs, 2 failed:
    # 21955 and this); passes on main a0d5ca3 and without s21e's rule of lie-away seed 10030, which was taken back
    "dropping_a_taken_over_seats_checked_move_parts_two_peers": Case(
        22901, "never-votes", "a",
        "never-votes p2, p0 crashed 8 s, a cut (2, 0) (3 seats, Mush! Mush!): with s21e's rule (a seat taken over has "
        "its unapplied move of the next turn dropped, checked or not: absence._take_over) p1 stopped on a desync at "
        "turn 3 naming nobody.  The rule was taken back (10030, its seed, passes with s21c's rule of lie-away 8526); "
        "not traced further", None, fixed=True),
    # found by a sweep of main e3e8160's hostile strategies; traced and fixed on s22c
    "a_vote_claim_joins_the_cut_off_seats_vote_at_once": Case(
        27030, "vote-after-end", "c",
        "partition {2} | {0, 1} (3 seats, Mush! Mush!): cut-off p2 voted p0 and p1 out; at the heal p0 froze p2's vote "
        "on p1 (past p2's contested vote on p0), so p1's vote on p2 counted one more message than p0 held and p0's vote "
        "waited for that relay; p1 declared p0 for its vote and joined p2's vote on p0 at once: honest p0 decided by p1 "
        "and p2.  Fixed: on a vote claim too (as on a declaration claim), a contested vote counting less of the seat "
        "than that claim is not joined at once (verdicts._contested_join; tests/absent/test_absent_across_join.py)",
        None, fixed=True),
    # found by the lead's sweep with the main strategies on main e3e8160; traced and fixed on branch s22d
    "a_vote_joined_on_a_paid_claim_for_an_older_obligation": Case(
        28194, "relink-storm", "c",
        "relink-storm p3, partition {1} | {0, 2, 3, 4} (5 seats, Snow Tails): p4 declared p3 for a reveal the storm "
        "held back, got it, then joined cut-off p1's vote on p3 for an older reveal p4 held before its claim; p4 "
        "decided p3 alone at its own move, and p3, p0, p2 voted honest p4 out.  Fixed: no vote is joined at once whose "
        "claim this peer's own claim saw paid (verdicts._paid_before; tests/absent/test_absent_join_behind.py)",
        None, fixed=True),
    # found by the lead's sweep of main e3e8160 (main strategies); traced and fixed on s22g
    "two_votes_from_two_sides_of_a_cut_taken_for_a_majority": Case(
        32735, "vote-present", "c",
        "vote-present p2 (end), partition {1} | {0, 2} (3 seats, Mush! Mush!): p0, waiting on cut-off p1 after p2's vote "
        "on it, took p1's vote for a second one (p1's vote on p2, past it, was frozen off p0) and accepted; p1 and p2 had "
        "declared each other across the cut, so their votes are each one seat's word and p0 refuses "
        "(verdicts.votes_on_owner, _declared_across; tests/absent/test_absent_across_votes.py)", None, fixed=True),
    "a_vote_joined_at_once_on_a_reveal_of_a_move_the_seat_never_got": Case(
        32487, "never-declares", "c",
        "never-declares p2, p1 frozen, a partition {1} | {0, 2} (3 seats, Snake Carnival): p0 voted p2 out for not "
        "declaring p1, p2 refused and voted on p0; at the heal p1 joined p2's vote at once on its claim that p0 owed the "
        "reveal of p1's move (which p0 never got), and answering p0 was voted out by two; now a vote of a seat that "
        "refused the voted seat's vote on it is not joined at once on a claim of the reveal of a move the voted seat says "
        "it lacks (verdicts._joinable: _refused_by the other way and _lacks_my_move; "
        "tests/absent/test_absent_join_refuser.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 36800-39999 on main 0a49421 (issue 18, session 10: 1 of 3200)
    "an_overdue_voter_whose_absent_went_stale_is_declared_again": Case(
        38434, "never-votes", "b",
        "never-votes p0, partition {2} | {0, 1} (3 seats, Snake Carnival): p2 declared p0 for a relay, then p0 owed its "
        "vote on leaving p1 at the same count, so the watch's declaration signed nothing; p0's next absent made p2's "
        "claim stale and p2 waited on p1 (gone) for ever.  Now a seat still past the same obligation's limit whose "
        "absent here no longer holds is declared again at its new count (AbsenceWatch._clock; "
        "tests/absent/test_watch_declare_again.py)", None, fixed=True),
    # found by sweeps of never-swept seeds on main e3e8160 (issue 18, session 9: 28800-31999 by the lead, 32000-33599
    # by s22c) and of 35200-36799 on the session's final merge (each fails on e3e8160 too); not traced yet: OPEN
    "a_never_declarer_and_a_trickler_with_a_resumed_seat_vote_out_an_honest_seat": Case(
        30808, "never-declares", "c",
        "never-declares p3, trickle p4, partition {2} | rest, p1 crashed 9 s, a cut (1, 3) (5 seats, Mush! Mush!): p0 "
        "voted p3 out for not declaring crashed p1; resumed p1, to which p3 answered through relays, judged that vote "
        "lone and voted honest p0 out (lone_votes skipped a claim on this very seat only when it accepted a decision); "
        "now also when its shell came back at exactly the count the voter's absent on it names (came_back_at), and a "
        "refuser's vote on such a voter is not joined at once (verdicts._away_by_word, _failed_me; "
        "tests/absent/test_absent_came_back.py); it passes with seed 35598's rule alone too (s23b)", None, fixed=True),
    "a_late_voter_a_never_voter_and_cuts_vote_out_an_honest_seat": Case(
        32541, "vote-after-end", "c",
        "vote-after-end p1, never-votes p3, p2 frozen, partition and cuts (5 seats, Mush! Mush!): p4's claim that p0 "
        "owed a declaration on p3 also named p2, which p0 had declared and voted on within p4's count; after p0 declared "
        "p3 it stayed current through p2, and p4 and p1 voted honest p0 out; now a named seat whose absent by p0 still "
        "holds is paid (claims._paid; tests/absent/test_absent_declare_claim.py)", None, fixed=True),
    "a_trickler_and_cuts_vote_out_an_honest_seat": Case(
        35598, "trickle", "c",
        "trickle p2, partition {0} | rest, cuts around p0 (5 seats, Snow Tails): honest p1 voted out: p0, cut off alone, "
        "voted every seat out, finished and said bye; p3 and p4 took its votes first, refused and treated p0 as leaving, "
        "p1 took the bye first and judged p0's vote on p1 by nobody (a seat that said bye votes on nobody), never "
        "declared p0, and was voted out for that declaration (the seat voted on judges a lone vote on itself whatever "
        "bye its voter said since: verdicts._bye_voter; tests/absent/test_absent_bye_voter_lone.py)", None, fixed=True),
    "a_vote_on_a_present_seat_keeps_its_seat": Case(
        35754, "vote-present", "e",
        "vote-present p0 (end), never-declares p2, p3 crashed 1.5 s, cuts (5 seats, Mush! Mush!): on p1, p0 voted "
        "against a present seat and kept its seat (G10): leaving p0 played on, and never-declaring p2's clock for its "
        "declaration on p0 restarted at every turn and whenever p2 owed its own reveal or move, so p2 was never "
        "declared and the vote on p0 never came (the watch keeps a voter's declaration clock from when it was first "
        "owed until paid, and its pause, across turns: AbsenceWatch._declarations, _ident; "
        "tests/absent/test_watch_declare_clock.py)", None, fixed=True),
    # found by s23a's fresh sweep 40000-41599 on its branch (fails on main 0a49421 too)
    "a_vote_on_a_present_seat_keeps_its_seat_4_seats": Case(
        41396, "vote-present", "e",
        "vote-present p0, never-declares p2, cuts (4 seats, Snow Tails): on p3, p0 voted against a present seat and kept "
        "its seat (G10): p1's clock on p2's declaration on p0 restarted when p2 owed a relay of p3's move (cut 3-1), and "
        "once p2 was declared, the pause on it restarted whenever it owed its reveal or move; no vote on p2 came before "
        "the end (the declaration clock goes on across a relay owed meanwhile, and the pause on a voter declared for its "
        "declaration across its own messages and relays owed meanwhile: AbsenceWatch._declarations, _interlude; "
        "tests/absent/test_watch_declare_clock.py)", None, fixed=True),
    # found by s24a's fresh sweep 46400-47999 (issue 18, session 11; fails on main f82e102)
    "a_vote_for_a_relay_lapsed_by_the_seats_return_judged_lone": Case(
        47081, "lies-count", "c",
        "lies-count p1 (claimed 14 of frozen p0's messages, which had signed 9), p0 frozen 5.9-13.9 s, cut 0-2 (4 seats, "
        "Snow Tails): p2 and p3 declared p1 for the relay; p0 came back to p3 (not to cut-off p2), so p1 owed p3 nothing; "
        "p2 voted p1 out, and p0, p1, p3 judged the vote lone and voted honest p2 out with the liar; now a vote for a "
        "relay is not judged lone while the voted seat still claims more than this peer holds (verdicts._claims_unheld; "
        "tests/absent/test_absent_relay_lapsed_lone.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 44800-46399 on the session's final merge (1 of 1600; fails on main
    # 0a49421 too); fixed by s24a
    "a_vote_cast_in_this_peers_own_pause_judged_lone": Case(
        45363, "crash", "c",
        "crash p3, partition {1} | rest, p1 crashed 0.3 s, cuts (4 seats, Mush! Mush!): p0 and p2 declared p1 for its "
        "declaration on crashed p3 (p1 was cut off, then resumed), p2 voted on p1 at 17.0 inside p0's own pause on it; "
        "p1 declared p3 at 18.25, and p0 (and p1) then judged p2's vote lone, as a vote on an answering seat, and voted "
        "honest p2 out: p0 had not joined at once as p2's claim named p0 (_names_me), though it named p3 too, as p0's "
        "own claim did; now a claim naming a seat this peer's own claim names is joined (verdicts._names_me; "
        "tests/absent/test_absent_join_shared_claim.py): crashed p1 is voted out", None, fixed=True),
    # found on main f82e102 (issue 18, session 11); traced and fixed by s24j
    "a_lone_vote_on_this_seat_lapsed_by_its_vote_on_another": Case(
        47603, "vote-present", "c",
        "vote-present p2 (bot), p0 crashed 1.56 s (3 seats, Snow Tails): p2 voted answering p1 out alone, p1 judged "
        "it lone and held p2 leaving; p1 then voted on crashed p0, which p2 had voted on too, and _lapse_lone dropped "
        "its verdict on p2 (a verdict on p2's vote on p1 itself), so p2's vote decided honest p1 out.  Fixed: the "
        "verdict lapses only on a vote of the seat's held when this peer signed its absent{V, left} "
        "(verdicts._lapse_lone; tests/absent/test_absent_lone_verdict_own_seat.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 54400-57599 on main 01bdae3 (issue 18, session 12: 2 of 3200)
    "an_old_relay_claim_joins_a_vote_on_a_present_seat": Case(
        54774, "vote-present", "a",
        "omit p0, vote-present p1, p2 cut off alone 1.8-4.7 s (4 seats, Snow Tails): p2 declared p3 for a relay that p1 "
        "brought; at turn 5, while p3's move was on its way, p2 joined vote-present p1's vote on p3 at once on that old "
        "claim (p3 owed its move, so the relay looked unpaid), and p0+p3 and p1+p2 voted each other out: two results.  "
        "Fixed: a relay claim is paid for good once the seat owed nothing and every message its claims count is held "
        "(claims._note_relays_paid; tests/absent/test_absent_relay_paid_for_good.py)", None, fixed=True),
    "a_decision_reopened_on_one_peer_for_a_seat_two_voters_counted_away": Case(
        57202, "dead-connected", "c",
        "dead-connected p1, p3 crashed 3.2-9.2 s (5 seats, Mush! Mush!): p0, p2, p4 declared p3, then p1 for its "
        "declaration, and voted p1 out; p0 decided before p3's reveal came and reopened the decision when it did "
        "(_reopen_if_back: p3 back, not voted), p2 and p4 decided after it and took p1 over; p0 waited for p3's vote and "
        "was voted out for its reveal.  Fixed: a seat counted away on signed absents (_declared_away) is back past the "
        "count they name, however many voters (absence._away_counts; tests/absent/test_absent_reopen_majority.py)",
        None, fixed=True),
    # found by the lead's sweep of never-swept seeds 64000-68799 on main e26778b (issue 18, session 13: 1 of 4800)
    "a_vote_clock_running_on_from_an_older_pause": Case(
        66255, "dead-connected", "c",
        "dead-connected p3, p0 frozen 4.5-10.5 s (4 seats, Mush! Mush!): p1 and p2 paused on p3 for not declaring p0; "
        "p0 came back, so did p3 (it owed nothing), then p3 owed its reveal; the voters' vote clocks on p3 ran on from "
        "the first pause, so p1 and p2 declared each other for votes not yet due, and p1's vote on p2 reached p0 just "
        "after p2's vote on p3: p0 and p2 voted honest p1 out.  Fixed: a vote is owed no earlier than the seat voted on "
        "is overdue here for what it owes now (AbsenceWatch._overdue_at; tests/absent/test_watch_vote_after_overdue.py)",
        None, fixed=True),
    # found by s26d's sweep of never-swept seeds 68800-75199 on main e26778b (1 of 6400); fixed by seed 66255's rule
    "a_vote_clock_from_an_older_pause_votes_out_an_honest_voter_5_seats": Case(
        73106, "crash", "c",
        "crash p0 at 5.4 s, p3 crashed 3.1-11.1 s, cuts (5 seats, Mush! Mush!): p1, p2, p4 paused on p0 at 7.75 for "
        "not declaring p3; p3 came back (p0 back at 11.5), then p0 owed its reveal of turn 4 (11.6); the voters' vote "
        "clocks on p0 ran on from the first pause, p1 declared p2 (13.75), p2 and p4 declared p1 (14.0) for votes not "
        "yet due, and p3 and p4 held p1 leaving and voted it out: seed 66255's cause.  Fixed by its rule: a vote is "
        "owed no earlier than the seat voted on is overdue for what it owes now (AbsenceWatch._overdue_at)", None,
        fixed=True),
    # found by s26d's sweep of never-swept seeds 75200-81599 on main e26778b with l26's _overdue_at rule (2 of 6400;
    # both fail on e26778b too); traced, not fixed
    "a_vote_frozen_off_a_refusal_declares_a_voter_that_holds_it": Case(
        79138, "never-declares", "c",
        "never-declares p0, p2 crashed 3.6-11.6 s (3 seats, Mush!): p1 voted p0 out alone for not declaring p2 (12.0), "
        "p2's return reopened it; p0 refused (absent{p1, left}, reveal #7), which p1, frozen off p0's straight messages "
        "past its vote's count 6 (_frozen: my_votes), never took, and nobody relayed; p2, holding them, owed p1 a "
        "declaration on p0 it never saw owed, p1 voted p2 out alone (deciding p0 and p2), p2 judged that lone and with "
        "p0 voted honest p1 out: two results.  Tried (s26d): answering an absent{owed: declare} about this seat with "
        "_answer_relay (as for 'relay') fixes it but breaks seed 8568, the same shape.  Fixed (s28a): a voter takes the "
        "refusal of its vote straight from the seat it voted on (claims._refusal_of_my_vote)", None, fixed=True),
    "a_lone_vote_judged_on_a_return_that_raced_it_votes_out_its_judge": Case(
        81020, "trickle", "c",
        "trickle p1, vote-after-end p0, p3 crashed 3.4-11.4 s, cuts (4 seats, Mush!): p0 and p2 declared p1 for not "
        "declaring p3; p3's first message after its return reached p2 just before p0's vote on p1 (12.0, counting p3 "
        "away), so p2 judged it lone, held p0 leaving and declared resumed p3 for not declaring p0, voting p3 out "
        "alone (18.5); p3 and p0 judged that vote lone and voted honest p2 out (p2: p0, p1, p3 out): two results"
        ".  Fixed: a vote for a declaration held < RACE after the seat it was about came back, on a claim this peer "
        "made too, is no lone vote (AbsenceWatch._raced; tests/absent/test_watch_vote_raced_return.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 88000-91199 on main c7b3d68 (1 of 3200; fails on e26778b too)
    "a_vote_on_a_present_seat_kept_its_seat_snake_4": Case(
        90951, "vote-present", "e",
        "vote-present p2 (end, on p0 at 8.8 s), never-declares p3, p1 crashed soon after 7.8 s, cuts (4 seats, Snake "
        "Carnival): every peer ends the game with the same places, but p2, which voted against present p0, kept its "
        "seat (G10: it should be treated as leaving).  Traced (s27c): p0 refused at 9.25 and every peer held p2 "
        "leaving, but p3 (never-declares) is a voter on p2 and never declared it; p0's pause on p3 for its declaration "
        "restarted whenever the seat p3 owed a declaration about changed (owed() takes the lowest seat; _ident keys "
        "on it: p2, then crashed p1, then p2), so p3 was never voted out and the game ended with p2 seated.  Tried: "
        "ordering by this peer's first declaration (fixes it, breaks lie-away 38443).  Fixed (two parts): the "
        "voter's clock and the pause on it run from its oldest unpaid declaration (AbsenceWatch._declare_since; "
        "tests/absent/test_watch_declare_oldest.py): p0 voted p3 out at 16.5, 4 s after declaring it; and the "
        "invariant's bound on the vote-present seat allows one more absence and vote per other failing seat (G7's "
        "bound per silent seat): crashed p1, a voter on p2, came back at 17 and the turn ended the game at 18.3 "
        "before the vote on p2 could gather", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 97600-100799 on main b025a24 (1 of 3200)
    "a_voter_counted_for_nothing_until_its_vote_came_splits_the_count": Case(
        97776, "vote-present", "a",
        "two vote-present seats (4 seats, Mush!): p0, p1 and p3 voted on leaving p2; p3's vote on p1 reached p0 just "
        "before its vote on p2, so p0 counted p3 for nothing (_voted_on_voter, seed 1482) and took p2 over at count "
        "11 (turn 7); p1, holding both, counted p3's vote (held) and took p2 over at 12 (turn 8); the honest seats "
        "voted each other out.  Fixed: the rule is gone, a voter that voted on another voter is waited for and "
        "counted (tests/absent/test_absent_voted_on_voter.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 104000-107199 on l27x (1 of 3200; fails on main b025a24 too)
    "a_vote_clock_that_ran_on_across_a_broken_pause": Case(
        106702, "relink-storm", "c",
        "relink-storm p1, p0 crashed 11.4-19.4 s (4 seats, Snow Tails): p3 held p2 to its vote on p0 from the pause at "
        "14.0; the pause broke when p1's reveal came (p1, a voter again, owed its declaration) and held again at 17.5; "
        "p3 declared p2 for its vote at 20.0, 1 s before p2's own clock made it due, voted it out alone; p2 refused "
        "and the others voted honest p3 out.  Fixed: a vote is owed no earlier than this peer's own pause on the seat "
        "started (AbsenceWatch tick; tests/absent/test_watch_vote_after_pause.py)", None, fixed=True),
    # found by s27a's sweep of never-swept seeds 91200-94399 on main b025a24 (2 of 3200); traced briefly, not fixed
    "a_lone_vote_raced_by_a_return_votes_out_its_voter_4_seats": Case(
        92595, "never-declares", "c",
        "never-declares p1, p3 crashed 7.7-14.4 s, cut 0-1 (4 seats, Mush!): p0 voted p1 out at 15.0 for not declaring "
        "p3, just before p3's first message after its return (reveal #9) reached it; p1 refused, p2 (p3 back at 14.9) "
        "and p3 judged the vote lone and, with p1, voted honest p0 out: seed 81020's shape"
        ".  Fixed: a vote for a declaration held < RACE after the seat it was about came back, on a claim this peer "
        "made too, is no lone vote (AbsenceWatch._raced; tests/absent/test_watch_vote_raced_return.py)", None, fixed=True),
    "a_vote_frozen_off_a_refusal_never_ends_4_seats": Case(
        93010, "never-declares", "b",
        "trickle p1, never-declares p3, p0 crashed 4.9-12.9 s (4 seats, Mush!): p2 voted p3 out alone (14.25) for not "
        "declaring, p0's return reopened it; p3 refused (absent{p2, left} #9, 15.5), which p2 dropped straight "
        "(_frozen: my_votes) and p0's relay of it later too (20.9); p2 voted p1, p3, p0 out, p0 and p3 voted honest p2 "
        "out and p0 never ended: seed 79138's shape (s27a's relay of the refusal does not fix it).  With 79138's rule "
        "p2 took the refusal, but p0 still counted p1 (back, came_back) a voter on p3 after voting p1 out: p1 never "
        "declared p3 and p3 was never voted on, while p2 (counting p3 away: its own vote) decided p1.  Fixed (s29a): a "
        "seat this peer voted on is away for its other votes even when it came back (claims._voted_on_by_owner; "
        "tests/absent/test_absent_refused_voter_claims.py)", None, fixed=True),
    # found by the lead's sweeps of never-swept seeds 100800-103999 (b025a24), 107200-110399 (l27x), 110400-112799
    # (cdbd0c9): one each; not traced beyond the summary lines, all fail on b025a24 too
    "a_refused_lone_voter_declares_a_seat_for_a_declaration_it_never_saw_owed_snowtails": Case(
        102482, "never-declares", "c",
        "never-declares p0, p2 frozen 11.4-19.4 s (3 seats, Snow Tails): p1 voted p0 out alone (20.0), p0 refused "
        "(20.5); p1 declared p2 for a declaration on p0, voted it out alone (26.25); p2 judged that lone and with p0 "
        "voted honest p1 out: seed 79138's shape; fixed by its rule", None, fixed=True),
    "a_refused_lone_voter_is_voted_out_by_the_refuser_and_the_never_declarer": Case(
        109327, "never-declares", "c",
        "never-declares p2, p1 crashed 6.7-12.7 s (3 seats, Snow Tails): p0 voted p2 out alone (12.75), p2 refused; "
        "p0 declared resumed p1 for a declaration, voted it out alone (18.75); p1 refused and with p2 voted honest p0 "
        "out: seed 79138's shape.  Traced (s29a): p0's vote alone had decided p2 (p1 away), so 79138's rule did not "
        "reach it: p0 dropped the refusal straight and relayed (_frozen: decided), then p2's reveal #10 before the "
        "decision was reopened, and declared p2 for it.  Fixed: the refusal of a lone decision is taken too, and the "
        "refused lone decision freezes nothing (claims._refusal_of_my_vote, _lone_refused; "
        "tests/absent/test_absent_refused_lone_decision.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 113600-115199 on main bdcb38e (1 of 1600; fails on 7481409 too)
    "a_return_that_raced_a_vote_makes_its_voter_leaving_snake_4": Case(
        114385, "trickle", "c",
        "trickle p3, p1 crashed 8.8-14.8 s (4 seats, Snake Carnival): p0 voted p3 out (15.25) for not declaring p1; "
        "p1's first message after its return (reveal #8) reached p2 at 14.95, just before that vote, so p2 judged it "
        "lone and held p0 leaving (15.5); p2 then voted p1, p3 and p0 out while p0 and p1 voted honest p2 out: seed "
        "81020's shape"
        ".  Fixed: a vote for a declaration held < RACE after the seat it was about came back, on a claim this peer "
        "made too, is no lone vote (AbsenceWatch._raced; tests/absent/test_watch_vote_raced_return.py)", None, fixed=True),
    "a_never_declarer_4_seats_snowtails_111053": Case(
        111053, "never-declares", "c",
        "never-declares p0, p1 crashed 6.3-14.3 s (4 seats, Snow Tails): p2 and p3 declared p0 for not declaring p1; "
        "p1 came back (p2: p0 back at 14.5) and p3's vote on p0, signed before that return reached p3, came at 14.96: "
        "p0 and p2 judged it lone and voted honest p3 out: seed 81020's shape.  Fixed: a vote for a declaration held < "
        "RACE after the seat it was about came back, on a claim this peer made too, is no lone vote "
        "(AbsenceWatch._raced; tests/absent/test_watch_vote_raced_return.py)", None, fixed=True),
    # found by the lead's sweep of never-swept seeds 117600-119199 on main c53ff78 (2 of 1600; both fail on 0e7f397 too)
    "a_seat_voted_out_alone_across_a_cut_votes_on_alone_once_unlinked": Case(
        118712, "crash", "b",
        "crash p0 (5.41), partition {2} | {0, 1} 3.06-14.1 s (3 seats, snake): lone p2 voted p0 and p1 out and "
        "finished; p1 got p2's votes at 12.0 (contesting the one on itself: p2's later messages frozen), then p2 "
        "exited and p1, linked to nobody, held p2's vote on p0 and so never declared p0 (AbsenceWatch._cut_off): it "
        "stopped at 49.5 with no result.  Fixed: a vote of a voter whose lone vote on this peer it contests is no "
        "old vote to complete (Session.contests_vote_on_me; tests/absent/test_watch_cut_off_contested.py)", None,
        fixed=True),
    "an_honest_seat_voted_out_by_the_majority_after_a_partition_5": Case(
        118822, "dead-connected", "c",
        "5 seats, Snow Tails: dead-connected p3 (5.7 s), partition {0} | {1, 2, 3, 4} 3.9-13.8 s: p1 and p2 voted "
        "honest p4 out (bot, count 8, turn 4; p4 'voted out' at 16.1).  Traced (s30b): p1 and p2 declared dead p3 at "
        "10.5 for not declaring partitioned p0; p0's return reached p4 first (10.36), so p4 never saw p3 owe it.  "
        "Silent p3 then owed its move of turn 4, which kept the old absents on p3 current (seed 1468's rule), so p1 "
        "and p2 held p4 to a declaration on p3 on the 3 s absence clock, while p4 judged p3 on its 6 s move clock: "
        "they declared p4 at 13.75 and voted it out.  Fixed: each declaration a voter owes on X is owed no earlier "
        "than X is overdue here for what it owes now (_overdue_at, as for votes), and the voter is held to the first "
        "due (so seed 90951's oldest-unpaid rule holds: s30b's max over the seat named put it off 3 s there; "
        "AbsenceWatch._declare_due; tests/absent/test_watch_declare_overdue.py)", None, fixed=True),
    # found by a sweep of never-run main seeds (fails on 078669c and older code too)
    "a_vote_for_a_reveal_that_raced_its_return_is_no_lone_vote_4": Case(
        132028, "relink-storm", "a",
        "relink-storm p3, partition {2} | {0, 1, 3} 7.1-14.5 s (4 seats, Mush! Mush!): p0, p1 and p3 declared p2 for "
        "its reveal of turn 5; p2's return reached p3 at 14.44 and p0's vote (signed 14.5, before the return reached "
        "p0) came at 14.95: p3 judged it lone, then p1's, held both leaving and voted them out; p2 joined on a lapsed "
        "declaration claim (p3 had signed p0 leaving), p0 and p1 refused and voted p3 out: two results, no seat named "
        "(p3 equivocated in nothing).  Fixed: a vote for a seat's own message held < RACE after that message came "
        "here, on the same claim this peer made, is no lone vote (AbsenceWatch._raced; "
        "tests/absent/test_watch_vote_raced_reveal.py)", None, fixed=True),
    # found by the lead's sweep of never-run main seeds (fails on older code too)
    "a_refused_lone_vote_seconded_leaves_its_voter_on_a_peer_cut_off_meanwhile": Case(
        131585, "vote-present", "c",
        "vote-present p2, p0 frozen 2.6-10.6 s, partition {1} | {0, 2, 3} 5.6-12.6 s (4 seats, Mush): p2 voted "
        "answering p3 out alone (9.75); p3 refused, p0 (back) judged it lone; cut-off p1 still counted p2 a voter on "
        "frozen p0, took p0's reveal and decided p0 at p2's count two turns after p3 (which decided p0 at turn 2 with "
        "p1's vote and its own): p1 took p3 for a seat that voted itself off, and p3 named honest p1 in a desync.  "
        "Fixed: a vote refused by the seat it names and seconded by a third seat makes its voter leaving on a peer "
        "that declared that seat (cut off) and did not vote on it (verdicts._side_with_refusals; "
        "tests/absent/test_absent_seconded_refusal.py)", None, fixed=True),
    # found by the lead's sweep of the main family's crash games with Config.flush (3000-7999); it failed without flush
    # too, and on code as old as 26dbe58
    "a_turn_every_seat_that_never_voted_drew_is_drawn_by_the_voters_too": Case(
        7605, "vote-present", "c",
        "vote-present p4, p0 crashed 3.87-9.87 s, its link to p3 cut three times (5 seats, Mush!): p4 voted on crashed "
        "p0 early, p3 declared p0 for its move of turn 4 and joined at once; p0's move then reached p1 and p2, which "
        "drew the turn and acked it; p3 and p4 each held the move back for its own open vote and waited for the "
        "other's ack, declared p1 and p2 for never declaring p0, voted both honest seats out and parted on a desync "
        "naming nobody.  Fixed: a voter draws a turn once every other present seat that holds no vote on the seat "
        "acked it (verdicts._drawn_by_others; tests/absent/test_absent_open_vote_drawn.py)", None, fixed=True),
    "a_seat_that_holds_the_held_back_move_owes_no_declaration_on_its_mover": Case(
        7605, "vote-present", "c",
        "the same game with flush (crashes deliver what was written): p3 and p4, holding p1's and p2's reveals on p0's "
        "move, declared them for never declaring p0 and voted honest p2 out 2 s later, while the acks that let them "
        "draw the turn were on their way.  Fixed: while this peer holds the move a seat owes but counts it not, a seat "
        "whose signed reveal shows it holds that move too owes no declaration on that seat (AbsenceRules.owed, "
        "verdicts._holds_owed; tests/absent/test_absent_voters_answered.py)", None, fixed=True, flush=True),
    # found by the lead's sweep of never-run main seeds 137200-139999 (fails on 0c9a598 too)
    "an_honest_seat_cut_off_after_sending_its_copies_waits_for_ever": Case(
        138158, "equivocate", "b",
        "equivocate p1, partition {0} | {1, 2} 7.07-20.1 s (3 seats, Snake Carnival): p1's two moves with one seq made "
        "the acks of turn 5 differ; p0 sent its copies of p1's messages, and p2 stopped on the proof they gave and left "
        "before the partition healed; p0 never got a copy back, and the seats whose acks differed were owed their "
        "copies only once a later message made p0 look at the turn again: it waited on nobody, ran no clock and never "
        "ended.  Fixed: every seat whose ack differs owes its copies (like a relay) from the moment this peer sends "
        "its own (Session._agree, awaiting_copies)", None, fixed=True),
    # found by the lead's sweep of never-run main seeds 148000-151999 (fails on 0f7faa1 too)
    "a_relay_asked_for_brings_the_move_the_askers_reveal_needs": Case(
        148208, "crash", "a",
        "3 seats, Snow Tails: the link p2-p0 dropped as p0 moved (turn 8): the move reached p1 only; p0 then crashed "
        "for good; p1's nudge with the move went out as the link p1-p2 dropped for 0.4 s; p1 declared p2 for its reveal, "
        "p2 declared p1 for the relay of the move, but p2 had no claim on p0 to say what it lacked, so the relay p1 "
        "sent in answer held nothing; p2 voted p1 out for the relay, p1 held p2 leaving, and each finished alone with "
        "its own places.  Fixed: the answer to a relay claim also passes on this turn's messages, as the nudge "
        "(claims._answer_relay)", None, fixed=True),
    # found by the lead's last sweep of never-run main seeds 160000-162999 on ed0cdfb (fails on 0f7faa1 too)
    "a_seat_partitioned_alone_refuses_the_lone_vote_the_storm_seconds": Case(
        162819, "relink-storm", "c",
        "3 seats, Snake Carnival: relink-storming p0, p2 partitioned alone from 5.87 s: p1 and p0 declared p2 for its "
        "reveal; p1 voted at 13.0, 4 s after its pause, before p0 did (its pause started 1.5 s later); p2, cut off, "
        "held the vote on itself as one seat's word and refused it, holding p1 leaving; at 14.25 p2 came back to p0, "
        "whose clock judged p1's vote lone (p2 answered it now): the storming seat and p2 voted honest p1 out.  Fixed: "
        "a seat linked to nobody for absent_after in the last absent_after + vote_after s was not answering, whether "
        "or not it took a seat over meanwhile; it accepts a vote on one seat's word (AbsenceWatch.was_answering)",
        None, fixed=True),
    # found by the sweep of never-run main seeds 163400-165999 on 9a1913b (fails on 7a0777f too)
    "a_raced_vote_judged_lone_at_a_later_return": Case(
        164545, "never-declares", "c",
        "5 seats, Snow Tails: p2 crashed at 8.4 s; p0, p1 and p3 declared never-declaring p4 for its declaration on p2 "
        "and paused; p2's return reached p1 and p3 at 15.0 and p0 only at 16.0, so p0 voted p4 out at 15.25; the "
        "vote raced the return on p1 and p3 (held less than RACE after p4 stopped owing the declaration there).  At "
        "26.5 p4 owed a declaration again and paid it; p1, p2 and p3, timing the race from that later return, judged "
        "p0's vote lone and voted honest p0 out.  Fixed: the race is timed from the last return before the vote was "
        "held (AbsenceWatch.returns keeps every return)", None, fixed=True),
    # found by the sweep of never-run main seeds 166000-168999 on 173ab95 (fails on 7a0777f too); no hostile seat
    "a_vote_behind_a_paid_claim_joined_at_once_splits_the_count": Case(
        166989, "frozen", "c",
        "4 seats, Snake Carnival, no hostile seat: p0 partitioned alone 1.4-8.8 s voted every seat out (p3 for its "
        "reveal of turn 1, at count 2) and finished alone; p3 frozen 3.75-10.75 s; p1 declared p3 for that reveal at "
        "count 3; p3 woke and revealed, and 0.1 s later p0's vote, relayed by p3, reached p1, which joined it at once; "
        "at its next move, the game waiting on p2's reveal (p2 away for that moment), p1 decided p3 on the two votes "
        "at count 5, p2 later at count 7, and p1 halted on a desync naming honest p2.  Fixed: a vote counting fewer of "
        "the seat's messages than this peer's claim, on obligations the seat has paid here since, is not joined at "
        "once (claims._behind_paid; tests/absent/test_absent_join_behind_paid.py)", None, fixed=True),
    # found by the sweep of never-run main seeds 177000-178999 on f3934ad: a defect of the simulator, not the client
    "an_equivocating_seat_that_crashed_on_its_own_strategy": Case(
        178355, "equivocate", "g",
        "4 seats, Snow Tails: equivocate p3's strategy imported _NoDraws from snowp2p.net.cheats, where it no longer "
        "is (issue 20 moved the deck cheats to games/sled/cheats.py), so in Snow Tails and Mush! every equivocating "
        "seat died of an ImportError instead of equivocating: with p0 crashed and p1 gone, p2 waited alone and gave "
        "up with no result.  Fixed: the import; and invariant (g) now fails a run whose hostile strategy fails "
        "(sim_invariants.check), so a broken strategy can not pass for a quiet seat again", None, fixed=True),
    # found by the sweep of main seeds 0-79999 that equivocate in a sled game (run again once 178355 made them real)
    "an_evidence_without_the_forked_copies_pays_nothing": Case(
        79613, "equivocate", "a",
        "3 seats, Snow Tails: equivocating p1 sent its twin move of turn 8 to p0, the original to p2; the acks of "
        "turn 8 differed, and p2 sent its copies of p1's messages and waited for p0's.  p0, a trickle from then on, "
        "withheld them and sent an evidence copying one of its own messages with a far-future seq every 0.5 s: p2 "
        "took the first for p0's copies, found no proof and halted on a desync naming nobody.  Fixed: an evidence "
        "pays a seat's copies only when it holds the message that seat's ack names for the forked seat "
        "(Session.copies_in; tests/absent/test_absent_copies_owed.py)", None, fixed=True),
    # found by the same sweep's seeds 80000-180999 (fails on 32c1135 too; fixed by the same rule)
    "an_honest_seats_copies_in_two_batches_are_waited_for_whole": Case(
        160393, "equivocate", "f",
        "5 seats, Snow Tails, no trickler: equivocating p3's move of turn 4 made the acks differ; p0 sent its "
        "copies of p3's messages in two evidence messages (four frames each, SPEC 11.6), the twin in the second; "
        "p1 decided on the first, found no proof and halted on a desync naming nobody, 0.07 s before the second "
        "came (p0 halted on the proof).  Fixed: a seat's copies are in only once they hold the message its ack "
        "names for the forked seat (Session.copies_in)", None, fixed=True),
    # found by the sweep of never-run main seeds 190000-192999 on 6ef960c (fails on 32c1135 too)
    "a_seat_that_took_a_vote_is_leaving_whatever_it_owes": Case(
        190534, "never-declares", "c",
        "5 seats, Snow Tails, p2 crashed 5.2-13.2 s: p1 and p3 voted never-declaring p4 out for not declaring p2 as "
        "p2 came back; p0, for which p4 then owed nothing, did not vote.  p4 took the vote and said bye{voted out}; "
        "its last reveal reached p0 and p2 alone.  A seat that said bye is leaving only once it owes its own "
        "messages: p0 played on to the next move while p1 and p3 waited on its vote, voted it out for that, and p2 "
        "judged that vote lone and held them leaving: honest p0 and p3 voted out.  OPEN: making a seat that says "
        "bye{voted out} while a vote on it is held leaving at once fixed it, but its earlier votes broke lie-away "
        "155160 and 182564 and, with a lapse exception for those, 135630; reverted"),
    # found by the same sweep (fails on 32c1135 too)
    "a_vote_refusing_a_claim_on_the_voter_is_one_word_against_another": Case(
        190076, "lies-count", "c",
        "4 seats, Snow Tails, count liar p0, relink-storming p1: p0 declared honest p3 absent for a declaration at a "
        "count p3 never reached; p3 held p0 leaving for that claim and voted on it; p2, which had not judged p0's "
        "claim yet, took p3's vote for a lone vote on an answering seat and held p3 leaving, then held p0 leaving "
        "too: the two honest seats voted each other out and their results differ.  Fixed: a lone vote whose voter "
        "holds the claimer leaving for its own claim on the voter is judged on the claimer first, as a refusal of "
        "a vote that counted the voter away was (verdicts._refused_away; "
        "tests/absent/test_absent_refused_claim_vote.py)", None, fixed=True),
    # found by the sweep of never-run main seeds 196000-198999 on f56dc00 (fails on 32c1135 too); OPEN
    "a_partitioned_seats_return_meets_a_relink_storm": Case(
        197254, "relink-storm", "c",
        "4 seats, Snake Carnival, p3 partitioned alone 1.81-9.81 s, relink-storming p2: p0, p1 and p2 voted p3 out, "
        "p3 voted them out on its side; after the heal p2 held p1 leaving (its claim on p3 refuted) and p3 held p0 "
        "and p1 leaving, and p0, with p2's and p3's votes, voted honest p1 out at count 7, while p1 finished alone.  "
        "Not diagnosed further: which side's verdicts a peer back from a partition takes when a hostile seat's "
        "relinks reorder them"),
}

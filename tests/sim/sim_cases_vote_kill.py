"""Named runs of ``scenario_vote_kill(seed)`` (sim_invariants.py): every seat honest, one seat crashed for long and,
once the others are paused on it, a second seat crashed for a short time, its crash falling in the vote (the
fault-injection trial "vote-kill" of tests/resilience/test_fault_injection.py as a simulated game).  test_sim.py
runs that family apart; test_sim_regressions.py runs each case by name."""

from __future__ import annotations

from sim_case import Case

VOTE_KILL: dict[str, Case] = {
    "vote_kill_338_two_counts_of_one_decision": Case(
        338, "crash_on_pause", "a",
        "4 seats, Mush!: p2 crashed 0.88-7.84 s before its reveal of turn 1; p0 and p3 voted it out at count 3; p1 "
        "crashed 5.60-8.54 s between their votes.  Back, p1 took p2's reveal straight (no vote in its log), drew turn "
        "1 with it and voted on p2 at count 5.  p3 held that vote before its own vote on p1 (declared for the vote it "
        "owed) and decided p2 at count 5 with three voters; p0 voted on p1 first, so p1 was away for it on p0 (SPEC "
        "11.9, *What a refusal undoes*, rule 6: p1's later vote is held back behind p0's own), and p0 decided at "
        "count 3 and drew turn 1 without the reveal: p0 stopped on a desync at turn 1 naming nobody.  Found by the "
        "first sweep of this family (0-1999), made after CI stop 43 (fault injection vote-kill seed 2 split a game "
        "of four on a desync).  Fixed: a decision waits to take effect while a seat it left out only behind this "
        "peer's own open vote on it is undecided, and takes that seat's vote in once held with its count "
        "(claims._behind_owner_votes; tests/absent/test_absent_behind_own_vote.py)", None, fixed=True),
}

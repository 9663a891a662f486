"""Named runs of ``scenario_late_return(seed)`` (sim_invariants.py): a seat crashed for long comes back as the game
ends without it, while the others linger or leave (fault injection vote-kill seed 18 as a simulated game).
test_sim.py runs that family apart; test_sim_regressions.py runs each case by name.  The first sweep (seeds 0-299,
before the rule) failed 11 runs, all of one shape; four of them are kept here."""

from __future__ import annotations

from sim_case import Case

_SHAPE = ("came back from a long crash as the others ended; the one it reached last (a lingering seat) handed it "
          "its messages, its vote on the seat back among them, and left.  The seat back declared a seat it had not "
          "heard from since, only to ask the lingering one for a relay (Session.held_elsewhere), got none, voted "
          "that seat out on its own word, then refused the vote on itself and played the game out alone: a second "
          "result (places and final state) beside the others'.  Fixed: a peer that was away votes on a seat only as "
          "a second voice (heard from it since, or a seat it heard from declares it); else it stops with no result "
          "after the give-up bound (AbsenceWatch._second_voice, _unheard)")

LATE_RETURN: dict[str, Case] = {
    "late_return_10_a_second_result_on_its_own_word": Case(
        10, "late return", "a", "3 seats, Snow Tails: p2 crashed 3.75-17.95 s, " + _SHAPE, None, fixed=True),
    "late_return_36_three_seats_voted_out_alone": Case(
        36, "late return", "a", "4 seats, Snake Carnival: p1 crashed 2.01-18.87 s, " + _SHAPE, None, fixed=True),
    "late_return_47": Case(
        47, "late return", "a", "3 seats, Snow Tails: p1 crashed 0.77-17.90 s, " + _SHAPE, None, fixed=True),
    "late_return_52_the_host_back": Case(
        52, "late return", "a", "3 seats, Mush!: the host p0 crashed 1.31-17.15 s, " + _SHAPE, None, fixed=True),
}

"""Every invariant violation the simulator found, as a named test (sim_regressions.py says what each one
is).  Those the code does not fix yet are expected to fail (strict: a fix makes them pass, and the test
then fails until the case is marked fixed)."""

from __future__ import annotations

import pytest
from kit.sessions import session_for

from sim_invariants import run, scenario, scenario_late_return, scenario_vote_kill
from sim_regressions import LATE_RETURN, LIE_AWAY, OPEN, REGRESSIONS, VOTE_KILL


def _param(name, case):
    marks = () if case.fixed else (pytest.mark.xfail(strict=True, reason=f"({case.invariant}) {case.diagnosis}"),)
    return pytest.param(name, case, id=name, marks=marks)


@pytest.mark.parametrize("name,case", [_param(n, c) for n, c in REGRESSIONS.items()])
def test_simulated_regression(name, case):
    sc = scenario(case.seed, flush=case.flush)
    drawn = {s.name for s in [*sc.strategies.values(), *sc.faulty.values()]} | {k for _, k, _ in sc.events}
    assert case.strategy in drawn, f"seed {case.seed} no longer draws a {case.strategy} seat: {sc.describe()}"
    o = run(sc)
    assert not o.violations, o.report()


@pytest.mark.parametrize("name,case", [_param(n, c) for n, c in LIE_AWAY.items()])
def test_simulated_lie_away_regression(name, case):
    """Runs with a "lie-away" seat (sim_regressions.LIE_AWAY; test_sim.py runs that strategy apart)."""
    o = run(scenario(case.seed, hostile=["lie-away"]))
    assert not o.violations, o.report()


@pytest.mark.parametrize("name,case", [_param(n, c) for n, c in VOTE_KILL.items()])
def test_simulated_vote_kill_regression(name, case):
    """Runs with a second crash during a vote (sim_regressions.VOTE_KILL; test_sim.py runs that family apart)."""
    o = run(scenario_vote_kill(case.seed, paced="paced" in case.strategy, flush="flush" in case.strategy))
    assert not o.violations, o.report()


@pytest.mark.parametrize("name,case", [_param(n, c) for n, c in LATE_RETURN.items()])
def test_simulated_late_return_regression(name, case):
    """Runs with a seat back from a long crash as the game ends (sim_regressions.LATE_RETURN; test_sim.py runs that
    family apart)."""
    o = run(scenario_late_return(case.seed))
    assert not o.violations, o.report()


@pytest.mark.parametrize("seed", [pytest.param(seed, id=f"{why.split(':')[0]}-seed{seed}",
                                               marks=pytest.mark.xfail(strict=True, reason=why))
                                  for seed, why in sorted(OPEN.items())])
def test_open_seed(seed):
    """Seeds the sweep found failing with the protocol 6 core (sim_regressions.OPEN)."""
    o = run(scenario(seed))
    assert not o.violations, o.report()


def test_the_roster_move_time_is_the_sessions():
    """Found by the simulator (fixed in c2f4617): AbsenceRules._init_absence read the move time only from a dict,
    and a decoded roster's settings are a FrozenDict, so every session had 90 s."""
    from snowp2p.protocol.messages import decode_signed

    from sim_world import Config, make_roster

    roster, ids, secrets = make_roster(Config(move_time=6))
    assert decode_signed(roster).body.settings["move_time"] == 6
    assert session_for(decode_signed(roster), None, 1, ids[1], secrets[1]).move_time == 6


def test_a_peer_that_lingers_after_its_end_relays_again_on_a_new_link():
    """As NetGame._attach does whatever the state of its game, the simulated peer relays again on a new link what it
    had relayed on the old one (Session.forget_relays), also once its game is over and it lingers: before, the sim
    did so only before the end (lie-away seed 26769: p0's relay behind its vote was lost in a partition, p0 finished
    meanwhile, and at the heal p2 never got the reveal that vote counted, voted p0 out and named it in a desync)."""
    from sim_world import Config, World

    w = World(Config(n=3))
    w.start()
    p = w.peers[0]
    p.finishing_at = w.now  # (its game is over: it lingers)
    asked = []
    p.session.forget_relays = lambda seat: asked.append(seat) or type(p.session).forget_relays(p.session, seat)
    w.attach(0, 1)
    assert asked == [1]

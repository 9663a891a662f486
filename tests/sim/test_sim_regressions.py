"""Every invariant violation the simulator found, as a named test (sim_regressions.py says what each one
is).  Those the code does not fix yet are expected to fail (strict: a fix makes them pass, and the test
then fails until the case is marked fixed)."""

from __future__ import annotations

import pytest

from sim_invariants import run, scenario
from sim_regressions import REGRESSIONS


def _param(name, case):
    marks = () if case.fixed else (pytest.mark.xfail(strict=True, reason=f"({case.invariant}) {case.diagnosis}"),)
    return pytest.param(name, case, id=name, marks=marks)


@pytest.mark.parametrize("name,case", [_param(n, c) for n, c in REGRESSIONS.items()])
def test_simulated_regression(name, case):
    sc = scenario(case.seed)
    drawn = {s.name for s in [*sc.strategies.values(), *sc.faulty.values()]} | {k for _, k, _ in sc.events}
    assert case.strategy in drawn, f"seed {case.seed} no longer draws a {case.strategy} seat: {sc.describe()}"
    o = run(sc)
    assert not o.violations, o.report()

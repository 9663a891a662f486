"""Deterministic simulation (issue 18; p2p.md "Proof by simulation"; docs/resilience.md "Deterministic
simulation"): many seeded games, each 2-5 sessions in one process over a simulated network and clock,
some seats hostile (sim_strategies.py), links dropped, seats partitioned, crashed and restarted from their
logs, frozen; after every run the invariants of sim_invariants.py (G5, G6, G7, G7a, G10, G11, G12).

    SNOWP2P_SIM_RUNS=N    run seeds 0..N-1 (default: DEFAULT_RUNS, about a minute and a half here)
    SNOWP2P_SIM_SEED=S    replay seed S alone and print its trace (every frame's fate, cut, vote, end)
    SNOWP2P_SIM_FIRST=F   start at seed F (with SNOWP2P_SIM_RUNS: seeds F..F+N-1)

A seed that fails is kept as a named test in test_sim_regressions.py.  Seeds whose runs break an
invariant that the current code does not keep yet are listed in KNOWN (seed -> the invariant and why):
they are expected to fail (and the run says so when one of them passes: a fix to take off the list).
"""

from __future__ import annotations

import os
import time

import pytest

from sim_invariants import run, scenario
from sim_regressions import KNOWN

DEFAULT_RUNS = 600


def _seeds() -> list[int]:
    if os.environ.get("SNOWP2P_SIM_SEED"):
        return [int(os.environ["SNOWP2P_SIM_SEED"])]
    first = int(os.environ.get("SNOWP2P_SIM_FIRST", "0"))
    return list(range(first, first + int(os.environ.get("SNOWP2P_SIM_RUNS", DEFAULT_RUNS))))


def test_simulated_games_keep_every_invariant(capsys):
    seeds = _seeds()
    replay = bool(os.environ.get("SNOWP2P_SIM_SEED"))
    failed, fixed = [], []
    t0 = time.perf_counter()
    for seed in seeds:
        o = run(scenario(seed), trace=replay)
        if replay:
            with capsys.disabled():
                print("\n".join(o.world.lines))
                print(o.report())
        if o.violations and seed not in KNOWN:
            failed.append(o.report())
        elif not o.violations and seed in KNOWN:
            fixed.append(seed)
    spent = time.perf_counter() - t0
    with capsys.disabled():
        print(f"\nsimulation: {len(seeds)} runs in {spent:.1f} s; {len(failed)} new failures; "
              f"{sum(s in KNOWN for s in seeds)} known; now passing: {fixed}")
    assert not failed, (f"{len(failed)} of {len(seeds)} simulated games broke an invariant (replay one with "
                        f"SNOWP2P_SIM_SEED=S):\n" + "\n".join(failed[:20]))

"""One named simulator case (sim_regressions.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    seed: int
    strategy: str  # the hostile seat's strategy (sim_strategies.py), or the fault, the failure is about
    invariant: str  # the invariant it broke (sim_invariants.py: a-e)
    diagnosis: str  # one line: why
    issue_case: int | None = None  # the numbered finding of issue 18 it reproduces
    fixed: bool = False
    flush: bool = False  # run with Config.flush (a crash or exit still delivers what was written, as on TCP)

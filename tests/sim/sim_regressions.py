"""Every seed the simulator found breaking an invariant, by name (test_sim_regressions.py runs each), and what
the random sweep (test_sim.py) counts as known while the code does not keep it yet.

The cases were found against main at 0a5acb6 (protocol 5), before issue 18's redesign; ``fixed=True``
marks those that pass with the protocol 6 core (branch ``pause``, f4a7346).  A case whose ``fixed`` is
False is expected to fail (pytest.mark.xfail, strict): when a change makes it pass, the test says so, and
the case is marked fixed (and its strategy or seed taken out of KNOWN) in the same change.

Replay one: ``SNOWP2P_SIM_SEED=S .venv/bin/python -m pytest tests/sim/test_sim.py -q -s``.
"""

from __future__ import annotations

from sim_case import Case
from sim_cases_early import EARLY
from sim_cases_late import LATE
from sim_cases_lie import LIE_AWAY as _LIE_AWAY
from sim_cases_late_return import LATE_RETURN as _LATE_RETURN
from sim_cases_vote_kill import VOTE_KILL as _VOTE_KILL

__all__ = ["Case", "KNOWN", "LATE_RETURN", "LIE_AWAY", "OPEN", "REGRESSIONS", "VOTE_KILL", "known"]


#: the named runs with no lie-away seat (sim_cases_early.py, sim_cases_late.py)
REGRESSIONS: dict[str, Case] = {**EARLY, **LATE}

#: seeds that break an invariant with the protocol 6 core (branch pause, f4a7346) and whose hostile seats are not
#: in KNOWN: seed -> what it shows (first traced: seed 1320, the same as the others' "partition" lines)
OPEN: dict[int, str] = {
    # found by the lead's sweep of never-swept seeds 20800-23999 on main 9dedb77 (3200 runs, 3 failed: 21761 and 22350
    # since fixed, in REGRESSIONS; 21955 there too)
}

#: runs of ``scenario(seed, hostile=["lie-away"])`` (test_sim.py runs that strategy apart, as "quit": drawn into the
#: sweep it would change every seed's scenario), found by s18k; test_sim_regressions.py runs each by name
LIE_AWAY: dict[str, Case] = _LIE_AWAY  # (sim_cases_lie.py)

#: runs of ``scenario_vote_kill(seed)`` (a second crash during the vote on a crashed seat; test_sim.py runs them apart)
VOTE_KILL: dict[str, Case] = _VOTE_KILL  # (sim_cases_vote_kill.py)
LATE_RETURN: dict[str, Case] = _LATE_RETURN  # (sim_cases_late_return.py)

#: the strategies whose runs still break invariants with the protocol 6 core: the sweep (test_sim.py) counts
#: their failures as known (each has named cases above).  A run with another strategy, or none, must pass.
KNOWN: dict[str, str] = {}  # (none since branch s18c: "vote-present" and "equivocate" pass)


def known(sc) -> str | None:
    """Why a failing run of this scenario is a known failure (None: it is not)."""
    if sc.cfg.seed in OPEN:
        return OPEN[sc.cfg.seed]
    for c in REGRESSIONS.values():
        if c.seed == sc.cfg.seed and not c.fixed:
            return c.diagnosis
    for st in sc.strategies.values():
        if st.name in KNOWN:
            return KNOWN[st.name]
    return None

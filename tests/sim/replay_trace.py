"""Print one simulated run's trace, line by line (test_sim.test_a_seed_replays_the_same_run runs it in a process of
its own): ``python tests/sim/replay_trace.py SEED``."""

import os
import sys

sys.path[:0] = [os.path.dirname(__file__), os.path.dirname(os.path.dirname(__file__))]

from sim_invariants import run, scenario  # noqa: E402

if __name__ == "__main__":
    print("\n".join(run(scenario(int(sys.argv[1])), trace=True).world.lines))

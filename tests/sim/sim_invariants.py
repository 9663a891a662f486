"""Scenarios drawn from a seed, the bound on a game's length, and the invariants checked after every run.

``scenario(seed)`` draws a game (which game, 2-5 seats, times), zero to two hostile seats
(sim_strategies.py) and network faults (link drops, a partition, crashes and restarts of honest seats,
freezes).  ``run_seed(seed)`` plays it in a sim_world.World and returns every invariant it broke:

(a) agreement (G6, G7, G12): the honest peers that reach the end agree on the final state hash, the
    places and whether the game was abandoned -- or an honest peer stopped on an Offence that names a
    hostile seat with its signed proof (or on a Desync naming it: its own signed ack states another hash
    for the same signed inputs, SPEC 11.6) -- or seats were cut off (crash, freeze, partition) and a
    peer's result rests on one seat's word (``Session.sole_word``: G12 lets two sides differ then, and
    each result says so);
(b) every pause ends (G7): every honest peer ends (its game over, voted out after a fault of its own, or
    stopped on proof against a hostile seat) within ``bound()`` of the start;
(c) only cheating is blamed (G5, G7a, G10): no honest seat is named in an Offence or a Desync, and no
    honest seat that never had a fault (crash, freeze, cut off by a partition) is voted out or stopped
    (unless seats were cut off and the decision rests on one seat's word, as in (a)); a seat that stopped on
    signed proof against a hostile seat has left the game (its bye): voting it out blames nobody;
(d) a confirmed result is final (G11): a turn confirmed (TurnFinal) on an honest peer is never confirmed
    with another hash, the game over (GameOver) never changes, and neither do ``places()`` and
    ``abandoned`` after it (e.g. by a late vote);
(e) leaving never pays, and neither does a vote (G10), in a form a single run can check: the game is
    abandoned on an honest peer only if every seat still present asked for it (honest seats vote "bot"
    here, so never while one is present); a seat that votes against a seat that is present and
    answering (no crash, freeze or partition of its own) ends up treated as one that left (voted out, a computer
    player in its seat) whenever the game went on past its vote by one absence and vote, and one more for every
    other seat that failed (a voter on it, paused on first); a hostile seat is never ranked from a result it rewrote.
    (A comparison with a second run in which the seat leaves instead is not made: once a seat is played
    by a computer the cards drawn differ, so a single pair of runs says nothing about G10.)
(f) an honest peer's own log audits (an observer session replays it, as ``snowp2p audit`` does): it
    names no honest seat, and a game over on the peer is the same game over in its log.  (One honest peer
    per run, in turn by seed: each audit checks every signature again.)
(g) no honest peer's session fails with an internal error (an exception other than Halted, G9), and no hostile
    seat's strategy fails (a strategy that crashes tests nothing: main seed 178355).
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass, field

from snowp2p.protocol.session import Desync, Offence
from kit.sessions import session_for

from sim_strategies import Strategy, make
from sim_world import TICK, Config, World

MARGIN = 10.0  # seconds: the links' redials after the last event, the final openings, the byes


def bound(cfg: Config, turns: int, absent_seats: int, downtime: float = 0.0) -> float:
    """The latest moment (simulated seconds from the start) an honest peer may end its game (G7).

    The same formula as protocol/SPEC.md section 11.9 ("the bound"), with this simulator's network:

        setup + turns * (think + network per turn)
              + absent_seats * (move_time + 2 * absent_after + vote_after)
              + downtime + absent_after + vote_after + margin

    * ``turns``: the turns the peer has played (every turn costs at most a think and a few frame delays:
      the mover's move out, the reveals back, a redial);
    * ``absent_seats``: the seats that may be absent (hostile seats, and honest seats with a fault):
      each may hold the game for at most its move time (the move it owes) or its absence time (anything
      else it owes), then the absence of a voter that fails to declare it, then the vote;
    * ``downtime``: the time honest seats spent crashed or frozen (a pause they may come back from);
    * one more absence and vote: a seat that answers only just within the times.

    It depends on the settings and on what the peer has played, never on anyone's cooperation.
    """
    net = 4 * cfg.delay[1] + cfg.redial[1]
    per_turn = cfg.think[1] + net
    per_absent = cfg.move_time + 2 * cfg.absent_after + cfg.vote_after + 2 * TICK
    setup = 2 * net
    return (setup + turns * per_turn + absent_seats * per_absent + downtime + cfg.absent_after
            + cfg.vote_after + MARGIN)


@dataclass
class Scenario:
    cfg: Config
    strategies: dict[int, Strategy] = field(default_factory=dict)  # hostile seats
    faulty: dict[int, Strategy] = field(default_factory=dict)  # honest seats with a fault (frozen, ...)
    events: list[tuple] = field(default_factory=list)  # (when, kind, args): cuts, partitions, crashes
    downtime: float = 0.0
    strict: bool = False  # no seat is ever cut off from a seat it could reach: a result on one seat's word is no excuse

    def describe(self) -> str:
        c = self.cfg
        return (f"seed {c.seed}: {c.game}, {c.n} seats, absent_after {c.absent_after:g}, vote_after "
                f"{c.vote_after:g}, move_time {c.move_time:g}; hostile {self.strategies or '-'}; "
                f"faulty {self.faulty or '-'}; faults {[(round(t, 2), k, a) for t, k, a in self.events] or '-'}")


HOSTILE = ("crash", "silent-mover", "dead-connected", "never-declares", "never-votes", "lies-count", "trickle",
           "omit", "equivocate", "vote-present", "vote-after-end", "relink-storm")


def scenario(seed: int, hostile: list[str] | None = None, flush: bool = False) -> Scenario:
    """A game drawn from ``seed`` (``hostile``: these strategies instead of drawn ones; ``flush``: the same game,
    but a crash still delivers what the crashed process had written, Config.flush)."""
    r = random.Random(f"sim scenario {seed}")
    game = r.choice(["snowtails", "mush", "snake"])
    n = r.choice([2, 2, 3, 3, 3, 4, 5] if game != "snake" else [2, 2, 3, 3, 4])
    absent_after = r.choice([2.0, 3.0])
    vote_after = r.choice([2.0, 4.0])
    cfg = Config(game=game, n=n, seed=seed, absent_after=absent_after, vote_after=vote_after,
                 move_time=r.choice([6, 10]), max_rounds=r.choice([2, 3]), flush=flush)
    sc = Scenario(cfg)
    if hostile is None:
        k = r.choices([0, 1, 2], [3, 6, 1])[0]
        hostile = [r.choice(HOSTILE) for _ in range(min(k, n - 1))]
    seats = r.sample(range(n), len(hostile))
    for seat, name in zip(seats, hostile, strict=True):
        kw = {"pick": r.randrange(4)}
        if name == "trickle":
            kw["every"] = r.choice([0.5, 2.0])
            kw["kind"] = r.choice(["evidence", "absent"])
        if name == "vote-present":
            kw["choice"] = r.choice(["end", "bot"])
        if name == "relink-storm":
            kw["every"] = r.choice([0.3, 1.0])
        sc.strategies[seat] = make(name, r.uniform(0.5, 10.0), **kw)
    honest = [i for i in range(n) if i not in sc.strategies]
    # faults of the network and of honest seats
    for _ in range(r.choice([0, 0, 1, 3])):
        a, b = r.sample(range(n), 2)
        sc.events.append((r.uniform(0.5, 15.0), "cut", (a, b)))
    if n >= 3 and r.random() < 0.15:
        start = r.uniform(1.0, 10.0)
        alone = r.choice(honest)
        length = r.choice([0.5 * absent_after, absent_after + vote_after + 1.0])
        sc.events.append((start, "partition", (start + length, [{alone}, set(range(n)) - {alone}])))
        sc.downtime += length
    if len(honest) >= 2 and r.random() < 0.25:
        seat = r.choice(honest)
        t = r.uniform(0.5, 12.0)
        down = r.choice([0.3, absent_after * 0.5, absent_after + vote_after + 2.0])
        sc.events.append((t, r.choice(["crash", "crash_soon"]), (seat, down)))
        sc.downtime += down
    elif len(honest) >= 2 and r.random() < 0.15:
        seat = r.choice(honest)
        length = r.choice([absent_after * 0.5, absent_after + vote_after + 2.0])
        sc.faulty[seat] = make("frozen", r.uniform(0.5, 12.0), for_=length)
        sc.downtime += length
    return sc



def scenario_vote_kill(seed: int, paced: bool = False, flush: bool = False) -> Scenario:
    """The fault-injection trial "vote-kill" (tests/resilience/test_fault_injection.py) as a simulated game: every
    seat honest, one seat ``A`` crashes for long (past its absence and the vote), and once the others are paused
    on it and about to vote, a second seat ``B`` crashes for a short time (its crash falls in the vote; it resumes
    from its log).  Drawn apart from ``scenario`` (whose draws every kept seed depends on); a run of its own in
    test_sim.py.  (CI stop 43: such a trial split a game of four on a desync naming nobody.)  ``paced``: ``A`` comes
    back a moment after ``B`` rather than a fixed time after its own crash, as in the trial, where both dead times
    start within a second or two of the pause (the seeds are another family: "vote-kill paced").  ``flush``: a crash
    still delivers what the crashed process had written (Config.flush, as kill -9 on real TCP; another family)."""
    r = random.Random(f"sim vote-kill {seed}" + (" paced" if paced else "") + (" flush" if flush else ""))
    game = r.choice(["snowtails", "mush", "snake"])
    n = r.choice([3, 3, 4, 5] if game != "snake" else [3, 4])
    absent_after = r.choice([1.0, 1.5, 2.0, 3.0])
    vote_after = r.choice([1.0, 1.5, 2.0, 4.0])
    cfg = Config(game=game, n=n, seed=seed, absent_after=absent_after, vote_after=vote_after,
                 move_time=r.choice([6, 10]), max_rounds=r.choice([2, 3]), flush=flush)
    sc = Scenario(cfg)
    a, b = r.sample(range(n), 2)
    t = r.uniform(0.5, 12.0)
    down = absent_after + vote_after + r.uniform(2.0, 4.0)
    sc.events.append((t, "crash", (a, down)))
    down2 = r.uniform(0.2, 3.0)
    # (as in the trial: once a peer declared A absent, so the game is paused on A and a vote is coming)
    how = r.choice(["crash", "crash", "crash_soon"])
    if paced:  # (A stays down until B is back, then comes back within 1.5 s: its restart is set on the pause; or
        # after 30 s if no pause comes)
        sc.events[-1] = (t, "crash", (a, 30.0))
        down = r.uniform(0.0, 1.5)
    sc.events.append((t, "crash_on_pause", (b, a, r.uniform(0.0, vote_after + 0.5), down2, how,
                                            down if paced else None)))
    sc.downtime += down + down2 + (30.0 if paced else 0.0)  # (A waits for B, or 30 s)
    if r.random() < 0.3:
        x, y = r.sample(range(n), 2)
        sc.events.append((r.uniform(0.5, 15.0), "cut", (x, y)))
    return sc


def scenario_late_return(seed: int) -> Scenario:
    """A seat crashes for long and comes back as the game ends without it: just before, at or between the others'
    exits (fault injection vote-kill seed 18: the host, back from a long crash, reached only the lingering j2 and
    voted j1 out on its own word, a second result).  The restart time is drawn around the exits of a first run of
    the same game with no restart.  Every link delivers what a process wrote before it ended (Config.flush), so the
    seat that comes back can always learn what a lingering seat holds: a second result is never excused here
    (``strict``).  A family of its own ("late return")."""
    r = random.Random(f"sim late return {seed}")
    game = r.choice(["snowtails", "mush", "snake"])
    n = r.choice([3, 3, 4] if game != "snake" else [3, 4])
    absent_after, vote_after = r.choice([1.0, 1.5, 2.0, 3.0]), r.choice([1.0, 1.5, 2.0])
    cfg = Config(game=game, n=n, seed=seed, absent_after=absent_after, vote_after=vote_after,
                 move_time=r.choice([6, 10]), max_rounds=2, flush=True)
    a, t = r.randrange(n), r.uniform(0.5, 8.0)
    first = Scenario(cfg, events=[(t, "crash", (a, None))], downtime=60.0)
    with short_chains():
        w = _run(first, False, keep=True).world
    exits = sorted(x for p, x in w.exited_at.items() if p != a) or [w.now]
    back = r.choice([exits[0] - 1.0, exits[0] - 0.5, exits[0] - 0.2, exits[0], (exits[0] + exits[-1]) / 2 + 0.01,
                     exits[-1] - 0.05])
    give_up = 2 * (max(absent_after, cfg.move_time) + vote_after) + 15  # (SPEC 11.9 *Bounded*: back to nobody)
    return Scenario(cfg, events=[(t, "crash", (a, max(0.1, back - t)))], downtime=max(0.1, back - t) + give_up,
                    strict=True)


@dataclass
class Outcome:
    scenario: Scenario
    world: World
    violations: list[str]

    def report(self) -> str:
        lines = [self.scenario.describe()]
        lines += [f"  VIOLATION {v}" for v in self.violations]
        for p in self.world.peers:
            s = p.session
            lines.append(f"  p{p.seat}: end {p.end}, turn {s.applied_turn}, done {s.done}, halted {s.halted}, "
                         f"gone {dict(s.gone)}, places {s.places() if s.done else '-'}")
        return "\n".join(lines)


CHAIN = 256  # random events a simulated game can use: these short games play far fewer turns


@contextmanager
def short_chains():
    """Sessions made meanwhile commit to hash chains of CHAIN links instead of 4096 (the length is part of each
    seat's signed commit_chain, SPEC 8; building 4096 links per session was a tenth of a run's time)."""
    from snowp2p.protocol import session

    old, session.CHAIN_LENGTH = session.CHAIN_LENGTH, CHAIN
    try:
        yield
    finally:
        session.CHAIN_LENGTH = old


def run(sc: Scenario, trace: bool = False) -> Outcome:
    with short_chains():
        return _run(sc, trace)


def _run(sc: Scenario, trace: bool, keep: bool = False) -> Outcome:
    cfg = sc.cfg
    hostile = set(sc.strategies)
    world = World(cfg, {**sc.strategies, **sc.faulty}, trace=trace)
    for when, kind, args in sc.events:
        world.at(when, kind, *args)
    world.start()
    honest = [p for p in world.peers if p.seat not in hostile]
    absent_seats = len(hostile) + len(sc.faulty) + sum(1 for _, k, _ in sc.events if k in ("crash", "crash_soon", "crash_on_pause"))
    absent_seats += sum(1 for _, k, _ in sc.events if k == "partition")
    cap = cfg.max_rounds * cfg.n * 4 + 10  # a turn count no game of these rules reaches

    def limit(p) -> float:
        return bound(cfg, p.session.applied_turn + 2, absent_seats, sc.downtime)

    def settled() -> bool:
        if all(p.end is not None for p in honest) and all(p.state != "running" for p in honest):
            return True
        return any(p.end is None and world.now > limit(p) + 5 for p in honest)

    world.run(bound(cfg, cap, absent_seats, sc.downtime), stop=settled)
    world.run(world.now + 8.0)  # the lingering frames (a late vote would arrive now)
    return Outcome(sc, world, [] if keep else check(sc, world, limit))


def check(sc: Scenario, world: World, limit) -> list[str]:
    hostile = set(sc.strategies)
    honest = [p for p in world.peers if p.seat not in hostile]
    faulted = world.faulted | set(sc.faulty)
    # seats were cut off from the others for a while (a crash, a freeze, a partition): a peer left alone may
    # decide on its own word, and two sides may then differ with no one to blame; each result says it rests on
    # one seat's word (G12), which the multi-log audit explains
    isolated = not sc.strict and (bool(sc.faulty) or any(k in ("crash", "crash_soon", "crash_on_pause", "partition")
                                                          for _, k, _ in sc.events))
    v: list[str] = []
    # honest peers stopped on signed proof against a hostile seat
    # (an offence with its signed proof; a desync that names the one seat whose own signed ack states another
    # hash for the very same signed inputs, SPEC 11.6)
    proofs = [p.seat for p in honest if isinstance(p.halted, Offence) and p.halted.seat in hostile and p.halted.proof
              or isinstance(p.halted, Desync) and p.halted.culprit in hostile]
    for p in world.peers:  # (a hostile seat's strategy that fails tests nothing: equivocate's stale import did, main seed
        # 178355, so every equivocation in Snow Tails and Mush! was a crash of the equivocating seat instead)
        if p.seat in hostile:
            v.extend(f"(g) hostile p{p.seat}'s strategy failed: {e}" for e in p.errors if "sim_strategies.py" in e)
    for p in honest:
        s = p.session
        for e in p.errors:  # (G9: nothing another peer sends crashes a peer)
            v.append(f"(g) p{p.seat}: internal error {e}")
        why = p.halted
        if isinstance(why, Offence):
            if why.seat not in hostile:
                v.append(f"(c) p{p.seat} named honest seat {why.seat} in an offence: {why.what}")
            elif not why.proof:
                v.append(f"(a) p{p.seat} named seat {why.seat} without signed proof: {why.what}")
        elif isinstance(why, Desync):
            if why.culprit is not None and why.culprit not in hostile:
                v.append(f"(c) p{p.seat} named honest seat {why.culprit} in a desync at turn {why.turn}")
            elif not proofs:
                v.append(f"(a) p{p.seat} stopped on a desync at turn {why.turn} that names no cheater "
                         f"(culprit {why.culprit})")
        # (b) it ended, within the bound
        if p.end is None:
            v.append(f"(b) p{p.seat} never ended (turn {s.applied_turn}, waiting on {sorted(s.waiting_on())}, "
                     f"state {p.state}) by {world.now:.1f} s; bound {limit(p):.1f} s")
        else:
            when, how = p.end
            if when > limit(p):
                v.append(f"(b) p{p.seat} ended ({how}) at {when:.1f} s, after the bound {limit(p):.1f} s")
            if how.startswith("stopped") and not proofs:
                # a stop with no result is legitimate only for a peer that was away itself and came back
                # after the others had left; a hostile seat's bye (or its leaving) must not end the game
                others_left = all(q.state != "running" or q.seat in hostile for q in world.peers if q is not p)
                if p.seat not in faulted or not others_left:
                    v.append(f"(b) p{p.seat} stopped with no result and no proof: {how}")
            if how == "voted out" and p.seat not in faulted:
                v.append(f"(c) honest p{p.seat} was voted out (it had no fault)")
        # (c) no honest seat voted out while it answered (but when seats were cut off, a decision that rests on
        # one seat's word may go either way: G12, the result says so)
        for x in sorted(set(s.gone) | set(s.decided)):
            if isolated and s.sole_word(x) is not None:
                continue
            voters = s.voters.get(x) or s.decided.get(x, (None, None, ()))[2]
            if any((v, x) in world.apart for v in voters):  # (a voter on it was cut off from it)
                continue
            if x in proofs:  # (it stopped on signed proof against a cheater and said bye: it left the game)
                continue
            if x not in hostile and x not in faulted and x != p.seat and (p.seat, x) not in world.apart:
                v.append(f"(c) p{p.seat} voted out honest seat {x} (it had no fault): "
                         f"{s.gone.get(x) or s.decided.get(x)}")
        # (d) nothing confirmed changes
        for c in p.changed:
            v.append(f"(d) p{p.seat}: {c}")
        if p.overs and s.halted is None:
            first = p.overs[0]
            if (tuple(s.places()), s.abandoned) != (tuple(first.places), first.abandoned):
                v.append(f"(d) p{p.seat}: the game was over with places {list(first.places)} (abandoned "
                         f"{first.abandoned}); later places {s.places()} (abandoned {s.abandoned})")
        # (e) a computer-played seat is ranked like any other (G10)
        if s.done and not s.abandoned and s.halted is None and sorted(s.places()) != list(range(s.n)):
            v.append(f"(e) p{p.seat}: the places {s.places()} do not rank every seat once")
        # (e) abandoned only if every present seat asked for it (honest seats vote bot)
        if s.abandoned and any(q.seat not in s.gone for q in honest):
            v.append(f"(e) p{p.seat}: the game was abandoned while honest seats were present "
                     f"({[q.seat for q in honest if q.seat not in s.gone]})")
    # (f) an honest peer's own log audits alike (what `snowp2p audit` replays): one peer per run, in turn (each
    # audit checks every signature again)
    if honest:
        v.extend(audit(honest[sc.cfg.seed % len(honest)], hostile))
    # (a) the honest peers that finished agree
    ends = {}
    for p in honest:
        s = p.session
        if p.overs and s.halted is None and s.final_turn >= 0:
            ends[p.seat] = (tuple(s.places()), s.abandoned, s.my_hash[s.final_turn].hex()[:12])
    alone = [p.seat for p in honest if any(p.session.sole_word(x) is not None for x in p.session.gone)]
    if len(set(ends.values())) > 1 and not proofs and not (isolated and alone):
        v.append(f"(a) the honest peers disagree: {ends}")
    # (e) a vote against a present seat: its voter is treated as leaving
    for seat, st in sc.strategies.items():
        # (a vote on a seat that had crashed, was frozen or cut off is no vote against a present seat: seed 2303)
        if (st.name == "vote-present" and getattr(st, "done", False)
                and getattr(st, "victim_seat", None) not in faulted and getattr(st, "victim_seat", None) not in hostile):
            for p in honest:
                s = p.session
                if p.overs and not s.halted and seat not in s.gone and s.final_turn > 0 and p.seat not in faulted:
                    # (every other seat that fails meanwhile, hostile or faulted, is a voter on the voter whose own
                    # pause comes first: one more absence and vote each, G7's bound per silent seat; sim seed 90951:
                    # never-declaring p3 was voted out on time, crashed p1 came back, and the turn ended the game
                    # before the vote on leaving p2 could gather)
                    rounds = 1 + len((hostile | faulted) - {seat, st.victim_seat})
                    if p.end[0] > st.at + rounds * (sc.cfg.absent_after + sc.cfg.vote_after) + 2:
                        v.append(f"(e) p{p.seat}: seat {seat} voted against a present seat and kept its seat "
                                 f"(G10: it is treated as leaving)")
    return v


def audit(p, hostile: set[int]) -> list[str]:
    """Replay peer ``p``'s log in an observer session (the core of ``snowp2p audit``): it must name no honest seat,
    and a game that ended on the peer ends alike in its log (G7, G11)."""
    from snowp2p.protocol.errors import ProtocolError
    from snowp2p.protocol.messages import decode_signed
    from snowp2p.protocol.session import Halted, log_owner

    obs = session_for(decode_signed(p.log[0]))
    obs.owner = log_owner(p.log)  # (as `snowp2p audit` does: record 1 is the owner's commit_chain, SPEC 12)
    for i, rec in enumerate(p.log[1:], start=1):
        try:
            obs.receive(rec)
        except Halted as h:
            seat = getattr(h.reason, "seat", getattr(h.reason, "culprit", None))
            if seat not in hostile:
                return [f"(f) the audit of p{p.seat}'s log stops at record {i} on {h.reason}"]
            return []
        except ProtocolError as e:
            return [f"(f) the audit of p{p.seat}'s log refuses record {i}: {e}"]
        except Exception as e:  # (G9: `snowp2p audit` says what is wrong in one line, never a traceback)
            return [f"(g) the audit of p{p.seat}'s log fails at record {i}: internal error {type(e).__name__}: {e}"]
    s = p.session
    if p.overs and s.halted is None and s.done:
        if not obs.done:
            return [f"(f) p{p.seat} finished, but its log does not (audit: last agreed turn {obs.final_turn})"]
        if (obs.places(), obs.abandoned) != (s.places(), s.abandoned):
            return [f"(f) the audit of p{p.seat}'s log gives places {obs.places()} (abandoned {obs.abandoned}); "
                    f"the peer says {s.places()} (abandoned {s.abandoned})"]
    return []

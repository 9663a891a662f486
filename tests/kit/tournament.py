"""A whole Mush! Mush! tournament (MM-T1..MM-T4) on the in-memory table (tests/kit/table.py): three races, each
started from the race before (``Session.carry_out``, SPEC 16.5), every seat keeping its race-0 secret."""

from __future__ import annotations

from kit.table import Table, fixed
from snowp2p.games import find_game
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.match import first_race, race_end
from snowp2p.protocol.session import Halted

MM = find_game("mush")
TRACKS = ("fjord", "mush-first-race", "village")  # (fjord and village have kennels: MM-F2 fives)


def tournament(label: str, n: int = 3, tracks=TRACKS, hook=None, races: int = 3, carry_hook=None) -> list[Table]:
    """Play ``races`` races of a tournament on ``tracks``; ``hook(k, table)`` may tamper with race ``k``'s table
    before it is played, ``carry_hook(k, carried)`` with what race ``k - 1`` hands race ``k`` (a list, one
    ``Carry`` per seat; it returns the list to use).  Stops at a race without a result.  Returns each race's
    table (played)."""
    tabs = [MM.load_table(name) for name in tracks]
    m = first_race(fixed(f"{label} match"), MM, [(MM.table_name(t), MM.table_digest(t)) for t in tabs])
    ids = [Identity.from_seed(fixed(f"{label} identity {i}")) for i in range(n)]
    secrets = [fixed(f"{label} secret {i}") for i in range(n)]
    out: list[Table] = []
    carried = None
    for k in range(races):
        if carry_hook is not None and carried is not None:
            carried = carry_hook(k, carried)
        t = Table("mush", n, f"{label} race {k}", ids=ids, secrets=secrets, match=m.to_wire(), table=tabs[k],
                  carried=carried)
        if hook is not None:
            hook(k, t)
        _play_on(t)
        out.append(t)
        if m.last or k == races - 1:
            break
        s0 = t.s[0]
        end = race_end(s0)
        if end is None:
            break
        carried = [s.carry_out() for s in t.s]
        if None in carried:  # (a session stopped: the match stops)
            break
        m = m.next(end, s0.next_carry())
    return out


def _play_on(t: Table) -> None:
    """Play the table; a session that stops (Halted) stops only itself: the others go on with what is on its
    way, so every honest peer meets a cheat."""
    started = False
    while True:
        try:
            if not started:
                started = True
                t.play()
            else:
                t.run()
            return
        except Halted:
            continue


def forged(session, body) -> bytes:
    """``body`` signed by ``session``'s seat and put in its chain, never checked by its own session (a cheat's
    frame): the payload, for ``Table.sent``."""
    from snowp2p.protocol.messages import SIG_CONTEXT, Envelope, SignedMessage, encode_envelope, pack_canonical

    env = Envelope(session.game_id, session.me, session.chain.next_seq(session.me), session.chain.head(session.me),
                   body)
    env_bytes = encode_envelope(env)
    sig = session.identity.sign(SIG_CONTEXT + env_bytes)
    payload = pack_canonical([env_bytes, sig])
    session.chain.accept(SignedMessage(env, sig, env_bytes, payload), signed_here=True)
    return payload

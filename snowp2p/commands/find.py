"""``snowp2p find``: list the games announced on the LAN, and the fakes among them."""

from __future__ import annotations


import trio

from ..protocol.crypto import fingerprint
from ..games import title_of


def _ad_line(a) -> str:
    line = (f"{title_of(a.kind)} on {a.track}, host {a.host_nick} [{a.fingerprint}], "
            f"{a.taken}/{a.seats} seats taken, at {a.addr}:{a.port}")
    return line


#: seconds `find` gives each duplicate announcement's host to sign its challenge
CHECK_TIME = 5.0


async def _find_checks(ads) -> dict:
    """For each announcement that shares its fingerprint with another (at most one is that host): the key
    its host signs its challenge with (a hello, no code given), or why there is none."""
    from ..net.lobby import challenge_key

    out: dict = {}
    limiter = trio.CapacityLimiter(32)

    async def one(a):
        async with limiter:
            out[(a.addr, a.port)] = "it did not answer in time"
            with trio.move_on_after(CHECK_TIME):
                out[(a.addr, a.port)] = await challenge_key(a.addr, a.port)

    async with trio.open_nursery() as n:
        for a in ads:
            if a.dup:
                n.start_soon(one, a)
    return out


def run(args) -> int:
    from ..net.discovery import browse

    ads = trio.run(browse, args.browse)
    if not ads:
        print("no game found on the LAN")
        return 0
    checks = trio.run(_find_checks, ads) if any(a.dup for a in ads) else {}
    for a in ads:
        line = _ad_line(a)
        if a.dup:
            key = checks.get((a.addr, a.port))
            if isinstance(key, bytes) and fingerprint(key) != a.fingerprint:
                line = f"FAKE: {line} (its host proves the key [{fingerprint(key)}], not the one it announces)"
            elif isinstance(key, bytes):
                line += (f"  [DUPLICATE: {a.dup + 1} games announce this fingerprint; at most one is that host: "
                         "`join --code` joins the one that proves your code]")
            else:
                line = f"FAKE?: {line} (no signed answer: {key})"
        print(line)
    return 0

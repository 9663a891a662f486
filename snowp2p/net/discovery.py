"""Finding games on the LAN: DNS-SD over multicast DNS (the ``zeroconf`` package).

Theory of operation
-------------------
A host announces its open lobby as a service of type ``_snowp2p._tcp.local.``
until the lobby closes (``--no-announce`` turns it off).  The instance name
is ``<host nick> <fingerprint>``; the SRV record carries the lobby port and
the A record the address the host prints in its join line; the TXT record
(:func:`ad_properties`, pure) carries the protocol version, the game kind,
the track, the seats taken and in all, the host's nickname and fingerprint.
Never the join code: an announcement is public, the code is what keeps
strangers out (G8).

``snowp2p join`` without an address and ``snowp2p find`` browse for a few
seconds (:func:`browse`).  What comes from the network is checked
(:func:`parse_ad`): bounded, printable, numbers in range, or the service is
ignored.  Nothing in it is used as a file path (the track is only shown;
the roster names the track the game is played on, as before).

Anyone on the LAN can announce anything (issue 24): an announcement is a
hint where to look, never trusted.  So:

* no cap on names can hide a game: every name heard is kept (up to
  ``MAX_NAMES``, far more than a LAN has games) and resolved from the
  records that came with it; only names whose records did not come are
  asked for, ``MAX_ASKED`` of them at most, in parallel;
* :func:`arrange` (pure) orders the games round-robin over the addresses
  they are announced at (a flood from one address comes after every other
  address's first game) and counts, for each game, the *other*
  announcements that carry the same fingerprint (``dup``): at most one of
  them can be that host, ``find`` marks them and checks who proves what;
* ``join --code`` without an address tries the games with the code
  (commands/join.py, net/lobby.py): a host whose signed challenge proves another key than its
  announcement's fingerprint is dropped and reported before it is given a
  guess; a host that does not prove the code is passed over.

zeroconf runs its own thread; the calls here that may block (register,
update, unregister, resolve) run in trio worker threads.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from dataclasses import dataclass, replace

import trio

from ..protocol.messages import PROTOCOL_VERSION, nickname_problem

SERVICE_TYPE = "_snowp2p._tcp.local."
#: seconds `join` (without an address) and `find` listen for announcements
BROWSE_SECONDS = 3.0
_MAX_TXT = 64  # characters of any TXT value we show
#: names kept from one browse (memory bound; a LAN has a handful of games)
MAX_NAMES = 4096
#: names asked for whose records did not come with the announcement (each waits up to ASK_MS)
MAX_ASKED = 64
ASK_MS = 1500


@dataclass(frozen=True)
class GameAd:
    """One announced game, as `find` lists it."""

    name: str  # the DNS-SD instance name
    kind: str
    track: str
    taken: int
    seats: int
    host_nick: str
    fingerprint: str
    addr: str
    port: int
    version: int = PROTOCOL_VERSION
    dup: int = 0  # other announcements with the same fingerprint (at most one of them is that host)

    @property
    def free(self) -> int:
        return max(self.seats - self.taken, 0)


def ad_properties(kind: str, track: str, taken: int, seats: int, host_nick: str, fingerprint: str) -> dict[str, str]:
    """The TXT record of a game (pure).  No join code, ever."""
    return {"v": str(PROTOCOL_VERSION), "kind": kind, "track": track, "taken": str(taken), "seats": str(seats),
            "nick": host_nick, "fp": fingerprint}


def _text(raw, limit: int = _MAX_TXT) -> str | None:
    if raw is None:
        return None
    try:
        s = raw.decode("utf-8") if isinstance(raw, bytes) else str(raw)
    except UnicodeDecodeError:
        return None
    if not s or len(s) > limit or not s.isprintable():
        return None
    return s


def parse_ad(name: str, properties: dict, addrs: list[str], port: int) -> GameAd | None:
    """An announcement from the network, checked; None if anything is missing or malformed (it is ignored)."""
    p = {(k.decode("utf-8", "replace") if isinstance(k, bytes) else str(k)): v for k, v in properties.items()}
    fields = {k: _text(p.get(k)) for k in ("v", "kind", "track", "taken", "seats", "nick", "fp")}
    if any(v is None for v in fields.values()):
        return None
    if not (fields["v"].isdigit() and fields["taken"].isdigit() and fields["seats"].isdigit()):
        return None
    version, taken, seats = int(fields["v"]), int(fields["taken"]), int(fields["seats"])
    if version != PROTOCOL_VERSION or not (1 <= taken <= seats <= 8) or not (1 <= port <= 65535):
        return None
    if nickname_problem(fields["nick"]) is not None:
        return None
    addr = next((a for a in addrs if _usable(a)), None)
    if addr is None:
        return None
    return GameAd(_text(name, 255) or "?", fields["kind"], fields["track"], taken, seats, fields["nick"],
                  fields["fp"], addr, port, version)


def _usable(addr: str) -> bool:
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_unspecified and not ip.is_multicast


class Announcer:
    """The host's announcement: ``start``, ``update`` when seats are taken, ``stop`` when the lobby closes."""

    def __init__(self, instance: str, addr: str, port: int, properties: dict[str, str]):
        from zeroconf import ServiceInfo, Zeroconf

        self._zc_class = Zeroconf
        self._info_class = ServiceInfo
        self.instance = instance
        self.addr, self.port = addr, port
        self.properties = dict(properties)
        self._zc = None
        self._info = None
        self._lock = threading.Lock()

    def _start(self) -> None:
        with self._lock:
            self._zc = self._zc_class()
            self._info = self._info_class(SERVICE_TYPE, f"{self.instance}.{SERVICE_TYPE}", port=self.port,
                                          properties=self.properties, addresses=[socket.inet_aton(self.addr)])
            self._zc.register_service(self._info, allow_name_change=True)

    def _update(self, properties: dict[str, str]) -> None:
        with self._lock:
            if self._zc is None:
                return
            self.properties.update(properties)
            name = self._info.name  # (as registered: zeroconf may have renamed it to keep it unique)
            # (the server name as registered: without it zeroconf refuses the update, "ServiceInfo must have a
            # server", and the announcement was gone from the first seat taken on; issue 21)
            self._info = self._info_class(SERVICE_TYPE, name, port=self.port, properties=self.properties,
                                          addresses=[socket.inet_aton(self.addr)], server=self._info.server)
            self._zc.update_service(self._info)

    def _stop(self) -> None:
        with self._lock:
            if self._zc is None:
                return
            try:
                self._zc.unregister_service(self._info)
            finally:
                self._zc.close()
                self._zc = None

    async def start(self) -> None:
        await trio.to_thread.run_sync(self._start)

    async def update(self, **properties) -> None:
        await trio.to_thread.run_sync(self._update, {k: str(v) for k, v in properties.items()})

    async def stop(self) -> None:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(self._stop)


def _browse_blocking(seconds: float, stop: threading.Event | None = None) -> list[GameAd]:
    from concurrent.futures import ThreadPoolExecutor

    from zeroconf import ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

    zc = Zeroconf()
    names: dict[str, None] = {}  # (ordered, unique)

    def on_change(zeroconf, service_type, name, state_change):
        if state_change is ServiceStateChange.Added and len(names) < MAX_NAMES:
            names.setdefault(name, None)

    def ask(info) -> bool:
        try:
            return info.request(zc, ASK_MS)
        except Exception:
            return False

    try:
        browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[on_change])
        stop = stop or threading.Event()
        stop.wait(seconds)
        browser.cancel()
        if stop.is_set():  # the browse was cancelled (Ctrl-C): nobody waits for the answers
            return []
        infos, missing = [], []
        for name in list(names):
            info = ServiceInfo(SERVICE_TYPE, name)
            (infos if info.load_from_cache(zc) else missing).append(info)
        if missing:
            with ThreadPoolExecutor(16) as pool:
                asked = missing[:MAX_ASKED]
                infos += [i for i, ok in zip(asked, pool.map(ask, asked), strict=True) if ok]
        ads = []
        for info in infos:
            if info.port is None:
                continue
            ad = parse_ad(info.name.removesuffix("." + SERVICE_TYPE), info.properties or {}, info.parsed_addresses(),
                          info.port)
            if ad is not None:
                ads.append(ad)
        return ads
    finally:
        zc.close()


def arrange(ads: list[GameAd]) -> list[GameAd]:
    """The games to show or try (pure): identical ones once; round-robin over the announced addresses
    (each address's games in a stable order); each with ``dup``, the number of other announcements of
    its fingerprint."""
    unique = sorted({(a.addr, a.port, a.fingerprint): a for a in ads}.values(),
                    key=lambda a: (a.host_nick, a.port, a.name))
    by_fp: dict[str, int] = {}
    for a in unique:
        by_fp[a.fingerprint] = by_fp.get(a.fingerprint, 0) + 1
    by_addr: dict[str, list[GameAd]] = {}
    for a in unique:
        by_addr.setdefault(a.addr, []).append(replace(a, dup=by_fp[a.fingerprint] - 1))
    out: list[GameAd] = []
    groups = [by_addr[k] for k in sorted(by_addr, key=lambda k: (len(by_addr[k]), k))]
    for k in range(max((len(g) for g in groups), default=0)):
        out += [g[k] for g in groups if k < len(g)]
    return out


async def browse(seconds: float = BROWSE_SECONDS) -> list[GameAd]:
    """The games announced on the LAN within ``seconds`` (checked, de-duplicated, in the order of :func:`arrange`)."""
    stop = threading.Event()
    try:  # a cancelled browse (Ctrl-C) returns at once; its thread ends its wait and closes (issue 23)
        return arrange(await trio.to_thread.run_sync(_browse_blocking, seconds, stop, abandon_on_cancel=True))
    finally:
        stop.set()


__all__ = ["SERVICE_TYPE", "BROWSE_SECONDS", "GameAd", "ad_properties", "parse_ad", "arrange", "Announcer", "browse"]

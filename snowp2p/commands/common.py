"""What several commands share: the one-line printer, the LAN address, the identity, how to type this program."""

from __future__ import annotations

import socket
import subprocess
import sys

from ..errors import CommandError
from ..home import Home


def say_factory(quiet: bool):
    if quiet:
        return lambda line: None

    def say(line: str) -> None:
        print(line, flush=True)

    return say


def lan_address() -> str:
    """This machine's LAN address as others would type it (best effort, no traffic sent)."""
    try:
        out = subprocess.run(["ip", "-4", "-o", "addr", "show", "scope", "global"], capture_output=True,
                             text=True, timeout=2).stdout
        for line in out.splitlines():
            parts = line.split()
            if "inet" in parts:
                return parts[parts.index("inet") + 1].split("/")[0]
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127."):
                return addr
    except OSError:
        pass
    return "127.0.0.1"


def check_interactive(args) -> None:
    if not args.autoplay and not sys.stdin.isatty() and getattr(args, "pt_input", None) is None:
        raise CommandError(f"{args.command}: standard input is not a terminal; add --autoplay to let the "
                           "computer play this seat")


def open_identity(args):
    home = Home.open(args.home)
    return home, home.identity(), home.nickname(args.name)


def friend_program() -> str:
    from ..program import friend_program as f

    return f()


def program() -> str:
    from ..ui.tableplay import program

    return program()


def ask(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return ""


async def listen_again(port: int, within: float = 3.0) -> list | None:
    """Listeners on ``port`` again (tried every 0.2 s for ``within`` s), or None when another program holds it.
    A busy machine can hand a killed peer's port to another connection in the instant before ``resume`` (the
    higher seats dial this port; without it the resumed peer dials them instead: net/peer.py ``dial_up``), and
    a rematch's lobby or a match's next race reopens the port the last game's links are letting go of."""
    import trio

    with trio.move_on_after(within):
        while True:
            try:
                return await trio.open_tcp_listeners(port)
            except OSError:
                await trio.sleep(0.2)
    return None


async def retry_for(attempt, within: float, every: float, retry: tuple = (Exception,)):
    """``await attempt()`` again every ``every`` s while it raises one of ``retry``, for ``within`` s (a host
    that has not opened its next game yet): its result and None, or None and the last error when time ran out."""
    import trio

    last = None
    with trio.move_on_after(within):
        while True:
            try:
                return await attempt(), None
            except retry as e:
                last = e
            await trio.sleep(every)
    return None, last

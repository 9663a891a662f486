"""Running the table (ui/table.py): a local driver as a task of its application (:func:`run_app`), trio as
a guest of its asyncio loop for networked play (:func:`run_trio`), each run in an app session of its own;
and whether the output is a terminal at all (:func:`is_terminal`).
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Callable

from .views import Quit

#: the table these run (ui/table.py Table; not imported here: the table imports this module)
Table = Any


class Interrupted(Exception):
    """Ctrl-C at the table."""


def run_app(table: Table, driver: Callable[[Table], Any]):
    """Run the table's application with ``driver(table)`` (a coroutine function) as its task; return its result.

    The application ends when the driver returns or raises (Quit, Interrupted...)."""
    result: dict = {}

    async def main():
        async def drive():
            try:
                result["value"] = await driver(table)
            except BaseException as e:  # noqa: BLE001 - given back to the caller below
                result["error"] = e
            finally:
                if table.app.is_running:
                    table.app.exit()

        try:
            await table.app.run_async(pre_run=lambda: table.app.create_background_task(drive()))
        except EOFError:  # the input was closed: as if the player left
            result.setdefault("error", Quit())
        table.close_blocking()

    _run_isolated(table, main)
    if "error" in result:
        raise result["error"]
    return result.get("value")


def _run_isolated(table: Table, main) -> None:
    """``asyncio.run(main())`` in an app session of the table's own (issue 23, item 9).

    prompt_toolkit keeps "the running application" in one process-wide session unless a run makes its own;
    two runs that overlap (a table still closing while the next opens, a series, a test harness) then
    create each other's completion and key-timeout tasks on the wrong loop ("Task … got Future … attached
    to a different loop").  ``asyncio.run`` returns only when every task of the run is done and its worker
    threads (``asyncio.to_thread``: the computer players) have ended, so nothing of this run outlives it."""
    from prompt_toolkit.application.current import create_app_session

    with create_app_session(input=table.app.input, output=table.app.output):
        asyncio.run(main())


def run_trio(table: Table, async_fn, *args, after: Callable[[Table, Any], Any] | None = None):
    """Run trio (``async_fn(*args)``) as a guest of the table's asyncio loop; then ``after(table, result)``
    (a coroutine function, e.g. the end screen).  Ctrl-C cancels trio and raises Interrupted."""
    import trio

    result: dict = {}

    async def main():
        loop = asyncio.get_running_loop()
        trio_done = loop.create_future()
        scope_box: dict = {}

        async def guest():
            with trio.CancelScope() as scope:
                scope_box["scope"] = scope
                scope_box["token"] = trio.lowlevel.current_trio_token()
                return await async_fn(*args)
            raise Interrupted()

        def done(outcome):
            if not trio_done.done():
                trio_done.set_result(outcome)

        def cancel():
            if "token" in scope_box:
                try:
                    scope_box["token"].run_sync_soon(scope_box["scope"].cancel)
                except RuntimeError:
                    pass

        async def drive():
            try:
                trio.lowlevel.start_guest_run(guest, run_sync_soon_threadsafe=loop.call_soon_threadsafe,
                                              done_callback=done, host_uses_signal_set_wakeup_fd=True)
                scope_box["started"] = True
                outcome = await trio_done
                value = outcome.unwrap()
                result["value"] = value
                if after is not None and table.app.is_running:
                    await after(table, value)
            except BaseException as e:  # noqa: BLE001
                result["error"] = e
            finally:
                if table.app.is_running:
                    table.app.exit()

        def interrupt():
            result.setdefault("interrupted", True)
            cancel()
            if table._done is not None and not table._done.done():
                table._done.set_result(None)

        table.on_interrupt = interrupt
        table.cancel_trio = cancel
        await table.app.run_async(pre_run=lambda: table.app.create_background_task(drive()))
        # The app has ended: no worker thread may stay blocked on it, and trio must finish before this
        # run returns (never a time limit: a guest left running would call into a closed loop later).
        table.close_blocking()
        while not trio_done.done() and "started" in scope_box:
            cancel()  # again each second: the guest may not have had its first tick yet
            try:
                await asyncio.wait_for(asyncio.shield(trio_done), 1.0)
            except asyncio.TimeoutError:
                pass
        # the worker threads have left their waits (they were cancelled above); they signal no event
        while table.waits_left():  # noqa: ASYNC110
            await asyncio.sleep(0.02)

    _run_isolated(table, main)
    if result.get("interrupted"):
        raise Interrupted()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def is_terminal(pt_output) -> bool:
    """Whether to use the table: a real terminal (or a test's VT100 output), not a pipe."""
    if pt_output is not None:
        from prompt_toolkit.output.vt100 import Vt100_Output

        return isinstance(pt_output, Vt100_Output)
    import os

    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") not in ("dumb", "")

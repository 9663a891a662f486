"""Issue 23 item 9 (defect 11): table runs in one process never share prompt_toolkit's state.

Under load CI failed with ``Task … got Future … attached to a different loop``: prompt_toolkit keeps the
running application in one process-wide *app session* unless each run makes its own, so while two runs
overlapped (a test's table still closing while the next one starts, a player's series), one run's
completion and key-timeout tasks were created through the other run's application, on the other run's
loop, and awaited there.  Each run now has its own app session; these tests hold two runs at once."""

from __future__ import annotations

from prompt_toolkit.application.current import get_app
from kit.screens import Typist, wait_until
from test_table_screen import mid_race

from snowp2p.ui.table import Table, run_app
from snowp2p.games import view_for


def open_table(view, state, events, cols, rows):
    """A table in a thread that may overlap another (test_table_screen.open_table, on purpose)."""

    def fn(inp, out):
        t = Table(view, tags={0: "you", 1: "computer", 2: "human"}, pt_input=inp, pt_output=out)
        t.show(state, events)

        async def driver(table):
            await table._wait_done()

        return run_app(t, driver)

    return Typist(fn, cols, rows, overlap=True)


def running(view, state, events, but_not=()):
    """A table run in a thread, once it runs (``but_not``: tables already open, not this one)."""
    t = open_table(view, state, events, 80, 24)
    wait_until(lambda: t.table not in but_not and t.table.app.is_running, "the table to run")
    return t, t.table


def close(table) -> None:
    table.loop.call_soon_threadsafe(table._finish, None)


def current_app_seen_by(table):
    """The application prompt_toolkit calls current inside ``table``'s run (its key handlers' context)."""
    return table.app.context.run(get_app)


def test_two_tables_at_once_each_sees_its_own_application():
    state, events = mid_race()
    first = open_table(view_for("mush"), state, events, 80, 24)
    wait_until(lambda: first.table.app.is_running and first.table.renders > 0, "the first table")
    table_a = first.table
    second = open_table(view_for("mush"), state, events, 80, 24)
    wait_until(lambda: second.table is not table_a and second.table.app.is_running and second.table.renders > 0,
               "the second table")
    table_b = second.table
    try:
        assert current_app_seen_by(table_a) is table_a.app
        assert current_app_seen_by(table_b) is table_b.app
    finally:
        close(table_a)
        close(table_b)
        first.join()
        second.join()


def test_a_run_after_an_overlapping_pair_is_clean():
    """Two runs that overlap and end in the other order, then a third: no stale application is left current."""
    state, events = mid_race()
    a, ta = running(view_for("snowtails"), state, events)
    b, tb = running(view_for("snowtails"), state, events, (ta,))
    close(ta)
    a.join()
    close(tb)
    b.join()
    c, _ = running(view_for("snowtails"), state, events, (ta, tb))
    try:
        assert current_app_seen_by(c.table) is c.table.app
        assert get_app().__class__.__name__ == "DummyApplication"  # nothing leaks into this (the test's) thread
    finally:
        close(c.table)
        c.join()


def test_typist_refuses_to_start_while_the_last_run_is_alive():
    """The harness itself: a new Typist waits for the previous one's thread (no leaked run overlaps the next)."""
    state, events = mid_race()
    a, ta = running(view_for("mush"), state, events)
    try:
        Typist(lambda i, o: 0, 80, 24, previous_timeout=0.5)  # no timing: table a never ends by itself
    except AssertionError as e:
        assert "still running" in str(e)
    else:
        raise AssertionError("a Typist started while another table run was alive")
    finally:
        close(ta)
        a.join()

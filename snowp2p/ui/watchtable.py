"""A spectator's table (``snowp2p watch`` at a terminal): the public table, live, nobody's hand.

The same :class:`~.table.Table` and the same game view as the players' tables (the view comes from the game of
the roster the host sends, asked of the game object: ui/ names no game), in a mode of its own, ``watch``: the
board, the players and the events as each turn is checked, no hand and no prompt; then the end screen with the
spectator's verdict (the audit's lines).  trio runs as the table's guest (:func:`.table.run_trio`).
"""

from __future__ import annotations


class WatchTable:
    def __init__(self, pt_input=None, pt_output=None):
        from .table import Table

        self.table = Table(None, title="snowp2p watch", pt_input=pt_input, pt_output=pt_output)
        self.table.mode = "lobby"  # (until the game is known: what the spectator is told meanwhile)
        self.table.lobby_lines = lambda: [[("", "· " + e)] for e in self.said]
        self.said: list[str] = ["Connecting to the host..."]
        self.view = None
        self.state = None
        self.verdict: list[str] = []
        self.checked = 0

    def say(self, line: str) -> None:
        if line:
            self.said.append(line.strip())
            self.table.show(events=["· " + line.strip()])

    def start(self, obs) -> None:
        """Record 0 is in: the game (its view, title, seats) is known."""
        t = self.table
        self.view = t.view = obs.game.view()
        t.title = f"{obs.game.title} on {obs.game.table_name(obs.track)} · watching"
        computers = set(obs.roster.body.settings.get("computer_seats", ()) or ())
        t.tags = {i: ("computer" if i in computers else "human") for i in range(obs.n)}
        t.viewer = None  # (nobody's hand: a spectator has none to see)
        t.mode = "watch"
        t.invalidate()

    def on_turn(self, obs, ev) -> None:
        lines = []
        if ev.move is not None:
            try:
                lines = self.view.events(*ev.move)
            except Exception:
                lines = [ev.description]
        if ev.state is not None:
            self.state = ev.state
        self.table.show(ev.state, lines)

    async def end(self, table, rc) -> None:
        """The end screen: the result (when the game has one) and the spectator's verdict."""
        if not table.app.is_running:
            return
        info = {"headline": "The game is over; the spectator's verdict is below (PgUp/PgDn).",
                "rows": self.view.result(self.state) if self.view is not None and self.state is not None
                and self.state.is_over else [],
                "totals": [], "how": list(self.verdict), "commands": []}
        await table.end_screen(info)

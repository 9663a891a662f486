"""The terminal for a networked game: :class:`NetTable`, the lobby, the live turns and the end screen on
the table; with ``--plain`` (or no terminal) the same view's lines (:class:`~.plain.PlainNet`).
"""

from __future__ import annotations

from .seat import SeatDriver


# ======================================================================= the table
class NetTable(SeatDriver):
    """A networked game on the table screen (ui/table.py): the lobby, live turns, the end screen; the seat is
    driven by the shared seat driver (ui/seat.py).

    Everything here runs on the table's event loop (trio is its guest, see
    :func:`.table.run_trio`), except :meth:`decide`, which NetGame runs in a
    worker thread and which waits for the table's answer.
    """

    def __init__(self, command: str, pt_input=None, pt_output=None):
        from .table import Table

        self.command = command
        self.table = Table(None, title="snowp2p", pt_input=pt_input, pt_output=pt_output,
                           quit_question="Leave the game? A computer player takes your seat for good. [y/N]")
        self.table.on_quit = self.leave
        self.game = None
        self.session = None
        self.left = False
        self.home_arg: str | None = None
        self.screen_game = None  # the game object (ui/views.py ScreenGame), the session's
        self.states: list = []  # every state seen, turn by turn (the picture: game.svg)

    # ---- text
    def say(self, line: str) -> None:
        if not line:
            return
        self.table.show(events=["· " + line.removeprefix("lobby: ")])

    # ---- the lobby (host)
    def lobby(self, lobby, players: int, deadline: float | None, start_now, join_line: str) -> None:
        """The host's lobby screen: seats taken (fingerprint, human or computer), seats left, the countdown."""
        import time

        from ..protocol.crypto import fingerprint

        self.table.title = lobby.cfg.game.title  # (the host's config holds the game object)

        def lines():
            now = time.monotonic()
            out = [[("bold", "The others join with:")], [("", "    " + join_line)], [("", "")],
                   [("bold", f"At the table ({lobby.taken()} of {players} seats taken):")]]
            for i, s in enumerate(lobby.seats):
                if s is None:  # a joiner declined or left: the seat is free again
                    out.append([("class:dim", f"  seat {i}: (free)")])
                    continue
                who = "computer" if s.pubkey in lobby.computer_keys else "human"
                out.append([("", f"  seat {i}: {s.nick:<16} [{fingerprint(s.pubkey)}]  {who}"
                                 + ("  (you, host)" if i == 0 else "")
                                 + ("" if s.accepted else "  deciding..."))])
            left = players - lobby.taken()
            out.append([("", "")])
            for s in lobby.waiting_for():  # issue 23: whom the lobby waits for, and for how long
                secs = max(0, int(s.deadline - now + 0.999))
                out.append([("class:wait", f"Waiting for {s.nick} to accept the settings ({secs} s).")])
            if lobby.waiting_for():  # (every lobby line fits 80 columns: issue 23)
                out.append([("class:dim", "A no, or no answer in time, frees the seat at once.")])
            if left <= 0 and lobby.waiting_for():
                pass
            elif left <= 0:
                out.append([("bold", "Every seat is taken: the race begins.")])
            elif deadline is not None:
                secs = max(0, int(deadline - time.monotonic() + 0.999))
                out.append([("class:wait", f"{left} seat{'s' if left != 1 else ''} left: computer players take "
                                           f"{'them' if left != 1 else 'it'} in {secs} s (s: start now).")])
            else:
                out.append([("class:wait", f"{left} seat{'s' if left != 1 else ''} left: computer players are "
                                           "starting.")])
            out += [[("", "")], [("class:dim", "Check each fingerprint with its player (say it aloud) before the race.")]]
            return out

        self.table.show()
        self.table.mode = "lobby"
        self.table.lobby_lines = lines
        self.table.on_start_now = start_now
        try:
            self.table.app.layout.focus(self.table.log_window)
        except Exception:
            pass
        self.table.invalidate()

    def confirm_blocking(self, lines: list[str], question: str) -> bool:
        """The joiner's confirmation of the host's game on the table (from a worker thread)."""
        self.table.title = "snowp2p · joining"
        return self.table.confirm_blocking(lines, question)

    def joining(self, where: str) -> None:
        self.table.title = "snowp2p · joining"
        self.table.mode = "lobby"
        self.table.lobby_lines = lambda: [[("bold", f"Joining the game at {where}...")],
                                          [("", "The host starts the race when every seat is taken;")],
                                          [("", "the roster and the settings show here then.")]]
        self.table.invalidate()

    def accepted(self, offer) -> None:
        """The joiner accepted the host's game: the seats the offer named, and whom the table still waits for."""
        from ..protocol.crypto import fingerprint

        seats = list(offer.seats)
        left = offer.players - len(seats)
        lines = [[("bold", f"You accepted the game. At the table ({len(seats)} of {offer.players} seats taken):")]]
        lines += [[("", f"  seat {i}: {s.nick:<16} [{fingerprint(s.pubkey)}]" + ("  (host)" if i == 0 else ""))]
                  for i, s in enumerate(seats)]
        lines += [[("", f"  seat {i}: (open)")] for i in range(len(seats), offer.players)]
        seats_word = f"{left} more seat{'s' if left != 1 else ''}"
        wait = ([f"Waiting for the host to fill {seats_word} (people or computer players)",
                 "and for every player to accept; the race begins then."] if left > 0 else
                ["Waiting for the other players to accept the settings;", "the race begins then."])
        lines += [[("", "")]] + [[("class:wait", w)] for w in wait]
        self.table.lobby_lines = lambda: lines
        self.table.invalidate()

    # ---- between the races of a match (commands/match.py, protocol/SPEC.md 16.3)
    def show_standings(self, lines: list[str], deadline: float, ready) -> None:
        """The standings between races on the table: the race result, the totals, the next track and start
        order; ``s`` (or the countdown to ``deadline``, time.monotonic()) calls ``ready``."""
        import time

        self.table.title = "snowp2p · standings"

        def shown():
            secs = max(0, int(deadline - time.monotonic() + 0.999))
            out = [[("bold" if i == 0 else "", ln)] for i, ln in enumerate(lines)]
            out += [[("", "")], [("class:wait", f"Press s when you are ready: the next race starts in {secs} s "
                                                "anyway.")]]
            return out

        self.table.mode = "lobby"
        self.table.lobby_lines = shown
        self.table.on_start_now = ready
        try:
            self.table.app.layout.focus(self.table.log_window)
        except Exception:
            pass
        self.table.invalidate()

    async def standings(self, lines: list[str], between: float) -> None:
        """Show the standings until this player presses ``s`` or ``between`` seconds have passed (trio side)."""
        import time

        import trio

        done = trio.Event()
        token = trio.lowlevel.current_trio_token()
        self.show_standings(lines, time.monotonic() + between, lambda: token.run_sync_soon(done.set))
        with trio.move_on_after(between):
            while not done.is_set():
                self.table.invalidate()  # (the countdown)
                with trio.move_on_after(0.5):
                    await done.wait()
        self.table.on_start_now = None
        self.table.lobby_lines = lambda: [[("class:wait", "Waiting for the other players to be ready...")]]
        self.table.invalidate()

    # ---- the game
    def attach(self, game) -> None:
        """The game is set up: show the table, the roster and the settings."""
        self.game = game
        s = self.session = game.session
        self.screen_game = s.game
        view = self.screen_game.view()
        t = self.table
        t.view = view
        self.base_title = t.title = f"{self.screen_game.title} on {self.screen_game.table_name(s.track)}"
        t.tags = {i: self.label(i) for i in range(s.n)}
        t.viewer = s.me
        t.mode = "play"
        t._focus_input()
        t.show(s.state, self.roster_lines())

    def label(self, seat: int) -> str:
        s = self.session
        computers = set(s.roster.body.settings.get("computer_seats", ()) or ())
        if seat == s.me:
            return "you"
        if seat in s.bot_seats:
            return "computer, took over" + (" (the player left)" if seat in s.quit else "")
        if seat in s.quit:
            return "left the game"
        return "computer" if seat in computers else "human"

    def roster_lines(self) -> list[str]:
        s = self.session
        out = [f"Game {s.game_id.hex()[:16]}: {s.n} players"]
        for i in range(s.n):
            out.append(f"  seat {i}: {s.nicks[i]} [{s.fingerprint(i)}]  {self.label(i)}" + ("  (host)" if i == 0 else ""))
        try:
            out += self.table.view.settings_lines(s.track, s.rules)
        except Exception:
            pass
        return out

    def on_turn(self, game, ev) -> None:
        s = game.session
        lines = []
        if ev.move is not None:
            try:
                lines = self.table.view.events(*ev.move)
            except Exception:
                lines = [ev.description]
        self.table.tags = {i: self.label(i) for i in range(s.n)}
        if ev.state is not None:
            self.states.append(ev.state)
        self.table.show(ev.state, lines)
        self.update_waiting()

    def update_waiting(self) -> None:
        s, g, t = self.session, self.game, self.table
        if s is None or s.state is None or t.view is None:
            return
        seat = t.view.acting(s.state)
        if seat is None or (seat == s.me and not self.left):
            t.wait_for(None, None)
            return
        who = f"{s.nicks[seat]} ({self.label(seat)})"
        settings = getattr(s.roster.body, "settings", None) or {}
        move_time = settings.get("move_time") if isinstance(settings, dict) else getattr(settings, "move_time", None)
        if s.paused_on(seat):
            # the vote's countdown runs from when the pause was first seen here
            t.wait_for(seat, f"{who} is not answering (game paused): the others vote in {{left}} s",
                       key=("paused", seat, s.turn), limit=g.vote_after)
            return
        if seat in s.quit and seat not in s.bot_seats:
            words = f"{s.nicks[seat]} left the game: a computer player takes the seat"
        elif seat != s.me and seat not in g.connected and seat not in s.bot_seats:
            words = f"Waiting for {who}: no connection, waiting for it to come back"
        else:
            words = f"Waiting for {who} to play turn {s.turn}"
        # timed from the start of the turn, on this machine's clock (issue 23, item 3); against the move
        # time when the game has one
        t.wait_for(seat, words, key=("turn", seat, s.turn), limit=move_time if move_time else None)

    def update_audience(self) -> None:
        """The title says how many spectators watch (``watching: N``): the host feeds them (net/spectators.py)
        and tells the other peers how many they are (``NetGame.audience``)."""
        g, t = self.game, self.table
        base = getattr(self, "base_title", None)
        if g is None or base is None:
            return
        n = g.audience_count()
        title = base + (f" · watching: {n}" if n else "")
        if t.title != title:
            t.title = title
            t.invalidate()

    async def watch(self) -> None:
        import trio

        while True:
            self.update_waiting()
            self.update_audience()
            await trio.sleep(0.5)

    # ---- the seat
    def _ask(self, state, seat: int, auto):
        return self.table.ask_blocking(state, seat, auto=auto)

    def _left_the_table(self) -> None:
        self.leave()

    def leave(self) -> None:
        """`quit` confirmed.  In a game: this seat says bye{"left"} and stops; the others vote it out at once and a
        computer player takes the seat at their tables (NetGame.leave).  Before the game: this process stops and
        a computer player resumes the seat for good."""
        import trio

        self.left = True
        g = self.game
        if g is not None and not g._finished.is_set():
            try:
                trio.from_thread.run_sync(g.leave)  # (from the worker thread that asked for the move)
            except RuntimeError:
                g.leave()  # (already in trio's thread: the table's loop hosts trio)
            return
        cancel = getattr(self.table, "cancel_trio", None)
        if cancel is not None:
            cancel()

    def end_info(self) -> dict:
        from ..protocol.forks import rests_on
        from .tableplay import program

        s, g, view = self.session, self.game, self.table.view
        prog = program()
        cmds = [f"Game log: {g.log_path}", f"Audit it:  {prog} audit {g.log_path}",
                f"Replay it: {prog} replay {g.log_path}",
                f"Picture:   {prog} replay {g.log_path} --svg game.svg"]
        how = view.how(s.state) if s.state is not None else ["The game ended before it began: a player did not answer "
                                                              "and the others voted to end it."]
        for seat, (choice, _kept, turn) in sorted(s.gone.items()):
            what = "left the game" if seat in s.quit and seat not in s.leaving else "stopped answering"
            how.append(f"{s.nicks[seat]} {what} and was voted out at turn {turn}: "
                       + ("a computer player played the seat from then on." if choice == "bot" else "the game ended."))
        sole = rests_on(s)
        if sole:  # G12: one seat's decision alone (two seats): the other's log may say otherwise
            how.append(sole[0].upper() + sole[1:] + ".")
        rows = view.result(s.state) if s.state is not None and s.state.is_over else []
        if s.state is not None:
            self.table.on_svg = lambda: self.write_svg(str(g.log_path.with_name("game.svg")))
        final = getattr(self, "final_lines", None)  # the last race of a match: its final standings
        if final:
            how = list(final) + [""] + how
        return {"headline": f"The game is over ({len(rows)} places). The commands below work as printed.",
                "rows": rows, "how": how, "commands": cmds}


    def write_svg(self, path: str) -> str:
        from .svg import write_svg

        s = self.session
        title = f"{self.table.title}, game {s.game_id.hex()[:16]}"
        states = self.states if self.states and self.states[-1] is s.state else [*self.states, s.state]
        text = self.screen_game.svg(states, title)
        return write_svg(path, text, fresh=True)  # (never over an older picture: game-2.svg...)

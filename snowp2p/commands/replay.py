"""``snowp2p replay LOG``: the table stepping turn by turn (keys), ``--plain`` (or not a terminal) the
printout, ``--svg FILE`` a picture of the game."""

from __future__ import annotations

import os
import time

from ..errors import CommandError
from ..replay import replay_log
from ..protocol.session import TurnApplied


def run(args) -> int:
    """``replay LOG``: the table stepping turn by turn (keys), ``--plain`` (or not a terminal) the printout,
    ``--svg FILE`` a picture of the game."""
    from ..ui.table import is_terminal

    if getattr(args, "svg", None):
        return _replay_svg(args)
    if getattr(args, "plain", False) or args.delay or not is_terminal(getattr(args, "pt_output", None)):
        return _replay_plain(args)
    return _replay_table(args)


def _replay_frames(path: str):
    """(AuditResult, frames): frames are (state, what happened, event lines so far) after each turn."""
    frames: list = []
    events: list[str] = []
    view: list = []

    def collect(obs, ev: TurnApplied) -> None:
        if not view:
            view.append(obs.game.view())
        if ev.state is None:
            return
        lines = []
        if ev.move is not None:
            try:
                lines = view[0].events(*ev.move)
            except Exception:
                lines = [ev.description]
        events.extend(lines)
        frames.append((ev.state, lines[0] if lines else "The start", list(events)))

    from ..audit_match import carry_before

    res = replay_log(path, collect, carried_from=carry_before(path))
    return res, frames


def _audited_frames(path: str):
    """The replayed log's observer session and frames, or None after printing its violation."""
    res, frames = _replay_frames(path)
    if res.violation:
        print(f"VIOLATION: {res.violation}")
        return None
    return res.session, frames


def _replay_table(args) -> int:
    from ..ui.table import Table, run_app

    got = _audited_frames(args.log)
    if got is None:
        return 1
    obs, frames = got
    if not frames:
        print("This game ended before it began: nothing to replay.")
        return 0
    view = obs.game.view()
    computers = set(obs.roster.body.settings.get("computer_seats", ()) or ())
    tags = {i: ("computer" if i in computers else "human") for i in range(obs.n)}
    last_state, last_what, last_events = frames[-1]
    if last_state.is_over:
        ends = ["Final places: " + ", ".join(f"{p}. {text.split('  ')[0].strip()}" for p, _, text in
                                               view.result(last_state))]
        frames[-1] = (last_state, last_what, last_events + ends)
    table = Table(view, title=f"{obs.game.title} on {obs.game.table_name(obs.track)}", tags=tags,
                  pt_input=getattr(args, "pt_input", None), pt_output=getattr(args, "pt_output", None))
    from ..ui.table import Interrupted

    try:
        run_app(table, lambda t: t.run_replay(frames))
    except Interrupted:
        return 130
    return 0


def _replay_svg(args) -> int:
    from ..ui.svg import write_svg

    if os.path.lexists(args.svg) and not args.force:  # (said before the replay; the write checks again)
        raise CommandError(f"--svg {args.svg}: the file exists (a file, a directory or a link): give another "
                           "name, or --force to replace it")
    got = _audited_frames(args.log)
    if got is None:
        return 1
    obs, frames = got
    if not frames:
        raise CommandError(f"{args.log}: the game ended before it began: nothing to draw")
    title = f"{obs.game.title} on {obs.game.table_name(obs.track)}, game {obs.game_id.hex()[:16]}"
    text = obs.game.svg([st for st, _, _ in frames], title)
    try:
        path = write_svg(args.svg, text, force=args.force)
    except FileExistsError:
        raise CommandError(f"--svg {args.svg}: the file exists (a file, a directory or a link): give another "
                           "name, or --force to replace it") from None
    except OSError as e:
        raise CommandError(f"--svg {args.svg}: can not write: {e.strerror or e}") from None
    print(f"wrote {path}")
    return 0


def _replay_plain(args) -> int:
    delay = args.delay

    def show(obs, ev: TurnApplied) -> None:
        st = ev.state
        print(f"\n── turn {ev.turn} · round {getattr(st.public, 'round', '?')} ──")
        if ev.description:
            print(ev.description)
        print(obs.game.board_text(st, args.width))
        if delay:
            time.sleep(delay)

    from ..audit_match import carry_before

    res = replay_log(args.log, show, carried_from=carry_before(args.log))
    if res.violation:
        print(f"VIOLATION: {res.violation}")
        return 1
    obs = res.session
    print("\nFinal places: " + (", ".join(obs.nicks[s] for s in obs.places()) or "none (the game ended before it began)"))
    return 0

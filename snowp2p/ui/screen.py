"""What every interactive screen shares: a prompt_toolkit session, coloured output, one prompt.

The sled and Snake Carnival screens (ui/local.py, ui/snake_play.py) build on it;
tests pass a pipe input and a dummy output.
"""

from __future__ import annotations


class Quit(Exception):
    """The player typed quit (or closed the input)."""


class PromptScreen:
    def __init__(self, pt_input=None, pt_output=None):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.input import create_input
        from prompt_toolkit.output import create_output

        self.input = pt_input or create_input()
        self.output = pt_output or create_output()
        self.session = PromptSession(input=self.input, output=self.output)

    def show(self, fragments) -> None:
        from prompt_toolkit import print_formatted_text
        from prompt_toolkit.formatted_text import FormattedText

        print_formatted_text(FormattedText(fragments), output=self.output, end="")

    def ask(self, message, **kw) -> str:
        """One prompt.  The session keeps its last completer and toolbar, so a plain question clears them."""
        from prompt_toolkit.formatted_text import FormattedText

        kw.setdefault("completer", None)
        kw.setdefault("bottom_toolbar", None)
        kw.setdefault("complete_while_typing", False)
        from prompt_toolkit.application.current import create_app_session

        try:
            # each prompt in an app session of its own: see table._run_isolated (issue 23, item 9)
            with create_app_session(input=self.input, output=self.output):
                return self.session.prompt(FormattedText(message), **kw)
        except EOFError:
            raise Quit() from None

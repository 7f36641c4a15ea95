"""Input and output behind one small object, so tests can script a whole session.

>>> import io
>>> console = Console.from_streams(io.StringIO("o 1 2\\n"), io.StringIO())
>>> console.ask("> "), console.ask("> ")
('o 1 2', None)
>>> console.output.getvalue()
'> > \\n'
>>> echoing = Console.from_streams(io.StringIO("q\\n"), io.StringIO(), echo=True)
>>> echoing.ask("> "), echoing.output.getvalue()
('q', '> q\\n')
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import TextIO

Reader = Callable[[str], str]
"""Shows a prompt and returns one line without its newline, like :func:`input`;
raises EOFError at end of input."""


class Console:
    """Reads lines with ``read`` and writes text to ``output``."""

    def __init__(self, read: Reader, output: TextIO) -> None:
        self.read = read
        self.output = output

    @classmethod
    def standard(cls) -> Console:
        """The process's standard streams, with line editing on an interactive terminal."""
        if sys.stdin.isatty():
            # Importing readline is what gives input() arrow keys and history. It is not built
            # on every platform, and plain input() works without it.
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401
            return cls(input, sys.stdout)
        # Piped input is not echoed by a terminal: echo it, so that the output reads as a
        # transcript with each command after its prompt rather than run into the next line.
        return cls.from_streams(sys.stdin, sys.stdout, echo=True)

    @classmethod
    def from_streams(cls, input: TextIO, output: TextIO, *, echo: bool = False) -> Console:
        """A console over any pair of text streams, such as ``io.StringIO`` in tests.

        With ``echo``, each line read is written after its prompt.
        """

        def read(prompt: str) -> str:
            output.write(prompt)
            output.flush()
            line = input.readline()
            if not line:
                raise EOFError
            line = line.rstrip("\r\n")
            if echo:
                output.write(line + "\n")
            return line

        return cls(read, output)

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline."""
        self.output.write(text + "\n")
        self.output.flush()

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line; None at end of input."""
        try:
            return self.read(prompt)
        except EOFError:
            # End the prompt's line so that whatever is printed next starts cleanly.
            self.say()
            return None

    def ask_yes(self, question: str) -> bool | None:
        """The answer to a yes-or-no question, asked until it is one; None at end of input.

        >>> import io
        >>> console = Console.from_streams(io.StringIO("maybe\\nY\\n"), io.StringIO())
        >>> console.ask_yes("Sure? "), console.output.getvalue()
        (True, 'Sure? Please answer y or n.\\nSure? ')
        """
        while True:
            answer = self.ask(question)
            if answer is None:
                return None
            key = answer.strip().lower()
            if key in ("y", "yes"):
                return True
            if key in ("n", "no"):
                return False
            self.say("Please answer y or n.")

    def is_terminal(self) -> bool:
        """True when the output is a terminal, where a person watches it as it comes."""
        isatty = getattr(self.output, "isatty", None)
        return isatty is not None and bool(isatty())

    def supports_color(self) -> bool:
        """True when the output is a terminal that has not asked for plain text."""
        if not self.is_terminal():
            return False
        # https://no-color.org: any non-empty NO_COLOR turns colour off.
        if os.environ.get("NO_COLOR"):
            return False
        return os.environ.get("TERM") != "dumb"

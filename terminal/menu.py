"""Asking the player for a level when ``--level`` is not given.

>>> import io
>>> from terminal.console import Console
>>> answers = io.StringIO("z\\nc\\n9\\n9\\n81\\n5\\nx\\n5\\n3\\n")
>>> console = Console.from_streams(answers, io.StringIO())
>>> choose_level(console)
Level(rows=5, cols=5, mines=3)
>>> print(console.output.getvalue().replace(LEVEL_PROMPT, "LEVEL? ").rstrip())
LEVEL? Unknown choice 'z': type b, i, e or c.
LEVEL? Rows: Columns: Mines: Invalid level: 81 mines do not fit on 9x9 board: \
a board of 81 cells takes 1 to 80 mines. Try again.
Rows: Columns: Columns must be a whole number, got 'x'.
Columns: Mines:
"""

from __future__ import annotations

import re

from engine import BEGINNER, EXPERT, INTERMEDIATE, InvalidLevelError, Level
from terminal.console import Console

LEVEL_PROMPT = (
    f"Choose a level: [b]eginner {BEGINNER}, [i]ntermediate {INTERMEDIATE}, "
    f"[e]xpert {EXPERT}, or [c]ustom: "
)

_SHORTCUTS: dict[str, Level] = {"b": BEGINNER, "i": INTERMEDIATE, "e": EXPERT}
_INTEGER = re.compile(r"[+-]?\d+")


def choose_level(console: Console) -> Level | None:
    """The level the player picks; None when the input ends first."""
    while True:
        answer = console.ask(LEVEL_PROMPT)
        if answer is None:
            return None
        key = answer.strip().lower()
        if key in _SHORTCUTS:
            return _SHORTCUTS[key]
        if key in ("c", "custom"):
            return custom_level(console)
        try:
            # Full names and COLSxROWS/MINES work too, as on the command line.
            return Level.parse(key)
        except InvalidLevelError:
            console.say(f"Unknown choice {answer.strip()!r}: type b, i, e or c.")


def custom_level(console: Console) -> Level | None:
    """Rows, columns and mines, asked until the engine accepts them; None at end of input."""
    while True:
        rows = _ask_whole_number(console, "Rows")
        cols = None if rows is None else _ask_whole_number(console, "Columns")
        mines = None if cols is None else _ask_whole_number(console, "Mines")
        if rows is None or cols is None or mines is None:
            return None
        try:
            return Level(rows=rows, cols=cols, mines=mines)
        except InvalidLevelError as error:
            # The engine knows the limits; its message says which one was broken.
            console.say(f"Invalid level: {error}. Try again.")


def _ask_whole_number(console: Console, name: str) -> int | None:
    while True:
        answer = console.ask(f"{name}: ")
        if answer is None:
            return None
        # Signs are accepted so that the engine, not this menu, explains what is out of range.
        if _INTEGER.fullmatch(answer.strip()):
            return int(answer)
        console.say(f"{name} must be a whole number, got {answer.strip()!r}.")

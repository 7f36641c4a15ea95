"""Asking the player for a level when ``--level`` is not given.

A custom level asks for height, width and mines, the fields of the browser's custom
dialog, and the engine's messages name them the same way.

>>> import io
>>> from terminal.console import Console
>>> answers = io.StringIO("z\\nc\\n9\\n9\\n81\\n5\\nx\\n5\\n3\\n")
>>> console = Console.from_streams(answers, io.StringIO())
>>> choose_level(console)
Level(rows=5, cols=5, mines=3)
>>> print(console.output.getvalue().replace(LEVEL_PROMPT, "LEVEL? ").rstrip())
LEVEL? Unknown choice "z": type b, i, e or c.
LEVEL? Height: Width: Mines: A 9x9 board takes 1 to 80 mines, got 81. Try again.
Height: Width: Width must be a whole number from 1 to 1000, got "x".
Width: Mines:
"""

from __future__ import annotations

from engine import (
    BEGINNER,
    EXPERT,
    INTERMEDIATE,
    MAX_SIDE,
    InvalidLevelError,
    Level,
    excerpt,
    parse_custom,
    parse_whole,
)
from play.game import sentence
from terminal.console import Console

LEVEL_PROMPT = (
    f"Choose a level: [b]eginner {BEGINNER}, [i]ntermediate {INTERMEDIATE}, "
    f"[e]xpert {EXPERT}, or [c]ustom: "
)

_SHORTCUTS: dict[str, Level] = {"b": BEGINNER, "i": INTERMEDIATE, "e": EXPERT}


def choose_level(console: Console, last: Level | None = None) -> Level | None:
    """The level the player picks (an empty answer picks ``last``, when there is one);
    None when the input ends first.

    >>> import io
    >>> console = Console.from_streams(io.StringIO("\\n"), io.StringIO())
    >>> choose_level(console, last=EXPERT), console.output.getvalue().endswith("(Enter: expert): ")
    (Level(rows=16, cols=30, mines=99), True)
    """
    prompt = LEVEL_PROMPT
    if last is not None:
        prompt = f"{LEVEL_PROMPT.removesuffix(': ')} (Enter: {_name(last)}): "
    while True:
        answer = console.ask(prompt)
        if answer is None:
            return None
        key = answer.strip().lower()
        if not key and last is not None:
            return last
        if key in _SHORTCUTS:
            return _SHORTCUTS[key]
        if key in ("c", "custom"):
            return custom_level(console)
        try:
            # Full names and COLSxROWS/MINES work too, as on the command line.
            return Level.parse(key)
        except InvalidLevelError:
            console.say(f"Unknown choice {excerpt(answer.strip())}: type b, i, e or c.")


def _name(level: Level) -> str:
    """``expert``, or a custom board's size, ``20x10/30``."""
    return str(level) if level.name == "custom" else level.name


def custom_level(console: Console) -> Level | None:
    """Height, width and mines, asked until the engine accepts them; None at end of input.

    A height or width that is no size at all is asked again at once; a mine count is
    checked with the whole board, and when that fails all three are asked again.
    """
    while True:
        height = _ask_side(console, "Height")
        width = None if height is None else _ask_side(console, "Width")
        mines = None if width is None else console.ask("Mines: ")
        if height is None or width is None or mines is None:
            return None
        try:
            return parse_custom(height, width, mines)
        except InvalidLevelError as error:
            # The engine knows the limits; its message names the field and what it allows.
            console.say(f"{sentence(str(error))} Try again.")


def _ask_side(console: Console, field: str) -> str | None:
    """An answer for a side of the board, checked in the words of :func:`parse_custom`."""
    while True:
        answer = console.ask(f"{field}: ")
        if answer is None:
            return None
        try:
            parse_whole(answer, field, 1, MAX_SIDE, InvalidLevelError)
        except InvalidLevelError as error:
            console.say(sentence(str(error)))
        else:
            return answer

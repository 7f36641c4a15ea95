"""Board sizes and mine counts: the classic levels and custom ones.

A level's text form is ``COLSxROWS/MINES``, width first, the way the classic games
name their levels (expert is ``30x16/99``: 30 columns, 16 rows).

>>> EXPERT
Level(rows=16, cols=30, mines=99)
>>> str(EXPERT), EXPERT.name
('30x16/99', 'expert')
>>> Level.parse("intermediate") == INTERMEDIATE, Level.parse("10x8/12")
(True, Level(rows=8, cols=10, mines=12))
>>> Level(rows=9, cols=9, mines=81)
Traceback (most recent call last):
...
engine.errors.InvalidLevelError: a 9x9 board takes 1 to 80 mines, got 81

The custom-level dialogs ask for height, width and mines; :func:`parse_custom` reads their
answers and names the field as the dialog labels it:

>>> parse_custom("16", "30", "99") == EXPERT
True
>>> parse_custom("9", "9", "81")
Traceback (most recent call last):
...
engine.errors.InvalidLevelError: A 9x9 board takes 1 to 80 mines, got 81
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InvalidLevelError
from engine.grid import Grid
from engine.numbers import check_whole, excerpt, parse_whole

MAX_SIDE = 1000
"""Rows and columns go from 1 to ``MAX_SIDE``."""

# [0-9], not \d, which also matches the digits of other scripts; lengths are checked later.
_TEXT = re.compile(r"([0-9]+)\s*x\s*([0-9]+)\s*/\s*([0-9]+)")


@dataclass(frozen=True, slots=True)
class Level:
    rows: int
    cols: int
    mines: int

    def __post_init__(self) -> None:
        check_whole(self.rows, "rows", 1, MAX_SIDE, InvalidLevelError)
        check_whole(self.cols, "columns", 1, MAX_SIDE, InvalidLevelError)
        _check_room(self.rows, self.cols)
        high = self.rows * self.cols - 1
        takes = _takes(self.rows, self.cols)
        check_whole(self.mines, "mines", 1, high, InvalidLevelError, out_of_range=takes)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    @property
    def name(self) -> str:
        """``beginner``, ``intermediate``, ``expert`` or ``custom``."""
        for name, level in PRESETS.items():
            if level == self:
                return name
        return "custom"

    @property
    def title(self) -> str:
        """The board's name for the player: a level's name, or "Custom" and its size.

        >>> EXPERT.title, EXPERT_PORTRAIT.title, Level(10, 20, 30).title
        ('Expert', 'Expert (portrait)', 'Custom 20x10/30')
        """
        name = self.name
        if name == "custom":
            return f"Custom {self}"
        return {"expert-portrait": "Expert (portrait)"}.get(name, name.capitalize())

    def __str__(self) -> str:
        return f"{self.cols}x{self.rows}/{self.mines}"

    @classmethod
    def parse(cls, text: str) -> Level:
        """A preset's name (``beginner``, ``intermediate``, ``expert``) or ``COLSxROWS/MINES``.

        >>> Level.parse("9" * 5000 + "x9/10")
        Traceback (most recent call last):
        ...
        engine.errors.InvalidLevelError: columns must be from 1 to 1000, \
got 9999999999999999999… (5000 digits)
        """
        key = text.strip().lower()
        if key in PRESETS:
            return PRESETS[key]
        match = _TEXT.fullmatch(key)
        if match is None:
            raise InvalidLevelError(
                f"unknown level {excerpt(text.strip())}: use beginner, intermediate, expert "
                "or COLSxROWS/MINES such as 30x16/99"
            )
        cols_text, rows_text, mines_text = match.groups()
        cols = parse_whole(cols_text, "columns", 1, MAX_SIDE, InvalidLevelError)
        rows = parse_whole(rows_text, "rows", 1, MAX_SIDE, InvalidLevelError)
        return cls(rows, cols, _parse_mines(mines_text, "mines", rows, cols))


def parse_custom(height: str, width: str, mines: str) -> Level:
    """The level a custom-size dialog describes, from the text of its three fields.

    Messages are written for the dialog: each names the field as the dialog labels it
    (Height, Width, Mines), the value and the range allowed, which for mines depends on
    the board, and each starts with a capital letter.

    >>> parse_custom("8", "10", "12")
    Level(rows=8, cols=10, mines=12)
    >>> parse_custom("-5", "9", "10")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidLevelError: Height must be from 1 to 1000, got -5
    >>> parse_custom("1", "1", "1")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidLevelError: A 1x1 board has no room for mines: make it at least 2 cells
    """
    rows = parse_whole(height, "Height", 1, MAX_SIDE, InvalidLevelError)
    cols = parse_whole(width, "Width", 1, MAX_SIDE, InvalidLevelError)
    if rows * cols < 2:
        message = _no_room(rows, cols)
        raise InvalidLevelError(message[0].upper() + message[1:])
    return Level(rows, cols, _parse_mines(mines, "Mines", rows, cols))


def _on_board(rows: int, cols: int) -> str:
    return f"on a {cols}x{rows} board"  # width first, as in a level's text form


def _takes(rows: int, cols: int, capital: bool = False) -> str:
    """The mines a board takes, as a range in words: "a 9x9 board takes 1 to 80 mines"."""
    high = rows * cols - 1
    takes = "exactly 1 mine" if high == 1 else f"1 to {high} mines"
    return f"{'A' if capital else 'a'} {cols}x{rows} board takes {takes}"


def _no_room(rows: int, cols: int) -> str:
    return f"a {cols}x{rows} board has no room for mines: make it at least 2 cells"


def _check_room(rows: int, cols: int) -> None:
    # Every board needs a mine and a safe cell; only 1x1 has no count to suggest.
    if rows * cols < 2:
        raise InvalidLevelError(_no_room(rows, cols))


def _parse_mines(text: str, name: str, rows: int, cols: int) -> int:
    _check_room(rows, cols)
    return parse_whole(
        text,
        name,
        1,
        rows * cols - 1,
        InvalidLevelError,
        context=_on_board(rows, cols),
        out_of_range=_takes(rows, cols, capital=name[:1].isupper()),
    )


BEGINNER = Level(rows=9, cols=9, mines=10)
INTERMEDIATE = Level(rows=16, cols=16, mines=40)
EXPERT = Level(rows=16, cols=30, mines=99)
EXPERT_PORTRAIT = Level(rows=30, cols=16, mines=99)
"""Expert turned on its side, for tall narrow screens."""

PRESETS: dict[str, Level] = {
    "beginner": BEGINNER,
    "intermediate": INTERMEDIATE,
    "expert": EXPERT,
    "expert-portrait": EXPERT_PORTRAIT,
}

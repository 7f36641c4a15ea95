"""Board sizes and mine counts: the classic levels and custom ones.

A level's text form is ``COLSxROWS/MINES``, width first, the way the classic games
name their levels (expert is ``30x16/99``: 30 columns, 16 rows).

>>> EXPERT
Level(rows=16, cols=30, mines=99)
>>> str(EXPERT), EXPERT.name
('30x16/99', 'expert')
>>> Level.parse("intermediate") == INTERMEDIATE, Level.parse("10x8/12")
(True, Level(rows=8, cols=10, mines=12))
>>> Level(rows=9, cols=9, mines=81)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.InvalidLevelError: 81 mines do not fit on 9x9 board: ... takes 1 to 80 mines
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InvalidLevelError
from engine.grid import Grid

MAX_SIDE = 1000

_TEXT = re.compile(r"\s*(\d+)\s*x\s*(\d+)\s*/\s*(\d+)\s*")


@dataclass(frozen=True, slots=True)
class Level:
    rows: int
    cols: int
    mines: int

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "mines"):
            number = getattr(self, name)
            if isinstance(number, bool) or not isinstance(number, int):
                raise InvalidLevelError(f"{name} must be a whole number, got {number!r}")
        for name, side in (("rows", self.rows), ("cols", self.cols)):
            if not 1 <= side <= MAX_SIDE:
                raise InvalidLevelError(f"{name} must be from 1 to {MAX_SIDE}, got {side}")
        cells = self.rows * self.cols
        if not 1 <= self.mines <= cells - 1:
            raise InvalidLevelError(
                f"{self.mines} mines do not fit on {self.cols}x{self.rows} board: "
                f"a board of {cells} cells takes 1 to {cells - 1} mines"
            )

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

    def __str__(self) -> str:
        return f"{self.cols}x{self.rows}/{self.mines}"

    @classmethod
    def parse(cls, text: str) -> Level:
        """A preset's name (``beginner``, ``intermediate``, ``expert``) or ``COLSxROWS/MINES``."""
        key = text.strip().lower()
        if key in PRESETS:
            return PRESETS[key]
        match = _TEXT.fullmatch(key)
        if match is None:
            raise InvalidLevelError(
                f"unknown level {text!r}: use beginner, intermediate, expert "
                "or COLSxROWS/MINES such as 30x16/99"
            )
        cols, rows, mines = (int(group) for group in match.groups())
        return cls(rows=rows, cols=cols, mines=mines)


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

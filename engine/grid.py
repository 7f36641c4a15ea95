"""Cells as plain ints: ``index = row * cols + col``.

A :class:`Grid` knows only the board's shape; it converts between indexes and
(row, col) pairs and lists neighbours. Neighbours are computed, not stored:
a 1000x1000 board would otherwise hold a million tuples.

>>> g = Grid(3, 4)
>>> g.index(1, 2), g.row_col(6)
(6, (1, 2))
>>> g.neighbours(0)
[1, 4, 5]
>>> len(g.neighbours(5))
8

In words a cell is always :func:`spot_name`'s "row R, column C", counted from 1, whoever
speaks: the page, the review, the replay viewer, the hint, the kept early click, the
terminal. A record's moves (``O4,4``) are no words: they count from 0, as the engine does.
"""

from __future__ import annotations

from dataclasses import dataclass

Spot = tuple[int, int]
"""A cell as ``(row, col)``, as a player names it (a cell of the engine is one int)."""


def spot_name(spot: Spot) -> str:
    """``spot`` in words, as every text a player reads names a cell: counted from 1.

    Lower case, to sit inside a sentence (:func:`play.game.notice.capitalised` starts one).
    static/skeleton.js has the one other copy, for the page before Python runs; a test
    holds the two to the same words.

    >>> spot_name((0, 0)), spot_name((6, 14))
    ('row 1, column 1', 'row 7, column 15')
    """
    row, col = spot
    return f"row {row + 1}, column {col + 1}"


@dataclass(frozen=True, slots=True)
class Grid:
    rows: int
    cols: int

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def row_col(self, cell: int) -> Spot:
        return divmod(cell, self.cols)

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def neighbours(self, cell: int) -> list[int]:
        """The up to eight cells touching ``cell``, in reading order."""
        cols = self.cols
        row, col = divmod(cell, cols)
        r0 = row - 1 if row > 0 else row
        r1 = row + 1 if row + 1 < self.rows else row
        c0 = col - 1 if col > 0 else col
        c1 = col + 1 if col + 1 < cols else col
        return [
            r * cols + c
            for r in range(r0, r1 + 1)
            for c in range(c0, c1 + 1)
            if r != row or c != col
        ]

    def block(self, cell: int) -> list[int]:
        """``cell`` and its neighbours: the 3x3 block around it, clipped to the board."""
        return sorted([cell, *self.neighbours(cell)])

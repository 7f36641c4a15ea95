"""Where the mines are, and the number each safe cell hides.

Mines are placed at the first reveal, so that the first click always opens an
area: every layout that keeps the 3x3 block around the first cell free of mines
is equally likely (only the first cell itself when the board is too dense for
that). The choice is a partial Fisher-Yates shuffle of the allowed cells, which
costs one draw per mine at any density.

>>> layout = Layout.from_text('''
...     *..
...     ...
...     ..*
... ''')
>>> print(layout.to_text())
*1.
121
.1*
>>> layout.counts[4], 0 in layout.mines
(2, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import InvalidLayoutError
from engine.flood import pad
from engine.grid import Grid
from engine.level import Level
from engine.rng import Rng


def _mine_counts(grid: Grid, mines: frozenset[int]) -> bytes:
    counts = bytearray(grid.size)
    for mine in mines:
        for cell in grid.neighbours(mine):
            counts[cell] += 1
    return bytes(counts)


@dataclass(frozen=True, slots=True)
class Layout:
    level: Level
    mines: frozenset[int]
    counts: bytes = field(init=False, repr=False, compare=False)
    """Number of neighbouring mines for every cell (mines included, for simplicity)."""
    padded_counts: bytes = field(init=False, repr=False, compare=False)
    """``counts`` framed by sentinels, as :func:`engine.flood.flood` needs it."""

    def __post_init__(self) -> None:
        if len(self.mines) != self.level.mines:
            raise InvalidLayoutError(
                f"the level {self.level} needs {self.level.mines} mines, "
                f"the layout has {len(self.mines)}"
            )
        if any(not 0 <= cell < self.level.cells for cell in self.mines):
            raise InvalidLayoutError(f"a mine lies outside the {self.level} board")
        counts = _mine_counts(self.level.grid, self.mines)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "padded_counts", bytes(pad(self.level.grid, counts)))

    @property
    def grid(self) -> Grid:
        return self.level.grid

    def is_mine(self, cell: int) -> bool:
        return cell in self.mines

    @classmethod
    def from_text(cls, text: str) -> Layout:
        """A layout from rows of ``*`` (mine) and any other character (safe).

        Surrounding blank lines and indentation are ignored.
        """
        lines = [line.strip() for line in text.strip().splitlines()]
        if not lines or any(len(line) != len(lines[0]) for line in lines):
            raise InvalidLayoutError("a layout needs rows of equal, non-zero length")
        cols = len(lines[0])
        mines = frozenset(
            row * cols + col
            for row, line in enumerate(lines)
            for col, char in enumerate(line)
            if char == "*"
        )
        try:
            level = Level(rows=len(lines), cols=cols, mines=len(mines))
        except ValueError as error:
            raise InvalidLayoutError(f"the layout is not a playable board: {error}") from None
        return cls(level, mines)

    def to_text(self) -> str:
        """Rows of ``*`` for mines and the neighbour count (``.`` for 0) elsewhere."""
        cols = self.level.cols
        chars = [
            "*" if cell in self.mines else (str(count) if count else ".")
            for cell, count in enumerate(self.counts)
        ]
        return "\n".join("".join(chars[r * cols : (r + 1) * cols]) for r in range(self.level.rows))


def safe_zone(level: Level, first: int) -> list[int]:
    """The cells kept free of mines for a first reveal at ``first``."""
    block = level.grid.block(first)
    return block if level.cells - len(block) >= level.mines else [first]


def generate(level: Level, seed: int, first: int) -> Layout:
    """The layout for ``level`` and ``seed`` when the first reveal is at ``first``.

    The same arguments give the same layout in every Python.

    >>> a = generate(Level(9, 9, 10), seed=5, first=40)
    >>> a == generate(Level(9, 9, 10), seed=5, first=40), a.counts[40]
    (True, 0)
    """
    if not 0 <= first < level.cells:
        raise ValueError(f"first cell {first} is outside the {level} board")
    excluded = set(safe_zone(level, first))
    candidates = [cell for cell in range(level.cells) if cell not in excluded]
    rng = Rng(seed)
    size = len(candidates)
    for i in range(level.mines):
        j = i + rng.below(size - i)
        candidates[i], candidates[j] = candidates[j], candidates[i]
    return Layout(level, frozenset(candidates[: level.mines]))

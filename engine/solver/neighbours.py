"""The cells around each cell, looked up fast: every analysis asks for them constantly.

>>> from engine.grid import Grid
>>> neighbours_of(Grid(2, 3))[0]
(1, 3, 4)
"""

from __future__ import annotations

import functools

from engine.grid import Grid

_MAX_TABLE_CELLS = 40_000
"""Boards up to this size get a cached neighbour table; bigger ones compute neighbours."""


@functools.lru_cache(maxsize=8)
def _neighbour_table(grid: Grid) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(grid.neighbours(cell)) for cell in range(grid.size))


class _LazyNeighbours:
    """Neighbours computed on demand, for boards too large to tabulate."""

    __slots__ = ("_grid",)

    def __init__(self, grid: Grid) -> None:
        self._grid = grid

    def __getitem__(self, cell: int) -> list[int]:
        return self._grid.neighbours(cell)


Neighbours = tuple[tuple[int, ...], ...] | _LazyNeighbours
"""``neighbours[cell]``: the cells around ``cell``."""


def neighbours_of(grid: Grid) -> Neighbours:
    """The neighbour lookup for ``grid``: a table on boards up to 40,000 cells."""
    if grid.size <= _MAX_TABLE_CELLS:
        return _neighbour_table(grid)
    return _LazyNeighbours(grid)

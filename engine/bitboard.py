"""Sets of cells as Python ints, one bit per cell of a board framed by a one-cell border.

A flood fill written cell by cell runs a few Python statements per cell: about
2 µs each in CPython and three times that under Pyodide, far too slow for a
board of 90,000 cells. As bitboards, growing a region by one ring of
neighbours is six shifts and ORs of big integers, done in C, so the cost is
the number of rings (the board's width at most) rather than the number of cells.

The border keeps rows apart: bit ``(row + 1) * width + col + 1`` is cell
``(row, col)`` with ``width = cols + 2``, and no mask ever has a border bit set,
so a shift by one never carries a region from the end of one row into the next.

>>> from engine.grid import Grid
>>> board = Bitboard(Grid(3, 4))
>>> cells = board.mask_of_cells([0, 11])
>>> board.cells_of(cells)
[0, 11]
>>> board.cells_of(board.dilate(board.mask_of_cells([0])) & board.inside)
[0, 1, 4, 5]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress

from engine.grid import Grid

BORDER = 255
"""The byte that frames padded byte boards; no table maps it to a member."""

_BITS_TO_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def table(members: set[int]) -> bytes:
    """A ``bytes.translate`` table: ``b"1"`` for each byte in ``members``, else ``b"0"``."""
    return bytes(ord("1") if byte in members else ord("0") for byte in range(256))


class Bitboard:
    """Conversions and neighbourhoods for one board shape."""

    __slots__ = ("cols", "grid", "inside", "rows", "size", "width")

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.rows, self.cols = grid.rows, grid.cols
        self.width = grid.cols + 2
        self.size = (grid.rows + 2) * self.width
        self.inside = self.mask(self.pad(bytes(grid.size)), table({0}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bitboard) and other.grid == self.grid

    def __hash__(self) -> int:
        return hash(self.grid)

    def pad(self, data: bytes | bytearray) -> bytes:
        """``data`` (one byte per cell) framed by :data:`BORDER` bytes."""
        cols, width = self.cols, self.width
        edge = bytes([BORDER]) * (width + 1)
        side = bytes([BORDER, BORDER])
        return edge + side.join(data[r * cols : (r + 1) * cols] for r in range(self.rows)) + edge

    def unpad(self, padded: bytes | bytearray) -> bytes:
        cols, width = self.cols, self.width
        return b"".join(
            padded[(r + 1) * width + 1 : (r + 1) * width + 1 + cols] for r in range(self.rows)
        )

    def mask(self, padded: bytes | bytearray, members: bytes) -> int:
        """The cells of a padded byte board whose byte ``members`` (a :func:`table`) marks."""
        return int(padded.translate(members)[::-1], 2)

    def cell_bytes(self, mask: int) -> bytes:
        """One byte per (unpadded) cell: 1 where ``mask`` has the cell, else 0."""
        bits = format(mask, "b").zfill(self.size)[::-1].encode()
        return self.unpad(bits.translate(_BITS_TO_BYTES))

    def mask_of_cells(self, cells: Iterator[int] | range | list[int]) -> int:
        cols, width, mask = self.cols, self.width, 0
        for cell in cells:
            mask |= 1 << ((cell // cols + 1) * width + cell % cols + 1)
        return mask

    def cells_of(self, mask: int) -> list[int]:
        return list(compress(range(self.grid.size), self.cell_bytes(mask)))

    def dilate(self, mask: int) -> int:
        """``mask`` and every cell touching it (border bits included: mask them off)."""
        row = mask | mask << 1 | mask >> 1
        return row | row << self.width | row >> self.width

    def grow(self, seeds: int, within: int) -> int:
        """The cells of ``within`` connected to ``seeds`` (which must lie in it)."""
        region = frontier = seeds
        while frontier:
            frontier = self.dilate(frontier) & within & ~region
            region |= frontier
        return region

    def components(self, mask: int) -> Iterator[int]:
        """The 8-connected parts of ``mask``, one at a time."""
        while mask:
            part = self.grow(mask & -mask, mask)
            mask &= ~part
            yield part


def select(choose: bytes, when_set: bytes, otherwise: bytes) -> bytes:
    """Byte by byte: ``when_set[i]`` where ``choose[i]`` is 1, else ``otherwise[i]``.

    Bytes are read as big little-endian integers; a 0/1 byte times 255 is an
    all-or-nothing byte mask, and AND/OR act on every byte at once.

    >>> select(bytes([1, 0, 1]), b"abc", b"xyz")
    b'ayc'
    """
    bytemask = int.from_bytes(choose, "little") * 255
    merged = (int.from_bytes(when_set, "little") & bytemask) | (
        int.from_bytes(otherwise, "little") & ~bytemask
    )
    return merged.to_bytes(len(choose), "little")

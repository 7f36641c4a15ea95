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
>>> cells_in(board.cell_bytes(cells))
[0, 11]
>>> cells_in(board.cell_bytes(board.dilate(board.mask_of_cells([0])) & board.inside))
[0, 1, 4, 5]
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from itertools import compress

from engine.grid import Grid

WORK_A_SLICE = 20_000_000
"""Bits of rings grown between two slices of :meth:`Bitboard.grow_steps` (some 10 ms of
CPython: twenty rings of a 1000x1000 board)."""
STRIP_ROWS = 8
"""Padded rows in a strip of :class:`Bands` (eight: a strip is a whole number of bytes)."""
BORDER = 255
"""The byte that frames padded byte boards; no table maps it to a member."""

_BITS_TO_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def cells_in(marks: bytes | bytearray) -> list[int]:
    """The cells whose byte in ``marks`` (one byte per cell, as :meth:`Bitboard.cell_bytes`
    gives) is set, in reading order: picked in C, as a flood's cells opened are.

    >>> cells_in(bytes([0, 1, 0, 1]))
    [1, 3]
    """
    return list(compress(range(len(marks)), marks))


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

    def grow_steps(self, seeds: int, within: int) -> Generator[None, None, int]:
        """:meth:`grow` in slices of some :data:`WORK_A_SLICE` bits of rings: a region
        that winds across a huge board takes hundreds of rings (0.15 s of CPython)."""
        region = frontier = seeds
        work, size = 0, within.bit_length()
        while frontier:
            frontier = self.dilate(frontier) & within & ~region
            region |= frontier
            work += size
            if work >= WORK_A_SLICE:
                work = 0
                yield
        return region

    def parts(self, mask: int) -> Iterator[Part | None]:
        """The 8-connected parts of ``mask``, one at a time, each as a :data:`Part`, with
        None between slices of work on a big one (see :meth:`grow_steps`).

        Each is grown on a band of rows around it (:class:`Bands`), widened until the part
        stays inside: a ring costs the band's bits, not the board's, and a part is kept
        as small as its rows. Grown on the whole board, the 5,600 openings of a 1000x1000
        board with 100,000 mines took 4 s of CPython, and kept as board-wide ints, 356 MB.

        >>> board = Bitboard(Grid(40, 3))
        >>> found = board.parts(board.mask_of_cells([0, 1, 4, 60, 117, 119]))
        >>> parts = [part for part in found if part is not None]
        >>> [cells_in(board.cell_bytes(bits << shift)) for shift, bits in parts]
        [[0, 1, 4], [60], [117], [119]]
        >>> all(bits.bit_length() <= 3 * STRIP_ROWS * board.width for _, bits in parts)
        True
        """
        bands = Bands(self, mask)
        count, strip, width = len(bands.strips), bands.strip_bits, self.width
        while (found := bands.lowest()) is not None:
            at, seed = found
            reach = 1
            while True:
                first, end = max(0, at - reach), min(count, at + reach + 1)
                within = bands.read(first, end)
                part = yield from self.grow_steps(seed << ((at - first) * strip), within)
                length = (end - first) * strip
                at_top = first > 0 and part & ((1 << width) - 1)
                at_bottom = end < count and part >> (length - width)
                if not at_top and not at_bottom:  # it stops inside the band: all of it
                    break
                reach *= 4
            bands.clear(part, first)
            yield first * strip, part


Part = tuple[int, int]
"""A set of cells as ``(shift, bits)``: the mask ``bits << shift``, ``shift`` a whole number
of :data:`STRIP_ROWS`-row strips, so a small part of a huge board stays small."""


class Bands:
    """A mask cut into strips of :data:`STRIP_ROWS` padded rows, each a small int: a few
    rows of it are read or cleared at the cost of their strips, not of the whole board."""

    __slots__ = ("_last", "_next", "strip_bits", "strips")

    def __init__(self, board: Bitboard, mask: int) -> None:
        self.strip_bits = bits = STRIP_ROWS * board.width  # whole bytes: 8 rows
        size, count = bits // 8, -(-(board.rows + 2) // STRIP_ROWS)
        data = mask.to_bytes(size * count, "little")
        self.strips = [
            int.from_bytes(data[k * size : (k + 1) * size], "little") for k in range(count)
        ]
        self._next = 0
        self._last: tuple[int, int, int] | None = None
        """The last band read, as (first, end, mask): parts side by side read the same."""

    def read(self, first: int, end: int) -> int:
        """Strips ``first`` to ``end - 1`` as one mask, strip ``first`` at bit 0."""
        last = self._last
        if last is not None and last[0] == first and last[1] == end:
            return last[2]
        size = self.strip_bits // 8
        data = b"".join(strip.to_bytes(size, "little") for strip in self.strips[first:end])
        band = int.from_bytes(data, "little")
        self._last = (first, end, band)
        return band

    def read_part(self, shift: int, bits: int) -> int:
        """The strips under the part ``(shift, bits)``, as one mask (shifted as it is)."""
        first = shift // self.strip_bits
        return self.read(first, first + -(-max(bits.bit_length(), 1) // self.strip_bits))

    def clear(self, part: int, first: int) -> None:
        """Take ``part`` (strip ``first`` at its bit 0) out of the mask."""
        bits, at = self.strip_bits, first
        keep = (1 << bits) - 1
        self._last = None
        while part:
            self.strips[at] &= ~(part & keep)
            part >>= bits
            at += 1

    def lowest(self) -> tuple[int, int] | None:
        """The strip holding the mask's lowest cell, and that cell as a bit of the strip;
        None once the mask is empty (strips are scanned once: cells are taken, not added)."""
        strips = self.strips
        while self._next < len(strips) and not strips[self._next]:
            self._next += 1
        if self._next == len(strips):
            return None
        strip = strips[self._next]
        return self._next, strip & -strip


def select(choose: bytes, when_set: bytes, otherwise: bytes | bytearray) -> bytes:
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

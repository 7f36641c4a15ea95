"""Opening cells and flooding from zeros, as a few big-integer operations per ring.

The region of zeros reachable from the revealed cells is grown on bitboards
(:mod:`engine.bitboard`); the cells opened are that region, its border and the
revealed cells themselves, less any flag. The new tiles are then picked byte by
byte from the layout's counts, all in C: a reveal that opens 90,000 cells costs a
few milliseconds rather than a Python statement per cell.
"""

from __future__ import annotations

from engine import tiles as t
from engine.bitboard import cells_in, select, table
from engine.layout import Layout

OPENABLE = table({t.COVERED, t.QUESTIONED})
"""A flood opens covered and question-marked cells, never flags."""


def flood(layout: Layout, tiles: bytes, starts: list[int]) -> tuple[bytes, list[int]]:
    """Open the safe cells ``starts`` and flood on from zeros: ``(new tiles, cells opened)``."""
    board = layout.bitboard
    openable = board.mask(board.pad(tiles), OPENABLE)
    seeds = board.mask_of_cells(starts) & openable
    if not seeds:
        return tiles, []
    zeros = layout.zero_mask & openable
    # Grown ahead while the mines were dealt (a first reveal), and no flag cuts it: kept.
    known = layout.known_zero_part(starts[0]) if len(starts) == 1 else None
    region = known if known is not None and not known & ~zeros else board.grow(seeds & zeros, zeros)
    opened = board.cell_bytes((seeds | board.dilate(region)) & openable)
    return select(opened, layout.counts, tiles), cells_in(opened)

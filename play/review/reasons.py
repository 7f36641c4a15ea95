"""Why a cell is certain, in words: its derivation from the board (:mod:`play.review.proof_words`).

Given what the player saw and the solver's analysis of it, a proven-safe (or proven-mine)
cell is explained by an ordered derivation made from the numbers alone
(:func:`engine.solver.derive.derive`): each step cites numbers on the board, the mine total
when it needs it, and cells proven in the steps before it, and names its own cell, so a
reader can follow it from the board. Nothing is taken as known that the words have not
proven first (the solver's answers, the player's flags). Cells are named in words, counted
from 1, by :func:`engine.grid.spot_name`, as everywhere a player reads (a record's moves
count from 0).

>>> from engine.grid import Grid
>>> from engine.solver import analyse
>>> from engine.tiles import from_char
>>> tiles = bytes(from_char(c) for c in "###" "121" "...")
>>> seen = Seen(Grid(3, 3), 2, tiles, analyse(Grid(3, 3), 2, tiles))
>>> why_safe(1, seen)   # the 1-2-1, from the 2
'the 2 at row 2, column 2 needs 2 mines among row 1, column 1; row 1, column 2 and \
row 1, column 3, but row 1, column 2 and row 1, column 3, which the 1 at row 2, column 3 \
touches too, hold at most 1 mine (the 1 at row 2, column 3 needs only 1), so row 1, \
column 1 is a mine; the 1 at row 2, column 1 has its mine at row 1, column 1, so row 1, \
column 2 is safe'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.grid import Grid
from engine.solver import Analysis
from play.review.proof_words import explain, listed, spot

__all__ = ["Seen", "listed", "spot", "why_mine", "why_safe"]


@dataclass(frozen=True, slots=True)
class Seen:
    """What the player saw before a move, and the solver's analysis of it."""

    grid: Grid
    mines: int
    """The board's mine total."""
    tiles: bytes
    analysis: Analysis


def why_safe(cell: int, seen: Seen) -> str:
    """Why ``cell``, proven safe, is safe."""
    return explain(seen.grid, seen.mines, seen.tiles, cell, False).words


def why_mine(cell: int, seen: Seen) -> str:
    """Why ``cell``, proven a mine, is a mine."""
    return explain(seen.grid, seen.mines, seen.tiles, cell, True).words

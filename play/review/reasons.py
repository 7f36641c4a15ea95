"""Why a cell is certain, in words: the numbers that prove it.

Given what the player saw and the solver's analysis of it, a proven-safe (or proven-mine)
cell is explained by the simplest proof found, in this order:

1. **one number**: "the 1 at row 4, column 5 already touches its mine at row 3, column 6",
   or "the 2 at row 4, column 5 needs 2 more mines and has only 2 covered cells left";
2. **two numbers**, one's undecided cells inside the other's (the subset rule, as in a
   1-2-1): "the 1 at row 4, column 6 needs 1 more mine among row 3, column 5 and row 3,
   column 6, which also touch the 1 at row 4, column 5: that is all the 1 at row 4,
   column 5 needs, so row 3, column 4 is safe";
3. **a group of numbers** whose every arrangement of mines agrees: "every way to place the
   mines of the numbers at row 4, column 5; row 4, column 6 and row 5, column 7 leaves it
   clear";
4. **the mine total**: when the numbers alone allow both, only the global mine count proves
   it, and the reason says so.

Steps 1 and 2 take the other cells the analysis proved (mines and safe cells) as known, as
a player who has found them would. Cells are named in words, counted from 1, by
:func:`engine.grid.spot_name`, as everywhere a player reads (a record's moves count from 0).

>>> from engine.grid import Grid, spot_name
>>> from engine.solver import analyse
>>> from engine.tiles import from_char
>>> tiles = bytes(from_char(c) for c in "###" "121" "...")
>>> seen = Seen(Grid(3, 3), 2, tiles, analyse(Grid(3, 3), 2, tiles))
>>> why_mine(0, seen)
'the 1 at row 2, column 1 needs 1 more mine and row 1, column 1 is the only covered cell \
left for it'
>>> why_safe(1, seen)
'the 1 at row 2, column 1 already touches its mine at row 1, column 1'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine import tiles as t
from engine.grid import Grid, spot_name
from engine.solver import Analysis
from engine.solver.components import solve, split
from engine.solver.deduce import Contradiction, Deducer

_SHOWN = (t.MINE, t.EXPLODED)
"""Tiles of mines shown on the board (after a loss)."""
MOST_NAMED = 4
"""Numbers named in a group's reason before "and N more"."""


def spot(grid: Grid, cell: int) -> str:
    """A cell as every text a player reads names it (:func:`engine.grid.spot_name`).

    >>> spot(Grid(3, 3), 5)
    'row 2, column 3'
    """
    return spot_name(grid.row_col(cell))


def listed(grid: Grid, cells: list[int] | set[int] | frozenset[int]) -> str:
    """Cells in reading order, a semicolon between two of them (each name has a comma).

    >>> grid = Grid(3, 3)
    >>> listed(grid, [1]), listed(grid, [1, 0])
    ('row 1, column 2', 'row 1, column 1 and row 1, column 2')
    >>> listed(grid, [8, 0, 4])
    'row 1, column 1; row 2, column 2 and row 3, column 3'
    """
    names = [spot(grid, c) for c in sorted(cells)]
    return names[0] if len(names) == 1 else "; ".join(names[:-1]) + " and " + names[-1]


def _mines(n: int) -> str:
    return f"{n} more mine{'s' * (n != 1)}"


@dataclass(frozen=True)
class Seen:
    """What the player saw before a move, and the solver's analysis of it."""

    grid: Grid
    mines: int
    """The board's mine total."""
    tiles: bytes
    analysis: Analysis

    @cached_property
    def known_mines(self) -> frozenset[int]:
        shown = {c for c, tile in enumerate(self.tiles) if tile in _SHOWN}
        return self.analysis.mines | shown

    def around(self, cell: int) -> list[int]:
        return self.grid.neighbours(cell)

    def numbers_around(self, cell: int) -> list[int]:
        return [n for n in self.around(cell) if 1 <= self.tiles[n] <= 8]

    def state(self, number: int, undecided: int) -> tuple[int, set[int], list[int]]:
        """(mines still needed, undecided covered cells, known mines) around ``number``,
        taking ``undecided`` as not yet known."""
        known = [n for n in self.around(number) if n in self.known_mines and n != undecided]
        cells = {
            n
            for n in self.around(number)
            if t.is_covered(self.tiles[n])
            and (n == undecided or (n not in self.known_mines and n not in self.analysis.safe))
        }
        return self.tiles[number] - len(known), cells, known


def why_safe(cell: int, seen: Seen) -> str:
    """Why ``cell``, proven safe, is safe."""
    return _one(cell, seen, False) or _two(cell, seen, False) or _group(cell, seen, False)


def why_mine(cell: int, seen: Seen) -> str:
    """Why ``cell``, proven a mine, is a mine."""
    return _one(cell, seen, True) or _two(cell, seen, True) or _group(cell, seen, True)


def _one(cell: int, seen: Seen, mine: bool) -> str | None:
    grid = seen.grid
    for number in seen.numbers_around(cell):
        need, cells, known = seen.state(number, cell)
        at = f"the {seen.tiles[number]} at {spot(grid, number)}"
        if not mine and need == 0 and known:
            mines = f"mine{'s' * (len(known) != 1)} at {listed(grid, known)}"
            return f"{at} already touches its {mines}"
        if mine and need == len(cells) == 1:
            only = f"{spot(grid, cell)} is the only covered cell left for it"
            return f"{at} needs 1 more mine and {only}"
        if mine and need == len(cells):
            return f"{at} needs {_mines(need)} and has only {need} covered cells left: " + listed(
                grid, cells
            )
    return None


def _two(cell: int, seen: Seen, mine: bool) -> str | None:
    grid = seen.grid
    for outer in seen.numbers_around(cell):
        need_o, cells_o, _ = seen.state(outer, cell)
        candidates = {m for n in cells_o for m in seen.numbers_around(n)} - {outer}
        for inner in sorted(candidates):
            need_i, cells_i, _ = seen.state(inner, cell)
            if not cells_i or cell in cells_i or not cells_i < cells_o:
                continue
            rest = len(cells_o) - len(cells_i)
            o_at = f"the {seen.tiles[outer]} at {spot(grid, outer)}"
            i_at = f"the {seen.tiles[inner]} at {spot(grid, inner)}"
            among = listed(grid, cells_i)
            if not mine and need_i == need_o:
                return (
                    f"{i_at} needs {_mines(need_i)} among {among}, which also touch {o_at}: "
                    f"that is all {o_at} needs, so {spot(grid, cell)} is safe"
                )
            if mine and need_o - need_i == rest:
                others = f"its other {rest} covered cell{'s' * (rest != 1)}"
                return (
                    f"{o_at} needs {_mines(need_o)} and {i_at} takes exactly {need_i} of them "
                    f"among {among}: {others}, {spot(grid, cell)} among them, are mines"
                )
    return None


def _group(cell: int, seen: Seen, mine: bool) -> str:
    """A proof by the numbers' arrangements, or the global mine count when they allow both."""
    deducer = Deducer()
    try:
        for number, tile in enumerate(seen.tiles):
            if 1 <= tile <= 8:
                cells = [n for n in seen.around(number) if t.is_covered(seen.tiles[n])]
                if cells:
                    shown = sum(1 for n in seen.around(number) if seen.tiles[n] in _SHOWN)
                    deducer.add(cells, tile - shown)
        deducer.run()
    except Contradiction:  # cannot happen for tiles the analysis accepted
        return "the numbers prove it"
    local = cell in (deducer.mine if mine else deducer.safe)
    for constraints in split(deducer.constraints()):
        if any(cell in cells for cells, _ in constraints):
            comp, _ = solve(constraints, {})
            box = next(i for i, b in enumerate(comp.boxes) if cell in b)
            sums, size = comp.box_mines[box], len(comp.boxes[box])
            full = all(s == c * size for s, c in zip(sums, comp.counts, strict=True))
            local = comp.exact and (full if mine else not any(sums))
    if not local:
        left = seen.mines - sum(1 for tile in seen.tiles if tile in _SHOWN)
        if mine:
            mines = "the mine left cannot" if left == 1 else f"the {left} mines left cannot all"
            return (
                "only the global mine count proves it: the numbers allow it to be clear, "
                f"but {mines} fit elsewhere"
            )
        mines = "the only mine left is" if left == 1 else f"all {left} mines left are"
        return (
            "only the global mine count proves it: the numbers allow a mine there, "
            f"but {mines} needed elsewhere"
        )
    group = _linked_numbers(cell, seen)
    named = listed(seen.grid, group[:MOST_NAMED])
    more = f" and {len(group) - MOST_NAMED} more" if len(group) > MOST_NAMED else ""
    what = "puts a mine on it" if mine else "leaves it clear"
    return f"every way to place the mines of the numbers at {named}{more} {what}"


def _linked_numbers(cell: int, seen: Seen) -> list[int]:
    """The numbers linked to ``cell`` through undecided covered cells, nearest first."""
    settled = seen.analysis.safe | seen.known_mines
    found: list[int] = []
    cells, queue = {cell}, [cell]
    while queue:
        for number in seen.numbers_around(queue.pop(0)):
            if number in found:
                continue
            found.append(number)
            for n in seen.around(number):
                if t.is_covered(seen.tiles[n]) and n not in settled and n not in cells:
                    cells.add(n)
                    queue.append(n)
    return found

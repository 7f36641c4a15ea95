"""An independent check of a derivation (:mod:`engine.proof`), by brute force.

It shares no reasoning with the maker (:mod:`engine.solver.derive`): each step is replayed
on the position, and rejected when

- a cited number is not an open number on the board, or a cited fact is not concluded by
  an earlier step (a circular pair, a fact used before it is proven);
- its cell is not covered, or was concluded before;
- its conclusion does not follow: some placing of mines on the covered cells the cited
  numbers touch fits every cited number and every cited fact (and, when the mine total is
  cited, leaves a count of mines the other covered cells can hold), with the conclusion
  false. Every placing is tried, one cell at a time, until one is found or none is left.

The search stops a branch only when a cited number is already over or under what its
cells left can give: simple enough to be the oracle of the maker and of the words.

>>> from engine.grid import Grid
>>> from engine.proof import Derivation, Rule, Step
>>> from engine.tiles import from_char
>>> tiles = bytes(from_char(c) for c in "###" "121" "...")
>>> mine = Step(0, True, Rule.PAIR, (4, 5))          # the 2 and the 1 at its right
>>> safe = Step(1, False, Rule.ONE, (3,), facts=(0,))  # the 1 at the left has its mine
>>> check(Grid(3, 3), 2, tiles, Derivation((mine, safe))) is None
True
>>> check(Grid(3, 3), 2, tiles, Derivation((safe, mine)))  # circular: the fact comes later
'step 1 cites step 1, which is not an earlier step'
>>> check(Grid(3, 3), 2, tiles, Derivation((Step(1, False, Rule.ONE, (3,)),)))
'step 1 does not follow: row 1, column 2 can be a mine'
"""

from __future__ import annotations

from engine import tiles as t
from engine.grid import Grid, spot_name
from engine.proof import Derivation

_SHOWN = (t.MINE, t.EXPLODED)


def check(grid: Grid, mines: int, tiles: bytes, derivation: Derivation) -> str | None:
    """None when every step of ``derivation`` follows on the position; else what is wrong
    with the first step that does not, in words."""
    if not derivation.steps:
        return "a derivation needs a step"
    concluded: dict[int, bool] = {}
    for index, step in enumerate(derivation.steps):
        name = f"step {index + 1}"
        if not 0 <= step.cell < grid.size or not t.is_covered(tiles[step.cell]):
            return f"{name} concludes about a cell that is not covered"
        if step.cell in concluded:
            return f"{name} concludes about {spot_name(grid.row_col(step.cell))} again"
        for number in step.numbers:
            if not 0 <= number < grid.size or tiles[number] > 8:
                return f"{name} cites a cell that is not an open number"
        known: dict[int, bool] = {}
        for cited in step.facts:
            if not 0 <= cited < index:
                return f"{name} cites step {cited + 1}, which is not an earlier step"
            earlier = derivation.steps[cited]
            known[earlier.cell] = earlier.mine
        problem = _follows(
            grid, mines, tiles, step.numbers, known, step.total, step.cell, step.mine
        )
        if problem:
            return f"{name} {problem}"
        concluded[step.cell] = step.mine
    return None


def _follows(
    grid: Grid,
    mines: int,
    tiles: bytes,
    numbers: tuple[int, ...],
    known: dict[int, bool],
    total: bool,
    cell: int,
    mine: bool,
) -> str | None:
    """None when ``cell`` is a mine (``mine``) in every placing that fits the premises."""
    need: dict[int, int] = {}
    cells: list[int] = []
    for number in numbers:
        need[number] = tiles[number]
        for n in grid.neighbours(number):
            if tiles[n] in _SHOWN or known.get(n, False):
                need[number] -= 1
            elif t.is_covered(tiles[n]) and n not in known and n not in cells:
                cells.append(n)
    outside = 0
    left = 0
    if total:
        left = mines - sum(1 for tile in tiles if tile in _SHOWN) - sum(known.values())
        outside = sum(
            1
            for c, tile in enumerate(tiles)
            if t.is_covered(tile) and c not in known and c not in cells
        )
    elif cell not in cells:
        return f"cites no number touching {spot_name(grid.row_col(cell))}"
    search = _Search(grid, cells, need, total, left, outside)
    if not search.exists(cell, mine):
        return "rests on premises that contradict each other"
    if search.exists(cell, not mine):
        what = "safe" if mine else "a mine"
        return f"does not follow: {spot_name(grid.row_col(cell))} can be {what}"
    return None


class _Search:
    """Placings of mines on ``cells`` that fit the numbers' needs (and the mines left)."""

    def __init__(
        self,
        grid: Grid,
        cells: list[int],
        need: dict[int, int],
        total: bool,
        left: int,
        outside: int,
    ) -> None:
        self.cells = cells
        self.need = need
        self.total, self.left, self.outside = total, left, outside
        self.numbers_of = {c: [n for n in grid.neighbours(c) if n in need] for c in cells}
        self.free = {n: sum(1 for c in cells if n in self.numbers_of[c]) for n in need}

    def exists(self, cell: int, mine: bool) -> bool:
        """Whether some placing fits with ``cell`` a mine (``mine``) or safe."""
        if cell in self.numbers_of:
            return self._place(0, 0, {cell: mine}, None)
        # A cell no cited number touches: one of the ``outside`` cells, which hold what is
        # left of the total; some placing of them puts a mine on it (or not) when the count
        # left for them is at least 1 (or at most their number less 1).
        return self._place(0, 0, {}, mine)

    def _place(self, i: int, placed: int, fixed: dict[int, bool], outside_mine: bool | None) -> (
        bool
    ):  # fmt: skip
        if i == len(self.cells):
            if any(self.need.values()):
                return False
            if not self.total:
                return True
            rest = self.left - placed
            if outside_mine is None:
                return 0 <= rest <= self.outside
            return 1 <= rest <= self.outside if outside_mine else 0 <= rest <= self.outside - 1
        cell = self.cells[i]
        choices = (fixed[cell],) if cell in fixed else (False, True)
        around = self.numbers_of[cell]
        for n in around:
            self.free[n] -= 1
        found = False
        for mine in choices:
            if self.total and placed + mine > self.left:
                continue
            for n in around:
                self.need[n] -= mine
            if all(0 <= self.need[n] <= self.free[n] for n in around):
                found = self._place(i + 1, placed + mine, fixed, outside_mine)
            for n in around:
                self.need[n] += mine
            if found:
                break
        for n in around:
            self.free[n] += 1
        return found

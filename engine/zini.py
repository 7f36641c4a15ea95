"""ZiNi and Human ZiNi: greedy estimates of the fewest clicks that clear a layout with flags.

3BV counts left clicks only. A player who flags and chords can often clear a board in fewer
clicks; the least number is hard to find (a search over click orders), so Elmar Zimmermann
and Christoph Nikolaus proposed a greedy estimate, named ZiNi after them ("New Benchmark:
3bv for Flaggers", minesweepergame.com forum, topic 70; also
https://minesweepergame.com/statistics.php):

1. Every safe cell, open or not, gets a *premium*: the 3BV its chord would clear, less the
   clicks the chord costs (one per unflagged mine around it, one for the chord, one more
   when the cell itself is still closed).
2. The cell with the highest premium, if it is at least 0, is opened, the mines around it
   flagged and it is chorded; each click counts. With no such cell, the first closed zero
   or lone number is opened with one click.
3. Repeat until only mines are closed.

"First" is in the original program's order: column by column, top to bottom within a
column. **Human ZiNi** (HZiNi) plays like a person: it opens every opening first, then
chords only on cells already open.

This is a port of the original algorithm as ms-toollib (MIT) runs it since its version
1.5.10 (``base/src/zini.rs``: ``cal_zini`` and ``cal_hzini``), step for step, so that
its ``cal_zini`` and ``cal_hzini`` serve as an oracle (``tests/test_counters_oracle.py``).

>>> from engine.layout import Layout
>>> zini(Layout.from_text('...\\n...\\n..*'))  # one opening: one click
1
>>> board = Layout.from_text('...\\n**.\\n...')  # no zero: 3BV 7, one click per number
>>> print(board.to_text())
221
**1
221
>>> zini(board), hzini(board)  # ZiNi saves two clicks with flags and chords; HZiNi not
(5, 7)
"""

from __future__ import annotations

import functools

from engine.grid import Grid
from engine.layout import Layout


@functools.lru_cache(maxsize=8)
def _tables(grid: Grid) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The cells in the original program's order (column by column), and each cell's 3x3
    block, the cell itself included, as the original loops over it."""
    order = tuple(r * grid.cols + c for c in range(grid.cols) for r in range(grid.rows))
    return order, tuple(tuple(grid.block(cell)) for cell in range(grid.size))


class _Board:
    """The working state of one ZiNi run, one list entry per cell (row-major indexes)."""

    def __init__(self, layout: Layout) -> None:
        grid = layout.grid
        size = grid.size
        self.order, self.block = _tables(grid)
        self.mine = [cell in layout.mines for cell in range(size)]
        # A mine's number counts itself, so that a mine is never taken for a zero.
        self.number = [sum(self.mine[n] for n in self.block[cell]) for cell in range(size)]
        self.opening = [0] * size
        self.opening2 = [0] * size
        """The (up to two) openings a cell belongs to, numbered from 1; 0 for none."""
        self.opened = [False] * size
        self.flagged = [False] * size
        self.clicks = 0
        self.closed = size
        self.mines = len(layout.mines)
        self._find_openings()
        self.members: dict[int, list[int]] = {}
        for cell in range(size):
            for op in {self.opening[cell], self.opening2[cell]} - {0}:
                self.members.setdefault(op, []).append(cell)
        self.premium = [-self.number[cell] - 2 + self._adjacent_3bv(cell) for cell in range(size)]

    def _find_openings(self) -> None:
        count = 0
        for start in self.order:
            if self.mine[start] or self.number[start] or self.opening[start]:
                continue
            count += 1
            self.opening[start] = count
            stack = [start]
            while stack:
                cell = stack.pop()
                for n in self.block[cell]:
                    if self.number[n]:
                        if self.opening[n] == 0:
                            self.opening[n] = count
                        elif self.opening[n] != count and self.opening2[n] == 0:
                            self.opening2[n] = count
                    elif self.opening[n] == 0:
                        self.opening[n] = count
                        stack.append(n)

    def _adjacent_3bv(self, cell: int) -> int:
        if self.number[cell] == 0:
            return 1
        around = sum(1 for n in self.block[cell] if not self.mine[n] and self.opening[n] == 0)
        return around + (self.opening[cell] != 0) + (self.opening2[cell] != 0)

    def _open(self, cell: int) -> None:
        self.opened[cell] = True
        self.premium[cell] += 1
        if self.opening[cell] == 0:
            for n in self.block[cell]:
                self.premium[n] -= 1
        self.closed -= 1

    def reveal(self, cell: int) -> None:
        if self.opened[cell] or self.flagged[cell]:
            return
        if self.number[cell]:
            self._open(cell)
            return
        for member in self.members[self.opening[cell]]:
            if not self.opened[member]:
                self._open(member)
            self.premium[member] -= 1

    def click(self, cell: int) -> None:
        self.reveal(cell)
        self.clicks += 1

    def flag_around(self, cell: int) -> None:
        for n in self.block[cell]:
            if self.mine[n] and not self.flagged[n]:
                self.clicks += 1
                self.flagged[n] = True
                for m in self.block[n]:
                    self.premium[m] += 1

    def chord(self, cell: int) -> None:
        self.clicks += 1
        for n in self.block[cell]:
            self.reveal(n)

    def step(self, human: bool) -> bool:
        """One greedy step; False when no step is left to take."""
        best, chosen = -1, -1
        premium, mine, opened = self.premium, self.mine, self.opened
        for cell in self.order:
            if premium[cell] > best and not mine[cell] and (opened[cell] or not human):
                best, chosen = premium[cell], cell
        if chosen >= 0:
            if not self.opened[chosen]:
                self.click(chosen)
            self.flag_around(chosen)
            self.chord(chosen)
            return True
        for cell in self.order:
            closed_safe = not self.opened[cell] and not self.mine[cell]
            if closed_safe and (self.number[cell] == 0 or self.opening[cell] == 0):
                self.click(cell)
                return True
        return False


def _run(layout: Layout, human: bool) -> int:
    board = _Board(layout)
    if human:
        for cell in board.order:
            if not board.mine[cell] and board.number[cell] == 0 and not board.opened[cell]:
                board.click(cell)
    while board.closed > board.mines and board.step(human):
        pass
    return board.clicks


def zini(layout: Layout) -> int:
    """Greedy ZiNi: the clicks (left, right and chords) of the greedy flagging solve."""
    return _run(layout, human=False)


def hzini(layout: Layout) -> int:
    """Human ZiNi: the same after opening every opening first, chording only on open cells."""
    return _run(layout, human=True)

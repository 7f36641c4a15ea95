"""The analysis kept up to date move by move, in slices that a page can spread out.

A move changes the constraints only around the cells it opened. An
:class:`Analyser` keeps, for one board, every open number's constraint and the
*groups* they form (numbers linked by shared covered cells), each with its
deductions and enumerated components. Given the next tiles it recomputes only
the groups the move touched: new, changed, merged or split ones. The mine-count
convolution over all components and the interior are then redone, which is cheap.

Deductions and enumeration never cross from one group to another, so the
result equals :func:`engine.solver.analyse` on the same tiles, field for field
(``tests/test_solver_incremental.py`` checks this on random games and positions).

:meth:`Analyser.steps` is a generator that yields between slices of work (a few
thousand cells scanned, one group solved, one component combined), so that a
browser can run it a slice at a time and handle clicks in between. Abandoning it
midway is safe: the next call carries on from where the state was left.

It is long because one class keeps one board's groups and solutions from move to move.

>>> from engine.tiles import from_char
>>> def tiles(text):
...     return bytes(from_char(c) for c in "".join(text.split()))
>>> analyser = Analyser(Grid(3, 3), 2)
>>> sorted(analyser.analyse(tiles("### 121 ...")).mines)
[0, 2]
>>> a = analyser.analyse(tiles("#2# 121 ..."))  # the safe cell opened
>>> sorted(a.mines), sorted(a.probability)
([0, 2], [0, 2])
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from engine import tiles as t
from engine.grid import Grid
from engine.solver.analysis import Analysis, InconsistentError, Position, combine
from engine.solver.components import Component, ComponentCache, solve, split
from engine.solver.deduce import Constraint, Contradiction, Deducer
from engine.solver.neighbours import neighbours_of
from engine.steps import drain, step

SCAN_SLICE = 4_096
"""Cells looked at between two yields when scanning or comparing whole boards."""
UPDATE_SLICE = 256
"""Changed cells (or cells around them) handled between two yields of an update: each
number's constraint costs some 5 µs in CPython and five times that under Pyodide."""


class _Moved(Exception):
    """Another call moved the analyser to other tiles while this one was paused."""


@dataclass(slots=True)
class _Group:
    """Numbers linked by shared covered cells, and what their constraints say (once solved)."""

    numbers: list[int]
    solved: _Solved | None = None


@dataclass(frozen=True, slots=True)
class _Solved:
    safe: frozenset[int]
    mines: frozenset[int]
    frontier: frozenset[int]
    comps: tuple[Component, ...]


class Analyser:
    """One board's analysis, updated from the previous tiles to the next ones.

    ``mines`` is the board's mine total. Feed it any tiles of that board in any
    order (a move, an undo, a new game): it compares them with the last ones.
    """

    def __init__(self, grid: Grid, mines: int, cache: ComponentCache | None = None) -> None:
        self.grid = grid
        self.mines = mines
        self.neighbours = neighbours_of(grid)
        self.cache = ComponentCache() if cache is None else cache
        self._version = 0
        """Counts the jobs done, so that a paused call notices another's."""
        self._job: Generator[None, None, None] | None = None
        """The scan or update under way, carried on by whichever call comes next."""
        self._reset()

    def _reset(self) -> None:
        self.tiles: bytes | None = None
        """The tiles the state below describes (None before the first call)."""
        self.unknown: set[int] = set()
        """Covered cells (flagged and questioned ones too: flags are opinions)."""
        self._shown = 0
        self._raw: dict[int, Constraint] = {}
        """Each open number's constraint on its covered neighbours (numbers with some)."""
        self._broken: set[int] = set()
        """Numbers that no layout can satisfy (more mines than covered neighbours...)."""
        self._by_cell: dict[int, set[int]] = {}
        """Covered cell -> the numbers whose constraint holds it."""
        self._interior: set[int] = set()
        """Covered cells next to no number's constraint."""
        self._group_of: dict[int, int] = {}
        self._groups: dict[int, _Group] = {}
        self._next_group = 0
        self._position: Position | None = None

    @property
    def mines_left(self) -> int:
        """Mines not shown on the board (all of them until a loss shows them)."""
        return self.mines - self._shown

    def analyse(self, tiles: bytes) -> Analysis:
        """:meth:`steps` run to the end."""
        return drain(self.steps(tiles))

    def describes(self, tiles: bytes) -> bool:
        """True when the state is that of ``tiles`` (no other call has moved it on)."""
        return self._job is None and self.tiles == tiles

    def position(self) -> Position:
        """The current tiles as a :class:`Position`, for what needs hypotheses (built once)."""
        if self.tiles is None:
            raise ValueError("nothing analysed yet")
        if self._position is None:
            self._position = Position(self.grid, self.mines, self.tiles, self.cache)
        return self._position

    def steps(self, tiles: bytes) -> Generator[None, None, Analysis]:
        """The analysis of ``tiles``, yielding between slices of work.

        Raises :class:`InconsistentError` for tiles no layout shows, and ``ValueError``
        for tiles of another board size or unknown tile codes.

        Several calls may be under way at once (a page's overlay and its auto-player):
        the state moves from one set of tiles to the next in one *job* at a time, which
        any call carries on when it finds one under way, so that no work is lost and
        none is done twice. A call abandoned midway leaves the job for the next one.
        """
        if len(tiles) != self.grid.size:
            raise ValueError(f"{len(tiles)} tiles for a board of {self.grid.size} cells")
        while True:
            try:
                return (yield from self._steps(tiles))
            except _Moved:
                pass  # another call moved the state meanwhile: start again from there
            except Contradiction:
                raise InconsistentError(
                    "no layout with that many mines shows these tiles"
                ) from None

    def _steps(self, tiles: bytes) -> Generator[None, None, Analysis]:
        while self._job is not None or self.tiles != tiles:
            if self._job is None:
                work = self._scan(tiles) if self.tiles is None else self._update(self.tiles, tiles)
                self._job = work
            try:
                if step(self._job) is not None:  # the job is done
                    self._job = None
                    self._version += 1
            except BaseException:
                self._job = None
                self._reset()  # a job that failed leaves no half state behind
                raise
            yield
        version = self._version
        comps: list[Component] = []
        safe: set[int] = set()
        mines: set[int] = set()
        frontier: set[int] = set()
        for group_id in sorted(self._groups):
            group = self._groups[group_id]
            if group.solved is None:
                yield
                if self._job is not None or self._version != version:
                    raise _Moved
                group.solved = self._solve(group.numbers)
            solved = group.solved
            comps.extend(solved.comps)
            safe |= solved.safe
            mines |= solved.mines
            frontier |= solved.frontier
        if self._broken:
            raise Contradiction
        interior = frozenset(self._interior)
        mines_left = self.mines_left
        # What follows reads nothing of the state, which may now move on.
        yield
        return (
            yield from combine(
                self.grid, mines_left, comps, safe, mines, frozenset(frontier), interior
            )
        )

    # --- keeping the constraints: the jobs ------------------------------------------------

    def _scan(self, tiles: bytes) -> Generator[None, None, None]:
        """Start over from ``tiles``: every cell is looked at."""
        self._reset()
        for start in range(0, len(tiles), SCAN_SLICE):
            for cell in range(start, min(start + SCAN_SLICE, len(tiles))):
                tile = tiles[cell]
                if t.COVERED <= tile <= t.QUESTIONED:
                    self.unknown.add(cell)
                elif tile == t.MINE or tile == t.EXPLODED:
                    self._shown += 1
                elif tile > t.WRONG_FLAG:
                    raise ValueError(f"unknown tile {tile} at cell {cell}")
            yield
        numbers = [cell for cell, tile in enumerate(tiles) if tile <= 8]
        for start in range(0, len(numbers), SCAN_SLICE):
            for cell in numbers[start : start + SCAN_SLICE]:
                self._set_constraint(cell, tiles)
            yield
        unknown = sorted(self.unknown)
        for start in range(0, len(unknown), SCAN_SLICE):
            by_cell = self._by_cell
            self._interior.update(
                c for c in unknown[start : start + SCAN_SLICE] if c not in by_cell
            )
            yield
        self._regroup(set(self._raw))
        self.tiles = tiles

    def _update(self, old: bytes, tiles: bytes) -> Generator[None, None, None]:
        """Move the state from ``old`` to ``tiles``, yielding every few thousand cells."""
        changed: list[int] = []
        for start in range(0, len(tiles), SCAN_SLICE):
            end = start + SCAN_SLICE
            if old[start:end] != tiles[start:end]:
                changed.extend(c for c in range(start, min(end, len(tiles))) if old[c] != tiles[c])
            if start % (SCAN_SLICE * 4) == 0:
                yield
        for cell in changed:
            if tiles[cell] > t.WRONG_FLAG:
                raise ValueError(f"unknown tile {tiles[cell]} at cell {cell}")
        self.tiles = None  # until the job ends
        self._position = None
        for index, cell in enumerate(changed):
            if index % UPDATE_SLICE == UPDATE_SLICE - 1:
                yield
            before, after = old[cell], tiles[cell]
            was_unknown = t.COVERED <= before <= t.QUESTIONED
            is_unknown = t.COVERED <= after <= t.QUESTIONED
            if was_unknown and not is_unknown:
                self.unknown.discard(cell)
                self._interior.discard(cell)
            elif is_unknown and not was_unknown:
                self.unknown.add(cell)
                if cell not in self._by_cell:
                    self._interior.add(cell)
            self._shown += (after in (t.MINE, t.EXPLODED)) - (before in (t.MINE, t.EXPLODED))
        # A number's constraint depends on its own tile and its neighbours' tiles.
        touched: set[int] = set()
        for index, cell in enumerate(changed):
            if index % UPDATE_SLICE == UPDATE_SLICE - 1:
                yield
            touched.add(cell)
            touched.update(self.neighbours[cell])
        dirty: set[int] = set()
        for index, cell in enumerate(sorted(touched)):
            if index % UPDATE_SLICE == UPDATE_SLICE - 1:
                yield
            old_constraint = self._raw.get(cell)
            was_broken = cell in self._broken
            self._set_constraint(cell, tiles)
            if self._raw.get(cell) != old_constraint or was_broken != (cell in self._broken):
                dirty.add(cell)
                group = self._groups.pop(self._group_of.pop(cell, -1), None)
                if group is not None:
                    # The group loses this number: what is left may split or merge.
                    dirty.update(group.numbers)
        self._regroup({n for n in dirty if n in self._raw})
        self.tiles = tiles

    def _set_constraint(self, cell: int, tiles: bytes) -> None:
        """(Re)compute the constraint of ``cell``'s number, or drop it if there is none."""
        old = self._raw.pop(cell, None)
        if old is not None:
            for n in old[0]:
                numbers = self._by_cell[n]
                numbers.discard(cell)
                if not numbers:
                    del self._by_cell[n]
                    if n in self.unknown:
                        self._interior.add(n)
        self._broken.discard(cell)
        tile = tiles[cell]
        if tile > 8:
            return
        cells: list[int] = []
        seen = 0
        for n in self.neighbours[cell]:
            around = tiles[n]
            if t.COVERED <= around <= t.QUESTIONED:
                cells.append(n)
            elif around == t.MINE or around == t.EXPLODED:
                seen += 1
        if not cells and tile == 0:
            return  # as Position does: a zero with nothing covered around says nothing
        need = tile - seen
        if not 0 <= need <= len(cells):
            self._broken.add(cell)
            return
        if not cells:
            return
        self._raw[cell] = (frozenset(cells), need)
        for n in cells:
            self._by_cell.setdefault(n, set()).add(cell)
            self._interior.discard(n)

    def _regroup(self, seeds: set[int]) -> None:
        """Form the groups of ``seeds`` and of every number linked to them."""
        raw, by_cell = self._raw, self._by_cell
        while seeds:
            start = seeds.pop()
            numbers = {start}
            queue = [start]
            while queue:
                number = queue.pop()
                for cell in raw[number][0]:
                    for other in by_cell[cell]:
                        if other not in numbers:
                            numbers.add(other)
                            queue.append(other)
            seeds -= numbers
            for number in numbers:
                old = self._group_of.get(number)
                if old is not None and old in self._groups:
                    del self._groups[old]  # merged into the new group
            group_id = self._next_group
            self._next_group += 1
            self._groups[group_id] = _Group(sorted(numbers))
            for number in numbers:
                self._group_of[number] = group_id

    def _solve(self, numbers: list[int]) -> _Solved:
        """Deduce and enumerate one group, exactly as :class:`Position` does for the board."""
        deducer = Deducer()
        for number in numbers:
            cells, need = self._raw[number]
            deducer.add(cells, need)
        deducer.run()
        comps = []
        for constraints in split(deducer.constraints()):
            comp, _ = solve(constraints, self.cache)
            comps.append(comp)
        return _Solved(
            frozenset(deducer.safe),
            frozenset(deducer.mine),
            frozenset(deducer.by_cell),
            tuple(comps),
        )

"""Exact mine probabilities from what the player sees.

:func:`analyse` takes only the board's shape, the total number of mines and the
visible tiles; it never sees a layout. Flags and question marks are the
player's opinion, which may be wrong, so they count as covered cells.

The method, in order:

1. Every open number gives a constraint: "these covered neighbours hold exactly
   ``n`` mines".
2. Cheap certain deductions shrink the constraints (:mod:`engine.solver.deduce`).
3. What is left splits into independent components, whose solutions are
   enumerated box by box and grouped by their number of mines
   (:mod:`engine.solver.components`).
4. Components are combined by multiplying their mine-count polynomials, and a
   total of ``k`` frontier mines is weighted by ``comb(interior, left - k)``,
   the ways to put the remaining mines on the cells that touch no number.

Every weight is an exact integer, so probabilities are exact up to the final
division into a float, and "certain" means "true in every consistent layout".
A component whose enumeration would exceed
:data:`~engine.solver.components.NODE_BUDGET` is estimated instead; the result
then says ``exact=False``.

It is long because the answer, the position asked and their combining must agree.

>>> from engine.tiles import from_char
>>> def tiles(text):
...     return bytes(from_char(c) for c in "".join(text.split()))
>>> a = analyse(Grid(2, 3), 1, tiles('''
...     1##
...     1##'''))
>>> sorted(a.probability.items())
[(1, 0.5), (2, 0.0), (4, 0.5), (5, 0.0)]
>>> sorted(a.safe), sorted(a.mines), a.exact
([2, 5], [], True)
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from math import comb
from typing import Protocol

from engine import tiles as t
from engine.grid import Grid
from engine.solver.components import Component, ComponentCache, solve, split
from engine.solver.deduce import Constraint, Contradiction, Deducer
from engine.solver.neighbours import Neighbours, neighbours_of
from engine.solver.polynomials import divide, multiply
from engine.steps import drain

INTERIOR_SLICE = 16_384
"""Cells away from the numbers given their shared probability between two yields."""


class InconsistentError(ValueError):
    """The tiles cannot come from any layout with that many mines."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the visible tiles and the mine total say about every covered cell.

    ``probability`` has an entry for every covered, flagged or questioned cell.
    ``safe`` and ``mines`` hold the cells that are safe (or mines) in every layout
    consistent with the tiles and the mine total; when ``exact`` is False some
    component was too large to enumerate and its probabilities are estimates
    (``safe`` and ``mines`` are then still certain, only possibly incomplete).
    """

    grid: Grid
    probability: dict[int, float]
    safe: frozenset[int]
    mines: frozenset[int]
    exact: bool
    frontier: frozenset[int]
    """Covered cells next to an open number (after removing settled cells)."""
    interior: frozenset[int]
    """Undecided covered cells next to no open number: all share one probability."""
    interior_probability: float | None
    _total: int = field(repr=False)
    _scale: tuple[int, int, int] = field(repr=False)

    def layout_count(self) -> int:
        """How many layouts are consistent with the tiles (exact when ``exact``).

        >>> from engine.tiles import COVERED
        >>> analyse(Grid(2, 2), 2, bytes([COVERED] * 4)).layout_count()
        6
        """
        interior, rlo, denominator = self._scale
        return self._total * comb(interior, rlo) // denominator

    def relative_count(self, reference: int) -> Fraction:
        """:meth:`layout_count` divided by ``comb(len(interior), reference)``.

        Positions that differ in one revealed frontier cell share their interior,
        so this compares their layout counts without computing huge binomials.
        """
        interior, rlo, denominator = self._scale
        # comb(I, rlo) / comb(I, reference) as a product of short factors:
        # comb(I, r) / comb(I, r - 1) = (I - r + 1) / r.
        up, down = 1, 1
        for r in range(min(rlo, reference) + 1, max(rlo, reference) + 1):
            up *= interior - r + 1
            down *= r
        if rlo < reference:
            up, down = down, up
        return Fraction(self._total * up, denominator * down)


class Situation(Protocol):
    """What the move chooser needs to know of a board besides its analysis.

    A :class:`Position` is one; so is an :class:`~engine.solver.incremental.Analyser`,
    which builds the full :class:`Position` only when a guess needs hypotheses.
    """

    @property
    def grid(self) -> Grid: ...

    @property
    def neighbours(self) -> Neighbours: ...

    @property
    def unknown(self) -> set[int]: ...

    @property
    def mines_left(self) -> int: ...

    def position(self) -> Position: ...


def analyse(grid: Grid, mines: int, tiles: bytes) -> Analysis:
    """Mine probabilities and certain cells from the visible ``tiles`` alone.

    ``mines`` is the total number of mines on the board (not the counter, which
    subtracts the player's flags). Raises :class:`InconsistentError` when no
    layout with ``mines`` mines shows these tiles.

    The classic 1-2-1: the mines are under the 1s, the cell under the 2 is safe.

    >>> from engine.tiles import from_char
    >>> board = bytes(from_char(c) for c in "###" "121" "...")
    >>> a = analyse(Grid(3, 3), 2, board)
    >>> sorted(a.mines), sorted(a.safe), a.probability[1]
    ([0, 2], [1], 0.0)
    """
    return Position(grid, mines, tiles).analysis()


class Position:
    """The tiles turned into constraints and reduced; :meth:`analysis` finishes the job.

    Kept as an object so that a guess chooser can test hypotheses ("if this cell
    showed a 2...") by copying the reduced constraints instead of starting over.

    >>> from engine.tiles import from_char
    >>> position = Position(Grid(2, 3), 1, bytes(from_char(c) for c in "#1." "#1."))
    >>> position.constraints(), position.mines_left, sorted(position.unknown)
    ([(frozenset({0, 3}), 1)], 1, [0, 3])
    >>> position.hypothesis(0, 0) is None, position.hypothesis(0, 1).mines  # 0 shows 0, or 1
    (True, frozenset({3}))
    """

    __slots__ = ("_deducer", "cache", "grid", "mines_left", "neighbours", "unknown", "work")

    def __init__(
        self, grid: Grid, mines: int, tiles: bytes, cache: ComponentCache | None = None
    ) -> None:
        if len(tiles) != grid.size:
            raise ValueError(f"{len(tiles)} tiles for a board of {grid.size} cells")
        self.grid = grid
        self.neighbours = neighbours_of(grid)
        self.cache = ComponentCache() if cache is None else cache
        self.work = 0
        """Backtracking steps spent so far by this position's analyses (for budgets)."""
        unknown: set[int] = set()
        shown = 0
        for cell, tile in enumerate(tiles):
            if t.COVERED <= tile <= t.QUESTIONED:
                unknown.add(cell)
            elif tile == t.MINE or tile == t.EXPLODED:
                shown += 1
            elif tile > t.WRONG_FLAG:
                raise ValueError(f"unknown tile {tile} at cell {cell}")
        self.unknown = unknown
        self.mines_left = mines - shown
        deducer = Deducer()
        try:
            for cell, tile in enumerate(tiles):
                if tile <= 8:
                    cells = [n for n in self.neighbours[cell] if n in unknown]
                    if not cells and tile == 0:
                        continue
                    seen = sum(1 for n in self.neighbours[cell] if tiles[n] in (t.MINE, t.EXPLODED))
                    deducer.add(cells, tile - seen)
            deducer.run()
        except Contradiction:
            raise InconsistentError("the numbers contradict each other") from None
        self._deducer = deducer

    def constraints(self) -> list[Constraint]:
        """What the certain deductions leave undecided: ``(cells, mines)`` pairs.

        Each says "these covered cells hold exactly this many mines"; the cells
        are the undecided ones, none settled by the deductions.
        """
        return self._deducer.constraints()

    def position(self) -> Position:
        """Itself: a :class:`Situation` that is already a full position."""
        return self

    def analysis(self) -> Analysis:
        try:
            return self._solve(self._deducer, self.unknown)
        except Contradiction:
            raise InconsistentError("no layout with that many mines shows these tiles") from None

    def hypothesis(self, cell: int, number: int) -> Analysis | None:
        """The analysis if ``cell`` were opened and showed ``number``; None if impossible."""
        deducer = self._deducer.copy()
        try:
            deducer.know(cell, False)
            deducer.add([n for n in self.neighbours[cell] if n in self.unknown], number)
            deducer.run()
            return self._solve(deducer, self.unknown - {cell})
        except Contradiction:
            return None

    def count_if(self, mines: Iterable[int], safe: Iterable[int]) -> int:
        """How many layouts have a mine on each of ``mines`` and none on ``safe``
        (0 when none can)."""
        deducer = self._deducer.copy()
        try:
            for cell in mines:
                deducer.know(cell, True)
            for cell in safe:
                deducer.know(cell, False)
            deducer.run()
            return self._solve(deducer, self.unknown).layout_count()
        except Contradiction:
            return 0

    def _solve(self, deducer: Deducer, unknown: set[int]) -> Analysis:
        """Enumerate the reduced constraints' components and combine them into an analysis."""
        comps: list[Component] = []
        for constraints in split(deducer.constraints()):
            comp, spent = solve(constraints, self.cache)
            self.work += spent
            comps.append(comp)
        frontier = frozenset(deducer.by_cell)
        decided = deducer.safe | deducer.mine
        interior = frozenset(c for c in unknown if c not in frontier and c not in decided)
        # A hypothesis marks its opened cell safe in the deducer; it is no longer covered.
        safe = {cell for cell in deducer.safe if cell in unknown}
        return drain(
            combine(self.grid, self.mines_left, comps, safe, set(deducer.mine), frontier, interior)
        )


def combine(
    grid: Grid,
    mines_left: int,
    comps: list[Component],
    safe: set[int],
    mines: set[int],
    frontier: frozenset[int],
    interior: frozenset[int],
) -> Generator[None, None, Analysis]:
    """The analysis from the enumerated components and the cells the deductions settled.

    ``mines_left`` counts the mines not shown on the board; ``safe`` and ``mines`` (the
    settled cells, updated in place) must not be in ``frontier`` or ``interior``. A
    generator that yields between components, so that a caller can slice the work.
    Raises :class:`~engine.solver.deduce.Contradiction` when no layout fits.
    """
    n_int = len(interior)
    left = mines_left - len(mines)
    total_poly = [1]
    k_min = 0
    for comp in comps:
        total_poly = multiply(total_poly, comp.counts)
        k_min += comp.offset
    k_max = k_min + len(total_poly) - 1
    rlo = max(0, left - k_max)
    rhi = min(n_int, left - k_min)
    if rlo > rhi:
        raise Contradiction
    # weight[r - rlo] is comb(n_int, r) scaled by the common factor
    # prod(rlo+1..rhi) / comb(n_int, rlo): small exact integers even on huge boards.
    span = rhi - rlo + 1
    forward = [1] * span
    for i in range(1, span):
        forward[i] = forward[i - 1] * (n_int - (rlo + i) + 1)
    backward = [1] * span
    for i in range(span - 2, -1, -1):
        backward[i] = backward[i + 1] * (rlo + i + 1)
    weight = [f * b for f, b in zip(forward, backward, strict=True)]

    def w(r: int) -> int:
        return weight[r - rlo] if rlo <= r <= rhi else 0

    total = 0
    interior_mines = 0
    for i, c in enumerate(total_poly):
        if c:
            r = left - k_min - i
            cw = c * w(r)
            total += cw
            interior_mines += cw * r
    if total == 0:
        raise Contradiction

    probability: dict[int, float] = dict.fromkeys(safe, 0.0)
    probability.update(dict.fromkeys(mines, 1.0))
    exact = True
    for comp in comps:
        yield
        exact = exact and comp.exact
        others = divide(total_poly, comp.counts)
        others_min = k_min - comp.offset
        # g[j]: weight of everything outside this component when it holds offset + j mines.
        g = []
        for j in range(len(comp.counts)):
            if j and len(others) > 64:
                yield  # a long component against a long product: the costliest loop
            base = left - comp.offset - j - others_min
            # Only the i with rlo <= base - i <= rhi have an interior weight.
            first, last = max(0, base - rhi), min(len(others) - 1, base - rlo)
            g.append(sum(others[i] * weight[base - i - rlo] for i in range(first, last + 1)))
        for box, sums in zip(comp.boxes, comp.box_mines, strict=True):
            mine_weight = sum(s * gj for s, gj in zip(sums, g, strict=True))
            denominator = total * len(box)
            p = mine_weight / denominator
            if comp.exact:
                if mine_weight == 0:
                    safe.update(box)
                elif mine_weight == denominator:
                    mines.update(box)
            else:
                p = min(1.0, max(0.0, p))
            for cell in box:
                probability[cell] = p
    interior_p: float | None = None
    if n_int:
        interior_p = interior_mines / (total * n_int)
        if interior_mines == 0:
            safe.update(interior)
        elif interior_mines == total * n_int:
            mines.update(interior)
        # Most of a huge board's cells: a slice at a time (89,000 took 10 ms in CPython).
        cells = iter(interior)
        while part := list(islice(cells, INTERIOR_SLICE)):
            yield
            probability.update(dict.fromkeys(part, interior_p))
    return Analysis(
        grid=grid,
        probability=probability,
        safe=frozenset(safe),
        mines=frozenset(mines),
        exact=exact,
        frontier=frontier,
        interior=interior,
        interior_probability=interior_p,
        _total=total,
        _scale=(n_int, rlo, backward[0]),
    )

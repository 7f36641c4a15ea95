"""Every layout that fits a position, as bit sets: what the endgame search
(:mod:`engine.solver.endgame`) splits and counts.

A position's layouts are listed once (:func:`list_layouts`), each as a bit mask over the
cells that may hold a mine. The search then works on sets of layouts, each a Python int
with one bit per listed layout: :func:`mine_columns` turns the list round into one such
set per cell (the layouts with a mine there), and :func:`by_number` splits a set by the
number a cell would show, with bit-sliced adders over its neighbours' sets, so a split
costs one ``&`` per number whatever the number of layouts.

>>> from engine.grid import Grid
>>> from engine.solver.analysis import Position
>>> from engine.solver.budget import Budget
>>> from engine.tiles import from_char
>>> position = Position(Grid(1, 3), 1, bytes(from_char(c) for c in "#1#"))
>>> layouts, cells = list_layouts(position, position.analysis(), Budget(100))
>>> [bin(layout) for layout in layouts], cells  # the mine in cell 2, then in cell 0
(['0b10', '0b1'], [0, 2])
>>> [bin(layouts) for layouts in mine_columns(layouts, len(cells))]  # per cell: 2nd, 1st
['0b10', '0b1']
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engine.solver.analysis import Analysis, InconsistentError, Position
from engine.solver.budget import Budget


def list_layouts(
    position: Position, analysis: Analysis, budget: Budget
) -> tuple[list[int], list[int]]:
    """Every layout that fits, as a bit mask over the returned cells (those that may hold
    a mine and are not known mines). Each search step spends one unit of ``budget``."""
    known = analysis.mines
    constraints = position.constraints()
    members = {c for cells, _ in constraints for c in cells}
    cells = sorted((members | analysis.interior) - known - analysis.safe)
    index = {c: i for i, c in enumerate(cells)}
    left = position.mines_left - len(known)
    reduced: list[tuple[list[int], int]] = []
    for group, count in constraints:
        rest = [index[c] for c in group if c in index]
        mines_in = sum(1 for c in group if c in known)
        if not rest:
            if count != mines_in:
                raise InconsistentError("the numbers contradict each other")
            continue
        reduced.append((rest, count - mines_in))
    by_cell: dict[int, list[int]] = {}
    for k, (rest, _) in enumerate(reduced):
        for i in rest:
            by_cell.setdefault(i, []).append(k)
    constrained = _walk_order(reduced, by_cell)
    free = [i for i in range(len(cells)) if i not in by_cell]
    need = [n for _, n in reduced]
    room = [len(rest) for rest, _ in reduced]
    frontier_solutions: list[tuple[int, int]] = []

    def walk(j: int, mask: int, mines: int) -> None:
        budget.spend(1)
        if mines > left:
            return
        if j == len(constrained):
            frontier_solutions.append((mask, mines))
            return
        i = constrained[j]
        ks = by_cell.get(i, [])
        for value in (0, 1):
            if any(need[k] < value or need[k] - value > room[k] - 1 for k in ks):
                continue
            for k in ks:
                need[k] -= value
                room[k] -= 1
            walk(j + 1, mask | (value << i), mines + value)
            for k in ks:
                need[k] += value
                room[k] += 1

    walk(0, 0, 0)
    layouts: list[int] = []
    # The cells away from the numbers take the spare mines every way; frontier solutions
    # with as many mines share those ways, so each count's are listed once.
    interior_ways: dict[int, list[int]] = {}
    for mask, mines in frontier_solutions:
        spare = left - mines
        if 0 <= spare <= len(free):
            if spare not in interior_ways:
                bits = [1 << i for i in free]
                interior_ways[spare] = [sum(ways) for ways in combinations(bits, spare)]
            for extra in interior_ways[spare]:
                budget.spend(1)
                layouts.append(mask | extra)
    return layouts, cells


def _walk_order(reduced: list[tuple[list[int], int]], by_cell: dict[int, list[int]]) -> list[int]:
    """The constrained cells in the order the listing decides them: each next cell from
    the begun constraint with the fewest cells left, so that constraints close (and
    prune) soon. In reading order a long frontier left many open at once: one expert
    position of 394 layouts took 52,626 steps to list.

    >>> _walk_order([([0, 1, 2], 1), ([2, 3], 1)], {0: [0], 1: [0], 2: [0, 1], 3: [1]})
    [2, 3, 0, 1]
    """
    left = [len(rest) for rest, _ in reduced]
    placed: set[int] = set()
    order: list[int] = []
    while len(order) < len(by_cell):
        begun = [k for k in range(len(reduced)) if 0 < left[k] < len(reduced[k][0])]
        pool = begun or [k for k in range(len(reduced)) if left[k]]
        k = min(pool, key=lambda k: (left[k], k))
        cell = min(c for c in reduced[k][0] if c not in placed)
        placed.add(cell)
        order.append(cell)
        for touched in by_cell[cell]:
            left[touched] -= 1
    return order


def mine_columns(layouts: list[int], n_cells: int) -> list[int]:
    """For each cell, the bit set of the layouts (by their index) with a mine there."""
    on: list[bytearray] = [bytearray((len(layouts) + 7) // 8) for _ in range(n_cells)]
    for k, layout in enumerate(layouts):
        byte, bit = k >> 3, 1 << (k & 7)
        while layout:
            low = layout & -layout
            on[low.bit_length() - 1][byte] |= bit
            layout ^= low
    return [int.from_bytes(bits, "little") for bits in on]


def by_number(around: list[int], where: int) -> Iterator[int]:
    """The layouts of ``where`` grouped by how many of the masks ``around`` hold each one:
    the number a cell with those neighbours shows. Empty groups are left out.

    >>> [bin(g) for g in by_number([0b0110, 0b0011], 0b1111)]  # counts 1, 2, 1, 0
    ['0b1000', '0b101', '0b10']
    """
    planes: list[int] = []  # the count's binary digits, each a bit set (bit-sliced adders)
    for mask in around:
        carry = mask
        for p, plane in enumerate(planes):
            planes[p], carry = plane ^ carry, plane & carry
            if not carry:
                break
        if carry:
            planes.append(carry)
    for v in range(len(around) + 1):
        group = where
        for p, plane in enumerate(planes):
            group &= plane if v >> p & 1 else ~plane
        if v >> len(planes):
            group = 0
        if group:
            yield group

"""Counting the solutions of the reduced constraints, one independent component at a time.

Constraints that share no cell cannot influence each other except through the
total mine count, so the reduced system (:mod:`engine.solver.deduce`) splits
into components (:func:`split`). Cells of a component that belong to exactly the
same constraints form a *box*: they are interchangeable, so a solution is a mine
count per box and stands for ``prod(comb(size, mines))`` layouts.

Each component's solutions are enumerated by backtracking and grouped by their
number of mines (a :class:`Component`); one whose enumeration would exceed
:data:`NODE_BUDGET` is estimated instead. Components are then combined by
multiplying their mine-count polynomials (:mod:`engine.solver.polynomials`).

It is long because a component is solved here either way: enumerated, or estimated.

Two cells holding one mine, one box of two cells: 2 layouts, each with 1 mine in the box.

>>> comp, work = solve([(frozenset({0, 1}), 1)], ComponentCache())
>>> comp.boxes, comp.offset, comp.counts, comp.box_mines, comp.exact
(((0, 1),), 1, (2,), ((2,),), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from engine.solver.deduce import Constraint, Contradiction

NODE_BUDGET = 60_000
"""Backtracking steps allowed per component before it is estimated instead.

Real positions almost never come near it: after the deductions and the boxing
of interchangeable cells an expert component rarely needs more than a few
thousand steps. The budget bounds the worst case (a long, loose frontier on a
huge board) to a fraction of a second."""

CACHE_LIMIT = 20_000
"""A plain dict used as a cache is emptied before it holds more components than this."""
CACHE_WORDS = 2_000_000
"""A :class:`ComponentCache` is emptied before its numbers would take more 64-bit words than
this (some 16 MB, each number counted with its object's overhead). Counting components is
not enough: an estimated component of a huge board holds thousands of numbers of thousands
of bits each, and the page's memory (Pyodide's wasm heap) never shrinks once grown."""


class _OverBudget(Exception):
    """A component's enumeration went past :data:`NODE_BUDGET`."""


@dataclass(frozen=True, slots=True)
class Component:
    """The solutions of one component, grouped by their number of mines.

    ``counts[i]`` is the number of layouts of the component with ``offset + i``
    mines; ``box_mines[b][i]`` sums, over those layouts, the mines in box ``b``.
    For an estimated component these are scaled approximations.
    """

    boxes: tuple[tuple[int, ...], ...]
    offset: int
    counts: tuple[int, ...]
    box_mines: tuple[tuple[int, ...], ...]
    exact: bool
    nodes: int


class ComponentCache(dict[frozenset[Constraint], Component]):
    """Enumerated components by their constraints, reusable across positions of one board,
    bounded by the size of the numbers they hold (:data:`CACHE_WORDS`).

    >>> cache = ComponentCache()
    >>> _ = solve([(frozenset({0, 1}), 1)], cache)
    >>> len(cache), cache.words
    (1, 10)
    """

    words: int
    """What the components held take, in 64-bit words (see :func:`words_of`)."""

    def __init__(self) -> None:
        super().__init__()
        self.words = 0

    def keep(self, key: frozenset[Constraint], comp: Component) -> None:
        """Keep ``comp``, emptying the cache first if it would grow past :data:`CACHE_WORDS`."""
        size = words_of(comp)
        if self.words + size > CACHE_WORDS:
            self.clear()
            self.words = 0
        if size <= CACHE_WORDS:
            self[key] = comp
            self.words += size


def words_of(comp: Component) -> int:
    """The 64-bit words a component's numbers take: each number's digits, plus four for its
    object (a Python int's header), so a table of small numbers counts too.

    >>> words_of(Component(((0, 1),), 1, (2,), ((2,),), True, 1))
    10
    """
    numbers = [*comp.counts, *(n for sums in comp.box_mines for n in sums)]
    return sum(n.bit_length() // 64 + 5 for n in numbers)


def split(constraints: list[Constraint]) -> list[list[Constraint]]:
    """Split the constraints into groups that share no cell.

    >>> split([(frozenset({0, 1}), 1), (frozenset({5, 6}), 1), (frozenset({1, 2}), 1)])
    [[(frozenset({0, 1}), 1), (frozenset({1, 2}), 1)], [(frozenset({5, 6}), 1)]]
    """
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for cells, _ in constraints:
        first = -1
        for cell in cells:
            if cell not in parent:
                parent[cell] = cell
            if first < 0:
                first = find(cell)
            else:
                other = find(cell)
                if other != first:
                    parent[other] = first
    groups: dict[int, list[Constraint]] = {}
    for cells, need in constraints:
        groups.setdefault(find(next(iter(cells))), []).append((cells, need))
    return [groups[root] for root in sorted(groups)]


def solve(
    constraints: list[Constraint], cache: dict[frozenset[Constraint], Component]
) -> tuple[Component, int]:
    """One component's solutions, and the backtracking steps spent on them.

    Taken from ``cache`` when it is there (no steps spent), else enumerated, or
    estimated once the enumeration passes :data:`NODE_BUDGET`. Raises
    :class:`~engine.solver.deduce.Contradiction` when the component has no solution.
    """
    key = frozenset(constraints)
    comp = cache.get(key)
    if comp is not None:
        return comp, 0
    try:
        comp = _enumerate(constraints, NODE_BUDGET)
        spent = comp.nodes
    except _OverBudget:
        spent = NODE_BUDGET
        comp = _estimate(constraints)
    if isinstance(cache, ComponentCache):
        cache.keep(key, comp)
    else:
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        cache[key] = comp
    return comp, spent


def _boxes(
    constraints: list[Constraint],
) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """Group cells by the set of constraints they are in; also each box's constraints."""
    member: dict[int, list[int]] = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            member.setdefault(cell, []).append(index)
    groups: dict[tuple[int, ...], list[int]] = {}
    for cell, indexes in member.items():
        groups.setdefault(tuple(indexes), []).append(cell)
    keys = sorted(groups, key=lambda k: min(groups[k]))
    return [tuple(sorted(groups[k])) for k in keys], [list(k) for k in keys]


def _order(box_cons: list[list[int]], n_cons: int) -> list[int]:
    """A backtracking order that closes constraints early, so dead ends show up early."""
    n = len(box_cons)
    remaining = [0] * n_cons
    for cons in box_cons:
        for c in cons:
            remaining[c] += 1
    started = [False] * n_cons
    chosen = [False] * n
    order: list[int] = []
    for _ in range(n):
        best, best_key = -1, (-1, -1, -1)
        for b in range(n):
            if chosen[b]:
                continue
            cons = box_cons[b]
            # Prefer boxes in constraints already begun, then ones that finish a constraint.
            active = sum(1 for c in cons if started[c])
            closing = sum(1 for c in cons if remaining[c] == 1)
            key = (active, closing, len(cons))
            if key > best_key:
                best, best_key = b, key
        chosen[best] = True
        order.append(best)
        for c in box_cons[best]:
            started[c] = True
            remaining[c] -= 1
    return order


def _enumerate(constraints: list[Constraint], budget: int) -> Component:
    boxes, box_cons = _boxes(constraints)
    sizes = [len(box) for box in boxes]
    n_boxes = len(boxes)
    order = _order(box_cons, len(constraints))
    o_sizes = [sizes[b] for b in order]
    o_cons = [box_cons[b] for b in order]
    need = [need for _, need in constraints]
    cap = [0] * len(constraints)
    for b in range(n_boxes):
        for c in box_cons[b]:
            cap[c] += sizes[b]
    total_cells = sum(sizes)
    counts = [0] * (total_cells + 1)
    sums = [[0] * (total_cells + 1) for _ in range(n_boxes)]
    assign = [0] * n_boxes
    binom = [[comb(n, m) for m in range(n + 1)] for n in range(max(sizes) + 1)]
    nodes = 0

    def record(k: int, w: int) -> None:
        counts[k] += w
        for i in range(n_boxes):
            m = assign[i]
            if m:
                sums[i][k] += w * m

    # Depth-first over the boxes in backtracking order, with an explicit stack: a
    # component can have thousands of boxes, more than Python's recursion limit.
    # Box i tries the mine counts assign[i]..tops[i]; ks[i] and ws[i] are the mines
    # and layouts of the boxes before it.
    tops = [0] * n_boxes
    ks = [0] * (n_boxes + 1)
    ws = [1] * (n_boxes + 1)
    i = 0
    while True:
        if i == n_boxes:
            record(ks[i], ws[i])
        else:
            n = o_sizes[i]
            cons = o_cons[i]
            lo, hi = 0, n
            for c in cons:
                nd = need[c]
                if nd < hi:
                    hi = nd
                floor = nd - cap[c] + n
                if floor > lo:
                    lo = floor
            if lo <= hi:
                nodes += hi - lo + 1
                if nodes > budget:
                    raise _OverBudget
                for c in cons:
                    cap[c] -= n
                    need[c] -= lo
                assign[i] = lo
                tops[i] = hi
                ks[i + 1] = ks[i] + lo
                ws[i + 1] = ws[i] * binom[n][lo]
                i += 1
                continue
        # Back up to the deepest box with a mine count left to try.
        while i:
            i -= 1
            cons = o_cons[i]
            for c in cons:
                need[c] -= 1
            m = assign[i] + 1
            if m <= tops[i]:
                assign[i] = m
                ks[i + 1] = ks[i] + m
                ws[i + 1] = ws[i] * binom[o_sizes[i]][m]
                i += 1
                break
            n = o_sizes[i]
            for c in cons:
                cap[c] += n
                need[c] += m
        if not i:
            break  # back at the first box with nothing left to try: every layout is counted

    nonzero = [k for k, w in enumerate(counts) if w]
    if not nonzero:
        raise Contradiction
    lo_k, hi_k = nonzero[0], nonzero[-1]
    # Report in the caller's box order, not the backtracking order.
    box_mines: list[tuple[int, ...]] = [()] * n_boxes
    for i, b in enumerate(order):
        box_mines[b] = tuple(sums[i][lo_k : hi_k + 1])
    return Component(
        boxes=tuple(boxes),
        offset=lo_k,
        counts=tuple(counts[lo_k : hi_k + 1]),
        box_mines=tuple(box_mines),
        exact=True,
        nodes=nodes,
    )


_SCALE = 1 << 40
"""Fixed-point scale for the estimated components' integer weights."""


def _estimate(constraints: list[Constraint]) -> Component:
    """An approximation for a component too large to enumerate.

    Each box gets a mine density by iterative proportional fitting: start from
    each constraint's own density, then repeatedly rescale every constraint's
    boxes so that their expected mines match the constraint's number. The
    component's mine count is spread over its feasible range in proportion to
    ``comb(cells, k)``, as if the cells were independent. Fast (a few passes over
    the constraints) and never fails; probabilities are good to a few percent.
    The weights are exact integers, as large as the component's layout counts:
    each box's share of the mines is taken in floats while they fit, else in integers.
    """
    boxes, box_cons = _boxes(constraints)
    sizes = [len(box) for box in boxes]
    density = []
    for cons in box_cons:
        ratios = [constraints[c][1] / len(constraints[c][0]) for c in cons]
        density.append(sum(ratios) / len(ratios))
    for _ in range(20):
        factor = [1.0] * len(constraints)
        expected = [0.0] * len(constraints)
        for b, cons in enumerate(box_cons):
            for c in cons:
                expected[c] += density[b] * sizes[b]
        for c, (_, need) in enumerate(constraints):
            factor[c] = need / expected[c] if expected[c] > 0 else 1.0
        for b, cons in enumerate(box_cons):
            f = 1.0
            for c in cons:
                f *= factor[c]
            density[b] = min(1.0, max(0.0, density[b] * f ** (1.0 / len(cons))))
    cells = sum(sizes)
    lo_k = max(need for _, need in constraints)
    hi_k = min(cells, sum(need for _, need in constraints))
    mean = sum(d * s for d, s in zip(density, sizes, strict=True)) or 1.0
    counts = tuple(comb(cells, k) * _SCALE for k in range(lo_k, hi_k + 1))
    try:
        box_mines = tuple(
            tuple(int(w * k * density[b] * sizes[b] / mean) for k, w in enumerate(counts, lo_k))
            for b in range(len(boxes))
        )
    except OverflowError:
        # Past a thousand cells or so comb(cells, k) outgrows the largest float.
        box_mines = tuple(
            _shares(counts, lo_k, density[b] * sizes[b] / mean) for b in range(len(boxes))
        )
    return Component(tuple(boxes), lo_k, counts, box_mines, exact=False, nodes=0)


def _shares(counts: tuple[int, ...], lo_k: int, share: float) -> tuple[int, ...]:
    """``int(w * k * share)`` for every count ``w`` of ``k = lo_k, lo_k + 1, ...`` mines.

    In integers, since ``w * k`` may be too large for a float.

    >>> w = comb(3000, 1500)
    >>> _shares((w, 2 * w), 1000, 0.25) == (w * 250, 2 * w * 1001 // 4)
    True
    """
    num, den = share.as_integer_ratio()
    return tuple(w * k * num // den for k, w in enumerate(counts, lo_k))

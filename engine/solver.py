"""Exact mine probabilities from what the player sees.

:func:`analyse` takes only the board's shape, the total number of mines and the
visible tiles; it never sees a layout. Flags and question marks are the
player's opinion, which may be wrong, so they count as covered cells.

The method, in order:

1. Every open number gives a constraint: "these covered neighbours hold exactly
   ``n`` mines".
2. Cheap certain deductions shrink the constraints: a constraint with 0 mines
   (or as many mines as cells) settles its cells, a constraint inside another
   is subtracted from it, and two overlapping constraints settle the cells
   outside their overlap when the overlap's possible mine counts force it.
3. What is left splits into independent components (constraints that share no
   cell cannot influence each other except through the total mine count).
   Cells of a component that belong to exactly the same constraints form a
   *box*: they are interchangeable, so a solution is a mine count per box and
   stands for ``prod(comb(size, mines))`` layouts.
4. Each component's solutions are enumerated by backtracking and grouped by
   their number of mines.
5. Components are combined by multiplying their mine-count polynomials, and a
   total of ``k`` frontier mines is weighted by ``comb(interior, left - k)``,
   the ways to put the remaining mines on the cells that touch no number.

Every weight is an exact integer, so probabilities are exact up to the final
division into a float, and "certain" means "true in every consistent layout".
A component whose enumeration would exceed :data:`NODE_BUDGET` is estimated
instead (see :func:`_estimate`); the result then says ``exact=False``.

>>> from engine.grid import Grid
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

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from engine import tiles as t
from engine.grid import Grid

NODE_BUDGET = 60_000
"""Backtracking steps allowed per component before it is estimated instead.

Real positions almost never come near it: after the deductions and the boxing
of interchangeable cells an expert component rarely needs more than a few
thousand steps. The budget bounds the worst case (a long, loose frontier on a
huge board) to a fraction of a second."""

_MAX_TABLE_CELLS = 40_000
"""Boards up to this size get a cached neighbour table; bigger ones compute neighbours."""


class InconsistentError(ValueError):
    """The tiles cannot come from any layout with that many mines."""


class _Contradiction(Exception):
    """Raised inside the solver when a hypothesis has no consistent layout."""


class _OverBudget(Exception):
    """A component's enumeration went past :data:`NODE_BUDGET`."""


@functools.lru_cache(maxsize=8)
def _neighbour_table(grid: Grid) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(grid.neighbours(cell)) for cell in range(grid.size))


class _LazyNeighbours:
    """Neighbours computed on demand, for boards too large to tabulate."""

    __slots__ = ("_grid",)

    def __init__(self, grid: Grid) -> None:
        self._grid = grid

    def __getitem__(self, cell: int) -> list[int]:
        return self._grid.neighbours(cell)


def _neighbours(grid: Grid) -> _Neighbours:
    if grid.size <= _MAX_TABLE_CELLS:
        return _neighbour_table(grid)
    return _LazyNeighbours(grid)


_Neighbours = tuple[tuple[int, ...], ...] | _LazyNeighbours


# --- deductions ---------------------------------------------------------------------------


class _Deducer:
    """Constraints ``(cells, mines)`` plus the cells already known, kept fully reduced.

    Every stored constraint mentions only undecided cells and is not trivial
    (0 < mines < len(cells)). ``run`` applies the single-constraint and pair rules
    until nothing changes; a hypothesis is tested on a :meth:`copy`.
    """

    __slots__ = ("by_cell", "by_set", "cons", "mine", "next_id", "pending", "queue", "safe")

    def __init__(self) -> None:
        self.cons: dict[int, tuple[frozenset[int], int]] = {}
        self.by_set: dict[frozenset[int], int] = {}
        self.by_cell: dict[int, set[int]] = {}
        self.safe: set[int] = set()
        self.mine: set[int] = set()
        self.queue: list[int] = []
        self.pending: list[int] = []
        self.next_id = 0

    def copy(self) -> _Deducer:
        other = _Deducer.__new__(_Deducer)
        other.cons = dict(self.cons)
        other.by_set = dict(self.by_set)
        other.by_cell = {cell: set(ids) for cell, ids in self.by_cell.items()}
        other.safe = set(self.safe)
        other.mine = set(self.mine)
        other.queue = list(self.queue)
        other.pending = list(self.pending)
        other.next_id = self.next_id
        return other

    def know(self, cell: int, is_mine: bool) -> None:
        """Record a settled cell; its constraints are reduced by :meth:`run`."""
        if is_mine:
            if cell in self.mine:
                return
            if cell in self.safe:
                raise _Contradiction
            self.mine.add(cell)
        else:
            if cell in self.safe:
                return
            if cell in self.mine:
                raise _Contradiction
            self.safe.add(cell)
        self.pending.append(cell)

    def add(self, cells: Iterable[int], need: int) -> None:
        """Add "``cells`` hold ``need`` mines", dropping cells already settled."""
        rest: list[int] = []
        mine, safe = self.mine, self.safe
        for cell in cells:
            if cell in mine:
                need -= 1
            elif cell not in safe:
                rest.append(cell)
        size = len(rest)
        if need < 0 or need > size:
            raise _Contradiction
        if size == 0:
            return
        if need == 0 or need == size:
            for cell in rest:
                self.know(cell, need > 0)
            return
        key = frozenset(rest)
        old = self.by_set.get(key)
        if old is not None:
            if self.cons[old][1] != need:
                raise _Contradiction
            return
        cid = self.next_id
        self.next_id += 1
        self.cons[cid] = (key, need)
        self.by_set[key] = cid
        by_cell = self.by_cell
        for cell in key:
            ids = by_cell.get(cell)
            if ids is None:
                by_cell[cell] = {cid}
            else:
                ids.add(cid)
        self.queue.append(cid)

    def _remove(self, cid: int) -> tuple[frozenset[int], int]:
        cells, need = self.cons.pop(cid)
        del self.by_set[cells]
        by_cell = self.by_cell
        for cell in cells:
            ids = by_cell[cell]
            ids.discard(cid)
            if not ids:
                del by_cell[cell]
        return cells, need

    def run(self) -> None:
        """Apply the rules until no constraint changes (or raise :class:`_Contradiction`)."""
        pending, queue = self.pending, self.queue
        while pending or queue:
            if pending:
                cell = pending.pop()
                for cid in sorted(self.by_cell.get(cell, ())):
                    if cid in self.cons:
                        cells, need = self._remove(cid)
                        self.add(cells, need)
            else:
                self._pairs(queue.pop())

    def _pairs(self, cid: int) -> None:
        """Compare constraint ``cid`` with every constraint it overlaps."""
        if cid not in self.cons:
            return
        a, va = self.cons[cid]
        others: set[int] = set()
        for cell in a:
            others |= self.by_cell[cell]
        others.discard(cid)
        for oid in sorted(others):
            if oid not in self.cons:
                continue
            b, vb = self.cons[oid]
            if a < b:
                # The subset rule: b's other cells hold exactly vb - va mines. Replacing b
                # by that difference keeps the system equivalent and makes it sparser.
                self._remove(oid)
                self.add(b - a, vb - va)
                continue
            if b < a:
                self._remove(cid)
                self.add(a - b, va - vb)
                return
            overlap = len(a & b)
            only_a = len(a) - overlap
            only_b = len(b) - overlap
            hi = min(va, vb, overlap)
            lo = max(0, va - only_a, vb - only_b)
            if lo > hi:
                raise _Contradiction
            # a's own cells hold va - (mines in the overlap), which lies in [va - hi, va - lo].
            settled = False
            if only_a and (va - hi == only_a or va - lo == 0):
                for cell in a - b:
                    self.know(cell, va - hi == only_a)
                settled = True
            if only_b and (vb - hi == only_b or vb - lo == 0):
                for cell in b - a:
                    self.know(cell, vb - hi == only_b)
                settled = True
            if settled:
                # Let run() reduce the constraints first, then look at this one again.
                self.queue.append(cid)
                return


# --- enumeration of one component -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Component:
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


def _boxes(
    constraints: list[tuple[frozenset[int], int]],
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


def _enumerate(constraints: list[tuple[frozenset[int], int]], budget: int) -> _Component:
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

    def step(i: int, k: int, w: int) -> None:
        nonlocal nodes
        if i == n_boxes:
            record(k, w)
            return
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
        if lo > hi:
            return
        nodes += hi - lo + 1
        if nodes > budget:
            raise _OverBudget
        row = binom[n]
        for c in cons:
            cap[c] -= n
            need[c] -= lo
        for m in range(lo, hi + 1):
            assign[i] = m
            step(i + 1, k + m, w * row[m])
            for c in cons:
                need[c] -= 1
        for c in cons:
            cap[c] += n
            need[c] += hi + 1

    step(0, 0, 1)
    nonzero = [k for k, w in enumerate(counts) if w]
    if not nonzero:
        raise _Contradiction
    lo_k, hi_k = nonzero[0], nonzero[-1]
    # Report in the caller's box order, not the backtracking order.
    box_mines: list[tuple[int, ...]] = [()] * n_boxes
    for i, b in enumerate(order):
        box_mines[b] = tuple(sums[i][lo_k : hi_k + 1])
    return _Component(
        boxes=tuple(boxes),
        offset=lo_k,
        counts=tuple(counts[lo_k : hi_k + 1]),
        box_mines=tuple(box_mines),
        exact=True,
        nodes=nodes,
    )


_SCALE = 1 << 40
"""Fixed-point scale for the estimated components' integer weights."""


def _estimate(constraints: list[tuple[frozenset[int], int]]) -> _Component:
    """An approximation for a component too large to enumerate.

    Each box gets a mine density by iterative proportional fitting: start from
    each constraint's own density, then repeatedly rescale every constraint's
    boxes so that their expected mines match the constraint's number. The
    component's mine count is spread over its feasible range in proportion to
    ``comb(cells, k)``, as if the cells were independent. Fast (a few passes over
    the constraints) and never fails; probabilities are good to a few percent.
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
    box_mines = tuple(
        tuple(int(w * k * density[b] * sizes[b] / mean) for k, w in enumerate(counts, lo_k))
        for b in range(len(boxes))
    )
    return _Component(tuple(boxes), lo_k, counts, box_mines, exact=False, nodes=0)


# --- combining the components ------------------------------------------------------------


def _multiply(p: list[int], q: tuple[int, ...]) -> list[int]:
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return out


def _divide(p: list[int], d: tuple[int, ...]) -> list[int]:
    """Exact polynomial division ``p / d`` (``d`` divides ``p``, ``d[0] != 0``).

    Dividing the product of all components by one of them gives the product of
    the others in one short pass, instead of a prefix and suffix product each.
    """
    n = len(p) - len(d) + 1
    rem = list(p)
    q = [0] * n
    d0 = d[0]
    for i in range(n):
        c = rem[i] // d0
        q[i] = c
        if c:
            for j in range(1, len(d)):
                rem[i + j] -= c * d[j]
    return q


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


ComponentCache = dict[frozenset[tuple[frozenset[int], int]], _Component]
"""Enumerated components by their constraints, reusable across positions of one board."""


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
    """

    __slots__ = ("cache", "deducer", "grid", "mines_left", "neighbours", "unknown", "work")

    def __init__(
        self, grid: Grid, mines: int, tiles: bytes, cache: ComponentCache | None = None
    ) -> None:
        if len(tiles) != grid.size:
            raise ValueError(f"{len(tiles)} tiles for a board of {grid.size} cells")
        self.grid = grid
        self.neighbours = _neighbours(grid)
        self.cache: ComponentCache = {} if cache is None else cache
        self.work = [0]
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
        deducer = _Deducer()
        try:
            for cell, tile in enumerate(tiles):
                if tile <= 8:
                    cells = [n for n in self.neighbours[cell] if n in unknown]
                    if not cells and tile == 0:
                        continue
                    seen = sum(1 for n in self.neighbours[cell] if tiles[n] in (t.MINE, t.EXPLODED))
                    deducer.add(cells, tile - seen)
            deducer.run()
        except _Contradiction:
            raise InconsistentError("the numbers contradict each other") from None
        self.deducer = deducer

    def analysis(self) -> Analysis:
        try:
            return _solve(
                self.grid, self.unknown, self.mines_left, self.deducer, self.cache, self.work
            )
        except _Contradiction:
            raise InconsistentError("no layout with that many mines shows these tiles") from None

    def hypothesis(self, cell: int, number: int) -> Analysis | None:
        """The analysis if ``cell`` were opened and showed ``number``; None if impossible."""
        deducer = self.deducer.copy()
        try:
            deducer.know(cell, False)
            deducer.add([n for n in self.neighbours[cell] if n in self.unknown], number)
            deducer.run()
            unknown = self.unknown - {cell}
            return _solve(self.grid, unknown, self.mines_left, deducer, self.cache, self.work)
        except _Contradiction:
            return None


def _components(deducer: _Deducer) -> list[list[tuple[frozenset[int], int]]]:
    """Split the constraints into groups that share no cell."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    for cells, _ in deducer.cons.values():
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
    groups: dict[int, list[tuple[frozenset[int], int]]] = {}
    for cid in sorted(deducer.cons):
        cells, need = deducer.cons[cid]
        groups.setdefault(find(next(iter(cells))), []).append((cells, need))
    return [groups[root] for root in sorted(groups)]


def _solve(
    grid: Grid,
    unknown: set[int],
    mines_left: int,
    deducer: _Deducer,
    cache: ComponentCache,
    work: list[int],
) -> Analysis:
    comps: list[_Component] = []
    for constraints in _components(deducer):
        key = frozenset(constraints)
        comp = cache.get(key)
        if comp is None:
            try:
                comp = _enumerate(constraints, NODE_BUDGET)
                work[0] += comp.nodes
            except _OverBudget:
                work[0] += NODE_BUDGET
                comp = _estimate(constraints)
            if len(cache) > 20_000:
                cache.clear()
            cache[key] = comp
        comps.append(comp)

    frontier = frozenset(deducer.by_cell)
    decided = deducer.safe | deducer.mine
    interior = frozenset(c for c in unknown if c not in frontier and c not in decided)
    n_int = len(interior)
    left = mines_left - len(deducer.mine)

    total_poly = [1]
    k_min = 0
    for comp in comps:
        total_poly = _multiply(total_poly, comp.counts)
        k_min += comp.offset
    k_max = k_min + len(total_poly) - 1
    rlo = max(0, left - k_max)
    rhi = min(n_int, left - k_min)
    if rlo > rhi:
        raise _Contradiction
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
        raise _Contradiction

    probability: dict[int, float] = {}
    # A hypothesis marks its opened cell safe in the deducer; it is no longer covered.
    safe = {cell for cell in deducer.safe if cell in unknown}
    mines = set(deducer.mine)
    for cell in safe:
        probability[cell] = 0.0
    for cell in deducer.mine:
        probability[cell] = 1.0
    exact = True
    for comp in comps:
        exact = exact and comp.exact
        others = _divide(total_poly, comp.counts)
        others_min = k_min - comp.offset
        # g[j]: weight of everything outside this component when it holds offset + j mines.
        g = []
        for j in range(len(comp.counts)):
            base = left - comp.offset - j - others_min
            g.append(sum(q * w(base - i) for i, q in enumerate(others) if q))
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
        for cell in interior:
            probability[cell] = interior_p
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

"""Perfect play when few layouts are left: search every sequence of guesses.

Late in a game the numbers often leave only a handful of layouts. Then the best
guess can be computed exactly: list every consistent layout (each equally
likely), and for every cell compute the chance of winning if it is revealed
next, recursively:

    win(S) = 1                                      if S holds one layout
    win(S) = sum |S_v| / |S| * win(S_v)             over the numbers v shown by
                                                    cells safe in every layout of S
                                                    (free moves, taken first)
    win(S) = max over cells c of
             sum over v of |S_{c,v}| / |S| * win(S_{c,v})   otherwise

where ``S_{c,v}`` keeps the layouts in which ``c`` is safe and shows ``v``.
States are memoised by their set of layouts, candidates are tried safest first,
and a candidate is skipped once its safety (an upper bound on its value) cannot
beat the best found. A step budget keeps the worst case short; when it runs out
the caller falls back to the heuristic guess.

>>> from engine.grid import Grid
>>> from engine.solver.analysis import Position
>>> from engine.tiles import from_char
>>> board = bytes(from_char(c) for c in "#1." "#1.")
>>> position = Position(Grid(2, 3), 1, board)
>>> best_endgame_move(position, position.analysis())
(0, 0.5)
"""

from __future__ import annotations

from fractions import Fraction

from engine.solver.analysis import Analysis, Position
from engine.solver.budget import Budget, OutOfBudget

LAYOUT_LIMIT = 400
"""Search only when at most this many layouts remain."""
STEP_LIMIT = 60_000
"""Work units (layout checks) the search may spend before giving up."""


def _layouts(
    position: Position, analysis: Analysis, cells: list[int], layout_limit: int, budget: Budget
) -> list[int] | None:
    """Every consistent layout as a bit mask over ``cells`` (the undecided cells).

    None when there are more than ``layout_limit``; each search step spends one
    unit of ``budget`` (which raises :class:`~engine.solver.budget.OutOfBudget`).
    """
    index = {c: i for i, c in enumerate(cells)}
    known = analysis.mines
    left = position.mines_left - len(known)
    constraints: list[tuple[list[int], int]] = []
    for members, count in position.constraints():
        rest = [index[c] for c in members if c not in known]
        constraints.append((rest, count - sum(1 for c in members if c in known)))
    constrained = sorted({i for rest, _ in constraints for i in rest})
    free = [i for i in range(len(cells)) if i not in set(constrained)]
    by_cell: dict[int, list[int]] = {}
    for k, (rest, _) in enumerate(constraints):
        for i in rest:
            by_cell.setdefault(i, []).append(k)
    need = [n for _, n in constraints]
    room = [len(rest) for rest, _ in constraints]
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
    for mask, mines in frontier_solutions:
        spare = left - mines
        if 0 <= spare <= len(free):
            for extra in _combinations(free, spare, layout_limit):
                layouts.append(mask | extra)
                if len(layouts) > layout_limit:
                    return None
    return layouts


def _combinations(items: list[int], k: int, limit: int) -> list[int]:
    """Bit masks of every ``k``-subset of the bit positions ``items`` (stops past ``limit``)."""
    out: list[int] = []

    def go(start: int, k: int, mask: int) -> None:
        if len(out) > limit:
            return
        if k == 0:
            out.append(mask)
            return
        for j in range(start, len(items) - k + 1):
            go(j + 1, k - 1, mask | (1 << items[j]))

    go(0, k, 0)
    return out


def worth_searching(analysis: Analysis, layout_limit: int = LAYOUT_LIMIT) -> bool:
    """True when few enough layouts remain for :func:`best_endgame_move` to try."""
    # A large interior means astronomically many layouts; skip it before counting them.
    if not analysis.exact or len(analysis.interior) > 1000:
        return False
    return analysis.layout_count() <= layout_limit


def best_endgame_move(
    position: Position,
    analysis: Analysis,
    layout_limit: int = LAYOUT_LIMIT,
    step_limit: int = STEP_LIMIT,
) -> tuple[int, float] | None:
    """The guess with the highest exact chance to win, and that chance.

    None when more than ``layout_limit`` layouts remain or the search would take
    more than ``step_limit`` work units. The defaults suit a hint; an offline
    measurement (``benchmarks.solver --bound``) can afford larger ones.

    Meant for a position with no certain move (``analysis.safe`` empty), where a
    guess is due: the callers take certain cells first.
    """
    if not worth_searching(analysis, layout_limit):
        return None
    cells = sorted(c for c, p in analysis.probability.items() if 0.0 < p < 1.0)
    if not cells:
        return None
    try:
        layouts = _layouts(position, analysis, cells, layout_limit, Budget(step_limit))
    except OutOfBudget:
        return None
    if not layouts:
        return None
    index = {c: i for i, c in enumerate(cells)}
    # For each undecided cell: the mask of undecided neighbours, whose mines make its number.
    around = []
    for c in cells:
        mask = 0
        for n in position.neighbours[c]:
            j = index.get(n)
            if j is not None:
                mask |= 1 << j
        around.append(mask)
    n_cells = len(cells)
    memo: dict[frozenset[int], Fraction] = {}
    # The search has a budget of its own, as large as the listing's.
    budget = Budget(step_limit)

    def split(state: list[int], i: int) -> dict[int, list[int]]:
        """The layouts where cell ``i`` is safe, grouped by the number it shows."""
        bit, mask = 1 << i, around[i]
        groups: dict[int, list[int]] = {}
        for layout in state:
            if not layout & bit:
                groups.setdefault((layout & mask).bit_count(), []).append(layout)
        budget.spend(len(state))
        return groups

    def win(state: list[int]) -> Fraction:
        if len(state) == 1:
            return Fraction(1)
        key = frozenset(state)
        cached = memo.get(key)
        if cached is not None:
            return cached
        union = 0
        common = -1
        for layout in state:
            union |= layout
            common &= layout
        size = len(state)
        # Free moves: cells safe in every layout. Their numbers may tell layouts apart.
        for i in range(n_cells):
            if not union >> i & 1:
                groups = split(state, i)
                if len(groups) > 1:
                    result = sum(
                        (Fraction(len(g), size) * win(g) for g in groups.values()), Fraction(0)
                    )
                    memo[key] = result
                    return result
        if union == common:
            memo[key] = Fraction(1)  # cannot happen with distinct layouts; stay total
            return memo[key]
        best = Fraction(0)
        for _, i in _by_safety(state, union, common, n_cells):
            safe_count = sum(1 for layout in state if not layout >> i & 1)
            if Fraction(safe_count, size) <= best:
                break
            groups = split(state, i)
            value = sum((Fraction(len(g), size) * win(g) for g in groups.values()), Fraction(0))
            if value > best:
                best = value
        memo[key] = best
        return best

    try:
        best_cell, best_value = -1, Fraction(-1)
        size = len(layouts)
        union = 0
        common = -1
        for layout in layouts:
            union |= layout
            common &= layout
        for _, i in _by_safety(layouts, union, common, n_cells):
            safe_count = sum(1 for layout in layouts if not layout >> i & 1)
            if Fraction(safe_count, size) <= best_value:
                break
            groups = split(layouts, i)
            value = sum((Fraction(len(g), size) * win(g) for g in groups.values()), Fraction(0))
            if value > best_value:
                best_cell, best_value = cells[i], value
    except OutOfBudget:
        return None
    if best_cell < 0:
        return None
    return best_cell, float(best_value)


def _by_safety(state: list[int], union: int, common: int, n_cells: int) -> list[tuple[int, int]]:
    """Undecided cells of ``state`` as (mine count, cell), safest first."""
    out = []
    for i in range(n_cells):
        if union >> i & 1 and not common >> i & 1:
            out.append((sum(1 for layout in state if layout >> i & 1), i))
    out.sort()
    return out

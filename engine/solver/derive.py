"""Proofs made by forward chaining from the board alone (:mod:`engine.proof`'s derivations).

To prove a cell, the rules are applied to the open numbers and the facts already derived,
simplest first, each time one yields a new fact, until the cell's own fact is derived:

1. **one number**: its mines all found, its other covered cells are safe; as many covered
   cells left as mines needed, they are all mines;
2. **two numbers** sharing covered cells: the mines the shared cells can hold (at least,
   at most, by the first number) bound the other number's other cells;
3. **a group of numbers**: a number with every number it shares a covered cell with, then
   a whole linked group, enumerated: a cell that every way of placing their mines agrees on;
4. **the mine total**: every number with the mines left to place, enumerated the same way.

Then the steps the cell's fact depends on are kept, in order. Nothing else is read: no
flag, no solver's analysis (a mine the board shows, ``*``, counts for its numbers). The
numbers near the cell are tried first (most proofs are local), then the whole board.

The 1-2-1 along a wall, proven from the 2:

>>> from engine.grid import Grid
>>> from engine.tiles import from_char
>>> tiles = bytes(from_char(c) for c in "###" "121" "...")
>>> for step in derive(Grid(3, 3), 2, tiles, 1).steps:
...     print(step)
Step(cell=0, mine=True, rule=<Rule.PAIR: 'two numbers'>, numbers=(4, 5), facts=(), total=False)
Step(cell=1, mine=False, rule=<Rule.ONE: 'one number'>, numbers=(3,), facts=(0,), total=False)
"""

from __future__ import annotations

from collections.abc import Collection

from engine import tiles as t
from engine.grid import Grid
from engine.proof import Derivation, Rule, Step

NODE_BUDGET = 100_000
"""Enumeration steps allowed for one group before it is given up (a proof too large to
read anyway)."""
RADII = (3, 6)
"""How far from the cell (in rows or columns) the numbers are read first, before the whole
board: a proof is almost always local, and reading a huge board costs time."""
_SHOWN = (t.MINE, t.EXPLODED)


def derive(
    grid: Grid, mines: int, tiles: bytes, cell: int, numbers: Collection[int] | None = None
) -> Derivation | None:
    """The derivation of ``cell``'s fact (safe or a mine), or None when the rules cannot
    prove it (it is not certain, or its group is too large to enumerate).

    ``numbers``: prove it from these numbers only (a pattern drill's own), without the
    mine total; None for any number on the board, and the total.
    """
    if not t.is_covered(tiles[cell]):
        return None
    if numbers is not None:
        return _Chain(grid, mines, tiles, cell, sorted(numbers), False).run()
    row, col = grid.row_col(cell)
    for radius in RADII:
        if radius >= max(grid.rows, grid.cols):
            break
        near = [
            grid.index(r, c)
            for r in range(max(0, row - radius), min(grid.rows, row + radius + 1))
            for c in range(max(0, col - radius), min(grid.cols, col + radius + 1))
        ]
        found = _Chain(grid, mines, tiles, cell, near, False).run()
        if found is not None:
            return found
    return _Chain(grid, mines, tiles, cell, range(grid.size), True).run()


class _Contradiction(Exception):
    """No layout fits the numbers read: nothing is proven."""


class _Chain:
    """The forward chaining for one cell over the numbers among ``cells``."""

    def __init__(
        self,
        grid: Grid,
        mines: int,
        tiles: bytes,
        target: int,
        cells: Collection[int],
        use_total: bool,
    ) -> None:
        self.grid, self.mines, self.tiles, self.target = grid, mines, tiles, target
        self.use_total = use_total
        self.around: dict[int, list[int]] = {}
        self.touching: dict[int, list[int]] = {}
        """Each covered cell's numbers (among those read)."""
        for n in cells:
            if tiles[n] > 8:
                continue
            covered = [c for c in grid.neighbours(n) if t.is_covered(tiles[c])]
            if covered:
                self.around[n] = grid.neighbours(n)
                for c in covered:
                    self.touching.setdefault(c, []).append(n)
        self.numbers = sorted(self.around)
        self.steps: list[Step] = []
        self.fact: dict[int, int] = {}
        """Each derived cell's step."""
        self.weight: list[int] = []
        """Each step's count of steps it rests on, itself included (some counted twice)."""
        self.tried: dict[tuple[int, ...], tuple[int, ...]] = {}
        """Pairs and groups found fruitless, with their numbers' undecided counts then."""

    def run(self) -> Derivation | None:
        try:
            while self.target not in self.fact:
                if not (
                    self._singles()
                    or self._pairs()
                    or self._groups()
                    or (self.use_total and self._total())
                ):
                    return None
        except _Contradiction:
            return None
        return self._pruned()

    def state(self, number: int) -> tuple[int, list[int], list[int]]:
        """(mines still needed, undecided covered cells, derived neighbours' steps)."""
        need = self.tiles[number]
        undecided: list[int] = []
        decided: list[int] = []
        for c in self.around[number]:
            tile = self.tiles[c]
            if tile in _SHOWN:
                need -= 1
            elif t.is_covered(tile):
                index = self.fact.get(c)
                if index is None:
                    undecided.append(c)
                else:
                    decided.append(index)
                    need -= self.steps[index].mine
        if not 0 <= need <= len(undecided):
            raise _Contradiction
        return need, undecided, decided

    def add(self, step: Step) -> None:
        if step.cell not in self.fact:
            self.fact[step.cell] = len(self.steps)
            self.steps.append(step)
            self.weight.append(1 + sum(self.weight[i] for i in step.facts))

    def add_lightest(self, found: list[Step]) -> bool:
        """Add the steps found in one pass, each cell by the one that rests on the fewest
        steps (a number that reads one fact before one that reads three)."""
        best: dict[int, tuple[int, Step]] = {}
        for step in found:
            weight = sum(self.weight[i] for i in step.facts)
            if step.cell not in best or weight < best[step.cell][0]:
                best[step.cell] = weight, step
        for _, step in best.values():
            self.add(step)
        return bool(best)

    def _singles(self) -> bool:
        found: list[Step] = []
        for n in self.numbers:
            need, undecided, decided = self.state(n)
            if not undecided or 0 < need < len(undecided):
                continue
            mine = need > 0
            # A safe cell rests on the number's mines only; a mine on its other cells too.
            facts = decided if mine else [i for i in decided if self.steps[i].mine]
            found.extend(Step(c, mine, Rule.ONE, (n,), tuple(sorted(facts))) for c in undecided)
        return self.add_lightest(found)

    def partners(self, number: int, undecided: list[int]) -> list[int]:
        return sorted({m for c in undecided for m in self.touching[c] if m != number})

    def _pairs(self) -> bool:
        """Every pair's facts, read with the facts known before any of them (the shortest
        proofs: a pair's fact never rests on another pair's of the same pass)."""
        found: list[Step] = []
        for a in self.numbers:
            need_a, cells_a, decided_a = self.state(a)
            if not cells_a:
                continue
            for b in self.partners(a, cells_a):
                need_b, cells_b, decided_b = self.state(b)
                key, counts = (a, b), (len(cells_a), len(cells_b))
                if self.tried.get(key) == counts:
                    continue
                shared = set(cells_a) & set(cells_b)
                rest = [c for c in cells_b if c not in shared]
                most = min(len(shared), need_a)
                least = max(0, need_a - (len(cells_a) - len(shared)))
                if rest and need_b - most == len(rest):
                    mine = True
                elif rest and need_b - least == 0:
                    mine = False
                else:
                    self.tried[key] = counts
                    continue
                facts = tuple(sorted(set(decided_a) | set(decided_b)))
                found.extend(Step(c, mine, Rule.PAIR, (b, a), facts) for c in rest)
        return self.add_lightest(found)

    def _groups(self) -> bool:
        row, col = self.grid.row_col(self.target)

        def distance(n: int) -> tuple[int, int]:
            r, c = self.grid.row_col(n)
            return max(abs(r - row), abs(c - col)), n

        groups: list[list[int]] = []
        for a in sorted(self.numbers, key=distance):
            _, cells, _ = self.state(a)
            if cells:
                groups.append([a, *self.partners(a, cells)])
        groups.extend(sorted(self._linked(), key=lambda g: min(map(distance, g))))
        return any(len(group) > 2 and self._enumerated(group, Rule.GROUP) for group in groups)

    def _linked(self) -> list[list[int]]:
        """The numbers linked through undecided cells, one group each."""
        seen: set[int] = set()
        groups = []
        for a in self.numbers:
            if a in seen or not self.state(a)[1]:
                continue
            group, queue = [a], [a]
            seen.add(a)
            while queue:
                n = queue.pop()
                for m in self.partners(n, self.state(n)[1]):
                    if m not in seen:
                        seen.add(m)
                        group.append(m)
                        queue.append(m)
            groups.append(sorted(group))
        return groups

    def _total(self) -> bool:
        """The numbers with the mines left: first citing only the mines found and the cells
        the numbers touch (a safe cell far away is then one more cell that may hold a mine),
        then every fact."""
        live = [n for n in self.numbers if self.state(n)[1]]
        near = {i for n in live for i in self.state(n)[2]}
        mined = {i for i in self.fact.values() if self.steps[i].mine}
        return self._counted(live, near | mined) or self._counted(live, set(self.fact.values()))

    def _counted(self, live: list[int], cited: set[int]) -> bool:
        left = self.mines
        outside: list[int] = []
        for c, tile in enumerate(self.tiles):
            if tile in _SHOWN:
                left -= 1
            elif t.is_covered(tile):
                index = self.fact.get(c)
                if index in cited:
                    left -= self.steps[index].mine
                elif index is not None or c not in self.touching:
                    outside.append(c)
        return self._enumerated(live, Rule.TOTAL, (left, outside), cited)

    def _enumerated(
        self,
        group: list[int],
        rule: Rule,
        total: tuple[int, list[int]] | None = None,
        cited: set[int] | None = None,
    ) -> bool:
        """Every undecided cell the group's numbers (and the mines left, when ``total``)
        force, each a step; whether any was new."""
        states = [self.state(n) for n in group]
        counts = tuple(len(cells) for _, cells, _ in states)
        key = (*group, -1 if total is None else -2 - len(self.fact) - 1000 * len(cited or ()))
        if self.tried.get(key) == counts:
            return False
        constraints = [(cells, need) for need, cells, _ in states]
        if total is not None:
            left, outside = total
            every = sorted({c for cells, _ in constraints for c in cells} | set(outside))
            constraints.append((every, left))
        forced = {c: m for c, m in (_forced(constraints) or {}).items() if c not in self.fact}
        if not forced:
            self.tried[key] = counts
            return False
        facts = {i for _, _, decided in states for i in decided} if cited is None else cited
        for c in sorted(forced, key=lambda c: c != self.target):
            step = Step(c, forced[c], rule, tuple(group), tuple(sorted(facts)), total is not None)
            self.add(step)
        return True

    def _pruned(self) -> Derivation:
        """The steps the target's fact rests on, in order, their citations renumbered."""
        needed = {self.fact[self.target]}
        for index in range(len(self.steps) - 1, -1, -1):
            if index in needed:
                needed.update(self.steps[index].facts)
        kept = sorted(needed)
        renumber = {old: new for new, old in enumerate(kept)}
        steps = []
        for old in kept:
            step = self.steps[old]
            facts = tuple(renumber[i] for i in step.facts)
            steps.append(Step(step.cell, step.mine, step.rule, step.numbers, facts, step.total))
        return Derivation(tuple(steps))


def _forced(constraints: list[tuple[list[int], int]]) -> dict[int, bool] | None:
    """The cells that every solution of ``constraints`` (each: these cells hold exactly so
    many mines) agrees on, as cell -> is a mine; None when there is no solution or the
    enumeration would pass :data:`NODE_BUDGET`. Cells in the same constraints are one box,
    enumerated by its mine count."""
    signature: dict[int, list[int]] = {}
    for index, (cells, _) in enumerate(constraints):
        for c in cells:
            signature.setdefault(c, []).append(index)
    boxes: dict[tuple[int, ...], list[int]] = {}
    for c, indexes in signature.items():
        boxes.setdefault(tuple(indexes), []).append(c)
    order = sorted(boxes, key=lambda s: (s[0], len(s)))
    sizes = [len(boxes[s]) for s in order]
    need = [m for _, m in constraints]
    room = [len(cells) for cells, _ in constraints]
    low = [size + 1 for size in sizes]
    high = [-1] * len(order)
    chosen = [0] * len(order)
    nodes = 0

    def place(b: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > NODE_BUDGET:
            raise _OverBudget
        if b == len(order):
            if any(need):
                return
            for i, k in enumerate(chosen):
                low[i] = min(low[i], k)
                high[i] = max(high[i], k)
            return
        members, size = order[b], sizes[b]
        for i in members:
            room[i] -= size
        for k in range(size + 1):
            if all(0 <= need[i] - k <= room[i] for i in members):
                for i in members:
                    need[i] -= k
                chosen[b] = k
                place(b + 1)
                for i in members:
                    need[i] += k
        for i in members:
            room[i] += size

    try:
        place(0)
    except _OverBudget:
        return None
    if order and high[0] < 0:
        raise _Contradiction  # no solution: no layout fits the numbers read
    forced: dict[int, bool] = {}
    for b, s in enumerate(order):
        if high[b] == 0:
            forced.update(dict.fromkeys(boxes[s], False))
        elif low[b] == sizes[b]:
            forced.update(dict.fromkeys(boxes[s], True))
    return forced


class _OverBudget(Exception):
    pass

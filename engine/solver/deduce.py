"""Certain deductions: the cheap rules that settle cells before any enumeration.

Every open number gives a constraint, "these covered neighbours hold exactly
``n`` mines". The rules, applied until nothing changes:

- a constraint with 0 mines (or as many mines as cells) settles its cells;
- a constraint inside another is subtracted from it;
- two overlapping constraints settle the cells outside their overlap when the
  overlap's possible mine counts force it.

What is left is a reduced system with the same solutions: the input of the
enumeration (:mod:`engine.solver.components`).

The classic 1-2-1 (three numbers under three covered cells ``0 1 2``):

>>> deducer = Deducer()
>>> deducer.add([0, 1], 1)
>>> deducer.add([0, 1, 2], 2)
>>> deducer.add([1, 2], 1)
>>> deducer.run()
>>> sorted(deducer.mine), sorted(deducer.safe), deducer.constraints()
([0, 2], [1], [])
"""

from __future__ import annotations

from collections.abc import Iterable

Constraint = tuple[frozenset[int], int]
"""``(cells, mines)``: the covered ``cells`` hold exactly ``mines`` mines."""


class Contradiction(Exception):
    """No layout satisfies the constraints (raised inside the solver, never outside it)."""


class Deducer:
    """Constraints ``(cells, mines)`` plus the cells already known, kept fully reduced.

    Every stored constraint mentions only undecided cells and is not trivial
    (0 < mines < len(cells)). ``run`` applies the single-constraint and pair rules
    until nothing changes; a hypothesis is tested on a :meth:`copy`.
    """

    __slots__ = ("by_cell", "by_set", "cons", "mine", "next_id", "pending", "queue", "safe")

    def __init__(self) -> None:
        self.cons: dict[int, Constraint] = {}
        self.by_set: dict[frozenset[int], int] = {}
        self.by_cell: dict[int, set[int]] = {}
        self.safe: set[int] = set()
        self.mine: set[int] = set()
        self.queue: list[int] = []
        self.pending: list[int] = []
        self.next_id = 0

    def copy(self) -> Deducer:
        other = Deducer.__new__(Deducer)
        other.cons = dict(self.cons)
        other.by_set = dict(self.by_set)
        other.by_cell = {cell: set(ids) for cell, ids in self.by_cell.items()}
        other.safe = set(self.safe)
        other.mine = set(self.mine)
        other.queue = list(self.queue)
        other.pending = list(self.pending)
        other.next_id = self.next_id
        return other

    def constraints(self) -> list[Constraint]:
        """The reduced constraints, oldest first (ids only grow, so that is id order)."""
        return list(self.cons.values())

    def know(self, cell: int, is_mine: bool) -> None:
        """Record a settled cell; its constraints are reduced by :meth:`run`."""
        if is_mine:
            if cell in self.mine:
                return
            if cell in self.safe:
                raise Contradiction
            self.mine.add(cell)
        else:
            if cell in self.safe:
                return
            if cell in self.mine:
                raise Contradiction
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
            raise Contradiction
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
                raise Contradiction
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

    def _remove(self, cid: int) -> Constraint:
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
        """Apply the rules until no constraint changes (or raise :class:`Contradiction`)."""
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
                raise Contradiction
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

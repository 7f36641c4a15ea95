"""Dead cells: undecided cells whose opening can tell nothing new.

A covered cell is *dead* when it may hold a mine (it is not proven safe) and may be
safe (it is not proven a mine), and every layout consistent with what the player sees
in which it is safe gives it the same number. Opening it then only risks the mine: if
it is safe, the number it shows was known before, so nothing else is learnt. A guess
should never be a dead cell unless every cell left is dead (David Hill's JSMinesweeper
calls them dead tiles; the test here is ours: the number a cell would show is tried
value by value with :meth:`~engine.solver.analysis.Position.hypothesis`).

Two covered cells over two 1s, one mine: whichever is safe shows a 1 (the other one holds
the mine), so both are dead.

>>> from engine.grid import Grid
>>> from engine.solver.analysis import Position
>>> from engine.steps import drain
>>> from engine.tiles import from_char
>>> position = Position(Grid(2, 2), 1, bytes(from_char(c) for c in "##" "11"))
>>> sorted(drain(dead_cells_steps(position, position.analysis())))
[0, 1]
"""

from __future__ import annotations

from engine.solver.analysis import Analysis, Position
from engine.steps import Steps

WORK_LIMIT = 60_000
"""Backtracking steps the search may spend (the solver's own count, not a clock: the same
cells are found on every machine); past it the cells left are not checked."""
CHECK_LIMIT = 600
"""At most this many undecided cells are tried, the ones next to numbers first (a huge
board's far cells would cost a hypothesis each, and are almost never dead)."""


def dead_cells_steps(position: Position, analysis: Analysis) -> Steps[frozenset[int]]:
    """The dead cells of ``position`` (see the module's docstring), a hypothesis a slice.

    Only an exact analysis is searched (an estimated part of the board settles nothing),
    and at most :data:`CHECK_LIMIT` cells, those next to a number first, within
    :data:`WORK_LIMIT` steps of enumeration."""
    if not analysis.exact:
        return frozenset()
    prob, unknown, neighbours = analysis.probability, position.unknown, position.neighbours

    def undecided(cell: int) -> bool:
        return 0.0 < prob.get(cell, 0.0) < 1.0

    candidates = sorted(
        (c for c in unknown if undecided(c)), key=lambda c: (c not in analysis.frontier, c)
    )
    dead: set[int] = set()
    start = position.work
    for cell in candidates[:CHECK_LIMIT]:
        if position.work - start > WORK_LIMIT:
            break
        yield None
        around = [n for n in neighbours[cell] if n in unknown]
        if not any(undecided(n) for n in around):
            dead.add(cell)  # every covered neighbour is certain: its number is known
            continue
        # The likeliest numbers first: a living cell shows two of them within a few tries.
        expected = sum(prob[n] for n in around)
        tries = sorted(range(len(around) + 1), key=lambda v: abs(v - expected))
        shown = 0
        for mines_around in tries:
            yield None  # a hypothesis solves the cell's whole component again: one a slice
            if position.hypothesis(cell, mines_around) is not None:
                shown += 1
                if shown > 1:
                    break
        if shown == 1:
            dead.add(cell)
    return frozenset(dead)

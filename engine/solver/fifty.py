"""Unavoidable 50/50s, found so that they can be taken as early as possible.

Two undecided cells that hold one mine between them, and that no other cell can
ever tell apart, stay a coin toss whatever else is revealed: every covered cell
that touches one of them touches the other too, so each number still to come
counts them together, and so does the mine total. One of them must be guessed
sooner or later, at the same odds. Guessing it *first*, before any other guess,
risks nothing more and may help: the number it shows, when it is safe, tells
about the cells around the pair, and may make the other guess unnecessary.
(This is the "extended 2-cell 50/50" of David Hill's JSMinesweeper,
reimplemented from its description.)

>>> from engine.grid import Grid
>>> from engine.solver.analysis import Position
>>> from engine.tiles import from_char
>>> position = Position(Grid(2, 3), 1, bytes(from_char(c) for c in "#1." "#1."))
>>> forced_fifty(position, position.analysis())  # 0 and 3 share the mine; nothing can tell
0
"""

from __future__ import annotations

from engine.solver.analysis import Analysis, Position


def forced_fifty(position: Position, analysis: Analysis) -> int | None:
    """A cell of an unavoidable 50/50 (the safer of the pair), or None if there is none."""
    prob = analysis.probability
    unknown = position.unknown
    neighbours = position.neighbours

    def informants(cell: int) -> set[int]:
        """Covered cells around ``cell`` that may yet be opened and show a number."""
        return {n for n in neighbours[cell] if n in unknown and prob.get(n, 1.0) < 1.0}

    constraints = position.constraints()
    found: list[tuple[float, int]] = []
    for cells, count in constraints:
        if count != 1 or len(cells) != 2:
            continue
        a, b = sorted(cells)
        if not (0.0 < prob.get(a, 0.0) < 1.0 and 0.0 < prob.get(b, 0.0) < 1.0):
            continue
        # Every number already shown must count both or neither, or it could yet
        # tell them apart through its other cells.
        if any((a in other) != (b in other) for other, _ in constraints):
            continue
        if informants(a) - {b} == informants(b) - {a}:
            found.append(min((prob[a], a), (prob[b], b)))
    return min(found)[1] if found else None

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

from engine import tiles as t
from engine.solver.analysis import Analysis, Position
from engine.steps import Steps


def forced_fifty(position: Position, analysis: Analysis) -> int | None:
    """A cell of an unavoidable 50/50 (the safer of the pair), or None if there is none."""
    prob = analysis.probability
    found = [min((prob[a], a), (prob[b], b)) for a, b in fifty_pairs(position, analysis)]
    return min(found)[1] if found else None


def fifty_pairs(position: Position, analysis: Analysis) -> list[tuple[int, int]]:
    """Every unavoidable 50/50: pairs of undecided cells that hold one mine between them
    and that nothing can ever tell apart, each pair in reading order."""
    prob = analysis.probability
    unknown = position.unknown
    neighbours = position.neighbours

    def informants(cell: int) -> set[int]:
        """Covered cells around ``cell`` that may yet be opened and show a number."""
        return {n for n in neighbours[cell] if n in unknown and prob.get(n, 1.0) < 1.0}

    constraints = position.constraints()
    found: list[tuple[int, int]] = []
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
            found.append((a, b))
    return found


Pairs = list[tuple[int, int]]


def side_by_side_fifties_steps(
    position: Position, analysis: Analysis, tiles: bytes
) -> Steps[tuple[Pairs, Pairs]]:
    """Side-by-side pairs of undecided cells that no cell around them can tell apart: the
    six cells that touch one of the two and not the other are all off the board or known
    mines, so every number still to come counts the two together (``tiles``: those
    ``position`` was made of).

    Returns ``(fifties, pseudo)``. Such a pair that cannot hold two mines is either a
    50/50 (one mine, certainly: it goes with ``fifties``) or a *pseudo-50/50* (one mine
    or none): either way, guessing one of the two now risks nothing that waiting would
    not (JSMinesweeper's 2-cell pseudo-50/50, reimplemented from its description). A
    pair that may hold two mines is neither.

    >>> from engine.grid import Grid
    >>> from engine.steps import drain
    >>> from engine.tiles import from_char
    >>> tiles = bytes(from_char(c) for c in "##" "11")
    >>> position = Position(Grid(2, 2), 1, tiles)
    >>> drain(side_by_side_fifties_steps(position, position.analysis(), tiles))
    ([(0, 1)], [])

    In slices: each pair whose layouts are counted is a slice of its own.
    """
    grid, unknown, prob = position.grid, position.unknown, analysis.probability
    fifties: list[tuple[int, int]] = []
    pseudo: list[tuple[int, int]] = []

    def undecided(cell: int) -> bool:
        return cell in unknown and 0.0 < prob.get(cell, 0.0) < 1.0

    def tells_nothing(cell: int) -> bool:
        """A cell that can never show a number: a mine, known or proven."""
        return tiles[cell] in (t.MINE, t.EXPLODED) or prob.get(cell) == 1.0

    for a in sorted(c for c in unknown if undecided(c)):
        row, col = grid.row_col(a)
        for dr, dc in ((0, 1), (1, 0)):
            if not grid.contains(row + dr, col + dc):
                continue
            b = grid.index(row + dr, col + dc)
            if not undecided(b):
                continue
            # The line of three beyond each cell of the pair, away from the other.
            if dr:
                beyond = [(row - 1, col + k) for k in (-1, 0, 1)]
                beyond += [(row + 2, col + k) for k in (-1, 0, 1)]
            else:
                beyond = [(row + k, col - 1) for k in (-1, 0, 1)]
                beyond += [(row + k, col + 2) for k in (-1, 0, 1)]
            sides = [grid.index(r, c) for r, c in beyond if grid.contains(r, c)]
            if not all(tells_nothing(n) for n in sides):
                continue
            yield None
            if position.count_if([a, b], []):
                continue
            (fifties if not position.count_if([], [a, b]) else pseudo).append((a, b))
    return fifties, pseudo


def fifty_risk(position: Position, analysis: Analysis, cell: int, total: int) -> float:
    """The chance that ``cell`` ends up the mine of a 50/50 if it is left for later.

    Two side-by-side covered cells become a 50/50 when the six cells that touch one
    of them and not the other (the columns, or rows, on either side of the pair)
    all turn out to be mines or lie off the board: then nothing can tell the two
    apart. For each such pair that ``cell`` belongs to, with no open cell among
    those six and at most three of them still covered, this counts the layouts
    where the pair would be a 50/50 with its mine on ``cell``. (JSMinesweeper's
    "long-term risk", reimplemented from its description.)
    """
    grid = position.grid
    unknown = position.unknown
    prob = analysis.probability
    row, col = grid.row_col(cell)
    risky = 0
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r2, c2 = row + dr, col + dc
        if not grid.contains(r2, c2):
            continue
        other = grid.index(r2, c2)
        if other not in unknown or prob.get(other, 1.0) in (0.0, 1.0):
            continue
        sides: list[int] = []
        for (r, c), (ar, ac) in (((row, col), (r2, c2)), ((r2, c2), (row, col))):
            # The line of three beyond this cell of the pair, away from the other.
            if dr:
                line = [(2 * r - ar, c + k) for k in (-1, 0, 1)]
            else:
                line = [(r + k, 2 * c - ac) for k in (-1, 0, 1)]
            for lr, lc in line:
                if grid.contains(lr, lc):
                    sides.append(grid.index(lr, lc))
        if any(n not in unknown for n in sides):
            continue
        missing = [n for n in sides if prob.get(n, 0.0) < 1.0]
        if len(missing) > 3:
            continue
        risky += position.count_if([cell, *missing], [other])
    return min(risky / total, prob[cell], 1.0 - prob[cell]) if total else 0.0

"""Numbers that no layout can satisfy, and the fewest of them that clash.

:func:`~engine.solver.analyse` only says that a position is impossible
(:class:`~engine.solver.InconsistentError`). A player setting a position up by hand
needs to know which numbers to look at. :func:`find_clash` looks, cheapest first:

1. one number alone: more known mines around it than it shows, or fewer covered
   cells than the mines it still needs;
2. a group of numbers linked by covered cells that no placing of mines satisfies,
   shrunk to a smallest clashing set by dropping each number the clash survives without
   (a deletion filter: the set left is minimal, each of its numbers is needed);
3. the mine total: the numbers are possible, but need more mines than there are, or
   leave more than the covered cells can hold.

Cells are named in words, counted from 1 (:func:`engine.grid.spot_name`).

>>> from engine.grid import Grid
>>> from engine.tiles import from_char
>>> tiles = bytes(from_char(c) for c in "###" "131" "...")
>>> clash = find_clash(Grid(3, 3), 3, tiles)
>>> clash.numbers, clash.cells
((4, 5), (0, 1, 2))
>>> clash.reason
'the 3 at row 2, column 2 and the 1 at row 2, column 3 cannot all be right: no way to place \
mines around them fits every one'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import tiles as t
from engine.grid import Grid, spot_name
from engine.solver.components import solve, split
from engine.solver.deduce import Constraint, Contradiction, Deducer
from engine.wording import count

_SHOWN = (t.MINE, t.EXPLODED)


@dataclass(frozen=True, slots=True)
class Clash:
    """Why no layout fits: the numbers at fault and the covered cells they fight over."""

    numbers: tuple[int, ...]
    """The open cells whose numbers cannot all be right (empty: the mine total is wrong)."""
    cells: tuple[int, ...]
    """The covered cells around those numbers."""
    reason: str
    """In words, lower case, to sit in a sentence."""


def _spot(grid: Grid, cell: int) -> str:
    return spot_name(grid.row_col(cell))


def _numbers(grid: Grid, tiles: bytes, numbers: list[int]) -> str:
    named = [f"the {tiles[n]} at {_spot(grid, n)}" for n in sorted(numbers)]
    return named[0] if len(named) == 1 else "; ".join(named[:-1]) + " and " + named[-1]


def _consistent(constraints: list[Constraint]) -> bool:
    """Whether some placing of mines satisfies every constraint (the mine total aside)."""
    deducer = Deducer()
    try:
        for cells, need in constraints:
            deducer.add(cells, need)
        deducer.run()
        for group in split(deducer.constraints()):
            solve(group, {})
    except Contradiction:
        return False
    return True


def find_clash(grid: Grid, mines: int, tiles: bytes) -> Clash | None:
    """The smallest clash found in ``tiles`` with ``mines`` mines in all; None when some
    layout fits them."""
    covered = [t.is_covered(tile) for tile in tiles]
    shown_mines = sum(1 for tile in tiles if tile in _SHOWN)
    constraint: dict[int, Constraint] = {}
    for number, tile in enumerate(tiles):
        if tile > 8:
            continue
        around = grid.neighbours(number)
        cells = frozenset(n for n in around if covered[n])
        need = tile - sum(1 for n in around if tiles[n] in _SHOWN)
        if need < 0:
            known = tile - need
            return Clash(
                (number,),
                tuple(sorted(cells)),
                f"{_numbers(grid, tiles, [number])} touches {count(known, 'known mine')}",
            )
        if need > len(cells):
            room = f"only {count(len(cells), 'covered cell')}"
            more = count(need, "more mine") if need != tile else f"{need}"
            return Clash(
                (number,),
                tuple(sorted(cells)),
                f"{_numbers(grid, tiles, [number])} needs {more} but has {room} around it",
            )
        if cells:
            constraint[number] = (cells, need)
    for group in _linked(constraint):
        if not _consistent([constraint[n] for n in group]):
            kept = _fewest(group, constraint)
            cells = frozenset().union(*(constraint[n][0] for n in kept))
            return Clash(
                tuple(kept),
                tuple(sorted(cells)),
                f"{_numbers(grid, tiles, kept)} cannot all be right: no way to place mines "
                "around them fits every one",
            )
    return _mine_total(grid, mines - shown_mines, covered, list(constraint.values()))


def _linked(constraint: dict[int, Constraint]) -> list[list[int]]:
    """The numbers in groups linked by the covered cells they share, in reading order."""
    by_cell: dict[int, list[int]] = {}
    for number, (cells, _) in constraint.items():
        for cell in cells:
            by_cell.setdefault(cell, []).append(number)
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in sorted(constraint):
        if start in seen:
            continue
        group, queue = [], [start]
        seen.add(start)
        while queue:
            number = queue.pop()
            group.append(number)
            for cell in constraint[number][0]:
                for other in by_cell[cell]:
                    if other not in seen:
                        seen.add(other)
                        queue.append(other)
        groups.append(sorted(group))
    return groups


def _fewest(group: list[int], constraint: dict[int, Constraint]) -> list[int]:
    """A clashing subset of ``group`` from which no number can be dropped."""
    kept = list(group)
    for number in group:
        trial = [n for n in kept if n != number]
        if trial and not _consistent([constraint[n] for n in trial]):
            kept = trial
    return kept


def _mine_total(
    grid: Grid, left: int, covered: list[bool], constraints: list[Constraint]
) -> Clash | None:
    """A clash between possible numbers and the mines left to place, if there is one."""
    deducer = Deducer()
    for cells, need in constraints:
        deducer.add(cells, need)
    deducer.run()  # consistent: every group was checked
    low, high = len(deducer.mine), len(deducer.mine)
    for group in split(deducer.constraints()):
        comp, _ = solve(group, {})
        low += comp.offset
        high += comp.offset + len(comp.counts) - 1
    framed = set(deducer.by_cell) | deducer.mine | deducer.safe
    free = sum(1 for cell, is_covered in enumerate(covered) if is_covered and cell not in framed)
    high += free
    if low <= left <= high:
        return None
    if left < low:
        reason = f"the numbers need at least {low} mines, but only {left} are left to place"
    else:
        reason = (
            f"{left} mines are left to place, but the covered cells can hold at most {high} of them"
        )
    return Clash((), (), reason)

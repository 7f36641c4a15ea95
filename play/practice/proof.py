"""How hard a position's proof is: the steps and numbers a player needs, by the rules players
use, applied in rounds.

A player proves cells with two rules, each read off the open numbers:

- **one number**: its mines all found (the rest of its covered cells are safe), or as many
  covered cells left as mines needed (all mines);
- **two numbers** that share covered cells (the rule of the 1-1, 1-2 and 1-2-1): the
  mines the shared cells can hold bound what each number's other cells hold.

Round 1 applies them to the numbers as shown; round 2 also to the cells round 1 proved, and
so on. A cell's *steps* are the round that first proves it; *numbers*, how many numbers
that proof reads. A cell no round proves needs more than these rules: a group of numbers
enumerated together, or the mine count. These rounds measure how hard a drill is; the
proof a player reads is the cell's derivation (:mod:`play.review.proof_words`).

>>> from engine import Level   # a 1-2-2-1 along a wall: the 2s' mines first, then the rest
>>> proofs = prove(Level(2, 4, 2), bytes([9, 9, 9, 9, 1, 2, 2, 1]))
>>> sorted((c, p.steps, p.numbers, p.mine) for c, p in proofs.items())
[(0, 2, 1, False), (1, 1, 2, True), (2, 1, 2, True), (3, 2, 1, False)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import Level
from engine import tiles as t
from play.practice.drill import Drill, Task

MOST_ROUNDS = 6


@dataclass(frozen=True, slots=True)
class Proof:
    """How a cell is first proven: in which round, by how many numbers, with which ones."""

    steps: int
    numbers: int
    mine: bool
    by: tuple[int, ...]
    """The numbers read (one, or two: the shared cells' first, then the other)."""


@dataclass(slots=True)
class _Number:
    cell: int
    cells: frozenset[int]
    """Its covered neighbours not yet proven."""
    need: int
    """Its mines not yet proven."""


@cache
def _around(level: Level) -> tuple[list[int], ...]:
    """Each cell's neighbours (a bank drill reads the same few boards again and again)."""
    grid = level.grid
    return tuple(grid.neighbours(c) for c in range(level.cells))


def prove(level: Level, tiles: bytes) -> dict[int, Proof]:
    """Every cell the two rules prove on ``tiles``, with its proof."""
    around = _around(level)
    found: dict[int, Proof] = {}
    for round_ in range(1, MOST_ROUNDS + 1):
        numbers = _numbers(tiles, around, found)
        new: dict[int, Proof] = {}

        def settle(
            cells: frozenset[int], mine: bool, by: tuple[int, ...], new: dict[int, Proof] = new
        ) -> None:
            for cell in cells:
                if cell not in found and cell not in new:
                    new[cell] = Proof(round_, len(by), mine, by)  # noqa: B023 (used at once)

        for n in numbers:
            if n.need == 0:
                settle(n.cells, False, (n.cell,))
            elif n.need == len(n.cells):
                settle(n.cells, True, (n.cell,))
        touching: dict[int, list[_Number]] = {}
        for n in numbers:
            for cell in n.cells:
                touching.setdefault(cell, []).append(n)
        for a in numbers:
            partners = {id(b): b for cell in a.cells for b in touching[cell] if b is not a}
            for b in partners.values():
                shared = a.cells & b.cells
                most = min(len(shared), a.need, b.need)
                least = max(0, a.need - len(a.cells - shared), b.need - len(b.cells - shared))
                rest = b.cells - shared
                if rest and b.need - most == len(rest):
                    settle(rest, True, (a.cell, b.cell))
                elif rest and b.need - least == 0:
                    settle(rest, False, (a.cell, b.cell))
        if not new:
            break
        found.update(new)
    return found


def _numbers(tiles: bytes, around: tuple[list[int], ...], found: dict[int, Proof]) -> list[_Number]:
    numbers = []
    for cell, tile in enumerate(tiles):
        if not 1 <= tile <= 8:
            continue
        covered = [n for n in around[cell] if t.is_covered(tiles[n])]
        mines = sum(1 for n in covered if n in found and found[n].mine)
        cells = frozenset(n for n in covered if n not in found)
        if cells:
            numbers.append(_Number(cell, cells, tile - mines))
    return numbers


PATTERNS = {"1-1": (1, 1), "1-2": (1, 2), "1-2-1": (1, 2, 1), "1-2-2-1": (1, 2, 2, 1)}
"""The wall patterns among the bank's kinds, as their numbers read along the wall."""


def pattern_numbers(drill: Drill) -> tuple[int, ...] | None:
    """A pattern drill's own numbers: the run along a row or a column that reads its
    pattern and touches every cell the drill offers (the bank offers the safe cell the
    pattern proves and the wall's cells over the pattern that are not safe); None for any
    other drill. Its proof starts from these.

    >>> from engine import Level
    >>> drill = Drill(Level(2, 5, 2), bytes([9, 9, 9, 9, 9, 1, 1, 2, 1, 1]), Task.PICK_SAFE,
    ...               (0, 1, 2, 3, 4), kind="1-2-1")
    >>> pattern_numbers(drill)   # the 1-2-1 in 1 1 2 1 1
    (6, 7, 8)
    """
    pattern = PATTERNS.get(drill.kind)
    if pattern is None:
        return None
    level, tiles = drill.level, drill.tiles
    grid, offered = level.grid, set(drill.options)
    for start in range(level.cells):
        row, col = grid.row_col(start)
        for dr, dc in ((0, 1), (1, 0)):
            spots = [(row + dr * i, col + dc * i) for i in range(len(pattern))]
            if not all(grid.contains(r, c) for r, c in spots):
                continue
            run = [grid.index(r, c) for r, c in spots]
            values = tuple(tiles[n] for n in run)
            if values not in (pattern, pattern[::-1]):
                continue
            around = {n for number in run for n in grid.neighbours(number)}
            if offered and offered <= {n for n in around if tiles[n] == t.COVERED}:
                return tuple(run)
    return None


def difficulty(drill: Drill) -> int:
    """How hard a drill is, from 1 to 5, from its easiest proof: the steps it takes and the
    numbers it reads; 5 when the rules cannot prove it (a group of numbers enumerated, or
    the mine count).

    >>> from engine import Level
    >>> difficulty(Drill(Level(2, 4, 2), bytes([9, 9, 9, 9, 1, 2, 2, 1]), Task.SAFE))
    2
    """
    proofs = prove(drill.level, drill.tiles)
    if drill.task is Task.MINE:
        wanted = [p for c, p in proofs.items() if c in drill.options and p.mine]
    elif drill.task is Task.PICK_SAFE:
        wanted = [p for c, p in proofs.items() if c in drill.options and not p.mine]
    else:
        wanted = [p for p in proofs.values() if not p.mine]
    if not wanted:
        return 5
    easiest = min(wanted, key=lambda p: (p.steps, p.numbers))
    return min(4, easiest.steps + easiest.numbers - 1)

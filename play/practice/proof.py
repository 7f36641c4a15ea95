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
enumerated together, or the mine count (:func:`play.review.reasons.why_safe` words either).

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


def reduced(level: Level, tiles: bytes, number: int, found: dict[int, Proof], steps: int) -> int:
    """The mines ``number`` still needs once the cells proven before round ``steps`` are
    known: what a player reads a pattern's number as (a 3 touching a known mine reads as a 2)."""
    known = sum(
        1
        for n in level.grid.neighbours(number)
        if n in found and found[n].mine and found[n].steps < steps
    )
    return tiles[number] - known


def step_words(level: Level, tiles: bytes, cell: int, found: dict[int, Proof]) -> str:
    """Why ``cell`` is what ``found`` says, read off its proof's numbers as a player reads
    them at that step (the cells proven before it known).

    >>> level, tiles = Level(2, 4, 2), bytes([9, 9, 9, 9, 1, 2, 2, 1])
    >>> found = prove(level, tiles)
    >>> step_words(level, tiles, 1, found)
    'the 2 at row 2, column 3 needs 2 more mines, and the cells it shares with the 1 at row 2, \
column 4 hold at most 1, so its other covered cell is a mine'
    >>> step_words(level, tiles, 0, found)
    'the 1 at row 2, column 1 has its mine already'
    """
    from engine.grid import spot_name

    proof = found[cell]
    grid = level.grid

    def at(number: int) -> str:
        return f"the {tiles[number]} at {spot_name(grid.row_col(number))}"

    def need(number: int) -> int:
        return reduced(level, tiles, number, found, proof.steps)

    if proof.numbers == 1:
        (number,) = proof.by
        if not proof.mine:
            return f"{at(number)} has its mine{'s' * (tiles[number] != 1)} already"
        n = need(number)
        return f"{at(number)} needs {_mines(n)} and has only {n} covered cell{'s' * (n != 1)} left"
    a, b = proof.by
    if proof.mine:
        shared = _undecided(level, tiles, a, found, proof.steps) & _undecided(
            level, tiles, b, found, proof.steps
        )
        most = min(len(shared), need(a), need(b))
        rest = "cells are mines" if need(b) - most > 1 else "cell is a mine"
        return (
            f"{at(b)} needs {_mines(need(b))}, and the cells it shares with {at(a)} hold at "
            f"most {most}, so its other covered {rest}"
        )
    cells_a = _undecided(level, tiles, a, found, proof.steps)
    outside = len(cells_a - _undecided(level, tiles, b, found, proof.steps))
    if outside == 0:
        where = f"all among cells {at(b)} also touches"
    else:
        least = need(a) - outside
        away = f"{outside} covered cell{'s' * (outside != 1)} away from {at(b)}"
        touch = "touches" if least == 1 else "touch"
        where = f"and has only {away}, so at least {least} of its mines {touch} {at(b)} too"
    return (
        f"{at(a)} needs {_mines(need(a))}, {where}: all {at(b)} needs, so the other covered "
        f"cells of {at(b)} are safe"
    )


def _mines(n: int) -> str:
    return f"{n} more mine{'s' * (n != 1)}"


def _undecided(
    level: Level, tiles: bytes, number: int, found: dict[int, Proof], steps: int
) -> set[int]:
    return {
        n
        for n in level.grid.neighbours(number)
        if t.is_covered(tiles[n]) and not (n in found and found[n].steps < steps)
    }


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

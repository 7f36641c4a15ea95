"""A derivation (:mod:`engine.proof`) in words: one clause a step, in order, each naming the
numbers it reads, the facts it uses (cells proven in the clauses before it) and, last, its
own cell. Every producer of proofs says them this way: Hint, the review, the analysis
editor, the drills, page and terminal alike.

>>> from engine.grid import Grid
>>> from engine.tiles import from_char
>>> tiles = bytes(from_char(c) for c in "###" "121" "...")
>>> print(explain(Grid(3, 3), 2, tiles, 1, False).words)
the 2 at row 2, column 2 needs 2 mines among row 1, column 1; row 1, column 2 and \
row 1, column 3, but row 1, column 2 and row 1, column 3, which the 1 at row 2, column 3 \
touches too, hold at most 1 mine (the 1 at row 2, column 3 needs only 1), so row 1, column 1 \
is a mine; the 1 at row 2, column 1 has its mine at row 1, column 1, so row 1, column 2 is safe

Numbers of things agree through :mod:`engine.wording`, the one place that decides it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine import tiles as t
from engine.grid import Grid, spot_name
from engine.proof import Derivation, Rule, Step
from engine.solver import derive
from engine.wording import agree, be, count

_SHOWN = (t.MINE, t.EXPLODED)


def spot(grid: Grid, cell: int) -> str:
    """A cell as every text a player reads names it (:func:`engine.grid.spot_name`).

    >>> spot(Grid(3, 3), 5)
    'row 2, column 3'
    """
    return spot_name(grid.row_col(cell))


def listed(grid: Grid, cells: Collection[int]) -> str:
    """Cells in reading order, a semicolon between two of them (each name has a comma).

    >>> grid = Grid(3, 3)
    >>> listed(grid, [1]), listed(grid, [1, 0])
    ('row 1, column 2', 'row 1, column 1 and row 1, column 2')
    >>> listed(grid, [8, 0, 4])
    'row 1, column 1; row 2, column 2 and row 3, column 3'
    """
    names = [spot(grid, c) for c in sorted(cells)]
    return names[0] if len(names) == 1 else "; ".join(names[:-1]) + " and " + names[-1]


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True, slots=True)
class Explained:
    """A proven cell's derivation (None when none was found) and its words."""

    derivation: Derivation | None
    words: str

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers the proof reads, for a front end to mark."""
        return () if self.derivation is None else self.derivation.numbers


def explain(
    grid: Grid,
    mines: int,
    tiles: bytes,
    cell: int,
    mine: bool,
    numbers: Collection[int] | None = None,
) -> Explained:
    """Why ``cell``, proven a mine (``mine``) or safe by the solver, is one: its derivation
    (from ``numbers`` first when given, a pattern's own) and its words. A cell the rules
    cannot prove in reasonable time (a group too large to enumerate) is said so plainly."""
    found = None
    if numbers is not None:
        found = derive(grid, mines, tiles, cell, numbers)
    if found is None:
        found = derive(grid, mines, tiles, cell)
    if found is None or found.proves != (cell, mine):
        what = "a mine there" if not mine else "it clear"
        return Explained(
            None,
            "the solver tried every layout that fits the numbers and the mine total, and none "
            f"has {what}",
        )
    return Explained(found, words(grid, mines, tiles, found))


def words(grid: Grid, mines: int, tiles: bytes, derivation: Derivation) -> str:
    """The derivation's steps in words, in order, a semicolon between two; steps in a row
    that read the same premises (a number's two mines) are said once, naming their cells."""
    said: list[list[Step]] = []
    for step in derivation.steps:
        last = said[-1][-1] if said else None
        if last is not None and (last.rule, last.numbers, last.facts, last.total, last.mine) == (
            step.rule, step.numbers, step.facts, step.total, step.mine
        ):  # fmt: skip
            said[-1].append(step)
        else:
            said.append([step])
    return "; ".join(_Said(grid, mines, tiles, derivation, steps).clause() for steps in said)


class _Said:
    """One step read as its words read it: its numbers with the facts it cites known."""

    def __init__(
        self, grid: Grid, mines: int, tiles: bytes, derivation: Derivation, steps: list[Step]
    ) -> None:
        self.grid, self.mines, self.tiles = grid, mines, tiles
        self.step = step = steps[0]
        self.cells = [s.cell for s in steps]
        self.known = {derivation.steps[i].cell: derivation.steps[i].mine for i in step.facts}

    def at(self, number: int) -> str:
        if self.tiles[number] == 0:
            return f"the open 0 at {spot(self.grid, number)}"
        return f"the {self.tiles[number]} at {spot(self.grid, number)}"

    def read(self, number: int) -> tuple[int, list[int], list[int]]:
        """(mines it needs still, its covered cells not known, its known mines)."""
        need = self.tiles[number]
        cells: list[int] = []
        found: list[int] = []
        for n in self.grid.neighbours(number):
            if self.tiles[n] in _SHOWN or self.known.get(n, False):
                need -= 1
                found.append(n)
            elif t.is_covered(self.tiles[n]) and n not in self.known:
                cells.append(n)
        return need, cells, found

    def needs(self, number: int) -> str:
        need, _, found = self.read(number)
        return count(need, "more mine" if found else "mine")

    def conclusion(self) -> str:
        """The cells concluded: "row 1, column 2 is safe", "... and ... are mines"."""
        n = len(self.cells)
        what = agree(n, "a mine", "mines") if self.step.mine else "safe"
        return f"{listed(self.grid, self.cells)} {be(n)} {what}"

    def clause(self) -> str:
        rule = self.step.rule
        if rule is Rule.ONE:
            return self._one()
        if rule is Rule.PAIR:
            return self._pair()
        return self._enumerated()

    def _one(self) -> str:
        (number,) = self.step.numbers
        need, cells, found = self.read(number)
        value = self.tiles[number]
        if not self.step.mine:
            if value == 0:
                return f"{self.at(number)} touches no mine, so {self.conclusion()}"
            its = "its mine" if value == 1 else f"its {value} mines"
            return (
                f"{self.at(number)} has {its} at {listed(self.grid, found)}, so {self.conclusion()}"
            )
        safe = [n for n in self.grid.neighbours(number) if self.known.get(n) is False]
        left = agree(need, "covered cell left", "covered cells left")
        has = f"has {'only' if need == 1 else 'exactly'} {need} {left}"
        has = f", with {listed(self.grid, safe)} safe, {has}" if safe else f" {has}"
        if need > 1:
            has += f", {listed(self.grid, cells)}"
        return f"{self.at(number)} needs {self.needs(number)} and{has}, so {self.conclusion()}"

    def _pair(self) -> str:
        grid, step = self.grid, self.step
        b, a = step.numbers
        need_a, cells_a, _ = self.read(a)
        _, cells_b, _ = self.read(b)
        shared = [c for c in cells_a if c in cells_b]
        rest = [c for c in cells_b if c not in shared]
        touched = f"{listed(grid, shared)}, which {self.at(a)} touches too"
        if step.mine:
            most = min(len(shared), need_a)
            hold = agree(len(shared), "holds", "hold")
            head = (
                f"{self.at(b)} needs {self.needs(b)} among {listed(grid, cells_b)}, but "
                f"{touched}, {hold} at most {count(most, 'mine')}"
            )
            if need_a < len(shared):
                head += f" ({self.at(a)} needs only {need_a})"
        else:
            away = [c for c in cells_a if c not in shared]
            head = f"{self.at(a)} needs {self.needs(a)} among {listed(grid, cells_a)}"
            least = need_a - len(away)
            if away:
                head += (
                    f"; only {len(away)} of them ({listed(grid, away)}) {be(len(away))} away "
                    f"from {self.at(b)}, so at least {count(least, 'mine')} {be(least)} "
                    f"{'in' if len(shared) == 1 else 'among'} {listed(grid, shared)}, which "
                    f"{self.at(b)} touches too"
                )
            else:
                head += f", all of them touching {self.at(b)} too"
            head += f"; that is every mine {self.at(b)} needs"
        if len(rest) == len(self.cells):
            return f"{head}, so {self.conclusion()}"
        what = "all mines" if step.mine else "all safe"
        return (
            f"{head}, so its other covered cells, {listed(grid, rest)}, are {what}: "
            f"{self.conclusion()}"
        )

    def _enumerated(self) -> str:
        step = self.step
        named = []
        # Every number the step reads is named, however many: a reader checks the step
        # from the numbers it names (and the page outlines them), none left unsaid.
        for number in step.numbers:
            need, _, found = self.read(number)
            named.append(self.at(number) + (f" (needing {need} more)" if found else ""))
        numbers = _and(named) if named else ""
        what = "puts a mine on" if step.mine else "leaves"
        end = "" if step.mine else " clear"
        target = listed(self.grid, self.cells)
        if not step.total:
            near = {n for number in step.numbers for n in self.grid.neighbours(number)}
            safe = sorted(c for c in near if self.known.get(c) is False)
            cells = "their covered cells"
            if safe:
                cells += f" other than {listed(self.grid, safe)}, proven safe,"
            return (
                f"every way to place the mines that {numbers} need among {cells} "
                f"{what} {target}{end}, so {self.conclusion()}"
            )
        mined = sum(1 for tile in self.tiles if tile in _SHOWN) + sum(self.known.values())
        left = self.mines - mined
        board = f"the board has {count(self.mines, 'mine')}"
        if left == 0:
            every = "found already" if self.mines == 1 else "all of them found"
            return f"{board}, {every}, so {self.conclusion()}"
        unknown = sum(
            1 for c, tile in enumerate(self.tiles) if t.is_covered(tile) and c not in self.known
        )
        head = f"{board}, {mined} found," if mined else f"{board},"
        if left == unknown:
            fill = agree(left, "fills", "fill")
            cells = "only covered cell" if unknown == 1 else f"{unknown} covered cells"
            return (
                f"{head} and the {count(left, 'mine')} left {fill} the {cells} not proven safe, "
                f"so {self.conclusion()}"
            )
        them = agree(left, "it", "them")
        fits = f" that fits {numbers}" if numbers else ""
        head = f"{head} so {count(left, 'mine')} {be(left)} left" if mined else board
        return (
            f"{head}; every way to place {them}{fits} {what} {target}{end}, so {self.conclusion()}"
        )

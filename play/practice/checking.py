"""A drill's answer checked by the solver, from the drill's tiles and mine total alone.

- **Find a safe cell**: any proven-safe cell is right, not only the one the review named;
- **Find the safest cell**: any cell whose chance of a mine is within the review's margin
  (:data:`play.review.WORSE_MARGIN`) of the solver's choice's, the cells the review would
  not have called a worse guess;
- **Which of these is a mine?**: any offered cell that is a proven mine;
- **Which of these is safe?**: any offered cell that is proven safe.

Then the proof: the cell's derivation in words, step by step, as every proof is said
(:mod:`play.review.proof_words`), from the pattern's own numbers first for a pattern drill (a
1-2-1's proof starts from its 2, not from a number beside it); the numbers it reads, for a
front end to highlight; and, for a drill from a game, the move the player made there and
what it cost.

>>> from engine import Level
>>> from play.practice.drill import Drill, Task
>>> drill = Drill(Level(3, 3, 2), bytes([9, 9, 9, 1, 2, 1, 0, 0, 0]), Task.SAFE)
>>> answer = check(drill, 1)
>>> answer.right, answer.words
(True, 'Right: row 1, column 2 is safe.')
>>> print(answer.proof)   # two steps: a mine first, then what it tells
the 2 at row 2, column 2 needs 2 mines among row 1, column 1; row 1, column 2 and row 1, \
column 3, but row 1, column 2 and row 1, column 3, which the 1 at row 2, column 3 touches \
too, hold at most 1 mine (the 1 at row 2, column 3 needs only 1), so row 1, column 1 is a \
mine; the 1 at row 2, column 1 has its mine at row 1, column 1, so row 1, column 2 is safe
>>> answer.numbers, sorted(answer.right_cells)
((3, 4, 5), [1])
>>> wrong = check(drill, 0)
>>> wrong.right, wrong.words, wrong.explained
(False, 'No: row 1, column 1 is a mine.', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine import Action, Level
from engine import tiles as t
from engine.grid import spot_name
from engine.solver import Analysis, InconsistentError, analyse
from play.practice.drill import Drill, Task
from play.practice.proof import pattern_numbers
from play.review import WORSE_MARGIN, percent
from play.review.proof_words import explain, spot


class NotACandidate(ValueError):
    """A cell a drill does not ask about (open, off the board, not offered); its message says
    so, for the player to pick again."""


class Unanswerable(NotACandidate):
    """A drill whose numbers fit no layout: kept data no game of ours made (a game's tiles
    always fit its layout). Its message says so; the drill is left out."""


@dataclass(frozen=True, slots=True)
class Answer:
    cell: int
    right: bool
    words: str
    """The verdict on the answer, one sentence: ``Right: row 1, column 3 is safe.``"""
    proof: str
    """Why, in words: the numbers that prove the right answer."""
    numbers: tuple[int, ...]
    """The open numbers the proof reads, for a front end to highlight."""
    explained: int
    """The cell the proof is about (the answer when right, else a right one)."""
    right_cells: frozenset[int]
    """Every cell that would have been right."""
    played: str
    """For a drill from a game: the move made there and what it cost; else empty."""


@lru_cache(maxsize=16)
def analysed(level: Level, mines: int, tiles: bytes) -> Analysis | None:
    """The solver's analysis of ``tiles`` with ``mines`` mines in all, None when no layout
    fits; kept for the few positions at hand (a check reads one with three totals)."""
    try:
        return analyse(level.grid, mines, tiles)
    except InconsistentError:
        return None


def analysis_of(drill: Drill) -> Analysis:
    """The solver's analysis of the drill; :class:`Unanswerable` when no layout fits it."""
    found = analysed(drill.level, drill.level.mines, drill.tiles)
    if found is None:
        raise Unanswerable("This drill's numbers fit no layout: it is left out.")
    return found


def right_cells(drill: Drill, analysis: Analysis) -> frozenset[int]:
    """The cells that answer ``drill`` rightly."""
    if drill.task is Task.SAFE:
        return analysis.safe
    if drill.task is Task.MINE:
        return frozenset(c for c in drill.options if c in analysis.mines)
    if drill.task is Task.PICK_SAFE:
        return frozenset(c for c in drill.options if c in analysis.safe)
    chances = analysis.probability
    par = chances[drill.best] if drill.best is not None else min(chances.values())
    return frozenset(c for c, p in chances.items() if p <= par + WORSE_MARGIN + 1e-9)


def check(drill: Drill, cell: int) -> Answer:
    """The answer ``cell`` to ``drill``, judged and explained; :class:`NotACandidate` for a
    cell the drill does not ask about."""
    level = drill.level
    if not 0 <= cell < level.cells or drill.tiles[cell] != t.COVERED:
        raise NotACandidate("Pick a covered cell.")
    if drill.task.offers and cell not in drill.options:
        raise NotACandidate("Pick one of the cells offered.")
    analysis = analysis_of(drill)  # Unanswerable when no layout fits the drill
    good = right_cells(drill, analysis)
    right = cell in good
    explained = cell if right else _nearest(level.cols, good, cell)
    at = spot(level.grid, cell)
    chance = analysis.probability[cell]
    if drill.task is Task.SAFEST:
        proof = _safest_proof(drill, analysis, explained)
        numbers = _numbers(drill, analysis, explained)
        words = (
            f"Right: {at} has a {percent(chance)} chance of a mine, as low as it gets here."
            if right
            else f"Riskier: {at} has a {percent(chance)} chance of a mine; "
            f"{spot(level.grid, explained)} has {percent(analysis.probability[explained])}."
        )
    else:
        mine = explained in analysis.mines
        found = explain(
            level.grid, level.mines, drill.tiles, explained, mine, pattern_numbers(drill)
        )
        proof, numbers = found.words, found.numbers
        if drill.task is Task.MINE:
            words = (
                f"Right: {at} is a mine."
                if right
                else f"No: {at} is {_what(cell, analysis)}; "
                f"{spot(level.grid, explained)} is the mine."
            )
        elif right:
            words = f"Right: {at} is safe."
        elif cell in analysis.mines:
            words = f"No: {at} is a mine."
        else:
            words = f"Not proven: {at} has a {percent(chance)} chance of a mine."
    if not right and drill.task in (Task.SAFE, Task.PICK_SAFE):
        proof = f"{spot(level.grid, explained)} is proven safe: {proof}"
    return Answer(cell, right, words, proof, numbers, explained, good, played_words(drill))


def _what(cell: int, analysis: Analysis) -> str:
    if cell in analysis.safe:
        return "proven safe"
    return f"not proven a mine (a {percent(analysis.probability[cell])} chance)"


def _safest_proof(drill: Drill, analysis: Analysis, cell: int) -> str:
    grid = drill.level.grid
    chances = analysis.probability
    lowest = min(chances.values())
    text = "no cell is proven safe"
    text += f"; the safest cells have a {percent(lowest)} chance of a mine"
    if drill.best is not None:
        text += (
            f"; the solver's choice, {spot(grid, drill.best)}, has {percent(chances[drill.best])}"
            f" (it also weighs what a cell would tell); any cell within "
            f"{WORSE_MARGIN * 100:.0f} points of it is a good answer"
        )
    return text + f"; {spot(grid, cell)} has {percent(chances[cell])}"


def _nearest(cols: int, cells: frozenset[int], cell: int) -> int:
    row, col = divmod(cell, cols)

    def distance(c: int) -> tuple[int, int]:
        r, k = divmod(c, cols)
        return max(abs(r - row), abs(k - col)), c

    return min(cells, key=distance)


def _numbers(drill: Drill, analysis: Analysis, cell: int) -> tuple[int, ...]:
    """The open numbers touching ``cell``, and those sharing an undecided cell with them:
    the numbers a player reads to weigh a guess there."""
    grid, tiles = drill.level.grid, drill.tiles

    def numbers_around(c: int) -> list[int]:
        return [n for n in grid.neighbours(c) if 1 <= tiles[n] <= 8]

    first = set(numbers_around(cell))
    settled = analysis.safe | analysis.mines
    linked = set(first)
    for number in first:
        for n in grid.neighbours(number):
            if t.is_covered(tiles[n]) and n not in settled:
                linked.update(numbers_around(n))
    return tuple(sorted(linked))


_ACTS = {Action.REVEAL: "opened", Action.MARK: "flagged", Action.CHORD: "chorded at"}


def played_words(drill: Drill) -> str:
    """What the player did in the game at this position, and what it cost.

    >>> from engine import Level, Move
    >>> from play.practice.drill import Mistake
    >>> drill = Drill(Level(2, 3, 1), bytes([1, 9, 9, 1, 9, 9]), Task.SAFE,
    ...               played=Mistake(Move.reveal(0, 1), "needless guess", 0.5, True))
    >>> played_words(drill)
    'In your game you opened row 1, column 2: a needless guess that risked 50%, and lost the game.'
    """
    p = drill.played
    if p is None:
        return ""
    where = spot_name((p.move.row, p.move.col))
    cost = f"risked {percent(p.risk)}" if p.risk > 0 else "cost nothing this time"
    ending = ", and lost the game" if p.lost else ", and survived"
    return f"In your game you {_ACTS[p.move.kind]} {where}: a {p.verdict} that {cost}{ending}."

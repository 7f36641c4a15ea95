"""The next move to play: a certain one when there is one, else the best guess.

In order:

1. A cell that is safe in every consistent layout (:func:`engine.solver.analyse`).
2. The first move on an untouched board: the centre. Measured with
   ``benchmarks.solver`` (first reveal opens a zero): the centre wins as often as a
   corner on beginner and more often on expert (51.8% against 47.3%, 5000 games).
   (3, 3), JSMinesweeper's opening, wins more often, but the first click is the
   player's: the benchmark's first-click rules are in docs/figures-history.md.
3. When at most :data:`engine.solver.endgame.LAYOUT_LIMIT` layouts remain: the
   guess with the best exact chance to win the game
   (:func:`engine.solver.endgame.win_chance`), when the search finishes within
   :data:`~engine.solver.endgame.STEP_LIMIT` steps; the suggestion keeps the search
   (``Suggestion.search``), finished or not. Measured in paired games:
   ``benchmarks.solver --paired endgame``.
4. An unavoidable 50/50, when there is one (:mod:`engine.solver.fifty`): it must
   be guessed sooner or later at the same odds, and guessing it first may let its
   number help. Measured in paired games: ``benchmarks.solver --paired fifty_first``.
5. Otherwise a one-move lookahead (:mod:`engine.solver.lookahead`): each of the safest
   few cells is scored by what its number is likely to lead to, not by its safety alone.

Boards with more than :data:`LOOKAHEAD_MAX_COVERED` covered cells get the safest cell
directly.

>>> from engine.grid import Grid
>>> from engine.tiles import from_char
>>> board = bytes(from_char(c) for c in "###" "121" "...")
>>> move = best_move(Grid(3, 3), 2, board)
>>> move.cell, move.certain, move.reason
(1, True, 'row 1, column 2 is safe: no layout that fits the numbers has a mine there')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.first_click import FirstClick
from engine.grid import Grid, spot_name
from engine.solver.analysis import Analysis, Position, Situation
from engine.solver.endgame import (
    LAYOUT_LIMIT,
    STEP_LIMIT,
    WinChance,
    hint_cell,
    win_chance,
    worth_searching,
)
from engine.solver.fifty import forced_fifty
from engine.solver.lookahead import score_candidates

LOOKAHEAD_MAX_COVERED = 5_000
"""Boards with more covered cells get the safest cell instead of the lookahead, whose
hypotheses each cost time in proportion to the covered cells."""


@dataclass(frozen=True, slots=True)
class Tactics:
    """The guessing ideas that can be switched off, to measure what each is worth.

    ``benchmarks.solver --paired NAME`` plays the same games with and without one.
    """

    fifty_first: bool = True
    """Take an unavoidable 50/50 before any other guess (:mod:`engine.solver.fifty`)."""
    fifty_risk: bool = True
    """Favour guesses that would otherwise likely end up in a 50/50 (:func:`fifty_risk`)."""
    endgame: bool = True
    """Search the guess exactly when few layouts remain (:mod:`engine.solver.endgame`)."""


PLAY_BEST = Tactics()
"""Every idea that paid in paired games."""

MoveKind = Literal["certain", "opening", "endgame", "fifty", "safest", "lookahead"]
"""Which step of the order above chose a move (the module docstring's 1 to 5; ``safest``
is a board too large for the lookahead). ``benchmarks.solver --losses`` counts the
games lost by each kind of guess."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A cell to reveal and why."""

    cell: int
    certain: bool
    """True when the cell is safe in every layout that fits what the player sees."""
    safety: float
    """The probability that revealing the cell does not hit a mine."""
    reason: str
    analysis: Analysis
    """The analysis the choice was made from (its ``safe`` set lists every certain move)."""
    search: WinChance | None = None
    """The exact endgame search run for this guess, complete or not (None when the
    position had too many layouts to try it)."""
    kind: MoveKind = "lookahead"
    """Which step chose the move."""


def _where(grid: Grid, cell: int) -> str:
    return spot_name(grid.row_col(cell))


def first_click_risk(rule: FirstClick | None, mines: int, cells: int) -> float:
    """The chance that a board's first reveal, wherever it is, hits a mine: none under the
    rules that promise it safe, the mine density under :attr:`FirstClick.NONE` and on a
    board whose mines are laid already (``rule`` None: a puzzle, a position set up by hand).

    Once the first cell is open, the layouts that fit what the player sees are all equally
    likely under every rule (the cells a rule kept free are open, or known free by the
    first cell's zero), so the solver's chances need the rule before the first reveal only.

    >>> [first_click_risk(rule, 10, 81) for rule in (*FirstClick, None)]
    [0.0, 0.0, 0.12345679012345678, 0.12345679012345678]
    """
    if rule is FirstClick.OPENING or rule is FirstClick.SAFE:
        return 0.0
    return mines / cells


def best_move(
    grid: Grid, mines: int, tiles: bytes, first_click: FirstClick | None = None
) -> Suggestion | None:
    """The cell to reveal next, from the visible tiles and the mine total only (and, on a
    board whose mines are not laid yet, the first-click rule ``first_click``).

    None when no covered cell is left to reveal (all are mines). Raises
    :class:`engine.solver.InconsistentError` for tiles that no layout shows.

    >>> from engine.tiles import COVERED
    >>> move = best_move(Grid(1, 3), 1, bytes([COVERED, 1, COVERED]))  # a 50/50
    >>> move.certain, move.safety
    (False, 0.5)
    >>> best_move(Grid(1, 3), 1, bytes([COVERED, 1, 0])) is None  # only a mine is left
    True
    """
    position = Position(grid, mines, tiles)
    return choose(position, position.analysis(), first_click=first_click)


def choose(
    position: Situation,
    analysis: Analysis,
    tactics: Tactics = PLAY_BEST,
    first_click: FirstClick | None = None,
) -> Suggestion | None:
    """:func:`best_move` for a position already analysed.

    ``first_click`` is the rule of a board whose mines are placed at its first reveal
    (None: they are laid already, and an untouched board's chances are the density's).

    ``position`` may be a :class:`Position` or an incremental
    :class:`~engine.solver.incremental.Analyser`: the full position (for the
    endgame search and the lookahead's hypotheses) is asked for only when needed.
    """
    grid = position.grid
    if analysis.safe:
        # Any certain cell will do; prefer the one with most open neighbours (likely to
        # be where the player is looking), then reading order.
        cell = min(analysis.safe, key=lambda c: (-_open_neighbours(position, c), c))
        return Suggestion(
            cell,
            True,
            1.0,
            f"{_where(grid, cell)} is safe: no layout that fits the numbers has a mine there",
            analysis,
            kind="certain",
        )
    if not analysis.probability or min(analysis.probability.values()) == 1.0:
        return None  # nothing left to reveal: every covered cell is a mine
    if not analysis.frontier and not position_has_numbers(position):
        cell = _lively_opening(position, analysis)
        risk = first_click_risk(first_click, position.mines_left, len(analysis.probability))
        safety = 1.0 - (analysis.probability[cell] if first_click is None else risk)
        why = f"first move: open {_where(grid, cell)}"
        if first_click is FirstClick.NONE:
            why += f" ({safety:.0%} safe: under this board's rule the first click may lose)"
        return Suggestion(cell, False, safety, why, analysis, kind="opening")
    search = None
    if tactics.endgame and worth_searching(analysis, LAYOUT_LIMIT):
        search = win_chance(position.position(), STEP_LIMIT, LAYOUT_LIMIT, analysis)
        best = hint_cell(search, analysis)
        if best is not None and search.chance is not None:
            safety = 1.0 - analysis.probability[best]
            return Suggestion(
                best,
                False,
                safety,
                f"no certain move: guess {_where(grid, best)} ({safety:.0%} safe); "
                f"an exact search of the {search.layouts} remaining layouts gives it "
                f"the best chance to win: {float(search.chance):.0%}",
                analysis,
                search,
                "endgame",
            )
    best_safety = 1.0 - min(analysis.probability.values())
    if len(position.unknown) > LOOKAHEAD_MAX_COVERED:
        cell = _safest(analysis)
        return Suggestion(
            cell,
            False,
            best_safety,
            f"no certain move: guess {_where(grid, cell)}, "
            f"the safest cell ({best_safety:.0%} safe)",
            analysis,
            kind="safest",
        )
    fifty = forced_fifty(position.position(), analysis) if tactics.fifty_first else None
    if fifty is not None:
        safety = 1.0 - analysis.probability[fifty]
        return Suggestion(
            fifty,
            False,
            safety,
            f"no certain move: guess {_where(grid, fifty)} ({safety:.0%} safe), one of two cells "
            "that nothing will ever tell apart: it must be guessed sooner or later, so guess it "
            "now, while its number can still help",
            analysis,
            search,
            "fifty",
        )
    scored = score_candidates(position.position(), analysis, tactics.fifty_risk)
    score, safety, cell = max(scored, key=lambda x: (x[0], x[1], -x[2]))
    if safety >= best_safety - 1e-12:
        why = f"the safest cell ({safety:.0%} safe)"
    else:
        why = f"{safety:.0%} safe, not the safest ({best_safety:.0%}) but more likely to lead on"
    if score >= 0:
        outlook = f"chance to survive it and the next step {min(score, 1.0):.0%}"
    else:
        outlook = "it will tell nothing new, but it has to be guessed sooner or later"
    return Suggestion(
        cell,
        False,
        safety,
        f"no certain move: guess {_where(grid, cell)}, {why}; {outlook}",
        analysis,
        search,
    )


def _lively_opening(position: Situation, analysis: Analysis) -> int:
    """The first click on a board with every cell covered: the centre (:func:`opening_cell`),
    unless it is dead and another cell is not; then the living cell nearest the centre.

    With nothing open, a safe cell's number counts the mines among its neighbours; it can
    only ever be one number (the cell is dead: :mod:`engine.solver.dead`) when its
    neighbours are every other cell (the centre of a 3x3 board shows the mine total), or
    when every other cell is a mine. Opening a dead cell only risks a mine, so it is never
    the first click unless every cell is dead.

    >>> from engine.tiles import COVERED
    >>> best_move(Grid(3, 3), 2, bytes([COVERED] * 9)).cell  # not the centre (4): an edge
    1
    >>> best_move(Grid(5, 5), 2, bytes([COVERED] * 25)).cell  # the centre tells something
    12
    >>> best_move(Grid(3, 3), 8, bytes([COVERED] * 9)).cell  # every cell is dead
    4
    """
    grid, cells = position.grid, sorted(analysis.probability)
    centre = opening_cell(grid)
    if centre not in analysis.probability:
        centre = cells[0]
    if position.mines_left >= len(cells) - 1:
        return centre  # every cell, if safe, sees only mines: all are dead

    def dead(cell: int) -> bool:
        return len(position.neighbours[cell]) >= len(cells) - 1

    lively = [cell for cell in cells if not dead(cell)]
    if not dead(centre) or not lively:
        return centre
    row, col = grid.row_col(centre)

    def distance(cell: int) -> tuple[int, int]:
        r, c = grid.row_col(cell)
        return (r - row) ** 2 + (c - col) ** 2, cell

    return min(lively, key=distance)


def _safest(analysis: Analysis) -> int:
    """The safest cell, preferring cells beside the numbers (they tell the most)."""
    prob = analysis.probability
    best = min(prob.values())
    frontier = [c for c in analysis.frontier if prob.get(c) == best]
    if frontier:
        return min(frontier)
    return min(c for c in analysis.interior if prob[c] == best)


def _open_neighbours(position: Situation, cell: int) -> int:
    return sum(1 for n in position.neighbours[cell] if n not in position.unknown)


def position_has_numbers(position: Situation) -> bool:
    return len(position.unknown) < position.grid.size


def opening_cell(grid: Grid) -> int:
    """Where to click first: the centre, where a guaranteed opening spreads furthest."""
    return grid.index(grid.rows // 2, grid.cols // 2)

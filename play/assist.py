"""What the solver tells the player: the chances overlay, the hint and the auto-player's move.

Plain Python on the solver's public face (:mod:`engine.solver`), which sees the
tiles and the mine total only, exactly what the player sees. The session imports
this module on first use: the solver is a third of our Python.

>>> from engine import Layout, Move, apply, new_game
>>> game = new_game(layout=Layout.from_text("*..\\n..."))
>>> next_move(game)  # nothing open yet: the solver's opening cell
Move(kind=<Action.REVEAL: 'O'>, row=1, col=1)
>>> game = apply(game, Move.reveal(1, 1)).game
>>> overlay(game).interior is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Game, Move
from engine import tiles as t
from engine.solver import Analysis, InconsistentError, Suggestion, analyse, best_move


@dataclass(frozen=True, slots=True)
class Overlay:
    """Mine chances to show over covered cells, as whole percentages."""

    cells: dict[int, int]
    """Percent for each covered cell next to a number (and for every cell when all share)."""
    safe: frozenset[int]
    mines: frozenset[int]
    interior: int | None
    """The one percentage shared by every covered cell away from the numbers, if any."""
    exact: bool
    """False when a part of the board was too large to count and its chances are estimates."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The hint button's answer: the cell to show and why, in words for the player."""

    cell: int
    certain: bool
    reason: str


def percent(probability: float) -> int:
    """A chance as a whole percentage; 0 and 100 only when certain.

    >>> percent(0.0), percent(0.001), percent(0.5), percent(0.999), percent(1.0)
    (0, 1, 50, 99, 100)
    """
    if probability <= 0.0:
        return 0
    if probability >= 1.0:
        return 100
    return min(99, max(1, round(probability * 100)))


def analysis_of(game: Game) -> Analysis | None:
    """The solver's view of ``game``, or None when there is nothing to analyse."""
    if game.status.is_over:
        return None
    try:
        return analyse(game.grid, game.level.mines, game.tiles)
    except InconsistentError:
        return None


def overlay(game: Game) -> Overlay | None:
    analysis = analysis_of(game)
    if analysis is None:
        return None
    interior = analysis.interior
    shared = analysis.interior_probability
    cells = {
        cell: percent(p)
        for cell, p in analysis.probability.items()
        if cell not in interior and t.is_covered(game.tiles[cell])
    }
    return Overlay(
        cells=cells,
        safe=analysis.safe,
        mines=analysis.mines,
        interior=None if shared is None or not interior else percent(shared),
        exact=analysis.exact,
    )


def _suggest(game: Game) -> Suggestion | None:
    """The solver's move for ``game`` (the centre on an untouched board), if any."""
    if game.status.is_over:
        return None
    try:
        return best_move(game.grid, game.level.mines, game.tiles)
    except InconsistentError:
        return None  # cannot happen with real tiles; never crash the game over a hint


def next_move(game: Game) -> Move | None:
    """The auto-player's next move: flag a certain mine, else reveal the best cell.

    Certain mines are flagged as a careful player would (it makes the game
    readable as it is played); flags the player placed are ignored by the solver.
    """
    suggestion = _suggest(game)
    if suggestion is None:
        return None
    grid = game.grid
    unflagged = sorted(m for m in suggestion.analysis.mines if game.tiles[m] != t.FLAGGED)
    if unflagged:
        return Move.mark(*grid.row_col(unflagged[0]))
    cell = suggestion.cell
    if game.tiles[cell] == t.FLAGGED or game.tiles[cell] == t.QUESTIONED:
        # A mark of the player's sits on the cell the solver wants: clear it first.
        return Move.mark(*grid.row_col(cell))
    return Move.reveal(*grid.row_col(cell))


def hint(game: Game) -> Hint | None:
    """The best next reveal for the hint button, with its reason.

    A flag of the player's on that cell is named: a certain safe cell under a flag
    means the flag is wrong, and any other must be unflagged before it is revealed.
    """
    suggestion = _suggest(game)
    if suggestion is None:
        return None
    reason = suggestion.reason[:1].upper() + suggestion.reason[1:]
    if game.tiles[suggestion.cell] == t.FLAGGED:
        reason = reason.rstrip(".") + (
            ". Your flag on it is wrong: remove it."
            if suggestion.certain
            else ". Remove your flag there first."
        )
    return Hint(suggestion.cell, suggestion.certain, reason)

"""Our solver as a bot: what a player's bot is measured against, on the same boards.

It is given what any bot is given (:class:`play.lab.referee.View`) and answers through
``engine.solver``'s face, so its games go through the same referee.

>>> from engine import BEGINNER
>>> from play.lab.referee import referee_game
>>> [referee_game(SolverBot(), BEGINNER, seed).reason for seed in range(3)]
['won', 'won', 'won']
"""

from __future__ import annotations

from engine import FirstClick, Grid
from engine import tiles as t
from engine.solver import best_move
from play.lab.referee import View

CODES = {"covered": t.COVERED, "flagged": t.FLAGGED, "questioned": t.QUESTIONED}


class SolverBot:
    """Reveals the cell :func:`engine.solver.best_move` names: a certain one, else the
    best guess (the first click under the board's first-click rule)."""

    def __init__(self, first_click: FirstClick = FirstClick.OPENING) -> None:
        self.first_click = first_click

    def __call__(self, view: View) -> tuple[str, int, int] | None:
        tiles = bytes(
            cell if isinstance(cell, int) else CODES[cell] for row in view.cells for cell in row
        )
        fresh = all(tile == t.COVERED for tile in tiles)
        grid = Grid(view.rows, view.cols)
        suggestion = best_move(grid, view.mines, tiles, self.first_click if fresh else None)
        if suggestion is None:
            return None
        row, col = grid.row_col(suggestion.cell)
        return ("reveal", row, col)

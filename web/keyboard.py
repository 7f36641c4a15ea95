"""Playing with the keyboard: a cursor on the board and keys for the three moves.

Arrow keys (or h j k l) move the cursor, Home and End go to the ends of the row,
Page Up and Page Down to the top and bottom; Space or Enter reveals (a chord on an
open number), F marks and C chords.

>>> from engine import Grid
>>> keys = Keyboard(Grid(3, 4))
>>> keys.cursor, keys.press("ArrowRight"), keys.press("ArrowDown"), keys.cursor
(0, None, None, 5)
>>> keys.press("f"), keys.press(" ")
(Move(kind=<Action.MARK: 'F'>, row=1, col=1), Move(kind=<Action.REVEAL: 'O'>, row=1, col=1))
>>> keys.press("End"), keys.cursor, keys.press("q")
(None, 7, None)
"""

from __future__ import annotations

from engine import Action, Game, Grid, Move, Status
from engine import tiles as t
from engine.grid import spot_name
from play.notice import capitalised

_MOVES = {
    "ArrowUp": (-1, 0),
    "ArrowDown": (1, 0),
    "ArrowLeft": (0, -1),
    "ArrowRight": (0, 1),
    "k": (-1, 0),
    "j": (1, 0),
    "h": (0, -1),
    "l": (0, 1),
}
_ACTIONS = {
    " ": Action.REVEAL,
    "Enter": Action.REVEAL,
    "f": Action.MARK,
    "F": Action.MARK,
    "c": Action.CHORD,
    "C": Action.CHORD,
}


class Keyboard:
    __slots__ = ("cursor", "grid")

    def __init__(self, grid: Grid, cursor: int = 0) -> None:
        self.grid = grid
        self.cursor = cursor

    def handles(self, key: str) -> bool:
        return key in _MOVES or key in _ACTIONS or key in ("Home", "End", "PageUp", "PageDown")

    def press(self, key: str) -> Move | None:
        """Move the cursor, or return the move the key asks for at the cursor."""
        if key in _ACTIONS:
            return Move(_ACTIONS[key], *self.grid.row_col(self.cursor))
        row, col = self.grid.row_col(self.cursor)
        if key in _MOVES:
            d_row, d_col = _MOVES[key]
            row = min(max(row + d_row, 0), self.grid.rows - 1)
            col = min(max(col + d_col, 0), self.grid.cols - 1)
        elif key == "Home":
            col = 0
        elif key == "End":
            col = self.grid.cols - 1
        elif key == "PageUp":
            row = 0
        elif key == "PageDown":
            row = self.grid.rows - 1
        self.cursor = self.grid.index(row, col)
        return None


def describe(game: Game, cell: int) -> str:
    """What a screen reader hears for the cursor's cell.

    >>> from engine import new_game
    >>> describe(new_game(seed=1), 0)
    'Row 1, column 1: covered.'
    """
    tile = game.tiles[cell]
    value = t.value(tile)
    what = t.state_name(tile).replace("-", " ") if value is None else str(value or "empty")
    end = {Status.WON: " You won.", Status.LOST: " You lost."}.get(game.status, "")
    return f"{capitalised(spot_name(game.grid.row_col(cell)))}: {what}.{end}"

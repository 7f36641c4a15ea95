"""The keyboard's cursor on the board: where it is, how the keys move it, the move made at it.

The cursor is the front end's only state of play besides the game (Simon Tatham's puzzles
call it the ``game_ui``): a cell of the board, moved by the table's commands
(:mod:`play.game_ui.commands`), put where a click or tap was made, and centred on each new board.

>>> from engine import Grid
>>> cursor = BoardCursor(Grid(3, 4))
>>> cursor.cell, cursor.press(Command.CURSOR_RIGHT), cursor.press(Command.CURSOR_DOWN), cursor.cell
(0, None, None, 5)
>>> cursor.press(Command.MARK), cursor.press(Command.REVEAL)
(Move(kind=<Action.MARK: 'F'>, row=1, col=1), Move(kind=<Action.REVEAL: 'O'>, row=1, col=1))
>>> cursor.press(Command.ROW_END), cursor.cell
(None, 7)
>>> cursor.new_board(Grid(5, 5)); cursor.cell
12
"""

from __future__ import annotations

from engine import Action, Game, Grid, Move, Status
from engine import tiles as t
from engine.grid import spot_name
from play.game.notice import capitalised
from play.game_ui.commands import Command

_STEPS = {
    Command.CURSOR_UP: (-1, 0),
    Command.CURSOR_DOWN: (1, 0),
    Command.CURSOR_LEFT: (0, -1),
    Command.CURSOR_RIGHT: (0, 1),
}
_ACTIONS = {Command.REVEAL: Action.REVEAL, Command.MARK: Action.MARK, Command.CHORD: Action.CHORD}
_ENDS = (Command.ROW_START, Command.ROW_END, Command.TOP_ROW, Command.BOTTOM_ROW)
MOVES = frozenset((*_STEPS, *_ENDS))
"""The commands that move a cursor (on any board: the game's, a drill's, the editor's)."""
COMMANDS = frozenset((*MOVES, *_ACTIONS))
"""The commands a cursor answers."""


class BoardCursor:
    __slots__ = ("cell", "grid")

    def __init__(self, grid: Grid, cell: int = 0) -> None:
        self.grid = grid
        self.cell = cell

    def new_board(self, grid: Grid) -> None:
        """A new board: the cursor starts in its middle."""
        self.grid = grid
        self.cell = grid.index(grid.rows // 2, grid.cols // 2)

    def point_at(self, row: int, col: int) -> None:
        """A move made elsewhere (a click, a tap) takes the cursor with it."""
        self.cell = self.grid.index(row, col)

    @property
    def row_col(self) -> tuple[int, int]:
        return self.grid.row_col(self.cell)

    def press(self, command: Command) -> Move | None:
        """Move the cursor, or return the move ``command`` asks for at the cursor."""
        if command in _ACTIONS:
            return Move(_ACTIONS[command], *self.grid.row_col(self.cell))
        row, col = self.grid.row_col(self.cell)
        if command in _STEPS:
            d_row, d_col = _STEPS[command]
            row = min(max(row + d_row, 0), self.grid.rows - 1)
            col = min(max(col + d_col, 0), self.grid.cols - 1)
        elif command is Command.ROW_START:
            col = 0
        elif command is Command.ROW_END:
            col = self.grid.cols - 1
        elif command is Command.TOP_ROW:
            row = 0
        elif command is Command.BOTTOM_ROW:
            row = self.grid.rows - 1
        self.cell = self.grid.index(row, col)
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

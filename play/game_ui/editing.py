"""The analysis editor's state of play: the position being edited, the report on show for
it, the keys' cursor, the brush a click sets, a drag's tile and the finding picked.

A front end turns its events into these calls and draws what they leave; the rules of an
edit are :mod:`play.assist`'s (:func:`~play.assist.position_edit.edited` and its kin), the
report the session's editor's (:meth:`play.assist.PositionEditor.report_steps`). Which key
names which command is the key table's (:attr:`play.game_ui.Context.EDITOR`); what each of
the editor's commands sets is :data:`TILES`.

>>> from engine.position_text import SeenPosition
>>> editing = Editing(SeenPosition.parse("1 mine\\n##\\n##"))
>>> editing.press(Command.CURSOR_RIGHT), editing.cursor.cell
(True, 1)
>>> editing.press(Command.SET_FLAG), editing.position.text()
(True, '1 mine\\n#F\\n##')
>>> editing.click(2); editing.position.text()    # covered -> open, counting the flag
'1 mine\\n#F\\n1#'
>>> editing.press(Command.CURSOR_UP), editing.press(Command.SET_MINE), editing.note
(True, True, None)
>>> editing.set(3, t.MINE); editing.position.text(), editing.note
('2 mines\\n*F\\n1*', 'The mine total is now 2: the known mines need at least 2.')
>>> editing.pick((3, 99)); editing.picked, editing.cursor.cell   # cells off the board dropped
((3,), 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine import Game, Record
from engine import tiles as t
from engine.position_text import SeenPosition
from play.assist import (
    EDITOR_CELLS,
    cycled,
    edited,
    resized,
    right_clicked,
    seen_before_loss,
    seen_in_round,
    with_mines,
)
from play.game_ui.commands import OPEN_NUMBERS, Command
from play.game_ui.cursor import MOVES, BoardCursor

if TYPE_CHECKING:
    from play.assist import Report

TILES: Mapping[Command, int] = {
    **{command: n for n, command in enumerate(OPEN_NUMBERS)},
    Command.SET_FLAG: t.FLAGGED,
    Command.SET_MINE: t.MINE,
    Command.SET_COVERED: t.COVERED,
}
"""The tile each of the editor's set commands puts under the cursor: an open number, a
flag, a known mine, or covered again."""
BRUSHES: Mapping[str, int | None] = {
    "cycle": None,
    "covered": t.COVERED,
    "flag": t.FLAGGED,
    "mine": t.MINE,
    **{str(n): n for n in range(9)},
}
"""The brushes by name: the tile a click sets with each (``cycle``: a click cycles it)."""
TOO_BIG = f"The editor draws boards of up to {EDITOR_CELLS:,} cells."


class Editing:
    """One editor's state; every change of its position goes through :meth:`show`, so
    that the report, the finding picked and the cursor follow the position."""

    def __init__(self, position: SeenPosition | None = None) -> None:
        self.position = position or SeenPosition.covered(9, 9, 10)
        self.report: Report | None = None
        """The report on :attr:`position`, once worked out (None meanwhile)."""
        self.cursor = BoardCursor(self.position.grid)
        self.brush: int | None = None
        """The tile a click sets; None: a click cycles the cell."""
        self.painting: int | None = None
        """The tile a drag paints, from the press to the release."""
        self.picked: tuple[int, ...] = ()
        """The cells of the finding picked in the report's list, marked on the board."""
        self.note: str | None = None
        """What the last change said (a mine total moved, a change refused), on show."""

    # --- the position ------------------------------------------------------------------------

    def show(self, position: SeenPosition) -> None:
        """Edit ``position`` from now on: no report yet, no finding picked; the cursor
        stays where it was unless the board's size changed."""
        if position.grid != self.position.grid:
            self.cursor = BoardCursor(position.grid)
        self.position, self.report, self.picked = position, None, ()

    def say(self, note: str | None) -> None:
        """Words of the front end's own on show (a field it could not read), or none."""
        self.note = note

    def open(self, position: SeenPosition) -> bool:
        """A position brought in (a game's, a link's, a text pasted): shown, the cursor in
        its corner; or, too big for the editor, refused in the note."""
        cells = position.rows * position.cols
        if cells > EDITOR_CELLS:
            self.note = (
                f"The editor draws boards of up to {EDITOR_CELLS:,} cells; this one has "
                f"{cells:,}. The terminal's analyse takes any size."
            )
            return False
        self.show(position)
        self.cursor = BoardCursor(position.grid)
        self.note = None
        return True

    def open_game(self, game: Game, record: Record) -> bool:
        """:meth:`open` on what the player sees of the game in play, never its layout;
        after a loss, the position before the losing move
        (:func:`play.assist.seen_in_round`)."""
        return self.open(seen_in_round(game, record))

    def open_positions(self, games: Sequence[Game]) -> bool:
        """:meth:`open` on what the player saw at the last of ``games`` (a replay's positions
        up to its step at hand); after a loss, the position before the losing move."""
        return self.open(seen_before_loss(games))

    def set(self, cell: int, tile: int) -> None:
        """``cell`` set to ``tile``, the cursor on it; the note says what the edit said (a
        mine total moved, a change refused). Setting a cell to its own tile changes nothing."""
        self.cursor.cell = cell
        if self.position.tiles[cell] == tile:
            return
        result = edited(self.position, cell, tile)
        self.show(result.position)
        self.note = result.note

    def resize(self, rows: int, cols: int, mines: int) -> None:
        """The board's size or mine total changed (a size the custom dialog allows).
        Another size covers every cell."""
        if rows * cols > EDITOR_CELLS:
            self.note = TOO_BIG
            return
        if (rows, cols) == (self.position.rows, self.position.cols):
            result = with_mines(self.position, mines)
            self.show(result.position)
            self.note = result.note
            return
        self.show(resized(self.position, rows, cols, mines))
        self.note = None

    def reported(self, report: Report, position: SeenPosition) -> bool:
        """The report worked out on ``position``: kept while that is the position on show."""
        if position is not self.position:
            return False
        self.report = report
        return True

    # --- the pointer and the keys ------------------------------------------------------------

    def click(self, cell: int, right: bool = False) -> None:
        """A press on ``cell``: a right click flags (or uncovers a flag), a left click sets
        the brush's tile or cycles the cell; a drag from here paints that tile."""
        if right:
            tile = right_clicked(self.position, cell)
        else:
            tile = cycled(self.position, cell) if self.brush is None else self.brush
        self.painting = tile
        self.set(cell, tile)

    def drag(self, cell: int) -> bool:
        """The pointer, pressed, is over ``cell``: painted as the first cell became.
        Whether it changed a cell."""
        if self.painting is None or self.position.tiles[cell] == self.painting:
            return False
        self.set(cell, self.painting)
        return True

    def release(self) -> None:
        self.painting = None

    def choose_brush(self, name: str) -> None:
        """The brush named ``name`` (:data:`BRUSHES`); an unknown name cycles."""
        self.brush = BRUSHES.get(name)

    def press(self, command: Command) -> bool:
        """One of the editor's commands: the cursor moved, or its cell cycled or set.
        Whether it was one of the editor's."""
        if command in MOVES:
            self.cursor.press(command)
            return True
        cell = self.cursor.cell
        if command is Command.CYCLE:
            self.set(cell, cycled(self.position, cell))
        elif command in TILES:
            self.set(cell, TILES[command])
        else:
            return False
        return True

    def pick(self, cells: tuple[int, ...]) -> None:
        """A finding picked: its cells on this board marked, the cursor on the first."""
        size = self.position.rows * self.position.cols
        self.picked = tuple(cell for cell in cells if 0 <= cell < size)
        if self.picked:
            self.cursor.cell = self.picked[0]

"""A huge board's cells near its window: which rows hold cells, and which columns each holds.

A board of more than :data:`web.board.view.NEAR_ONLY_ABOVE` cells holds cells only in the
rows near its window (``#board[data-drawn="near"]``: which rows and columns,
:mod:`web.board.rows`; when they move, :mod:`web.board.row_watch`), filled a slice at a time
as the view draws its stale rows: a million cells in the document cost seconds for every
change of style the whole page sees. Rows that come near are stale until drawn; rows that
leave are emptied. The view (:class:`web.board.view.View`) keeps what each cell shows; this
keeps which cells have an element to show it on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.board.rows import Columns, Place, columns_to_hold, still_held


def boxes(board: Any) -> tuple[Any, Any]:
    """Where ``board`` and its scrolling frame are now (a layout read)."""
    return board.getBoundingClientRect(), board.parentElement.getBoundingClientRect()


class NearRows:
    def __init__(
        self,
        board: Any,
        window: Any,
        stale: set[int],
        forget: Callable[[list[int], int], None],
        ask_to_draw: Callable[[], None],
    ) -> None:
        """Rows of ``board`` that must be drawn are added to ``stale`` (the view's: it draws
        them, the rows in sight first); rows emptied are ``forget``-ten by the view (nothing
        pressed or marked on them); ``ask_to_draw`` when some wait."""
        self.board, self.window = board, window
        self.stale = stale
        self._forget, self._ask_to_draw = forget, ask_to_draw
        self.filled: dict[int, Columns] = {}
        """The rows that hold cells, and the columns each holds."""
        self.columns: Columns = (0, 0)
        """The columns a row holds when it is filled now (none until the board is laid out)."""

    def rows_moved(self, came: list[int], left: list[int]) -> None:
        """Rows ``came`` near the window and wait to be filled; rows that ``left`` are
        emptied, so that the document holds only the cells near the window."""
        filled = self.filled
        gone = [row for row in left if row in filled]
        children = self.board.children
        for row in gone:
            children.item(row).innerHTML = ""
            del filled[row]
        self.stale.difference_update(left)
        self._forget(gone, int(self.board.dataset.cols))
        self.stale.update(row for row in came if row not in filled)
        self.fit_columns()  # a zoom or a resize moves rows and columns alike
        self._ask_to_draw()

    def fit_columns(self) -> None:
        """Hold the columns near the window from now on, once those in sight come near the
        edge of the columns held: the filled rows are stale then."""
        box, frame = boxes(self.board)
        where = Place(
            board_left=float(box.left),
            board_width=float(box.width),
            cols=int(self.board.dataset.cols),
            frame_left=float(frame.left),
            frame_right=float(frame.right),
            window_width=float(self.window.innerWidth),
        )
        if self.columns[1] and still_held(self.columns, where):
            return
        self.columns = columns_to_hold(where)
        self.stale.update(row for row, held in self.filled.items() if held != self.columns)
        self._ask_to_draw()

    def element(self, cell: int, cols: int) -> Any:
        """The element of ``cell``, or None where its row holds no element for it."""
        row, col = divmod(cell, cols)
        held = self.filled.get(row)
        if held is None or not held[0] <= col < held[1]:
            return None
        return self.board.children.item(row).children.item(col - held[0])

    def fill(self, row: int) -> Columns:
        """``row`` about to be written with the columns held now, after a padding as wide
        as the columns before them: those columns."""
        if self.columns[1] == 0:
            self.fit_columns()
        columns = self.columns
        self.board.children.item(row).style.paddingLeft = f"calc({columns[0]} * var(--cell))"
        self.filled[row] = columns
        return columns

    def hold_column(self, col: int, cols: int) -> None:
        """Hold ``col`` from now on, with as many columns around it as are held (a jump
        far away: Page Down, End); every filled row is stale then."""
        if self.columns[1] == 0:  # not laid out yet: the columns in sight first
            self.fit_columns()
        first, end = self.columns
        if first <= col < end:
            return
        width = max(end - first, 1)
        first = max(0, min(col - width // 2, cols - width))
        self.columns = (first, min(cols, first + width))
        self.stale.update(self.filled)  # written with these columns as they come

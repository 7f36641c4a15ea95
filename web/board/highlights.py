"""What the board highlights besides each cell's tile: the cells a held button shows pressed,
the keyboard's cursor and the hint button's cell.

Each is drawn on the element of its cell (:class:`web.board.view.View` says which element
holds a cell, if any: a huge board holds only the rows near its window), and drawn again
when the view writes that cell's row anew.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine import Game, Spot
from engine import tiles as t
from web.page import element_or_none, ids

if TYPE_CHECKING:
    from web.board.gestures import Preview

Element = Callable[[int, int], Any]
"""``element(cell, cols)``: the element of ``cell``, or None where its row holds none."""


def shown_pressed(game: Game, spot: Spot, block: bool) -> set[int]:
    """The cells a held button shows pressed at ``spot`` (with the block of nine around it
    when ``block``: a chord): covered and questioned ones only, none once the game is over.
    The game's board and a replay's pointer (:mod:`web.dialogs.replays.pointer_view`) both
    ask here.

    >>> from engine import BEGINNER, Move, apply, new_game
    >>> game = apply(new_game(BEGINNER, seed=42), Move.mark(0, 0)).game
    >>> sorted(shown_pressed(game, (0, 1), True)), shown_pressed(game, (0, 0), False)
    ([1, 2, 9, 10, 11], set())
    """
    if game.status.is_over:
        return set()
    cell = game.grid.index(*spot)
    around = game.grid.block(cell) if block else [cell]
    return {c for c in around if game.tiles[c] in (t.COVERED, t.QUESTIONED)}


class Highlights:
    def __init__(
        self, window: Any, element: Element, hold_around: Callable[[Game, int], None]
    ) -> None:
        """``hold_around(game, cell)`` makes ``cell``'s row hold it (a jump far away on a
        huge board: Page Down, End)."""
        self._element, self._hold_around = element, hold_around
        self.pressed: set[int] = set()
        self.focus_cell: int | None = None
        self.best_cell: int | None = None
        # The options of scrollIntoView, as the page's own object (made once, no FFI call).
        self._nearest = window.JSON.parse('{"block": "nearest", "inline": "nearest"}')

    def clear(self) -> None:
        """A new board: every cell is a new element, and the old board's cell numbers mean
        nothing on it (a smaller board has fewer)."""
        self.pressed, self.focus_cell, self.best_cell = set(), None, None

    def tiles_changed(self, cells: list[int]) -> set[int]:
        """``cells`` show another tile, no longer pressed: those of them that were, whose
        pressed class the drawing takes off (the others have none to take off: on a phone,
        two calls out of Python saved a cell)."""
        if not self.pressed:
            return set()
        were = self.pressed.intersection(cells)
        self.pressed.difference_update(were)
        return were

    def rows_written(self, rows: set[int], cols: int) -> None:
        """``rows`` are new elements: nothing pressed on them; the keyboard's cursor and the
        hint button's cell are drawn on them again."""
        self.pressed = {c for c in self.pressed if c // cols not in rows}
        drawn_again = ((self.focus_cell, ids.FOCUS_CLASS), (self.best_cell, ids.HINT_BEST_CLASS))
        for cell, name in drawn_again:
            element = (
                None if cell is None or cell // cols not in rows else self._element(cell, cols)
            )
            if element is not None:
                element.classList.add(name)

    def focus(self, game: Game, cell: int | None) -> None:
        """Draw the keyboard cursor on ``cell`` (None hides it)."""
        cols = game.level.cols
        old = self.focus_cell
        shown = None if old is None or old >= game.level.cells else self._element(old, cols)
        if shown is not None:
            shown.classList.remove(ids.FOCUS_CLASS)
        if cell is not None:
            element = self._element(cell, cols)
            if element is None:  # a jump far away (Page Down, End): its row, around it
                self._hold_around(game, cell)
                element = self._element(cell, cols)
            element.classList.add(ids.FOCUS_CLASS)
            element.scrollIntoView(self._nearest)
        self.focus_cell = cell

    def preview(self, game: Game, preview: Preview | None) -> None:
        """Show the held button's cell (or 3x3 block) pressed; only covered cells press."""
        cols = game.level.cols
        wanted: set[int] = set()
        if preview is not None:
            shown = shown_pressed(game, preview.spot, preview.block)
            wanted = {c for c in shown if self._element(c, cols) is not None}
        if wanted == self.pressed:
            return
        for cell, on in [(c, False) for c in self.pressed - wanted] + [
            (c, True) for c in wanted - self.pressed
        ]:
            element = self._element(cell, cols)
            if element is not None:
                element.classList.toggle(ids.PRESSED_CLASS, on)
        self.pressed = wanted

    def best(self, game: Game, cell: int | None) -> None:
        """Highlight the hint button's cell (None clears it)."""
        cols, best = game.level.cols, self.best_cell
        if best is not None and best != cell and best < game.level.cells:
            old = element_or_none(self._element(best, cols))
            if old is not None:  # the board may have shrunk since
                old.classList.remove(ids.HINT_BEST_CLASS)
        element = None if cell is None else self._element(cell, cols)
        if element is not None:  # else drawn when its row is
            element.classList.add(ids.HINT_BEST_CLASS)
        self.best_cell = cell

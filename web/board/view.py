"""Draws a game's board into the page: its cells, and through them the chances and the
highlights (the pressed preview, the keyboard's cursor, the hint's cell:
:class:`web.board.highlights.Highlights`); the counters, the face and the lines around the
board are :mod:`web.board.panel`'s.

The view never decides anything: it keeps what each cell shows (its drawstate, as Simon
Tatham's ``game_redraw`` keeps ``ds->grid``) and draws the difference between that and the
game it is given, whichever call brought the game (a move, an undo, a resume), patching a
cell in place when few cells of its row differ and rewriting the row's HTML in one call
when many do (a flood). A change too big to
draw in one go (an opening of thousands of cells on a huge board) only marks its
rows stale: :meth:`View.draw_stale` then draws them a slice at a time, the rows in
sight first, always from the game as it is then. Until its row is drawn a cell
shows what it showed before, so a stale cell is at worst still covered: it never
shows a mine the player has not found.

A board of more than :data:`NEAR_ONLY_ABOVE` cells holds cells only near its window
(:class:`web.board.near_rows.NearRows` says which), filled a slice at a time as stale rows
are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from engine import Game, Status
from web.board.chance_marks import ChanceMarks
from web.board.highlights import Highlights
from web.board.near_rows import NearRows, boxes
from web.board.render import board_html, empty_rows_html, row_html, tile_parts
from web.board.row_watch import MakeWatch, RowWatch, Watch
from web.board.rows import next_rows, rows_in_sight
from web.page import ids

if TYPE_CHECKING:  # the solver loads on first use (see play.session)
    from play.assist import Overlay

ROW_REWRITE = 4
"""Above this many changed cells in a row (or a quarter of a long row), one innerHTML of
the row beats patching each. On a wide board a rewrite makes hundreds of new elements (0.8 MB
of garbage for a 300-cell row, that Chromium's collector lets pile up under a busy page)."""
DRAW_AT_ONCE = 3_000
"""Changed rows are drawn at once while they hold at most this many cells; above it they
are left stale and drawn in slices (a 300x300 opening rewrites some 30,000 cells)."""
NEAR_ONLY_ABOVE = 100_000
"""Boards of more cells hold cells only in the rows near the board's window (a 300x300
board, 90,000 cells, still holds them all). A 1000x1000 board holding all its cells took
some 10 s to build, and after its first click (a win, with one mine) some 1,000 slices
of 80 to 370 ms to draw, each a frame."""


class View:
    def __init__(self, document: Any, make_watch: MakeWatch = RowWatch) -> None:
        self.board = document.getElementById(ids.BOARD)
        self.marks = ChanceMarks(self.board)
        self.stale: set[int] = set()
        """Rows whose cells changed and are not drawn yet (see :meth:`draw_stale`)."""
        self.drawn = bytearray()
        """The drawstate: the tile each cell shows now, which :meth:`cells` compares with
        the game's. A stale row's cells keep what they show until the row is drawn; a cell
        a huge board holds no element for counts as drawn, since it is drawn from the game
        when it is held."""
        self.near: NearRows | None = None
        """On a board too big to hold every cell, which cells have an element; None when
        every row holds every cell."""
        self.on_stale: Callable[[], None] | None = None
        """Called when rows come near and wait to be drawn (the screen draws them)."""
        self.window = document.defaultView
        self._make_watch = make_watch
        self._watch: Watch | None = None
        self.announcer = document.getElementById(ids.ANNOUNCE)
        self.highlights = Highlights(self.window, self._held, self._hold_around)
        """The cells pressed, the keyboard's cursor and the hint's cell."""
        self.deal: int | None = None
        """The game whose board is drawn (:attr:`play.game.Picture.deal`)."""

    def build(self, game: Game) -> None:
        """Draw a whole new board."""
        level = game.level
        board = self.board
        board.style.setProperty("--rows", str(level.rows))
        board.style.setProperty("--cols", str(level.cols))
        board.dataset.rows = str(level.rows)
        board.dataset.cols = str(level.cols)
        board.dataset.mines = str(level.mines)
        near_only = level.cells > NEAR_ONLY_ABOVE
        board.dataset.drawn = "near" if near_only else "all"
        board.innerHTML = empty_rows_html(level.rows) if near_only else board_html(game)
        self.drawn = bytearray(game.tiles)  # a near-only board's rows: drawn when filled
        self.highlights.clear()
        if self.marks.shown or self.marks.wanted:  # chances off: nothing marked to clear
            self.marks.clear()
        self.stale = set()
        self.near = None
        if near_only:
            self.near = NearRows(
                board, self.window, self.stale, self._forget_rows, self._ask_to_draw
            )
            if self._watch is None:
                self._watch = self._make_watch(self.window, self.rows_moved, self.fit_columns)
            self._watch.watch(board)  # it says which rows are near after the next layout
        elif self._watch is not None:
            self._watch.stop()

    def rows_moved(self, came: list[int], left: list[int]) -> None:
        """The watch's word that rows came near or left (:meth:`NearRows.rows_moved`)."""
        if self.near is not None:
            self.near.rows_moved(came, left)

    def fit_columns(self) -> None:
        """The watch's word that the frame scrolled (:meth:`NearRows.fit_columns`)."""
        if self.near is not None:
            self.near.fit_columns()

    def _ask_to_draw(self) -> None:
        if self.stale and self.on_stale is not None:
            self.on_stale()

    def _held_of(self, game: Game) -> Callable[[int], Any]:
        cols = game.level.cols
        return lambda cell: self._held(cell, cols)

    def _held(self, cell: int, cols: int) -> Any:
        """The element of ``cell``, or None where its row holds no element for it."""
        if self.near is not None:
            return self.near.element(cell, cols)
        row, col = divmod(cell, cols)
        return self.board.children.item(row).children.item(col)

    def cells(self, game: Game) -> None:
        """Draw the difference between what the board shows (:attr:`drawn`) and ``game``'s
        tiles, as Simon Tatham's ``game_redraw`` compares its drawstate with the new state:
        whatever call brought ``game`` (a move, an undo, a resume), no cell stays stale.
        Rows whose difference is too big to draw now are marked :attr:`stale` for
        :meth:`draw_stale`; rows that hold no cells (far from the window of a huge board)
        are drawn from the game when they are filled.

        Rows are compared as bytes, in C, and cells only in the rows that differ: an expert
        click compares 16 rows and the few cells of the two or three it changed."""
        tiles, drawn = game.tiles, self.drawn
        if drawn == tiles:  # nothing differs: a call with no effect draws nothing
            return
        cols, stale, near = game.level.cols, self.stale, self.near
        dirty: list[int] = []
        for row in range(game.level.rows):
            start, end = row * cols, (row + 1) * cols
            if drawn[start:end] == tiles[start:end] or row in stale:
                continue  # a stale row is drawn from the game as it is then
            if near is not None and row not in near.filled:
                drawn[start:end] = tiles[start:end]  # drawn from the game when filled
                continue
            dirty.append(row)
        if len(dirty) * cols > DRAW_AT_ONCE:
            stale.update(dirty)
            return
        rows = self.board.children
        for row in dirty:
            start = row * cols
            changed = [c for c in range(start, start + cols) if drawn[c] != tiles[c]]
            if len(changed) > max(ROW_REWRITE, cols // 4):
                self._rewrite(game, [row])
                continue
            unpress = self.highlights.tiles_changed(changed)
            if near is not None:  # a huge board's row holds some columns
                for cell in changed:
                    element = self._held(cell, cols)
                    if element is not None:
                        self._patch(element, tiles[cell], cell in unpress)
                    drawn[cell] = tiles[cell]  # a column not held is drawn when it is
                continue
            row_element = rows.item(row)
            for cell in changed:
                self._patch(row_element.children.item(cell % cols), tiles[cell], cell in unpress)
                drawn[cell] = tiles[cell]

    def draw_stale(self, game: Game) -> None:
        """Draw a slice of the stale rows from ``game`` (the game as it is now), the rows in
        sight first (:func:`web.board.rows.next_rows`)."""
        if not self.stale:
            return
        box, frame = boxes(self.board)
        sight = rows_in_sight(
            board_top=box.top,
            board_height=box.height,
            rows=game.level.rows,
            frame_top=frame.top,
            frame_bottom=frame.bottom,
            window_height=float(self.window.innerHeight),
        )
        self._rewrite(game, next_rows(self.stale, sight))

    def _rewrite(self, game: Game, rows: list[int]) -> None:
        """Draw each row's cells anew from ``game``. The row element stays: a new one costs
        Chromium some 170 ms in its next frame on a 300x300 board, whatever its place
        (``content-visibility: auto`` works out again whether it is in sight)."""
        children, near = self.board.children, self.near
        cols, tiles, drawn = game.level.cols, game.tiles, self.drawn
        for row in rows:
            drawn[row * cols : (row + 1) * cols] = tiles[row * cols : (row + 1) * cols]
            # a huge board's rows hold the columns near the window, after a padding
            columns = None if near is None else near.fill(row)
            children.item(row).innerHTML = row_html(game, row, columns)
        self.stale.difference_update(rows)
        self._forget_rows(rows, game.level.cols)
        if near is not None:  # rows filled as they come near: their chances too
            self.marks.mark_rows(rows, game.level.cols, self._held_of(game))

    def _forget_rows(self, rows: Iterable[int], cols: int) -> None:
        """Rewritten rows are new elements: nothing pressed or marked on them; the
        keyboard's cursor and the hint button's cell are drawn on them again."""
        gone = set(rows)
        if self.marks.shown:
            self.marks.forget_rows(gone, cols)
        self.highlights.rows_written(gone, cols)

    def _hold_around(self, game: Game, cell: int) -> None:
        """Fill ``cell``'s row now, with the columns around ``cell`` (a huge board's)."""
        assert self.near is not None  # every row holds every cell of a smaller board
        cols = game.level.cols
        self.near.hold_column(cell % cols, cols)
        self._rewrite(game, [cell // cols])
        self._ask_to_draw()

    def announce(self, text: str) -> None:
        """Tell a screen reader what the cursor is on, or what just happened."""
        self.announcer.textContent = text

    def _patch(self, element: Any, tile: int, unpress: bool) -> None:
        state, value, text = tile_parts(tile)
        dataset = element.dataset
        dataset.state = state
        if value is None:
            element.removeAttribute("data-value")
        else:
            dataset.value = str(value)
        element.textContent = text
        if unpress:
            element.classList.remove(ids.PRESSED_CLASS)

    def overlay(self, game: Game, overlay: Overlay | None) -> None:
        """Mine chances over the covered cells (None hides them): :class:`ChanceMarks`;
        none to draw and none drawn, nothing to do (chances off, a click reaches no mark)."""
        if overlay is not None or self.marks.on:
            self.marks.draw(overlay, self._held_of(game))

    @property
    def hinted(self) -> dict[int, tuple[int, str]]:
        """The chance and class each marked cell shows now."""
        return self.marks.shown

    def status(self, status: Status) -> None:
        """The game's status on the board: ``data-status``, and the class of a finished game."""
        self.board.dataset.status = status.value
        self.board.classList.toggle(ids.OVER_CLASS, status.is_over)

    def close(self) -> None:
        if self._watch is not None:
            self._watch.close()

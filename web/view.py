"""Draws a game into the page: the board, the pressed preview, the LEDs and the face.

The view never decides anything: it is told which cells changed and redraws
exactly those, patching a cell in place when few cells of its row changed and
rewriting the row's HTML in one call when many did (a flood).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pyscript.ffi import to_js

from engine import Game, Status
from engine import tiles as t
from web import ids
from web.gestures import Preview
from web.render import board_html, led_html, row_html, tile_parts
from web.spoken import FACE_LABELS, mines_left_label, seconds_label

if TYPE_CHECKING:  # the solver loads on first use (see play.session)
    from play.assist import Overlay

ROW_REWRITE = 4
"""Above this many changed cells in a row, one innerHTML of the row beats patching each."""
FLOOD = 256
"""Above this many changed cells, rows are compared whole instead of grouping cells."""

FACES = {Status.WON: "cool", Status.LOST: "dead"}


class View:
    def __init__(self, document: Any) -> None:
        self.board = document.getElementById(ids.BOARD)
        self.counter = document.getElementById(ids.MINE_COUNTER)
        self.timer = document.getElementById(ids.TIMER)
        self.face = document.getElementById(ids.FACE)
        self.message = document.getElementById(ids.MESSAGE)
        self.stats = document.getElementById(ids.STATS)
        self.pressed: set[int] = set()
        self.hinted: dict[int, tuple[int, str]] = {}
        """The chance and class each hinted cell shows now."""
        self.best_cell: int | None = None
        self.focus_cell: int | None = None
        self.announcer = document.getElementById(ids.ANNOUNCE)
        self.result_announcer = document.getElementById(ids.RESULT_ANNOUNCE)
        # What the page shows now, so that each event writes only what changed.
        self._shown: dict[str, object] = {}

    def build(self, game: Game) -> None:
        """Draw a whole new board."""
        level = game.level
        board = self.board
        board.style.setProperty("--rows", str(level.rows))
        board.style.setProperty("--cols", str(level.cols))
        board.dataset.rows = str(level.rows)
        board.dataset.cols = str(level.cols)
        board.dataset.mines = str(level.mines)
        board.innerHTML = board_html(game)
        # Every cell is a new element, and the old board's cell numbers mean nothing on
        # this one (a smaller board has fewer): forget all of them.
        self.focus_cell = None
        self.best_cell = None
        self.pressed = set()
        self.hinted = {}
        self._shown.pop("status", None)
        self.status(game, pressing=False)
        self.mines_left(game)
        self.results(None)

    def cells(self, before: Game, game: Game, changed: tuple[int, ...]) -> None:
        """Redraw the cells whose tiles changed from ``before`` to ``game``."""
        cols, rows = game.level.cols, self.board.children
        self.pressed.difference_update(changed)
        if len(changed) > FLOOD:
            # Find the rows that changed by comparing bytes, in C, not cell by cell.
            old, new = before.tiles, game.tiles
            spans = [(row * cols, (row + 1) * cols) for row in range(game.level.rows)]
            dirty = [row for row, (a, b) in enumerate(spans) if old[a:b] != new[a:b]]
            if len(dirty) > game.level.rows // 2:
                # One parse of the whole board beats hundreds of small ones (measured:
                # 100 ms against 170 ms for 300x300 under Pyodide).
                self.board.innerHTML = board_html(game)
                self._forget_rows(range(game.level.rows), cols)
                return
            for row in dirty:
                rows.item(row).innerHTML = row_html(game, row)
            self._forget_rows(dirty, cols)
            return
        by_row: dict[int, list[int]] = {}
        for cell in changed:
            by_row.setdefault(cell // cols, []).append(cell)
        for row, cells in by_row.items():
            row_element = rows.item(row)
            if len(cells) > ROW_REWRITE:
                row_element.innerHTML = row_html(game, row)
                self._forget_rows([row], cols)
                continue
            for cell in cells:
                self._patch(row_element.children.item(cell % cols), game.tiles[cell])

    def _forget_rows(self, rows: Iterable[int], cols: int) -> None:
        """Rewritten rows are new elements: nothing pressed, hinted or highlighted on them."""
        gone = set(rows)
        self.pressed = {c for c in self.pressed if c // cols not in gone}
        self.hinted = {c: shown for c, shown in self.hinted.items() if c // cols not in gone}
        if self.best_cell is not None and self.best_cell // cols in gone:
            self.best_cell = None
        if self.focus_cell is not None and self.focus_cell // cols in gone:
            self._cell(self.focus_cell, cols).classList.add(ids.FOCUS_CLASS)

    def _cell(self, cell: int, cols: int) -> Any:
        return self.board.children.item(cell // cols).children.item(cell % cols)

    def focus(self, game: Game, cell: int | None) -> None:
        """Draw the keyboard cursor on ``cell`` (None hides it)."""
        cols = game.level.cols
        if self.focus_cell is not None and self.focus_cell < game.level.cells:
            self._cell(self.focus_cell, cols).classList.remove(ids.FOCUS_CLASS)
        if cell is not None:
            element = self._cell(cell, cols)
            element.classList.add(ids.FOCUS_CLASS)
            element.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}))
        self.focus_cell = cell

    def announce(self, text: str) -> None:
        """Tell a screen reader what the cursor is on, or what just happened."""
        self.announcer.textContent = text

    def _patch(self, element: Any, tile: int) -> None:
        state, value, text = tile_parts(tile)
        dataset = element.dataset
        dataset.state = state
        if value is None:
            element.removeAttribute("data-value")
        else:
            dataset.value = str(value)
        element.textContent = text
        element.classList.remove(ids.PRESSED_CLASS)

    def preview(self, game: Game, preview: Preview | None) -> None:
        """Show the held button's cell (or 3x3 block) pressed; only covered cells press."""
        wanted: set[int] = set()
        if preview is not None and not game.status.is_over:
            cell = game.grid.index(*preview.spot)
            around = game.grid.block(cell) if preview.block else [cell]
            wanted = {c for c in around if game.tiles[c] in (t.COVERED, t.QUESTIONED)}
        if wanted == self.pressed:
            return
        cols, rows = game.level.cols, self.board.children
        for cell, on in [(c, False) for c in self.pressed - wanted] + [
            (c, True) for c in wanted - self.pressed
        ]:
            element = rows.item(cell // cols).children.item(cell % cols)
            element.classList.toggle(ids.PRESSED_CLASS, on)
        self.pressed = wanted

    def _changed(self, key: str, value: object) -> bool:
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        return True

    def overlay(self, game: Game, overlay: Overlay | None) -> None:
        """Mine chances over the covered cells (None hides them).

        Only cells next to a number get their own ``data-hint``; the rest share one
        value through a CSS variable, so a huge board costs one write, not thousands.
        Cells written last time and not now are cleared; cells of rewritten rows lost
        their attributes with the old elements and are simply forgotten.
        """
        self.board.classList.toggle(ids.SHOW_HINTS_CLASS, overlay is not None)
        self.board.classList.toggle(ids.ESTIMATED_CLASS, overlay is not None and not overlay.exact)
        wanted: dict[int, tuple[int, str]] = {}
        if overlay is not None:
            for cell, chance in overlay.cells.items():
                kind = (
                    ids.HINT_SAFE_CLASS
                    if cell in overlay.safe
                    else ids.HINT_MINE_CLASS
                    if cell in overlay.mines
                    else ""
                )
                wanted[cell] = (chance, kind)
            shared = "none" if overlay.interior is None else f'"{overlay.interior}"'
            self.board.style.setProperty("--interior-hint", shared)
        cols, rows = game.level.cols, self.board.children
        for cell in [c for c in self.hinted if c not in wanted]:
            element = rows.item(cell // cols).children.item(cell % cols)
            element.removeAttribute("data-hint")
            element.classList.remove(ids.HINT_SAFE_CLASS, ids.HINT_MINE_CLASS)
            del self.hinted[cell]
        for cell, (chance, kind) in wanted.items():
            if self.hinted.get(cell) == (chance, kind):
                continue
            element = rows.item(cell // cols).children.item(cell % cols)
            element.setAttribute("data-hint", str(chance))
            element.classList.remove(ids.HINT_SAFE_CLASS, ids.HINT_MINE_CLASS)
            if kind:
                element.classList.add(kind)
            self.hinted[cell] = (chance, kind)

    def best(self, game: Game, cell: int | None) -> None:
        """Highlight the hint button's cell (None clears it)."""
        cols, rows = game.level.cols, self.board.children
        if self.best_cell is not None and self.best_cell != cell:
            old = rows.item(self.best_cell // cols)
            if old is not None and old.children.item(self.best_cell % cols) is not None:
                old.children.item(self.best_cell % cols).classList.remove(ids.HINT_BEST_CLASS)
        if cell is not None:
            rows.item(cell // cols).children.item(cell % cols).classList.add(ids.HINT_BEST_CLASS)
        self.best_cell = cell

    def status(self, game: Game, pressing: bool) -> None:
        if self._changed("status", game.status):
            self.board.dataset.status = game.status.value
        face = FACES.get(game.status, "surprise" if pressing else "smile")
        if self._changed("face", face):
            self.face.dataset.face = face
        label = FACE_LABELS.get(game.status, "New game")
        if self._changed("face-label", label):
            self.face.setAttribute("aria-label", label)

    def mines_left(self, game: Game) -> None:
        if self._changed("mines", game.mines_left):
            self.counter.innerHTML = led_html(game.mines_left)
            self.counter.setAttribute("aria-label", mines_left_label(game.mines_left))

    def time(self, seconds: int) -> None:
        if self._changed("time", seconds):
            self.timer.innerHTML = led_html(seconds)
            self.timer.setAttribute("aria-label", seconds_label(min(seconds, 999)))

    def notice(self, text: str | None) -> None:
        """The line for the player above the board; None empties it (its place stays,
        so the board never moves)."""
        if self._changed("notice", text):
            self.message.textContent = text or ""
            self.message.classList.toggle("empty", text is None)

    def results(self, html: str | None) -> None:
        """The finished game's figures under the board; None hides them."""
        if self._changed("results", html):
            self.stats.innerHTML = html or ""
            self.stats.hidden = html is None
            # The same words in a polite live region, read however the game ended.
            words = str(self.stats.textContent).replace(" · ", ", ")
            self.result_announcer.textContent = words

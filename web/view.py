"""Draws a game into the page: the board, the pressed preview, the LEDs and the face.

The view never decides anything: it is told which cells changed and redraws
exactly those, patching a cell in place when few cells of its row changed and
rewriting the row's HTML in one call when many did (a flood).
"""

from __future__ import annotations

from typing import Any

from engine import Game, Status
from engine import tiles as t
from web import ids
from web.gestures import Preview
from web.render import board_html, led_html, row_html, tile_parts

ROW_REWRITE = 4
"""Above this many changed cells in a row, one innerHTML of the row beats patching each."""

FACES = {Status.WON: "cool", Status.LOST: "dead"}


class View:
    def __init__(self, document: Any) -> None:
        self.document = document
        self.board = document.getElementById(ids.BOARD)
        self.counter = document.getElementById(ids.MINE_COUNTER)
        self.timer = document.getElementById(ids.TIMER)
        self.face = document.getElementById(ids.FACE)
        self.message = document.getElementById(ids.MESSAGE)
        self.stats = document.getElementById(ids.STATS)
        self.pressed: set[int] = set()
        self._shown_time: int | None = None

    def build(self, game: Game) -> None:
        """Draw a whole new board."""
        level = game.level
        board = self.board
        board.style.setProperty("--rows", str(level.rows))
        board.style.setProperty("--cols", str(level.cols))
        board.dataset.rows = str(level.rows)
        board.dataset.cols = str(level.cols)
        board.dataset.mines = str(level.mines)
        board.setAttribute("aria-rowcount", str(level.rows))
        board.setAttribute("aria-colcount", str(level.cols))
        board.innerHTML = board_html(game)
        self.pressed.clear()
        self.status(game, pressing=False)
        self.mines_left(game)
        self.stats.hidden = True

    def cells(self, game: Game, changed: tuple[int, ...]) -> None:
        """Redraw the cells whose tiles changed."""
        cols = game.level.cols
        by_row: dict[int, list[int]] = {}
        for cell in changed:
            by_row.setdefault(cell // cols, []).append(cell)
            self.pressed.discard(cell)
        rows = self.board.children
        for row, cells in by_row.items():
            row_element = rows.item(row)
            if len(cells) > ROW_REWRITE:
                row_element.innerHTML = row_html(game, row)
                continue
            for cell in cells:
                self._patch(row_element.children.item(cell % cols), game.tiles[cell])

    def _patch(self, element: Any, tile: int) -> None:
        state, value, text, label = tile_parts(tile)
        dataset = element.dataset
        dataset.state = state
        if value is None:
            element.removeAttribute("data-value")
        else:
            dataset.value = str(value)
        element.textContent = text
        element.setAttribute("aria-label", label)
        element.classList.remove(ids.PRESSED_CLASS)

    def preview(self, game: Game, preview: Preview | None) -> None:
        """Show the held button's cell (or 3x3 block) pressed; only covered cells press."""
        wanted: set[int] = set()
        if preview is not None and not game.status.is_over:
            around = game.grid.block(preview.cell) if preview.block else [preview.cell]
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

    def status(self, game: Game, pressing: bool) -> None:
        self.board.dataset.status = game.status.value
        face = FACES.get(game.status, "surprise" if pressing else "smile")
        if self.face.dataset.face != face:
            self.face.dataset.face = face

    def mines_left(self, game: Game) -> None:
        self.counter.innerHTML = led_html(game.mines_left)

    def time(self, seconds: int) -> None:
        if seconds != self._shown_time:
            self._shown_time = seconds
            self.timer.innerHTML = led_html(seconds)

    def notice(self, text: str | None) -> None:
        """A line for the player above the board; None hides it."""
        self.message.hidden = text is None
        self.message.textContent = text or ""

    def results(self, html: str) -> None:
        self.stats.innerHTML = html
        self.stats.hidden = False

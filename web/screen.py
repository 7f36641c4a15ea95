"""The page's picture of the session: after every session call, draw what it reports.

Input adapters (pointer, keys, controls) call the session through :meth:`Screen.play`
or change it directly and then call :meth:`Screen.redraw`; this module turns the
session's state into :class:`web.view.View` calls and runs the two background
tasks the picture needs: the timer LED and the chances overlay.
"""

from __future__ import annotations

import asyncio

from engine import Move
from play import Input, Session, Update
from web.gestures import Preview
from web.keyboard import Keyboard
from web.render import result_html
from web.view import View

SLOW_BOARD = 250_000
"""Cells above which the page warns that drawing takes seconds."""
SEARCH_PAINT_S = 0.03
"""How long a no-guess search waits, so "Finding a board…" paints before Python is busy."""


class Screen:
    def __init__(self, session: Session, view: View) -> None:
        self.session = session
        self.view = view
        self.cursor = Keyboard(session.game.grid)
        self._timer: asyncio.Task[None] | None = None
        self._overlay: asyncio.Task[None] | None = None

    # --- what changes the picture ---------------------------------------------------

    def new_board(self) -> None:
        """The session has a new game: draw it whole."""
        game = self.session.game
        self.view.build(game)
        grid = game.grid
        self.cursor = Keyboard(grid, grid.index(grid.rows // 2, grid.cols // 2))
        if self.view.board.matches(":focus-visible"):
            self.view.focus(game, self.cursor.cursor)
        if game.level.cells > SLOW_BOARD:
            # Measured: a 1000x1000 board takes about 10 s to draw and 4 s per big reveal.
            self.session.say(
                f"A board of {game.level.cells:,} cells takes a few seconds to draw in a browser."
            )
        self.redraw()

    def play(self, move: Move, via: Input) -> None:
        """Play ``move`` and draw it; a no-guess search first lets its notice paint."""
        if self.session.deals_search(move, via):
            self.redraw()
            asyncio.get_running_loop().call_later(SEARCH_PAINT_S, self._play_now, move, via)
            return
        self._play_now(move, via)

    def _play_now(self, move: Move, via: Input) -> None:
        if self.session.game.status.is_over:
            return  # the player started over while the search notice was painting
        self.moved(self.session.play(move, via))

    def moved(self, update: Update) -> None:
        if update.changed:
            self.view.cells(update.before, update.game, update.changed)
        self.view.best(update.game, None)
        self.redraw()

    def redraw(self) -> None:
        """Everything but the cells: counter, face, timer, notice, results, chances."""
        session = self.session
        game = session.game
        self.view.mines_left(game)
        self.view.status(game, pressing=bool(self.view.pressed))
        notice = session.notice
        self.view.notice(None if notice is None else notice.text)
        result = session.result
        self.view.results(None if result is None else result_html(result))
        self._restart_timer()
        self._refresh_overlay()

    def pointer(self, preview: Preview | None) -> None:
        """The cell (or block) a held button or finger presses."""
        game = self.session.game
        self.view.preview(game, preview)
        self.view.status(game, pressing=preview is not None)

    def show_hint(self) -> None:
        found = self.session.hint()
        self.view.best(self.session.game, None if found is None else found.cell)
        self.redraw()

    def error(self, text: str) -> None:
        self.session.say(text)
        self.view.notice(text)

    # --- the timer -------------------------------------------------------------------

    def _restart_timer(self) -> None:
        """Draw the timer now and keep a task redrawing it while the clock runs."""
        self.view.time(self.session.display_seconds())
        running = self.session.clock_running
        if running and self._timer is None:
            self._timer = asyncio.create_task(self._tick())
        elif not running and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _tick(self) -> None:
        session = self.session
        while session.clock_running:
            self.view.time(session.display_seconds())
            # Sleep to the next whole second of the game, not for one second: no drift.
            await asyncio.sleep(session.until_next_tick() + 0.002)
        self._timer = None

    # --- the chances overlay -----------------------------------------------------------

    def _refresh_overlay(self) -> None:
        """Redraw the chances soon after the move is drawn, so the click stays fast.

        A newer request cancels an older one, so a stale overlay is never drawn."""
        if self._overlay is not None:
            self._overlay.cancel()
        self._overlay = asyncio.create_task(self._draw_overlay())

    async def _draw_overlay(self) -> None:
        await asyncio.sleep(0)
        game = self.session.game
        self.view.overlay(game, self.session.overlay())

    def close(self) -> None:
        for task in (self._timer, self._overlay):
            if task is not None:
                task.cancel()
